import { UnsupportedRule } from '../../core/errors.ts';
import { opponentOf, type Seat } from '../../core/game.ts';
import { novaCard } from './cards/pool.ts';
import type { Effect, Selector } from './cards/schema.ts';
import { characteristics, readAtk } from './characteristics.ts';
import { changeControl } from './control.ts';
import { processDamage, queueDamage } from './damage.ts';
import { activatedAbility } from './granted.ts';
import { noteSeen } from './knowledge.ts';
import { logPrivate, logPublic } from './log.ts';
import { destroy, rulesProcessing } from './rules-processing.ts';
import type {
  CardObject,
  ContinuousEffect,
  DelayedTrigger,
  NovaState,
  Resolution,
  TargetRef,
  WaitingItem,
} from './state.ts';
import { candidates, stillLegal } from './targets.ts';
import { emit } from './triggers.ts';
import { phasesAhead } from './turn.ts';
import { writableObj } from './working-copy.ts';
import { fieldObjects, isCharacter, moveCard, obj } from './zones.ts';

/** The instructions an item carries: a spell's effects, or one ability's effects. */
export function itemEffects(item: WaitingItem): Effect[] {
  if (item.effects) return item.effects; // a delayed trigger (NOVA 801.4.9)
  const def = novaCard(item.card);
  if (item.abilityIndex === null) return def.effects;
  const a = item.grantedBy
    ? activatedAbility(item.card, item.abilityIndex, item.grantedBy)
    : def.abilities[item.abilityIndex];
  if (!a || (a.kind !== 'triggered' && a.kind !== 'activated'))
    throw new Error(`${item.card} has no ability ${item.abilityIndex}`);
  return a.effects;
}

/** The selector an effect targets or chooses with, if any. */
const CHOOSE_PLAYER: Selector = { what: 'player', side: 'any', mode: 'choose' };

export function selectorOf(e: Effect): Selector | null {
  if (e.do === 'draw' && e.who === 'chosen-player') return CHOOSE_PLAYER;
  if ('to' in e && typeof e.to === 'object') return e.to;
  return null;
}

export function isDamage(e: Effect): boolean {
  return e.do === 'damage' || e.do === 'distribute-damage';
}

/**
 * Is the choice made for effect `index` a choice for dealing damage (NOVA 916.5)? Damage effects are, and so is a
 * "may choose" whose servant then battles, since a battle deals damage (922.1).
 */
export function choiceForDamage(effects: readonly Effect[], index: number): boolean {
  const e = effects[index];
  if (!e) return false;
  if (e.do === 'may-choose') return effects.slice(index + 1).some((x) => x.do === 'battle');
  return isDamage(e);
}

/** What the last "may choose" before effect `index` chose (NOVA 902.13 "if you do"). */
function chosenBefore(r: Resolution, effects: readonly Effect[], index: number): TargetRef[] {
  for (let i = index - 1; i >= 0; i--) if (effects[i]?.do === 'may-choose') return r.chosen[i] ?? [];
  return [];
}

/** Effects whose targets are chosen when played (NOVA 804.2.2), in order. */
export function targetingEffects(effects: readonly Effect[]): Effect[] {
  return effects.filter((e) => selectorOf(e)?.mode === 'target');
}

/** NOVA 804.3: start resolving the top item of the waiting area. */
export function startResolution(s: NovaState): void {
  const item = s.waiting.pop();
  if (!item) throw new Error('nothing to resolve');
  const effects = itemEffects(item);
  // NOVA 804.3.4 with docs/rulings A39: fails only if every chosen target has become illegal.
  const targeting = targetingEffects(effects);
  let fizzled = false;
  if (targeting.length > 0) {
    const all = item.targets.flat();
    const legal = all.filter((t) =>
      targeting.some((e) => stillLegal(s, item.controller, selectorOf(e) as Selector, t, isDamage(e))),
    );
    fizzled = all.length > 0 && legal.length === 0;
  }
  s.resolving = { item, effectIndex: 0, chosen: {}, fizzled };
  if (fizzled) logPublic(s, { k: 'fizzled', card: item.card });
}

/**
 * Carries on with the item being resolved. Returns a "choose" request when an effect needs the player to pick
 * on resolution (NOVA 804.4); the caller turns it into a decision and calls back with the choice recorded.
 */
export type ResolutionAsk = { seat: Seat; effectIndex: number; kind: 'choose' | 'optional-cost' | 'order-deck' };

export function continueResolution(s: NovaState): ResolutionAsk | null {
  const r = s.resolving;
  if (!r) return null;
  const effects = itemEffects(r.item);
  if (!r.fizzled && !isCardWithoutEffects(r.item) && conditionHolds(s, r.item)) {
    while (r.effectIndex < effects.length && !r.stopped) {
      const e = effects[r.effectIndex] as Effect;
      if (e.do === 'may-send-self-to-graveyard' && r.answers?.[r.effectIndex] === undefined) {
        // NOVA 902.13: a cost paid on resolution; if it cannot be paid (the card has left), the rest fails.
        if (sourceOnField(s, r.item))
          return { seat: r.item.controller, effectIndex: r.effectIndex, kind: 'optional-cost' };
        r.answers = { ...r.answers, [r.effectIndex]: false };
      }
      if (e.do === 'look-and-reorder-top' && r.looking === undefined) {
        // NOVA 303.3: the controller alone looks at the top cards (as many as there are, 004.4).
        const me = r.item.controller;
        r.looking = s.players[me].zones.deck.slice(0, e.count);
        noteSeen(s, me, r.looking);
        lookLog(s, me, r.looking);
        if (r.looking.length > 1) return { seat: me, effectIndex: r.effectIndex, kind: 'order-deck' };
      }
      const sel = selectorOf(e);
      if (sel?.mode === 'choose' && !(r.effectIndex in r.chosen)) {
        const options = candidates(s, r.item.controller, sel, choiceForDamage(effects, r.effectIndex));
        if (options.length > 0) return { seat: r.item.controller, effectIndex: r.effectIndex, kind: 'choose' };
        r.chosen[r.effectIndex] = []; // NOVA 804.4.1.3: nothing to choose, skip that part
      }
      runEffect(s, r, e);
      r.effectIndex += 1;
      // Damage waits for its replacements; when the affected player must order them, the resolution pauses here.
      if (processDamage(s)) return null;
      rulesProcessing(s); // NOVA 501.1: immediately, even mid-resolution
      if (s.result) return null;
    }
  }
  finishResolution(s, r);
  return null;
}

/** Public: how many cards were looked at; private to the looker: which (NOVA 303.3, digest §13 item 4). */
function lookLog(s: NovaState, seat: Seat, ids: readonly string[]): void {
  logPublic(s, { k: 'looked', seat, count: ids.length });
  if (ids.length > 0) logPrivate(s, [seat], { k: 'looked-cards', cards: ids.map((id) => obj(s, id).card) });
}

/**
 * NOVA 303.6: the looked-at cards go back on top in the order the controller chose (first = top); the order is
 * private. Called with the controller's answer to the order-deck decision.
 */
export function putBackOnTop(s: NovaState, order: readonly string[]): void {
  const r = s.resolving;
  if (!r?.looking) return;
  const seat = r.item.controller;
  const deck = s.players[seat].zones.deck;
  const rest = deck.filter((id) => !r.looking?.includes(id));
  s.players[seat].zones.deck = [...order, ...rest];
  logPublic(s, { k: 'put-back', seat });
  logPrivate(s, [seat], { k: 'deck-top', cards: order.map((id) => obj(s, id).card) });
}

/** NOVA 801.4.7: a condition written in a triggered ability's effect is checked when it resolves (rulings R17). */
function conditionHolds(s: NovaState, item: WaitingItem): boolean {
  if (item.kind !== 'triggered' || item.abilityIndex === null) return true;
  const a = novaCard(item.card).abilities[item.abilityIndex];
  if (a?.kind !== 'triggered' || a.when !== 'you-control-no-servants-at-end') return true;
  const hasServant = fieldObjects(s, item.controller).some((o) => novaCard(o.card).type === 'servant');
  if (hasServant) logPublic(s, { k: 'condition-unmet', card: item.card });
  return !hasServant;
}

function isCardWithoutEffects(item: WaitingItem): boolean {
  return item.kind === 'card' && novaCard(item.card).type !== 'spell';
}

function finishResolution(s: NovaState, r: Resolution): void {
  const item = r.item;
  s.resolving = null;
  if (item.kind !== 'card') return;
  const def = novaCard(item.card);
  if (def.type === 'spell') {
    moveCard(s, item.objectId, 'graveyard'); // NOVA 804.3.2
    return;
  }
  if (def.equip) {
    // NOVA 1005 / 205.2.1: enters attached, on the equipped card's controller's field; an illegal target sends it
    // to its owner's graveyard (docs/rulings A39).
    const host = item.targets[0]?.[0];
    const hostObj = host?.kind === 'object' ? s.objects[host.id] : undefined;
    if (hostObj?.zone !== 'field' || novaCard(hostObj.card).type !== def.equip.type) {
      moveCard(s, item.objectId, 'graveyard');
      logPublic(s, { k: 'equip-failed', card: item.card });
      return;
    }
    const placed = moveCard(s, item.objectId, 'field', { controller: hostObj.controller });
    placed.attachedTo = hostObj.id;
    logPublic(s, { k: 'attached', card: item.card, to: hostObj.card });
    emit(s, { type: 'entered-field', object: placed });
    return;
  }
  const placed = moveCard(s, item.objectId, 'field', { controller: item.controller }); // NOVA 804.3.1
  if (item.optionalCostPaid) placed.optionalCostPaid = true; // NOVA 902.8.2: remembered by the object on the field
  logPublic(s, { k: 'entered', card: item.card, seat: item.controller });
  emit(s, { type: 'entered-field', object: placed });
}

/** The targets or choices that apply to effect `index`, legal ones only (NOVA 804.3.4, A39). */
function picked(s: NovaState, r: Resolution, index: number, e: Effect): TargetRef[] {
  const sel = selectorOf(e);
  if (!sel) return [];
  if (sel.mode === 'choose') return r.chosen[index] ?? [];
  const order = targetingEffects(itemEffects(r.item)).indexOf(e);
  const chosen = r.item.targets[order] ?? [];
  return chosen.filter((t) => stillLegal(s, r.item.controller, sel, t, isDamage(e)));
}

function sourceOnField(s: NovaState, item: WaitingItem): CardObject | null {
  const o = s.objects[item.objectId];
  return o && o.zone === 'field' ? o : null;
}

/** NOVA 916: queue one damage event; it is dealt once its replacement effects have applied (917, damage.ts). */
function dealDamage(s: NovaState, item: WaitingItem, t: TargetRef, amount: number): void {
  const fromSpell = item.kind === 'card' && novaCard(item.card).type === 'spell';
  queueDamage(s, [{ to: t, amount, source: item.card, fromSpell, battle: false }]);
}

/**
 * NOVA 922: the source and the chosen servant deal damage equal to their ATK to each other, at once; it is battle
 * damage (922.1) but no attack, so nobody blocks (922.2). No battle if either has left the field, is no longer a
 * servant, or is no longer a legal choice (922.3); a servant in the destroyed state is out too (docs/rulings A26).
 */
function effectBattle(
  s: NovaState,
  item: WaitingItem,
  otherId: string,
  effects: readonly Effect[],
  index: number,
): void {
  const src = sourceOnField(s, item);
  const other = s.objects[otherId];
  let chooser: Selector | null = null;
  for (let i = index - 1; i >= 0 && !chooser; i--) {
    const x = effects[i];
    if (x?.do === 'may-choose') chooser = x.to;
  }
  const fighting = (o: CardObject | null | undefined): o is CardObject =>
    !!o && o.zone === 'field' && !o.destroyed && novaCard(o.card).type === 'servant';
  const legal = chooser ? stillLegal(s, item.controller, chooser, { kind: 'object', id: otherId }, true) : false;
  if (!fighting(src) || !fighting(other) || !legal) {
    logPublic(s, { k: 'no-battle', card: item.card });
    return;
  }
  logPublic(s, { k: 'battle', card: src.card, other: other.card });
  queueDamage(s, [
    {
      to: { kind: 'object', id: other.id },
      amount: readAtk(characteristics(s, src)),
      source: src.card,
      fromSpell: false,
      battle: true,
    },
    {
      to: { kind: 'object', id: src.id },
      amount: readAtk(characteristics(s, other)),
      source: other.card,
      fromSpell: false,
      battle: true,
    },
  ]);
}

/** NOVA 905: draws happen one at a time; a draw from an empty deck fails and loses (502.2). */
export function draw(s: NovaState, seat: Seat, count: number): void {
  for (let i = 0; i < count; i++) {
    const top = s.players[seat].zones.deck[0];
    if (!top) {
      s.players[seat].failedDraw = true;
      return;
    }
    const card = moveCard(s, top, 'hand');
    logPrivate(s, [seat], { k: 'drew-card', card: card.card });
  }
  logPublic(s, { k: 'drew', seat, count });
}

/** A continuous effect lasting until end of turn (NOVA 407.6), stamped now for timestamp order (802.1.2.1.5). */
function addUntilEndOfTurn(
  s: NovaState,
  effect: DistributiveOmit<ContinuousEffect, 'id' | 'timestamp' | 'until'>,
): void {
  s.timestamp += 1;
  s.nextId += 1;
  s.effects.push({ ...effect, id: `e${s.nextId}`, timestamp: s.timestamp, until: 'end-of-turn' } as ContinuousEffect);
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function runEffect(s: NovaState, r: Resolution, e: Effect): void {
  const item = r.item;
  const me = item.controller;
  const targets = picked(s, r, r.effectIndex, e);
  switch (e.do) {
    case 'damage':
      for (const t of targets) dealDamage(s, item, t, e.amount);
      return;
    case 'distribute-damage': {
      // NOVA 916.3.2: the distributed amounts are dealt at the same time, one event per recipient.
      const order = targetingEffects(itemEffects(item)).indexOf(e);
      const sel = selectorOf(e) as Selector;
      const units = (item.targets[order] ?? []).filter((t) => stillLegal(s, me, sel, t, true));
      const totals = new Map<string, { t: TargetRef; n: number }>();
      for (const t of units) {
        const key = JSON.stringify(t);
        totals.set(key, { t, n: (totals.get(key)?.n ?? 0) + e.unit });
      }
      for (const { t, n } of totals.values()) dealDamage(s, item, t, n);
      return;
    }
    case 'draw': {
      const who = e.who === 'you' ? me : targets[0]?.kind === 'player' ? targets[0].seat : me;
      draw(s, who, e.count);
      return;
    }
    case 'gain-life':
      s.players[me].life += e.amount; // NOVA 918.8: gaining life is not damage
      logPublic(s, { k: 'life-gained', seat: me, amount: e.amount });
      return;
    case 'opponent-loses-life':
      s.players[opponentOf(me)].life -= e.amount;
      logPublic(s, { k: 'life-lost', seat: opponentOf(me), amount: e.amount });
      return;
    case 'modify': {
      const affected =
        e.to === 'self'
          ? [sourceOnField(s, item)?.id].filter((x): x is string => !!x)
          : targets.flatMap((t) => (t.kind === 'object' ? [t.id] : []));
      if (affected.length === 0) return;
      // NOVA 802.1.2.1.5.2: the affected set is locked when the effect is created.
      addUntilEndOfTurn(s, { kind: 'stat', affected, atk: e.atk, hp: e.hp });
      return;
    }
    case 'grant-keyword': {
      const affected = targets.flatMap((t) => (t.kind === 'object' ? [t.id] : []));
      if (affected.length === 0) return;
      addUntilEndOfTurn(s, { kind: 'keyword', affected, keyword: e.keyword });
      return;
    }
    case 'destroy-all':
      // NOVA 907.1: all enter the destroyed state at once; characters retire instead when they move (504).
      for (const o of fieldObjects(s)) {
        const type = novaCard(o.card).type;
        if ((e.servants && type === 'servant') || (e.characters && type === 'character')) destroy(s, o);
      }
      return;
    case 'add-energy':
      s.players[me].stock[e.color] += e.count; // NOVA 801.6.5.1: a spell adding energy is not an energy ability
      return;
    case 'negate':
      for (const t of targets) {
        if (t.kind !== 'item') continue;
        const i = s.waiting.findIndex((w) => w.id === t.id);
        const negated = s.waiting[i];
        if (!negated) continue;
        s.waiting.splice(i, 1);
        // NOVA 913.1: a negated card goes to its owner's graveyard (a character retires, A42).
        if (negated.kind === 'card') moveCard(s, negated.objectId, 'graveyard');
        logPublic(s, { k: 'negated', card: negated.card });
      }
      return;
    case 'negate-destruction':
      for (const t of targets) {
        if (t.kind !== 'object') continue;
        if (!s.objects[t.id]?.destroyed) continue;
        const o = writableObj(s, t.id);
        // NOVA 907.3: the destroyed state ends; damage and minus modifiers are reset.
        o.destroyed = false;
        o.damage = 0;
        s.effects = s.effects.filter(
          (x) => !(x.kind === 'stat' && x.affected.includes(o.id) && (x.atk < 0 || x.hp < 0)),
        );
        logPublic(s, { k: 'destruction-negated', card: o.card });
      }
      return;
    case 'add-counter': {
      const src = sourceOnField(s, item);
      if (!src) return;
      const counters = writableObj(s, src.id).counters;
      counters[e.counter] = (counters[e.counter] ?? 0) + e.count; // NOVA 919
      return;
    }
    case 'raise-limit-level':
      addUntilEndOfTurn(s, { kind: 'limit', seat: me, amount: e.amount });
      return;
    case 'win-if-characters': {
      const count = fieldObjects(s, me).filter((o) => isCharacter(o)).length;
      if (count >= e.count) {
        // NOVA 003.1.2: an effect makes its player win at once.
        s.result = {
          kind: 'win',
          winner: me,
          reason: 'effect-win',
          rule: '003.1.2',
          card: item.card,
        };
      }
      return;
    }
    case 'may-send-self-to-graveyard': {
      const src = sourceOnField(s, item);
      if (!r.answers?.[r.effectIndex] || !src) {
        r.stopped = true; // NOVA 902.13: not done, so "if you do" does not happen
        return;
      }
      moveCard(s, src.id, 'graveyard'); // NOVA 908.1
      logPublic(s, { k: 'sent-to-graveyard', seat: me, card: item.card });
      return;
    }
    case 'look-and-reorder-top':
      return; // done when the order was chosen (putBackOnTop); with one card or none there is nothing to order
    case 'exile':
      for (const t of targets) {
        if (t.kind !== 'object') continue;
        const o = s.objects[t.id];
        if (o?.zone !== 'field') continue;
        const moved = moveCard(s, o.id, 'exclusion'); // NOVA 306, 301.11: its owner's exclusion zone
        r.moved = [...(r.moved ?? []), moved.id];
        // NOVA 504.1 (docs/rulings A31): a character goes to the retired area instead, and the log says so.
        logPublic(s, { k: 'excluded', card: moved.card, retired: moved.zone === 'retired' });
      }
      return;
    case 'return-at-next-end-phase':
      // NOVA 801.4.9.1, 801.4.9.4: created by this resolution; its source is this card, its controller ours.
      for (const id of r.moved ?? []) {
        addDelayedTrigger(s, {
          when: 'next-end-phase-start',
          controller: me,
          source: item.objectId,
          card: item.card,
          refObject: id,
          effects: [{ do: 'put-onto-owners-field' }],
        });
      }
      return;
    case 'put-onto-owners-field': {
      // NOVA 801.4.9.3: only the same object; if it has left the exclusion zone since, nothing happens.
      const that = item.refObject ? s.objects[item.refObject] : undefined;
      if (that?.zone !== 'exclusion') return;
      const placed = moveCard(s, that.id, 'field', { controller: that.owner });
      logPublic(s, { k: 'returned', card: placed.card, seat: placed.owner });
      emit(s, { type: 'entered-field', object: placed });
      return;
    }
    case 'destroy': {
      // NOVA 801.4.8: "that servant" only while it is the same object on the field.
      const that = item.refObject ? s.objects[item.refObject] : undefined;
      if (that?.zone === 'field') destroy(s, that);
      return;
    }
    case 'may-choose':
      return; // NOVA 801.4.7: the choice was made on resolution and is kept in r.chosen for what follows
    case 'double': {
      const effects = itemEffects(item);
      if (e.ifChosen && chosenBefore(r, effects, r.effectIndex).length === 0) return; // NOVA 902.13
      const src = sourceOnField(s, item);
      if (!src) return;
      // NOVA 923.1–923.1.1: an increase by the value the servant has now, fixed when this resolves (read as 0 if
      // negative, 004.8).
      const c = characteristics(s, src);
      const by = Math.max(0, e.stat === 'atk' ? c.atk : c.hp);
      if (by === 0) return;
      addUntilEndOfTurn(s, {
        kind: 'stat',
        affected: [src.id],
        atk: e.stat === 'atk' ? by : 0,
        hp: e.stat === 'hp' ? by : 0,
      });
      logPublic(s, { k: 'doubled', card: item.card, stat: e.stat, by });
      return;
    }
    case 'battle': {
      const effects = itemEffects(item);
      const chosen = chosenBefore(r, effects, r.effectIndex)[0];
      if (chosen?.kind !== 'object') return; // NOVA 902.13: nothing chosen, no battle
      effectBattle(s, item, chosen.id, effects, r.effectIndex);
      return;
    }
    case 'gain-control':
      for (const t of targets) {
        const o = t.kind === 'object' ? s.objects[t.id] : undefined;
        if (!o) continue;
        changeControl(s, o, me); // NOVA 301.9.1, 205.4, 203.4
        addUntilEndOfTurn(s, { kind: 'control', affected: [o.id], seat: me });
        // "If it is a servant, it gains ...": NOVA 1003 Gale lets it attack although it just changed controller.
        for (const keyword of e.servantGains)
          if (novaCard(o.card).type === 'servant') addUntilEndOfTurn(s, { kind: 'keyword', affected: [o.id], keyword });
      }
      return;
    case 'shield': {
      const affected = targets.flatMap((t) => (t.kind === 'object' ? [t.id] : []));
      if (affected.length === 0) return;
      addUntilEndOfTurn(s, { kind: 'shield', affected, amount: e.amount, source: item.card }); // NOVA 917.1.1
      return;
    }
    case 'retire-self': {
      const src = sourceOnField(s, item);
      if (src) moveCard(s, obj(s, src.id).id, 'retired'); // NOVA 921.1
      return;
    }
    case 'skip-phase': {
      if (e.phase === 'turn') {
        // NOVA 401.3: your next turn will not exist (docs/rulings/nova.md R50).
        s.skips = [...(s.skips ?? []), { seat: me, phase: 'turn' }];
        logPublic(s, { k: 'will-skip-turn', seat: me });
        return;
      }
      if (e.whose === 'opponents-next') {
        // NOVA 401.3, 925.1: the opponent's next draw phase will not exist.
        s.skips = [...(s.skips ?? []), { seat: opponentOf(me), phase: 'draw' }];
        logPublic(s, { k: 'will-skip-draw', seat: opponentOf(me) });
        return;
      }
      // NOVA 401.3.1: only an attack phase of this turn still ahead can be skipped; one that is over, or already
      // skipped, cannot, and then "if you do" does not happen (docs/rulings/nova.md R48).
      const ahead = phasesAhead(s).filter((p) => p === 'attack').length;
      const marked = (s.skips ?? []).filter((k) => k.phase === 'attack' && k.turn === s.turn.number).length;
      if (ahead <= marked) {
        logPublic(s, { k: 'no-attack-phase-to-skip', card: item.card });
        return;
      }
      s.skips = [...(s.skips ?? []), { seat: s.turn.active, phase: 'attack', turn: s.turn.number }];
      s.turn.skipped = [...(s.turn.skipped ?? []), 'attack'];
      logPublic(s, { k: 'attack-phase-skipped' });
      if (e.thenDraw) draw(s, me, e.thenDraw);
      return;
    }
    case 'add-attack-phase':
      // NOVA 401.2, 401.2.1: right after this main phase, before any phase added earlier.
      if (s.turn.phase !== 'main1' && s.turn.phase !== 'main2') return;
      s.turn.added = ['attack', ...(s.turn.added ?? [])];
      logPublic(s, { k: 'attack-phase-added' });
      return;
    case 'draw-at-next-attack-phase':
      // NOVA 801.4.9.1, 801.4.9.4: a delayed trigger of this card's controller; 925.1.2: it waits past skipped ones.
      addDelayedTrigger(s, {
        when: 'next-attack-phase-start',
        controller: me,
        source: item.objectId,
        card: item.card,
        effects: [{ do: 'draw', count: e.count, who: 'you' }],
      });
      return;
    default:
      throw new UnsupportedRule('802', `effect ${(e as { do: string }).do}`);
  }
}

/** NOVA 801.4.9.1: a delayed trigger created by a resolution waits, with a fresh id, for its event. */
function addDelayedTrigger(s: NovaState, trigger: Omit<DelayedTrigger, 'id'>): void {
  s.nextId += 1;
  s.delayed = [...(s.delayed ?? []), { id: `d${s.nextId}`, ...trigger }];
}
