/**
 * Resolution: the top stack item's effects run one by one through the effect table (one handler per `do`, the
 * code escapes in the same table). A handler that needs a decision or a sub-procedure returns a `call`; the
 * resolving frame waits for it and carries on with the next effect.
 */
import { effectTable } from '../../src/engine/core/effects.ts';
import { isCurrent, lastKnown } from '../../src/engine/core/events.ts';
import { call, defineProcedure, type StepOut } from '../../src/engine/core/procedure.ts';
import { cardOf, type ToyEffect } from './cards.ts';
import { dealDamage, extraPlay } from './playing.ts';
import { draw, moveObject, objectOf, opponentOf, type StackItem, sideOf, type ToyState, unitsOf } from './state.ts';

/** The step the resolving frame goes on at after an effect's sub-procedure. */
const NEXT_EFFECT = 'effects';

type Context = { item: StackItem };

export const toyEffects = effectTable<ToyState, ToyEffect, Context>(
  {
    damage(s, e, { item }) {
      const target = item.target;
      if (!target) throw new Error(`damage without a target on ${item.id}`);
      if ('unit' in target && !isCurrent(s.events, target.unit)) return undefined; // TOY 3.2
      return call(dealDamage, { event: { to: target, amount: e.amount, source: item.id } }, NEXT_EFFECT);
    },
    draw(s, e, { item }) {
      draw(s, item.controller, e.count);
      return undefined;
    },
    boost(s, e, { item }) {
      for (const u of unitsOf(s, item.controller)) u.counters += e.amount;
      return undefined;
    },
    'play-another': (_s, _e, { item }) => call(extraPlay, { seat: item.controller }, NEXT_EFFECT),
    drain(s, _e, { item }) {
      // TOY 7.1 (CR 603.10): the power the unit had as it last existed on the board.
      const was = lastKnown(s.events, item.source);
      if (!was || typeof was.power !== 'number') throw new Error(`drain: no last-known power for ${item.source.id}`);
      sideOf(s, opponentOf(item.controller)).life -= was.power;
      return undefined;
    },
  },
  {
    'snare-burst': (_s, _code, { item }) =>
      call(
        dealDamage,
        { event: { to: { player: opponentOf(item.controller) }, amount: 2, source: item.id } },
        NEXT_EFFECT,
      ),
  },
  'TOY 3',
);

function effectsOf(s: ToyState, item: StackItem) {
  const card = cardOf(objectOf(s, item.source.id).card);
  if (item.kind === 'trigger') {
    const was = lastKnown(s.events, item.source);
    const source = cardOf(typeof was?.card === 'string' ? was.card : '');
    return source.type === 'unit' && source.onDeath ? [source.onDeath] : [];
  }
  if (item.kind === 'flip') return card.type === 'trap' ? card.flip : [];
  return card.type === 'spell' ? card.effects : [];
}

/** TOY 3.1: resolves the top item of the stack. */
export const resolve = defineProcedure<ToyState, { item: StackItem | null; index: number }, null>({
  kind: 'resolve',
  first: 'take',
  steps: {
    take(s, { data }) {
      const item = s.stack.pop();
      if (!item) throw new Error('resolve: the stack is empty');
      data.item = item;
      data.index = 0;
      return { goto: NEXT_EFFECT };
    },
    [NEXT_EFFECT](s, { data }): StepOut {
      const item = data.item;
      if (!item) throw new Error('resolve: no item');
      const effect = effectsOf(s, item)[data.index];
      if (!effect) return { goto: 'finish' };
      data.index += 1;
      return toyEffects.run(s, effect, { item }) ?? { goto: NEXT_EFFECT };
    },
    finish(s, { data }) {
      const item = data.item;
      if (!item || item.kind === 'trigger') return { return: null };
      const card = cardOf(objectOf(s, item.source.id).card);
      moveObject(s, item.source.id, card.type === 'unit' || card.type === 'ward' ? 'board' : 'graveyard');
      return { return: null };
    },
  },
});
