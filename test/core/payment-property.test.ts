// Property tests: the mana solver against brute force on small random costs, sources, pools and life totals
// (CR 106, 107.4, 119.4, 601.2g-h). The brute force tries every use of every source and every way to pay each symbol.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ManaCost, ManaSymbol } from '../../src/engine/core/mana.ts';
import {
  autoPay,
  canStillPay,
  type ManaOption,
  type ManaSource,
  type PaymentProgress,
  type PaymentRules,
  type PoolMana,
  remaining,
  settle,
  tapSource,
  usefulTaps,
} from '../../src/engine/core/payment-solver.ts';

const TYPES = ['W', 'U', 'C'] as const;
/** Test restrictions: "colored-only" mana cannot pay generic parts; "phyrexian-only" pays only Phyrexian symbols. */
const rules: PaymentRules = {
  spendable: (r, symbol) => (r === 'colored-only' ? symbol.kind !== 'generic' : symbol.kind === 'phyrexian'),
};
/** The brute force asks the same hook: a restriction is judged per symbol (a {2/W} paid with two is still {2/W}). */
function mayPay(restriction: string | undefined, symbol: ManaSymbol): boolean {
  return restriction === undefined || (rules.spendable?.(restriction, symbol) ?? false);
}

const symbolArb: fc.Arbitrary<ManaSymbol> = fc.oneof(
  fc.integer({ min: 1, max: 2 }).map((amount): ManaSymbol => ({ kind: 'generic', amount })),
  fc.constantFrom(...TYPES).map((type): ManaSymbol => ({ kind: 'mana', type })),
  fc.constant<ManaSymbol>({ kind: 'hybrid', types: ['W', 'U'] }),
  fc.constantFrom('W', 'U').map((type): ManaSymbol => ({ kind: 'twobrid', type })),
  fc.constantFrom('W', 'U').map((type): ManaSymbol => ({ kind: 'phyrexian', type })),
);
const optionSets: string[][][] = [
  [['W']],
  [['U']],
  [['C']],
  [['W'], ['U']],
  [['C', 'C']],
  [
    ['W', 'W'],
    ['U', 'U'],
  ],
  [['W', 'U']],
];
const restrictionArb = fc.constantFrom<string | undefined>(
  undefined,
  undefined,
  undefined,
  'colored-only',
  'phyrexian-only',
);
const sourcesArb: fc.Arbitrary<ManaSource[]> = fc
  .array(
    fc.record({
      options: fc.constantFrom(...optionSets),
      restriction: restrictionArb,
      auto: fc.boolean(),
      riderOnFirst: fc.boolean(),
      secondRestriction: restrictionArb,
    }),
    { maxLength: 4 },
  )
  .map((list) =>
    list.map(({ options, restriction, auto, riderOnFirst, secondRestriction }, i): ManaSource => {
      const source: ManaSource = {
        id: `s${i}`,
        options: options.map((mana, o) => {
          const option: ManaOption = o === 0 && riderOnFirst ? { mana, auto: false } : { mana };
          if (o === 1 && secondRestriction !== undefined) option.restriction = secondRestriction;
          return option;
        }),
      };
      if (!auto) source.auto = false;
      if (restriction !== undefined) source.restriction = restriction;
      return source;
    }),
  );
const poolArb: fc.Arbitrary<PoolMana[]> = fc.array(
  fc
    .record({ type: fc.constantFrom(...TYPES), restriction: restrictionArb })
    .map(
      ({ type, restriction }): PoolMana =>
        restriction === undefined ? { type, source: 'pool' } : { type, source: 'pool', restriction },
    ),
  { maxLength: 2 },
);
const caseArb = fc
  .record({
    cost: fc.array(symbolArb, { maxLength: 4 }),
    sources: sourcesArb,
    pool: poolArb,
    life: fc.integer({ min: 0, max: 5 }),
    lifeMask: fc.integer({ min: 0, max: 15 }),
  })
  .map(({ cost, sources, pool, life, lifeMask }) => {
    const lifeFor = cost.flatMap((s, i) => (s.kind === 'phyrexian' && (lifeMask >> i) & 1 ? [i] : []));
    const progress: PaymentProgress = { pool, lifeFor };
    return { cost, sources, progress, life };
  });

interface Unit {
  type: string;
  restriction?: string | undefined;
}

/** Can these units and this much life pay these symbols? Tries every way, symbol by symbol. */
function payWith(symbols: readonly ManaSymbol[], units: readonly Unit[], used: boolean[], life: number): boolean {
  const [first, ...rest] = symbols;
  if (!first) return true;
  const take = (ok: (u: Unit) => boolean, then: (used: boolean[]) => boolean): boolean =>
    units.some((u, i) => {
      if (used[i] || !ok(u)) return false;
      const next = [...used];
      next[i] = true;
      return then(next);
    });
  switch (first.kind) {
    case 'generic': {
      const again: ManaSymbol[] = first.amount > 1 ? [{ kind: 'generic', amount: first.amount - 1 }] : [];
      return take(
        (u) => mayPay(u.restriction, first),
        (next) => payWith([...again, ...rest], units, next, life),
      );
    }
    case 'mana':
      return take(
        (u) => u.type === first.type && mayPay(u.restriction, first),
        (next) => payWith(rest, units, next, life),
      );
    case 'hybrid':
      return take(
        (u) => first.types.includes(u.type) && mayPay(u.restriction, first),
        (next) => payWith(rest, units, next, life),
      );
    case 'twobrid':
      return (
        take(
          (u) => u.type === first.type && mayPay(u.restriction, first),
          (next) => payWith(rest, units, next, life),
        ) ||
        take(
          (u) => mayPay(u.restriction, first),
          (next) => {
            const taken = [...next];
            return units.some((u, i) => {
              if (taken[i] || !mayPay(u.restriction, first)) return false;
              const last = [...taken];
              last[i] = true;
              return payWith(rest, units, last, life);
            });
          },
        )
      );
    case 'phyrexian':
      return (
        (life >= 2 && payWith(rest, units, used, life - 2)) ||
        take(
          (u) => u.type === first.type && mayPay(u.restriction, first),
          (next) => payWith(rest, units, next, life),
        )
      );
    case 'snow':
      throw new Error('no snow in these tests');
  }
}

/** Every use of every source (unused or one option), then `payWith`. */
function brute(
  cost: ManaCost,
  progress: PaymentProgress,
  sources: readonly ManaSource[],
  life: number,
  autoOnly = false,
): boolean {
  const committed = 2 * progress.lifeFor.length;
  if (committed > life) return false;
  const symbols = cost.filter((_, i) => !progress.lifeFor.includes(i));
  const walk = (i: number, units: Unit[]): boolean => {
    const s = sources[i];
    if (!s)
      return payWith(
        symbols,
        units,
        units.map(() => false),
        life - committed,
      );
    if (walk(i + 1, units)) return true;
    if (autoOnly && s.auto === false) return false;
    return s.options.some(
      (o) =>
        !(autoOnly && o.auto === false) &&
        walk(i + 1, [...units, ...o.mana.map((type) => ({ type, restriction: o.restriction ?? s.restriction }))]),
    );
  };
  return walk(
    0,
    progress.pool.map((p) => ({ type: p.type, restriction: p.restriction })),
  );
}

const RUNS = { numRuns: 600, seed: 20190125 };

describe('mana solver against brute force', () => {
  it('canStillPay agrees with trying everything', () => {
    fc.assert(
      fc.property(caseArb, ({ cost, sources, progress, life }) => {
        expect(canStillPay(cost, progress, sources, life, rules)).toBe(brute(cost, progress, sources, life));
      }),
      RUNS,
    );
  });

  it('auto-pay finds a plan exactly when the safe sources can pay, and its plan pays', () => {
    fc.assert(
      fc.property(caseArb, ({ cost, sources, progress, life }) => {
        const plan = autoPay(cost, progress, sources, life, rules);
        expect(plan !== null).toBe(brute(cost, progress, sources, life, true));
        if (!plan) return;
        let after = progress;
        const ids = plan.taps.map((t) => t.source);
        expect(new Set(ids).size).toBe(ids.length);
        for (const tap of plan.taps) {
          const source = sources.find((s) => s.id === tap.source);
          expect(source?.auto).not.toBe(false);
          expect(source?.options[tap.option]?.auto).not.toBe(false);
          if (source) after = tapSource(after, source, tap.option);
        }
        after = { pool: after.pool, lifeFor: [...after.lifeFor, ...plan.lifeFor] };
        expect(settle(cost, after, life, rules)).not.toBeNull();
        expect(brute(cost, after, [], Math.min(life, 2 * after.lifeFor.length))).toBe(true);
      }),
      RUNS,
    );
  });

  it('settle pays exactly when the pool and the chosen life pay, each mana once and to a symbol it may pay', () => {
    fc.assert(
      fc.property(caseArb, ({ cost, progress, life }) => {
        const settled = settle(cost, progress, life, rules);
        expect(settled !== null).toBe(brute(cost, progress, [], Math.min(life, 2 * progress.lifeFor.length)));
        if (!settled) return;
        settled.symbolOfPoolMana.forEach((index, i) => {
          if (index === null) return;
          const symbol = cost[index];
          const unit = progress.pool[i];
          expect(symbol && unit).toBeTruthy();
          if (!symbol || !unit) return;
          if (symbol.kind === 'mana') expect(unit.type).toBe(symbol.type);
          if (symbol.kind === 'hybrid') expect(symbol.types).toContain(unit.type);
          if (symbol.kind === 'phyrexian') expect(unit.type).toBe(symbol.type);
          expect(progress.lifeFor).not.toContain(index);
        });
      }),
      RUNS,
    );
  });

  it('every offered tap keeps the cost payable, and a tap that would not is not offered', () => {
    fc.assert(
      fc.property(caseArb, ({ cost, sources, progress, life }) => {
        const offered = usefulTaps(cost, progress, sources, life, rules);
        sources.forEach((s, i) => {
          const rest = sources.filter((_, j) => j !== i);
          s.options.forEach((_, option) => {
            const keeps = brute(cost, tapSource(progress, s, option), rest, life);
            expect(offered.some((t) => t.source === s.id && t.option === option)).toBe(keeps);
          });
        });
      }),
      RUNS,
    );
  });

  it('what is still owed, paid with fresh mana on top of the pool, pays the cost; nothing is owed once it settles', () => {
    fc.assert(
      fc.property(caseArb, sourcesArb, ({ cost, progress, life }, extra) => {
        const owed = remaining(cost, progress, rules);
        const fresh = extra.map(({ restriction: _r, ...s }) => ({
          ...s,
          options: s.options.map((o) => ({ mana: o.mana })),
        }));
        const committed = 2 * progress.lifeFor.length;
        if (committed <= life && brute(owed, { pool: [], lifeFor: [] }, fresh, life - committed))
          expect(brute(cost, progress, fresh, life)).toBe(true);
        if (settle(cost, progress, life, rules)) expect(owed).toEqual([]);
      }),
      RUNS,
    );
  });
});
