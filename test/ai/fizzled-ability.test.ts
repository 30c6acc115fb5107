// An action that, once everyone has passed, leaves the game exactly where it was (an ability that fizzles) must not
// be the easy AI's choice: it ties with passing, ties at priority go to acting, and a player without memory that took
// it was asked the same question again and took it again. PMV easy against random (seed s21, game 24) used a
// sleeping Corvin's Transform (§10.28.2.b: it transforms only if active when it resolves) 6,000 decisions in a row:
// the position it came back to differed only in PMV's id counters (next entry, next interference), so the check that
// an action leads back to where it began (world.ts positionKey) missed it.
import { describe, expect, it } from 'vitest';
import { candidates, respond } from '../../src/ai/candidates.ts';
import { greedyAnswer } from '../../src/ai/greedy.ts';
import { aiGame, positionKey } from '../../src/ai/world.ts';
import type { BaseState } from '../../src/engine/core/game.ts';
import { moveObject } from '../../src/engine/games/pmv/state.ts';
import { GAMES } from '../../src/engine/registry.ts';
import { duel, put } from '../pmv/helpers.ts';

const g = aiGame(GAMES.playable('pmv'));
const CORVIN = 'corvin-ashdown-storm-tengu';

/** Uses the Transform and passes twice: the ability resolves and fizzles, p1 is asked again. */
function fizzle(s: BaseState, transform: string): BaseState {
  const p = g.module.pending(s);
  if (!p) throw new Error('nothing pending');
  let t = g.module.apply(s, p.player, respond(p.id, { choose: [transform] }));
  for (let i = 0; i < 2; i++) {
    const q = g.module.pending(t);
    if (!q) throw new Error('nothing pending');
    t = g.module.apply(t, q.player, respond(q.id, { choose: ['pass'] }));
  }
  return t;
}

/**
 * p1's main phase with a sleeping Corvin (Transform) on the field and nothing else to do but pass, after one fizzled
 * Transform (which also clears what the test set-up left behind).
 */
function sleepingCorvin(): { s: BaseState; transform: string } {
  const s = duel([CORVIN]);
  for (const id of [...s.players.p1.hand]) moveObject(s, id, 'deck');
  const transform = `act:${put(s, 'p1', CORVIN, 'field', false)}:-2`;
  return { s: fizzle(s, transform), transform };
}

describe('easy and an ability that fizzles', () => {
  it('the position offers the Transform, and using it comes back to the same position (else this guards nothing)', () => {
    const { s, transform } = sleepingCorvin();
    const p = g.module.pending(s);
    if (!p || p.shape === 'declare' || p.shape === 'number' || p.shape === 'distribute') throw new Error('no pick');
    expect(p.options.map((o) => o.id)).toEqual(['pass', transform]);
    expect(candidates(p).map((c) => c.key)).toContain(`c:${transform}`);
    expect(positionKey(fizzle(s, transform))).toBe(positionKey(s));
  });

  it('passes instead of using it', () => {
    const { s } = sleepingCorvin();
    const p = g.module.pending(s);
    if (!p) throw new Error('nothing pending');
    expect(greedyAnswer(g, s, p).choose).toEqual(['pass']);
  });
});
