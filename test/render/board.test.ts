import { describe, expect, it } from 'vitest';
import { renderBoard } from '../../src/render/render.ts';
import { styleOf } from '../../src/render/styles/index.ts';
import { novaBoard } from './fixtures/nova-board.ts';

describe('the board shows everything it is given, or says what it left out', () => {
  it('draws every resource and zone count, wrapping the strip instead of dropping any', async () => {
    const model = novaBoard();
    model.players.p2.zones = Array.from({ length: 10 }, (_, i) => ({ label: `Zone number ${i}`, count: 100 + i }));
    model.players.p2.resources = Array.from({ length: 8 }, (_, i) => ({ label: `Resource ${i}`, value: `${i} left` }));
    const { drawnText } = await renderBoard(model, styleOf(model.game));
    for (let i = 0; i < 10; i += 1) expect(drawnText).toContain(`Zone number ${i}`);
    for (let i = 0; i < 8; i += 1) expect(drawnText).toContain(`${i} left`);
  });

  it('lists six stack items and counts the rest', async () => {
    const model = novaBoard();
    model.stack.items = Array.from({ length: 9 }, (_, i) => ({
      id: `s${i}`,
      source: `Spell ${i}`,
      controller: 'p1' as const,
      text: '',
      targets: [],
    }));
    const { drawnText } = await renderBoard(model, styleOf(model.game));
    expect(drawnText.filter((s) => s.startsWith('Spell '))).toHaveLength(6);
    expect(drawnText).toContain('+3 more');
  });

  it('counts the cards of an overflowing area, not its groups', async () => {
    const { drawnText } = await renderBoard(novaBoard(), styleOf('nova'));
    // Ren's field: 41 cards in 26 groups; 23 slots are drawn, 3 single cards overflow.
    expect(drawnText).toContain('+3 more');
  });

  it('names whose turn it is and who holds priority', async () => {
    const model = novaBoard();
    const { drawnText } = await renderBoard(model, styleOf(model.game));
    expect(drawnText).toEqual(expect.arrayContaining(['Active', 'Priority', 'Turn 7', 'Attack phase · Block step']));
    model.prioritySeat = null;
    expect((await renderBoard(model, styleOf(model.game))).drawnText).not.toContain('Priority');
  });
});
