import { describe, expect, it } from 'vitest';
import type { FaceDownObjectView } from '../../src/engine/core/hidden.ts';
import { renderBoard } from '../../src/render/render.ts';
import { styleOf } from '../../src/render/styles/index.ts';
import { faceDownCard, TableModelSchema } from '../../src/render/table-model.ts';
import { novaBoard } from './fixtures/nova-board.ts';

describe('a face-down object on the board (core/hidden.ts convention)', () => {
  it('is drawn as a card back, turned when the view says so, with no identity to draw', async () => {
    // What a view gives a viewer who may not know the card: id, face down, public state. The card is elsewhere.
    const hidden: FaceDownObjectView = { id: 'o42', faceDown: true, owner: 'p2', turned: true };
    const card = faceDownCard(hidden);
    expect(card).toEqual({ face: 'down', id: 'o42', states: ['turned'], attachments: [] });
    const model = novaBoard();
    model.players.p2.areas = [{ name: 'Standby area', style: 'full', cards: [card] }];
    const { drawnText } = await renderBoard(TableModelSchema.parse(model), styleOf(model.game));
    expect(drawnText).toContain('Face down');
    expect(drawnText).toContain('Standby area');
  });
});
