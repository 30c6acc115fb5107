// Where every drawn string came from. Hidden-information tests use this: a string the renderer drew must be
// made only of pieces of the model (which the per-viewer view filled) and of the renderer's own vocabulary.
import type { GameId } from '../engine/core/game.ts';
import { styleOf } from './styles/index.ts';
import { UI_WORDS } from './ui-words.ts';

/** Characters the renderer itself puts between model pieces ("×3", "1.", "(Aoi)", "500/500", "+2 more", "…"). */
const SEPARATORS = /[\s×/(),.+→…:]+/u;

function stringLeaves(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (typeof value === 'number') out.push(String(value));
  else if (Array.isArray(value)) for (const v of value) stringLeaves(v, out);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) stringLeaves(v, out);
}

/** Every word the renderer may draw on its own for a game, in both locales. */
function vocabulary(game: GameId | null): string[] {
  const out: string[] = [];
  stringLeaves(UI_WORDS, out);
  if (game) stringLeaves(styleOf(game), out);
  return out;
}

/**
 * The drawn strings containing a piece found neither in the model nor in the renderer's vocabulary. Empty means
 * everything in the image is traceable to what the viewer was allowed to see.
 */
export function untracedStrings(drawnText: readonly string[], model: unknown, game: GameId | null): string[] {
  const sources: string[] = [];
  stringLeaves(model, sources);
  const haystack = [...sources, ...vocabulary(game)].join('\n');
  return drawnText.filter((drawn) =>
    drawn
      .split(SEPARATORS)
      // Bare numbers are counts the renderer computes from the model (×3, +10 more, item 1.): never a card's identity.
      .filter((piece) => piece !== '' && !/^\d+$/.test(piece))
      .some((piece) => !haystack.includes(piece)),
  );
}
