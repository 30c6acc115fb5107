// Issue 18's scope, item by item (docs/rulings/fow.md "Scope of issue 18"): what the engine does not implement is
// refused with the rule it would need, never played silently.
import { describe, expect, it } from 'vitest';
import { unsupportedRuleOf } from '../../src/engine/games/fow/abilities.ts';
import { FOW_CARDS } from '../../src/engine/games/fow/cards/pool.ts';
import { FowCardSchema } from '../../src/engine/games/fow/cards/schema.ts';
import { fow } from '../../src/engine/games/fow/index.ts';
import { AURELLE, deck, NERISSA } from './helpers.ts';

const text = { en: 'x', ja: 'x' };
const chantDoing = (handler: string) =>
  FowCardSchema.parse({
    id: `test-${handler}`,
    name: text,
    types: ['chant'],
    attributes: ['fire'],
    cost: { will: ['R'], free: 0 },
    effects: [{ do: 'code', handler, text }],
    text,
  });

describe('scope of issue 18: refusals name their rule', () => {
  it.each([
    ['extra-turn', '1025'],
    ['summon', '1006'],
    ['heal', '1024'],
    ['prevent', '1018'],
    ['become-a-copy', '1017.2'],
    ['invert', '1030'],
    ['wear', '1032'],
    ['weather', '1028'],
    ['gain-gem', '1027'],
    ['no-such-handler', '903.3'],
  ])('a card whose effect is "%s" is refused with rule %s', (handler, rule) => {
    expect(unsupportedRuleOf(chantDoing(handler))).toEqual({ rule, what: handler });
  });

  it('1304.5: a colossal ruler (its J-ruler face has [Judgment]) is refused with 1304.5', () => {
    const face = { name: text, types: ['j-ruler'], attributes: ['fire'], atk: 1000, def: 1000 };
    const ruler = (second: boolean) =>
      FowCardSchema.parse({
        id: 'test-colossal',
        name: text,
        types: ['ruler'],
        attributes: ['fire'],
        keywords: [{ keyword: 'judgment', cost: { will: ['R'], free: 0 } }],
        back: { ...face, keywords: second ? [{ keyword: 'judgment', cost: { will: ['R'], free: 2 } }] : [] },
        text,
      });
    expect(unsupportedRuleOf(ruler(true))?.rule).toBe('1304.5');
    expect(unsupportedRuleOf(ruler(false))).toBeNull();
  });

  it('every card of the pool is supported, so every precon starts (the setup check refuses only unsupported cards)', () => {
    expect([...FOW_CARDS.values()].filter((c) => unsupportedRuleOf(c) !== null).map((c) => c.id)).toEqual([]);
    const s = fow.setup({ game: 'fow', decks: { p1: deck(AURELLE, []), p2: deck(NERISSA, []) } }, 'scope');
    expect(s.result).toBeNull();
  });
});
