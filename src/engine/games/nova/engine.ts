import { isPick, validateResponse } from '../../core/decision.ts';
import { type DecisionResponse, opponentOf, type PickDecision, type Seat } from '../../core/game.ts';
import type { Awaiting } from '../../core/procedure.ts';
import { novaKernel } from './kernel.ts';
import { logPublic } from './log.ts';
import { watchForLoop } from './loops.ts';
import { rulesProcessing } from './rules-processing.ts';
import type { NovaState } from './state.ts';
import { markRulesSettled, ownedState, seal, workingCopy } from './working-copy.ts';

/**
 * Runs the game forward until a player must decide (a frame awaits a decision, novaPending builds it) or the game
 * ends, then seals the state (working-copy.ts): it is about to be handed out. Every part of the game is a frame on
 * the kernel's stack, the game itself at the bottom (turn-procedure.ts), so the kernel's driver runs it all.
 * NOVA 924.1.3: a loop that never reaches a decision is never spun silently: past the kernel's step limit it stops
 * with UnsupportedRule. Loops through forced decisions are caught after each decision (loops.ts, docs/rulings R47).
 */
export function advance(s: NovaState): void {
  if (!s.result && !awaitedBy(s)) {
    if (s.procedures.frames.length === 0) throw new Error('the NOVA game has no frame to run (no nova-game root)');
    novaKernel.run(s);
  }
  if (!s.result) {
    if (!awaitedBy(s)) throw new Error(`the game stopped without a decision: ${novaKernel.describe(s)}`);
    const decision = novaPending(s);
    if (decision?.options.length === 0) throw new Error(`decision ${decision.kind} has no options`);
  }
  seal(s);
}

/**
 * A state's decision is derived from its rules state (`await` and what it refers to), never stored in it, so its
 * words can change without changing the state. It is built once per state (the bot asks several times per click)
 * and kept on the state object under this symbol, as a non-enumerable member that JSON, spreads, structuredClone and
 * the hash all leave out; it is rebuilt if the state was changed in place since (a scenario position being built).
 * A WeakMap keyed by state did the same but cost about 7% of a decision (the garbage collector's work on its entries).
 */
const BUILT_DECISION = Symbol('NOVA pending decision');

interface BuiltDecision {
  await: Awaiting;
  version: number;
  decision: PickDecision;
}

/** The decision the state waits for, or null when the game is over: GameModule.pending for NOVA. */
export function novaPending(s: NovaState): PickDecision | null {
  if (s.result) return null;
  const awaited = awaitedBy(s);
  if (!awaited) return null;
  const memo: NovaState & { [BUILT_DECISION]?: BuiltDecision } = s;
  const built = memo[BUILT_DECISION];
  if (built && built.await === awaited && built.version === s.version) return built.decision;
  const decision = framePending(s);
  const value: BuiltDecision = { await: awaited, version: s.version, decision };
  // A state frozen whole by its holder (engines never do) cannot keep it: it is built again on each call.
  if (Object.isExtensible(memo))
    Object.defineProperty(memo, BUILT_DECISION, { value, writable: true, configurable: true, enumerable: false });
  return decision;
}

/** The kind of the top frame (the procedure running now). */
function topKind(s: NovaState): string | undefined {
  return s.procedures.frames[s.procedures.frames.length - 1]?.kind;
}

/** What the top frame waits for, when it waits for a decision (every decision is asked by a frame). */
function awaitedBy(s: NovaState): Awaiting | null {
  return s.procedures.frames[s.procedures.frames.length - 1]?.awaiting ?? null;
}

/** The decision a frame waits for, built by its kind, its members in the same order as every NOVA decision's. */
function framePending(s: NovaState): PickDecision {
  const p = novaKernel.pending(s);
  if (!p || !isPick(p)) throw new Error(`a frame awaits but the kernel offers no pick: ${novaKernel.describe(s)}`);
  return {
    id: p.id,
    player: p.player,
    ordered: p.ordered,
    kind: p.kind,
    role: p.role,
    prompt: p.prompt,
    options: p.options,
    min: p.min,
    max: p.max,
    defaultOnTimeout: p.defaultOnTimeout,
  };
}

/**
 * How `applyResponse` treats its input: `copy` never modifies it; `simulate` (search, core/search.ts) copies too
 * and skips log entries and freezing, reaching the same rules state; `in-place` is simulate on the input itself, a
 * state the caller owns and drops (search's `simulateInPlace`, working-copy.ts `ownedState`).
 */
export type ApplyMode = 'copy' | 'simulate' | 'in-place';

/**
 * Validates and applies one response. Validation only reads the state: an answer refused (IllegalAction) leaves an
 * owned state as it was; any other error leaves it part-changed, to be dropped.
 */
export function applyResponse(
  state: NovaState,
  seat: Seat,
  response: DecisionResponse,
  mode: ApplyMode = 'copy',
): NovaState {
  const pending = novaPending(state);
  const chosen = validateResponse(pending, seat, response);
  // Copy-on-write for card objects (working-copy.ts).
  const s = mode === 'in-place' ? ownedState(state) : workingCopy(state, mode === 'simulate');
  // The answer is handed to the awaiting frame, which goes on when the game is next run (after rules processing,
  // as after any answer).
  novaKernel.receive(s, seat, chosen);
  s.version += 1;
  if (!settledPass(pending, chosen)) rulesProcessing(s);
  else if (s.priority && awaitedBy(s) === null && topKind(s) === 'priority-window') {
    // The pass handed priority to the other player in the same window: the window's next priority processing
    // would run rules processing on exactly the state the last one settled.
    markRulesSettled(s);
  }
  advance(s);
  watchForLoop(s, novaPending(s)); // NOVA 924.1.3
  return s;
}

/**
 * Whether the answer was a priority pass, after which rules processing (NOVA 501) would find nothing to do: a
 * priority decision is only asked once priority processing has run rules processing until nothing changed (turn.ts,
 * NOVA 701–704), and a pass changes only who holds priority, ends the window or takes the last waiting item off to
 * resolve, none of which rules processing reads. Skipping it halves rules processing in a game, most of whose
 * decisions are passes (issue 15); the next priority processing and every resolution run it as before.
 */
function settledPass(pending: PickDecision | null, chosen: readonly string[]): boolean {
  return pending?.kind === 'priority' && chosen.length === 1 && chosen[0] === 'pass';
}

/** NOVA 003.2.3: a player may concede at any time; it uses no waiting area and nothing can stop it. */
export function concede(state: NovaState, seat: Seat): NovaState {
  if (state.result) return state;
  const s = structuredClone(state);
  s.result = { kind: 'win', winner: opponentOf(seat), reason: 'conceded', rule: '003.2.3' };
  s.version += 1;
  logPublic(s, { k: 'game-over', result: { ...s.result } });
  return s;
}
