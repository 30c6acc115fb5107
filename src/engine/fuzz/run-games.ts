// Fuzzing any game in a registry (`npm run fuzz -- --game <id>`): its own fuzz decks, in pairs, with the checks of
// `fuzzGame` after every decision. A game without an engine is refused by name.
import { InvalidData } from '../core/errors.ts';
import type { GameId, MatchSetup } from '../core/game.ts';
import type { GameRegistry } from '../registry.ts';
import { type FuzzGameResult, type FuzzOptions, fuzzGame } from './random-play.ts';

export interface FuzzRun {
  games: number;
  finished: number;
  decisions: number;
  /** The first failing game, when one failed (the run stops there). */
  failed: { index: number; result: FuzzGameResult } | null;
}

/** Game number `index` of a run: fuzz deck i against deck i+1 (wrapping), seeded `<seed>-<i>`. */
export type FuzzGameAt = (index: number) => FuzzGameResult;

/**
 * The games of `game` in `registry`, by number, after checking it can be fuzzed (it has an engine and fuzz decks).
 * Game i depends on nothing but i, the seed and the options, so games may be played in any order or process.
 */
export function registeredFuzzGames(
  registry: GameRegistry,
  game: GameId,
  seed: string,
  options: FuzzOptions,
): FuzzGameAt {
  const definition = registry.find(game);
  if (!definition) throw new InvalidData(`unknown game "${game}" (known: ${registry.ids().join(', ')})`);
  const play = definition.play;
  if (!play) {
    const playable = registry.playableGames().map((g) => g.id);
    throw new InvalidData(
      `${definition.name.en} has no engine yet: nothing to fuzz (playable: ${playable.join(', ')})`,
    );
  }
  const decks = play.fuzzDecks();
  if (decks.length === 0) throw new InvalidData(`${definition.name.en} has no fuzz decks`);
  return (i) => {
    const [p1, p2] = play.fuzzPair?.(i) ?? [decks[i % decks.length], decks[(i + 1) % decks.length]];
    if (!p1 || !p2) throw new InvalidData(`${definition.name.en}: no fuzz decks`);
    const setup: MatchSetup = { game, decks: { p1, p2 } };
    return fuzzGame(play.module, setup, `${seed}-${i}`, options);
  };
}

/**
 * A run's report from its games' results, read in order of number as a run one game after another reads them: up
 * to and including the first failing game, whatever order they were played in. `resultOf` gives undefined for a game
 * not played; none may be missing before the first failure.
 */
export function runReport(count: number, resultOf: (index: number) => FuzzGameResult | undefined): FuzzRun {
  const run: FuzzRun = { games: 0, finished: 0, decisions: 0, failed: null };
  for (let i = 0; i < count; i++) {
    const result = resultOf(i);
    if (!result) throw new Error(`fuzz game ${i} has no result`);
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

/** Plays `count` random games of `game` one after another, stopping at the first failing one. */
export function fuzzRegisteredGame(
  registry: GameRegistry,
  game: GameId,
  count: number,
  seed: string,
  options: FuzzOptions,
): FuzzRun {
  // runReport asks for the games in order and stops at the first failure: each game is played when asked.
  return runReport(count, registeredFuzzGames(registry, game, seed, options));
}
