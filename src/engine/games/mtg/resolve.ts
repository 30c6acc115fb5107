/**
 * Resolving the top of the stack (CR 608): the target re-check (608.2b: all illegal, the spell is countered by the
 * rules; some illegal, those parts do nothing), the effects in order (608.2c), then where the card goes (608.2k,
 * 608.3). An effect that needs a choice asks it, and resolution goes on with the next effect.
 */
import { answerOf, ask } from '../../core/decision-kinds.ts';
import { UnsupportedRule } from '../../core/errors.ts';
import { isCurrent, lastKnown } from '../../core/events.ts';
import { opponentOf, SEATS, type Seat } from '../../core/game.ts';
import { learn } from '../../core/hidden.ts';
import { defineProcedure, type StepOut } from '../../core/procedure.ts';
import { shuffle } from '../../core/rng.ts';
import type { BaseEffect } from './cards/schema.ts';
import {
  addShield,
  type DamageEvent,
  type DamageQueue,
  type DamageTo,
  damageAnswered,
  damageQueue,
  dealQueued,
  destroyPermanent,
} from './damage.ts';
import {
  copyCandidates,
  copyChoiceDecision,
  discardDecision,
  mayDecision,
  proliferateDecision,
  scryDecision,
  searchDecision,
  surveilDecision,
} from './decisions.ts';
import { applyEnterReplacements } from './replacement.ts';
import {
  addCounters,
  attach,
  attachedPermanent,
  cardOf,
  controllerOf,
  countersOn,
  creaturesOf,
  currentRef,
  draw,
  gainControl,
  hasKeyword,
  isCreature,
  isType,
  type KeywordTrigger,
  log,
  type MtgState,
  moveObject,
  objectOf,
  powerOf,
  type StackItem,
  type TargetRef,
} from './state.ts';
import { effectsOf, isLegalTarget, targetsOfEffect } from './targets.ts';
import { conditionHolds, triggerEffects } from './triggers.ts';

type ResolveData = {
  item: StackItem | null;
  index: number;
  /** Per target: still legal when resolution began (608.2b). */
  legal: boolean[];
  /** Index of the next target to hand to an effect. */
  cursor: number;
  /** Damage being dealt by the current effect, while a prevention order is chosen (CR 616.1). */
  damage?: DamageQueue;
  /** CR 706.5: how the permanent whose copy choice is being made enters: as a resolving spell or from exile (603.7). */
  entering?: 'spell' | 'return';
};

/** Starts dealing an effect's damage events (CR 119); a decision if prevention effects must be ordered. */
function startDamage(s: MtgState, d: ResolveData, events: DamageEvent[]): StepOut | null {
  d.damage = damageQueue(events);
  return dealQueued(s, d.damage, 'prevention');
}

function topItem(d: ResolveData): StackItem {
  if (!d.item) throw new Error('resolve: no item');
  return d.item;
}

/** The targets of one effect, each with whether it is still legal. */
function takeTargets(d: ResolveData, count: number): { ref: TargetRef; legal: boolean }[] {
  const item = topItem(d);
  const out = item.targets
    .slice(d.cursor, d.cursor + count)
    .map((ref, i) => ({ ref, legal: d.legal[d.cursor + i] ?? false }));
  d.cursor += count;
  return out;
}

const objectIdOf = (ref: TargetRef | undefined): string | null => (ref && 'object' in ref ? ref.object.id : null);

/** CR 608.2b: a target is legal now if it still exists as the same object and still fits its phrase. */
function stillLegal(s: MtgState, item: StackItem): boolean[] {
  const specs = itemEffects(item).flatMap(targetsOfEffect);
  const self = item.kind === 'spell' ? item.source.id : null;
  return item.targets.map((t, i) => {
    const spec = specs[i];
    if (!spec) return false;
    if ('object' in t && !isCurrent(s.events, t.object)) return false;
    return isLegalTarget(s, item.controller, spec, t, self, item.card);
  });
}

/** What a stack item does: a spell's (chosen mode's) effects, an activated ability's, or a triggered ability's. */
export function itemEffects(item: StackItem): BaseEffect[] {
  const card = cardOf(item.card);
  if (item.kind === 'trigger') return triggerEffects(card, item.ability, item.special, item.mode);
  const base = effectsOf(card, item.ability, item.mode);
  // CR 702.32, 607.2h: "if this spell was kicked" effects follow the spell's own (they have no targets).
  return item.kind === 'spell' && item.kicked && card.kicked?.effects ? [...base, ...card.kicked.effects] : base;
}

/** CR 121: does the permanent have any counter on it? */
function hasCounters(s: MtgState, id: string): boolean {
  const c = objectOf(s, id).counters;
  return !!c && Object.values(c).some((n) => (n ?? 0) > 0);
}

/** The permanent an ability's "this" means: its source, while it is still the same object (CR 400.7). */
function abilitySource(s: MtgState, item: StackItem): string | null {
  return item.kind !== 'spell' && isCurrent(s.events, item.source) && s.objects[item.source.id]?.zone === 'battlefield'
    ? item.source.id
    : null;
}

function untilEndOfTurn(s: MtgState, id: string, e: Extract<BaseEffect, { do: 'pump' }>): void {
  s.effects.push({
    object: currentRef(s, id),
    power: e.power,
    toughness: e.toughness,
    keywords: e.keywords,
    timestamp: s.nextTimestamp, // CR 613.6
  });
  s.nextTimestamp += 1;
}

/** Performs one effect; returns a step result when the effect needs a decision. */
function perform(s: MtgState, d: ResolveData, e: BaseEffect): StepOut | null {
  const item = topItem(d);
  const you = item.controller;
  const self = abilitySource(s, item);
  const source = { card: item.card, controller: you, id: self };
  const targets = takeTargets(d, targetsOfEffect(e).length);
  const first = targets[0];
  // CR 608.2b: an effect on an illegal target does nothing to it.
  const target = first?.legal ? first.ref : null;
  const targetObject = objectIdOf(target ?? undefined);
  switch (e.do) {
    case 'damage': {
      const amount = e.amount === 'X' ? (item.x ?? 0) : e.amount;
      const hit = (to: DamageTo): DamageEvent => ({ source, to, amount, combat: false });
      if (e.to === 'each-creature-and-player')
        return startDamage(s, d, [
          ...s.battlefield.filter((id) => isCreature(s, id)).map((id) => hit({ object: id })),
          ...SEATS.map((seat) => hit({ player: seat })),
        ]);
      if (!target) return null;
      return startDamage(s, d, [hit('player' in target ? { player: target.player } : { object: target.object.id })]);
    }
    case 'destroy':
      if (!targetObject) return null;
      // CR 614.15: the spell's own replacement applies first, before any other (regeneration, 614.8). It replaces a
      // destruction that would happen: an indestructible permanent is not destroyed, so nothing is replaced (B33).
      if (e.exileIf && !hasKeyword(s, targetObject, 'indestructible') && hasCounters(s, targetObject)) {
        log(s, { type: 'exile', object: targetObject, card: objectOf(s, targetObject).card, rule: '614.15' });
        moveObject(s, targetObject, 'exile');
        return null;
      }
      destroyPermanent(s, targetObject, '701.7a', e.noRegenerate !== true); // CR 701.14c
      return null;
    case 'prevent-damage': {
      // CR 615.7, 615.1a: a shield on the target (or this permanent) until end of turn.
      const on = e.to === 'self' ? (self ? { object: currentRef(s, self) } : null) : target;
      if (!on) return null;
      addShield(s, { kind: 'prevent', on, amount: e.amount, card: item.card });
      log(s, { type: 'shield', card: item.card, ...holderLog(on), rule: '615' });
      return null;
    }
    case 'prevent-combat-damage':
      addShield(s, { kind: 'prevent-combat', card: item.card }); // CR 615.1
      log(s, { type: 'shield', card: item.card, rule: '615.1' });
      return null;
    case 'regenerate': {
      // CR 701.14a: a regeneration shield on the permanent for this turn.
      const on = e.to === 'self' ? self : targetObject;
      if (!on) return null;
      addShield(s, { kind: 'regenerate', on: currentRef(s, on), card: item.card });
      log(s, { type: 'regeneration-shield', card: item.card, object: on, rule: '701.14a' });
      return null;
    }
    case 'add-counters': {
      // CR 121.1: counters on the creature (the set "creatures you control" is fixed now, like 611.2c).
      const on = e.to === 'self' ? (self ? [self] : []) : e.to === 'creatures-you-control' ? creaturesOf(s, you) : [];
      if (targetObject) on.push(targetObject);
      for (const id of on) {
        addCounters(s, id, e.counter, e.count);
        log(s, { type: 'counters', object: id, card: objectOf(s, id).card, amount: e.count, rule: e.counter });
      }
      return null;
    }
    case 'create-token':
      for (let i = 0; i < e.count; i++) createToken(s, you, e.token);
      return null;
    case 'create-token-copy':
      // CR 706.2: the copiable values are the card the target is (its printed values, or what it copies: a token
      // copy is that card, 706.3); counters and other effects are not copied, and later changes do not follow (706.2b).
      if (targetObject) putToken(s, you, objectOf(s, targetObject).card);
      return null;
    case 'exile-until-next-end-step': {
      if (!targetObject) return null;
      log(s, { type: 'exile', object: targetObject, card: objectOf(s, targetObject).card });
      moveObject(s, targetObject, 'exile');
      // CR 603.7a, 603.7c: the delayed trigger follows the card as the new object it is in exile.
      s.delayed.push({
        source: item.source,
        at: 'end',
        action: 'return-to-battlefield',
        object: currentRef(s, targetObject),
        controller: you,
        card: item.card,
      });
      return null;
    }
    case 'opponent-loses-life': {
      const them = opponentOf(you);
      s.players[them].life -= e.amount; // CR 119.3
      log(s, { type: 'lose-life', seat: them, amount: e.amount });
      return null;
    }
    case 'exile':
      if (targetObject) {
        log(s, { type: 'exile', object: targetObject, card: objectOf(s, targetObject).card });
        moveObject(s, targetObject, 'exile');
      }
      return null;
    case 'bounce':
      if (targetObject) {
        log(s, { type: 'bounce', object: targetObject, card: objectOf(s, targetObject).card });
        moveObject(s, targetObject, 'hand'); // CR 400.7: it returns to its owner's hand as a new object
      }
      return null;
    case 'tap':
      if (targetObject) objectOf(s, targetObject).tapped = true; // CR 701.20a
      return null;
    case 'pump': {
      if (e.to === 'self') {
        if (self) untilEndOfTurn(s, self, e);
      } else if (e.to === 'creatures-you-control') {
        // CR 611.2c: the affected set is locked as the effect begins.
        for (const id of creaturesOf(s, you)) untilEndOfTurn(s, id, e);
      } else if (targetObject) untilEndOfTurn(s, targetObject, e);
      return null;
    }
    case 'attach':
      // CR 701.3a-b: Equip attaches its source to the target; already attached there, nothing happens. CR 301.5c: an
      // Equipment that is also a creature can't equip a creature.
      if (self && targetObject && attachedPermanent(s, self) !== targetObject && !isCreature(s, self))
        attach(s, self, targetObject);
      return null;
    case 'become-creature':
      // CR 613.1d, 613.3b: until end of turn, locked to this permanent (611.2c); it takes a timestamp (613.6).
      if (self) {
        s.effects.push({
          object: currentRef(s, self),
          power: 0,
          toughness: 0,
          keywords: [],
          becomes: { power: e.power, toughness: e.toughness },
          timestamp: s.nextTimestamp,
        });
        s.nextTimestamp += 1;
        log(s, { type: 'becomes-creature', object: self, card: objectOf(s, self).card, rule: '613.1d' });
      }
      return null;
    case 'gain-control':
      if (targetObject) {
        gainControl(s, targetObject, you, e.until); // CR 613.1b: the spell's controller gains control
        if (e.untapHaste) {
          objectOf(s, targetObject).tapped = false;
          untilEndOfTurn(s, targetObject, { do: 'pump', to: 'self', power: 0, toughness: 0, keywords: ['haste'] });
        }
      }
      return null;
    case 'switch-pt':
      // CR 613.3e: until end of turn, in layer 7e (the affected object is locked, 611.2c).
      if (targetObject) {
        s.effects.push({
          object: currentRef(s, targetObject),
          power: 0,
          toughness: 0,
          keywords: [],
          switchPT: true,
          timestamp: s.nextTimestamp,
        });
        s.nextTimestamp += 1;
      }
      return null;
    case 'counter': {
      // CR 701.5a: the spell goes to its owner's graveyard.
      if (!targetObject) return null;
      s.stack = s.stack.filter((i) => i.source.id !== targetObject);
      log(s, { type: 'countered', object: targetObject, card: objectOf(s, targetObject).card });
      moveObject(s, targetObject, 'graveyard');
      return null;
    }
    case 'draw':
      draw(s, you, e.count);
      return null;
    case 'scry': {
      const cards = s.players[you].library.slice(0, e.count);
      if (cards.length === 0) return null;
      s.known = learn(s.known, you, cards); // CR 701.17a: only the scrying player looks
      return ask(scryDecision, you, { cards }, 'scried');
    }
    case 'surveil': {
      const cards = s.players[you].library.slice(0, e.count);
      if (cards.length === 0) return null;
      s.known = learn(s.known, you, cards); // CR 701.41a: only the surveilling player looks
      return ask(surveilDecision, you, { cards }, 'surveilled');
    }
    case 'mill': {
      // CR 404 (no "mill" action in this CR): the top N cards into the graveyard.
      if (!target || !('player' in target)) return null;
      const amount = e.count === 'X' ? (item.x ?? 0) : e.count;
      const cards = s.players[target.player].library.slice(0, amount);
      for (const id of cards) {
        moveObject(s, id, 'graveyard');
        log(s, { type: 'milled', seat: target.player, card: objectOf(s, id).card, object: id });
      }
      return null;
    }
    case 'discard': {
      if (!target || !('player' in target)) return null;
      if (s.players[target.player].hand.length === 0) return null;
      return ask(discardDecision, target.player, { count: e.count }, 'discarded');
    }
    case 'lose-life':
      s.players[you].life -= e.amount; // CR 119.3
      log(s, { type: 'lose-life', seat: you, amount: e.amount });
      return null;
    case 'gain-life':
      s.players[you].life += e.amount;
      log(s, { type: 'gain-life', seat: you, amount: e.amount });
      return null;
    case 'fetch-basic-land-tapped':
      return ask(searchDecision, you, {}, 'searched');
    case 'fight': {
      // CR 701.12b: if either target is illegal when it resolves, no damage is dealt.
      const [a, b] = targets;
      const ia = a?.legal ? objectIdOf(a.ref) : null;
      const ib = b?.legal ? objectIdOf(b.ref) : null;
      if (!ia || !ib) return null;
      const pa = powerOf(s, ia);
      const pb = powerOf(s, ib);
      const oa = objectOf(s, ia);
      const ob = objectOf(s, ib);
      // CR 701.12a: each deals damage equal to its power to the other, at the same time.
      return startDamage(s, d, [
        {
          source: { card: oa.card, controller: controllerOf(s, ia), id: ia },
          to: { object: ib },
          amount: pa,
          combat: false,
        },
        {
          source: { card: ob.card, controller: controllerOf(s, ib), id: ib },
          to: { object: ia },
          amount: pb,
          combat: false,
        },
      ]);
    }
    case 'adapt':
      // CR 701.42a: only if this permanent has no +1/+1 counter on it as the ability resolves.
      if (self && countersOn(s, self, '+1/+1') === 0) {
        addCounters(s, self, '+1/+1', e.count);
        log(s, { type: 'counters', object: self, card: objectOf(s, self).card, amount: e.count, rule: '+1/+1' });
      } else log(s, { type: 'adapt-none', card: item.card, rule: '701.42a' });
      return null;
    case 'proliferate': {
      // CR 701.26a: only if something has a counter is there anything to choose.
      const any = s.battlefield.some((id) => objectOf(s, id).counters) || SEATS.some((p) => s.players[p].poison);
      if (!any) return null;
      return ask(proliferateDecision, you, {}, 'proliferated');
    }
    case 'investigate':
      createToken(s, you, CLUE_TOKEN); // CR 701.35a
      return null;
    case 'add-mana':
      throw new Error('mana abilities do not use the stack (CR 605.3b)');
    case 'code':
      return codeEffect(s, d, e.handler);
  }
}

/** CR 110.5, 701.6a: a token enters the battlefield under its creator's control, who owns it (110.5a). */
export function createToken(s: MtgState, seat: Seat, card: string): string {
  if (!cardOf(card).token) throw new Error(`${card} is not a token`);
  return putToken(s, seat, card);
}

/** CR 110.5, 111.1: a token onto the battlefield under `seat`'s control, with the characteristics of this card. */
function putToken(s: MtgState, seat: Seat, card: string): string {
  const id = `t${s.nextToken}`;
  s.nextToken += 1;
  s.objects[id] = {
    id,
    card,
    owner: seat,
    baseController: seat,
    zone: 'battlefield',
    tapped: false,
    damage: 0,
    deathtouched: false,
    controlledSince: s.turn.number,
    token: true,
    timestamp: s.nextTimestamp, // CR 613.6a
  };
  s.nextTimestamp += 1;
  s.battlefield.push(id);
  applyEnterReplacements(s, id);
  const ref = currentRef(s, id);
  s.happened.push({ type: 'zone', object: id, from: null, to: 'battlefield', left: ref, entered: ref });
  log(s, { type: 'token', seat, card, object: id });
  return id;
}

/** The log's words for a shield's holder: a player or a permanent. */
function holderLog(on: TargetRef): { seat: Seat } | { object: string } {
  return 'player' in on ? { seat: on.player } : { object: on.object.id };
}

/** The pool's `code` escapes; one not listed throws UnsupportedRule naming it. */
function codeEffect(s: MtgState, d: ResolveData, handler: string): StepOut | null {
  const item = topItem(d);
  switch (handler) {
    case 'controller-gains-life-equal-to-power': {
      // Vesper Tribunal: the creature exiled by the effect before this one; its power and controller as it last
      // existed on the battlefield (CR 608.2g, last-known information).
      const ref = item.targets[0];
      if (!ref || !('object' in ref) || !d.legal[0]) return null;
      const before = lastKnown(s.events, ref.object);
      const power = typeof before?.power === 'number' ? before.power : 0;
      const controller = before?.controller === 'p2' ? 'p2' : 'p1';
      if (power > 0) {
        s.players[controller].life += power;
        log(s, { type: 'gain-life', seat: controller, amount: power });
      }
      return null;
    }
    default:
      throw new UnsupportedRule('608.2', `no handler for the card effect "${handler}"`);
  }
}

export const resolve = defineProcedure<MtgState, ResolveData, null>({
  kind: 'resolve',
  first: 'start',
  steps: {
    start(s, { data }) {
      const item = s.stack.pop();
      if (!item) throw new Error('resolve: empty stack');
      data.item = item;
      data.legal = stillLegal(s, item);
      if (item.kind === 'trigger') {
        // CR 603.4: an intervening "if" is checked again on resolution; false: the ability does nothing.
        const a = item.ability === null ? undefined : cardOf(item.card).abilities[item.ability];
        if (a?.kind === 'triggered' && !conditionHolds(s, item.controller, a.if)) {
          log(s, { type: 'no-effect', card: item.card, object: item.source.id, rule: '603.4' });
          return { return: null };
        }
      }
      // CR 608.2b: every target illegal: the spell or ability does not resolve.
      if (item.targets.length > 0 && data.legal.every((ok) => !ok)) {
        log(s, { type: 'fizzle', card: item.card, object: item.source.id, rule: '608.2b' });
        if (item.kind === 'spell') moveObject(s, item.source.id, 'graveyard');
        return { return: null };
      }
      log(s, { type: 'resolve', card: item.card, object: item.source.id, seat: item.controller });
      const card = cardOf(item.card);
      if (item.special && 'delayed' in item.special) {
        const exiled = exiledToReturn(s, item);
        if (exiled === null) return { return: null };
        const owner = objectOf(s, exiled).owner;
        // CR 706.5, 706.6: a card that may enter as a copy makes its choice as it enters, under its owner's control.
        if (cardOf(objectOf(s, exiled).card).entersAsCopy && copyCandidates(s).length > 0) {
          data.entering = 'return';
          return ask(copyChoiceDecision, owner, { card: objectOf(s, exiled).card }, 'copied');
        }
        returnFromExile(s, exiled, null);
        return { return: null };
      }
      if (item.special && 'keyword' in item.special && item.special.keyword !== 'prowess') {
        resolveKeywordTrigger(s, item, item.special.keyword);
        return { return: null };
      }
      // CR 603.5: "you may" is chosen on resolution.
      const a = item.kind === 'trigger' && item.ability !== null ? card.abilities[item.ability] : undefined;
      if (a?.kind === 'triggered' && a.optional) return ask(mayDecision, item.controller, { card: item.card }, 'may');
      // CR 608.3: a permanent spell enters the battlefield under its controller's control.
      if (item.kind === 'spell' && !isType(card, 'instant') && !isType(card, 'sorcery')) {
        // CR 706.5, 614.1c: the choice of what to copy is made before it enters (it never enters as itself first).
        if (card.entersAsCopy && copyCandidates(s).length > 0) {
          data.entering = 'spell';
          return ask(copyChoiceDecision, item.controller, { card: item.card }, 'copied');
        }
        enterPermanentSpell(s, item, null);
        return { return: null };
      }
      return { goto: 'effect' };
    },
    copied(s, { data, ret }) {
      const chosen = answerOf(copyChoiceDecision, ret);
      // CR 706.2, 706.3: the copiable values are the card the chosen creature is (a copy's are what it copies).
      const values = chosen === null ? null : objectOf(s, chosen).card;
      const item = topItem(data);
      if (data.entering === 'return') {
        const exiled = exiledToReturn(s, item);
        if (exiled !== null) returnFromExile(s, exiled, values);
      } else enterPermanentSpell(s, item, values);
      return { return: null };
    },
    effect(s, { data }) {
      const item = topItem(data);
      const e = itemEffects(item)[data.index];
      if (!e) return { goto: 'finish' };
      data.index += 1;
      return perform(s, data, e) ?? { goto: 'effect' };
    },
    prevention(s, { data, ret }) {
      if (!data.damage) throw new Error('resolve: no damage waits for a prevention order');
      damageAnswered(s, data.damage, ret);
      return dealQueued(s, data.damage, 'prevention') ?? { goto: 'effect' };
    },
    may(_s, { ret }) {
      return answerOf(mayDecision, ret) ? { goto: 'effect' } : { return: null };
    },
    scried(s, { data, ret }) {
      const { top, bottom } = answerOf(scryDecision, ret);
      const seat = topItem(data).controller;
      scryApply(s, seat, top, bottom);
      return { goto: 'effect' };
    },
    surveilled(s, { data, ret }) {
      const { top, graveyard } = answerOf(surveilDecision, ret);
      const seat = topItem(data).controller;
      // CR 701.41a: the chosen cards go to the graveyard (public: each is named), the rest back on top in order.
      for (const id of graveyard) {
        moveObject(s, id, 'graveyard');
        log(s, { type: 'surveilled', seat, card: objectOf(s, id).card, object: id });
      }
      const lib = s.players[seat].library;
      const looked = new Set(top);
      s.players[seat].library = [...top, ...lib.filter((id) => !looked.has(id))];
      log(s, { type: 'surveil', seat, amount: top.length, rule: `${graveyard.length}` });
      return { goto: 'effect' };
    },
    proliferated(s, { ret }) {
      const done = new Set<string>();
      for (const choice of answerOf(proliferateDecision, ret)) {
        const [what, who = '', kind = ''] = choice.split(':');
        if (done.has(`${what}:${who}`)) continue; // CR 701.26b: one counter each, of one kind
        done.add(`${what}:${who}`);
        if (what === 'player' && (who === 'p1' || who === 'p2')) {
          s.players[who].poison = (s.players[who].poison ?? 0) + 1;
          log(s, { type: 'proliferate-poison', seat: who, amount: 1, rule: '701.26a' });
        } else if (what === 'obj' && (kind === '+1/+1' || kind === '-1/-1') && s.objects[who]?.zone === 'battlefield') {
          addCounters(s, who, kind, 1);
          log(s, { type: 'counters', object: who, card: objectOf(s, who).card, amount: 1, rule: kind });
        }
      }
      return { goto: 'effect' };
    },
    discarded(s, { ret }) {
      for (const id of answerOf(discardDecision, ret)) {
        log(s, { type: 'discard', seat: objectOf(s, id).owner, card: objectOf(s, id).card, object: id });
        moveObject(s, id, 'graveyard');
      }
      return { goto: 'effect' };
    },
    searched(s, { data, ret }) {
      const card = answerOf(searchDecision, ret);
      const seat = topItem(data).controller;
      const player = s.players[seat];
      const found = card === null ? undefined : player.library.find((id) => objectOf(s, id).card === card);
      if (found) {
        moveObject(s, found, 'battlefield');
        applyEnterReplacements(s, found);
        objectOf(s, found).tapped = true;
        log(s, { type: 'fetched', seat, card: objectOf(s, found).card, object: found });
      }
      shuffleLibrary(s, seat); // CR 701.19
      return { goto: 'effect' };
    },
    finish(s, { data }) {
      const item = topItem(data);
      // CR 608.2k: an instant or sorcery goes to its owner's graveyard as the last step of its resolution.
      if (item.kind === 'spell' && objectOf(s, item.source.id).zone === 'stack')
        moveObject(s, item.source.id, 'graveyard');
      return { return: null };
    },
  },
});

/**
 * CR 608.3: a permanent spell enters the battlefield under its controller's control, as a copy of `copyOf` if it
 * chose one (706.5), then its entering replacements apply: its own, or the copied card's (706.5, 614.12).
 */
function enterPermanentSpell(s: MtgState, item: StackItem, copyOf: string | null): void {
  const card = cardOf(item.card);
  moveObject(s, item.source.id, 'battlefield', 'top', copyOf ?? undefined);
  objectOf(s, item.source.id).baseController = item.controller;
  if (copyOf !== null) log(s, { type: 'enters-as-copy', object: item.source.id, card: copyOf, rule: '706.5' });
  // CR 303.4a, 608.3: an Aura spell enters attached to its target (it is legal, or the spell did not resolve).
  const enchanted = card.enchant ? item.targets[0] : undefined;
  if (enchanted && 'object' in enchanted) attach(s, item.source.id, enchanted.object.id);
  // CR 614.1c-d, 702.32; a copy was not kicked itself (706.6: choices made for the original are not copied).
  applyEnterReplacements(s, item.source.id, item.kicked === true && copyOf === null);
}

/** The token afterlife creates (CR 702.134a): a pool token card, 1/1 white and black Spirit with flying. */
export const AFTERLIFE_TOKEN = 'afterlife-spirit';
/** The token investigate creates (CR 701.35a): a pool token card, a colourless Clue artifact. */
export const CLUE_TOKEN = 'clue';

/** CR 702.82a, 702.92a, 702.78a, 702.134a: what a keyword trigger does as it resolves. */
function resolveKeywordTrigger(s: MtgState, item: StackItem, keyword: Exclude<KeywordTrigger, 'prowess'>): void {
  switch (keyword) {
    case 'exalted': {
      // "That creature gets +1/+1 until end of turn": only while it is still the same object on the battlefield.
      const ref = item.subject;
      if (!ref || !isCurrent(s.events, ref) || s.objects[ref.id]?.zone !== 'battlefield') return;
      untilEndOfTurn(s, ref.id, { do: 'pump', to: 'self', power: 1, toughness: 1, keywords: [] });
      return;
    }
    case 'undying':
    case 'persist': {
      // "Return it": the card put into the graveyard, while it is still that object there (400.7, ruling B25).
      const ref = item.subject;
      if (!ref || !isCurrent(s.events, ref) || s.objects[ref.id]?.zone !== 'graveyard') return;
      moveObject(s, ref.id, 'battlefield'); // under its owner's control (110.2)
      // CR 614.1c: "with a counter on it": it enters with it (enters triggers see it there).
      const counter = keyword === 'undying' ? '+1/+1' : '-1/-1';
      addCounters(s, ref.id, counter, 1);
      applyEnterReplacements(s, ref.id);
      log(s, {
        type: 'returned',
        object: ref.id,
        card: objectOf(s, ref.id).card,
        rule: keyword === 'undying' ? '702.92a' : '702.78a',
      });
      return;
    }
    case 'afterlife':
      createToken(s, item.controller, AFTERLIFE_TOKEN);
      return;
  }
}

/** CR 603.7c: the exiled card a delayed trigger returns, if it is still the object that was exiled. */
function exiledToReturn(s: MtgState, item: StackItem): string | null {
  const ref = item.subject;
  if (!ref || !isCurrent(s.events, ref) || s.objects[ref.id]?.zone !== 'exile') return null;
  return ref.id;
}

/** CR 603.7c: the delayed trigger returns the exiled card to the battlefield under its owner's control. */
function returnFromExile(s: MtgState, id: string, copyOf: string | null): void {
  moveObject(s, id, 'battlefield', 'top', copyOf ?? undefined);
  if (copyOf !== null) log(s, { type: 'enters-as-copy', object: id, card: copyOf, rule: '706.5' });
  applyEnterReplacements(s, id);
  log(s, { type: 'returned', object: id, card: objectOf(s, id).card });
}

/** CR 701.17a: the chosen cards stay on top in order; the rest go to the bottom in order. */
export function scryApply(s: MtgState, seat: Seat, top: string[], bottom: string[]): void {
  const lib = s.players[seat].library;
  const looked = new Set([...top, ...bottom]);
  const rest = lib.filter((id) => !looked.has(id));
  s.players[seat].library = [...top, ...rest, ...bottom];
  log(s, { type: 'scry', seat, amount: top.length, rule: `${bottom.length}` });
}

/** CR 701.19a: a shuffle; nobody knows which card is where any more. */
export function shuffleLibrary(s: MtgState, seat: Seat): void {
  const [order, rng] = shuffle(s.players[seat].library, s.rng);
  s.players[seat].library = order;
  s.rng = rng;
  for (const who of SEATS) {
    const known = s.known[who];
    if (known)
      s.known[who] = known.filter((id) => objectOf(s, id).zone !== 'library' || objectOf(s, id).owner !== seat);
  }
}

export { opponentOf };
