// A custom damage split (CR 510.1c-d) asked of a player whose turn timer runs out must have a legal default: the bot
// answers a timeout with the decision's `defaultOnTimeout`, and an illegal one would be refused, stalling the match.
import { describe, expect, it } from 'vitest';
import { timeoutResponse, validateAnswer } from '../../src/engine/core/decision.ts';
import type { BaseState, PendingDecision } from '../../src/engine/core/game.ts';
import { seedRng } from '../../src/engine/core/rng.ts';
import { randomResponse } from '../../src/engine/fuzz/random-play.ts';
import { GAMES } from '../../src/engine/registry.ts';

/** Random MTG games until one asks for a custom split; the state and the decision. */
function firstSplit(): { state: BaseState; pending: PendingDecision } | null {
  const definition = GAMES.find('mtg');
  const play = definition?.play;
  if (!play) throw new Error('MTG has no engine');
  const game = play.module;
  const [a, b] = play.fuzzDecks();
  if (!a || !b) throw new Error('no MTG fuzz decks');
  for (let g = 0; g < 60; g++) {
    let s = game.setup({ game: 'mtg', decks: { p1: a, p2: b } }, `split-${g}`);
    let rng = seedRng(`r${g}`);
    for (let n = 0; !s.result && n < 5000; n++) {
      const p = game.pending(s);
      if (!p) break;
      if (p.kind === 'assign-split') return { state: s, pending: p };
      const [r, next] = randomResponse(p, rng, 0.7);
      rng = next;
      s = game.apply(s, p.player, r);
    }
  }
  return null;
}

describe('MTG custom damage split', () => {
  it('times out to a legal split: all the damage to the first in the damage assignment order (CR 510.1c)', () => {
    const found = firstSplit();
    expect(found, 'no random game reached a custom split').not.toBeNull();
    if (!found) return;
    const { state, pending } = found;
    expect(pending.shape).toBe('distribute');
    const response = timeoutResponse(pending);
    expect(() => validateAnswer(pending, pending.player, response)).not.toThrow();
    const game = GAMES.find('mtg')?.play?.module;
    expect(() => game?.apply(state, pending.player, response)).not.toThrow();
  }, 120_000);
});
