import type {
  BaseState,
  DecisionOption,
  DecisionResponse,
  GameModule,
  MatchSetup,
  PendingDecision,
  Seat,
  Viewer,
} from '../core/game.ts';
import { stateHash } from '../core/hash.ts';
import { type LoggedDecision, replay } from '../core/replay.ts';
import { nextInt, type RngState, seedRng } from '../core/rng.ts';

export interface FuzzOptions {
  /** Check views for hidden objects after every decision (slower). */
  checkViews: boolean;
  /** Stop a game after this many decisions (it then counts as unfinished, not as a failure). */
  maxDecisions: number;
  /** Probability of preferring a non-pass option when one exists; makes random games shorter and busier. */
  activity: number;
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
  const checkState = (where: string) => {
    for (const p of game.invariants?.(state) ?? []) failures.push(`${where}: ${p}`);
    const pending = game.pending(state);
    if (pending && !answerable(pending)) failures.push(`${where}: decision ${pending.kind} cannot be answered`);
    if (opts.checkViews) {
      for (const viewer of VIEWERS) {
        const seen = stringsIn(game.view(state, viewer));
        for (const id of game.hiddenObjectIds?.(state, viewer) ?? []) {
          if (seen.has(id))
            failures.push(
              `${where}: hidden object ${id} appears in the ${viewer.kind === 'player' ? viewer.seat : viewer.kind} view`,
            );
        }
      }
    }
  };
  checkState('after setup');
  let decisions = 0;
  while (!state.result && decisions < opts.maxDecisions && failures.length === 0) {
    const pending = game.pending(state);
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
    checkState(`decision ${decisions}`);
  }
  const finalHash = stateHash(state);
  if (failures.length === 0) {
    // Replay: (setup, seed, decisions) must reproduce the state exactly.
    const replayed = stateHash(replay(game, setup, seed, log));
    if (replayed !== finalHash) failures.push('replay produced a different state hash');
  }
  return { seed, decisions, finished: !!state.result, failures, finalHash };
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
