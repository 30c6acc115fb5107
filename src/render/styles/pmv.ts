import { label } from '../../engine/core/label.ts';
import { BASE_STYLE, GENERIC_PIP } from './base.ts';
import type { GameStyle } from './game-style.ts';

// Phantom Magic Vision has no card colours; its identity is the card type, and costs are paid in nodes.
export const PMV_STYLE: Omit<GameStyle, 'title'> = {
  ...BASE_STYLE,
  motif: 'petals',
  frameRadius: 20,
  accent: '#d77fa6',
  colours: {
    character: { fill: '#c76f8f', ink: '#ffffff' },
    spell: { fill: '#6f83c7', ink: '#ffffff' },
    command: { fill: '#c9a45a', ink: '#1b1b1b' },
    node: { fill: '#8c7bc0', ink: '#ffffff' },
    generic: GENERIC_PIP,
  },
  states: { ...BASE_STYLE.states, turned: label('Asleep', '休息'), destroyedPending: label('Doomed', '破壊予定') },
  life: label('Life', 'ライフ'),
};
