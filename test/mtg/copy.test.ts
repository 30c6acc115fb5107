/** Copy effects (CR 706): a token that's a copy of a creature. */
import { describe, expect, it } from 'vitest';
import { mtgPlay } from '../../src/engine/games/mtg/definition.ts';
import { mtg } from '../../src/engine/games/mtg/index.ts';
import {
  addCounters,
  cardOfObject,
  controllerOf,
  type MtgState,
  objectOf,
  powerOf,
  toughnessOf,
} from '../../src/engine/games/mtg/state.ts';
import { choose, duel, optionIds, pendingOf, put, respond } from './helpers.ts';

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

describe('entering as a copy (706.5, 706.6, 614.1c)', () => {
  function castShapeshifter(s: MtgState): { s: MtgState; clone: string } {
    for (let i = 0; i < 4; i++) put(s, 'p1', 'island', 'battlefield');
    const clone = put(s, 'p1', 'mirrorkin-shapeshifter', 'hand');
    return { s: passBoth(choose(choose(s, `cast:${clone}`), 'auto')), clone };
  }

  it('offers every creature on the battlefield of either player and enters as the copy', () => {
    const s0 = duel(['mirrorkin-shapeshifter'], ['slagpit-ogre']);
    const ogre = put(s0, 'p2', 'slagpit-ogre', 'battlefield');
    const { s, clone } = castShapeshifter(s0);
    expect(optionIds(s)).toEqual([`copy:${ogre}`, 'no-copy']);
    const t = choose(s, `copy:${ogre}`);
    expect(objectOf(t, clone).zone).toBe('battlefield');
    expect(cardOfObject(t, clone).id).toBe('slagpit-ogre');
    expect(objectOf(t, clone).printed).toBe('mirrorkin-shapeshifter');
    expect(controllerOf(t, clone)).toBe('p1');
    // The view shows both names; the table tells the copy apart from the original.
    const view = mtg.view(t, { kind: 'player', seat: 'p2' });
    expect(view.battlefield.find((o) => o.id === clone)).toMatchObject({
      card: 'slagpit-ogre',
      printed: 'mirrorkin-shapeshifter',
    });
    expect(view.battlefield.find((o) => o.id === ogre)?.printed).toBeUndefined();
    for (const [locale, want] of [
      ['en', 'Slagpit Ogre (copy: Mirrorkin Shapeshifter)'],
      ['ja', '鉱滓穴のオーガ (コピー: 鏡族の多相の戦士)'],
    ] as const) {
      const table = mtgPlay.presenter.table(view, { locale, names: { p1: 'Ann', p2: 'Bo' } });
      const names = table.players.p1.areas.flatMap((a) => a.cards.map((c) => ('name' in c ? c.name : '')));
      expect(names).toContain(want);
    }
  });

  it('603.7c, 706.5: exiled and returned by Veilstep Shift, it chooses again as it enters (it is a new object, 400.7)', () => {
    const s0 = duel(['mirrorkin-shapeshifter', 'veilstep-shift', 'dawnbell-herald', 'slagpit-ogre']);
    const ogre = put(s0, 'p1', 'slagpit-ogre', 'battlefield');
    const herald = put(s0, 'p1', 'dawnbell-herald', 'battlefield');
    const cast = castShapeshifter(s0);
    const clone = cast.clone;
    let s = cast.s;
    s = choose(s, `copy:${ogre}`);
    put(s, 'p1', 'plains', 'battlefield');
    const shift = put(s, 'p1', 'veilstep-shift', 'hand');
    s = passBoth(choose(choose(choose(s, `cast:${shift}`), `obj:${clone}`), 'auto'));
    expect(objectOf(s, clone).zone).toBe('exile');
    expect(objectOf(s, clone).card).toBe('mirrorkin-shapeshifter');
    expect(objectOf(s, clone).printed).toBeUndefined();
    for (let i = 0; i < 40 && pendingOf(s).kind !== 'copy-choice'; i++)
      s = pendingOf(s).shape === 'declare' ? respond(s, { declare: {} }) : choose(s, 'pass');
    expect(pendingOf(s)).toMatchObject({ kind: 'copy-choice', player: 'p1' });
    expect(s.turn.step).toBe('end');
    s = choose(s, `copy:${herald}`);
    expect(objectOf(s, clone).zone).toBe('battlefield');
    expect(cardOfObject(s, clone).id).toBe('dawnbell-herald');
    expect(s.triggers.length + s.stack.length).toBeGreaterThan(0); // its enters trigger (706.5)
  });
});
