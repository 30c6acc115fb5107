// fast-check generators of render models (random, schema-valid, any Unicode in names).
import fc from 'fast-check';
import { GAMES } from '../../src/engine/registry.ts';
import { CARD_STATES, type TableCard, type TableModel } from '../../src/render/table-model.ts';

const name = fc.oneof(
  fc.constantFrom(
    'Ember Hound',
    'Stone Warden',
    '苔むした大熊',
    'グルームヴェイル・レイス',
    'Tidecaller Knight of the Long Winter',
  ),
  fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }),
);
const colour = fc.constantFrom('red', 'blue', 'green', 'white', 'black', 'fire', 'ego', 'unknown-key');
const states = fc.uniqueArray(fc.constantFrom(...CARD_STATES), { maxLength: 3 });
const small = fc.integer({ min: 0, max: 999 });

function cardArb(depth: number): fc.Arbitrary<TableCard> {
  const attachments: fc.Arbitrary<TableCard[]> =
    depth > 0 ? fc.array(cardArb(depth - 1), { maxLength: 3 }) : fc.constant([]);
  const up = fc.record({
    face: fc.constant('up' as const),
    id: fc.string({ minLength: 1, maxLength: 8 }),
    name,
    colours: fc.array(colour, { maxLength: 3 }),
    cost: fc.array(fc.record({ colour, text: fc.constantFrom('', '1', '2', 'X') }), { maxLength: 5 }),
    typeLine: name,
    stats: fc.array(fc.record({ label: fc.constantFrom('ATK', 'HP', '攻撃力'), value: small }), { maxLength: 2 }),
    damage: small,
    counters: fc.array(fc.record({ name, count: fc.integer({ min: 1, max: 9 }) }), { maxLength: 2 }),
    states,
    attachments,
  });
  const down = fc.record({
    face: fc.constant('down' as const),
    id: fc.string({ minLength: 1, maxLength: 8 }),
    states,
    attachments,
  });
  return fc.oneof({ weight: 4, arbitrary: up }, { weight: 1, arbitrary: down });
}

const side = (seat: 'p1' | 'p2') =>
  fc.record({
    seat: fc.constant(seat),
    name,
    life: fc.option(fc.integer({ min: -500, max: 9999 }), { nil: null }),
    resources: fc.array(fc.record({ label: name, value: name }), { maxLength: 3 }),
    zones: fc.array(fc.record({ label: name, count: small }), { maxLength: 6 }),
    areas: fc.array(
      fc.record({
        name,
        style: fc.constantFrom('full' as const, 'compact' as const),
        cards: fc.array(cardArb(1), { maxLength: 20 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  });

export const tableModelArb: fc.Arbitrary<TableModel> = fc.record({
  game: fc.constantFrom(...GAMES.ids()),
  locale: fc.constantFrom('en' as const, 'ja' as const),
  viewer: fc.constant({ kind: 'public' as const }),
  turn: fc.integer({ min: 0, max: 99 }),
  phase: name,
  activeSeat: fc.constantFrom('p1' as const, 'p2' as const),
  prioritySeat: fc.constantFrom('p1' as const, 'p2' as const, null),
  players: fc.record({ p1: side('p1'), p2: side('p2') }),
  stack: fc.record({
    name,
    items: fc.array(
      fc.record({
        id: fc.string({ maxLength: 6 }),
        source: name,
        controller: fc.constantFrom('p1' as const, 'p2' as const),
        text: name,
        targets: fc.array(name, { maxLength: 2 }),
      }),
      { maxLength: 8 },
    ),
  }),
  lastAction: fc.option(fc.record({ text: name, objectIds: fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }) }), {
    nil: null,
  }),
});
