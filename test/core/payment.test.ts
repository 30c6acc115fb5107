// The payment solver, one named case per kind of mana (CR 106, 107.4, 601.2g-h, 605) and the single-unit matcher.
import { describe, expect, it } from 'vitest';
import { UnsupportedRule } from '../../src/engine/core/errors.ts';
import { formatManaCost, manaCostFromSymbols, parseManaCost } from '../../src/engine/core/mana.ts';
import {
  autoPay,
  canStillPay,
  type ManaSource,
  NO_PROGRESS,
  type PaymentProgress,
  payLifeFor,
  remaining,
  settle,
  solvePayment,
  tapSource,
  usefulTaps,
} from '../../src/engine/core/payment-solver.ts';
import { MTG_CARDS } from '../../src/engine/games/mtg/cards/pool.ts';

const land = (id: string, ...types: string[]): ManaSource => ({ id, options: types.map((t) => ({ mana: [t] })) });
const cost = (text: string) => parseManaCost(text);
const payable = (text: string, sources: ManaSource[], life = 0) => canStillPay(cost(text), NO_PROGRESS, sources, life);

describe('mana costs (CR 107.4, 202.1)', () => {
  it('reads and writes every supported symbol', () => {
    const c = parseManaCost('{3}{W}{C}{W/U}{2/B}{G/P}');
    expect(c).toEqual([
      { kind: 'generic', amount: 3 },
      { kind: 'mana', type: 'W' },
      { kind: 'mana', type: 'C' },
      { kind: 'hybrid', types: ['W', 'U'] },
      { kind: 'twobrid', type: 'B' },
      { kind: 'phyrexian', type: 'G' },
    ]);
    expect(formatManaCost(c)).toBe('{3}{W}{C}{W/U}{2/B}{G/P}');
    expect(parseManaCost('{X}{R}', 4)[0]).toEqual({ kind: 'generic', amount: 4 });
    expect(() => parseManaCost('{X}{R}')).toThrow(/X/);
    expect(() => parseManaCost('{W/W}')).toThrow(/not a mana symbol/);
  });

  it('reads every cost of the MTG card pool (X as 1)', () => {
    let symbols = 0;
    for (const card of MTG_CARDS.values()) {
      const costs = [
        card.manaCost ?? [],
        ...card.abilities.flatMap((a) => (a.kind === 'activated' ? [a.cost.mana] : [])),
      ];
      for (const c of costs) symbols += manaCostFromSymbols(c, 1).length;
    }
    expect(symbols).toBeGreaterThan(MTG_CARDS.size);
  });

  it('refuses snow costs as an unsupported rule (107.4h)', () => {
    expect(() => payable('{S}', [land('a', 'G')])).toThrow(UnsupportedRule);
  });
});

describe('what pays what', () => {
  it('a coloured symbol takes only its colour; generic takes anything (107.4a-b)', () => {
    expect(payable('{G}', [land('m', 'R')])).toBe(false);
    expect(payable('{G}', [land('f', 'G')])).toBe(true);
    expect(payable('{1}{G}', [land('f', 'G'), land('w', 'C')])).toBe(true);
    expect(payable('{1}{G}', [land('f', 'G')])).toBe(false);
  });

  it('{C} takes only colourless mana (107.4c)', () => {
    expect(payable('{C}', [land('p', 'W')])).toBe(false);
    expect(payable('{C}', [land('w', 'C')])).toBe(true);
  });

  it('a hybrid symbol takes either colour (107.4e)', () => {
    expect(payable('{W/U}', [land('i', 'U')])).toBe(true);
    expect(payable('{W/U}', [land('m', 'R')])).toBe(false);
    expect(payable('{W/U}{W/U}', [land('i', 'U'), land('p', 'W')])).toBe(true);
  });

  it('{2/W} takes one white or two of anything (107.4e)', () => {
    expect(payable('{2/W}', [land('p', 'W')])).toBe(true);
    expect(payable('{2/W}', [land('m', 'R')])).toBe(false);
    expect(payable('{2/W}', [land('m', 'R'), land('n', 'C')])).toBe(true);
    expect(autoPay(cost('{2/W}'), NO_PROGRESS, [land('m', 'R'), land('p', 'W'), land('n', 'C')], 20)?.taps).toEqual([
      { source: 'p', option: 0 },
    ]);
  });

  it('a Phyrexian symbol takes its colour or 2 life, never more life than the player has (107.4f, 119.4)', () => {
    expect(payable('{B/P}', [], 2)).toBe(true);
    expect(payable('{B/P}', [], 1)).toBe(false);
    expect(payable('{B/P}{B/P}', [], 3)).toBe(false);
    expect(autoPay(cost('{B/P}'), NO_PROGRESS, [], 2)).toEqual({ taps: [], lifeFor: [0] });
    // Auto-pay spends mana rather than life when it can.
    expect(autoPay(cost('{B/P}'), NO_PROGRESS, [land('s', 'B')], 20)).toEqual({
      taps: [{ source: 's', option: 0 }],
      lifeFor: [],
    });
  });

  it('a land making one of two colours pays only one symbol (106.1, 605.1a)', () => {
    const dual = land('dual', 'W', 'U');
    expect(payable('{W}{U}', [dual])).toBe(false);
    expect(payable('{W}{U}', [dual, land('dual2', 'W', 'U')])).toBe(true);
    expect(autoPay(cost('{U}'), NO_PROGRESS, [dual], 0)?.taps).toEqual([{ source: 'dual', option: 1 }]);
  });

  it('a source making two mana at once pays two symbols; extra mana stays in the pool (106.4)', () => {
    const vault: ManaSource = { id: 'vault', options: [{ mana: ['C', 'C'] }] };
    expect(payable('{2}', [vault])).toBe(true);
    expect(payable('{C}{C}', [vault])).toBe(true);
    const afterTap = tapSource(NO_PROGRESS, vault, 0);
    expect(settle(cost('{1}'), afterTap, 0)).toEqual({ symbolOfPoolMana: [0, null], lifeFor: [] });
  });

  it('"{R}{R} or {G}{G}" is one choice: it never makes {R}{G}', () => {
    const twin: ManaSource = { id: 'twin', options: [{ mana: ['R', 'R'] }, { mana: ['G', 'G'] }] };
    expect(payable('{R}{R}', [twin])).toBe(true);
    expect(payable('{G}{G}', [twin])).toBe(true);
    expect(payable('{R}{G}', [twin])).toBe(false);
    expect(autoPay(cost('{1}{G}'), NO_PROGRESS, [twin], 0)?.taps).toEqual([{ source: 'twin', option: 1 }]);
  });

  it('restricted mana pays only what the caller allows (106.6)', () => {
    const shrine: ManaSource = { id: 'shrine', options: [{ mana: ['G'] }], restriction: 'creature-spells' };
    const forCreature = { spendable: (r: string) => r === 'creature-spells' };
    expect(canStillPay(cost('{G}'), NO_PROGRESS, [shrine], 0, forCreature)).toBe(true);
    expect(canStillPay(cost('{G}'), NO_PROGRESS, [shrine], 0, { spendable: () => false })).toBe(false);
    expect(canStillPay(cost('{G}'), NO_PROGRESS, [shrine], 0)).toBe(false);
    // A land making {C}, or one coloured mana only for creature spells: the restriction goes with that option.
    const cave: ManaSource = {
      id: 'cave',
      options: [{ mana: ['C'] }, { mana: ['G'], restriction: 'creature-spells' }],
    };
    expect(canStillPay(cost('{G}'), NO_PROGRESS, [cave], 0, forCreature)).toBe(true);
    expect(canStillPay(cost('{G}'), NO_PROGRESS, [cave], 0)).toBe(false);
    expect(canStillPay(cost('{1}'), NO_PROGRESS, [cave], 0)).toBe(true);
    expect(tapSource(NO_PROGRESS, cave, 1).pool).toEqual([
      { type: 'G', source: 'cave', restriction: 'creature-spells' },
    ]);
  });
});

describe('paying one source at a time (CR 601.2g-h)', () => {
  const plains = land('plains', 'W');
  const island = land('island', 'U');
  const wastes = land('wastes', 'C');

  it('offers only the taps after which the cost can still be paid, and shows what is still owed', () => {
    const c = cost('{1}{W}');
    const sources = [island, plains];
    expect(usefulTaps(c, NO_PROGRESS, sources, 0)).toEqual([
      { source: 'island', option: 0 },
      { source: 'plains', option: 0 },
    ]);
    const one = tapSource(NO_PROGRESS, island, 0);
    expect(formatManaCost(remaining(c, one))).toBe('{W}');
    expect(canStillPay(c, one, [plains], 0)).toBe(true);
    // With only the island tapped and a second island, {W} is out of reach: that tap is not offered.
    expect(usefulTaps(c, one, [land('island2', 'U')], 0)).toEqual([]);
    expect(settle(c, one, 0)).toBeNull(); // never paid in part
    const two = tapSource(one, plains, 0);
    expect(remaining(c, two)).toEqual([]);
    expect(settle(c, two, 0)).toEqual({ symbolOfPoolMana: [0, 1], lifeFor: [] });
  });

  it('pool mana goes to the hardest symbols first in what is still owed', () => {
    const c = cost('{2}{W/U}{2/B}');
    const pool: PaymentProgress = { pool: [{ type: 'U', source: 'x' }], lifeFor: [] };
    expect(formatManaCost(remaining(c, pool))).toBe('{2}{2/B}');
    const three: PaymentProgress = {
      pool: [
        { type: 'U', source: 'x' },
        { type: 'R', source: 'y' },
        { type: 'R', source: 'z' },
        { type: 'R', source: 'w' },
      ],
      lifeFor: [],
    };
    expect(formatManaCost(remaining(c, three))).toBe('{1}');
  });

  it('a Phyrexian symbol paid with life leaves the cost', () => {
    const c = cost('{1}{U/P}');
    const life = payLifeFor(c, NO_PROGRESS, 1);
    expect(formatManaCost(remaining(c, life))).toBe('{1}');
    expect(canStillPay(c, life, [wastes], 2)).toBe(true);
    expect(canStillPay(c, life, [wastes], 1)).toBe(false); // the 2 life is more than the player has
  });

  it('auto-pay never uses a source or option with a rider, even when the player could pay with it', () => {
    const cavern: ManaSource = { id: 'cavern', options: [{ mana: ['R'] }], auto: false };
    expect(canStillPay(cost('{R}'), NO_PROGRESS, [cavern], 0)).toBe(true);
    expect(autoPay(cost('{R}'), NO_PROGRESS, [cavern], 0)).toBeNull();
    // A land with a plain {C} and painful coloured options: auto-pay uses the plain one for generic only.
    const painful: ManaSource = {
      id: 'painful',
      options: [{ mana: ['C'] }, { mana: ['W'], auto: false }, { mana: ['B'], auto: false }],
    };
    expect(autoPay(cost('{1}'), NO_PROGRESS, [painful], 0)?.taps).toEqual([{ source: 'painful', option: 0 }]);
    expect(autoPay(cost('{W}'), NO_PROGRESS, [painful], 0)).toBeNull();
    expect(canStillPay(cost('{W}'), NO_PROGRESS, [painful], 0)).toBe(true);
  });

  it('auto-pay spends pool mana first, then sources in the order given', () => {
    const progress: PaymentProgress = { pool: [{ type: 'W', source: 'earlier' }], lifeFor: [] };
    expect(autoPay(cost('{1}{W}'), progress, [wastes, plains], 0)?.taps).toEqual([{ source: 'wastes', option: 0 }]);
    expect(autoPay(cost('{2}'), NO_PROGRESS, [plains, island, wastes], 0)?.taps).toEqual([
      { source: 'plains', option: 0 },
      { source: 'island', option: 0 },
    ]);
  });
});

describe('single-unit payment (NOVA energy, FoW will)', () => {
  it('matches coloured units first and prefers sources in order', () => {
    const sources = [
      { id: 'any', colors: ['red', 'blue'] },
      { id: 'red', colors: ['red'] },
      { id: 'gray', colors: ['colorless'] },
    ];
    expect(solvePayment({ colored: { blue: 1, red: 1 }, generic: 1 }, sources)).toEqual(['any', 'red', 'gray']);
    expect(solvePayment({ colored: { blue: 2 }, generic: 0 }, sources)).toBeNull();
  });
});
