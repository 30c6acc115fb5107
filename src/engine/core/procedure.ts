/**
 * The procedure stack: resumable rules procedures kept in the game state as data, so a game can pause for a decision
 * at any depth (a replacement choice inside combat damage, playing a card while another resolves) and a saved state
 * carries on exactly where it stopped.
 *
 * - A **frame** is `{id, kind, step, data}`: which procedure, which of its steps runs next, and its JSON locals. No
 *   functions, no prose. `ret` holds what a child frame returned or what a decision's `handle` answered, for the one
 *   step that follows; `awaiting` is the decision the frame is paused on.
 * - A **procedure** is code registered by kind: a map of named steps. A step reads and changes the game's working
 *   copy of the state (and its own frame's data) and says what happens next: `goto` another step, `call` a child
 *   procedure (then go on at `next` with its result in `ret`), `await` a decision (then go on at `next` with the
 *   answer in `ret`), or `return` a value to the parent frame.
 * - The **driver** runs the top frame's current step until a frame awaits a decision, the stack empties or the game
 *   has a result. The pending decision is rebuilt from the awaiting frame (it is not stored).
 *
 * After forceteki's nested step pipelines and Showdown's continuation-as-data (research note, kernel-anchors §1).
 */

import { cloneJson } from './clone.ts';
import { answerDeclaration, decisionIdFor, declareDecision, validateAnswer } from './decision.ts';
import type { RegisteredDecisionKind, RegisteredDeclarationKind } from './decision-kinds.ts';
import { decisionRegistry } from './decision-kinds.ts';
import { UnsupportedRule } from './errors.ts';
import type { BaseState, DecisionResponse, PendingDecision, Seat } from './game.ts';
import { type Json, type JsonObject, jsonCopy } from './json.ts';

export type Awaiting = {
  decision: string;
  seat: Seat;
  payload: Json;
  next: string;
  /** A declaration refused as a whole: the draft and its problem, shown again with the same declaration. */
  retry?: StoredRetry;
};

/** `DeclarationRetry` as plain JSON types (the frame is saved with the state). */
type StoredRetry = { draft: Record<string, string[]>; problem: { rule: string; code: string; slots?: string[] } };

export type Frame = {
  id: number;
  kind: string;
  step: string;
  data: JsonObject;
  ret?: Json;
  awaiting?: Awaiting;
};

/** The frames, bottom first, and the id the next frame gets. Lives in the game state as `procedures`. */
export type ProcedureStack = { frames: Frame[]; nextFrameId: number };

/** A game state the kernel can drive. */
export interface ProcedureState extends BaseState {
  procedures: ProcedureStack;
}

export type StepOut =
  | { goto: string }
  | { call: { kind: string; data: JsonObject }; next: string }
  | { await: { decision: string; seat: Seat; payload: Json }; next: string }
  | { return: Json };

/** A step: runs on the working copy, may change it and `frame.data`, and says what comes next. */
export type Step<S, D extends JsonObject> = (
  state: S,
  frame: { readonly id: number; data: D; ret: Json | undefined },
) => StepOut;

export interface ProcedureDef<S, D extends JsonObject> {
  kind: string;
  /** Bumped when the steps change in a way that changes play (recorded per match by the store; optional). */
  version?: number;
  /** The step a new frame starts at. */
  first: string;
  steps: Record<string, Step<S, D>>;
}

/** The same procedure with its data type erased, as the registry holds it. */
export interface RegisteredProcedure<S> {
  readonly kind: string;
  readonly version: number;
  readonly first: string;
  run(state: S, frame: Frame, step: string): StepOut;
  hasStep(step: string): boolean;
}

/** A procedure; `R` is the type of the value it returns, read by the caller with `resultOf`. */
export interface Procedure<S, D extends JsonObject, R extends Json> {
  readonly kind: string;
  readonly registered: RegisteredProcedure<S>;
  /** Phantom members (never set): they carry D for `call` and R for `resultOf`. */
  readonly takes?: D;
  readonly returns?: R;
}

export function defineProcedure<S, D extends JsonObject, R extends Json = null>(
  def: ProcedureDef<S, D>,
): Procedure<S, D, R> {
  if (!(def.first in def.steps)) throw new Error(`procedure "${def.kind}" has no first step "${def.first}"`);
  return {
    kind: def.kind,
    registered: {
      kind: def.kind,
      version: def.version ?? 1,
      first: def.first,
      hasStep: (step) => Object.hasOwn(def.steps, step),
      run(state, frame, step) {
        const fn = def.steps[step];
        if (!fn) throw new Error(`procedure "${def.kind}" has no step "${step}"`);
        // The data was written by `call` of this same procedure (kinds are unique in a registry), so it is a D.
        return fn(state, { id: frame.id, data: frame.data as D, ret: frame.ret });
      },
    },
  };
}

/** Calls a child procedure; the caller goes on at `next`, where `resultOf(child, frame.ret)` is its result. */
export function call<S, D extends JsonObject, R extends Json>(
  proc: Procedure<S, D, R>,
  data: D,
  next: string,
): StepOut {
  return { call: { kind: proc.kind, data }, next };
}

export function resultOf<S, D extends JsonObject, R extends Json>(proc: Procedure<S, D, R>, ret: Json | undefined): R {
  if (ret === undefined) throw new Error(`no result from "${proc.kind}" in this step (was it reached by call?)`);
  return ret as R;
}

export function emptyStack(): ProcedureStack {
  return { frames: [], nextFrameId: 1 };
}

/**
 * Pushes a new frame of `proc` on a working copy without running it: for game code outside any frame that begins a
 * procedure its own driver runs next (the kernel's `start` pushes and runs). `maxDepth` as in KernelOptions.
 */
export function pushFrame<S extends ProcedureState, D extends JsonObject, R extends Json>(
  draft: S,
  proc: Procedure<S, D, R>,
  data: D,
  maxDepth = DEFAULT_MAX_DEPTH,
): void {
  pushKind(draft, proc.kind, proc.registered.first, data, maxDepth);
}

const DEFAULT_MAX_DEPTH = 32;

function describeStack(state: ProcedureState): string {
  return state.procedures.frames
    .map((f) => `${f.kind}:${f.step}${f.awaiting ? `?${f.awaiting.decision}` : ''}`)
    .join(' > ');
}

function pushKind(draft: ProcedureState, kind: string, first: string, data: JsonObject, maxDepth: number): void {
  const stack = draft.procedures;
  if (stack.frames.length >= maxDepth) {
    throw new Error(`procedure stack deeper than ${maxDepth} calling "${kind}": ${describeStack(draft)}`);
  }
  // Copied so a child never shares objects with its caller's data: shared objects would behave differently
  // after a save and restore, which un-shares them.
  stack.frames.push({ id: stack.nextFrameId, kind, step: first, data: cloneJson(data) });
  stack.nextFrameId += 1;
}

export interface KernelOptions<S> {
  procedures: ReadonlyArray<{ registered: RegisteredProcedure<S> }>;
  decisions: ReadonlyArray<{ registered: RegisteredDecisionKind<S> }>;
  /** Deeper than this is a runaway recursion; the error lists the stack. */
  maxDepth?: number;
  /** Steps without a decision before the game is declared stuck (a mandatory loop the game did not catch). */
  maxSteps?: number;
  /** The rule a game without end breaks (CR 104.4b, NOVA 924.1.3), for the UnsupportedRule thrown at maxSteps. */
  loopRule: string;
  /**
   * For a game whose rules end a loop nobody can stop (FoW 1301.1c: a draw): called at maxSteps instead of the throw;
   * it sets the draft's result. If it leaves the result null, the UnsupportedRule is thrown as without it.
   */
  endLoop?: (draft: S) => void;
}

/** How `answer` treats the state it is given. */
export interface AnswerOptions {
  /**
   * The caller owns the state and drops it: the answer is applied to the state itself, which is returned, instead of
   * to a deep copy (the copy was a fifth to a third of a random MTG, FoW or AQA game's time: docs/architecture.md,
   * "Speed"). Only for states nobody else holds: search's playouts after `determinize`, the bench's random games.
   * Never the default: the bot, the store, replay and the fuzzer keep the old state. An answer refused while it is
   * checked (IllegalAction from validation) leaves the state as it was; any other error thrown while the answer is
   * applied leaves it part-changed, and the caller must drop it.
   */
  inPlace?: boolean;
}

/** One game's procedures and decision kinds, and the driver over them. All functions are pure except `start`/`run`, which drive a working copy. */
export interface Kernel<S extends ProcedureState> {
  /** Pushes a root frame on a working copy and runs it to the first decision. */
  start<D extends JsonObject, R extends Json>(draft: S, proc: Procedure<S, D, R>, data: D): void;
  /** Runs the working copy's stack until a decision, an empty stack or a result. */
  run(draft: S): void;
  /**
   * Hands chosen ids, already validated against `pending`, to the awaiting frame's decision kind on a working copy
   * the game made itself, without running on: the game runs the stack when its own order of play says so (NOVA
   * copies states copy-on-write and runs rules processing between an answer and what follows it).
   */
  receive(draft: S, seat: Seat, chosen: string[]): void;
  /** The decision the top frame awaits, built now from the state; null when none (game over or empty stack). */
  pending(state: S): PendingDecision | null;
  /**
   * `pending(state)?.player ?? null` without building the decision (its options can be most of a decision's cost):
   * views need only whose decision it is.
   */
  awaitingSeat(state: S): Seat | null;
  /**
   * Validates and applies an answer to the pending decision, returning a new state (the input is not changed), or,
   * with `inPlace`, the input itself changed (AnswerOptions).
   */
  answer(state: S, seat: Seat, response: DecisionResponse, options?: AnswerOptions): S;
  /** Problems with the stack's shape (unknown kinds or steps, an await below the top): for a game's invariants. */
  check(state: S): string[];
  /** `kind:step` of each frame, bottom first: for errors and debugging. */
  describe(state: S): string;
  /** Each procedure's version by kind, for a match record to say which rules code it started under. */
  versions(): Record<string, number>;
}

export function createKernel<S extends ProcedureState>(opts: KernelOptions<S>): Kernel<S> {
  const procedures = new Map<string, RegisteredProcedure<S>>();
  for (const { registered } of opts.procedures) {
    if (procedures.has(registered.kind)) throw new Error(`procedure "${registered.kind}" is registered twice`);
    procedures.set(registered.kind, registered);
  }
  const decisions = decisionRegistry(opts.decisions);
  const maxDepth = opts.maxDepth ?? DEFAULT_MAX_DEPTH;
  const maxSteps = opts.maxSteps ?? 100_000;

  const describe = (state: S): string => describeStack(state);

  const procedureOf = (kind: string): RegisteredProcedure<S> => {
    const p = procedures.get(kind);
    if (!p) throw new Error(`no procedure "${kind}" is registered`);
    return p;
  };

  const push = (draft: S, kind: string, data: JsonObject): void =>
    pushKind(draft, kind, procedureOf(kind).first, data, maxDepth);

  const run = (draft: S): void => {
    const frames = draft.procedures.frames;
    for (let steps = 0; ; steps++) {
      if (draft.result) return;
      const top = frames[frames.length - 1];
      if (!top || top.awaiting) return;
      if (steps >= maxSteps) {
        opts.endLoop?.(draft);
        if (draft.result) return;
        throw new UnsupportedRule(opts.loopRule, `no decision after ${maxSteps} steps: ${describe(draft)}`);
      }
      const out = procedureOf(top.kind).run(draft, top, top.step);
      // `ret` is for the one step after the call or await that produced it.
      delete top.ret;
      if ('goto' in out) top.step = out.goto;
      else if ('call' in out) {
        top.step = out.next;
        push(draft, out.call.kind, out.call.data);
      } else if ('await' in out) {
        if (!decisions.has(out.await.decision))
          throw new Error(`no decision kind "${out.await.decision}" is registered`);
        top.step = out.next;
        const { decision, seat, payload } = out.await;
        top.awaiting = { decision, seat, payload: cloneJson(payload), next: out.next }; // no spread: see `pending`
      } else {
        frames.pop();
        const parent = frames[frames.length - 1];
        if (parent) parent.ret = cloneJson(out.return);
      }
    }
  };

  const awaitedBy = (state: S): Awaiting | null =>
    state.procedures.frames[state.procedures.frames.length - 1]?.awaiting ?? null;

  const pending = (state: S): PendingDecision | null => {
    if (state.result) return null;
    const awaiting = awaitedBy(state);
    if (!awaiting) return null;
    const { decision, seat, payload } = awaiting;
    const kind = decisions.get(decision);
    if (!kind) throw new Error(`no decision kind "${decision}" is registered`);
    const id = decisionIdFor(state.version);
    const base = { id, player: seat, kind: decision, role: kind.role };
    if (kind.shape === 'declare') {
      const built = kind.build(state, payload, seat);
      return declareDecision(
        {
          ...base,
          prompt: built.prompt,
          slots: built.slots,
          canGoBack: built.canGoBack,
          defaultOnTimeout: built.defaultOnTimeout,
        },
        awaiting.retry ?? null,
      );
    }
    const built = kind.build(state, payload, seat);
    // A number, distribution or declaration is passed on whole; a pick gets its defaults filled in.
    switch (built.shape) {
      case 'number':
      case 'distribute':
      case 'declare':
        return { ...base, ...built };
    }
    // Written out member by member: a spread of `base` followed by more members cost ~7 µs per decision in V8,
    // about a tenth of a NOVA decision (issue 15); the members stay in the order they always had.
    return {
      id,
      player: seat,
      kind: decision,
      role: kind.role,
      prompt: built.prompt,
      options: built.options,
      min: built.min,
      max: built.max,
      ordered: built.ordered ?? false,
      defaultOnTimeout: built.defaultOnTimeout,
    };
  };

  /** Hands `value` (what the kind's `handle` answered) to the awaiting frame and drives on. */
  const resume = (draft: S, top: Frame, awaiting: Awaiting, value: Json): S => {
    delete top.awaiting;
    top.step = awaiting.next;
    top.ret = value;
    draft.version += 1;
    run(draft);
    return draft;
  };

  /**
   * A declaration: checked for shape by the kernel and as a whole by the kind; a refusal or a reset is a logged
   * decision that asks the same declaration again (the frame keeps the draft and the problem), nothing is thrown.
   */
  const answerDeclare = (
    state: S,
    seat: Seat,
    response: DecisionResponse,
    kind: RegisteredDeclarationKind<S>,
    inPlace: boolean,
  ): S => {
    const p = pending(state);
    if (p?.shape !== 'declare') throw new Error('a declaration kind built a decision of another shape');
    const payload = awaitedBy(state)?.payload ?? null;
    const outcome = answerDeclaration(p, seat, response, (declare) => kind.check(state, payload, declare, seat));
    // Everything above only reads the state: a refusal thrown there leaves an owned state as it was.
    const draft = inPlace ? state : cloneJson(state);
    const top = draft.procedures.frames[draft.procedures.frames.length - 1];
    const awaiting = top?.awaiting;
    if (!top || !awaiting) throw new Error('validated an answer with no awaiting frame');
    switch (outcome.kind) {
      case 'refused':
        awaiting.retry = outcome.retry;
        draft.version += 1;
        return draft;
      case 'reset':
        delete awaiting.retry;
        draft.version += 1;
        return draft;
      case 'back':
        return resume(draft, top, awaiting, kind.handle(draft, awaiting.payload, { back: true }, seat));
      case 'accepted':
        return resume(draft, top, awaiting, kind.handle(draft, awaiting.payload, { declare: outcome.declare }, seat));
    }
  };

  /**
   * Hands chosen ids, already validated against `pending`, to the awaiting frame's decision kind on a working copy
   * the game made itself, without running on: the game runs the stack when its own order of play says so (NOVA
   * copies states copy-on-write and runs rules processing between an answer and what follows it). Picks only; a
   * declaration kind's answer goes through `answer`.
   */
  const receive = (draft: S, seat: Seat, chosen: string[]): void => {
    const top = draft.procedures.frames[draft.procedures.frames.length - 1];
    const awaiting = top?.awaiting;
    if (!top || !awaiting) throw new Error('validated an answer with no awaiting frame');
    const kind = decisions.get(awaiting.decision);
    if (kind?.shape !== 'pick') throw new Error(`no pick decision kind "${awaiting.decision}" is registered`);
    const value = kind.handle(draft, awaiting.payload, chosen, seat, { shape: 'pick', choose: chosen });
    delete top.awaiting;
    top.step = awaiting.next;
    top.ret = value;
  };

  return {
    start(draft, proc, data) {
      push(draft, proc.kind, data);
      run(draft);
    },
    run,
    receive,
    pending,
    awaitingSeat: (state) => (state.result ? null : (awaitedBy(state)?.seat ?? null)),
    answer(state, seat, response, options) {
      const inPlace = options?.inPlace === true;
      const waiting = awaitedBy(state);
      const declaration = waiting ? decisions.get(waiting.decision) : undefined;
      if (declaration?.shape === 'declare') return answerDeclare(state, seat, response, declaration, inPlace);
      const validated = validateAnswer(pending(state), seat, response);
      const chosen = validated.shape === 'pick' ? validated.choose : [];
      // Validation only reads the state: a refusal thrown there leaves an owned state as it was.
      const draft = inPlace ? state : cloneJson(state);
      const top = draft.procedures.frames[draft.procedures.frames.length - 1];
      const awaiting = top?.awaiting;
      if (!top || !awaiting) throw new Error('validated an answer with no awaiting frame');
      const kind = decisions.get(awaiting.decision);
      if (kind?.shape !== 'pick') throw new Error(`no decision kind "${awaiting.decision}" is registered`);
      return resume(draft, top, awaiting, kind.handle(draft, awaiting.payload, chosen, seat, validated));
    },
    check(state) {
      const problems: string[] = [];
      const frames = state.procedures.frames;
      frames.forEach((f, i) => {
        const p = procedures.get(f.kind);
        if (!p) problems.push(`frame ${f.id}: unknown procedure "${f.kind}"`);
        else if (!p.hasStep(f.step)) problems.push(`frame ${f.id}: "${f.kind}" has no step "${f.step}"`);
        if (f.awaiting && i !== frames.length - 1) problems.push(`frame ${f.id} awaits a decision below the top`);
        if (f.id >= state.procedures.nextFrameId) problems.push(`frame ${f.id}: id not below nextFrameId`);
      });
      try {
        jsonCopy(frames, 'frames');
      } catch (err) {
        problems.push(`a frame would not survive a save: ${(err as Error).message}`);
      }
      if (!state.result && frames.length > 0 && !frames[frames.length - 1]?.awaiting) {
        problems.push(`the stack is not empty but nothing awaits a decision: ${describe(state)}`);
      }
      return problems;
    },
    describe,
    versions: () => Object.fromEntries([...procedures.values()].map((p) => [p.kind, p.version])),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Transactions: rewinding an illegal play (CR 721, FoW 903.2.j)

/** What a transaction's body returns to have everything since the transaction began undone. */
export type Rewind = { rewind: string };
export type TransactionData = { body: { kind: string; data: JsonObject }; keep: string[]; snapshot: JsonObject | null };
export type TransactionResult = { rewound: false; value: Json } | { rewound: true; rule: string };

export function isRewind(value: Json | undefined): value is Rewind {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof value.rewind === 'string';
}

/** A body step's way to say "this play is illegal: put everything back" (the rule that made it illegal). */
export function rewind(rule: string): StepOut {
  return { return: { rewind: rule } };
}

/**
 * The kernel's transaction procedure. Its first step copies the state's rules parts (every top-level key but
 * `procedures`, `version` and the game's `keep` list) into the frame as JSON, then calls the body. When the body
 * returns `{rewind}`, the copy is put back: the state is as it was when the transaction began, apart from the
 * decision count (answers were given and logged, so the version still rises; CR 721.1: the game returns to the
 * moment before the play began). The copy lives in the state, so a transaction survives a save and restore.
 * Decided: a whole-state copy instead of a journal of changed paths, because states are small and the copy is taken
 * once per play, while a journal would need every write to go through the kernel.
 */
export function transactionProcedure<S extends ProcedureState>(
  kind = 'transaction',
): Procedure<S, TransactionData, TransactionResult> {
  const kept = (data: TransactionData) => new Set(['procedures', 'version', ...data.keep]);
  return defineProcedure<S, TransactionData, TransactionResult>({
    kind,
    first: 'begin',
    steps: {
      begin(state, { data }) {
        const keep = kept(data);
        const snapshot: JsonObject = {};
        for (const [key, value] of Object.entries(state)) if (!keep.has(key)) snapshot[key] = jsonCopy(value, key);
        data.snapshot = snapshot;
        return { call: data.body, next: 'end' };
      },
      end(state, { data, ret }) {
        const snapshot = data.snapshot;
        if (!snapshot) throw new Error('transaction ended without its snapshot');
        if (!isRewind(ret)) return { return: { rewound: false, value: ret ?? null } };
        const keep = kept(data);
        for (const key of Object.keys(state))
          if (!keep.has(key) && !(key in snapshot)) Reflect.deleteProperty(state, key);
        Object.assign(state, snapshot);
        return { return: { rewound: true, rule: ret.rewind } };
      },
    },
  });
}

/** Runs `body` inside the transaction procedure `tx`; the caller goes on at `next` with a TransactionResult. */
export function inTransaction<S extends ProcedureState, D extends JsonObject, R extends Json>(
  tx: Procedure<S, TransactionData, TransactionResult>,
  body: Procedure<S, D, R>,
  data: D,
  next: string,
  keep: string[] = [],
): StepOut {
  return call(tx, { body: { kind: body.kind, data }, keep, snapshot: null }, next);
}
