/** Prevention shields, their order (CR 615, 616.1) and regeneration (701.14), through real casts and combat. */
import { describe, expect, it } from 'vitest';
import { type MtgState, objectOf } from '../../src/engine/games/mtg/state.ts';
import { choose, duel, optionIds, passUntil, pendingOf, put } from './helpers.ts';

const passBoth = (s: MtgState) => choose(choose(s, 'pass'), 'pass');

/** p1 casts a one-target spell from hand, paying automatically. */
function cast(s: MtgState, card: string, target: string): MtgState {
  return choose(choose(choose(s, `cast:${card}`), target), 'auto');
}

/** p2 casts Mending Ward and Sanctuary Veil on its Gatewarden Recruit (p1 passes first, then both resolve). */
function shielded(): { s: MtgState; recruit: string; bolts: string[] } {
  let s = duel(['kiln-bolt', 'kiln-bolt'], ['gatewarden-recruit', 'mending-ward', 'sanctuary-veil']);
  put(s, 'p1', 'mountain', 'battlefield');
  put(s, 'p1', 'mountain', 'battlefield');
  for (let i = 0; i < 3; i++) put(s, 'p2', 'plains', 'battlefield');
  const recruit = put(s, 'p2', 'gatewarden-recruit', 'battlefield');
  const ward = put(s, 'p2', 'mending-ward', 'hand');
  const veil = put(s, 'p2', 'sanctuary-veil', 'hand');
  const bolts = [put(s, 'p1', 'kiln-bolt', 'hand'), put(s, 'p1', 'kiln-bolt', 'hand')];
  s = choose(s, 'pass');
  s = choose(choose(choose(s, `cast:${ward}`), `obj:${recruit}`), 'auto');
  s = passBoth(s);
  s = choose(s, 'pass');
  s = choose(choose(choose(s, `cast:${veil}`), `obj:${recruit}`), 'auto');
  s = passBoth(s);
  return { s, recruit, bolts };
}

const wardLeft = (s: MtgState) =>
  (s.shields ?? []).flatMap((x) => (x.kind === 'prevent' && x.card === 'mending-ward' ? [x.amount] : []));

describe("616.1: the affected creature's controller orders prevention effects", () => {
  it('choosing "prevent all" first keeps the 3-point shield whole', () => {
    let { s, recruit, bolts } = shielded();
    s = cast(s, `${bolts[0]}`, `obj:${recruit}`);
    s = passBoth(s);
    const p = pendingOf(s);
    expect(p.kind).toBe('prevention-order');
    expect(p.player).toBe('p2');
    const ids = optionIds(s);
    expect(ids).toContain('all');
    s = choose(s, 'all');
    expect(wardLeft(s)).toEqual([3]);
    expect(objectOf(s, recruit).damage).toBe(0);
  });

  it('choosing the shield first uses 2 of its 3 points; the rest of the damage meets nothing more', () => {
    let { s, recruit, bolts } = shielded();
    s = cast(s, `${bolts[0]}`, `obj:${recruit}`);
    s = passBoth(s);
    const shield = optionIds(s).find((id) => id !== 'all');
    if (!shield) throw new Error('no shield option');
    s = choose(s, shield);
    expect(wardLeft(s)).toEqual([1]);
    expect(objectOf(s, recruit).damage).toBe(0);
  });

  it('514.2: the shields end in the cleanup step', () => {
    const { s } = shielded();
    expect(s.shields).toHaveLength(2);
    expect(passUntil(s, 'upkeep', 'p2').shields ?? []).toHaveLength(0);
  });
});

describe('615.7: a "next N" shield alone needs no choice', () => {
  it('a player shield of 3 against a 2-damage bolt leaves 1 and asks nothing', () => {
    let s = duel(['kiln-bolt'], ['mending-ward']);
    put(s, 'p1', 'mountain', 'battlefield');
    put(s, 'p2', 'plains', 'battlefield');
    const ward = put(s, 'p2', 'mending-ward', 'hand');
    const bolt = put(s, 'p1', 'kiln-bolt', 'hand');
    s = choose(s, 'pass');
    s = choose(choose(choose(s, `cast:${ward}`), 'player:p2'), 'auto');
    s = passBoth(s);
    s = cast(s, bolt, 'player:p2');
    s = passBoth(s);
    expect(pendingOf(s).kind).toBe('priority');
    expect(s.players.p2.life).toBe(20);
    expect(wardLeft(s)).toEqual([1]);
  });
});

describe('701.14: regeneration', () => {
  it('a regeneration shield is used once: the first destruction taps the creature, the second destroys it', () => {
    let s = duel(['hollow-verdict', 'hollow-verdict'], ['barkhide-lurker']);
    for (let i = 0; i < 6; i++) put(s, 'p1', 'swamp', 'battlefield');
    put(s, 'p2', 'forest', 'battlefield');
    put(s, 'p2', 'forest', 'battlefield');
    const lurker = put(s, 'p2', 'barkhide-lurker', 'battlefield');
    const verdicts = [put(s, 'p1', 'hollow-verdict', 'hand'), put(s, 'p1', 'hollow-verdict', 'hand')];
    s = choose(s, 'pass');
    const act = optionIds(s).find((id) => id.startsWith(`act:${lurker}`));
    if (!act) throw new Error('no regenerate option');
    s = choose(choose(s, act), 'auto');
    s = passBoth(s);
    expect(s.shields?.map((x) => x.kind)).toEqual(['regenerate']);
    s = cast(s, `${verdicts[0]}`, `obj:${lurker}`);
    s = passBoth(s);
    expect(objectOf(s, lurker).zone).toBe('battlefield');
    expect(objectOf(s, lurker).tapped).toBe(true);
    expect(s.shields ?? []).toHaveLength(0);
    s = cast(s, `${verdicts[1]}`, `obj:${lurker}`);
    s = passBoth(s);
    expect(objectOf(s, lurker).zone).toBe('graveyard');
  });
});
