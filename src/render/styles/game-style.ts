// What a game supplies to the renderer: colours and words, never layout. Every game shares one calm dark theme
// and differs in its accent, its colour identity and the words for shared card states.
import type { Label } from '../../engine/core/label.ts';
import type { Motif } from '../card/picture.ts';
import type { CardState } from '../table-model.ts';

/** A colour of the game's identity (a card colour, attribute or faction): frame tint and the ink drawn on it. */
export interface Swatch {
  fill: string;
  ink: string;
}

export interface GameStyle {
  /** Shown in image headers. */
  title: Label;
  /** Page background, panels, rules and text. */
  background: string;
  panel: string;
  panelEdge: string;
  ink: string;
  mutedInk: string;
  /** The game's accent: headers, the active player's marker. */
  accent: string;
  /** Colour identity by colour key; unknown keys fall back to `neutral`. */
  colours: Record<string, Swatch>;
  neutral: Swatch;
  /** Word for each shared card state in this game ("Frozen" in NOVA, "Tapped" in MTG, ...). */
  states: Record<CardState, Label>;
  /** Word for life ("LP", "Life"); null when the game has none. */
  life: Label | null;
  /** Card-face frame corner radius: each game's frame has its own shape. */
  frameRadius: number;
  /** The pattern in a card face's picture box (we draw no artwork). */
  motif: Motif;
}

export function swatch(style: GameStyle, key: string | undefined): Swatch {
  return (key !== undefined && style.colours[key]) || style.neutral;
}
