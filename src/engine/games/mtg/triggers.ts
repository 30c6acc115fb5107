/**
 * Triggered abilities (CR 603): what happened is kept as events (`s.happened`); the next time a player would receive
 * priority the trigger check looks at them in order, with the permanents that were on the battlefield at each event
 * (603.6a: including the ones that entered with it; 603.10a: leaving ones look back), and the abilities that
 * triggered wait in `s.triggers`. They go on the stack active player first, each player ordering their own (603.3b),
 * with their targets chosen as they are put there (603.3d).
 */
import { answerOf, ask } from '../../core/decision-kinds.ts';
import { isCurrent, lastKnown, type ObjRef } from '../../core/events.ts';
import type { Seat } from '../../core/game.ts';
import { defineProcedure } from '../../core/procedure.ts';
import { apnapGroups } from '../../core/triggers.ts';
import type { BaseEffect, MtgCard, TriggerCondition, TriggerEvent, TriggerState } from './cards/schema.ts';
import { modeDecision, orderTriggersDecision, type TargetPayload, targetChoices, targetDecision } from './decisions.ts';
import {
  cardOf,
  controllerOf,
  creaturesOf,
  currentRef,
  hadAbility,
  hasAbility,
  hasKeyword,
  isCreature,
  isType,
  type KeywordTrigger,
  keywordsOf,
  log,
  type MtgEvent,
  type MtgState,
  type PendingTrigger,
  type StackItem,
  type TargetRef,
} from './state.ts';
import { targetKey, targetsOfEffect, withMode } from './targets.ts';

/** One permanent as the trigger check sees it at one event: now, or as it last existed (603.10). */
type Watcher = { id: string; ref: ObjRef };

const sameRef = (a: ObjRef, b: ObjRef) => a.id === b.id && a.inc === b.inc;

/** What the watcher was: its card and controller now, or from last-known information once it left. */
function watcherFacts(s: MtgState, w: ObjRef): { card: string; controller: Seat } | null {
  if (isCurrent(s.events, w)) {
    const o = s.objects[w.id];
    return o ? { card: o.card, controller: controllerOf(s, w.id) } : null;
  }
  const lki = lastKnown(s.events, w);
  if (!lki || typeof lki.card !== 'string') return null;
  return { card: lki.card, controller: lki.controller === 'p2' ? 'p2' : 'p1' };
}

/** Was the object that left (this ref) a creature then, and who controlled it (603.10a)? */
function leftAsCreature(s: MtgState, ref: ObjRef): Seat | null {
  const lki = lastKnown(s.events, ref);
  if (lki?.creature !== true) return null;
  return lki.controller === 'p2' ? 'p2' : 'p1';
}

/** The entering object's controller if it is a creature (now, or as it last was if it left again). */
function enteredAsCreature(s: MtgState, ref: ObjRef): Seat | null {
  if (isCurrent(s.events, ref)) {
    const o = s.objects[ref.id];
    return o && o.zone === 'battlefield' && isCreature(s, ref.id) ? controllerOf(s, ref.id) : null;
  }
  return leftAsCreature(s, { id: ref.id, inc: ref.inc });
}

/** CR 603.4: does the intervening "if" hold for this player now? */
export function conditionHolds(s: MtgState, seat: Seat, cond: TriggerCondition | undefined): boolean {
  if (!cond) return true;
  switch (cond.check) {
    case 'life-at-least':
      return s.players[seat].life >= cond.amount;
    case 'creatures-at-least':
      return creaturesOf(s, seat).length >= cond.amount;
    case 'creature-died-this-turn': // CR 700.4: any creature, either player's, since this turn began
      return (s.diedThisTurn ?? 0) > 0;
  }
}

/** Does this event trigger an ability that waits for `when`, on watcher `w` controlled by `seat`? */
function matches(s: MtgState, when: TriggerEvent, w: Watcher, seat: Seat, e: MtgEvent): ObjRef | null | false {
  switch (when) {
    case 'enters': // CR 603.6a
      return e.type === 'zone' && e.to === 'battlefield' && sameRef(e.entered, w.ref) ? e.entered : false;
    case 'dies': // CR 700.4, 603.10a
      return e.type === 'zone' &&
        e.from === 'battlefield' &&
        e.to === 'graveyard' &&
        sameRef(e.left, w.ref) &&
        leftAsCreature(s, e.left) !== null
        ? e.left
        : false;
    case 'another-creature-you-control-enters':
      return e.type === 'zone' &&
        e.to === 'battlefield' &&
        e.object !== w.id &&
        enteredAsCreature(s, e.entered) === seat
        ? e.entered
        : false;
    case 'another-creature-you-control-dies':
      return e.type === 'zone' &&
        e.from === 'battlefield' &&
        e.to === 'graveyard' &&
        e.object !== w.id &&
        leftAsCreature(s, e.left) === seat
        ? e.left
        : false;
    case 'attacks': // CR 508.3a
    case 'blocks': // CR 509.5a
      return e.type === when && e.object === w.id && isCurrent(s.events, w.ref) ? null : false;
    case 'your-upkeep': // CR 603.2b
      return e.type === 'step' && e.step === 'upkeep' && e.active === seat ? null : false;
    case 'your-end-step':
      return e.type === 'step' && e.step === 'end' && e.active === seat ? null : false;
    case 'state': // CR 603.8: not an event (lookForStateTriggers)
      return false;
  }
}

/** CR 702.107a prowess: "Whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn." */
function prowessTriggers(s: MtgState, w: Watcher, card: MtgCard, seat: Seat, e: MtgEvent): boolean {
  if (e.type !== 'cast' || e.seat !== seat || isType(cardOf(e.card), 'creature')) return false;
  return isCurrent(s.events, w.ref) ? hasKeyword(s, w.id, 'prowess') : card.keywords.includes('prowess');
}

/**
 * CR 702.92a, 702.78a, 702.134a: the keyword triggers of a permanent that was put into a graveyard from the
 * battlefield, read from its last-known information (603.10a): undying without a +1/+1 counter, persist without a
 * -1/-1 counter (their "if" is an intervening one, 603.4, on what it had as it left), afterlife N times (702.134b: each
 * instance separately; the pool prints one). "card": the trigger follows the card into the graveyard.
 */
function diesKeywords(s: MtgState, left: ObjRef, card: MtgCard): [KeywordTrigger, 'card' | null][] {
  const lki = lastKnown(s.events, left);
  if (lki?.creature !== true && !card.afterlife) return [];
  const keywords = Array.isArray(lki?.keywords) ? lki.keywords : [];
  const out: [KeywordTrigger, 'card' | null][] = [];
  if (lki?.creature === true) {
    if (keywords.includes('undying') && lki.plus === 0) out.push(['undying', 'card']);
    if (keywords.includes('persist') && lki.minus === 0) out.push(['persist', 'card']);
  }
  if (card.afterlife && hadAbility(s, left, 'afterlife'))
    for (let i = 0; i < card.afterlife; i++) out.push(['afterlife', null]);
  return out;
}

/**
 * The permanents on the battlefield before the first unseen event: those there now, minus the ones that entered
 * since, plus the ones that left since (walking the events backwards).
 */
function presentBefore(s: MtgState, events: readonly MtgEvent[]): Watcher[] {
  let present: Watcher[] = s.battlefield.map((id) => ({ id, ref: { id, inc: s.events.incarnation[id] ?? 0 } }));
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e?.type !== 'zone') continue;
    if (e.to === 'battlefield') present = present.filter((w) => !sameRef(w.ref, e.entered));
    if (e.from === 'battlefield') present.push({ id: e.object, ref: e.left });
  }
  return present;
}

/**
 * CR 603.2, 603.3: looks at the events since the last look, in order, and records every ability that triggered
 * (its controller is its source's controller then, 603.3a); delayed triggers (603.7) and prowess too.
 */
export function lookForTriggers(s: MtgState): void {
  lookForEventTriggers(s);
  lookForStateTriggers(s);
}

/** CR 603.8: does this state hold for the player now? */
function stateHolds(s: MtgState, seat: Seat, state: TriggerState): boolean {
  switch (state) {
    case 'no-cards-in-hand':
      return s.players[seat].hand.length === 0;
  }
}

/**
 * CR 603.8: a state trigger triggers as soon as its state holds, and not again while that triggered ability waits to
 * be put on the stack or is on it (it may again once it has resolved, been countered or left the stack, if the state
 * still holds). The state is looked at whenever the trigger check runs (ruling B30).
 */
function lookForStateTriggers(s: MtgState): void {
  for (const id of s.battlefield) {
    const o = s.objects[id];
    if (!o) continue;
    const card = cardOf(o.card);
    card.abilities.forEach((a, index) => {
      if (a.kind !== 'triggered' || !a.state || !hasAbility(s, id, `triggered:${index}`)) return; // CR 613.1f
      const controller = controllerOf(s, id);
      if (!stateHolds(s, controller, a.state)) return;
      const source = currentRef(s, id);
      const waiting = (t: { source: ObjRef; card: string; ability: number | null }) =>
        sameRef(t.source, source) && t.card === o.card && t.ability === index;
      if (s.triggers.some(waiting) || s.stack.some((i) => i.kind === 'trigger' && waiting(i))) return;
      s.triggers.push({ source, card: o.card, controller, ability: index, subject: null });
    });
  }
}

function lookForEventTriggers(s: MtgState): void {
  const events = s.happened;
  if (events.length === 0) return;
  s.happened = [];
  let present = presentBefore(s, events);
  for (const e of events) {
    if (e.type === 'zone' && e.to === 'battlefield') present.push({ id: e.object, ref: e.entered }); // 603.6a
    for (const w of present) {
      const facts = watcherFacts(s, w.ref);
      if (!facts) continue;
      const card = cardOf(facts.card);
      card.abilities.forEach((a, index) => {
        if (a.kind !== 'triggered') return;
        // CR 613.1f, 603.10a: an ability the permanent lost does not trigger (a leaving one looks back).
        if (!hadAbility(s, w.ref, `triggered:${index}`)) return;
        const subject = matches(s, a.when, w, facts.controller, e);
        if (subject === false) return;
        if (!conditionHolds(s, facts.controller, a.if)) return; // CR 603.4
        s.triggers.push({ source: w.ref, card: facts.card, controller: facts.controller, ability: index, subject });
      });
      const keyword = (k: KeywordTrigger, subject: ObjRef | null) =>
        s.triggers.push({
          source: w.ref,
          card: facts.card,
          controller: facts.controller,
          ability: null,
          subject,
          special: { keyword: k },
        });
      if (prowessTriggers(s, w, card, facts.controller, e)) keyword('prowess', null);
      // CR 702.82a: each exalted instance of a permanent its controller controls triggers once.
      if (e.type === 'attacks-alone' && e.seat === facts.controller && isCurrent(s.events, w.ref))
        for (const k of keywordsOf(s, w.id)) if (k === 'exalted') keyword('exalted', currentRef(s, e.object));
      if (e.type === 'zone' && e.from === 'battlefield' && e.to === 'graveyard' && sameRef(e.left, w.ref))
        for (const [k, subject] of diesKeywords(s, e.left, card)) keyword(k, subject === 'card' ? e.entered : null);
    }
    if (e.type === 'zone' && e.from === 'battlefield') present = present.filter((w) => !sameRef(w.ref, e.left));
    if (e.type === 'step' && e.step === 'end') {
      // CR 603.7b: a delayed trigger without a duration triggers once, the next time its moment comes.
      for (const d of s.delayed)
        s.triggers.push({
          source: d.source,
          card: d.card,
          controller: d.controller,
          ability: null,
          subject: d.object,
          special: { delayed: d.action },
        });
      s.delayed = [];
    }
  }
}

/** CR 702.107a: what prowess does. */
const PROWESS: BaseEffect = { do: 'pump', to: 'self', power: 1, toughness: 1, keywords: [] };

/** The effects a triggered ability (printed, prowess or delayed) has, with its chosen mode (CR 700.2b). */
export function triggerEffects(
  card: MtgCard,
  ability: number | null,
  special: StackItem['special'],
  mode: number | null = null,
): BaseEffect[] {
  if (special && 'keyword' in special) return special.keyword === 'prowess' ? [PROWESS] : []; // others: resolve.ts
  if (special) return [];
  const a = ability === null ? undefined : card.abilities[ability];
  if (a?.kind !== 'triggered') throw new Error(`${card.id} has no triggered ability ${ability}`);
  return withMode(a.effects, mode, card.id);
}

/** CR 700.2b: the modes of a modal triggered ability (none if it is not modal). */
export function triggerModes(t: PendingTrigger): number {
  if (t.ability === null) return 0;
  const a = cardOf(t.card).abilities[t.ability];
  const modal = a?.kind === 'triggered' ? a.effects.find((e) => e.do === 'choose-one') : undefined;
  return modal?.do === 'choose-one' ? modal.modes.length : 0;
}

/** CR 700.2b: the modes of this trigger whose every target phrase has a legal choice now. */
function legalTriggerModes(s: MtgState, t: PendingTrigger): number[] {
  const out: number[] = [];
  for (let m = 0; m < triggerModes(t); m++) {
    const specs = triggerEffects(cardOf(t.card), t.ability, t.special, m).flatMap(targetsOfEffect);
    const payload = (index: number): TargetPayload => ({ ...payloadOf(t, [], m), index });
    if (specs.every((_, i) => targetChoices(s, t.controller, payload(i)).length > 0)) out.push(m);
  }
  return out;
}

/** Two triggers of the same ability of the same card about the same object are interchangeable. */
const sameTrigger = (a: PendingTrigger, b: PendingTrigger) =>
  a.card === b.card &&
  a.ability === b.ability &&
  JSON.stringify(a.special ?? null) === JSON.stringify(b.special ?? null) &&
  JSON.stringify(a.subject) === JSON.stringify(b.subject);

/** `mode`: the mode chosen for the first trigger of the queue (CR 700.2b); absent or null: none yet. */
type PlaceData = { groups: PendingTrigger[][]; queue: PendingTrigger[]; targets: TargetRef[]; mode?: number | null };

function payloadOf(t: PendingTrigger, targets: TargetRef[], mode: number | null): TargetPayload {
  return {
    card: t.card,
    ability: t.ability,
    mode,
    index: targets.length,
    chosen: targets.map(targetKey),
    self: null,
    mandatory: true,
  };
}

/** CR 603.3b, 603.3d: puts the waiting triggers on the stack, APNAP, each player ordering their own. */
export const placeTriggers = defineProcedure<MtgState, PlaceData, null>({
  kind: 'place-triggers',
  first: 'start',
  steps: {
    start(s, { data }) {
      data.groups = apnapGroups(s.triggers, s.turn.active);
      s.triggers = [];
      return { goto: 'group' };
    },
    group(_s, { data }) {
      const group = data.groups.shift();
      if (!group) return { return: null };
      const [first] = group;
      if (!first) return { goto: 'group' };
      // CR 603.3b: the player orders their own, asked only when the order can make a difference.
      if (group.some((t) => !sameTrigger(t, first)))
        return ask(orderTriggersDecision, first.controller, { triggers: group }, 'ordered');
      data.queue = group;
      return { goto: 'place' };
    },
    ordered(_s, { data, ret }) {
      data.queue = answerOf(orderTriggersDecision, ret);
      return { goto: 'place' };
    },
    place(s, { data }) {
      const t = data.queue[0];
      if (!t) return { goto: 'group' };
      const mode = data.mode ?? null;
      if (mode === null && triggerModes(t) > 0) {
        // CR 700.2b, 603.3c: the mode is chosen as it goes on the stack, among those whose targets can be chosen.
        const legal = legalTriggerModes(s, t);
        if (legal.length > 0)
          return ask(modeDecision, t.controller, { card: t.card, ability: t.ability, legal }, 'moded');
        log(s, { type: 'trigger-removed', seat: t.controller, card: t.card, rule: '603.3c' });
        data.queue.shift();
        return { goto: 'place' };
      }
      const specs = triggerEffects(cardOf(t.card), t.ability, t.special, mode).flatMap(targetsOfEffect);
      if (data.targets.length < specs.length) {
        const payload = payloadOf(t, data.targets, mode);
        if (targetChoices(s, t.controller, payload).length === 0) {
          // CR 603.3d: no legal choice for a target: the ability is removed from the stack.
          log(s, { type: 'trigger-removed', seat: t.controller, card: t.card, rule: '603.3d' });
          data.queue.shift();
          data.targets = [];
          data.mode = null;
          return { goto: 'place' };
        }
        return ask(targetDecision, t.controller, payload, 'targeted');
      }
      const id = `s${s.nextItem}`;
      s.nextItem += 1;
      const item: StackItem = {
        id,
        kind: 'trigger',
        source: t.source,
        card: t.card,
        controller: t.controller,
        ability: t.ability,
        mode,
        x: null,
        targets: data.targets,
        subject: t.subject,
      };
      if (t.special) item.special = t.special;
      s.stack.push(item);
      log(s, { type: 'trigger', seat: t.controller, card: t.card, object: t.source.id });
      data.queue.shift();
      data.targets = [];
      data.mode = null;
      return { goto: 'place' };
    },
    moded(_s, { data, ret }) {
      data.mode = answerOf(modeDecision, ret);
      return { goto: 'place' };
    },
    targeted(_s, { data, ret }) {
      const chosen = answerOf(targetDecision, ret);
      if (!chosen) throw new Error('a triggered ability needs its target');
      data.targets.push(chosen);
      return { goto: 'place' };
    },
  },
});
