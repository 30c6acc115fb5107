/**
 * The turn and the priority window. The turn is the root frame and never returns; the window is called twice a
 * turn, and everything a player does with priority runs in frames above it (plays, resolutions, damage, state
 * checks), so a decision can come at any depth.
 */
import { answerOf, ask } from '../../src/engine/core/decision-kinds.ts';
import { collectLki, lastKnown, takeUnseen } from '../../src/engine/core/events.ts';
import type { Seat } from '../../src/engine/core/game.ts';
import { actedWithPriority, passPriority } from '../../src/engine/core/priority.ts';
import { call, defineProcedure, inTransaction, resultOf } from '../../src/engine/core/procedure.ts';
import { apnapOrder, matchTriggers } from '../../src/engine/core/triggers.ts';
import { cardOf } from './cards.ts';
import { ATTACK_POWER_LIMIT, attackDecision, priorityDecision, splitOption } from './decisions.ts';
import { resolve } from './effects.ts';
import { dealDamage, play, stateChecks, transaction } from './playing.ts';
import {
  currentRef,
  draw,
  moveObject,
  objectOf,
  opponentOf,
  type PendingTrigger,
  powerOf,
  type ToyState,
  unitsOf,
} from './state.ts';

/** TOY 7.1: "when this dies" abilities, matched against each batch of events with the unit as it last was. */
function collectTriggers(s: ToyState): void {
  for (const batch of takeUnseen(s.events)) {
    const fired = matchTriggers(batch, ['on-death'], (_w, e): PendingTrigger | null => {
      if (e.type !== 'died' || !e.subject) return null;
      const was = lastKnown(s.events, e.subject);
      if (!was || typeof was.card !== 'string') return null;
      const card = cardOf(was.card);
      if (card.type !== 'unit' || !card.onDeath) return null;
      const controller: Seat = was.controller === 'p2' ? 'p2' : 'p1';
      return { controller, source: e.subject };
    });
    s.triggers.push(...fired);
  }
}

type Round = { holder: Seat; passesInRow: number };

/** TOY 2.4: priority, with the stack. Returns when both players pass in a row with an empty stack. */
export const priorityWindow = defineProcedure<ToyState, { round: Round }, null>({
  kind: 'window',
  first: 'checks',
  steps: {
    checks: () => call(stateChecks, { found: [], passes: 0 }, 'triggers'),
    triggers(s) {
      collectTriggers(s);
      // TOY 7.2 (CR 603.3b): active player's triggers first, so the other player's resolve first.
      for (const t of apnapOrder(s.triggers, s.turn.active)) {
        s.stack.push({
          id: `s${s.nextItem}`,
          kind: 'trigger',
          source: t.source,
          controller: t.controller,
          target: null,
        });
        s.nextItem += 1;
      }
      s.triggers = [];
      // Last-known entries nothing refers to any more (the stack's trigger items keep theirs).
      collectLki(s.events, [s.stack, s.procedures.frames]);
      return { goto: 'offer' };
    },
    offer: (_s, { data }) => ask(priorityDecision, data.round.holder, {}, 'act'),
    act(s, { data, ret }) {
      const choice = answerOf(priorityDecision, ret);
      const seat = data.round.holder;
      if (choice === 'pass') {
        const after = passPriority(data.round);
        if (after.kind === 'next') {
          data.round = after.round;
          return { goto: 'offer' };
        }
        if (s.stack.length === 0) return { return: null };
        return call(resolve, { item: null, index: 0 }, 'resolved');
      }
      const { action, object: id } = splitOption(choice);
      if (action === 'play') return inTransaction(transaction, play, { seat, card: id }, 'played');
      if (action === 'set') moveObject(s, id, 'board', true);
      else if (action === 'flip') {
        moveObject(s, id, 'stack');
        s.stack.push({ id: `s${s.nextItem}`, kind: 'flip', source: currentRef(s, id), controller: seat, target: null });
        s.nextItem += 1;
      } else throw new Error(`window: unknown action ${choice}`);
      data.round = actedWithPriority(data.round);
      return { goto: 'checks' };
    },
    played(_s, { data, ret }) {
      // A rewound play (TOY 4.2) leaves priority as it was; a play keeps it with the player (CR 117.3c).
      if (!resultOf(transaction, ret).rewound) data.round = actedWithPriority(data.round);
      return { goto: 'checks' };
    },
    resolved(s, { data }) {
      data.round = { holder: s.turn.active, passesInRow: 0 }; // CR 117.3b
      return { goto: 'checks' };
    },
  },
});

const LAST_TURN = 30;

/** TOY 2: the root frame. */
export const turn = defineProcedure<ToyState, Record<string, never>, null>({
  kind: 'turn',
  first: 'draw',
  steps: {
    draw(s) {
      draw(s, s.turn.active, 1); // TOY 2.1
      return call(priorityWindow, { round: { holder: s.turn.active, passesInRow: 0 } }, 'attack');
    },
    attack(s) {
      if (unitsOf(s, s.turn.active).length === 0) return { goto: 'end' };
      return ask(attackDecision, s.turn.active, { refusedTotal: null }, 'declared');
    },
    declared(s, { ret }) {
      const attackers = answerOf(attackDecision, ret).map((id) => objectOf(s, id));
      if (attackers.length === 0) return { goto: 'end' };
      const total = attackers.reduce((sum, u) => sum + powerOf(u), 0);
      // TOY 2.3: legal only as a whole; asked again with the problem named.
      if (total > ATTACK_POWER_LIMIT) return ask(attackDecision, s.turn.active, { refusedTotal: total }, 'declared');
      const to = { player: opponentOf(s.turn.active) };
      return call(dealDamage, { event: { to, amount: total, source: 'combat' } }, 'after-combat');
    },
    'after-combat': (s) => call(priorityWindow, { round: { holder: s.turn.active, passesInRow: 0 } }, 'end'),
    end(s) {
      if (s.turn.number >= LAST_TURN) {
        s.result = {
          kind: 'draw',
          reason: 'turn-limit',
          rule: 'TOY 1.4',
        };
        return { goto: 'draw' };
      }
      s.turn = { number: s.turn.number + 1, active: opponentOf(s.turn.active) };
      return { goto: 'draw' };
    },
  },
});
