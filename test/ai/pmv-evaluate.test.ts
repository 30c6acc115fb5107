// Phantom Magic Vision's position value and the deck's last cards: a player who must draw from an empty deck loses
// (§1.5.3.b), and Mana Charge (§10.12.2.a) and graze (§6.5) move deck cards into the node area. Counting nodes and
// never the deck, easy charged every turn and lost by an empty deck (PMV easy against random, seed s21, game 27).
import { describe, expect, it } from 'vitest';
import { evaluatePmv } from '../../src/engine/games/pmv/evaluate.ts';
import { currentRef, moveObject, type PmvState, rawAtk } from '../../src/engine/games/pmv/state.ts';
import { duel, put } from '../pmv/helpers.ts';

/** p1 with `nodes` nodes and `deck` cards left in the deck (the rest of the deck moved out of the game). */
function position(nodes: number, deck: number): PmvState {
  const s = structuredClone(duel());
  const p = s.players.p1;
  for (let i = 0; i < nodes; i++) moveObject(s, p.deck[0] as string, 'node');
  while (p.deck.length > deck) moveObject(s, p.deck[0] as string, 'excluded');
  return s;
}

/** The worth for p1 of moving one more card from the deck to the node area, as Mana Charge does. */
function charged(nodes: number, deck: number): number {
  return evaluatePmv(position(nodes + 1, deck - 1), 'p1') - evaluatePmv(position(nodes, deck), 'p1');
}

describe("PMV's evaluate and the deck", () => {
  it('a node from a full deck is worth having', () => {
    expect(charged(6, 30)).toBeGreaterThan(0);
  });

  it('a node from a short deck is not: the deck card is worth more', () => {
    expect(charged(6, 6)).toBeLessThan(0);
    expect(charged(2, 6)).toBeLessThan(charged(2, 30));
  });
});

// A modifier ends with the turn or the battle (state.ts `Modifier`); counted as lasting, a 1-node "-1 ATK until end
// of turn" scored above the node it cost, and search used Shrine Warden Aoi's at every priority (easy-against-easy
// game read beside normal's choices, this round).
describe("PMV's evaluate and modifiers that end with the turn", () => {
  it('scores a character the same with or without a -1 ATK until end of turn', () => {
    const s = structuredClone(duel(['shrine-warden-aoi']));
    const id = put(s, 'p2', 'shrine-warden-aoi', 'field');
    const before = evaluatePmv(s, 'p1');
    s.modifiers.push({ object: currentRef(s, id), atk: -1, def: 0, until: 'end-of-turn', timestamp: s.nextTimestamp });
    expect(rawAtk(s, id)).toBe(2); // the modifier applies (else this guards nothing)
    expect(evaluatePmv(s, 'p1')).toBe(before);
  });
});
