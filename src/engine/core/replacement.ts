import { answerOf, ask, type DefinedDecisionKind, defineDecisionKind } from './decision-kinds.ts';
import { IllegalAction } from './errors.ts';
import type { Seat } from './game.ts';
import type { Json } from './json.ts';
import { type Label, label } from './label.ts';
import { defineProcedure, type Procedure } from './procedure.ts';

/**
 * Replacement effects on one event (NOVA 802.1.3, CR 616): every replacement that applies is applied, at most once
 * each (NOVA 802.1.3.3.3); when several apply, the affected player chooses which goes first (802.1.3.3–802.1.3.3.2),
 * and after each one the rest are looked at again, because the changed event may no longer match them (a damage
 * reduced to nothing is not dealt, 917.1.2).
 *
 * Games keep the event and the replacements as plain data; this module only decides what happens next, so a game can
 * stop for a decision in the middle and carry on later from the same progress.
 */
export interface ReplacementRules<E, R extends { id: string }> {
  /** Does this replacement apply to the event as it stands now? */
  applies(r: R, event: E): boolean;
  /** The event after this replacement changed it. */
  apply(r: R, event: E): E;
  /** Who chooses the order (NOVA 802.1.3.3.1–802.1.3.3.2: the controller of the affected card, or the player). */
  affectedPlayer(event: E): Seat;
}

/** An event on its way through its replacements: plain JSON, so it can wait in a game state for a decision. */
export interface ReplacementProgress<E> {
  event: E;
  /** Ids of the replacements already applied to this event, in order. */
  applied: string[];
}

export type ReplacementStep<R> = { kind: 'done' } | { kind: 'choose'; chooser: Seat; options: R[] };

/** Orders are compared exhaustively only up to this many open replacements; beyond it the player is simply asked. */
const MAX_COMPARED = 5;

export function startReplacement<E>(event: E): ReplacementProgress<E> {
  return { event, applied: [] };
}

/** The replacements that may still apply: each at most once (NOVA 802.1.3.3.3), and only while they match. */
export function openReplacements<E, R extends { id: string }>(
  p: ReplacementProgress<E>,
  all: readonly R[],
  rules: ReplacementRules<E, R>,
): R[] {
  return all.filter((r) => !p.applied.includes(r.id) && rules.applies(r, p.event));
}

/** Applies one chosen replacement. Throws if it is not open: a stale or forged choice must never apply twice. */
export function applyReplacement<E, R extends { id: string }>(
  p: ReplacementProgress<E>,
  r: R,
  all: readonly R[],
  rules: ReplacementRules<E, R>,
): ReplacementProgress<E> {
  if (!openReplacements(p, all, rules).some((o) => o.id === r.id))
    throw new Error(`replacement ${r.id} does not apply to this event`);
  return { event: rules.apply(r, p.event), applied: [...p.applied, r.id] };
}

/**
 * Applies replacements for as long as no choice is needed: a single open replacement applies; several open ones
 * apply in listed order when every order ends the same way (same final event, same replacements used), since the
 * choice could not change anything; otherwise the affected player must choose the next one.
 */
export function settleReplacements<E, R extends { id: string }>(
  start: ReplacementProgress<E>,
  all: readonly R[],
  rules: ReplacementRules<E, R>,
): { progress: ReplacementProgress<E>; step: ReplacementStep<R> } {
  let p = start;
  for (;;) {
    const open = openReplacements(p, all, rules);
    const first = open[0];
    if (!first) return { progress: p, step: { kind: 'done' } };
    if (open.length > 1 && !allOrdersAgree(p, all, rules)) {
      return { progress: p, step: { kind: 'choose', chooser: rules.affectedPlayer(p.event), options: open } };
    }
    p = applyReplacement(p, first, all, rules);
  }
}

/**
 * Runs every replacement to the end with a synchronous chooser (for games and tests that can answer at once).
 * `choose` gets the affected player and the open replacements and returns the one to apply next.
 */
export function runReplacements<E, R extends { id: string }>(
  event: E,
  all: readonly R[],
  rules: ReplacementRules<E, R>,
  choose: (chooser: Seat, options: R[], event: E) => R,
): ReplacementProgress<E> {
  let p = startReplacement(event);
  for (;;) {
    const { progress, step } = settleReplacements(p, all, rules);
    if (step.kind === 'done') return progress;
    const pick = choose(step.chooser, step.options, progress.event);
    p = applyReplacement(progress, pick, all, rules);
  }
}

/** Do all orders of the open replacements lead to the same outcome? */
function allOrdersAgree<E, R extends { id: string }>(
  p: ReplacementProgress<E>,
  all: readonly R[],
  rules: ReplacementRules<E, R>,
): boolean {
  if (openReplacements(p, all, rules).length > MAX_COMPARED) return false;
  const outcomes = new Set<string>();
  const explore = (q: ReplacementProgress<E>): void => {
    const open = openReplacements(q, all, rules);
    if (open.length === 0) {
      outcomes.add(JSON.stringify([q.event, [...q.applied].sort()]));
      return;
    }
    for (const r of open) explore(applyReplacement(q, r, all, rules));
  };
  explore(p);
  return outcomes.size === 1;
}

// ---------------------------------------------------------------------------------------------------------------
// The replacement loop as a kernel procedure: the affected player's order choice is an ordinary decision, so the
// loop can run at any depth (inside combat damage, inside a state-based pass) and be saved while it waits.

/** The procedure's data and result: the event as replaced so far and the replacements used (CR 614.5). */
export type ReplacementData<E extends Json> = { event: E; applied: string[] };
export type ReplacementChoice<E extends Json> = { event: E; applied: string[]; options: string[] };

export interface ReplacementProcedureRules<S, E extends Json, R extends { id: string }> extends ReplacementRules<E, R> {
  /** Procedure kind; the decision kind is `<kind>-order` unless `decision` names it. */
  kind: string;
  /** The order decision's kind, when a game already calls it something else (NOVA: "replacement"). */
  decision?: string;
  /** The order decision's prompt for this event; a general one when absent. */
  prompt?(state: S, event: E): Label;
  /** The replacement effects that exist in this state (each is then tested with `applies`). */
  replacements(state: S, event: E): R[];
  /** How a replacement is offered (words are built at view time, never stored). */
  describe(state: S, r: R): Label;
}

export interface ReplacementProcedure<S, E extends Json> {
  procedure: Procedure<S, ReplacementData<E>, ReplacementData<E>>;
  order: DefinedDecisionKind<S, ReplacementChoice<E>, ReplacementData<E>>;
}

/**
 * The loop of CR 616.1 / NOVA 802.1.3.3 as frames: settle what needs no choice, ask the affected player which
 * replacement goes next when the order matters, apply it, repeat. Returns the final event and what was applied;
 * the caller performs the event. Call it with `{ event, applied: [] }`.
 */
export function replacementProcedure<S, E extends Json, R extends { id: string }>(
  rules: ReplacementProcedureRules<S, E, R>,
): ReplacementProcedure<S, E> {
  // The chosen replacement applies when it is chosen, to the replacement effects as they are then (NOVA 802.1.3.3:
  // choosing one is applying it): a game that runs other rules between an answer and the next step (NOVA's rules
  // processing) cannot change what the choice meant.
  const order = defineDecisionKind<S, ReplacementChoice<E>, ReplacementData<E>>({
    name: rules.decision ?? `${rules.kind}-order`,
    role: 'choice',
    build(state, payload) {
      const all = rules.replacements(state, payload.event);
      const options = payload.options.map((id) => {
        const r = all.find((x) => x.id === id);
        if (!r) throw new Error(`${rules.kind}: replacement ${id} is gone`);
        return { id, kind: 'replacement', role: 'choice' as const, label: rules.describe(state, r) };
      });
      const first = options[0]?.id;
      return {
        prompt:
          rules.prompt?.(state, payload.event) ??
          label('Choose the replacement effect to apply first.', '先に適用する置換効果を選んでください。'),
        options,
        min: 1,
        max: 1,
        defaultOnTimeout: first ? [first] : [],
      };
    },
    handle(state, payload, chosen) {
      const id = chosen[0];
      if (id === undefined || !payload.options.includes(id)) {
        throw new IllegalAction(label('Choose one replacement effect.', '置換効果を一つ選んでください。'));
      }
      const all = rules.replacements(state, payload.event);
      const r = all.find((x) => x.id === id);
      if (!r) throw new Error(`${rules.kind}: chosen replacement ${id} is gone`);
      const next = applyReplacement({ event: payload.event, applied: payload.applied }, r, all, rules);
      return { event: next.event, applied: next.applied };
    },
  });
  const procedure = defineProcedure<S, ReplacementData<E>, ReplacementData<E>>({
    kind: rules.kind,
    first: 'settle',
    steps: {
      settle(state, { data }) {
        const all = rules.replacements(state, data.event);
        const { progress, step } = settleReplacements({ event: data.event, applied: data.applied }, all, rules);
        data.event = progress.event;
        data.applied = progress.applied;
        if (step.kind === 'done') return { return: { event: data.event, applied: data.applied } };
        const options = step.options.map((r) => r.id);
        return ask(order, step.chooser, { event: data.event, applied: data.applied, options }, 'chosen');
      },
      chosen(_state, { data, ret }) {
        const next = answerOf(order, ret);
        data.event = next.event;
        data.applied = next.applied;
        return { goto: 'settle' };
      },
    },
  });
  return { procedure, order };
}
