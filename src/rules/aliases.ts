import type { GameId } from '../engine/core/game.ts';

/**
 * English (and other) names for rules whose document gives none, so `/rules flying` works before our reference
 * for a game exists. Our reference (data/rules/<game>/reference.json) adds more; these are the names players
 * use most. Keys are rule numbers as the official document writes them.
 */
export const ALIASES: Readonly<Record<GameId, Readonly<Record<string, readonly string[]>>>> = {
  nova: {
    '1002': ['flash', 'quick chant'],
    '1003': ['haste', 'gale'],
    '1004': ['trample', 'pierce'],
    '1005': ['equip'],
    '502': ['lose', 'defeat check'],
    '503': ['destroy', 'hp shortfall'],
  },
  mtg: {
    // The heading of 105 lost its kanji in the translation (printed only as the reading いろ).
    '105': ['色', 'color', 'colour'],
    // 203's heading (絵, illustration) was lost altogether.
    '203': ['絵', 'illustration'],
  },
  fow: {},
  aqa: {},
  pmv: {},
};
