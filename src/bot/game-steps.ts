// Per game: the steps a player can put a stop on, and where a state is (turn, step, whether something waits to
// resolve). Everything here is public information. Each game's definition provides them (read through a typed
// accessor of its own state); the bot's auto-pass and stops (auto-pass.ts) go through the registry.
import type { BaseState, GameId, Seat } from '../engine/core/game.ts';
import type { GameSteps, Position } from '../engine/definition.ts';
import type { GameRegistry } from '../engine/registry.ts';

export type { GameSteps, Position, StepInfo } from '../engine/definition.ts';

/** The steps of a game with an engine, or null for a game that cannot be played (yet). */
export function stepsFor(games: GameRegistry, game: GameId): GameSteps<BaseState> | null {
  return games.find(game)?.play?.steps ?? null;
}

/**
 * Where a player is asked by default, and only when they could act (something besides pass): MTG Arena's default
 * stops as the reference (docs/bot.md, "Stops and pass modes"). `stops` apply with auto-pass on and no stops of the
 * player's or the server's own; `untilDecision` is where "Pass until my next decision" ends: the same without the end
 * of the opponent's turn. A game with no entry here has no default stops: its players are asked at every priority
 * where they could act (full control), until its steps are listed.
 */
const DEFAULT_STOPS: Readonly<Record<GameId, { stops: readonly string[]; untilDecision: readonly string[] }>> = {
  // NOVA 404/406 main phases; 405.5 the block step (being attacked: before and after blocks); 407 the end phase.
  nova: {
    stops: ['my:main1', 'my:main2', 'their:block', 'their:end'],
    untilDecision: ['my:main1', 'my:main2', 'their:block'],
  },
  // CR 505 main phases; 509 declare blockers of my attack (the blocks are known); 508 declare attackers of theirs
  // (being attacked, before blocks); 513 their end step.
  mtg: {
    stops: ['my:main1', 'my:declare-blockers', 'my:main2', 'their:declare-attackers', 'their:end'],
    untilDecision: ['my:main1', 'my:declare-blockers', 'my:main2', 'their:declare-attackers'],
  },
  // FoW 504 main phase (battles begin from it); 804 the block declaration step of my attack (blockers known); 803 the
  // attack declaration step of theirs (being attacked, before blocks); 505 their end phase.
  fow: {
    stops: ['my:main', 'my:battle-block', 'their:battle-attack', 'their:end'],
    untilDecision: ['my:main', 'my:battle-block', 'their:battle-attack'],
  },
  // PMV §4.7 main phase (node set, plays and attacks); an attack is an interference, so being attacked is asked as
  // something waiting; §4.8 their discard phase, the last priority of their turn.
  pmv: {
    stops: ['my:main', 'their:discard'],
    untilDecision: ['my:main'],
  },
  // AQA main phase (plays and attacks); attacks and phase declarations wait on the chain, so answering them is asked
  // as something waiting; their end phase.
  aqa: {
    stops: ['my:main', 'their:end'],
    untilDecision: ['my:main'],
  },
};

export { resourceKinds } from '../engine/resource-kinds.ts';

/** Every step, on both sides: where a game without default stops asks (full control). */
function everyStep(games: GameRegistry, game: GameId): string[] {
  return (stepsFor(games, game)?.steps ?? []).map((s) => s.id);
}

/** The game's default stops (where a player who set none is asked when they could act). */
export function defaultStops(games: GameRegistry, game: GameId): readonly string[] {
  return DEFAULT_STOPS[game]?.stops ?? everyStep(games, game);
}

/** Where "Pass until my next decision" stops passing (besides any decision that is not priority, and the stack). */
export function untilDecisionStops(games: GameRegistry, game: GameId): readonly string[] {
  return DEFAULT_STOPS[game]?.untilDecision ?? everyStep(games, game);
}

/** Whether `stops` holds a stop at this step for `seat` (a plain stop, or one for the side whose turn it is). */
export function stopsAt(stops: readonly string[], position: Position, seat: Seat): boolean {
  const side = position.active === seat ? 'my' : 'their';
  return stops.includes(position.step) || stops.includes(`${side}:${position.step}`);
}

/** A stop for one side's turns only: `my:end` (in my own turns), `their:end` (in the opponent's). */
const SIDES: Record<string, 'my' | 'their'> = { my: 'my', their: 'their', 自分: 'my', 相手: 'their' };

/**
 * Parses a stop list typed by a user ("main1, their:end", "none"); returns the stop ids or the unknown words.
 * Accepts ids or English/Japanese step names, case-insensitively, each optionally prefixed with `my:` or `their:`
 * (`自分:`, `相手:`) for one side's turns only.
 */
export function parseStops(
  games: GameRegistry,
  game: GameId,
  text: string,
): { ok: true; stops: string[] } | { ok: false; unknown: string[]; valid: string[] } {
  const steps = stepsFor(games, game)?.steps ?? [];
  const words = text
    .split(/[,、\n]/)
    .map((w) => w.trim())
    .filter((w) => w.length > 0);
  if (words.length === 1 && /^(none|なし)$/i.test(words[0] as string)) return { ok: true, stops: [] };
  const stops: string[] = [];
  const unknown: string[] = [];
  for (const word of words) {
    const [prefix, rest] = word.split(/[:：]/, 2).map((w) => w.trim());
    const side = rest !== undefined ? SIDES[(prefix ?? '').toLowerCase()] : undefined;
    const name = rest ?? word;
    const lower = name.toLowerCase();
    const step = steps.find(
      (s) => s.id.toLowerCase() === lower || s.name.en.toLowerCase() === lower || s.name.ja === name,
    );
    const id = step ? (side ? `${side}:${step.id}` : step.id) : null;
    if (!id || (rest !== undefined && !side)) unknown.push(word);
    else if (!stops.includes(id)) stops.push(id);
  }
  if (unknown.length > 0 || stops.length === 0) {
    return { ok: false, unknown, valid: [...steps.map((s) => s.id), 'my:<step>', 'their:<step>'] };
  }
  return { ok: true, stops };
}
