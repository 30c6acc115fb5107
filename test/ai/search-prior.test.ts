// Search starts from easy's look-ahead (ismcts.ts PRIOR_VISITS) and explores in units of the rewards' own spread
// (EXPLORATION). Before, on a small budget, search spread its iterations all but evenly (the answers of one decision
// differ by a few hundredths of a reward) and took close to a random answer: PMV normal lost to easy, 5 of 12.
import { describe, expect, it } from 'vitest';
import { answerKey, defaultAnswer } from '../../src/ai/candidates.ts';
import { greedyAnswer, greedyScores } from '../../src/ai/greedy.ts';
import { searchAnswer } from '../../src/ai/ismcts.ts';
import { type AiGame, aiGame } from '../../src/ai/world.ts';
import type { BaseState, PendingDecision } from '../../src/engine/core/game.ts';
import { GAMES } from '../../src/engine/registry.ts';
import { easyGameUntil } from './easy-positions.ts';

const def = GAMES.playable('pmv');
const g: AiGame = aiGame(def);

/** The first main-phase position of an easy-against-easy PMV game where easy does not take the default (pass). */
const positionWhereEasyActs = (): { s: BaseState; p: PendingDecision; easyKey: string } =>
  easyGameUntil(def, g, 'prior', 400, (s, p, easy) => {
    const answer = easy();
    const easyKey = answerKey(p, answer.response);
    return answer.how === 'heuristic' &&
      p.role === 'priority' &&
      easyKey !== answerKey(p, defaultAnswer(p)) &&
      // the default is the first answer the walk would try: easy's must be another, or this guards nothing
      greedyScores(g, s, p).filter((c) => c.score !== null).length > 2
      ? { s, p, easyKey }
      : undefined;
  });

describe('search starts from easy', () => {
  const { s, p, easyKey } = positionWhereEasyActs();

  it("plays easy's answer when it has had no time to find a better one", () => {
    expect(answerKey(p, greedyAnswer(g, s, p))).toBe(easyKey);
    const report = searchAnswer(g, s, p, p.player, 'prior', { iterations: 1, playoutDepth: 10 });
    expect(answerKey(p, report.answer)).toBe(easyKey);
  });

  it("gives easy's look-ahead at most half of a time budget", () => {
    // A clock that has used the whole budget by its second reading: no answer gets easy's score, one iteration runs.
    let reads = 0;
    const clock = () => (reads++ === 0 ? 0 : 1_000);
    const report = searchAnswer(g, s, p, p.player, 'prior', { iterations: 50, millis: 100, playoutDepth: 10 }, clock);
    expect(report.iterations).toBe(1);
    // With easy's scores counted (4 visits each for every answer it scored), the visits would add up to far more.
    expect(Object.values(report.visits).reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('spends its iterations on the answers that score best, not evenly', () => {
    const report = searchAnswer(g, s, p, p.player, 'prior', { iterations: 40, playoutDepth: 6 });
    const ranked = Object.entries(report.visits).sort(([, a], [, b]) => b - a);
    const [top] = ranked;
    const bottom = ranked[ranked.length - 1];
    if (!top || !bottom) throw new Error('no branches');
    // With UCB's constant fixed at 0.9 for rewards that differ by hundredths, the counts came out within one or two
    // of each other; scaled to the rewards' spread, the best answer takes several times the worst one's visits.
    expect(top[1]).toBeGreaterThanOrEqual(3 * bottom[1]);
    expect(report.means[top[0]]).toBeGreaterThanOrEqual(report.means[bottom[0]] ?? 0);
  });
});
