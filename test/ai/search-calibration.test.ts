// Root answers start from easy's scores (ismcts.ts PRIOR_VISITS), but random playouts score on their own scale: in
// NOVA a playout's end scored 0.044 below easy's look-ahead on average, more than one decision's answers differ, so an
// answer lost its head start as soon as it was tried and the iterations went to the answers not yet tried (normal
// agreed with easy at 48 of 64 positions, and chose close to at random among easy's best). The priors now move by the
// leaves' mean offset from them, so a leaf scale shifted by a constant changes nothing the search does.
import { describe, expect, it } from 'vitest';
import { candidates } from '../../src/ai/candidates.ts';
import { EASY_LIMITS, greedyScores } from '../../src/ai/greedy.ts';
import { searchAnswer } from '../../src/ai/ismcts.ts';
import { decide } from '../../src/ai/player.ts';
import { type AiGame, aiGame, turnOf } from '../../src/ai/world.ts';
import type { BaseState, PendingDecision } from '../../src/engine/core/game.ts';
import { preconDeckList } from '../../src/engine/precons.ts';
import { GAMES } from '../../src/engine/registry.ts';

const def = GAMES.playable('nova');
const g: AiGame = aiGame(def);

/** A main-phase priority of an easy-against-easy NOVA game with several answers (turn 3 on). */
function midGame(): { s: BaseState; p: PendingDecision } {
  const precons = def.precons();
  const [x, y] = [precons[0], precons[1 % precons.length]];
  if (!x || !y) throw new Error('NOVA has no precons');
  let s = g.module.setup({ game: 'nova', decks: { p1: preconDeckList(x), p2: preconDeckList(y) } }, 'calibration');
  for (let n = 0; n < 600 && !s.result; n++) {
    const p = g.module.pending(s);
    if (!p) break;
    if (p.role === 'priority' && turnOf(g, s) >= 3 && candidates(p).length > 3) return { s, p };
    const answer = decide({ game: g, state: s, seat: p.player, level: 'easy', seed: `calibration:${n}` });
    s = g.module.apply(s, p.player, answer.response);
  }
  throw new Error('no such position');
}

/**
 * The game with its leaves' scores moved by `shift`: easy's head start (the first `priorCalls` evaluations, what
 * `greedyScores` makes at this position) is scored as before, every evaluation after it `shift` higher.
 */
function leavesShifted(priorCalls: number, shift: number): AiGame {
  let calls = 0;
  return { ...g, evaluate: (s, seat) => g.evaluate(s, seat) + (calls++ < priorCalls ? 0 : shift) };
}

describe("easy's scores moved onto the leaves' scale", () => {
  const { s, p } = midGame();
  let priorCalls = 0;
  greedyScores({ ...g, evaluate: (t, seat) => (priorCalls++, g.evaluate(t, seat)) }, s, p, EASY_LIMITS);

  it('the head start is evaluated first (else the shift below would not fall on the leaves alone)', () => {
    expect(priorCalls).toBeGreaterThanOrEqual(candidates(p).length);
  });

  it('searches the same whatever constant the leaves are scored above or below easy', () => {
    const budget = { iterations: 60, playoutDepth: 20 };
    const reports = [0, -0.125, 0.125].map((shift) =>
      searchAnswer(leavesShifted(priorCalls, shift), s, p, p.player, 'calibration', budget),
    );
    const [base, below, above] = reports;
    expect(below?.visits).toEqual(base?.visits);
    expect(above?.visits).toEqual(base?.visits);
    // Visits spread over several answers: a search that tried only one would pass this test for nothing.
    expect(Object.values(base?.visits ?? {}).filter((v) => v > 4).length).toBeGreaterThan(1);
  });
});
