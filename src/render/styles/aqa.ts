import { BASE_STYLE, GENERIC_PIP } from './base.ts';
import type { GameStyle } from './game-style.ts';

// Aquarian Age's six factions (§22-4) plus factionless; the game has no life total and no tapping.
export const AQA_STYLE: Omit<GameStyle, 'title'> = {
  ...BASE_STYLE,
  motif: 'lattice',
  frameRadius: 3,
  accent: '#7fb2e0',
  colours: {
    ego: { fill: '#4f86c6', ink: '#ffffff' },
    arayashiki: { fill: '#d0c07a', ink: '#1b1b1b' },
    wizdom: { fill: '#5aa36b', ink: '#ffffff' },
    darklore: { fill: '#5a4a6e', ink: '#ffffff' },
    polestar: { fill: '#c8554b', ink: '#ffffff' },
    eraser: { fill: '#d6d9dc', ink: '#1b1b1b' },
    factionless: { fill: '#a4a9ae', ink: '#111418' },
    generic: GENERIC_PIP,
  },
  life: null,
};
