// Issue 18's scope, item by item (docs/rulings/fow.md "Scope of issue 18"): what the engine does not implement is
// refused with the rule it would need, never played silently.
import { describe, expect, it } from 'vitest';
import { unsupportedRuleOf } from '../../src/engine/games/fow/abilities.ts';
import { FOW_CARDS } from '../../src/engine/games/fow/cards/pool.ts';
import { FowCardSchema } from '../../src/engine/games/fow/cards/schema.ts';
import { fow } from '../../src/engine/games/fow/index.ts';
import type { FowState } from '../../src/engine/games/fow/state.ts';
import { AURELLE, choose, deck, giveWill, NERISSA, passUntil, pending, put } from './helpers.ts';

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
    ['replace', '910'],
    ['become-a-copy', '1017.2'],
    ['invert', '1030'],
    ['wear', '1032'],
    ['weather', '1028'],
    ['gain-gem', '1027'],
    ['no-such-handler', '903.3'],
  ])('a card whose effect is "%s" is refused with rule %s', (handler, rule) => {
    expect(unsupportedRuleOf(chantDoing(handler))).toEqual({ rule, what: handler });
  });

  it('1304.2, 1304.5: a colossal ruler has a 2nd J-ruler face exactly when its 1st has [Judgment]', () => {
    const face = { name: text, types: ['j-ruler'], attributes: ['fire'], atk: 1000, def: 1000 };
    const ruler = (judges: boolean, second: boolean) =>
      FowCardSchema.safeParse({
        id: 'test-colossal',
        name: text,
        types: ['ruler'],
        attributes: ['fire'],
        keywords: [{ keyword: 'judgment', cost: { will: ['R'], free: 0 } }],
        back: { ...face, keywords: judges ? [{ keyword: 'judgment', cost: { will: ['R'], free: 2 } }] : [] },
        ...(second ? { second: face } : {}),
        text,
      });
    const colossal = ruler(true, true);
    expect(colossal.success && unsupportedRuleOf(colossal.data)).toBeNull();
    expect(ruler(true, false).error?.message).toContain('1304.5a');
    expect(ruler(false, true).error?.message).toContain('1304.2');
    const plain = ruler(false, false);
    expect(plain.success && unsupportedRuleOf(plain.data)).toBeNull();
  });

  it('every card of the pool is supported, so every precon starts (the setup check refuses only unsupported cards)', () => {
    expect([...FOW_CARDS.values()].filter((c) => unsupportedRuleOf(c) !== null).map((c) => c.id)).toEqual([]);
    const s = fow.setup({ game: 'fow', decks: { p1: deck(AURELLE, []), p2: deck(NERISSA, []) } }, 'scope');
    expect(s.result).toBeNull();
  });
});

describe('rules version 2: the chant reveal window (ruling F-REVEAL)', () => {
  /** p1 at main timing with a Flare Lance and its will, p2 holding a card; `options` as a stored match's setup. */
  const lanceAtKite = (options?: Record<string, boolean>) => {
    let s: FowState | null = null;
    for (let i = 0; i < 50 && !s; i++) {
      let t = fow.setup(
        { game: 'fow', decks: { p1: deck(AURELLE, []), p2: deck(NERISSA, []) }, ...(options ? { options } : {}) },
        `v2-${i}`,
      );
      t = choose(choose(t, 'keep'), 'keep');
      if (t.firstPlayer === 'p1') s = t;
    }
    if (!s) throw new Error('no seed gives p1 the first turn');
    s = passUntil(s, (x) => x.turn.phase === 'main' && pending(x).kind === 'priority' && x.chase.length === 0);
    const lance = put(s, 'p1', 'flare-lance', 'hand');
    const kite = put(s, 'p2', 'skyveil-kite', 'field');
    giveWill(s, 'p1', 'RR');
    s = choose(s, `play:${lance}`);
    return choose(s, `obj:${kite}`);
  };

  it('a chant asks the opponent who holds cards; a version-1 match (option false) replays without asking', () => {
    expect(fow.rulesVersion).toBe(2);
    expect(fow.migrations?.[1]).toEqual({ kind: 'replay', setupOptions: { chantRevealWindow: false } });
    const now = lanceAtKite();
    expect(now.players.p2.hand.length).toBeGreaterThan(0);
    expect(pending(now)).toMatchObject({ kind: 'reveal', player: 'p2' });
    const v1 = lanceAtKite({ chantRevealWindow: false });
    expect(pending(v1)).toMatchObject({ kind: 'priority', player: 'p1' });
  });
});
