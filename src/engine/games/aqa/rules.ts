/**
 * Aquarian Age rules read from the state without decisions: characteristics, factors, costs, names, legality of
 * declarations, and the moves that need no choice (draw, power from the deck, discarding a character).
 */
import type { Seat } from '../../core/game.ts';
import type { AqaCard, Faction, SkillName } from './cards/schema.ts';
import {
  type AqaState,
  type Character,
  cardOf,
  characterOf,
  charactersOf,
  controlledOf,
  faceOf,
  moveCard,
  objectOf,
  PARTIES,
  pushLog,
  type Stat,
} from './state.ts';

/**
 * §13-1, §13-1-a: whether an effect is negated now. A negation holds while the effect that made it is not negated
 * itself; an effect that negated itself stays negated (§13-1-a: "as a result, that effect has no effect"). In a
 * cycle of two negations the one checked second is taken to hold (no card of the pool can make such a cycle).
 */
export function isNegated(s: AqaState, key: string, visiting: readonly string[] = []): boolean {
  for (const n of s.negated ?? []) {
    if (n.effect !== key) continue;
    if (n.by === key || visiting.includes(n.by)) return true;
    if (!isNegated(s, n.by, [...visiting, key])) return true;
  }
  return false;
}

/** The handler of a lasting card's effect (Cartographer's Decree), or null. */
function lastingHandler(card: AqaCard): string | null {
  for (const e of card.effects) if (e.do === 'code') return e.handler;
  return null;
}

/**
 * Cartographer's Decree (§13-3): +1 attack and +1 durability to its target while that target is a character its
 * user controls with 2 or more power cards. A target that stops meeting this (or is unaffected by effects, §13-2)
 * stops receiving it; the card stays and the bonus comes back when the target meets it again.
 */
function decreeBonus(s: AqaState, c: Character): number {
  let n = 0;
  for (const id of s.sides[c.owner].lasting) {
    if (lastingHandler(cardOf(objectOf(s, id).card)) !== 'buff-while-power-two') continue;
    if (!s.lastingTargets[id]?.includes(c.id)) continue;
    if (c.area === 'control' && c.power.length >= 2 && !c.unaffected) n += 1;
  }
  return n;
}

/** §15-2: a stat below 0 is used as 0; modifiers add up first. §8-4: "mental power equal to power". */
export function statOf(s: AqaState, c: Character, stat: Stat): number {
  const face = faceOf(s, c);
  const printed = face[stat];
  let value = printed === 'power' ? c.power.length : (printed ?? 0);
  // §13-1: a modifier made by an effect stops applying while that effect is negated.
  for (const m of c.mods) if (m.stat === stat && !(m.from && isNegated(s, m.from))) value += m.amount;
  // §11-5: a permanent's text is the bearer's.
  for (const p of c.permanents) {
    for (const a of cardOf(objectOf(s, p).card).abilities)
      if (a.kind === 'bearer-gets' && a.stat === stat) value += a.amount;
  }
  if (stat === 'atk' || stat === 'dur') value += decreeBonus(s, c);
  return Math.max(0, value);
}

export function mentalAttackOf(s: AqaState, c: Character): number {
  return faceOf(s, c).mentalAttack ?? 0;
}

/** §11-5: skills of the top card and of the permanents; a skill printed twice counts twice (§6-5). */
export function skillCount(s: AqaState, c: Character, skill: SkillName): number {
  let n = faceOf(s, c).skills.filter((k) => k.skill === skill).length;
  for (const p of c.permanents) {
    const card = cardOf(objectOf(s, p).card);
    n += card.skills.filter((k) => k.skill === skill).length;
    // Warden's Sigil: its bearer gains Intercept (§11-5).
    if (skill === 'intercept' && grantsSigilEffect(card)) n += 1;
  }
  return n;
}

export function skillValue(s: AqaState, c: Character, skill: 'charge' | 'bind'): number {
  return faceOf(s, c)
    .skills.filter((k) => k.skill === skill)
    .reduce((sum, k) => sum + (k.x ?? 0), 0);
}

export function factionsOf(s: AqaState, c: Character): Faction[] {
  return faceOf(s, c).factions;
}

/** §6-6, §21-3c, ☆§13-8: a card's Names: its Name tag and any "also named" (which works in every zone). */
export function namesOf(card: AqaCard): string[] {
  const names: string[] = [];
  if (card.nameTag) names.push(card.nameTag.en);
  for (const a of card.abilities) if (a.kind === 'also-named') names.push(a.name.en);
  return names;
}

/** ☆§13-8, ruling R26: a card's name, as its own "renamed" text changes it in every zone, else as printed. */
export function cardNameOf(card: AqaCard): string {
  for (const a of card.abilities) if (a.kind === 'renamed') return a.name.en;
  return card.name.en;
}

/** §16-1 "same name": the card's name (☆§13-8: as renamed) or any Name. */
export function sameNameKeys(card: AqaCard): string[] {
  return [cardNameOf(card), ...namesOf(card)];
}

/** §21-3c: Names of the name-level characters on the whole field. */
export function nameLevelNamesOnField(s: AqaState): Set<string> {
  const out = new Set<string>();
  for (const seat of ['p1', 'p2'] as const)
    for (const c of charactersOf(s, seat)) {
      const face = faceOf(s, c);
      if (face.nameLevel) for (const n of namesOf(face)) out.add(n);
    }
  return out;
}

/** §21-3c: a character whose Name matches a name-level character on the field cannot be declared. */
export function nameBlocked(s: AqaState, card: AqaCard): boolean {
  const taken = nameLevelNamesOnField(s);
  return namesOf(card).some((n) => taken.has(n));
}

/**
 * Ruling G15: a required factor "faction ×n" is met when the player controls n characters of that faction; each
 * controlled character gives one factor (§18-1: a shared faction does not give more). One faction per card here, so
 * counting is the whole matching.
 */
export function factorMet(s: AqaState, seat: Seat, card: AqaCard, factor = card.requiredFactor): boolean {
  if (!factor) return true;
  // Desperate Gambit: 6 or more cards in your damage zone ignore its factor (§19-5, §19-4).
  if (card.effects.some((e) => e.do === 'code' && e.handler === 'ignore-factor-at-six')) {
    if (s.sides[seat].damage.length >= 6) return true;
  }
  const have = controlledOf(s, seat).filter((c) => factionsOf(s, c).includes(factor.faction)).length;
  return have >= factor.count;
}

/**
 * §20: what a card costs its owner now. §20-9: "your permanent cards cost 1 less" (Guild Quartermaster on your
 * field). §20-10, §8-2-a: Desperate Gambit costs 1 less for every 2 cards in your damage zone. Never below 0.
 */
export function costOf(s: AqaState, seat: Seat, card: AqaCard, printed = card.cost): number {
  if (printed === undefined || printed === 'X') return 0;
  // §20-11: a cost the card's text ignores does not exist: nothing is paid, not even 0 (Stand Fast, ruling R22).
  if (
    card.effects.some((e) => e.do === 'code' && e.handler === 'ignore-cost-at-seven') &&
    s.sides[seat].damage.length >= 7
  )
    return 0;
  let cost = printed;
  for (const c of charactersOf(s, seat)) {
    for (const a of faceOf(s, c).abilities) if (a.kind === 'cost-reduction' && a.type === card.type) cost -= a.amount;
  }
  if (card.effects.some((e) => e.do === 'code' && e.handler === 'cheaper-per-damage'))
    cost -= Math.floor(s.sides[seat].damage.length / 2);
  return Math.max(0, cost);
}

/** G14: power available to pay a card's cost: every controlled character's power cards. */
export function payablePower(s: AqaState, seat: Seat): number {
  return controlledOf(s, seat).reduce((sum, c) => sum + c.power.length, 0);
}

/** Ruling G13: attack cost 1, paid from the attacker. */
export const ATTACK_COST = 1;

/** Ruling G13, §6-5: guard cost 1, less 1 per Intercept, at least 0. */
export function guardCost(s: AqaState, c: Character): number {
  return Math.max(0, 1 - skillCount(s, c, 'intercept'));
}

/** Ruling G22, §11-3: permanents a character may hold: 1, less its Permanent −1s. */
export function permanentLimit(c: Character): number {
  return Math.max(0, 1 - c.permanentMinus);
}

/** §12-2, G12: power cards a character can still hold. */
export function powerRoom(s: AqaState, c: Character): number {
  // §8-4: mental power equal to power takes no more power cards, unless it is raised: then any number.
  if (faceOf(s, c).mnd === 'power') return statOf(s, c, 'mnd') > c.power.length ? Number.POSITIVE_INFINITY : 0;
  return Math.max(0, statOf(s, c, 'mnd') - c.power.length);
}

/** Warden's Sigil's text: the bearer gains Intercept and an effect (§11-5, §11-6). */
export function grantsSigilEffect(card: AqaCard): boolean {
  return card.abilities.some(
    (a) => a.kind === 'static' && a.effects.some((e) => e.handler === 'grant-intercept-and-effect'),
  );
}

/** §21-1: draws one at a time; drawing from an empty deck meets a losing condition (ruling G2b). */
export function draw(s: AqaState, seat: Seat, count: number): number {
  let drawn = 0;
  for (let i = 0; i < count; i++) {
    const top = s.sides[seat].deck[0];
    if (top === undefined) {
      s.sides[seat].tookFromEmpty = true;
      break;
    }
    moveCard(s, top, 'hand');
    drawn += 1;
  }
  if (drawn > 0) pushLog(s, { type: 'drew', seat, count: drawn });
  return drawn;
}

/** §12-3, G11: the top card of the deck set face down as a power card; an empty deck meets a losing condition. */
export function powerFromDeck(s: AqaState, c: Character): boolean {
  const side = s.sides[c.owner];
  const top = side.deck[0];
  if (top === undefined) {
    side.tookFromEmpty = true;
    return false;
  }
  moveCard(s, top, 'field');
  // §12-2: a power card that cannot be set is discarded.
  if (powerRoom(s, c) <= 0) {
    moveCard(s, top, 'discard');
    pushLog(s, { type: 'discarded', seat: c.owner, card: objectOf(s, top).card, rule: '12-2' });
    return false;
  }
  c.power.push(top);
  return true;
}

/** §20-1, ruling G39: `n` power cards paid from the top of a character's power pile, revealed into the discard. */
export function payFrom(s: AqaState, c: Character, n: number): void {
  const before = c.power.length;
  for (let i = 0; i < n; i++) {
    const card = c.power.pop();
    if (card === undefined) throw new Error(`aqa: ${c.id} has no power to pay`);
    moveCard(s, card, 'discard');
  }
  powerZero(s, c, before);
}

/**
 * §17-3: "when this character's power becomes 0" is processed the moment it does (a payment, mental damage, Bind,
 * a power card discarded by an effect): called after power cards left a character that had `before` of them.
 */
export function powerZero(s: AqaState, c: Character, before: number): void {
  if (before === 0 || c.power.length > 0) return;
  for (const a of faceOf(s, c).abilities)
    if (a.kind === 'triggered' && a.when === 'power-zero')
      for (const e of a.effects) if (e.do === 'draw') draw(s, c.owner, e.count);
}

/** Removes a character from its area list (it is about to leave the field or change area). */
export function detach(s: AqaState, c: Character): void {
  const side = s.sides[c.owner];
  if (c.area === 'control') side.control = side.control.filter((id) => id !== c.id);
  else side.parties[c.party] = side.parties[c.party].filter((id) => id !== c.id);
}

/**
 * Discards a character (ruling G28): each card to its owner's discard pile; with `nameToDamage` (§9-3: a name-level
 * character discarded in battle or broken by the opponent) the cards bearing a Name go to the damage zone instead.
 * Returns whether "when discarded" abilities may fire (§9-3: not for a name-level character so handled).
 */
export function discardCharacter(s: AqaState, c: Character, rule: string, nameToDamage: boolean): boolean {
  const face = faceOf(s, c);
  const nameLevel = nameToDamage && face.nameLevel;
  detach(s, c);
  for (const id of [...c.power, ...c.permanents]) moveCard(s, id, 'discard');
  for (const id of c.cards) {
    const o = objectOf(s, id);
    const card = cardOf(o.card);
    if (o.token) {
      // Ruling R8: a character made by an effect has no card; it leaves the game instead of reaching a zone.
      delete s.objects[id];
      pushLog(s, { type: 'discarded', seat: c.owner, card: card.id, rule });
    } else if (nameLevel && card.nameTag) {
      moveCard(s, id, 'damage');
      pushLog(s, { type: 'to-damage', seat: c.owner, card: card.id, rule: '9-3' });
    } else {
      moveCard(s, id, 'discard');
      pushLog(s, { type: 'discarded', seat: c.owner, card: card.id, rule });
    }
  }
  delete s.characters[c.id];
  // §7-3: a character that exists by this character's effect is discarded at the same time.
  for (const other of Object.values(s.characters))
    if (other.createdBy === c.id) discardCharacter(s, characterOf(s, other.id), '7-3', false);
  return !nameLevel;
}

/**
 * §24-2: a character removed from the game. Its cards go outside the game (zone `removed`, which §24-3 effects may
 * use: ruling R24); ruling R27: its power cards and permanents go to their owners' discard piles, as when any
 * character leaves the field (G28). It is not a removal (§21-2 names only the discard pile, damage zone, hand and
 * deck), so Bind cannot keep it (§6-4); nor a discard, so no "when discarded" ability fires (§17-1, §17-2, §9-3).
 */
export function removeCharacterFromGame(s: AqaState, c: Character): void {
  detach(s, c);
  for (const id of [...c.power, ...c.permanents]) moveCard(s, id, 'discard');
  for (const id of c.cards) {
    const o = objectOf(s, id);
    // Ruling R8: a token has no card to put anywhere.
    if (o.token) delete s.objects[id];
    else moveCard(s, id, 'removed');
    pushLog(s, { type: 'removed-from-game', seat: c.owner, card: o.card });
  }
  delete s.characters[c.id];
  // §7-3: a character that exists by this character's effect is discarded at the same time.
  for (const other of Object.values(s.characters))
    if (other.createdBy === c.id) discardCharacter(s, characterOf(s, other.id), '7-3', false);
}

/** Every character on the field with the seat of its owner. */
export function fieldCharacterIds(s: AqaState): string[] {
  return (['p1', 'p2'] as const).flatMap((seat) => charactersOf(s, seat).map((c) => c.id));
}

export function isControlled(s: AqaState, id: string): boolean {
  const c = s.characters[id];
  return c !== undefined && c.area === 'control';
}

/** Used by views and invariants: every party of a seat, in order. */
export function partiesOf(s: AqaState, seat: Seat): { party: (typeof PARTIES)[number]; ids: string[] }[] {
  return PARTIES.map((party) => ({ party, ids: s.sides[seat].parties[party] }));
}
