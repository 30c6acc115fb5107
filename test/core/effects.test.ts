import { describe, expect, it } from 'vitest';
import type { CodeEscape } from '../../src/engine/core/card-data.ts';
import { effectTable } from '../../src/engine/core/effects.ts';
import { UnsupportedRule } from '../../src/engine/core/errors.ts';

type Effect = { do: 'gain'; amount: number } | { do: 'draw'; count: number } | { do: 'mill'; count: number };
type World = { life: number; hand: number; log: string[] };

const table = effectTable<World, Effect, { who: string }>(
  {
    gain: (s, e) => {
      s.life += e.amount;
      return undefined;
    },
    draw: (s, e, ctx) => {
      s.hand += e.count;
      s.log.push(`${ctx.who} draws`);
      return { goto: 'after-draw' };
    },
    mill: () => undefined,
  },
  {
    'double-life': (s) => {
      s.life *= 2;
      return undefined;
    },
  },
  'TEST 609.1',
);

const codeEscape = (handler: string): CodeEscape => ({ do: 'code', handler, text: { en: 'x', ja: 'x' } });

describe('effect handler table', () => {
  it('dispatches each effect to the handler of its `do`, with the context, and passes on a step result', () => {
    const w: World = { life: 10, hand: 0, log: [] };
    expect(table.run(w, { do: 'gain', amount: 3 }, { who: 'p1' })).toBeUndefined();
    expect(table.run(w, { do: 'draw', count: 2 }, { who: 'p2' })).toEqual({ goto: 'after-draw' });
    expect(w).toEqual({ life: 13, hand: 2, log: ['p2 draws'] });
  });

  it('runs a code escape through the same table, by handler name', () => {
    const w: World = { life: 4, hand: 0, log: [] };
    table.run(w, codeEscape('double-life'), { who: 'p1' });
    expect(w.life).toBe(8);
    expect(table.supports(codeEscape('double-life'))).toBe(true);
    expect(table.supports({ do: 'mill', count: 1 })).toBe(true);
  });

  it('refuses an escape or effect it has no handler for, naming it and the rule', () => {
    const w: World = { life: 4, hand: 0, log: [] };
    expect(table.supports(codeEscape('steal-turn'))).toBe(false);
    expect(() => table.run(w, codeEscape('steal-turn'), { who: 'p1' })).toThrow(UnsupportedRule);
    expect(() => table.run(w, codeEscape('steal-turn'), { who: 'p1' })).toThrow(/TEST 609.1.*steal-turn/);
    // An effect from newer card data than the engine (not in the type, as it would arrive from a file):
    const unknown = JSON.parse('{"do":"fly","count":1}') as Effect;
    expect(table.supports(unknown)).toBe(false);
    expect(() => table.run(w, unknown, { who: 'p1' })).toThrow(/no handler for the effect "fly"/);
    expect(w.life).toBe(4);
  });
});
