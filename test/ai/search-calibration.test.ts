// Root answers start from easy's scores (ismcts.ts PRIOR_VISITS), but random playouts score on their own scale: in
// NOVA a playout's end scored 0.044 below easy's look-ahead on average, more than one decision's answers differ, so an
// answer lost its head start as soon as it was tried and the iterations went to the answers not yet tried (normal
// agreed with easy at 48 of 64 positions, and chose close to at random among easy's best). The priors now move by the
// leaves' mean offset from them, so a leaf scale shifted by a constant changes nothing the search does.
import { describe, expect, it } from 'vitest';
import { candidates } from '../../src/ai/candidates.ts';
import { EASY_LIMITS, greedyScores } from '../../src/ai/greedy.ts';
import { searchAnswer } from '../../src/ai/ismcts.ts';
import { type AiGame, aiGame, turnOf } from '../../src/ai/world.ts';
import { GAMES } from '../../src/engine/registry.ts';
import { easyGameUntil } from './easy-positions.ts';

const def = GAMES.playable('nova');
const g: AiGame = aiGame(def);

/** A main-phase priority of an easy-against-easy NOVA game with several answers (turn 3 on). */
const midGame = () =>
  easyGameUntil(def, g, 'calibration', 600, (s, p) =>
    p.role === 'priority' && turnOf(g, s) >= 3 && candidates(p).length > 3 ? { s, p } : undefined,
  );

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
