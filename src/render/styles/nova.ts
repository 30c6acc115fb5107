import { label } from '../../engine/core/label.ts';
import { BASE_STYLE, GENERIC_PIP } from './base.ts';
import type { GameStyle } from './game-style.ts';

// NOVA 102.3: red, blue, green, white, black, colourless.
export const NOVA_STYLE: Omit<GameStyle, 'title'> = {
  ...BASE_STYLE,
  motif: 'rings',
  frameRadius: 10,
  accent: '#e0a84a',
  colours: {
    red: { fill: '#c8554b', ink: '#ffffff' },
    blue: { fill: '#4a7fc1', ink: '#ffffff' },
    green: { fill: '#4f9a62', ink: '#ffffff' },
    white: { fill: '#e6e1d3', ink: '#1b1b1b' },
    black: { fill: '#4b4452', ink: '#ffffff' },
    colourless: { fill: '#a4a9ae', ink: '#111418' },
    colorless: { fill: '#a4a9ae', ink: '#111418' },
    generic: GENERIC_PIP,
  },
  states: {
    ...BASE_STYLE.states,
    turned: label('Frozen', 'フリーズ'),
    upsideDown: label('Frozen', 'フリーズ'),
    destroyedPending: label('Destroyed', '破壊状態'),
  },
  life: label('LP', 'LP'),
};
