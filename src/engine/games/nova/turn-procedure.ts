/**
 * NOVA's game as the root procedure on the kernel's stack (core/procedure.ts), as MTG's `turn.ts` is for MTG: the
 * setup decisions (NOVA 007), then the turn script (turn.ts `SCRIPTS`, NOVA 402–407) one op at a time. Each priority
 * processing (NOVA 701–704) is a `priority-window` frame the turn calls; plays, resolutions and damage are frames
 * above it. Every decision of the game is asked by a frame: nothing waits outside the stack. The root never returns.
 */
import { opponentOf, type Seat } from '../../core/game.ts';
import type { Json } from '../../core/json.ts';
import { call, defineProcedure, type StepOut } from '../../core/procedure.ts';
import { NOVA_DECISIONS } from './decisions.ts';
import type { Await, NovaState, Phase } from './state.ts';
import { nextTriggerGroup, nextTriggerTarget, recordTriggerTarget } from './triggers.ts';
import { priorityProcessing, runOp } from './turn.ts';

/** Where the game starts: at its setup (a new match), or at the turn (a scenario's position, built in place). */
type GameData = { start: 'setup' | 'turn'; first: Seat | null };

/** The turn op that called this window: while the turn is still at it, its priority processing goes on. */
type WindowData = { turn: number; phase: Phase; op: number };

/** Asks the decision an awaited payload names (decisions.ts `NOVA_DECISIONS`), going on at `next` with its answer. */
function asked(a: Await, next: string): StepOut {
  // The destruction frame's kind is not in the table (decisions.ts); its name is its key.
  const decision =
    a.k === 'destruction-replacement' || a.k === 'optional-damage-replacement' || a.k === 'move-replacement'
      ? a.k
      : NOVA_DECISIONS[a.k].registered.name;
  return { await: { decision, seat: a.seat, payload: a }, next };
}

/** A setup or turn decision's kind answers the decision to ask next (the second mulligan, the attack target). */
function followUp(ret: Json | undefined): Await | null {
  if (typeof ret !== 'object' || ret === null || Array.isArray(ret) || typeof ret.k !== 'string') return null;
  // Written by this game's own decision kinds (decisions.ts), as an Await.
  return ret as Await;
}

/** NOVA 701–704: priority processing as a frame, until the turn has moved past the op that called it. */
export const priorityWindow = defineProcedure<NovaState, WindowData>({
  kind: 'priority-window',
  first: 'process',
  steps: {
    process(s) {
      switch (priorityProcessing(s)) {
        case 'continue':
          return { goto: 'process' };
        case 'ask-priority':
          return asked({ k: 'priority', seat: s.priority?.holder ?? s.turn.active }, 'answered');
        case 'ask-order': // NOVA 801.4.3
          return asked({ k: 'order-triggers', seat: nextTriggerGroup(s)[0]?.controller ?? s.turn.active }, 'answered');
        case 'ask-trigger-target': {
          const next = nextTriggerTarget(s); // NOVA 804.2.2: targets are chosen as it is placed
          if (!next) return { goto: 'process' };
          if (next.upTo && next.options.length === 0) {
            recordTriggerTarget(s, next.item.id, []); // NOVA 804.4.1.2: "up to N" with nothing to choose: none
            return { goto: 'process' };
          }
          const a: Await = {
            k: 'trigger-target',
            seat: next.item.controller,
            item: next.item.id,
            options: next.options,
            ...(next.upTo ? { upTo: next.upTo } : {}),
          };
          return asked(a, 'answered');
        }
      }
    },
    // NOVA 704.1.3: both players passed with an empty waiting area, so the turn moved on and this window is over.
    answered(s, { data }) {
      const still = s.turn.number === data.turn && s.turn.phase === data.phase && s.turn.op === data.op;
      return still ? { goto: 'process' } : { return: null };
    },
  },
});

/** NOVA 007 then 401–407: the whole game. */
export const novaGame = defineProcedure<NovaState, GameData>({
  kind: 'nova-game',
  first: 'begin',
  steps: {
    begin(_s, { data }) {
      if (data.start === 'turn') return { goto: 'turn' };
      return asked({ k: 'first-player', seat: data.first ?? 'p1' }, 'answered'); // NOVA 007.5
    },
    answered(_s, { ret }) {
      const next = followUp(ret);
      return next ? asked(next, 'answered') : { goto: 'turn' };
    },
    turn(s) {
      const active = s.turn.active;
      switch (runOp(s)) {
        case 'continue':
          return { goto: 'turn' };
        case 'priority-window':
          return call(priorityWindow, { turn: s.turn.number, phase: s.turn.phase, op: s.turn.op }, 'turn');
        case 'ask-attacker':
          return asked({ k: 'attacker', seat: active }, 'answered');
        case 'ask-block':
          return asked({ k: 'block', seat: opponentOf(active) }, 'answered');
        case 'ask-discard':
          return asked({ k: 'discard', seat: active, count: s.players[active].zones.hand.length - 7 }, 'answered');
      }
    },
  },
});
