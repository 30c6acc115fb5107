import type { Seat } from '../../core/game.ts';
import { novaCard } from './cards/pool.ts';
import type { Effect, Selector } from './cards/schema.ts';
import { processDamage } from './damage.ts';
import { novaEffects } from './effects.ts';
import { activatedAbility } from './granted.ts';
import { noteSeen } from './knowledge.ts';
import { logPrivate, logPublic } from './log.ts';
import { rulesProcessing } from './rules-processing.ts';
import type { CardObject, NovaState, Resolution, TargetRef, WaitingItem } from './state.ts';
import { candidates, stillLegal } from './targets.ts';
import { emit } from './triggers.ts';
import { fieldObjects, moveCard, obj } from './zones.ts';

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

export function sourceOnField(s: NovaState, item: WaitingItem): CardObject | null {
  const o = s.objects[item.objectId];
  return o && o.zone === 'field' ? o : null;
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

/** Does effect `e` (effects.ts), with its legal targets or choices (NOVA 804.3.4). */
function runEffect(s: NovaState, r: Resolution, e: Effect): void {
  const item = r.item;
  novaEffects.run(s, e, { r, item, me: item.controller, targets: picked(s, r, r.effectIndex, e) });
}
