// `/duel` without a deck for the opponent picks a precon of the same format as the chosen one (MTG's Constructed and
// Limited precons, CR 100.2, ruling D4): a Limited precon against a Constructed one is refused at setup, so the
// default must never pair them.
import { describe, expect, it } from 'vitest';
import { chooseDeck } from '../../src/bot/decks.ts';
import { GAMES } from '../../src/engine/registry.ts';
import type { StoreContract } from '../../src/store/contract.ts';
import { loadPreconDecks } from '../../src/store/precon-decks.ts';

const precons = loadPreconDecks('data/decks', GAMES.ids());
const where = { guildId: 'g', userId: 'u', game: 'mtg' as const };
const store = {} as StoreContract; // no saved decks are read when `ref` is null
const formatOf = (id: string) => {
  const deck = precons.find((d) => d.id === id);
  if (!deck) throw new Error(`no precon ${id}`);
  return Object.keys(deck.sections)[0];
};

describe('the default opponent deck shares the chosen deck format', () => {
  const mtg = precons.filter((d) => d.game === 'mtg');
  it('MTG has precons of both formats', () => {
    expect(new Set(mtg.map((d) => formatOf(d.id))).size).toBeGreaterThan(1);
  });
  for (const chosen of mtg) {
    it(`against ${chosen.id}`, async () => {
      const picked = await chooseDeck(store, precons, where, null, chosen.id);
      expect(picked.ok).toBe(true);
      if (!picked.ok) return;
      expect(picked.ref).not.toBe(chosen.id);
      expect(formatOf(picked.ref)).toBe(formatOf(chosen.id));
    });
  }
});
