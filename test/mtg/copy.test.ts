/** Copy effects (CR 706): a token that's a copy of a creature. */
import { describe, expect, it } from 'vitest';
import {
  addCounters,
  cardOfObject,
  controllerOf,
  type MtgState,
  objectOf,
  powerOf,
  toughnessOf,
} from '../../src/engine/games/mtg/state.ts';
import { choose, duel, put } from './helpers.ts';

const passBoth = (s: MtgState) => choose(choose(s, 'pass'), 'pass');

function castEcho(s: MtgState, of: string): { s: MtgState; token: string } {
  for (let i = 0; i < 4; i++) put(s, 'p1', 'island', 'battlefield');
  const echo = put(s, 'p1', 'mirrorpool-echo', 'hand');
  let out = choose(s, `cast:${echo}`);
  out = choose(out, `obj:${of}`);
  out = choose(out, 'auto');
  out = passBoth(out);
  const token = out.battlefield.find((id) => objectOf(out, id).token && id !== of);
  if (!token) throw new Error('no token');
  return { s: out, token };
}

describe('a token that is a copy (706.2, 706.2b, 706.3, 110.5)', () => {
  it('copies the printed values (name, P/T, abilities) but not counters or until-end-of-turn changes', () => {
    const s0 = duel(['mirrorpool-echo', 'slagpit-ogre']);
    const ogre = put(s0, 'p1', 'slagpit-ogre', 'battlefield');
    addCounters(s0, ogre, '+1/+1', 2);
    const { s, token } = castEcho(s0, ogre);
    expect(cardOfObject(s, token).id).toBe('slagpit-ogre');
    expect([powerOf(s, token), toughnessOf(s, token)]).toEqual([4, 3]);
    expect(powerOf(s, ogre)).toBe(6);
    expect(controllerOf(s, token)).toBe('p1');
    expect(objectOf(s, token).token).toBe(true);
    // CR 706.2b: a later change to the original does not reach the copy.
    addCounters(s, ogre, '+1/+1', 1);
    expect(powerOf(s, token)).toBe(4);
  });

  it('704.5d: the copy is a token: bounced, it ceases to exist', () => {
    const s0 = duel(['mirrorpool-echo', 'slagpit-ogre', 'ebbing-return']);
    const ogre = put(s0, 'p1', 'slagpit-ogre', 'battlefield');
    const { s, token } = castEcho(s0, ogre);
    put(s, 'p1', 'island', 'battlefield');
    put(s, 'p1', 'island', 'battlefield');
    const bounce = put(s, 'p1', 'ebbing-return', 'hand');
    let t = choose(s, `cast:${bounce}`);
    t = choose(t, `obj:${token}`);
    t = choose(t, 'auto');
    t = passBoth(t);
    expect(t.objects[token]).toBeUndefined();
    expect(t.players.p1.hand).not.toContain(token);
  });
});
