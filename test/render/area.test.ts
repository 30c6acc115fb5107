import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planArea } from '../../src/render/board/area.ts';
import { groupCards } from '../../src/render/board/group.ts';
import { renderBoard } from '../../src/render/render.ts';
import { styleOf } from '../../src/render/styles/index.ts';
import { card, faceDown, times } from './fixtures/build.ts';
import { novaBoard } from './fixtures/nova-board.ts';

describe('grouping and overflow on a crowded area', () => {
  it('groups identical cards with a count, keeping different states apart', () => {
    const cards = [
      ...times(5, () => card('Moss Sprite', ['green'])),
      card('Moss Sprite', ['green'], { states: ['turned'] }),
      card('Moss Sprite', ['green'], { damage: 100 }),
    ];
    expect(groupCards(cards).map((g) => g.count)).toEqual([5, 1, 1]);
  });

  it('never groups a card that carries attachments', () => {
    const host = () => card('Knight', ['blue'], { attachments: [card('Blade', ['green'])] });
    expect(groupCards([host(), host()]).map((g) => g.count)).toEqual([1, 1]);
  });

  it('groups face-down cards, which show nothing but their states', () => {
    expect(groupCards([faceDown(), faceDown(), faceDown(['turned'])]).map((g) => g.count)).toEqual([2, 1]);
  });

  it('counts every card exactly once: drawn in a slot or counted in the "+N more" slot', () => {
    const names = fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', 'P', 'Q');
    fc.assert(
      fc.property(
        fc.array(names, { maxLength: 120 }),
        fc.constantFrom('full' as const, 'compact' as const),
        (picked, style) => {
          const cards = picked.map((n, i) => card(n + (i % 3 === 0 ? String(i) : ''), ['red']));
          const plan = planArea({ name: 'Field', style, cards });
          const drawn = plan.rows.flat().reduce((n, g) => n + g.count, 0);
          expect(drawn + plan.hiddenCards).toBe(cards.length);
          // The overflow slot fits in the grid: at most 8 slots a row including it.
          for (const row of plan.rows) expect(row.length).toBeLessThanOrEqual(8);
          if (plan.hiddenCards > 0) expect(plan.rows.at(-1)!.length).toBeLessThan(8);
        },
      ),
    );
  });
});

describe('attachments', () => {
  it('draws an attachment of an attachment instead of losing it', async () => {
    const model = novaBoard();
    const aura = card('Ember Sigil', ['red'], { id: 'sigil' });
    const blade = card('Iron Blade', ['green'], { id: 'iron', attachments: [aura] });
    model.players.p1.areas[0]!.cards = [card('Knight', ['blue'], { attachments: [blade] })];
    const { drawnText } = await renderBoard(model, styleOf(model.game));
    expect(drawnText).toEqual(expect.arrayContaining(['Iron Blade', 'Ember Sigil']));
  });
});
