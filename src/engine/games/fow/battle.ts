/**
 * A battle (800): battle start (802), attack declaration (803), block declaration (804), first-strike damage (805),
 * normal damage (806) and the end of battle with its loop (807), each step with its priority process. One attacker,
 * at most one blocker; a battle does not use the chase (704.2).
 */
import { answerOf, ask } from '../../core/decision-kinds.ts';
import type { Seat } from '../../core/game.ts';
import { learn } from '../../core/hidden.ts';
import type { JsonObject } from '../../core/json.ts';
import { type call, defineProcedure, inTransaction, resultOf } from '../../core/procedure.ts';
import { targetKey } from './abilities.ts';
import {
  addReplacementAnswer,
  type DamageEvent,
  damageReplacementChoices,
  dealDamage,
  stillThere,
  trigger,
} from './actions-game.ts';
import { possibleAttackers, possibleBlockers } from './battle-rules.ts';
import type { Cost } from './cards/schema.ts';
import { attackDecision, blockDecision, pierceDecision, replacementDecision, revealDecision } from './decisions.ts';
import { payCost, transaction } from './play.ts';
import {
  type BattleStep,
  characteristics,
  type FowState,
  faceOf,
  hasKeyword,
  isJResonator,
  log,
  newId,
  objectOf,
  opponentSeat,
  refOf,
  type TargetRef,
} from './state.ts';

type BattleData = {
  /** The damage the attacker deals, as assigned (1102 may split it). */
  toBlocker: number;
  toTarget: number;
  first: boolean;
  chosen: { attacker: string; target: TargetRef } | null;
  blocker: string | null;
  /** 910.2a: the replacement chosen for each damage event of this step that meets more than one kind. */
  replaced?: Record<string, string>;
} & JsonObject;

export function newBattleData(): BattleData {
  return { toBlocker: 0, toTarget: 0, first: false, chosen: null, blocker: null };
}

function enter(s: FowState, step: BattleStep): void {
  if (s.battle) s.battle.step = step;
  s.turn.battle = step;
}

/** 1129.2: the [Mobilize] cost, if the card has it. */
function mobilizeCost(s: FowState, id: string): Cost | null {
  if (!hasKeyword(s, id, 'mobilize')) return null;
  return faceOf(s, id).keywords.find((k) => k.keyword === 'mobilize')?.cost ?? null;
}

/** 805.2, 806.2a: where the attacker's damage goes: the blocker, else the declared target if it is still there. */
function attackRecipient(s: FowState): { player: Seat } | { object: string } | null {
  const b = s.battle;
  if (!b?.attacker) return null;
  if (b.blocker) return { object: b.blocker };
  const t = b.target;
  if (!t) return null;
  if ('player' in t) return { player: t.player };
  if ('object' in t && stillThere(s, t.object) && objectOf(s, t.object.id).zone === 'field')
    return { object: t.object.id };
  return null;
}

/** 804.5: the J/resonator fighting the attacker (the blocker, else a J/resonator attack target). */
function fightingAttacker(s: FowState): string | null {
  const b = s.battle;
  if (!b?.attacker) return null;
  if (b.blocker) return b.blocker;
  const t = b.target;
  if (t && 'object' in t && stillThere(s, t.object) && isJResonator(s, t.object.id)) return t.object.id;
  return null;
}

/**
 * 805.2, 806.2: the damage events of this damage step (null when the attacker is gone): the attacker's, unless it
 * struck first (805.2a), and the strike back of the J/resonator fighting it (806.2b; none in the first-strike step).
 */
function damageEvents(s: FowState, data: BattleData): DamageEvent[] | null {
  const b = s.battle;
  if (!b?.attacker) return null;
  const attacker = b.attacker;
  const out: DamageEvent[] = [];
  const back = data.first ? null : fightingAttacker(s);
  if (data.first || !b.struckFirst) {
    if (b.blocker) {
      out.push({ source: attacker, to: { object: b.blocker }, amount: data.toBlocker });
      const t = b.target;
      if (data.toTarget > 0 && t) {
        if ('player' in t) out.push({ source: attacker, to: { player: t.player }, amount: data.toTarget });
        else if ('object' in t && stillThere(s, t.object))
          out.push({ source: attacker, to: { object: t.object.id }, amount: data.toTarget });
      }
    } else {
      const to = attackRecipient(s);
      if (to) out.push({ source: attacker, to, amount: data.toTarget });
    }
  }
  if (back && stillThere(s, { id: attacker, inc: objectOf(s, attacker).inc }))
    out.push({ source: back, to: { object: attacker }, amount: characteristics(s, back).atk ?? 0 });
  return out;
}

export function makeBattle(
  windowProc: (s: FowState, next: string) => ReturnType<typeof call>,
  isDue: (s: FowState) => boolean,
) {
  return defineProcedure<FowState, BattleData, null>({
    kind: 'fow-battle',
    first: 'start',
    steps: {
      // 802: battle start step.
      start(s) {
        s.battle = {
          attacker: null,
          target: null,
          blocker: null,
          struckFirst: false,
          opponentActed: false,
          step: 'start',
        };
        enter(s, 'start');
        log(s, { type: 'battle', seat: s.turn.active });
        return windowProc(s, 'attack-step');
      },
      // 803.1–803.2: the attack declaration step begins.
      'attack-step'(s) {
        enter(s, 'attack');
        return windowProc(s, 'declare');
      },
      // 803.3–803.4: attack or abandon (no possible attacker: abandon).
      declare(s) {
        if (possibleAttackers(s, s.turn.active).length === 0) return { goto: 'abandoned' };
        return ask(attackDecision, s.turn.active, {}, 'declared');
      },
      declared(s, { data, ret }) {
        const chosen = answerOf(attackDecision, ret);
        if (!chosen) return { goto: 'abandoned' };
        data.chosen = chosen;
        // 803.5: rest the attacker and pay what attacking needs; if that fails, back to the declaration.
        const o = objectOf(s, chosen.attacker);
        o.rested = true;
        const cost = mobilizeCost(s, chosen.attacker);
        if (!cost) return { goto: 'attacking' };
        return inTransaction(
          transaction,
          payCost,
          { seat: s.turn.active, cost, card: o.card, rule: '803.5' },
          'attack-paid',
          [],
        );
      },
      'attack-paid'(s, { data, ret }) {
        if (resultOf(transaction, ret).rewound) {
          const id = data.chosen?.attacker;
          if (id) objectOf(s, id).rested = false;
          data.chosen = null;
          return { goto: 'declare' };
        }
        return { goto: 'attacking' };
      },
      attacking(s, { data }) {
        const b = s.battle;
        const chosen = data.chosen;
        if (!b || !chosen) throw new Error('battle: no declaration');
        b.attacker = chosen.attacker;
        b.target = chosen.target;
        const o = objectOf(s, chosen.attacker);
        log(s, {
          type: 'attack',
          seat: o.controller,
          card: o.card,
          object: o.id,
          target: 'player' in chosen.target ? chosen.target.player : targetKey(chosen.target).slice(4),
        });
        // 1118.2: [Limit]: when this attacks, remove a limit counter.
        if (hasKeyword(s, o.id, 'limit')) trigger(s, o.id, o.controller, [{ do: 'remove-limit-counter' }]);
        // 708.2, 1114.2: the attack meets "an opponent's J/resonator attacks": the reveal window (ruling F-REVEAL).
        const defender = opponentSeat(o.controller);
        const p = s.players[defender];
        if (p.hand.length + p.standby.length > 0)
          return ask(revealDecision, defender, { condition: 'opponent-j-resonator-attacks' }, 'revealed');
        return windowProc(s, 'block-step'); // 803.7
      },
      revealed(s, { ret }) {
        const attacker = s.battle?.attacker;
        const defender = opponentSeat(s.turn.active);
        for (const id of answerOf(revealDecision, ret)) revealTriggered(s, defender, id, attacker ?? null);
        return windowProc(s, 'block-step'); // 803.7: the revealed cards are played there (906.5)
      },
      // 803.6: an abandoned attack with no spell or ability from the non-turn player ends battles for the turn.
      abandoned(s) {
        if (s.battle && !s.battle.opponentActed) s.battleLocked = true;
        log(s, { type: 'abandon', seat: s.turn.active, rule: '803.6' });
        return { goto: 'end-step' };
      },
      // 804.1–804.3.
      'block-step'(s) {
        enter(s, 'block');
        return windowProc(s, 'block-declare');
      },
      'block-declare'(s) {
        if (!s.battle?.attacker) return { goto: 'end-step' };
        const defender = opponentSeat(s.turn.active);
        if (possibleBlockers(s, defender).length === 0) return { goto: 'block-window' };
        return ask(blockDecision, defender, {}, 'blocked');
      },
      blocked(s, { data, ret }) {
        const id = answerOf(blockDecision, ret);
        if (!id) return { goto: 'block-window' };
        data.blocker = id;
        // 804.4: rest the blocker and pay what blocking needs; if that fails, back to the choice.
        const o = objectOf(s, id);
        o.rested = true;
        const cost = mobilizeCost(s, id);
        if (!cost) return { goto: 'blocking' };
        return inTransaction(
          transaction,
          payCost,
          { seat: o.controller, cost, card: o.card, rule: '804.4' },
          'block-paid',
          [],
        );
      },
      'block-paid'(s, { data, ret }) {
        if (resultOf(transaction, ret).rewound) {
          if (data.blocker) objectOf(s, data.blocker).rested = false;
          data.blocker = null;
          return { goto: 'block-declare' };
        }
        return { goto: 'blocking' };
      },
      blocking(s, { data }) {
        const b = s.battle;
        const id = data.blocker;
        if (!b || !id) throw new Error('battle: no blocker');
        b.blocker = id;
        const o = objectOf(s, id);
        log(s, { type: 'block', seat: o.controller, card: o.card, object: id });
        if (hasKeyword(s, id, 'limit')) trigger(s, id, o.controller, [{ do: 'remove-limit-counter' }]);
        return { goto: 'block-window' };
      },
      'block-window': (s) => windowProc(s, 'first-strike'), // 804.6
      // 805: only the attacker's [First Strike] matters (1104.2).
      'first-strike'(s, { data }) {
        const b = s.battle;
        if (!b?.attacker) return { goto: 'end-step' };
        if (!hasKeyword(s, b.attacker, 'first-strike')) return { goto: 'damage' };
        enter(s, 'first-strike');
        data.first = true;
        return { goto: 'assign' };
      },
      'fs-window'(s) {
        if (s.battle) s.battle.struckFirst = true;
        return windowProc(s, 'damage'); // 805.3
      },
      // 806.
      damage(s, { data }) {
        const b = s.battle;
        if (!b?.attacker) return { goto: 'end-step' };
        enter(s, 'damage');
        data.first = false;
        if (b.struckFirst) return { goto: 'apply' };
        return { goto: 'assign' };
      },
      // 1102.2: a blocked [Pierce] attacker's damage beyond the blocker's lethal amount is divided.
      assign(s, { data }) {
        const b = s.battle;
        if (!b?.attacker) return { goto: 'end-step' };
        const atk = characteristics(s, b.attacker).atk ?? 0;
        data.toBlocker = 0;
        data.toTarget = atk;
        if (b.blocker) {
          data.toBlocker = atk;
          data.toTarget = 0;
          const c = characteristics(s, b.blocker);
          const lethal = Math.max(0, (c.def ?? 0) - objectOf(s, b.blocker).damage);
          const target = b.target;
          const targetThere =
            target !== null &&
            ('player' in target ||
              ('object' in target && stillThere(s, target.object) && objectOf(s, target.object.id).zone === 'field'));
          if (hasKeyword(s, b.attacker, 'pierce') && atk > lethal && targetThere && target && 'object' in target) {
            return ask(
              pierceDecision,
              objectOf(s, b.attacker).controller,
              { total: atk, lethal, blocker: b.blocker, target: target.object.id },
              'pierced',
            );
          }
          if (hasKeyword(s, b.attacker, 'pierce') && atk > lethal && targetThere)
            return ask(
              pierceDecision,
              objectOf(s, b.attacker).controller,
              { total: atk, lethal, blocker: b.blocker, target: '' },
              'pierced',
            );
        }
        return { goto: 'apply' };
      },
      pierced(_s, { data, ret }) {
        const split = answerOf(pierceDecision, ret);
        data.toBlocker = split.blocker;
        data.toTarget = split.target;
        return { goto: 'apply' };
      },
      // 806.2, 805.2: every damage event of the step, dealt at once (ruling F-SIMULTANEOUS), each that meets several
      // kinds of replacement effect first asking its chooser (910.2a).
      apply(s, { data }) {
        const events = damageEvents(s, data);
        if (events === null) return { goto: 'end-step' };
        const [choice] = damageReplacementChoices(s, events, data.replaced ?? {});
        if (choice) {
          const payload = { object: choice.object, kinds: choice.kinds, event: 'damage' as const };
          return ask(replacementDecision, choice.seat, payload, 'replaced');
        }
        for (const ev of events)
          dealDamage(
            s,
            ev.source,
            ev.to,
            ev.amount,
            true,
            'object' in ev.to ? data.replaced?.[ev.to.object] : undefined,
          );
        delete data.replaced;
        return data.first ? { goto: 'fs-window' } : windowProc(s, 'end-step');
      },
      replaced(s, { data, ret }) {
        const [choice] = damageReplacementChoices(s, damageEvents(s, data) ?? [], data.replaced ?? {});
        if (choice) {
          const chain = addReplacementAnswer(data.replaced?.[choice.object], answerOf(replacementDecision, ret));
          data.replaced = { ...data.replaced, [choice.object]: chain };
        }
        return { goto: 'apply' };
      },
      // 807.1–807.2.
      'end-step'(s) {
        enter(s, 'end');
        return windowProc(s, 'end-loop');
      },
      // 807.3: effects "until end of battle" end (none in the pool); rule processing or triggers: another round.
      'end-loop'(s) {
        if (isDue(s)) return windowProc(s, 'end-loop');
        return { goto: 'over' };
      },
      // 807.4: the battle ends.
      over(s) {
        s.battle = null;
        s.turn.battle = null;
        return { return: null };
      },
    },
  });
}

/**
 * 708.2, 1114.2: a card revealed from the hand or the standby area becomes a triggered item (906.2); the opponent now
 * knows which card it is until it moves (it is played at the next 906.5, or goes to the graveyard, 708.3a). `about`
 * is the object of the event that met its condition (the attacker, the chant played).
 */
/**
 * Ruling F-REVEAL: the player asked whether to reveal, right after `seat` played the chant on top of the chase (the
 * card `source`, if given, still there: 708.3a); null when there is no window.
 */
export function chantRevealer(s: FowState, seat: Seat, source: string | null): Seat | null {
  const top = s.chase.at(-1);
  if (!s.chantRevealWindow || !top || top.kind !== 'card' || top.controller !== seat) return null;
  if (source !== null && top.source.id !== source) return null; // it went to the graveyard (708.3a)
  if (!faceOf(s, top.source.id).types.includes('chant')) return null;
  const other = opponentSeat(seat);
  const p = s.players[other];
  if (p.hand.length + p.standby.length === 0) return null;
  return other;
}

export function revealTriggered(s: FowState, seat: Seat, id: string, about: string | null): void {
  const o = objectOf(s, id);
  s.known = learn(s.known, opponentSeat(seat), [id]);
  log(s, { type: 'reveal', seat, card: o.card, object: id, rule: hasKeyword(s, id, 'stealth') ? '1114.2' : '708.2' });
  s.triggered.push({
    id: newId(s, 't'),
    controller: seat,
    source: refOf(s, id),
    card: o.card,
    effects: [],
    playsCard: true,
    ...(about ? { about: refOf(s, about) } : {}),
  });
}
