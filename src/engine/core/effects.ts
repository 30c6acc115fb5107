/**
 * Effects as a handler table keyed by the effect's `do`, instead of one switch over every effect: each family of
 * effects is a handler, and the code escapes of a card pool (`{do: "code", handler}`, core/card-data.ts) register
 * in the same table by their handler name. An effect without a handler throws UnsupportedRule naming it, so a card
 * the engine cannot do yet is refused, never done wrongly.
 *
 * A handler runs on the working copy inside a resolving procedure. It returns nothing when it is done, or a step
 * result (a `call` of a procedure, an `ask`) when it needs a decision or a sub-procedure; the resolving procedure
 * returns that from its step and carries on with the next effect afterwards.
 */
import type { CodeEscape } from './card-data.ts';
import { UnsupportedRule } from './errors.ts';
import type { StepOut } from './procedure.ts';

export type EffectOutcome = StepOut | undefined;

/** One handler per `do` of the vocabulary `E` (code escapes apart), each typed to its own effect shape. */
export type EffectHandlers<S, E extends { do: string }, C> = {
  [K in Exclude<E['do'], 'code'>]: (state: S, effect: Extract<E, { do: K }>, ctx: C) => EffectOutcome;
};

/** Handlers for code escapes, by handler name. */
export type CodeHandlers<S, C> = Readonly<Record<string, (state: S, code: CodeEscape, ctx: C) => EffectOutcome>>;

export interface EffectTable<S, E extends { do: string }, C> {
  run(state: S, effect: E | CodeEscape, ctx: C): EffectOutcome;
  /** Can this effect be done (a handler exists)? For deck checks and card tests. */
  supports(effect: E | CodeEscape): boolean;
}

/** `rule` is the rule cited when an effect has no handler (the game's rule on card text it cannot perform). */
export function effectTable<S, E extends { do: string }, C>(
  handlers: EffectHandlers<S, E, C>,
  code: CodeHandlers<S, C>,
  rule: string,
): EffectTable<S, E, C> {
  const byDo = new Map<string, (state: S, effect: E, ctx: C) => EffectOutcome>();
  for (const [name, handler] of Object.entries(handlers)) {
    // Each handler is stored under its own `do`, so it is only ever called with effects of that shape.
    byDo.set(name, handler as (state: S, effect: E, ctx: C) => EffectOutcome);
  }
  const isCode = (effect: E | CodeEscape): effect is CodeEscape => effect.do === 'code';
  return {
    run(state, effect, ctx) {
      if (isCode(effect)) {
        const handler = code[effect.handler];
        if (!handler) throw new UnsupportedRule(rule, `no handler for the code escape "${effect.handler}"`);
        return handler(state, effect, ctx);
      }
      const handler = byDo.get(effect.do);
      if (!handler) throw new UnsupportedRule(rule, `no handler for the effect "${effect.do}"`);
      return handler(state, effect, ctx);
    },
    supports(effect) {
      return isCode(effect) ? Object.hasOwn(code, effect.handler) : byDo.has(effect.do);
    },
  };
}
