// Fuzzing any game in a registry (`npm run fuzz -- --game <id>`): its own fuzz decks, in pairs, with the checks of
// `fuzzGame` after every decision. A game without an engine is refused by name.
import { InvalidData } from '../core/errors.ts';
import type { GameId } from '../core/game.ts';
import type { GameRegistry } from '../registry.ts';
import { type FuzzGameResult, type FuzzOptions, fuzzGame } from './random-play.ts';

export interface FuzzRun {
  games: number;
  finished: number;
  decisions: number;
  /** The first failing game, when one failed (the run stops there). */
  failed: { index: number; result: FuzzGameResult } | null;
}

/** Plays `count` random games of `game`: game i pits fuzz deck i against deck i+1 (wrapping), seeded `<seed>-<i>`. */
export function fuzzRegisteredGame(
  registry: GameRegistry,
  game: GameId,
  count: number,
  seed: string,
  options: FuzzOptions,
): FuzzRun {
  const definition = registry.find(game);
  if (!definition) throw new InvalidData(`unknown game "${game}" (known: ${registry.ids().join(', ')})`);
  if (!definition.play) {
    const playable = registry.playableGames().map((g) => g.id);
    throw new InvalidData(
      `${definition.name.en} has no engine yet: nothing to fuzz (playable: ${playable.join(', ')})`,
    );
  }
  const decks = definition.play.fuzzDecks();
  if (decks.length === 0) throw new InvalidData(`${definition.name.en} has no fuzz decks`);
  const run: FuzzRun = { games: 0, finished: 0, decisions: 0, failed: null };
  for (let i = 0; i < count; i++) {
    const p1 = decks[i % decks.length];
    const p2 = decks[(i + 1) % decks.length];
    if (!p1 || !p2) throw new InvalidData(`${definition.name.en}: no fuzz decks`);
    const result = fuzzGame(definition.play.module, { game, decks: { p1, p2 } }, `${seed}-${i}`, options);
    run.games += 1;
    run.decisions += result.decisions;
    if (result.finished) run.finished += 1;
    if (result.failures.length > 0) {
      run.failed = { index: i, result };
      break;
    }
  }
  return run;
}
