// Per game: how a per-viewer view becomes render models and log lines, and what the engine's decision kinds are
// called. Both come with the game's definition, found in the bot's registry (`ctx.games`): the bot names no game.
import type { GameId } from '../engine/core/game.ts';
import type { Label, Locale } from '../engine/core/label.ts';
import type { GamePresenter } from '../engine/definition.ts';
import type { GameRegistry } from '../engine/registry.ts';

export type { PresentOptions } from '../engine/definition.ts';

/** The presenter of a game with an engine (a match only exists for such a game). */
export function presenterFor(games: GameRegistry, game: GameId): GamePresenter<unknown> {
  return games.playable(game).play.presenter;
}

/** The public name of a decision kind in that game; an unknown kind shows as is. */
export function decisionKindName(games: GameRegistry, game: GameId, kind: string, locale: Locale): string {
  return games.find(game)?.play?.decisionKinds[kind]?.[locale] ?? kind;
}

/** The game's words for its own decision problem codes, as a field to spread into the controls' input. */
export function problemWordsOf(games: GameRegistry, game: GameId): { problemWords?: Readonly<Record<string, Label>> } {
  const words = games.find(game)?.play?.problemWords;
  return words ? { problemWords: words } : {};
}
