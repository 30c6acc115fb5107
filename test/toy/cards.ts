/**
 * The toy's card pool: data only. A real game loads it from `data/cards/<game>/cards.json` through its zod schema
 * (core/card-data.ts); the shape is the same: printed values and effects from a small vocabulary keyed by `do`, and
 * `{do: "code", handler}` for what the vocabulary cannot say (Snare's burst).
 */
import type { CodeEscape } from '../../src/engine/core/card-data.ts';
import type { Label } from '../../src/engine/core/label.ts';

/** The effect vocabulary; each `do` has one handler in effects.ts. */
export type ToyEffect =
  | { do: 'damage'; amount: number }
  | { do: 'draw'; count: number }
  | { do: 'boost'; amount: number }
  | { do: 'play-another' }
  | { do: 'drain' };

export type ToyCard =
  | { type: 'spell'; name: Label; targets: boolean; effects: (ToyEffect | CodeEscape)[] }
  | { type: 'unit'; name: Label; power: number; toughness: number; onDeath?: ToyEffect }
  | { type: 'ward'; name: Label; ward: 'halve' | 'reduce' }
  | { type: 'trap'; name: Label; flip: (ToyEffect | CodeEscape)[] };

const name = (en: string, ja: string): Label => ({ en, ja });

export const TOY_CARDS: Readonly<Record<string, ToyCard>> = {
  ember: { type: 'spell', name: name('Ember', '残り火'), targets: true, effects: [{ do: 'damage', amount: 2 }] },
  'echo-chant': {
    type: 'spell',
    name: name('Echo Chant', '反響の詠唱'),
    targets: false,
    // While it resolves, its controller may play another card: a nested play frame inside the resolution.
    effects: [{ do: 'draw', count: 1 }, { do: 'play-another' }],
  },
  'rally-horn': {
    type: 'spell',
    name: name('Rally Horn', '鼓舞の角笛'),
    targets: false,
    effects: [{ do: 'boost', amount: 1 }],
  },
  footman: { type: 'unit', name: name('Footman', '歩兵'), power: 2, toughness: 2 },
  martyr: { type: 'unit', name: name('Martyr', '殉教者'), power: 1, toughness: 1, onDeath: { do: 'drain' } },
  'halving-totem': { type: 'ward', name: name('Halving Totem', '半減の柱'), ward: 'halve' },
  buckler: { type: 'ward', name: name('Buckler', '小盾'), ward: 'reduce' },
  snare: {
    type: 'trap',
    name: name('Snare', '罠'),
    flip: [{ do: 'code', handler: 'snare-burst', text: name('Deal 2 damage to your opponent.', '相手に2ダメージ。') }],
  },
};

export function cardOf(id: string): ToyCard {
  const card = TOY_CARDS[id];
  if (!card) throw new Error(`unknown toy card "${id}"`);
  return card;
}

/** The two decks the tests and the fuzzer play (12 cards each, TOY 1.1). */
export const TOY_DECKS: Record<'aggro' | 'guard', string[]> = {
  aggro: [
    'ember',
    'ember',
    'echo-chant',
    'rally-horn',
    'footman',
    'footman',
    'martyr',
    'martyr',
    'snare',
    'snare',
    'buckler',
    'halving-totem',
  ],
  guard: [
    'halving-totem',
    'buckler',
    'martyr',
    'martyr',
    'footman',
    'footman',
    'echo-chant',
    'echo-chant',
    'ember',
    'snare',
    'rally-horn',
    'ember',
  ],
};
