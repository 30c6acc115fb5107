/**
 * The game's root procedure: the turn (§4) as a script of phases, each with its rule effect, then a priority window
 * opening with the turn player (§4.1.2); turn start and turn end have no priority (§4.2.3.a). The root never returns.
 */

import { answerOf, ask } from '../../core/decision-kinds.ts';
import { opponentOf, SEATS } from '../../core/game.ts';
import { call, defineProcedure, type StepOut } from '../../core/procedure.ts';
import type { TurnPhase } from './cards/schema.ts';
import { autoPlan, upkeepDecision } from './decisions.ts';
import { discardPhase, gammaWindow, payNode, phaseWindow } from './interference.ts';
import { removalsThen } from './removal.ts';
import { orderArrivals } from './rules.ts';
import {
  abilitiesOf,
  alternativeRaceMet,
  cardOfObject,
  casterPresent,
  charactersOf,
  currentRef,
  draw,
  hasKeyword,
  keywordsOf,
  log,
  moveObject,
  objectOf,
  onField,
  type Phase,
  type PmvState,
  popularityOf,
} from './state.ts';

function enter(s: PmvState, phase: Phase): void {
  s.turn.phase = phase;
}

/**
 * §4.10: the step after a phase's window. An effect that ended the turn skips every phase left, their processing
 * too (§4.10.1.b), to the turn end (§4.10.1.c); one that ended the phase only moved on early (§4.10.2.b), and is not
 * carried into the next phase (§4.10.2.c).
 */
function next(s: PmvState, step: string): StepOut {
  if (s.turn.ending === 'turn') return { goto: 'turn-end' };
  s.turn.ending = null;
  // §4.10.3.b: after an extra phase, the phase that would have come after the one it followed.
  const after = s.turn.resume ?? step;
  delete s.turn.resume;
  // §4.10.3.a, §4.10.4: an extra phase granted goes first, once however many times it was granted.
  const extra = s.turn.extraPhase;
  if (extra === undefined) return { goto: after };
  delete s.turn.extraPhase;
  s.turn.resume = after;
  return { goto: extra };
}

/**
 * §4.10.5: a phase a skip names does not occur: the turn goes on with the step after it (`then`). The skip is used
 * up by the phase it skipped.
 */
function skipped(s: PmvState, phase: TurnPhase, then: string): StepOut | null {
  const i = s.skips?.findIndex((x) => x.seat === s.turn.active && x.phase === phase) ?? -1;
  if (i < 0 || !s.skips) return null;
  s.skips = s.skips.filter((_, j) => j !== i);
  if (s.skips.length === 0) delete s.skips;
  log(s, { type: 'phase-skipped', seat: s.turn.active, phase, rule: '4.10.5' });
  return next(s, then);
}

/** §4.3.1.a, §4.9.1.a: the damage accumulated on every character is reset. */
function resetDamage(s: PmvState): void {
  for (const id of s.field) {
    const o = objectOf(s, id);
    o.battleDamage = 0;
    o.effectDamage = 0;
  }
}

/** §4.5.1.a: the next Upkeep Cost card of the turn player's field not yet asked about this maintenance phase. */
function nextUpkeep(s: PmvState): string | null {
  const done = s.turn.upkeepDone ?? [];
  const seat = s.turn.active;
  return (
    s.field.find((id) => objectOf(s, id).owner === seat && !done.includes(id) && hasKeyword(s, id, 'upkeep-cost')) ??
    null
  );
}

/**
 * §4.9.1.c: the next "at turn end" γ to resolve among the cards on the field (the pool's: Tsubaki's Final Prayer,
 * a World Talisman): the turn player's first (§7.1.6.a), each player's in the order their cards entered
 * (docs/rulings/pmv.md P32); none for a card whose γ already resolved this turn end.
 */
function nextTurnEndGamma(s: PmvState): string | null {
  const done = s.turn.turnEndDone ?? [];
  for (const seat of [s.turn.active, opponentOf(s.turn.active)])
    for (const id of s.field)
      if (objectOf(s, id).owner === seat && !done.includes(id) && turnEndGammas(s, id).length > 0) return id;
  return null;
}

const turnEndGammas = (s: PmvState, id: string) =>
  abilitiesOf(s, id).filter(({ ability: a }) => a.kind === 'auto' && a.class === 'gamma' && a.when === 'turn-end');

export const game = defineProcedure<PmvState, Record<string, never>, null>({
  kind: 'pmv-game',
  first: 'turn-start',
  steps: {
    // §4.3.1: turn start.
    'turn-start'(s) {
      enter(s, 'turn-start');
      log(s, { type: 'turn', seat: s.turn.active, amount: s.turn.number });
      resetDamage(s); // §4.3.1.a
      // §10.28.10: the turn player's transformed characters are back to their normal state.
      for (const id of s.field) {
        const o = objectOf(s, id);
        if (o.owner === s.turn.active && o.transformed) {
          delete o.transformed;
          log(s, { type: 'untransform', card: o.card, object: id, rule: '10.28.10' });
        }
      }
      return { goto: 'active' };
    },
    // §4.4.1: every card on the turn player's field becomes active (the node area is not the field: nodes stay
    // asleep, docs/rulings/pmv.md P10); §10.7.2.a: the other player's Vigilance characters become active too.
    active(s) {
      const skip = skipped(s, 'active', 'maintenance');
      if (skip) return skip;
      enter(s, 'active');
      for (const id of s.field) {
        const o = objectOf(s, id);
        if (o.owner === s.turn.active) o.active = true;
      }
      for (const id of charactersOf(s, opponentOf(s.turn.active)))
        if (hasKeyword(s, id, 'vigilance')) objectOf(s, id).active = true;
      return phaseWindow(s, 'after-active');
    },
    'after-active': (s) => next(s, 'maintenance'),
    maintenance(s) {
      const skip = skipped(s, 'maintenance', 'draw');
      if (skip) return skip;
      enter(s, 'maintenance');
      delete s.turn.upkeepDone; // an extra maintenance phase asks again (§4.10.3.a, §4.5.1.a)
      return { goto: 'upkeep' };
    },
    // §4.5.1.a, §10.27.2.a: each Upkeep Cost card on the turn player's field, in the order they entered (P33), asks
    // its player to pay X, or ignore it (its caster or alternative race on the field), or lose the card.
    upkeep(s) {
      const id = nextUpkeep(s);
      if (id === null) return phaseWindow(s, 'after-maintenance'); // §4.5.1.c
      s.turn.upkeepDone = [...(s.turn.upkeepDone ?? []), id];
      const seat = s.turn.active;
      const card = cardOfObject(s, id);
      const x = keywordsOf(s, id).find((k) => k.keyword === 'upkeep-cost')?.x ?? 0;
      const canPay = autoPlan(s, seat, x, []) !== null;
      const canIgnore = casterPresent(s, seat, card) || alternativeRaceMet(s, seat, card);
      return ask(upkeepDecision, seat, { card: card.id, x, canPay, canIgnore }, 'upkeep-answered');
    },
    'upkeep-answered'(s, { ret }) {
      const id = s.turn.upkeepDone?.at(-1);
      const seat = s.turn.active;
      if (id === undefined || !onField(s, currentRef(s, id))) return { goto: 'upkeep' };
      const o = objectOf(s, id);
      const x = keywordsOf(s, id).find((k) => k.keyword === 'upkeep-cost')?.x ?? 0;
      const answer = answerOf(upkeepDecision, ret);
      if (answer === 'ignore') {
        log(s, { type: 'upkeep-ignored', seat, card: o.card, object: id, rule: '10.27.2.a' });
        return { goto: 'upkeep' };
      }
      if (answer === 'pay') {
        // A payment of its own (§1.8.7): the auto-payer's nodes, active ones first.
        for (const n of autoPlan(s, seat, x, []) ?? []) payNode(s, seat, n);
        log(s, { type: 'upkeep-paid', seat, card: o.card, object: id, amount: x, rule: '10.27.2.a' });
        return { goto: 'upkeep' };
      }
      moveObject(s, id, 'netherworld');
      log(s, { type: 'discard', seat, card: o.card, object: id, rule: '10.27.2.a' });
      return removalsThen(s, 'upkeep'); // its α leaving may leave a character at DEF 0 (§9.2.2.b)
    },
    'after-maintenance': (s) => next(s, 'draw'),
    // §4.6: the turn player draws 1, except the starting player on the first turn (§1.2.8, §4.6.3).
    draw(s) {
      const skip = skipped(s, 'draw', 'main');
      if (skip) return skip;
      enter(s, 'draw');
      if (!(s.turn.number === 1 && s.turn.active === s.startingPlayer)) draw(s, s.turn.active, 1);
      if (s.result) return { goto: 'over' };
      return phaseWindow(s, 'after-draw');
    },
    'after-draw': (s) => next(s, 'main'),
    main(s) {
      const skip = skipped(s, 'main', 'discard');
      if (skip) return skip;
      enter(s, 'main');
      return phaseWindow(s, 'after-main');
    },
    'after-main': (s) => next(s, 'discard'),
    // §4.8.1.a: discard down to the hand limit, then priority.
    discard(s) {
      const skip = skipped(s, 'discard', 'turn-end');
      if (skip) return skip;
      enter(s, 'discard');
      return call(discardPhase, { count: 0 }, 'discard-window');
    },
    'discard-window': (s) => phaseWindow(s, 'after-discard'),
    // §4.10.2.b: the discard phase ended is followed by the turn end.
    'after-discard': (s) => next(s, 'turn-end'),
    // §4.9.1: damage resets (a), "until end of turn" effects end (b; and any "until end of battle" one left, P11).
    'turn-end'(s) {
      enter(s, 'turn-end');
      resetDamage(s);
      s.modifiers = [];
      delete s.groupModifiers;
      // §4.9.1.c, §10.34.2.e: a Leader with 4 or more popularity discards down to 1 (the first attached stays, P31).
      for (const id of s.field) {
        const popular = popularityOf(s, id);
        if (!hasKeyword(s, id, 'leader') || popular.length < 4) continue;
        const going = popular.slice(1);
        for (const p of going) moveObject(s, p, 'netherworld');
        log(s, {
          type: 'popularity-trimmed',
          seat: objectOf(s, id).owner,
          object: id,
          card: objectOf(s, id).card,
          amount: going.length,
          rule: '10.34.2.e',
        });
        orderArrivals(s, going); // §9.3.4.g: each owner orders their own (popularity may be either player's)
      }
      return removalsThen(s, 'turn-end-gamma');
    },
    // §4.9.1.c: one turn-end γ at a time, removals settled (and their windows asked) after each.
    'turn-end-gamma'(s) {
      const id = nextTurnEndGamma(s);
      if (id === null) return { goto: 'next-turn' };
      s.turn.turnEndDone = [...(s.turn.turnEndDone ?? []), id];
      // Its γ clause by clause, several of one card ordered by its player (§7.1.6.a, docs/rulings/pmv.md P38).
      return gammaWindow(s, id, 'turn-end', 'turn-end-settle') ?? { goto: 'turn-end-settle' };
    },
    'turn-end-settle': (s) => removalsThen(s, 'turn-end-gamma'),
    'next-turn'(s) {
      s.turn = {
        number: s.turn.number + 1,
        active: opponentOf(s.turn.active),
        phase: 'turn-start',
        nodeSet: false,
        character: false,
        doll: false,
        ending: null, // §4.10.1.d: an end of the turn is never carried into the next one
        limited: [], // §10.21.2.a: until end of turn
      };
      return { goto: 'turn-start' };
    },
    // The game has a result; the driver stops before this step runs again.
    over: () => ({ goto: 'over' }),
  },
});

export { SEATS };
