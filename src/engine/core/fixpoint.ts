import { UnsupportedRule } from './errors.ts';
import type { Json, JsonObject } from './json.ts';
import { defineProcedure, type Procedure, type StepOut } from './procedure.ts';

/**
 * State-based checks repeat until a full pass changes nothing (NOVA 501.1, CR 704.3). Each check returns
 * true when it changed the state. A loop that never settles is a bug or an unsupported rule, never silent.
 * Each check sees the changes of the ones before it in the same pass (NOVA's rules processing); for rules that
 * perform every applicable action at once (CR 704.3), use `settleStateChecks` or `stateCheckProcedure`.
 */
export function runUntilStable<S>(
  state: S,
  checks: ReadonlyArray<(s: S) => boolean>,
  rule: string,
  limit = 1000,
): void {
  for (let i = 0; i < limit; i++) {
    let changed = false;
    for (const check of checks) if (check(state)) changed = true;
    if (!changed) return;
  }
  throw new UnsupportedRule(rule, `state-based checks did not settle after ${limit} passes`);
}

/**
 * CR 704.3: look at the state, collect every state-based action that applies, perform them all at once as one
 * event, and repeat until none applies. `collect` only reads; `perform` gets the whole list, so the actions of one
 * pass are simultaneous (two units with lethal damage die together, and each sees the other die). Returns the
 * number of passes that performed something.
 */
export function settleStateChecks<S, A>(
  state: S,
  collect: (s: S) => A[],
  perform: (s: S, actions: A[]) => void,
  rule: string,
  limit = 1000,
): number {
  for (let pass = 0; pass < limit; pass++) {
    const actions = collect(state);
    if (actions.length === 0) return pass;
    perform(state, actions);
  }
  throw new UnsupportedRule(rule, `state-based checks did not settle after ${limit} passes`);
}

export type StateCheckData<A extends Json> = { found: A[]; passes: number };

export interface StateCheckRules<S, A extends Json> {
  kind: string;
  /** The rule the loop implements, for the error when it does not settle. */
  rule: string;
  /** Every action that applies now (reads only). */
  collect(state: S): A[];
  /**
   * A choice the pass needs before it is performed (CR 704.5j's legend rule, the order cards go to a graveyard),
   * as an `ask(...)` step result whose `next` is ignored; null when none. Its answer reaches `perform`.
   */
  choose?(state: S, found: A[]): StepOut | null;
  /** Performs one pass's actions at once. */
  perform(state: S, found: A[], answer: Json | undefined): void;
  limit?: number;
}

/**
 * The same loop as a kernel procedure, so a choice inside a pass is an ordinary decision: collect, maybe ask,
 * perform all, repeat. Returns the number of passes performed.
 */
export function stateCheckProcedure<S, A extends Json>(
  rules: StateCheckRules<S, A>,
): Procedure<S, StateCheckData<A> & JsonObject, number> {
  const limit = rules.limit ?? 1000;
  return defineProcedure<S, StateCheckData<A> & JsonObject, number>({
    kind: rules.kind,
    first: 'collect',
    steps: {
      collect(state, { data }) {
        const found = rules.collect(state);
        if (found.length === 0) return { return: data.passes };
        if (data.passes >= limit) {
          throw new UnsupportedRule(rules.rule, `state-based checks did not settle after ${limit} passes`);
        }
        data.found = found;
        const question = rules.choose?.(state, found) ?? null;
        if (!question) return { goto: 'perform' };
        if (!('await' in question)) throw new Error(`${rules.kind}: choose must return an ask(...)`);
        return { await: question.await, next: 'perform' };
      },
      perform(state, { data, ret }) {
        rules.perform(state, data.found, ret);
        data.found = [];
        data.passes += 1;
        return { goto: 'collect' };
      },
    },
  });
}
