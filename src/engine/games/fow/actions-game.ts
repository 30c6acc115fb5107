/**
 * The game actions of section 1000 the engine performs (destroy 1010, deal damage 1007, entering the field with
 * counters and [Enter]/[Resonance] triggers), and the triggered items they create (906).
 */

import { UnsupportedRule } from '../../core/errors.ts';
import { opponentOf, type Seat } from '../../core/game.ts';
import { learn } from '../../core/hidden.ts';
import type { KeywordName } from './cards/schema.ts';
import {
  abilitiesLostAt,
  cardOf,
  characteristics,
  type FowState,
  faceOf,
  hasType,
  type ItemEffect,
  isJResonator,
  log,
  moveObject,
  newId,
  objectOf,
  type Ref,
  refOf,
  stoneTypesOf,
} from './state.ts';

/** 906.4: an ability triggers; it is played at the next 602.1b. */
export function trigger(s: FowState, source: string, controller: Seat, effects: ItemEffect[]): void {
  s.triggered.push({
    id: newId(s, 't'),
    controller,
    source: refOf(s, source),
    card: objectOf(s, source).card,
    effects,
  });
}

function keywordsNow(s: FowState, id: string): KeywordName[] {
  const o = objectOf(s, id);
  if (o.zone === 'field' || o.zone === 'ruler') return characteristics(s, id).keywords;
  return faceOf(s, id).keywords.map((k) => k.keyword);
}

/**
 * A kind of replacement effect for a damage event (910.2a): a prevention of all of it (1018.1b), a prevention of a
 * number of it (1018.1a), or dealing it to the card's controller instead (910.1).
 */
export type DamageReplacement = 'prevent' | 'prevent-next' | 'redirect';

/**
 * 910.2a: the different kinds of replacement effect a damage event to the object would meet now, in the order of
 * their first timestamps. Two effects of one kind are not a choice (ruling F-REPLACE, F-PREVENT-NUMBER).
 */
export function damageReplacementsOf(s: FowState, id: string): DamageReplacement[] {
  const o = s.objects[id];
  if (!o) return [];
  const kinds: DamageReplacement[] = [];
  for (const e of s.effects) {
    if (e.object.id !== id || e.object.inc !== o.inc) continue;
    const kind = e.preventDamage
      ? 'prevent'
      : e.redirectDamage
        ? 'redirect'
        : e.preventNext !== undefined
          ? 'prevent-next'
          : null;
    if (kind && !kinds.includes(kind)) kinds.push(kind);
  }
  return kinds;
}

/** 1018.1a: the damage the object's preventions by a number would prevent together (each applies once, 910.3). */
export function preventNextTotal(s: FowState, id: string): number {
  const inc = s.objects[id]?.inc;
  let total = 0;
  for (const e of s.effects) if (e.object.id === id && e.object.inc === inc) total += e.preventNext ?? 0;
  return total;
}

/**
 * 910.2, 910.2a, 910.3 (ruling F-PREVENT-NUMBER): the replacements a damage event of `amount` to the object takes,
 * in order, given the answers so far (`picks`). Each kind applies once to the event; a prevention of all or a
 * redirection leaves no damage event to the card, a prevention by a number leaves the rest of the damage, which the
 * kinds not applied yet meet again. `ask` is the kinds to choose among next, when a question is still open.
 */
function planDamage(
  s: FowState,
  id: string,
  amount: number,
  picks: readonly string[],
): { steps: DamageReplacement[]; ask: DamageReplacement[] | null } {
  let kinds = damageReplacementsOf(s, id);
  let left = amount;
  let answered = 0;
  const steps: DamageReplacement[] = [];
  while (kinds.length > 0 && left > 0) {
    let pick = kinds[0];
    if (kinds.length > 1) {
      pick = kinds.find((k) => k === picks[answered]);
      if (!pick) return { steps, ask: kinds };
      answered += 1;
    }
    if (pick === undefined) break;
    steps.push(pick);
    kinds = kinds.filter((k) => k !== pick);
    if (pick !== 'prevent-next') break;
    left -= preventNextTotal(s, id);
  }
  return { steps, ask: null };
}

/** The answers given so far for one damage event's replacements, in order (`chosen` of `dealDamage`). */
export function addReplacementAnswer(chain: string | undefined, answer: string): string {
  return chain ? `${chain},${answer}` : answer;
}

/** A damage event of `amount` from `source` (a J/resonator recipient may meet replacement effects). */
export type DamageEvent = { source: string; to: { player: Seat } | { object: string }; amount: number };

/**
 * 910.2a: the damage events that meet more than one kind of replacement effect and have a choice still open in
 * `chosen`, the turn player's first (ruling F-REPLACE-ORDER). When one of the kinds left is not a prevention, the
 * controller of what deals the damage chooses; when all are, the damaged card's controller (rulings
 * F-DAMAGE-REPLACE, F-PREVENT-NUMBER).
 */
export function damageReplacementChoices(
  s: FowState,
  events: readonly DamageEvent[],
  chosen: Readonly<Record<string, string>>,
): ReplacementChoice[] {
  const out: ReplacementChoice[] = [];
  for (const ev of events) {
    if (ev.amount <= 0 || !('object' in ev.to)) continue;
    const id = ev.to.object;
    if (characteristics(s, id).def === null) continue; // 1007.4: no damage event
    const { ask } = planDamage(s, id, ev.amount, chosen[id]?.split(',') ?? []);
    if (!ask) continue;
    const prevention = (k: DamageReplacement) => k === 'prevent' || k === 'prevent-next';
    const seat = ask.every(prevention) ? objectOf(s, id).controller : objectOf(s, ev.source).controller;
    out.push({ object: id, seat, kinds: ask, event: 'damage' });
  }
  const first = (c: ReplacementChoice) => (c.seat === s.turn.active ? 0 : 1);
  return out.sort((a, b) => first(a) - first(b));
}

/**
 * 1018.1a: the object's preventions by a number apply to `amount` damage from `source`, earliest first, each used
 * up as it applies; returns the damage left.
 */
function preventByNumber(s: FowState, source: string, id: string, amount: number): number {
  const src = objectOf(s, source);
  const inc = objectOf(s, id).inc;
  let left = amount;
  for (let i = 0; i < s.effects.length && left > 0; ) {
    const e = s.effects[i];
    if (e?.preventNext === undefined || e.object.id !== id || e.object.inc !== inc) {
      i += 1;
      continue;
    }
    const cut = Math.min(e.preventNext, left);
    left -= cut;
    s.effects.splice(i, 1); // used up (the next time only)
    log(s, {
      type: 'prevented',
      seat: src.controller,
      card: src.card,
      object: source,
      amount: cut,
      target: id,
      rule: '1018.1a',
    });
  }
  return left;
}

/**
 * 1007: `amount` damage from `source` to a player (life, 1007.2) or a J/resonator (accumulated, 1007.1; nothing to
 * a card without DEF, 1007.4). Triggers [Drain] (1135), [Bane] (1138) and, for combat damage, [Explode] (1105).
 * An event that meets different kinds of replacement effect takes the ones chosen (`chosen`, the answers in order,
 * 910.2a; the caller asks through `damageReplacementChoices` first).
 */
export function dealDamage(
  s: FowState,
  source: string,
  to: { player: Seat } | { object: string },
  amount: number,
  combat: boolean,
  chosen?: string,
): void {
  if (amount <= 0) return;
  const src = objectOf(s, source);
  const kw = keywordsNow(s, source);
  if ('player' in to) {
    s.players[to.player].life -= amount;
    log(s, { type: 'damage', seat: src.controller, card: src.card, object: source, amount, target: to.player });
  } else {
    const target = objectOf(s, to.object);
    if (characteristics(s, to.object).def === null) return; // 1007.4
    const plan = planDamage(s, to.object, amount, chosen?.split(',') ?? []);
    if (plan.ask) throw new Error(`910.2a: no replacement chosen for damage to ${to.object}`);
    for (const step of plan.steps) {
      // 1018, 910: a prevention of all replaces the whole event; no damage is dealt, so nothing that reads
      // "deals damage" ([Bane], [Explode], [Drain]) happens (ruling F-PREVENT).
      if (step === 'prevent') {
        log(s, {
          type: 'prevented',
          seat: src.controller,
          card: src.card,
          object: source,
          amount,
          target: to.object,
          rule: '1018',
        });
        return;
      }
      // 910.1, 910.3: the event becomes damage to the card's controller; no replacement of the card applies to it.
      if (step === 'redirect') {
        log(s, {
          type: 'damage-redirected',
          seat: target.controller,
          card: target.card,
          object: to.object,
          rule: '910.1',
        });
        dealDamage(s, source, { player: target.controller }, amount, combat);
        return;
      }
      // 1018.1a: the rest is dealt, meeting the kinds not applied yet (910.3); none left: nothing is dealt.
      amount = preventByNumber(s, source, to.object, amount);
      if (amount <= 0) return;
    }
    target.damage += amount;
    log(s, { type: 'damage', seat: src.controller, card: src.card, object: source, amount, target: to.object });
    // 1138.2: when this deals damage to a J/resonator, destroy it.
    if (kw.includes('bane') && isJResonator(s, to.object))
      trigger(s, source, src.controller, [{ do: 'destroy-refs', refs: [refOf(s, to.object)] }]);
    // 1105.2: when this deals combat damage to a resonator, if this is a resonator, destroy both (never a J-ruler).
    if (combat && kw.includes('explode') && hasType(s, to.object, 'resonator') && hasType(s, source, 'resonator'))
      trigger(s, source, src.controller, [{ do: 'destroy-refs', refs: [refOf(s, source), refOf(s, to.object)] }]);
  }
  // 1135.2: when this deals damage, you gain that much life.
  if (kw.includes('drain')) trigger(s, source, src.controller, [{ do: 'gain-life', amount }]);
}

/** A kind of replacement effect for a destroy event (910.1): effects of one kind give the same result. */
export type DestroyReplacement = 'shield' | 'to-hand' | 'remove';

/**
 * 910.2: the different kinds of replacement effect a destroy event on the object would meet now, in the order of
 * their first timestamps. Two effects of one kind are not a choice: either gives the same result (ruling F-REPLACE).
 */
export function destroyReplacementsOf(s: FowState, id: string): DestroyReplacement[] {
  const o = s.objects[id];
  if (o?.zone !== 'field' || characteristics(s, id).keywords.includes('eternal')) return [];
  const kinds: DestroyReplacement[] = [];
  for (const e of s.effects) {
    if (e.object.id !== id || e.object.inc !== o.inc) continue;
    // 1010.1: a destroyed J-ruler goes to the ruler area, not a graveyard, so "removed instead" does not meet it.
    const remove = e.removeInsteadOfGraveyard && !hasType(s, id, 'j-ruler');
    const kind = e.replaceDestroy ? 'shield' : e.returnInsteadOfDestroy ? 'to-hand' : remove ? 'remove' : null;
    if (kind && !kinds.includes(kind)) kinds.push(kind);
  }
  return kinds;
}

/**
 * An event whose replacement a player must choose: a destroy event (910.2) or, with `event: 'damage'`, a damage
 * event (910.2a).
 */
export type ReplacementChoice = {
  object: string;
  seat: Seat;
  kinds: (DestroyReplacement | DamageReplacement)[];
  event?: 'damage';
};

/**
 * 910.2: the events among destroying `ids` that meet more than one kind of replacement and have no choice in
 * `chosen` yet, the turn player's first (ruling F-REPLACE-ORDER).
 */
export function replacementChoices(
  s: FowState,
  ids: readonly string[],
  chosen: Readonly<Record<string, string>>,
): ReplacementChoice[] {
  const out: ReplacementChoice[] = [];
  for (const id of ids) {
    if (chosen[id] !== undefined) continue;
    const kinds = destroyReplacementsOf(s, id);
    if (kinds.length > 1) out.push({ object: id, seat: objectOf(s, id).controller, kinds });
  }
  const first = (c: ReplacementChoice) => (c.seat === s.turn.active ? 0 : 1);
  return out.sort((a, b) => first(a) - first(b));
}

/**
 * 1010: destroy. A J-ruler goes back to the ruler area ruler face up, keeping its orientation (302.3), with an
 * astral counter and without [Judgment] for the rest of the game (1010.1a) unless it is [Imperishable] (1108.2);
 * other cards go to the graveyard. [Eternal] cards are not destroyed (1139.2, 1010.3). An event that meets
 * different kinds of replacement effect takes the one its controller chose (`chosen`, 910.2; the caller asks
 * through `replacementChoices` first).
 */
export function destroy(
  s: FowState,
  ids: readonly string[],
  rule: string,
  chosen: Readonly<Record<string, string>> = {},
): void {
  for (const id of ids) {
    const o = s.objects[id];
    if (o?.zone !== 'field') continue;
    if (characteristics(s, id).keywords.includes('eternal')) continue;
    const kinds = destroyReplacementsOf(s, id);
    const pick = kinds.length > 1 ? kinds.find((k) => k === chosen[id]) : kinds[0];
    if (kinds.length > 1 && !pick) throw new Error(`910.2: no replacement chosen for destroying ${id}`);
    // 910.1, 910.3: one replacement replaces the event; the event is then no longer a destruction, so no other
    // applies to it. A shield is used up; another shield on the object waits for the next event.
    if (pick === 'shield') {
      const shield = s.effects.findIndex((e) => e.replaceDestroy && e.object.id === id && e.object.inc === o.inc);
      s.effects.splice(shield, 1);
      o.damage = 0; // 1007: damage removed
      o.rested = true; // 1013
      log(s, { type: 'destroy-replaced', seat: o.controller, card: o.card, object: id, rule: '910.1' });
      continue;
    }
    if (pick === 'to-hand') {
      log(s, { type: 'destroy-replaced-to-hand', seat: o.controller, card: o.card, object: id, rule: '910.1' });
      const owner = o.owner;
      moveObject(s, id, 'hand');
      // It was seen on the field: its owner's opponent keeps knowing which card in the hand it is.
      if (s.objects[id]) s.known = learn(s.known, opponentOf(owner), [id]);
      continue;
    }
    // 910.1 (ruling F-REPLACE-ZONE): the move to the graveyard that destroying is (1010.1) is replaced by a move to
    // the removed area; the destruction itself does not happen.
    if (pick === 'remove') {
      log(s, { type: 'removed-instead', seat: o.controller, card: o.card, object: id, rule: '910.1' });
      moveObject(s, id, 'removed');
      continue;
    }
    log(s, { type: 'destroyed', seat: o.controller, card: o.card, object: id, rule });
    if (hasType(s, id, 'j-ruler')) {
      const imperishable = characteristics(s, id).keywords.includes('imperishable');
      moveObject(s, id, 'ruler');
      o.face = 'front';
      o.controller = o.owner;
      if (!imperishable) {
        o.counters.astral = (o.counters.astral ?? 0) + 1;
        s.players[o.owner].lostJudgment = true;
      }
      continue;
    }
    moveObject(s, id, 'graveyard');
  }
}

/**
 * 1010.2: destroying `seat`'s ruler: only the ruler card in the ruler area (308.4: a J-ruler on the field is not a
 * ruler), unless it cannot be destroyed ([Eternal] 1139.2, 1010.3). Ruling F-DESTROY-RULER: it goes to its owner's
 * graveyard, as a destroyed card that is not a J-ruler does (1010.1) and the one other zone a ruler may go to (316.1).
 */
export function destroyRuler(s: FowState, seat: Seat): void {
  const id = s.players[seat].ruler;
  const o = s.objects[id];
  if (o?.zone !== 'ruler' || characteristics(s, id).keywords.includes('eternal')) return;
  log(s, { type: 'destroyed', seat: o.controller, card: o.card, object: id, rule: '1010.2' });
  moveObject(s, id, 'graveyard');
}

/**
 * 702.3, 307.7: a card comes onto the field under `controller`: [Mana N] (1122.2b) and [Limit N] (1118.2) counters,
 * then [Enter] (1140) and [Resonance] (1127) triggers.
 */
export function enterField(s: FowState, id: string, controller: Seat, awakened: boolean): void {
  // 1406.3: a classified addition entering from elsewhere than the chase picks a card to be attached to; no card or
  // rule of the engine moves one so (a summon takes resonators, a call magic stones).
  if (faceOf(s, id).classified && objectOf(s, id).zone !== 'chase')
    throw new UnsupportedRule('1406.3', 'a classified addition coming onto the field other than from the chase');
  moveObject(s, id, 'field');
  const o = objectOf(s, id);
  o.controller = controller;
  o.awakened = awakened;
  const face = faceOf(s, id);
  for (const k of face.keywords) {
    if (k.keyword === 'mana' && k.amount) o.counters.mana = (o.counters.mana ?? 0) + k.amount;
    if (k.keyword === 'limit' && k.amount) o.counters.limit = (o.counters.limit ?? 0) + k.amount;
  }
  enteredTriggers(s, id);
}

/** The token card Tale of the Drowned Bell creates (1303.1d: its name is also its race). */
export const DROWNED_KNIGHT = 'drowned-knight';

/**
 * 1303.1, 1303.1c: a token of `card` (a pool entry marked `token`, 1303.1a) created on the field under `controller`,
 * coming onto the field like a card (702.3 recovered; [Enter] and [Resonance] see it).
 */
export function createToken(s: FowState, card: string, controller: Seat): string {
  if (!cardOf(card).token) throw new Error(`${card} is not a token`);
  const id = newId(s, 'k');
  s.objects[id] = {
    id,
    card,
    owner: controller,
    controller,
    zone: 'chase', // nowhere yet: enterField moves it onto the field as a new object
    inc: 0,
    rested: false,
    damage: 0,
    counters: {},
    face: 'front',
    controlSince: s.turn.number,
    fieldSince: s.turn.number,
    awakened: false,
    attachedTo: null,
    standbyTurn: null,
  };
  enterField(s, id, controller, false);
  log(s, { type: 'token', seat: controller, card, object: id, rule: '1303.1' });
  return id;
}

/** The triggers of a card having come onto the field ([Enter], awakened [Enter], [Resonance]). */
export function enteredTriggers(s: FowState, id: string): void {
  const o = objectOf(s, id);
  // 909.1d: a J-ruler still under a "loses all abilities" effect from before it left the field has none.
  const own = abilitiesLostAt(s, id) === null ? faceOf(s, id).keywords : [];
  for (const k of own) {
    if (k.keyword === 'enter' && k.effects) trigger(s, id, o.controller, k.effects); // 1140.2
    if (k.keyword === 'awakening' && o.awakened && k.grant && k.grant.enter.length > 0)
      trigger(s, id, o.controller, k.grant.enter); // 1109.2: the granted [Enter] text
  }
  // 1127.2: a card with that magic stone type came onto the field under your control (itself included, 1127.3).
  const types = stoneTypesOf(cardOf(o.card));
  if (types.length === 0) return;
  for (const other of s.field) {
    const w = objectOf(s, other);
    if (w.controller !== o.controller || abilitiesLostAt(s, other) !== null) continue; // 909.1d
    for (const k of faceOf(s, other).keywords) {
      if (k.keyword === 'resonance' && k.attribute && types.includes(k.attribute) && k.effects)
        trigger(s, other, w.controller, k.effects);
    }
  }
}

export function stillThere(s: FowState, ref: Ref): boolean {
  return s.objects[ref.id]?.inc === ref.inc;
}
