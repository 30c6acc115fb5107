import { label } from '../../engine/core/label.ts';
import { BASE_STYLE, GENERIC_PIP } from './base.ts';
import type { GameStyle } from './game-style.ts';

// FoW 208: light, fire, water, wind, darkness; no attribute is "void".
export const FOW_STYLE: Omit<GameStyle, 'title'> = {
  ...BASE_STYLE,
  motif: 'stones',
  frameRadius: 6,
  accent: '#5fb7c9',
  colours: {
    light: { fill: '#eadb9a', ink: '#1b1b1b' },
    fire: { fill: '#d0593f', ink: '#ffffff' },
    water: { fill: '#4d86c4', ink: '#ffffff' },
    wind: { fill: '#5aa36b', ink: '#ffffff' },
    darkness: { fill: '#5a4a6e', ink: '#ffffff' },
    void: { fill: '#a4a9ae', ink: '#111418' },
    generic: GENERIC_PIP,
  },
  states: { ...BASE_STYLE.states, turned: label('Rested', 'レスト') },
  life: label('Life', 'ライフ'),
};
