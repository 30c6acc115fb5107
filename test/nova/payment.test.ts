import { describe, expect, it } from 'vitest';
import { paymentPlans } from '../../src/engine/games/nova/energy.ts';
import { parseNovaScenario } from '../../src/engine/games/nova/scenario/hooks.ts';
import { buildNovaPosition } from '../../src/engine/games/nova/scenario/position.ts';
import type { NovaState } from '../../src/engine/games/nova/state.ts';

const cost = (c: Partial<Record<'red' | 'blue' | 'green' | 'white' | 'black' | 'generic', number>>) => ({
  red: 0,
  blue: 0,
  green: 0,
  white: 0,
  black: 0,
  generic: 0,
  ...c,
});

function position(p1: string): NovaState {
  return buildNovaPosition(parseNovaScenario(`rule: payment plans\ngame: nova\nsetup:\n  p1: ${p1}\n`));
}

const texts = (s: NovaState, c: ReturnType<typeof cost>) =>
  paymentPlans(s, 'p1', c)
    .map((p) => p.units.map((u) => u.en).join(', '))
    .sort();

describe('NOVA payment plans (804.2.4: the payer chooses which energy pays)', () => {
  it('one plan when every way spends the same kinds', () => {
    expect(texts(position('{ energy: [red, red, red] }'), cost({ red: 1, generic: 1 }))).toEqual(['red, red']);
  });

  it('a plan per colour that can pay the generic part, never one that misses the coloured part', () => {
    expect(texts(position('{ energy: [red, red, green, blue] }'), cost({ red: 1, generic: 1 }))).toEqual([
      'red, blue',
      'red, green',
      'red, red',
    ]);
  });

  it('colourless energy pays generic only (A6)', () => {
    expect(texts(position('{ energy: [colorless, green] }'), cost({ green: 1, generic: 1 }))).toEqual([
      'colorless, green',
    ]);
    expect(texts(position('{ energy: [colorless, colorless] }'), cost({ red: 1 }))).toEqual([]);
  });

  it('frozen energy cards are not offered (A49)', () => {
    expect(texts(position('{ energy: [{ card: red, frozen: true }, green] }'), cost({ generic: 1 }))).toEqual([
      'green',
    ]);
  });

  it('an energy ability is its own kind, apart from energy cards of its colour (801.6)', () => {
    expect(
      texts(position('{ energy: [green], field: [Rootcaller Druid] }'), cost({ green: 1 })).map((t) => t.toLowerCase()),
    ).toEqual(['green', "green (rootcaller druid's ability)"]);
  });

  it('each plan names exactly as many units as the cost has', () => {
    const s = position('{ energy: [red, red, green, green, blue, white] }');
    for (const p of paymentPlans(s, 'p1', cost({ red: 1, generic: 3 }))) {
      expect(p.ids).toHaveLength(4);
      expect(new Set(p.ids).size).toBe(4);
    }
  });
});
