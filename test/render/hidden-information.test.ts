// Issue 5: a public image cannot contain a hidden card. The renderer draws only what is in the model, and a model
// built for the public viewer holds no hidden card. The lead adds the NOVA-engine-driven version of the second test.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../src/engine/core/game.ts';
import { untracedStrings } from '../../src/render/provenance.ts';
import { renderAny, renderBoard } from '../../src/render/render.ts';
import { styleOf } from '../../src/render/styles/index.ts';
import { type TableCard, type TableModel, TableModelSchema } from '../../src/render/table-model.ts';
import { tableModelArb } from './arbitrary.ts';
import { fowFaceEn, novaFaceJa } from './fixtures/faces.ts';
import { novaHand } from './fixtures/hand.ts';
import { novaBoard } from './fixtures/nova-board.ts';
import { leagueStandings } from './fixtures/standings.ts';

describe('every string on a board comes from its model', () => {
  it('holds for random render models', async () => {
    await fc.assert(
      fc.asyncProperty(tableModelArb, async (model) => {
        const parsed = TableModelSchema.parse(model);
        const { drawnText } = await renderBoard(parsed, styleOf(parsed.game));
        expect(untracedStrings(drawnText, parsed, parsed.game)).toEqual([]);
      }),
      { numRuns: 15 },
    );
  }, 90_000); // big random boards on a shared 2-core machine

  it('the check catches a string that is not in the model', () => {
    const model = novaBoard();
    expect(untracedStrings(['Ember Hound', 'Ember…', '×3', 'Secret Dragon'], model, 'nova')).toEqual(['Secret Dragon']);
  });
});

/** A toy full state: hands, decks and face-down cards carry names the public must never see. */
interface ToyState {
  hands: Record<Seat, string[]>;
  decks: Record<Seat, string[]>;
  field: Record<Seat, { name: string; faceDown: boolean }[]>;
}

/** A public-viewer adapter in miniature: hidden zones become counts, face-down cards lose their identity. */
function publicModel(state: ToyState): TableModel {
  const board = novaBoard();
  for (const seat of ['p1', 'p2'] as const) {
    const side = board.players[seat];
    side.zones = [
      { label: 'Deck', count: state.decks[seat].length },
      { label: 'Hand', count: state.hands[seat].length },
    ];
    const cards: TableCard[] = state.field[seat].map((c, i) =>
      c.faceDown
        ? { face: 'down', id: `${seat}-${i}`, states: [], attachments: [] }
        : {
            face: 'up',
            id: `${seat}-${i}`,
            name: c.name,
            colours: ['red'],
            cost: [],
            typeLine: 'Servant',
            stats: [],
            damage: 0,
            counters: [],
            states: [],
            attachments: [],
          },
    );
    side.areas = [{ name: 'Field', style: 'full', cards }];
  }
  board.stack.items = [];
  board.lastAction = null;
  return board;
}

describe('a public board of a fuzzed state shows no hidden card', () => {
  const secret = fc.integer({ min: 0, max: 1_000_000 }).map((n) => `Hidden Relic ${n}`);
  const visible = fc.constantFrom('Ember Hound', 'Moss Sprite', 'Stone Warden');
  const perSeat = <T>(arb: fc.Arbitrary<T>) => fc.record({ p1: arb, p2: arb });
  const state: fc.Arbitrary<ToyState> = fc.record({
    hands: perSeat(fc.array(secret, { maxLength: 8 })),
    decks: perSeat(fc.array(secret, { maxLength: 8 })),
    field: perSeat(
      fc.array(
        fc.oneof(
          fc.record({ name: visible, faceDown: fc.constant(false) }),
          fc.record({ name: secret, faceDown: fc.constant(true) }),
        ),
        { maxLength: 20 },
      ),
    ),
  });

  it('never draws a hand, deck or face-down name', async () => {
    await fc.assert(
      fc.asyncProperty(state, async (s) => {
        const model = publicModel(s);
        expect(JSON.stringify(model)).not.toContain('Hidden Relic');
        const { drawnText } = await renderBoard(TableModelSchema.parse(model), styleOf('nova'));
        expect(drawnText.filter((t) => t.includes('Hidden') || t.includes('Relic'))).toEqual([]);
        expect(untracedStrings(drawnText, model, 'nova')).toEqual([]);
      }),
      { numRuns: 15 },
    );
  });
});

describe('hand, card and standings images draw only their model', () => {
  it('holds for the fixtures of each kind', async () => {
    const cases = [
      ['hand', novaHand(), 'nova'],
      ['card', novaFaceJa(), 'nova'],
      ['card', fowFaceEn(), 'fow'],
      ['standings', leagueStandings(), 'nova'],
    ] as const;
    for (const [kind, model, game] of cases) {
      const { drawnText } = await renderAny(kind, model);
      expect(drawnText.length).toBeGreaterThan(3);
      expect(untracedStrings(drawnText, model, game), kind).toEqual([]);
    }
  });
});
