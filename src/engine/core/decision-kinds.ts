/**
 * Decision kinds as `{build, handle}` pairs: one object per kind says both what the player is offered and what an
 * answer does, instead of two parallel switches (NOVA's `buildDecision` and `handle`). A procedure asks with
 * `ask(kind, seat, payload, next)`; the payload is plain JSON kept in the awaiting frame, so the pending decision is
 * rebuilt from the state whenever it is needed (never stored, so its words are never hashed). The payload type `P`
 * ties the three together: what `ask` stores is what `build` and `handle` receive, and `A` is what `answerOf` reads
 * back in the procedure's next step.
 */
import type { DecisionAnswer } from './decision.ts';
import type {
  DecisionOption,
  DecisionProblem,
  DecisionRole,
  DeclareDecision,
  DeclareSlot,
  DistributeDecision,
  NumberDecision,
  Seat,
} from './game.ts';
import type { Json } from './json.ts';
import type { Label } from './label.ts';
import type { StepOut } from './procedure.ts';

/** What the player is offered: the pick shape (any `min..max` distinct options form an answer). */
export interface PickAsk {
  shape?: 'pick';
  prompt: Label;
  options: DecisionOption[];
  min: number;
  max: number;
  /** True when the order of the chosen ids matters. */
  ordered?: boolean;
  /** The rules-legal answer when the player's clock runs out. */
  defaultOnTimeout: string[];
}

/** A decision of another shape, as a kind builds it: the pending decision without the fields the kernel adds. */
type Shaped<T> = Omit<T, 'id' | 'player' | 'kind' | 'role'>;

/**
 * What the player is offered: a pick (shape absent or 'pick'), or a number, a distribution or a declaration
 * (core/game.ts). For the other shapes `handle` reads the validated answer from its fifth parameter. A declaration
 * whose whole the kernel should judge and re-ask is better written as a declaration kind (`defineDeclarationKind`).
 */
export type DecisionAsk = PickAsk | Shaped<NumberDecision> | Shaped<DistributeDecision> | Shaped<DeclareDecision>;

export interface DecisionKind<S, P extends Json, A extends Json> {
  /** Unique among the kinds a game registers; it is the pending decision's `kind`. */
  readonly name: string;
  /** What the decision is in terms every game shares (the bot, auto-pass and the fuzzer read it). */
  readonly role: DecisionRole;
  /** The options, from the state as it is now and the payload the asking step stored. */
  build(state: S, payload: P, seat: Seat): DecisionAsk;
  /**
   * What the chosen ids mean. Runs on the game's working copy: it may change the state, and it may throw
   * IllegalAction for an answer that is well-formed but illegal as a whole (the state is then untouched).
   * The value returned is handed to the asking frame, whose next step reads it with `answerOf`.
   */
  handle(state: S, payload: P, chosen: string[], seat: Seat, answer: DecisionAnswer): A;
}

/**
 * What a declaration offers (the `declare` shape, MTG 508.1 / 509.1): one slot per potential attacker or blocker,
 * answered as one whole. The refused draft and its problem are the kernel's to keep (in the awaiting frame).
 */
export interface DeclarationAsk {
  prompt: Label;
  slots: DeclareSlot[];
  /** True when `back` re-opens something before the declaration; the asking step says what (`handle` gets it). */
  canGoBack: boolean;
  defaultOnTimeout: Record<string, string[]>;
}

/** What a declaration kind's `handle` receives: a declaration legal as a whole, or the player going back. */
export type DeclarationAnswer = { declare: Record<string, string[]> } | { back: true };

/**
 * A compound declaration as a `{build, check, handle}` triple: `check` judges the whole (requirements and
 * restrictions, CR 508.1c-d) and names the problem, or returns null when it is legal. A refused declaration is not an
 * exception: the kernel asks the same declaration again with the draft kept and the problem named (a logged
 * decision), and `reset` asks it again with an empty draft; only an accepted declaration or `back` reaches `handle`.
 */
export interface DeclarationKind<S, P extends Json, A extends Json> {
  readonly name: string;
  readonly role: DecisionRole;
  build(state: S, payload: P, seat: Seat): DeclarationAsk;
  check(state: S, payload: P, declare: Record<string, string[]>, seat: Seat): DecisionProblem | null;
  handle(state: S, payload: P, answer: DeclarationAnswer, seat: Seat): A;
}

/**
 * A kind that builds its own decision (a pick, or a number, distribution or declaration whose answer its `handle`
 * judges), with its payload and answer types erased, as the kernel's registry holds it.
 */
export interface RegisteredPickKind<S> {
  readonly shape: 'pick';
  readonly name: string;
  readonly role: DecisionRole;
  build(state: S, payload: Json, seat: Seat): DecisionAsk;
  handle(state: S, payload: Json, chosen: string[], seat: Seat, answer: DecisionAnswer): Json;
}

/** A declaration kind with its payload and answer types erased. */
export interface RegisteredDeclarationKind<S> {
  readonly shape: 'declare';
  readonly name: string;
  readonly role: DecisionRole;
  build(state: S, payload: Json, seat: Seat): DeclarationAsk;
  check(state: S, payload: Json, declare: Record<string, string[]>, seat: Seat): DecisionProblem | null;
  handle(state: S, payload: Json, answer: DeclarationAnswer, seat: Seat): Json;
}

export type RegisteredDecisionKind<S> = RegisteredPickKind<S> | RegisteredDeclarationKind<S>;

export interface DefinedDecisionKind<S, P extends Json, A extends Json> extends DecisionKind<S, P, A> {
  readonly registered: RegisteredDecisionKind<S>;
}

export interface DefinedDeclarationKind<S, P extends Json, A extends Json> extends DeclarationKind<S, P, A> {
  readonly registered: RegisteredDecisionKind<S>;
}

/** Either kind, as `ask` and `answerOf` take it. */
export type AskableKind<S, P extends Json, A extends Json> =
  | DefinedDecisionKind<S, P, A>
  | DefinedDeclarationKind<S, P, A>;

export function defineDecisionKind<S, P extends Json, A extends Json>(
  kind: DecisionKind<S, P, A>,
): DefinedDecisionKind<S, P, A> {
  return {
    ...kind,
    registered: {
      shape: 'pick',
      name: kind.name,
      role: kind.role,
      // The payload was written by `ask` of this same kind (names are unique in a registry), so it is a P.
      build: (state, payload, seat) => kind.build(state, payload as P, seat),
      handle: (state, payload, chosen, seat, answer) => kind.handle(state, payload as P, chosen, seat, answer),
    },
  };
}

export function defineDeclarationKind<S, P extends Json, A extends Json>(
  kind: DeclarationKind<S, P, A>,
): DefinedDeclarationKind<S, P, A> {
  return {
    ...kind,
    registered: {
      shape: 'declare',
      name: kind.name,
      role: kind.role,
      // As above: the payload was written by `ask` of this same kind.
      build: (state, payload, seat) => kind.build(state, payload as P, seat),
      check: (state, payload, declare, seat) => kind.check(state, payload as P, declare, seat),
      handle: (state, payload, answer, seat) => kind.handle(state, payload as P, answer, seat),
    },
  };
}

/** The step result that pauses the frame until `seat` answers; the frame then goes on at step `next`. */
export function ask<S, P extends Json, A extends Json>(
  kind: AskableKind<S, P, A>,
  seat: Seat,
  payload: P,
  next: string,
): StepOut {
  return { await: { decision: kind.name, seat, payload }, next };
}

/** The answer `kind.handle` returned, in the step that follows the `ask`. */
export function answerOf<S, P extends Json, A extends Json>(kind: AskableKind<S, P, A>, ret: Json | undefined): A {
  if (ret === undefined) throw new Error(`no answer to "${kind.name}" in this step (was it reached by ask?)`);
  return ret as A;
}

/** A game's decision kinds by name; a second kind with a taken name is a programming error. */
export function decisionRegistry<S>(
  kinds: ReadonlyArray<{ registered: RegisteredDecisionKind<S> }>,
): ReadonlyMap<string, RegisteredDecisionKind<S>> {
  const out = new Map<string, RegisteredDecisionKind<S>>();
  for (const { registered } of kinds) {
    if (out.has(registered.name)) throw new Error(`decision kind "${registered.name}" is registered twice`);
    out.set(registered.name, registered);
  }
  return out;
}
