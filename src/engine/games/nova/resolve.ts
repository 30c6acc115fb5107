import { ask } from '../../core/decision-kinds.ts';
import { opponentOf, type Seat } from '../../core/game.ts';
import { defineProcedure, pushFrame } from '../../core/procedure.ts';
import { novaCard } from './cards/pool.ts';
import type { Effect, Selector, Who } from './cards/schema.ts';
import { damageProcedure } from './damage.ts';
import {
  chooseDecision,
  discardEffectDecision,
  numberDecision,
  optionalCostDecision,
  orderDeckDecision,
} from './decisions.ts';
import { destructionProcedure, destructionWaits } from './destruction.ts';
import { drawProcedure, drawReplacements, startDraws } from './draws.ts';
import { amountNow, novaEffects } from './effects.ts';
import { activatedAbility } from './granted.ts';
import { noteSeen } from './knowledge.ts';
import { logPrivate, logPublic } from './log.ts';
import { moveProcedure } from './moves.ts';
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
  pushFrame(s, resolveProcedure, { item, effectIndex: 0, chosen: {}, fizzled });
  if (fizzled) logPublic(s, { k: 'fizzled', card: item.card });
}

/** The item resolving now: the data of the top-most `resolve` frame still resolving, or null (NOVA 804.3). */
export function resolvingNow(s: NovaState): Resolution | null {
  const frames = s.procedures.frames;
  for (let i = frames.length - 1; i >= 0; i--) {
    const f = frames[i];
    // In its `finish` step the item has left resolution: what finishing it does (a card entering the field, its
    // triggers) happens with nothing resolving, as when the resolution was a fixed slot emptied before finishing.
    // The frame's data was written by startResolution and its own steps, so it is a Resolution.
    if (f?.kind === RESOLVE && f.step !== 'finish') return f.data as Resolution;
  }
  return null;
}

const RESOLVE = 'resolve';

/**
 * An item resolving as a frame (NOVA 804.3, 804.4): its effects one after another, pausing for a choice made on
 * resolution and while its damage waits for a replacement order (802.1.3.3). It is entered when it begins and
 * again after each pause, and each entry checks a triggered ability's written condition (801.4.7), as the fixed
 * slot it replaces did.
 */
export const resolveProcedure = defineProcedure<NovaState, Resolution>({
  kind: RESOLVE,
  first: 'enter',
  steps: {
    enter(s, { data: r }) {
      if (!r.fizzled && !isCardWithoutEffects(r.item) && conditionHolds(s, r.item)) return { goto: 'effect' };
      return { goto: 'finish' };
    },
    effect(s, { data: r }) {
      const effects = itemEffects(r.item);
      const me = r.item.controller;
      while (r.effectIndex < effects.length && !r.stopped) {
        const e = effects[r.effectIndex] as Effect;
        if (e.do === 'may-send-self-to-graveyard' && r.answers?.[r.effectIndex] === undefined) {
          // NOVA 902.13: a cost paid on resolution; if it cannot be paid (the card has left), the rest fails.
          if (sourceOnField(s, r.item)) return ask(optionalCostDecision, me, { k: 'optional-cost', seat: me }, 'enter');
          r.answers = { ...r.answers, [r.effectIndex]: false };
        }
        if (e.do === 'look-and-reorder-top' && r.looking === undefined) {
          // NOVA 303.3: the controller alone looks at the top cards (as many as there are, 004.4).
          r.looking = s.players[me].zones.deck.slice(0, e.count);
          noteSeen(s, me, r.looking);
          lookLog(s, me, r.looking);
          if (r.looking.length > 1) return ask(orderDeckDecision, me, { k: 'order-deck', seat: me }, 'enter');
        }
        if (e.do === 'discard') {
          // NOVA 911, 004.5: each named player in turn order chooses what to discard; with no more than the count in
          // hand there is nothing to choose (004.6), so all of them go at once. A counted amount is counted once, as
          // the instruction begins, for every player it names (004.6); 0 or less discards nothing (R87).
          r.discardCount ??= amountNow(s, r, me, e.count);
          const count = r.discardCount;
          for (const seat of players(s, me, e.who)) {
            if (r.discarded?.includes(seat)) continue;
            const hand = s.players[seat].zones.hand;
            if (count > 0 && hand.length > count)
              return ask(discardEffectDecision, seat, { k: 'discard-effect', seat, count }, 'enter');
            if (count <= 0) {
              r.discarded = [...(r.discarded ?? []), seat];
              continue;
            }
            discardCards(s, seat, [...hand]);
            r.discarded = [...(r.discarded ?? []), seat];
          }
        }
        // NOVA 004.7: a number is chosen on resolution, a whole number from 0 up.
        if (e.do === 'choose-number' && r.number === undefined)
          return ask(numberDecision, me, { k: 'number', seat: me }, 'enter');
        const sel = selectorOf(e);
        if (sel?.mode === 'choose' && !(r.effectIndex in r.chosen)) {
          const options = candidates(s, me, sel, choiceForDamage(effects, r.effectIndex));
          if (options.length > 0) return ask(chooseDecision, me, { k: 'choose', seat: me }, 'enter');
          r.chosen[r.effectIndex] = []; // NOVA 804.4.1.3: nothing to choose, skip that part
        }
        runEffect(s, r, e);
        if (e.do === 'discard') {
          delete r.discarded; // done: a later discard instruction starts afresh
          delete r.discardCount;
        }
        r.effectIndex += 1;
        // Damage the effect queued is dealt next, in its frame above this one (damage.ts), through its replacements;
        // so are draws that a replacement may change (draws.ts).
        // So is a destruction that waits for its controller's choice (destruction.ts, R109).
        const top = s.procedures.frames[s.procedures.frames.length - 1]?.kind;
        if (
          top === damageProcedure.kind ||
          top === drawProcedure.kind ||
          top === destructionProcedure.kind ||
          top === moveProcedure.kind
        ) {
          r.damageAt = s.version;
          return { goto: 'after-damage' };
        }
        rulesProcessing(s); // NOVA 501.1: immediately, even mid-resolution
        if (s.result) return { goto: 'effect' }; // the game is over: the driver stops here
        if (destructionWaits(s)) {
          r.damageAt = s.version;
          return { goto: 'after-damage' };
        }
      }
      return { goto: 'finish' };
    },
    'after-damage'(s, { data: r }) {
      // A decision answered meanwhile (the affected player ordered replacements) was a pause: the resolution is
      // entered again, as after any pause. Otherwise rules processing runs, as after any effect (NOVA 501.1).
      const paused = r.damageAt !== s.version;
      delete r.damageAt;
      if (paused) return { goto: 'enter' };
      rulesProcessing(s);
      return { goto: 'effect' };
    },
    finish(s, { data: r }) {
      finishResolution(s, r);
      s.priority = null; // NOVA 704.1.3: after a resolution, priority processing starts over
      return { return: null };
    },
  },
});

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
  const r = resolvingNow(s);
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
  // "Each servant ...": every one that matches as the instruction is carried out (R93).
  if (sel.mode === 'each') return candidates(s, r.item.controller, sel, isDamage(e));
  const order = targetingEffects(itemEffects(r.item)).indexOf(e);
  const chosen = r.item.targets[order] ?? [];
  return chosen.filter((t) => stillLegal(s, r.item.controller, sel, t, isDamage(e)));
}

export function sourceOnField(s: NovaState, item: WaitingItem): CardObject | null {
  const o = s.objects[item.objectId];
  return o && o.zone === 'field' ? o : null;
}

/** The players an instruction names (NOVA 101: "each player" in turn order, the turn player first, 004.5). */
export function players(s: NovaState, me: Seat, who: Who): Seat[] {
  if (who === 'you') return [me];
  if (who === 'opponent') return [opponentOf(me)];
  return [s.turn.active, opponentOf(s.turn.active)];
}

/** NOVA 911.1: cards go from their controller's hand to their owner's graveyard, all at once (911.3). */
export function discardCards(s: NovaState, seat: Seat, ids: readonly string[]): void {
  for (const id of ids) {
    const moved = moveCard(s, id, 'graveyard');
    logPublic(s, { k: 'discarded', seat, card: moved.card, asCost: false });
  }
}

/**
 * NOVA 905: draws happen one at a time; a draw from an empty deck fails and loses (502.2). While the drawer has an
 * optional draw replacement on the field, the draws go through the draw frame instead, which can ask (draws.ts).
 */
export function draw(s: NovaState, seat: Seat, count: number): void {
  if (drawReplacements(s, seat).length > 0) {
    startDraws(s, seat, count);
    return;
  }
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
