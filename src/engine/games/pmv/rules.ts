/**
 * Targets (§8.2), damage (§1.10.12), removal (§9.2–9.3) and the effects of the implemented pool (§7.1). Effects
 * apply one clause after another (§7.1.9); a clause that cannot be applied ends the effect as failed (§7.1.12.a).
 */

import type { ObjRef } from '../../core/events.ts';
import { isCurrent } from '../../core/events.ts';
import { opponentOf, SEATS, type Seat } from '../../core/game.ts';
import { learn } from '../../core/hidden.ts';
import { nextInt, shuffle } from '../../core/rng.ts';
import type { Aim, BaseEffect, Effect, PmvCard } from './cards/schema.ts';
import {
  abilitiesOf,
  atkOf,
  attachmentsOf,
  cannotAttack,
  cannotDefend,
  cardOf,
  cardOfObject,
  casterPresent,
  charactersOf,
  currentInterference,
  currentRef,
  damageOf,
  defOf,
  draw,
  type Entry,
  hasKeyword,
  isCharacter,
  keywordsOf,
  liveAttack,
  log,
  lose,
  moveObject,
  objectOf,
  onField,
  type PmvState,
  racesOf,
  rawDef,
  setHost,
  type TargetRef,
  turnFaceDown,
  turnFaceUp,
} from './state.ts';

/**
 * The effects a card's play resolves, or an activated ability's (index -1: Mana Charge, §10.12.2.a). `mode` is the
 * mode chosen for a "Choose one" (§5.2.3.c, §7.1.15): its clauses stand in for the choice; null keeps the choice.
 */
export function effectsOf(card: PmvCard, ability: number | null, mode: number | null = null): Effect[] {
  if (ability === null) {
    if (mode === null) return card.effects;
    return card.effects.flatMap((e) => (e.do === 'choose-one' ? (e.modes[mode] ?? []) : [e]));
  }
  if (ability < 0) return [];
  const a = abilityAt(card, ability);
  return a ? a.effects : [];
}

/**
 * §10.34.2.a, §2.13.5: a popularity text's activated effect is numbered `POPULARITY_ABILITY + tier × 100 + index`
 * (its tier in the card's popularity list), the card's own abilities by their index.
 */
export const POPULARITY_ABILITY = 1000;

export function abilityAt(card: PmvCard, index: number): PmvCard['abilities'][number] | undefined {
  if (index < POPULARITY_ABILITY) return card.abilities[index];
  const tier = Math.floor((index - POPULARITY_ABILITY) / 100);
  return card.popularity[tier]?.abilities[(index - POPULARITY_ABILITY) % 100];
}

/**
 * §8.2.2: the target (目標) phrases of a card's play or an ability, in order: the play text of Equip (§10.13.2.a,
 * a character of yours) or Talisman (§10.14.2.a, any character) first, then the effects'.
 */
export function cardAims(card: PmvCard, ability: number | null, mode: number | null = null): Aim[] {
  const keyword: Aim[] = [];
  if (ability === null) {
    if (card.keywords.some((k) => k.keyword === 'equip')) keyword.push('target-your-character');
    else if (card.keywords.some((k) => k.keyword === 'talisman')) keyword.push('target-character');
  }
  return [...keyword, ...targetAims(effectsOf(card, ability, mode))];
}

/** §8.2.2: the target (目標) phrases of an effect list, in order. */
export function targetAims(effects: readonly Effect[]): Aim[] {
  const out: Aim[] = [];
  for (const e of effects) {
    if (e.do === 'code') out.push(...(CODE_AIMS[e.handler] ?? []));
    if (e.do === 'choose-one' || e.do === 'code' || e.do === 'cannot' || e.do === 'static-modify') continue;
    if ('to' in e && e.to.startsWith('target-')) out.push(e.to);
  }
  return out;
}

/** The target phrases of the `code` clauses the engine implements (their text says 対象, §8.2.2). */
const CODE_AIMS: Record<string, readonly Aim[]> = {
  'random-discard-character': ['target-opponents-hand'],
  'return-cost-3-to-hand': ['target-character-cost-3-or-less'],
  'exclude-cost-3': ['target-character-cost-3-or-less'],
  'discard-cost-3': ['target-character-cost-3-or-less'],
  'damage-twice-excluded': ['target-character'],
  'face-down-blank': ['target-character'],
  'turn-face-up': ['target-character'],
  'resolve-as-played': ['target-spell-in-your-netherworld'],
  'world-talisman-to-field': ['target-world-talisman-in-your-netherworld'],
  'change-target': ['target-card-being-played'],
  'resolve-as-used': ['target-your-character'],
};

/** Mirror Recital's aims: cards of the player's own netherworld (public, §3.3), offered only to these. */
const NETHERWORLD_AIMS: ReadonlySet<Aim> = new Set<Aim>([
  'target-spell-in-your-netherworld',
  'target-world-talisman-in-your-netherworld',
]);

/** §5.2.3.c: the modes of a card's "Choose one" (one list of clauses each), or null when it has none. */
export function modesOf(card: PmvCard): Effect[][] | null {
  const modal = card.effects.find((e) => e.do === 'choose-one');
  return modal && modal.do === 'choose-one' ? modal.modes : null;
}

/** §8.2.4, §8.2.5: is this a legal target for the aim, for a play or use by `seat` (`self`: the entry's own card)? */
export function isLegalTarget(
  s: PmvState,
  seat: Seat,
  aim: Aim,
  t: TargetRef,
  selfEntry: string | null,
  by: string | null = null,
): boolean {
  if ('player' in t) return aim === 'target-player' || (aim === 'target-opponents-hand' && t.player !== seat);
  const ref = t.object;
  if (!isCurrent(s.events, ref)) return false;
  if (by !== null && shieldedFromCommand(s, seat, ref.id, by)) return false;
  // §10.25.2.a: a Sacred Treasure can't be played aiming at (nor set on) a character without Legend.
  if (
    by !== null &&
    cardOf(by).keywords.some((k) => k.keyword === 'sacred-treasure') &&
    !hasKeyword(s, ref.id, 'legend')
  )
    return false;
  switch (aim) {
    case 'target-character':
      return isCharacter(s, ref.id);
    case 'target-your-character':
      return isCharacter(s, ref.id) && objectOf(s, ref.id).owner === seat;
    case 'target-character-cost-3-or-less': {
      // §2.4.3: the printed COST (X and Nullity count as 0).
      const nc = cardOfObject(s, ref.id).nodeCost; // §6.1.7: a face-down character's is 0
      const cost = nc === 'nullity' || nc.cost === 'X' ? 0 : nc.cost;
      return isCharacter(s, ref.id) && cost <= 3;
    }
    case 'target-your-sleeping-character':
      return isCharacter(s, ref.id) && objectOf(s, ref.id).owner === seat && !objectOf(s, ref.id).active;
    case 'target-card-being-played': {
      // A card in the play area with an entry in the current interference, other than the card doing the aiming.
      const i = currentInterference(s);
      return (
        objectOf(s, ref.id).zone === 'play' &&
        (i?.entries.some((e) => e.kind === 'card' && e.source.id === ref.id && e.id !== selfEntry) ?? false)
      );
    }
    case 'target-spell-in-your-netherworld':
    case 'target-world-talisman-in-your-netherworld': {
      // §5.3, §10.17: a spell card in the player's own netherworld, with or without World Talisman by the aim.
      const o = objectOf(s, ref.id);
      const card = cardOf(o.card);
      if (o.zone !== 'netherworld' || o.owner !== seat || card.type !== 'spell') return false;
      const worldTalisman = card.keywords.some((k) => k.keyword === 'world-talisman');
      return worldTalisman === (aim === 'target-world-talisman-in-your-netherworld');
    }
    default:
      return false;
  }
}

/**
 * §8.2.4, §1.3.2: an α "this character can't be the target of opponents' command cards" (a transformed Corvin)
 * keeps a command played by another player from aiming at it.
 */
function shieldedFromCommand(s: PmvState, seat: Seat, id: string, by: string): boolean {
  if (cardOf(by).type !== 'command' || !isCharacter(s, id) || objectOf(s, id).owner === seat) return false;
  if (hasKeyword(s, id, 'leader')) return true; // §10.34.2.a
  return abilitiesOf(s, id).some(
    ({ ability: a }) =>
      a.kind === 'auto' &&
      a.class === 'alpha' &&
      a.effects.some((e) => e.do === 'cannot' && e.what === 'be-targeted-by-opponents-commands'),
  );
}

/** The legal targets for an aim now, for a play or use of card `by` (null: no card, a γ). */
export function targetChoices(
  s: PmvState,
  seat: Seat,
  aim: Aim,
  selfEntry: string | null,
  by: string | null = null,
): TargetRef[] {
  const refs: TargetRef[] = [{ player: 'p1' }, { player: 'p2' }];
  for (const id of s.field) refs.push({ object: currentRef(s, id) });
  for (const i of s.interferences)
    for (const e of i.entries) if (e.kind === 'card') refs.push({ object: currentRef(s, e.source.id) });
  if (NETHERWORLD_AIMS.has(aim)) for (const id of s.players[seat].netherworld) refs.push({ object: currentRef(s, id) });
  return refs.filter((t) => isLegalTarget(s, seat, aim, t, selfEntry, by));
}

export function targetKey(t: TargetRef): string {
  return 'player' in t ? `player:${t.player}` : `obj:${t.object.id}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Damage (§1.10) and removal (§9)

export type DamageEvent = {
  /** The card that deals it (§1.10.2). */
  source: ObjRef;
  to: TargetRef;
  amount: number;
  battle: boolean;
  /** §10.5: pierce damage (battle damage that gives no graze, §6.5.2.b). */
  pierce: boolean;
};

/** §10.11.2.a: a character with Resistance (A) receives no battle damage from characters of race A. */
function resists(s: PmvState, to: string, source: ObjRef): boolean {
  if (!isCurrent(s.events, source) || !isCharacter(s, source.id)) return false;
  const sourceRaces = racesOf(s, source.id);
  return keywordsOf(s, to).some(
    (k) => k.keyword === 'resistance' && k.race !== undefined && sourceRaces.includes(k.race),
  );
}

/**
 * §1.10.12: simultaneous damage events (§1.10.3). Damage of 0 or less is no damage (§1.10.14); damage to something
 * that is not a player or a character is void (§1.10.10.a); a character that "receives no damage" runs no procedure
 * (§1.10.16), nor a card whose discard or exclusion is resolving (§9.3.7.a, §9.4.5.a). Returns the events that were
 * dealt. The "deals damage" and "receives damage" γ (windows d and e) are queued in `pendingGamma`, resolved before
 * the doomed check of step f (removal.ts), as the battle's own (Countess Noire, pierce, instant death) are.
 */
export function dealDamage(s: PmvState, events: readonly DamageEvent[], windowsDone = false): DamageEvent[] {
  const dealt = damageThatLands(s, events, false);
  // §1.10.12.a–b: the "would deal" and "would receive" γ resolve before the damage is applied: it waits in
  // `pendingDamage` (removal.ts applies it after them, before anything else goes on, §9.1.3).
  if (!windowsDone && queueWouldGamma(s, dealt)) {
    s.pendingDamage = [...(s.pendingDamage ?? []), dealt];
    return [];
  }
  return applyDamage(s, dealt);
}

/** §1.10.12.a–b: queues the γ of the characters about to deal and receive these events; were there any? */
export function queueWouldGamma(s: PmvState, events: readonly DamageEvent[]): boolean {
  const firing = gammaOfDamage(s, events, 'would-deal-damage', 'would-receive-damage');
  if (firing.length === 0) return false;
  s.pendingGamma = [...(s.pendingGamma ?? []), ...firing];
  return true;
}

/** The events that are damage at all: not 0 or less, to a player or a character that can receive it. */
export function damageThatLands(s: PmvState, events: readonly DamageEvent[], quiet: boolean): DamageEvent[] {
  const dealt: DamageEvent[] = [];
  for (const e of events) {
    if (e.amount <= 0) continue; // §1.10.14
    if ('object' in e.to) {
      const ref = e.to.object;
      if (!isCurrent(s.events, ref) || !isCharacter(s, ref.id)) continue; // §1.10.10.a
      if (s.leaving?.includes(ref.id)) continue; // §9.3.7.a, §9.4.5.a
      if (s.turn.noDamage?.some((r) => r.id === ref.id && isCurrent(s.events, r))) {
        // §1.10.16: nothing accumulates and no procedure occurs (no window of §1.10.12 either).
        if (!quiet)
          log(s, { type: 'damage-prevented', object: ref.id, card: objectOf(s, ref.id).card, rule: '1.10.16' });
        continue;
      }
      if (e.battle && resists(s, ref.id, e.source)) {
        if (!quiet) log(s, { type: 'resists', object: ref.id, card: objectOf(s, ref.id).card, rule: '10.11.2.a' });
        continue;
      }
    }
    dealt.push(e);
  }
  return dealt;
}

/** §1.10.12.c–e: the damage is applied, together; the "deals" and "receives" γ are queued (windows d and e). */
export function applyDamage(s: PmvState, events: readonly DamageEvent[]): DamageEvent[] {
  const dealt = damageThatLands(s, events, true); // a character may have left while the a/b γ resolved (§1.10.10.a)
  // §10.34.2.d: the next damage to a shielded player this turn is nullified (all of one simultaneous event, P31).
  const shielded = s.turn.shielded ?? [];
  const nullified = dealt.filter((e) => 'player' in e.to && shielded.includes(e.to.player));
  if (nullified.length > 0) {
    const seats = new Set(nullified.flatMap((e) => ('player' in e.to ? [e.to.player] : [])));
    s.turn.shielded = shielded.filter((x) => !seats.has(x));
    for (const seat of seats) log(s, { type: 'damage-nullified', seat, rule: '10.34.2.d' });
    dealt.splice(0, dealt.length, ...dealt.filter((e) => !nullified.includes(e)));
  }
  // §1.10.12.c: applied together.
  for (const e of dealt) {
    if ('player' in e.to)
      s.players[e.to.player].lp -= e.amount; // §1.10.11.a
    else {
      const o = objectOf(s, e.to.object.id);
      if (e.battle) o.battleDamage += e.amount;
      else o.effectDamage += e.amount; // §1.10.11.b
      noteDoomer(s, e);
    }
    log(s, {
      type: e.battle ? 'battle-damage' : 'effect-damage',
      card: objectOf(s, e.source.id).card,
      object: e.source.id,
      target: 'player' in e.to ? e.to.player : e.to.object.id,
      ...('object' in e.to ? { targetCard: objectOf(s, e.to.object.id).card } : {}),
      amount: e.amount,
      rule: e.pierce ? '10.5.2.a' : '1.10.12.c',
    });
  }
  queueDamageGamma(s, dealt);
  // §10.34.2.c: the turn player's opponent took damage: each of the turn player's Leaders gets the top card of its
  // player's deck as popularity, once per turn each.
  const opponent = opponentOf(s.turn.active);
  if (dealt.some((e) => 'player' in e.to && e.to.player === opponent))
    for (const id of charactersOf(s, s.turn.active)) {
      if (!hasKeyword(s, id, 'leader') || s.turn.popular?.includes(id)) continue;
      s.turn.popular = [...(s.turn.popular ?? []), id];
      addPopularity(s, id, '10.34.2.c');
    }
  return dealt;
}

/**
 * §9.2.6.a–b, §9.2.3.e: effect damage of a field card that brings a character to its DEF makes that card the one
 * that doomed it, and so the one that discards it; battle damage that does so takes that away (a battle is no effect).
 */
function noteDoomer(s: PmvState, e: DamageEvent): void {
  if (!('object' in e.to)) return;
  const id = e.to.object.id;
  if (damageOf(s, id) < defOf(s, id)) return;
  const { [id]: _, ...rest } = s.doomedBy ?? {};
  const by = !e.battle && onField(s, e.source) ? { [id]: e.source.id } : {};
  const next = { ...rest, ...by };
  if (Object.keys(next).length > 0) s.doomedBy = next;
  else delete s.doomedBy;
}

/** Does a γ of `id` (its own or lent, §6.1.13) fire for this window? */
export function hasGamma(s: PmvState, id: string, when: string): boolean {
  return abilitiesOf(s, id).some(({ ability: a }) => a.kind === 'auto' && a.class === 'gamma' && a.when === when);
}

/**
 * §1.10.12.d–e: the characters that dealt and received this damage, whose "deals damage" or "receives damage" γ
 * fire, each once per window, the turn player's first (§7.1.6.a); they resolve before the doomed check (removal.ts).
 */
function queueDamageGamma(s: PmvState, dealt: readonly DamageEvent[]): void {
  const firing = gammaOfDamage(s, dealt, 'deals-damage', 'receives-damage');
  if (firing.length > 0) s.pendingGamma = [...(s.pendingGamma ?? []), ...firing];
}

type DamageWindow = NonNullable<PmvState['pendingGamma']>[number]['when'];

/**
 * The characters whose γ of a dealing window and then of a receiving window fire for these events (§1.10.12.a–b or
 * d–e), each once per window, the turn player's first (§7.1.6.a).
 */
export function gammaOfDamage(
  s: PmvState,
  events: readonly DamageEvent[],
  deals: DamageWindow,
  receives: DamageWindow,
): NonNullable<PmvState['pendingGamma']> {
  const firing: NonNullable<PmvState['pendingGamma']> = [];
  const add = (ref: ObjRef, when: DamageWindow) => {
    if (!onField(s, ref) || !isCharacter(s, ref.id) || !hasGamma(s, ref.id, when)) return;
    if (!firing.some((f) => f.object.id === ref.id && f.when === when)) firing.push({ object: ref, when });
  };
  for (const e of events) add(e.source, deals);
  for (const e of events) if ('object' in e.to) add(e.to.object, receives);
  const mine = (f: (typeof firing)[number]) => objectOf(s, f.object.id).owner === s.turn.active;
  return [...firing.filter(mine), ...firing.filter((f) => !mine(f))];
}

/** §10.34.2.b–c: the top card of the Leader's player's deck is attached to it as popularity (none from an empty deck). */
export function addPopularity(s: PmvState, leader: string, rule: string): void {
  const o = objectOf(s, leader);
  const top = s.players[o.owner].deck[0];
  if (top === undefined) return;
  moveObject(s, top, 'attached');
  setHost(s, top, leader, true); // §11.3.11.c: it takes the Leader's orientation
  const card = objectOf(s, top);
  log(s, { type: 'popularity', seat: o.owner, card: card.card, object: top, target: leader, targetCard: o.card, rule });
}

/**
 * §9.2.2: the characters doomed now: damage at or over DEF (a), DEF 0 or less (b), or made doomed (c: `also`, an
 * instant death, or `madeDoomed`, an effect's words, that incarnation only).
 */
export function doomedNow(s: PmvState, also: readonly string[]): string[] {
  return s.field.filter(
    (id) =>
      isCharacter(s, id) &&
      !removing(s, id) && // §9.2.7.b, §9.3.7.b, §9.4.5.b: already being removed
      !cannotBeDoomed(s, id) &&
      (also.includes(id) || madeDoomed(s, id) || rawDef(s, id) <= 0 || damageOf(s, id) >= defOf(s, id)),
  );
}

/** §9.2.2.c: did an effect make this character (this incarnation) doomed? */
export function madeDoomed(s: PmvState, id: string): boolean {
  return s.madeDoomed?.some((r) => r.id === id && isCurrent(s.events, r)) ?? false;
}

/** Is this card already in a discard or exclusion state (waiting or resolving)? */
export function removing(s: PmvState, id: string): boolean {
  return (s.leaving?.includes(id) ?? false) || (s.removing?.some((r) => r.id === id) ?? false);
}

/** Anything for the removal procedure to settle: doomed characters, removals waiting, damage-window γ (§9, §1.10.12). */
export function removalsPending(s: PmvState, also: readonly string[] = []): boolean {
  return (
    (s.pendingGamma?.length ?? 0) > 0 ||
    (s.pendingDamage?.length ?? 0) > 0 ||
    (s.removing?.length ?? 0) > 0 ||
    doomedNow(s, also).length > 0
  );
}

/**
 * §9.3.3, §9.4.3: the field card `id` is put into the discard or exclusion state; the removal procedure resolves its
 * windows (§9.3.4.a–d, §9.4.4.a–d) and moves it. A card already being excluded is not discarded (§9.4.5.c), nor a
 * discarded one discarded again (§9.3.7.c); one being discarded may still be excluded (§9.3.7 does not bar it).
 */
export function startRemoval(
  s: PmvState,
  id: string,
  kind: 'discard' | 'exclude',
  line: 'doomed' | 'discard' | 'excluded',
  rule: string,
  by?: ObjRef,
): void {
  const list = s.removing ?? [];
  if (list.some((r) => r.id === id && (r.kind === 'exclude' || r.kind === kind))) return;
  // §9.3.4.a/c, §9.4.4.a/c: the field card whose effect it is (a card in the play area has no working γ, §4.1).
  const source = by && onField(s, by) ? { by: by.id } : {};
  s.removing = [...list, { id, kind, log: line, rule, ...source }];
}

/** An α "this character doesn't become doomed" (Eightfold Mirror, lent by §6.1.13): §9.2.2 does not apply to it. */
function cannotBeDoomed(s: PmvState, id: string): boolean {
  return abilitiesOf(s, id).some(
    ({ ability: a }) =>
      a.kind === 'auto' &&
      a.class === 'alpha' &&
      a.effects.some((e) => e.do === 'cannot' && e.what === 'become-doomed'),
  );
}

/**
 * §9.2.3.b: the "when another character of yours would become doomed" γ (Ninth-Peak Hermit's) that `seat` could
 * use on this batch: each pair of such a character on their field and a doomed character of theirs other than it.
 */
export function saveOptions(s: PmvState, seat: Seat, doomed: readonly string[]): { saver: string; saved: string }[] {
  const out: { saver: string; saved: string }[] = [];
  for (const saver of charactersOf(s, seat)) {
    const has = abilitiesOf(s, saver).some(
      ({ ability: a }) =>
        a.kind === 'auto' &&
        a.class === 'gamma' &&
        a.when === 'another-of-yours-would-be-doomed' &&
        a.effects.every((e) => e.do === 'code' && e.handler === 'sacrifice-to-save'),
    );
    if (!has) continue;
    for (const saved of doomed) if (saved !== saver && objectOf(s, saved).owner === seat) out.push({ saver, saved });
  }
  return out;
}

/**
 * §10.18.2.a: the B of a Spell Card One character's name `First Card "B"` (符ノ壱「B」), or null when its name has none
 * (docs/rulings/pmv.md P30).
 */
export function spellCardName(name: PmvCard['name']): PmvCard['name'] | null {
  const en = /"(.+)"/.exec(name.en)?.[1];
  const ja = /「(.+)」/.exec(name.ja)?.[1];
  return en && ja ? { en, ja } : null;
}

/**
 * §10.18.2.a, §9.2.3.d: the Spell Breaks `seat` could make for this batch: each pair of a doomed Spell Card One
 * character of theirs and a Spell Card Two character card in their sideboard whose name contains its B.
 */
export function breakOptions(s: PmvState, seat: Seat, doomed: readonly string[]): { first: string; second: string }[] {
  const out: { first: string; second: string }[] = [];
  for (const first of doomed) {
    if (objectOf(s, first).owner !== seat || !hasKeyword(s, first, 'spell-card-one')) continue;
    const b = spellCardName(cardOfObject(s, first).name);
    if (!b) continue;
    for (const second of s.players[seat].sideboard) {
      const card = cardOf(objectOf(s, second).card);
      if (card.type !== 'character' || !card.keywords.some((k) => k.keyword === 'spell-card-two')) continue;
      if (card.name.en.includes(b.en) || card.name.ja.includes(b.ja)) out.push({ first, second });
    }
  }
  return out;
}

/**
 * §9.2.3.e: a batch of doomed characters is treated as discarded, together (§9.1.5): the removal procedure resolves
 * their discard windows and moves them, attachments with them (removal.ts).
 */
export function discardDoomed(s: PmvState, doomed: readonly string[]): void {
  for (const id of doomed) {
    const rule =
      rawDef(s, id) <= 0
        ? '9.2.2.b'
        : damageOf(s, id) >= defOf(s, id)
          ? '9.2.2.a'
          : madeDoomed(s, id)
            ? '9.2.2.c'
            : '9.2.3';
    // §9.2.3.e: doomed by an effect, it is discarded by that effect's card.
    const by = rule === '9.2.2.a' || rule === '9.2.2.c' ? s.doomedBy?.[id] : undefined;
    startRemoval(s, id, 'discard', 'doomed', rule, by === undefined ? undefined : currentRef(s, by));
  }
  delete s.doomedBy;
  delete s.madeDoomed;
}

/**
 * §9.3.4.g: cards that reach the netherworld together are ordered by their owner, each owner their own cards (an
 * attached card may be the other player's: it goes to its owner's netherworld, §9.3.4.e–f), asked only where two
 * or more of one owner's cards arrived.
 */
export function orderArrivals(s: PmvState, arrived: readonly string[]): void {
  for (const seat of SEATS) {
    // §11.2.2.a: a card placed elsewhere instead did not arrive.
    const ids = arrived.filter((id) => objectOf(s, id).owner === seat && objectOf(s, id).zone === 'netherworld');
    if (ids.length > 1) s.netherOrder.push({ seat, ids });
  }
}

/** §9.3.4.f: the attachments of a card and theirs, as a tree flattened. */
export function attachmentTree(s: PmvState, id: string): string[] {
  return attachmentsOf(s, id).flatMap((a) => [a, ...attachmentTree(s, a)]);
}

// ---------------------------------------------------------------------------------------------------------------
// Effects

/** What a clause did: applied, failed (§7.1.12.a: the rest is skipped), or an attack the caller must run (§6.3.5). */
export type ClauseResult = { kind: 'done' } | { kind: 'failed'; rule: string } | { kind: 'attack'; attacker: ObjRef };

export type EffectContext = {
  seat: Seat;
  /** The card whose text it is (§12.2.1): the entry's card, or the character whose γ it is. */
  source: ObjRef;
  /** The chosen targets, in phrase order. */
  targets: TargetRef[];
  /** The entry being resolved (null for a γ effect). */
  entry: Entry | null;
};

/** §8.2.5: every target still legal at the start of resolution (and when applied)? */
export function targetsStillLegal(s: PmvState, ctx: EffectContext, aims: readonly Aim[]): boolean {
  return aims.every((aim, i) => {
    const t = ctx.targets[i];
    return t !== undefined && isLegalTarget(s, ctx.seat, aim, t, ctx.entry?.id ?? null, ctx.entry?.card ?? null);
  });
}

/** Applies one clause (§7.1.9). `targetIndex` is the index of its target among the effect's target phrases. */
export function applyClause(s: PmvState, e: Effect, ctx: EffectContext, targetIndex: number): ClauseResult {
  if (e.do === 'choose-one') return { kind: 'failed', rule: '7.1.15' };
  const target = (): ObjRef | null => {
    const t = ctx.targets[targetIndex];
    if (!t || !('object' in t)) return null;
    if (!('to' in e) || !isLegalTarget(s, ctx.seat, e.to, t, ctx.entry?.id ?? null, ctx.entry?.card ?? null))
      return null; // §8.2.5
    return t.object;
  };
  const objects = (aim: Aim): ObjRef[] | null => {
    if (aim === 'self') return onField(s, ctx.source) ? [ctx.source] : null;
    if (aim === 'each-character-on-opponents-fields')
      return charactersOf(s, opponentOf(ctx.seat)).map((id) => currentRef(s, id)); // §8.1.2.c: none is legal
    const t = target();
    return t ? [t] : null;
  };
  switch (e.do) {
    case 'effect-damage': {
      // §1.8.7.h: X is the cost paid for the card (0 if it was played without paying, docs/rulings/pmv.md P18).
      const amount = e.amount === 'X' ? (ctx.entry?.x ?? 0) : e.amount;
      if (e.to === 'target-player') {
        // §1.10.11.a: effect damage to a player (a player target stays legal, §8.2.5).
        const t = ctx.targets[targetIndex];
        if (!t || !('player' in t)) return { kind: 'failed', rule: '8.2.5' };
        dealDamage(s, [{ source: ctx.source, to: t, amount, battle: false, pierce: false }]);
        return { kind: 'done' };
      }
      const to = objects(e.to);
      if (!to) return { kind: 'failed', rule: '8.2.5' };
      dealDamage(
        s,
        to.map((ref) => ({ source: ctx.source, to: { object: ref }, amount, battle: false, pierce: false })),
      );
      return { kind: 'done' };
    }
    case 'modify': {
      if (e.to === 'each-character-on-opponents-fields') {
        // §7.6.1: a lingering effect on a group catches the characters that join it while it lasts.
        const group = { charactersOf: opponentOf(ctx.seat), atk: e.atk, def: e.def, until: e.until };
        s.groupModifiers = [...(s.groupModifiers ?? []), { ...group, timestamp: s.nextTimestamp }];
        s.nextTimestamp += 1;
        log(s, { type: 'group-modified', seat: group.charactersOf, amount: e.atk, def: e.def, rule: '7.6.1' });
        return { kind: 'done' };
      }
      const to = objects(e.to);
      if (!to) return { kind: 'failed', rule: '8.2.5' };
      for (const ref of to) {
        s.modifiers.push({ object: ref, atk: e.atk, def: e.def, until: e.until, timestamp: s.nextTimestamp });
        s.nextTimestamp += 1;
        log(s, { type: 'modified', object: ref.id, card: objectOf(s, ref.id).card, amount: e.atk, def: e.def });
      }
      return { kind: 'done' };
    }
    case 'deck-to-netherworld': {
      // §12.6: as far as possible: the cards there are, up to the count; the clause is done however many moved, so
      // the clauses after it apply (§7.1.12 is for a part not applied as told; docs/rulings/pmv.md P59).
      const seat = e.who === 'you' ? ctx.seat : opponentOf(ctx.seat);
      const deck = s.players[seat].deck;
      const moved = deck.slice(0, e.count);
      for (const id of moved) {
        moveObject(s, id, 'netherworld'); // §11.2: placed; public once there (§3.1.5.d)
        log(s, { type: 'deck-to-netherworld', seat, card: objectOf(s, id).card, object: id, rule: '11.2' });
      }
      if (moved.length < e.count) log(s, { type: 'as-far-as-possible', seat, amount: moved.length, rule: '12.6' });
      return { kind: 'done' };
    }
    case 'treat-as': {
      const to = objects(e.to);
      if (!to) return { kind: 'failed', rule: '8.2.5' };
      // §1.6.4: a modifier that sets the number (state.ts battlePower), ending as the modifiers do (§6.1.10).
      const as = { ...(e.atk === undefined ? {} : { atk: e.atk }), ...(e.def === undefined ? {} : { def: e.def }) };
      for (const ref of to) {
        s.modifiers.push({ object: ref, atk: 0, def: 0, as, until: e.until, timestamp: s.nextTimestamp });
        s.nextTimestamp += 1;
        const card = objectOf(s, ref.id).card;
        log(s, {
          type: 'treated-as',
          object: ref.id,
          card,
          ...(e.atk === undefined ? {} : { amount: e.atk }),
          ...(e.def === undefined ? {} : { def: e.def }),
          rule: '1.6.4',
        });
      }
      return { kind: 'done' };
    }
    case 'draw': {
      draw(s, ctx.seat, e.count);
      if (e.who === 'each-player') draw(s, opponentOf(ctx.seat), e.count);
      return { kind: 'done' };
    }
    case 'gain-lp':
      s.players[ctx.seat].lp += e.amount; // §1.9.5
      log(s, { type: 'gain-lp', seat: ctx.seat, amount: e.amount });
      return { kind: 'done' };
    case 'pay-lp':
      s.players[ctx.seat].lp -= e.amount; // §1.9.4.a: a fixed amount may exceed the LP
      log(s, { type: 'pay-lp', seat: ctx.seat, amount: e.amount });
      return { kind: 'done' };
    case 'sleep-all': {
      // §11.5.3: putting a sleeping card to sleep is not applied; "all" succeeds in part (§7.1.12.e).
      for (const id of charactersOf(s, opponentOf(ctx.seat))) objectOf(s, id).active = false;
      log(s, { type: 'sleep-all', seat: ctx.seat });
      return { kind: 'done' };
    }
    case 'make-active': {
      const to = objects(e.to);
      if (!to) return { kind: 'failed', rule: '8.2.5' };
      for (const ref of to) objectOf(s, ref.id).active = true;
      return { kind: 'done' };
    }
    case 'cancel-attack': {
      // §6.3.6.a: the attack in progress is cancelled; with none, the clause cannot be applied.
      const attack = liveAttack(s);
      if (!attack) return { kind: 'failed', rule: '6.3.6' };
      attack.cancelled = true;
      attack.defender = null; // §6.4.6
      log(s, { type: 'attack-cancelled', rule: '6.3.6.a' });
      return { kind: 'done' };
    }
    case 'end-turn':
      // §4.10.1.d: applied more than once, it still ends only this turn (a flag, not a count).
      s.turn.ending = 'turn';
      log(s, { type: 'end-turn', seat: ctx.seat, rule: '4.10.1' });
      return { kind: 'done' };
    case 'end-phase':
      // §4.10.2.c–d: once is enough; an end of the turn already applied wins.
      if (s.turn.ending !== 'turn') s.turn.ending = 'phase';
      log(s, { type: 'end-phase', seat: ctx.seat, phase: s.turn.phase, rule: '4.10.2' });
      return { kind: 'done' };
    case 'cancel-defense': {
      // §6.4.7: the defense is cancelled and the interference and the battle go on; before the battle fixes its
      // recipient (§6.2.4.c), the damage goes to the attacked player (§6.2.6.a). With no defense, nothing to apply.
      const attack = liveAttack(s);
      if (!attack?.defender) return { kind: 'failed', rule: '6.4.7' };
      const defender = attack.defender;
      attack.defender = null;
      log(s, { type: 'defense-cancelled', object: defender.id, card: objectOf(s, defender.id).card, rule: '6.4.7' });
      return { kind: 'done' };
    }
    case 'defend': {
      const t = target();
      if (!t) return { kind: 'failed', rule: '8.2.5' };
      // §6.4.5: only against an attack on this character's player that no one defends yet (§6.2.5.b, §6.4.6),
      // and not by the attacker itself (§6.4.3.c); asleep or not (no sleep step, §6.4.5), but "can't defend" holds
      // (§6.4.3.d; §6.4.8 lifts only a restriction on the player).
      const attack = liveAttack(s);
      const o = objectOf(s, t.id);
      if (!attack || attack.defender || attack.player !== o.owner || attack.attacker.id === t.id)
        return { kind: 'failed', rule: '6.4.5' };
      if (cannotDefend(s, t.id)) return { kind: 'failed', rule: '6.4.3.d' };
      attack.defender = t; // §6.4.5.b
      log(s, { type: 'defend', seat: o.owner, card: o.card, object: t.id, rule: '6.4.5' });
      // §6.4.5.c: its "defends" γ resolve at the check after this clause (removal.ts).
      if (hasGamma(s, t.id, 'defends')) s.pendingGamma = [...(s.pendingGamma ?? []), { object: t, when: 'defends' }];
      return { kind: 'done' };
    }
    case 'set-lp': {
      // §1.9.7: the LP become the value; the difference is neither gained nor lost (§1.9.4–1.9.5 do not apply).
      const seat = e.who === 'you' ? ctx.seat : opponentOf(ctx.seat);
      s.players[seat].lp = e.amount;
      log(s, { type: 'set-lp', seat, amount: e.amount, rule: '1.9.7' });
      return { kind: 'done' };
    }
    case 'skip-phase': {
      // §4.10.5: that player's next phase of this kind does not occur. Two skips of one phase name the same next
      // phase, so it is skipped once (docs/rulings/pmv.md P47).
      const seat = e.who === 'you' ? ctx.seat : opponentOf(ctx.seat);
      if (!s.skips?.some((x) => x.seat === seat && x.phase === e.phase))
        s.skips = [...(s.skips ?? []), { seat, phase: e.phase }];
      log(s, { type: 'skip-phase', seat, phase: e.phase, rule: '4.10.5' });
      return { kind: 'done' };
    }
    case 'extra-phase':
      // §4.10.3–4.10.4: a flag read when the current phase ends (turn.ts `next`): granted twice, one extra phase.
      s.turn.extraPhase = e.phase;
      log(s, { type: 'extra-phase', seat: s.turn.active, phase: e.phase, rule: '4.10.3' });
      return { kind: 'done' };
    case 'receives-no-damage': {
      const to = objects(e.to);
      if (!to) return { kind: 'failed', rule: '8.2.5' };
      // §1.10.16: read by damageThatLands until the turn ends (a new turn starts with none).
      s.turn.noDamage = [...(s.turn.noDamage ?? []), ...to];
      for (const ref of to)
        log(s, { type: 'no-damage', object: ref.id, card: objectOf(s, ref.id).card, rule: '1.10.16' });
      return { kind: 'done' };
    }
    case 'make-doomed': {
      const to = objects(e.to);
      if (!to) return { kind: 'failed', rule: '8.2.5' };
      // §9.2.2.c: doomed at the check after this clause (removal.ts); §9.2.3.e: this effect's card discards it.
      // A character that doesn't become doomed (§9.2.8.c, Eightfold Mirror) is not marked: the effect met nothing.
      const marked = to.filter((ref) => !cannotBeDoomed(s, ref.id) && !removing(s, ref.id));
      if (marked.length > 0) s.madeDoomed = [...(s.madeDoomed ?? []), ...marked];
      if (onField(s, ctx.source))
        for (const ref of marked) s.doomedBy = { ...(s.doomedBy ?? {}), [ref.id]: ctx.source.id };
      return { kind: 'done' };
    }
    case 'nullify-play': {
      const t = target();
      if (!t) return { kind: 'failed', rule: '8.2.5' };
      // §5.2.5: the play is nullified (it does not count); the card is discarded (§12.2.3).
      for (const i of s.interferences)
        i.entries = i.entries.filter((x) => !(x.kind === 'card' && x.source.id === t.id));
      const card = objectOf(s, t.id).card;
      // §10.21.2.a: a nullified play lifts its One per Turn limit.
      s.turn.limited = s.turn.limited.filter((k) => k !== `${objectOf(s, t.id).owner}:${card}`);
      moveObject(s, t.id, 'netherworld');
      log(s, { type: 'nullified', card, object: t.id, rule: '5.2.5' });
      return { kind: 'done' };
    }
    case 'attack': {
      const t = target();
      if (!t) return { kind: 'failed', rule: '8.2.5' };
      // §6.2.5.a: a second attacking character never exists; the effect does not apply.
      if (liveAttack(s)) return { kind: 'failed', rule: '6.2.5.a' };
      // §10.9.2.a, §1.3.2: "can't attack" (a Doll, a talisman's α) holds against an effect too (docs/rulings/pmv.md P6).
      if (cannotAttack(s, t.id)) return { kind: 'failed', rule: hasKeyword(s, t.id, 'doll') ? '10.9.2.a' : '1.3.2' };
      return { kind: 'attack', attacker: t };
    }
    case 'code': {
      const handler = CODE_HANDLERS[e.handler];
      if (!handler) return { kind: 'failed', rule: '7.1' };
      return handler(s, ctx, targetIndex);
    }
    default:
      return { kind: 'failed', rule: '7.1' };
  }
}

/** Target phrases that name a character (§8.2.2): the targets Wayward Omen may change (§8.2.8, P52). */
const CHARACTER_AIMS: ReadonlySet<Aim> = new Set<Aim>([
  'target-character',
  'target-your-character',
  'target-your-sleeping-character',
  'target-character-cost-3-or-less',
]);

/** The entry of the current interference for the card being played `id` (§8.2.8: not yet resolved), or null. */
export function entryBeingPlayed(s: PmvState, id: string): Entry | null {
  return currentInterference(s)?.entries.find((e) => e.kind === 'card' && e.source.id === id) ?? null;
}

/**
 * §8.2.8: the ways to change one character target of an entry: `[index, new character]` pairs, every character on
 * the field but the one the target already is, legal target or not (the changing effect restricts it to a
 * character, P52). The changed entry checks its targets again when it resolves (§8.2.5).
 */
export function retargetChoices(s: PmvState, entry: Entry): [number, string][] {
  const aims = cardAims(cardOf(entry.card), entry.ability, entry.mode);
  const out: [number, string][] = [];
  aims.forEach((aim, i) => {
    const t = entry.targets[i];
    if (!CHARACTER_AIMS.has(aim) || !t || !('object' in t)) return;
    for (const id of s.field)
      if (isCharacter(s, id) && !(id === t.object.id && isCurrent(s.events, t.object))) out.push([i, id]);
  });
  return out;
}

/** The pool's `{do: "code"}` clauses the engine implements, by handler name (support.ts refuses the others). */
export const CODE_HANDLERS: Record<string, (s: PmvState, ctx: EffectContext, targetIndex: number) => ClauseResult> = {
  // Sealing Ward Script, first mode: the character goes back to its owner's hand (§11.3; its attachments are
  // discarded, §11.3.3). Not a removal (§9.1.1), so no doomed or discard window.
  'return-cost-3-to-hand'(s, ctx, targetIndex) {
    const t = codeTarget(s, ctx, targetIndex, 'target-character-cost-3-or-less');
    if (!t) return { kind: 'failed', rule: '8.2.5' };
    const o = objectOf(s, t.id);
    const faceDown = o.faceDown === true; // §11.3.4: into the hand without showing its face
    moveObject(s, t.id, 'hand');
    log(s, { type: 'returned', seat: o.owner, ...(faceDown ? {} : { card: o.card }), rule: '11.3' });
    return { kind: 'done' };
  },
  // Second mode: the character is excluded from the game (§9.4, a removal; no card of the pool watches its windows).
  'exclude-cost-3'(s, ctx, targetIndex) {
    const t = codeTarget(s, ctx, targetIndex, 'target-character-cost-3-or-less');
    if (!t) return { kind: 'failed', rule: '8.2.5' };
    startRemoval(s, t.id, 'exclude', 'excluded', '9.4', ctx.source); // its windows and move: removal.ts
    return { kind: 'done' };
  },
  // Tsubaki's Final Prayer's turn-end γ: every character with ATK 3 or more (§6.1.12: as used, below 0 is 0), on
  // every field, is discarded at once (§9.3, §9.1.5), attachments with them; each owner orders theirs (§9.3.4.g).
  'discard-atk-3-or-more'(s, ctx) {
    const going = s.field.filter((id) => isCharacter(s, id) && atkOf(s, id) >= 3 && !removing(s, id));
    for (const id of going) startRemoval(s, id, 'discard', 'discard', '9.3', ctx.source); // one batch: removal.ts
    return { kind: 'done' };
  },
  // Ashfall Executioner: the target character is discarded (§9.3, a removal with its windows, removal.ts).
  'discard-cost-3'(s, ctx, targetIndex) {
    const t = codeTarget(s, ctx, targetIndex, 'target-character-cost-3-or-less');
    if (!t) return { kind: 'failed', rule: '8.2.5' };
    startRemoval(s, t.id, 'discard', 'discard', '9.3', ctx.source);
    return { kind: 'done' };
  },
  // Hollow Mask Veil: the target is turned face down (§5.7.2) and, from then on, is a 1/1 character with no name
  // and no race (§12.5.1: the definition outlives the effect; state.ts cardOfObject). Logged with the card it was:
  // it was face up until now; no object id, so later views cannot tie the face-down card to it.
  'face-down-blank'(s, ctx, targetIndex) {
    const t = codeTarget(s, ctx, targetIndex, 'target-character');
    if (!t) return { kind: 'failed', rule: '8.2.5' };
    const o = objectOf(s, t.id);
    if (!o.faceDown) log(s, { type: 'face-down', seat: o.owner, card: o.card, rule: '5.7.2' });
    turnFaceDown(s, t.id);
    return { kind: 'done' };
  },
  // Dawnlight Unmasking: the target, if face down, is turned face up (§5.7.2; face up already, nothing changes and
  // the effect still succeeds, §5.7.3). It enters anew: its own "has entered the field" γ resolves at the next check.
  'turn-face-up'(s, ctx, targetIndex) {
    const t = codeTarget(s, ctx, targetIndex, 'target-character');
    if (!t) return { kind: 'failed', rule: '8.2.5' };
    if (!turnFaceUp(s, t.id)) return { kind: 'done' };
    const o = objectOf(s, t.id);
    log(s, { type: 'face-up', seat: o.owner, card: o.card, object: t.id, rule: '5.7.2' });
    if (hasGamma(s, t.id, 'entered-field'))
      s.pendingGamma = [...(s.pendingGamma ?? []), { object: currentRef(s, t.id), when: 'entered-field' }];
    return { kind: 'done' };
  },
  // Riffled Omen: the player's deck is put in a random order (§11.8.1) with the match's seeded generator; what
  // anyone knew of a deck card's place is gone (no seat keeps a deck card known).
  shuffle(s, ctx) {
    const p = s.players[ctx.seat];
    const [order, rng] = shuffle(p.deck, s.rng);
    s.rng = rng;
    p.deck = order;
    for (const seat of SEATS) {
      const known = s.known[seat];
      if (known?.some((id) => order.includes(id))) s.known[seat] = known.filter((id) => !order.includes(id));
    }
    log(s, { type: 'shuffled', seat: ctx.seat, rule: '11.8' });
    return { kind: 'done' };
  },
  // Mirror Recital, second mode: the World Talisman spell is put onto its player's field, active, without being
  // played (so it is not the turn's World Talisman play, §10.17.2.a). §10.32.2.b: a Last Word card can't enter a
  // field without its caster and is discarded instead: it is in the netherworld already and stays where it lies
  // (docs/rulings/pmv.md P36).
  'world-talisman-to-field'(s, ctx, targetIndex) {
    const t = codeTarget(s, ctx, targetIndex, 'target-world-talisman-in-your-netherworld');
    if (!t) return { kind: 'failed', rule: '8.2.5' };
    const o = objectOf(s, t.id);
    const card = cardOf(o.card);
    if (card.keywords.some((k) => k.keyword === 'last-word') && !casterPresent(s, ctx.seat, card))
      return { kind: 'failed', rule: '10.32.2.b' };
    moveObject(s, t.id, 'field');
    o.active = true;
    log(s, { type: 'enters', seat: o.owner, card: o.card, object: t.id, rule: '11.3.9' });
    return { kind: 'done' };
  },
  // Starfall Overdrive: 2X effect damage, X being the cards its Overdrive excluded (§10.33.2.a, §1.6.2.a).
  'damage-twice-excluded'(s, ctx, targetIndex) {
    const t = codeTarget(s, ctx, targetIndex, 'target-character');
    if (!t) return { kind: 'failed', rule: '8.2.5' };
    const amount = 2 * (ctx.entry?.overdrive ?? 0);
    dealDamage(s, [{ source: ctx.source, to: { object: t }, amount, battle: false, pierce: false }]);
    return { kind: 'done' };
  },
  // Fox-Fire Feint: a card chosen at random from the target opponent's hand (§3.6: hidden, so chance decides, with
  // the match's seeded generator) is revealed to everyone; a character card is discarded (§9.3, from the hand).
  'random-discard-character'(s, ctx, targetIndex) {
    const t = ctx.targets[targetIndex];
    if (!t || !('player' in t) || t.player === ctx.seat) return { kind: 'failed', rule: '8.2.5' };
    const hand = s.players[t.player].hand;
    if (hand.length === 0) return { kind: 'failed', rule: '7.1.12.a' }; // nothing to choose
    const [n, rng] = nextInt(s.rng, hand.length);
    s.rng = rng;
    const id = hand[n] as string;
    const card = objectOf(s, id).card;
    // §11.6: revealed to every player; the card stays in the hand (§11.6.2) and is hidden again after (§11.6.3),
    // but both players now know it.
    log(s, { type: 'reveal', seat: t.player, card, rule: '11.9' });
    s.known = learn(learn(s.known, 'p1', [id]), 'p2', [id]);
    if (cardOf(card).type === 'character') {
      moveObject(s, id, 'netherworld');
      log(s, { type: 'discard', seat: t.player, card, object: id, rule: '9.3' });
    }
    return { kind: 'done' };
  },
  // Curtain of the Last Act: an opponent at 5 LP or less: you win (§1.5.2.a); otherwise each player draws 2, at
  // once, so every player short of cards loses together (§1.11.7, §1.5.4.a).
  'win-if-opponent-low'(s, ctx) {
    const opponent = opponentOf(ctx.seat);
    if (s.players[opponent].lp <= 5) {
      s.result = { kind: 'win', winner: ctx.seat, reason: 'effect', rule: '1.5.2.a', card: 'curtain-of-the-last-act' };
      return { kind: 'done' };
    }
    const short = (['p1', 'p2'] as const).filter((seat) => s.players[seat].deck.length < 2);
    if (short.length > 0) {
      for (const seat of short) log(s, { type: 'decked', seat, rule: '1.11.7' });
      lose(s, short, 'decked', '1.5.3.b');
      return { kind: 'done' };
    }
    draw(s, s.turn.active, 2); // §1.11.6: the turn player first
    draw(s, opponentOf(s.turn.active), 2);
    return { kind: 'done' };
  },
};

/** The object target of a `code` clause, still legal for its aim (§8.2.5), or null. */
function codeTarget(s: PmvState, ctx: EffectContext, targetIndex: number, aim: Aim): ObjRef | null {
  const t = ctx.targets[targetIndex];
  if (!t || !('object' in t) || !isLegalTarget(s, ctx.seat, aim, t, ctx.entry?.id ?? null, ctx.entry?.card ?? null))
    return null;
  return t.object;
}

/** The target phrase index of clause `index` of an effect list. */
export function targetIndexOf(effects: readonly Effect[], index: number): number {
  return targetAims(effects.slice(0, index)).length;
}

export function isTargetClause(e: BaseEffect): boolean {
  return 'to' in e && e.to.startsWith('target-');
}

/** §6.2.4.d–e, §10.4: does this character deal its battle damage at first-strike timing? */
export const firstStrike = (s: PmvState, id: string) => hasKeyword(s, id, 'first-strike');

/** ATK used for damage (§6.1.12: below 0 is 0). */
export const battleAtk = atkOf;

export { cardOf };
