import { describe, expect, it } from 'vitest';
import { NOVA_CARDS } from '../../src/engine/games/nova/cards/pool.ts';
import { cardText } from '../../src/engine/games/nova/cards/text.ts';

describe('NOVA card text is generated from the card definition', () => {
  for (const card of NOVA_CARDS.values()) {
    it(`${card.name.en} reads as intended`, () => {
      const generated = cardText(card);
      expect(generated.en).toBe(card.text.en);
      expect(generated.ja).toBe(card.text.ja);
    });
  }
});
