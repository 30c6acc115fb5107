import { label } from '../../engine/core/label.ts';
import { BASE_STYLE, GENERIC_PIP } from './base.ts';
import type { GameStyle } from './game-style.ts';

// The five colours W U B R G plus colourless; muted so that a full battlefield stays calm.
export const MTG_STYLE: Omit<GameStyle, 'title'> = {
  ...BASE_STYLE,
  motif: 'facets',
  frameRadius: 16,
  accent: '#b48ad6',
  colours: {
    white: { fill: '#ece4c8', ink: '#1b1b1b' },
    blue: { fill: '#4f86c6', ink: '#ffffff' },
    black: { fill: '#3f3a44', ink: '#ffffff' },
    red: { fill: '#cf5a45', ink: '#ffffff' },
    green: { fill: '#4e9459', ink: '#ffffff' },
    colourless: { fill: '#a9a9ad', ink: '#111418' },
    colorless: { fill: '#a9a9ad', ink: '#111418' },
    gold: { fill: '#cfae55', ink: '#1b1b1b' },
    generic: GENERIC_PIP,
  },
  states: {
    ...BASE_STYLE.states,
    turned: label('Tapped', 'タップ'),
    actionRestricted: label('Summoning sick', '召喚酔い'),
  },
  life: label('Life', 'ライフ'),
};
