// Defined game actions put on original cards this session (docs/rulings/pmv.md "Scope of issue 19").
import { describe, expect, it } from 'vitest';
import { objectOf, type PmvLogEntry } from '../../src/engine/games/pmv/state.ts';
import { duel, nodes, passBoth, playCard, put } from './helpers.ts';

describe('defined game actions on cards', () => {
  it('§11.8: Riffled Omen shuffles its player’s deck (same cards, another order), then draws', () => {
    let s = duel(['riffled-omen']);
    const omen = put(s, 'p1', 'riffled-omen', 'hand');
    nodes(s, 'p1', 1);
    const before = [...s.players.p1.deck];
    const hand = s.players.p1.hand.length;
    s = playCard(s, `play:${omen}`);
    s = passBoth(s);
    expect(objectOf(s, omen).zone).toBe('netherworld');
    expect((s.log as PmvLogEntry[]).some((e) => e.type === 'shuffled' && e.seat === 'p1' && e.rule === '11.8')).toBe(
      true,
    );
    const drawn = s.players.p1.hand.filter((id) => before.includes(id));
    expect(drawn).toHaveLength(1);
    expect(s.players.p1.hand).toHaveLength(hand); // the Omen left the hand, one card came
    expect([...s.players.p1.deck, ...drawn].sort()).toEqual([...before].sort());
    expect([...drawn, ...s.players.p1.deck]).not.toEqual(before);
  });
});
