// The hand picture's card tiles are drawn once per thread and copied after (issue 26 item 8): a copied tile must give
// the same bytes and the same drawn strings as drawing it, be keyed by everything it shows, and never hold a face-down
// card.
import { beforeEach, describe, expect, it } from 'vitest';
import { renderAny } from '../../src/render/render.ts';
import type { HandModel } from '../../src/render/table-model.ts';
import { forgetTiles, tileCounts } from '../../src/render/tile-cache.ts';
import { novaHand } from './fixtures/hand.ts';

function faceUpCount(model: HandModel): number {
  return [model.hand, ...model.privateZones].flatMap((s) => s.cards).filter((c) => c.card.face === 'up').length;
}

describe('hand tiles', () => {
  beforeEach(() => forgetTiles());

  it('a hand drawn with its tiles kept has the same bytes and strings as one drawn with none kept', async () => {
    const model = novaHand();
    const before = { ...tileCounts };
    const cold = await renderAny('hand', model);
    expect(tileCounts.drawn - before.drawn).toBe(faceUpCount(model));
    const warm = await renderAny('hand', novaHand());
    // Every face-up tile of the second picture is a copy.
    expect(tileCounts.drawn - before.drawn).toBe(faceUpCount(model));
    expect(tileCounts.reused - before.reused).toBe(faceUpCount(model));
    expect(Buffer.compare(warm.png, cold.png)).toBe(0);
    expect(warm.drawnText).toEqual(cold.drawnText);
  });

  it('one tile serves a card playable or not (the mark is drawn on top), and the picture still differs', async () => {
    const playable = novaHand();
    const first = await renderAny('hand', playable);
    const none = novaHand();
    for (const entry of none.hand.cards) entry.playable = false;
    const before = { ...tileCounts };
    const second = await renderAny('hand', none);
    expect(tileCounts.drawn).toBe(before.drawn);
    expect(Buffer.compare(first.png, second.png)).not.toBe(0);
    forgetTiles();
    const fresh = await renderAny('hand', none);
    expect(Buffer.compare(fresh.png, second.png)).toBe(0);
  });

  it('draws a tile again when anything it shows differs: the text, a stat, the locale of its words', async () => {
    await renderAny('hand', novaHand());
    const changed = novaHand();
    const [first, second] = changed.hand.cards;
    if (!first || !second || first.card.face !== 'up' || second.card.face !== 'up') throw new Error('fixture changed');
    first.text = `${first.text} Changed.`;
    second.card.stats = second.card.stats.map((s) => ({ ...s, value: 999 }));
    const before = { ...tileCounts };
    const warm = await renderAny('hand', changed);
    expect(tileCounts.drawn - before.drawn).toBe(2);
    forgetTiles();
    const cold = await renderAny('hand', changed);
    expect(Buffer.compare(warm.png, cold.png)).toBe(0);
    expect(warm.drawnText).toContain('999');
  });

  it('never keeps a face-down card as a tile', async () => {
    const model = novaHand();
    const zone = model.privateZones[0];
    if (!zone) throw new Error('fixture changed');
    zone.cards = [{ card: { face: 'down', id: 'x1', states: [], attachments: [] }, text: '', playable: false }];
    const before = { ...tileCounts };
    await renderAny('hand', model);
    expect(tileCounts.drawn - before.drawn).toBe(faceUpCount(model));
  });
});
