// Checks every game's card pool goes through: generated text equals the intended text, the look-up face draws
// the card's name, type line, stats and text, and malformed cards fail with messages that name the card.
import { expect, it } from 'vitest';
import { cardPool } from '../../src/engine/cards-registry.ts';
import { loadCardPool } from '../../src/engine/core/card-data.ts';
import type { GameId } from '../../src/engine/core/game.ts';
import type { Label } from '../../src/engine/core/label.ts';
import { cardFace } from '../../src/render/games/card-faces.ts';
import { renderCard } from '../../src/render/render.ts';
import { styleOf } from '../../src/render/styles/index.ts';

export function textIsAsIntended<C extends { id: string; name: Label; text: Label }>(
  cards: ReadonlyMap<string, C>,
  cardText: (card: C) => Label,
): void {
  for (const card of cards.values()) {
    it(`${card.name.en} reads as intended`, () => {
      const generated = cardText(card);
      expect(generated.en).toBe(card.text.en);
      expect(generated.ja).toBe(card.text.ja);
    });
  }
}

const squash = (s: string) => s.replace(/[\s…]/g, '');

/** Renders every card's face (English; every fourth also in Japanese) and checks what was drawn. */
export function facesDrawTheCard(game: GameId): void {
  it(`draws each ${game} card's name, type line, stats and text`, async () => {
    const pool = cardPool(game);
    if (!pool) throw new Error(`${game} has no card pool`);
    let index = 0;
    for (const card of pool.cards) {
      for (const locale of index++ % 4 === 0 ? (['en', 'ja'] as const) : (['en'] as const)) {
        const face = cardFace(game, card, locale);
        if (!face) throw new Error(`${game} has no face adapter for ${card.id}`);
        expect(face.name).toBe(card.name[locale]);
        expect(face.text).toBe(pool.text(card)[locale]);
        const { drawnText } = await renderCard(face, styleOf(face.game));
        const drawn = squash(drawnText.join(''));
        expect(drawn, card.id).toContain(squash(face.name));
        // The type line, or its start with the renderer's "…" when it is too long for the bar.
        const typeDrawn = drawnText.some(
          (t) => t === face.typeLine || (t.endsWith('…') && t.length > 8 && face.typeLine.startsWith(t.slice(0, -1))),
        );
        expect(typeDrawn, `${card.id}: ${face.typeLine}`).toBe(true);
        for (const stat of face.stats) expect(drawnText, card.id).toContain(String(stat.value));
        // The start of the rules text (long texts may be cut at the box's last line, with a mark).
        expect(drawn, card.id).toContain(squash(face.text).slice(0, 24));
      }
    }
  }, 60_000);
}

/** Loading the pool file with `mutate` applied to a copy must fail with every `expected` pattern in the message. */
export function rejects(file: { cards: unknown[] }, schema: Parameters<typeof loadCardPool>[0]) {
  return (mutate: (cards: Record<string, unknown>[]) => void, ...expected: RegExp[]) => {
    const copy = structuredClone(file) as { cards: Record<string, unknown>[] };
    mutate(copy.cards);
    let message = '';
    try {
      loadCardPool(schema, copy, 'test.json');
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message, 'the malformed pool was accepted').not.toBe('');
    for (const pattern of expected) expect(message).toMatch(pattern);
  };
}
