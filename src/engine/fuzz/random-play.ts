import { cloneJson } from '../core/clone.ts';
import {
  type BaseState,
  type DecisionOption,
  type DecisionResponse,
  type GameModule,
  type MatchSetup,
  opponentOf,
  type PendingDecision,
  type Seat,
  type Viewer,
} from '../core/game.ts';
import { canonicalJson, stateHash } from '../core/hash.ts';
import { type LoggedDecision, replay } from '../core/replay.ts';
import { nextInt, type RngState, seedRng } from '../core/rng.ts';
import { ViewScanner } from './view-scan.ts';

export interface FuzzOptions {
  /** Check views for hidden objects after every decision (slower). */
  checkViews: boolean;
  /** Stop a game after this many decisions (it then counts as unfinished, not as a failure). */
  maxDecisions: number;
  /** Probability of preferring a non-pass option when one exists; makes random games shorter and busier. */
  activity: number;
  /**
   * Every this many decisions, check the game's search hooks (`searchProblems`) when it has them; absent: never.
   */
  checkSearchEvery?: number;
}

export interface FuzzGameResult {
  seed: string;
  decisions: number;
  finished: boolean;
  failures: string[];
  finalHash: string;
}

const VIEWERS: Viewer[] = [{ kind: 'player', seat: 'p1' }, { kind: 'player', seat: 'p2' }, { kind: 'spectator' }];

/**
 * A random answer of the decision's shape within the kernel's limits: for a pick, between min and max distinct
 * options with a bias towards doing something; a number in range; a distribution within its bounds; a declaration
 * with every slot within its own counts (the game may still refuse the whole, which is itself a decision).
 */
export function randomResponse(
  pending: PendingDecision,
  rng: RngState,
  activity: number,
): [DecisionResponse, RngState] {
  let r = rng;
  const roll = (n: number) => {
    const [v, next] = nextInt(r, n);
    r = next;
    return v;
  };
  const picks = (options: readonly DecisionOption[], min: number, max: number): string[] => {
    const pool = [...options];
    const count = min + roll(Math.min(max, pool.length) - min + 1);
    const chosen: string[] = [];
    for (let i = 0; i < count; i++) chosen.push((pool.splice(roll(pool.length), 1)[0] as DecisionOption).id);
    return chosen;
  };
  switch (pending.shape) {
    default: {
      // a pick: its shape is 'pick' or absent
      let pool = pending.options;
      // The bias is about the game itself: before it begins (who goes first, mulligans) declining is the usual course.
      if (pending.max === 1 && pool.length > 1 && roll(1000) < activity * 1000) {
        const active = pool.filter((o) => pending.role === 'setup' || (o.role !== 'pass' && o.role !== 'passive'));
        if (active.length > 0) pool = active;
      }
      return [{ decisionId: pending.id, choose: picks(pool, pending.min, pending.max) }, r];
    }
    case 'number': {
      const step = pending.step ?? 1;
      const value = pending.min + step * roll(Math.floor((pending.max - pending.min) / step) + 1);
      return [{ decisionId: pending.id, choose: [], number: value }, r];
    }
    case 'distribute': {
      const split: Record<string, number> = {};
      for (const t of pending.targets) split[t.id] = pending.minEach;
      const room = (id: string) => pending.maxEach - (split[id] ?? 0);
      let left = pending.total - pending.minEach * pending.targets.length;
      if (pending.allowLess) left = roll(left + 1);
      while (left > 0) {
        const open = pending.targets.filter((t) => room(t.id) > 0);
        if (open.length === 0) break;
        const id = (open[roll(open.length)] as DecisionOption).id;
        split[id] = (split[id] ?? 0) + 1;
        left -= 1;
      }
      return [{ decisionId: pending.id, choose: [], split }, r];
    }
    case 'declare': {
      const declare: Record<string, string[]> = {};
      for (const slot of pending.slots) declare[slot.id] = picks(slot.options, slot.min, slot.max);
      return [{ decisionId: pending.id, choose: [], declare }, r];
    }
  }
}

/** How many answers a decision has at all, for the check that every decision can be answered. */
function answerable(pending: PendingDecision): boolean {
  switch (pending.shape) {
    default: // a pick: its shape is 'pick' or absent
      return pending.options.length > 0 && pending.options.length >= pending.min;
    case 'number':
      return pending.min <= pending.max;
    case 'distribute':
      return (
        pending.minEach * pending.targets.length <= pending.total &&
        (pending.allowLess || pending.maxEach * pending.targets.length >= pending.total)
      );
    case 'declare':
      return pending.slots.every((s) => s.options.length >= s.min);
  }
}

/** Plays one game with random legal decisions, checking the kernel's invariants after every step. */
export function fuzzGame<S extends BaseState>(
  game: GameModule<S>,
  setup: MatchSetup,
  seed: string,
  opts: FuzzOptions,
): FuzzGameResult {
  const failures: string[] = [];
  const log: LoggedDecision[] = [];
  let rng = seedRng(`fuzz-${seed}`);
  let state: S;
  try {
    state = game.setup(setup, seed);
  } catch (err) {
    return {
      seed,
      decisions: 0,
      finished: false,
      failures: [`setup threw: ${(err as Error).stack ?? err}`],
      finalHash: '',
    };
  }
  const seenCards: SeenCards = new Map();
  const scanner = new ViewScanner();
  /** Checks the state and returns its pending decision (the games are pure: the loop answers this one). */
  const checkState = (where: string): PendingDecision | null => {
    for (const p of game.invariants?.(state) ?? []) failures.push(`${where}: ${p}`);
    const pending = game.pending(state);
    if (pending && !answerable(pending)) failures.push(`${where}: decision ${pending.kind} cannot be answered`);
    if (opts.checkViews) failures.push(...viewLeaks(game, state, where, seenCards, scanner));
    if (opts.checkSearchEvery && state.version % opts.checkSearchEvery === 0)
      failures.push(...searchProblems(game, state, where, `${seed}-${state.version}`));
    return pending;
  };
  let pending = checkState('after setup');
  let decisions = 0;
  while (!state.result && decisions < opts.maxDecisions && failures.length === 0) {
    if (!pending) {
      failures.push(`decision ${decisions}: game not over but nothing pending`);
      break;
    }
    const [response, next] = randomResponse(pending, rng, opts.activity);
    rng = next;
    try {
      state = game.apply(state, pending.player as Seat, response);
    } catch (err) {
      failures.push(
        `decision ${decisions} (${pending.kind} ${JSON.stringify(response)}): ${(err as Error).stack ?? err}`,
      );
      break;
    }
    log.push({ seat: pending.player, response });
    decisions += 1;
    pending = checkState(`decision ${decisions}`);
  }
  const finalHash = stateHash(state);
  if (failures.length === 0) {
    // Replay: (setup, seed, decisions) must reproduce the state exactly.
    // A replay that went another way may meet an answer it refuses: a failure of this game too, not a crash.
    try {
      const replayed = stateHash(replayOwned(game, setup, seed, log));
      if (replayed !== finalHash) failures.push('replay produced a different state hash');
    } catch (err) {
      failures.push(`replay threw: ${(err as Error).stack ?? err}`);
    }
  }
  return { seed, decisions, finished: !!state.result, failures, finalHash };
}

/**
 * `replay` on states nobody else holds: through the game's owned-state path (`simulateInPlace`, docs/architecture.md
 * "Speed") when it has one, which skips the copy per decision. The check is no weaker: the game was played through
 * `apply`, so a replay that differs, whether the game reads something besides its state or its two paths disagree,
 * fails it. Setup's state may share objects with the deck lists, so the replay starts from a copy of it.
 */
function replayOwned<S extends BaseState>(
  game: GameModule<S>,
  setup: MatchSetup,
  seed: string,
  log: readonly LoggedDecision[],
): S {
  const inPlace = game.search?.simulateInPlace;
  if (!inPlace) return replay(game, setup, seed, log);
  let state = cloneJson(game.setup(setup, seed));
  for (const d of log) state = 'concede' in d ? game.concede(state, d.seat) : inPlace(state, d.seat, d.response);
  return state;
}

/**
 * Cards each viewer has known through some object at some point of the game (seen in hand, on the table, looked
 * at). A card seen and then hidden again (a mulligan shuffles the hand back) may still be named in that viewer's
 * view, in their own log lines for instance, so the leak check forgives it; knowing which object it is now is
 * another matter, checked by ids and by the game's own `Knowledge`.
 */
export type SeenCards = Map<string, Set<string>>;

/**
 * What the views of `state` give away: hidden object ids, and hidden identities (core/hidden.ts: card ids and names
 * of objects a viewer may not know, unless the viewer knows that card through another object now or earlier in
 * the game, as recorded in `seen`, which this call updates), for each viewer. The checks are `stringsIn` and
 * `identityLeaks`, made fast by `ViewScanner` (one per game: it remembers the strings the game's views showed).
 */
export function viewLeaks<S extends BaseState>(
  game: GameModule<S>,
  state: S,
  where: string,
  seen: SeenCards = new Map(),
  scanner: ViewScanner = new ViewScanner(),
): string[] {
  const leaks: string[] = [];
  for (const viewer of VIEWERS) {
    const who = viewer.kind === 'player' ? viewer.seat : viewer.kind;
    const view = game.view(state, viewer);
    const secrets = game.hiddenIdentities(state, viewer);
    const remembered = seen.get(who) ?? new Set<string>();
    for (const card of secrets.knownCards) remembered.add(card);
    seen.set(who, remembered);
    const found = scanner.scan(view, game.hiddenObjectIds(state, viewer), secrets.hidden, remembered);
    for (const id of found.ids) leaks.push(`${where}: hidden object ${id} appears in the ${who} view`);
    for (const leak of found.identities) leaks.push(`${where}: the ${who} view shows the ${leak}`);
  }
  return leaks;
}

/**
 * What is wrong with the game's search hooks on this state (none when it has no hooks): for each seat, the
 * determinised state must look the same to that seat (its view equal to the real one) and satisfy the game's
 * invariants; `evaluate` must be a number in [-1, 1], opposite for the two seats.
 */
export function searchProblems<S extends BaseState>(
  game: GameModule<S>,
  state: S,
  where: string,
  seed: string,
): string[] {
  const hooks = game.search;
  if (!hooks || state.result) return [];
  const problems: string[] = [];
  for (const seat of ['p1', 'p2'] as const) {
    const viewer: Viewer = { kind: 'player', seat };
    const world = hooks.determinize(state, seat, seed);
    if (canonicalJson(game.view(world, viewer)) !== canonicalJson(game.view(state, viewer)))
      problems.push(`${where}: the determinised state for ${seat} looks different to ${seat}`);
    for (const p of game.invariants?.(world) ?? []) problems.push(`${where}: determinised for ${seat}: ${p}`);
    const v = hooks.evaluate(state, seat);
    const other = hooks.evaluate(state, opponentOf(seat));
    if (!(Math.abs(v) <= 1) || Math.abs(v + other) > 1e-9)
      problems.push(`${where}: evaluate gives ${v} for ${seat} and ${other} for the other seat`);
  }
  return problems;
}

/** Every string anywhere in a value (keys included): what a viewer could read from it. */
export function stringsIn(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, into);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      stringsIn(v, into);
    }
  }
  return into;
}
