/**
 * Procedures for playing a card, dealing damage and state checks. Each is a set of named steps over the working
 * copy; a step that needs a player asks a decision kind and names the step that reads the answer.
 */
import { answerOf, ask } from '../../src/engine/core/decision-kinds.ts';
import { emitBatch, isCurrent, type ObjRef } from '../../src/engine/core/events.ts';
import { stateCheckProcedure } from '../../src/engine/core/fixpoint.ts';
import type { Seat } from '../../src/engine/core/game.ts';
import { label } from '../../src/engine/core/label.ts';
import {
  call,
  defineProcedure,
  inTransaction,
  resultOf,
  rewind,
  transactionProcedure,
} from '../../src/engine/core/procedure.ts';
import { replacementProcedure } from '../../src/engine/core/replacement.ts';
import { cardOf } from './cards.ts';
import { extraPlayDecision, splitOption, targetDecision } from './decisions.ts';
import { currentRef, moveObject, objectOf, sideOf, type ToyState } from './state.ts';

/** TOY 4.1: plays run inside the kernel's transaction, so a cancelled play leaves no trace (4.2). */
export const transaction = transactionProcedure<ToyState>();

/** TOY 3.1–3.2, 4.2: a card goes from hand to the stack, then names its target if it has one. */
export const play = defineProcedure<ToyState, { seat: Seat; card: string }, null>({
  kind: 'play',
  first: 'to-stack',
  steps: {
    'to-stack'(s, { data }) {
      const o = objectOf(s, data.card);
      if (o.zone !== 'hand' || o.owner !== data.seat)
        throw new Error(`play: ${data.card} is not in ${data.seat}'s hand`);
      moveObject(s, o.id, 'stack');
      s.stack.push({
        id: `s${s.nextItem}`,
        kind: 'card',
        source: currentRef(s, o.id),
        controller: data.seat,
        target: null,
      });
      s.nextItem += 1;
      const card = cardOf(o.card);
      if (card.type === 'spell' && card.targets) return ask(targetDecision, data.seat, { card: o.card }, 'targeted');
      return { return: null };
    },
    targeted(s, { data, ret }) {
      const choice = answerOf(targetDecision, ret);
      if (choice === 'cancel') return rewind('TOY 4.2');
      // Nothing is put on the stack while the target is chosen: the card's item is still the top one.
      const item = s.stack[s.stack.length - 1];
      if (item?.source.id !== data.card) throw new Error(`play: ${data.card} is not on top of the stack`);
      const { action, object } = splitOption(choice);
      item.target = action === 'player' ? { player: object === 'p1' ? 'p1' : 'p2' } : { unit: currentRef(s, object) };
      return { return: null };
    },
  },
});

/** Echo Chant's "you may play another card": a play nested inside a resolution. */
export const extraPlay = defineProcedure<ToyState, { seat: Seat }, null>({
  kind: 'extra-play',
  first: 'offer',
  steps: {
    offer(s, { data }) {
      if (sideOf(s, data.seat).hand.length === 0) return { return: null };
      return ask(extraPlayDecision, data.seat, {}, 'chosen');
    },
    chosen(_s, { data, ret }) {
      const choice = answerOf(extraPlayDecision, ret);
      if (choice === 'skip') return { return: null };
      return inTransaction(transaction, play, { seat: data.seat, card: splitOption(choice).object }, 'done');
    },
    done: () => ({ return: null }),
  },
});

export type DamageEvent = { to: { player: Seat } | { unit: ObjRef }; amount: number; source: string };
export type Ward = { id: string; controller: Seat; ward: 'halve' | 'reduce' };

/** TOY 6.2: the wards on the damaged player's board replace damage to them; the kernel's loop asks for the order. */
export const damageReplacement = replacementProcedure<ToyState, DamageEvent, Ward>({
  kind: 'damage-replacement',
  replacements(s) {
    const wards: Ward[] = [];
    for (const seat of ['p1', 'p2'] as const) {
      for (const id of sideOf(s, seat).board) {
        const o = objectOf(s, id);
        const card = cardOf(o.card);
        if (!o.faceDown && card.type === 'ward') wards.push({ id, controller: seat, ward: card.ward });
      }
    }
    return wards;
  },
  applies: (w, e) => e.amount > 0 && 'player' in e.to && e.to.player === w.controller,
  apply: (w, e) => ({ ...e, amount: w.ward === 'halve' ? Math.floor(e.amount / 2) : e.amount - 1 }),
  affectedPlayer: (e) => ('player' in e.to ? e.to.player : 'p1'),
  describe: (s, w) => {
    const n = cardOf(objectOf(s, w.id).card).name;
    return label(
      `${n.en} (${w.ward === 'halve' ? 'halve it' : 'reduce it by 1'})`,
      `${n.ja}（${w.ward === 'halve' ? '半分にする' : '1減らす'}）`,
    );
  },
});

/** Deals one damage event: replacements first (TOY 6.2), then the damage itself (6.1). */
export const dealDamage = defineProcedure<ToyState, { event: DamageEvent }, null>({
  kind: 'deal-damage',
  first: 'replace',
  steps: {
    replace: (_s, { data }) => call(damageReplacement.procedure, { event: data.event, applied: [] }, 'deal'),
    deal(s, { ret }) {
      const { event } = resultOf(damageReplacement.procedure, ret);
      if (event.amount <= 0) return { return: null };
      if ('player' in event.to) sideOf(s, event.to.player).life -= event.amount;
      else if (isCurrent(s.events, event.to.unit)) objectOf(s, event.to.unit.id).damage += event.amount;
      else return { return: null }; // TOY 3.2: the unit left; this is a new object
      emitBatch(s.events, [{ type: 'damage', data: { amount: event.amount, source: event.source } }]);
      return { return: null };
    },
  },
});

export type StateAction = { lose: Seat } | { dies: string };

/** TOY 5: every state check that applies is performed at once, then they are looked for again (CR 704.3). */
export const stateChecks = stateCheckProcedure<ToyState, StateAction>({
  kind: 'state-checks',
  rule: 'TOY 5',
  collect(s) {
    const found: StateAction[] = [];
    for (const seat of ['p1', 'p2'] as const) {
      for (const id of sideOf(s, seat).board) {
        const o = objectOf(s, id);
        const card = cardOf(o.card);
        if (!o.faceDown && card.type === 'unit' && o.damage >= card.toughness) found.push({ dies: id }); // TOY 5.1
      }
    }
    for (const seat of ['p1', 'p2'] as const) {
      const side = sideOf(s, seat);
      if (side.life <= 0 || side.drewFromEmpty) found.push({ lose: seat }); // TOY 5.2, 1.3
    }
    return found;
  },
  perform(s, found) {
    const died = found.flatMap((a) => ('dies' in a ? [moveObject(s, a.dies, 'graveyard')] : []));
    // One batch: the units died at the same time, so each trigger sees all of them (CR 704.3).
    emitBatch(
      s.events,
      died.map((ref) => ({ type: 'died', subject: ref, data: {} })),
    );
    const losers = found.flatMap((a) => ('lose' in a ? [a.lose] : []));
    if (losers.length === 2)
      s.result = {
        kind: 'draw',
        reason: 'both-lost',
        rule: 'TOY 1.3',
      };
    else if (losers[0]) {
      const winner = losers[0] === 'p1' ? 'p2' : 'p1';
      s.result = {
        kind: 'win',
        winner,
        reason: 'opponent-lost',
        rule: 'TOY 1.3',
      };
    }
  },
});
