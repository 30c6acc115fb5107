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
    '007.6': ['mulligan', 'マリガン'],
    '003.2.3': ['concede', '投了'],
    '305': ['graveyard'],
    '308': ['hand'],
    '502': ['defeat check'],
    '700': ['priority'],
    '905': ['draw'],
    '907': ['destroy', '破壊'],
  },
  mtg: {
    // The heading of 105 lost its kanji in the translation (printed only as the reading いろ).
    '105': ['色', 'color', 'colour'],
    // 203's heading (絵, illustration) was lost altogether, and 701.18's verb (探す) lost its kanji.
    '203': ['絵', 'illustration'],
    '701.18': ['探す'],
    '103.4': ['mulligan', 'マリガン'],
    '104.3a': ['concede', '投了'],
    '116': ['priority'],
    '704': ['state-based actions', 'sba'],
  },
  fow: {
    '1102': ['pierce'],
    '1103': ['precision'],
    '1104': ['first strike'],
    '1105': ['explode'],
    '1106': ['flying'],
    '1107': ['swiftness'],
    '1108': ['imperishable'],
    '1109': ['awakening'],
    '1110': ['incarnation'],
    '1111': ['quickcast'],
    '1112': ["god's art", 'gods art'],
    '1114': ['stealth'],
    '1115': ['remnant'],
    '1120': ['barrier'],
    '1121': ['equip'],
    '1138': ['bane'],
    '1139': ['eternal'],
    '1140': ['enter'],
    '1034': ['foresee'],
    '1010': ['destroy'],
    '1009': ['draw'],
    '600': ['priority'],
  },
  aqa: {
    '6-1': ['penetrate', 'pierce'],
    '6-2': ['resist'],
    '6-3': ['charge'],
    '6-4': ['bind'],
    '6-5': ['intercept'],
    '6-6': ['search'],
    '3': ['attack'],
    '4': ['guard'],
    '5': ['battle'],
  },
  pmv: {
    '10.2': ['haste'],
    '10.3': ['ambush'],
    '10.4': ['first strike'],
    '10.5': ['pierce'],
    '10.6': ['stealth'],
    '10.7': ['vigilance'],
    '10.8': ['instant death'],
    '10.13': ['equip'],
    '10.28': ['transform'],
    '3.3': ['netherworld'],
    '6.5': ['graze'],
    '1.12': ['priority', 'interference'],
    '12.7': ['concede'],
  },
};
