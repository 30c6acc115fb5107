// A Search's private look through the deck (§6-6, §13-5) is recorded as Knowledge (core/hidden.ts): the searcher may
// see their deck's cards while choosing, the opponent never; the AI's determinisation keeps what the searcher saw;
// the shuffle ends it.
import { describe, expect, it } from 'vitest';
import { identityLeaks } from '../../src/engine/core/hidden.ts';
import { aqa, aqaSearch } from '../../src/engine/games/aqa/index.ts';
import type { AqaState } from '../../src/engine/games/aqa/state.ts';
import { aqaSecrets } from '../../src/engine/games/aqa/view.ts';
import { choose, declineUntil, newGame, pending } from './helpers.ts';

const P1 = { kind: 'player', seat: 'p1' } as const;
const P2 = { kind: 'player', seat: 'p2' } as const;

/** p1's first main phase starts with Lantern Scout's Search (Name "Aoi") looking through p1's deck. */
function atSearch(): AqaState {
  const s = newGame({ control1: ['lantern-scout'], p1: ['aoi-of-the-ninth-gate', 'aoi-ascendant'] });
  return declineUntil(s, (x) => pending(x).kind === 'choice' && x.known !== undefined);
}

describe('§13-5 Search: the searcher looks at the deck privately', () => {
  it('records the look as p1 knowledge of every card of their deck, and nothing for p2', () => {
    const s = atSearch();
    expect(pending(s).player).toBe('p1');
    expect([...(s.known?.p1 ?? [])].sort()).toEqual([...s.sides.p1.deck].sort());
    expect(s.known?.p2).toBeUndefined();
  });

  it('the searcher may see the looked-at cards; without the knowledge the same prompt would leak them', () => {
    const s = atSearch();
    const prompt = aqa.pending(s);
    expect(identityLeaks(prompt, aqaSecrets(s, P1))).toEqual([]);
    const { known: _, ...forgotten } = s;
    expect(identityLeaks(prompt, aqaSecrets(forgotten, P1)).length).toBeGreaterThan(0);
  });

  it('the opponent never sees the looked-at cards: p1 deck stays hidden from p2, and p2 view names none of them', () => {
    const s = atSearch();
    const secrets = aqaSecrets(s, P2);
    const hidden = new Set(secrets.hidden.map((h) => h.objectId));
    for (const id of s.sides.p1.deck) expect(hidden.has(id)).toBe(true);
    expect(identityLeaks(aqa.view(s, P2), secrets)).toEqual([]);
  });

  it('determinisation keeps what the searcher saw and re-deals it for the opponent', () => {
    const s = atSearch();
    const cardsOf = (x: AqaState) => s.sides.p1.deck.map((id) => x.objects[id]?.card);
    expect(cardsOf(aqaSearch.determinize(s, 'p1', 'seed'))).toEqual(cardsOf(s));
    // p2 knows nothing of p1's deck: some seed deals it differently.
    const seeds = ['a', 'b', 'c', 'd', 'e'];
    expect(seeds.some((seed) => cardsOf(aqaSearch.determinize(s, 'p2', seed)).join() !== cardsOf(s).join())).toBe(true);
  });

  it('after the choice the deck is shuffled and the knowledge is forgotten; p2 still cannot tell what was taken', () => {
    let s = atSearch();
    const aoi = s.sides.p1.deck.find((id) => s.objects[id]?.card === 'aoi-of-the-ninth-gate') ?? '';
    s = choose(s, aoi);
    expect(s.known).toBeUndefined();
    expect(s.sides.p1.hand).toContain(aoi);
    const secrets = aqaSecrets(s, P2);
    expect(secrets.hidden.map((h) => h.objectId)).toContain(aoi);
    expect(identityLeaks(aqa.view(s, P2), secrets)).toEqual([]);
  });
});
