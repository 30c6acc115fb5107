/**
 * What a player may declare now (§17-9, §17-10, §21-3c, ruling G20) and what each declaration may aim at. The main
 * and response decisions list these; the declaration procedure reads the same functions, so an option offered is
 * an option that can be carried out.
 */
import { UnsupportedRule } from '../../core/errors.ts';
import { opponentOf, type Seat } from '../../core/game.ts';
import type { AqaCard, Effect, Trigger } from './cards/schema.ts';
import {
  ATTACK_COST,
  costOf,
  factionsOf,
  factorMet,
  grantsSigilEffect,
  guardCost,
  isNegated,
  nameBlocked,
  namesOf,
  payablePower,
  skillCount,
} from './rules.ts';
import {
  type AqaState,
  activeCharacters,
  allCharacters,
  type Character,
  cardOf,
  controlledOf,
  type Declaration,
  effectKey,
  faceOf,
  objectOf,
  parseEffectKey,
} from './state.ts';

/**
 * Code handlers this engine implements. A card with any other handler (a card added to the pool before its rule)
 * is refused at setup with `UnsupportedRule`, never half-played.
 */
const IMPLEMENTED_HANDLERS = new Set([
  'stealth-guardable',
  'unaffected-until-eot',
  'judge-plus-two',
  'forced-guard',
  'declare-guard', // §4-2: cost-free "declares a guard", any character
  'may-declare-guard', // §4-2: "can declare a guard", paying its guard cost, controlled characters only
  'cheaper-per-damage',
  'ignore-factor-at-six',
  'ignore-cost-at-seven', // §20-11
  'swap-power', // §21-9
  'move-permanent', // §11-2, ruling R25
  'fetch-from-outside', // §24-3
  'remove-target-character', // §24-2, ruling R27
  'recall-characters',
  'then-remove-one',
  'discard-power-card',
  'set-from-damage-zone',
  'judge-plus-two-vs-broken',
  'reveal-one-more',
  'draw-if-empty-hand',
  'permanent-minus-one',
  'move-paid-power', // §7-4, §8-4
  'create-paper-shikigami', // §7-3
  'grant-intercept-and-effect', // §11-5, §11-6
  'buff-while-power-two', // §13-3
  'change-target', // §14-3
]);

function unsupportedInEffects(effects: readonly Effect[]): string | null {
  for (const e of effects) if (e.do === 'code' && !IMPLEMENTED_HANDLERS.has(e.handler)) return `code:${e.handler}`;
  return null;
}

/**
 * What a project or fast card's resolution (procedures.ts, `use`) carries out besides `code`: any other effect of
 * the vocabulary on such a card is refused, never resolved as nothing.
 */
function unsupportedOnResolution(e: Effect): string | null {
  if (e.do === 'draw' || e.do === 'code') return null;
  if (e.do === 'distribute-damage') return e.amount === 'X' ? null : 'distribute-damage:fixed';
  if (e.do === 'damage') return e.to === 'target-character' ? null : `damage:${e.to}`;
  return `effect:${e.do}`;
}

type Shape = (effects: readonly Effect[]) => boolean;
const only =
  (...tests: ((e: Effect) => boolean)[]): Shape =>
  (effects) =>
    effects.length === tests.length && effects.every((e, i) => tests[i]?.(e) === true);
const code = (handler: string) => (e: Effect) => e.do === 'code' && e.handler === handler;

/**
 * What procedures.ts plays for each trigger phrase (§10.3): the procedure reads these shapes and no other, so a card
 * whose triggered ability says anything else is refused (`trigger:<when>`), never half-played.
 */
const PLAYED_TRIGGERS: Record<Trigger, Shape> = {
  'enters-field': only((e) => e.do === 'draw' && !e.optional), // §8-1-a-1
  'another-of-yours-discarded': only((e) => e.do === 'draw' && e.count === 1 && e.optional), // §17-2
  'this-discarded': only((e) => e.do === 'draw' && !e.optional), // §17-1
  'damage-judgment-of-its-attack': only(code('reveal-one-more')), // §3-3-a-2
  'at-battle': only(code('permanent-minus-one')), // §5-1-a, §11-4
  'declares-attack': only((e) => e.do === 'damage' && e.to === 'target-character'), // §17-4 d
  'declares-guard': only((e) => e.do === 'modify' && e.to === 'self'), // §17-5 d
  'after-attack-ends': only((e) => e.do === 'set-deck-top-as-power'), // §3-3-a-3
  'instead-of-damage-judgment': only((e) => e.do === 'discard' && e.who === 'target-player'), // §3-4
  'start-of-your-main-phase': only(
    (e) => e.do === 'draw' && e.count === 1 && e.optional,
    (e) => e.do === 'discard' && e.who === 'you' && e.count === 1 && e.afterPrevious,
  ), // §13-7, §17-7
  'end-of-turn': only(code('draw-if-empty-hand')), // §17-6
  'attack-confirmed': only((e) => e.do === 'draw' && !e.optional), // §3-3-a-1
  'power-zero': only((e) => e.do === 'draw' && !e.optional), // §17-3
};

/**
 * What an effect ("Eff [n]") resolves besides `code` (procedures.ts, `effect`): a stat change on itself, or on a
 * target attacking character until the battle ends (Warden's Sigil: the procedure reads the target as the attacker).
 */
function playedInEffect(e: Effect): boolean {
  if (e.do === 'code' || e.do === 'negate') return true;
  if (e.do !== 'modify') return false;
  return e.to === 'self' || (e.to === 'target-character' && e.until === 'end-of-battle');
}

/** The rule a card needs that this engine lacks (any mode of a modal card counts), or null. */
export function unsupportedRuleOf(card: AqaCard): string | null {
  const resolved = card.effects.flatMap((e) => (e.do === 'choose-one' ? e.modes.flat() : [e]));
  const own = unsupportedInEffects(resolved);
  if (own) return own;
  for (const e of resolved) {
    const rule = unsupportedOnResolution(e);
    if (rule) return rule;
  }
  for (const a of card.abilities) {
    if (a.kind === 'static' || a.kind === 'triggered' || a.kind === 'effect') {
      const r = unsupportedInEffects(a.effects);
      if (r) return r;
    }
    if (a.kind === 'triggered' && !PLAYED_TRIGGERS[a.when](a.effects)) return `trigger:${a.when}`;
    if (a.kind === 'effect') {
      const unplayed = a.effects.find((e) => !playedInEffect(e));
      if (unplayed) return `effect-ability:${unplayed.do}`;
    }
  }
  return null;
}

/** Throws UnsupportedRule for a card whose text this engine does not implement (it is never half-played). */
export function refuseUnsupported(card: AqaCard): void {
  const rule = unsupportedRuleOf(card);
  if (rule) throw new UnsupportedRule(rule, `${card.id}: ${card.name.en} is not implemented`);
}

/** Masked Understudy: "you may set this from your damage zone during your main phase" (§8-1-c, §1-1). */
function settableFromDamage(card: AqaCard): boolean {
  return card.abilities.some(
    (a) => a.kind === 'static' && a.effects.some((e) => e.do === 'code' && e.handler === 'set-from-damage-zone'),
  );
}

/** §10-2, G21: a break condition (a faction, or a Name). */
function meetsCondition(s: AqaState, c: Character, cond: NonNullable<AqaCard['breakCondition']>): boolean {
  if (cond.faction) return factionsOf(s, c).includes(cond.faction);
  if (cond.name) return namesOf(faceOf(s, c)).includes(cond.name.en);
  return false;
}

/** What a card is declared as when it goes on the chain as a break card (§8-1-b: a character usable as one). */
export function breakTerms(
  card: AqaCard,
): { factor: AqaCard['requiredFactor']; cost: number; condition: NonNullable<AqaCard['breakCondition']> } | null {
  if (card.type === 'break' && card.breakCondition)
    return {
      factor: card.requiredFactor,
      cost: typeof card.cost === 'number' ? card.cost : 0,
      condition: card.breakCondition,
    };
  if (card.usableAsBreak)
    return {
      factor: card.usableAsBreak.factor,
      cost: card.usableAsBreak.cost,
      condition: card.usableAsBreak.condition,
    };
  return null;
}

/** G21: your active and controlled characters, and the opponent's controlled characters, meeting the condition. */
export function breakTargets(s: AqaState, seat: Seat, card: AqaCard): string[] {
  const terms = breakTerms(card);
  if (!terms) return [];
  const mine = [...activeCharacters(s, seat), ...controlledOf(s, seat)];
  const theirs = controlledOf(s, opponentOf(seat));
  return [...mine, ...theirs]
    .filter((c) => meetsCondition(s, c, terms.condition) && targetable(s, c)) // §10-1-a
    .map((c) => c.id);
}

/** G22: permanents go on your controlled characters only. */
export function permanentTargets(s: AqaState, seat: Seat): string[] {
  return controlledOf(s, seat).map((c) => c.id);
}

/** §11-7: a permanent with a Name is unique on the field. */
function namedPermanentOnField(s: AqaState, card: AqaCard): boolean {
  if (!card.nameTag) return false;
  const name = card.nameTag.en;
  return allCharacters(s).some((c) => c.permanents.some((p) => cardOf(objectOf(s, p).card).nameTag?.en === name));
}

/** What a project or fast card's effects aim at: none, or 1..n characters. */
export type Aiming = { kind: 'none' } | { kind: 'characters'; min: number; max: number; pool: string[] };

/**
 * §10-1, §10-1-a (ruling R19): "cannot be the target" keeps a character (its break card on top included, read from
 * its face) out of every target choice of a card or an effect; not power cards (§12-1) or permanents (§11-1).
 */
export function targetable(s: AqaState, c: Character): boolean {
  return !faceOf(s, c).abilities.some((a) => a.kind === 'cannot-be-targeted');
}

/** The characters an effect may aim at (§7-1: cards on the field). */
export function characterPool(s: AqaState): string[] {
  return allCharacters(s)
    .filter((c) => targetable(s, c))
    .map((c) => c.id);
}

/** The targets a card's chosen mode needs, for `seat` using it. X is the distribute count when it aims by X (§20-6). */
export function aimingOf(
  s: AqaState,
  seat: Seat,
  card: AqaCard,
  mode: number,
  x: number,
  changeable: () => string[] = () => changeableDeclarations(s),
): Aiming {
  const effects = modeEffects(card, mode);
  for (const e of effects) {
    if (e.do === 'distribute-damage')
      return { kind: 'characters', min: 1, max: Math.max(1, x), pool: characterPool(s) };
    // §5-2, §7-1: fixed damage to one target character (Thornshot).
    if (e.do === 'damage' && e.to === 'target-character')
      return { kind: 'characters', min: 1, max: 1, pool: characterPool(s) };
    if (
      e.do === 'code' &&
      (e.handler === 'unaffected-until-eot' ||
        e.handler === 'judge-plus-two' ||
        e.handler === 'remove-target-character')
    )
      return { kind: 'characters', min: 1, max: 1, pool: characterPool(s) };
    // Cartographer's Decree: a character you control.
    if (e.do === 'code' && e.handler === 'buff-while-power-two')
      return { kind: 'characters', min: 1, max: 1, pool: controlledOf(s, seat).map((c) => c.id) };
    // Crossroads Charm: a declared card or effect whose one target can be changed (§14-3, ruling R10).
    if (e.do === 'code' && e.handler === 'change-target')
      return {
        kind: 'characters',
        min: 1,
        max: 1,
        pool: changeable(),
      };
    if (e.do === 'code' && e.handler === 'forced-guard') {
      // §4-1-b: not a character that already declared a guard; any character (§4-2, cost-free guard).
      const attack = currentAttack(s);
      const pool = attack ? characterPool(s).filter((id) => id !== attack.attacker && id !== attack.guard) : [];
      return { kind: 'characters', min: 1, max: 1, pool };
    }
    // §4-2: a cost-free "declares a guard" may name a character you do not control: Rampart Call names one of
    // your active (faction area) characters.
    if (e.do === 'code' && e.handler === 'declare-guard') {
      const attack = currentAttack(s);
      const pool = attack
        ? activeCharacters(s, seat)
            .filter((c) => c.id !== attack.attacker && targetable(s, c))
            .map((c) => c.id)
        : [];
      return { kind: 'characters', min: 1, max: 1, pool };
    }
    // §21-9: Tidal Exchange swaps the power cards of two characters you control.
    if (e.do === 'code' && e.handler === 'swap-power')
      return {
        kind: 'characters',
        min: 2,
        max: 2,
        pool: controlledOf(s, seat)
          .filter((c) => targetable(s, c))
          .map((c) => c.id),
      };
    // §11-2, ruling R25: Mantle Shift's first target is a character you control with a permanent on it (its second,
    // asked next, another one you control: moveDestinations).
    if (e.do === 'code' && e.handler === 'move-permanent')
      return {
        kind: 'characters',
        min: 1,
        max: 1,
        pool: controlledOf(s, seat)
          .filter((c) => c.permanents.length > 0 && targetable(s, c) && moveDestinations(s, seat, c.id).length > 0)
          .map((c) => c.id),
      };
    // §4-2: "can declare a guard" paying the guard cost reaches only your controlled characters.
    if (e.do === 'code' && e.handler === 'may-declare-guard') {
      const attack = currentAttack(s);
      const pool = attack
        ? controlledOf(s, seat)
            .filter((c) => c.id !== attack.attacker && targetable(s, c))
            .map((c) => c.id)
        : [];
      return { kind: 'characters', min: 1, max: 1, pool };
    }
  }
  return { kind: 'none' };
}

/** §11-2, ruling R25: where Mantle Shift may move `from`'s permanents: another character you control. */
export function moveDestinations(s: AqaState, seat: Seat, from: string): string[] {
  return controlledOf(s, seat)
    .filter((c) => c.id !== from && targetable(s, c))
    .map((c) => c.id);
}

/** Whether a target id still stands: a character on the field, a declaration on the chain, an effect of one. */
export function targetStands(s: AqaState, id: string): boolean {
  if (s.characters[id]) return true;
  if (s.chain.some((d) => d.id === id)) return true;
  const key = parseEffectKey(id);
  return key !== null && s.characters[key.character] !== undefined;
}

/** The one target of a declared card or effect (§14-3), or null when it has none or several (ruling R10). */
export function singleTarget(d: Declaration): string | null {
  if (d.kind === 'break' || d.kind === 'permanent') return d.target;
  if ((d.kind === 'use' || d.kind === 'effect') && d.targets.length === 1) return d.targets[0] ?? null;
  return null;
}

/**
 * §14-3: the targets a declared card or effect could be changed to: the legal targets it could have been declared
 * with now, other than the one it has. Only cards and effects with exactly one target (ruling R10).
 */
export function retargets(s: AqaState, d: Declaration): string[] {
  return retargetsAmong(s, d, new Set(changeableDeclarations(s)));
}

/**
 * §14-3, ruling R10: the declarations on the chain whose one target could be changed now, in chain order. A Crossroads
 * Charm on the chain is one when another declaration (not itself, not its target) is, so the set is the least one
 * closed under that: built up from the declarations that aim at characters. Asked of each other directly, two Charms
 * on one chain asked each other forever (the AI arena's "Maximum call stack size exceeded", AQA seed s21 game 18).
 */
export function changeableDeclarations(s: AqaState): string[] {
  const changeable = new Set<string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const d of s.chain)
      if (!changeable.has(d.id) && retargetsAmong(s, d, changeable).length > 0) {
        changeable.add(d.id);
        grew = true;
      }
  }
  return s.chain.filter((d) => changeable.has(d.id)).map((d) => d.id);
}

/** `retargets`, with the declarations a Crossroads Charm may aim at given (see changeableDeclarations). */
function retargetsAmong(s: AqaState, d: Declaration, changeable: ReadonlySet<string>): string[] {
  const current = singleTarget(d);
  if (current === null) return [];
  let pool: string[] = [];
  if (d.kind === 'break') pool = breakTargets(s, d.seat, cardOf(objectOf(s, d.card).card));
  else if (d.kind === 'permanent') pool = permanentTargets(s, d.seat);
  else if (d.kind === 'use') {
    const aim = aimingOf(s, d.seat, cardOf(objectOf(s, d.card).card), d.mode, d.x, () =>
      s.chain.filter((c) => changeable.has(c.id)).map((c) => c.id),
    );
    // A distribution over X targets is not a card with one target, whatever X is.
    if (aim.kind === 'characters' && aim.max === 1) pool = aim.pool.filter((id) => id !== d.id);
  } else if (d.kind === 'effect') {
    const source = s.characters[d.source];
    const entry = source
      ? effectsOf(s, source).find((e) => e.index === d.ability && e.permanent === d.permanent)
      : undefined;
    if (source && entry) pool = effectTargets(s, source, entry) ?? [];
  }
  return pool.filter((id) => id !== current);
}

/** §21-8: the effects of a card's chosen mode (the whole text when it has no modes). */
export function modeEffects(card: AqaCard, mode: number): Effect[] {
  const out: Effect[] = [];
  for (const e of card.effects) {
    if (e.do === 'choose-one') out.push(...(e.modes[mode] ?? []));
    else out.push(e);
  }
  return out;
}

export function modeCount(card: AqaCard): number {
  const modal = card.effects.find((e) => e.do === 'choose-one');
  return modal && modal.do === 'choose-one' ? modal.modes.length : 1;
}

/** The attack on the chain (§3-1: at most one unresolved). */
export function currentAttack(s: AqaState): Extract<Declaration, { kind: 'attack' }> | null {
  for (let i = s.chain.length - 1; i >= 0; i--) {
    const d = s.chain[i];
    if (d?.kind === 'attack') return d;
  }
  return null;
}

/** The seat an attack is aimed at (the owner of a targeted character). */
export function defenderOf(s: AqaState, a: Extract<Declaration, { kind: 'attack' }>): Seat | null {
  if ('player' in a.target) return a.target.player;
  const c = s.characters[a.target.character];
  return c ? c.owner : null;
}

/** Can this card be used now by `seat` (factor and cost, ruling G29), with something to aim at? */
function usable(s: AqaState, seat: Seat, card: AqaCard): boolean {
  if (!factorMet(s, seat, card)) return false;
  const power = payablePower(s, seat);
  if (card.cost === 'X') {
    // Harvest of Embers needs X ≥ 1 to have a target (§21-5); Ash Recall may pay 0.
    const needs = card.effects.some((e) => e.do === 'distribute-damage') ? 1 : 0;
    if (power < needs) return false;
  } else if (costOf(s, seat, card) > power) return false; // §21-3c
  for (let m = 0; m < modeCount(card); m++) if (modeUsable(s, seat, card, m)) return true;
  return false;
}

/** §21-8: whether one mode of a card has what it needs now (its targets; a forced guard's timing, §4-1-a). */
export function modeUsable(s: AqaState, seat: Seat, card: AqaCard, mode: number): boolean {
  const aim = aimingOf(s, seat, card, mode, Math.max(1, payablePower(s, seat)));
  if (aim.kind !== 'none' && aim.pool.length < aim.min) return false;
  const handlers = modeEffects(card, mode).flatMap((e) => (e.do === 'code' ? [e.handler] : []));
  if ((handlers.includes('forced-guard') || handlers.includes('declare-guard')) && !guardTimingFor(s, seat))
    return false;
  if (handlers.includes('may-declare-guard') && !lateGuardTimingFor(s, seat)) return false;
  return true;
}

/**
 * §4-1's "special statement" (Second Line): usable while an attack on you waits anywhere on the chain with no guard
 * declared against it, not only as the direct response to it.
 */
function lateGuardTimingFor(s: AqaState, seat: Seat): boolean {
  const attack = currentAttack(s);
  return attack !== null && !attack.guardDeclared && defenderOf(s, attack) === seat;
}

/** §4-1-a: a card that makes a character guard is usable only where a guard could be declared. */
function guardTimingFor(s: AqaState, seat: Seat): boolean {
  const top = s.chain[s.chain.length - 1];
  if (top?.kind !== 'attack' || top.guardDeclared) return false;
  return defenderOf(s, top) === seat;
}

/** One effect ("Eff [n]") a character has: printed on its top card, or given by a permanent (§11-5). */
export type EffectEntry = {
  key: string;
  /** The card printing the ability and the ability's index on it. */
  card: string;
  index: number;
  /** The permanent object giving it (§11-6), or null. */
  permanent: string | null;
  cost: number | 'X';
  effects: Effect[];
};

/** Warden's Sigil's granted effect: "Eff [1]: target attacking character gets ATK −1 until the battle ends". */
const SIGIL_EFFECT: { cost: number; effects: Effect[] } = {
  cost: 1,
  effects: [{ do: 'modify', to: 'target-character', stat: 'atk', amount: -1, until: 'end-of-battle' }],
};

/** The effects of a character: its top card's, then those its permanents give (§11-5), in that order. */
export function effectsOf(s: AqaState, c: Character): EffectEntry[] {
  const out: EffectEntry[] = [];
  const face = faceOf(s, c);
  face.abilities.forEach((a, index) => {
    if (a.kind === 'effect')
      out.push({
        key: effectKey(c.id, face.id, index),
        card: face.id,
        index,
        permanent: null,
        cost: a.cost,
        effects: a.effects,
      });
  });
  for (const p of c.permanents) {
    const card = cardOf(objectOf(s, p).card);
    card.abilities.forEach((a, index) => {
      if (a.kind === 'static' && grantsSigilEffect(card))
        out.push({ key: effectKey(c.id, card.id, index), card: card.id, index, permanent: p, ...SIGIL_EFFECT });
    });
  }
  return out;
}

/** Every effect of every character on the field: what "target effect" may aim at (§7-1, §13-1). */
export function effectPool(s: AqaState): string[] {
  return allCharacters(s).flatMap((c) => effectsOf(s, c).map((e) => e.key));
}

function effectOptions(s: AqaState, seat: Seat): string[] {
  const out: string[] = [];
  // §7-2: effects work from the control area.
  for (const c of controlledOf(s, seat)) {
    effectsOf(s, c).forEach((e, n) => {
      const cost = e.cost === 'X' ? 1 : e.cost; // §7-4: X is at least 1
      // §7-7: an effect already negated cannot be declared.
      if (c.power.length >= cost && !isNegated(s, e.key) && effectHasTarget(s, c, e)) out.push(`effect:${c.id}:${n}`);
    });
  }
  return out;
}

/** The targets an effect may aim at, or null when it aims at nothing. */
export function effectTargets(s: AqaState, c: Character, entry: EffectEntry): string[] | null {
  for (const e of entry.effects) {
    // Mindripper: a character with power (§12-1).
    if (e.do === 'code' && e.handler === 'discard-power-card')
      return allCharacters(s)
        .filter((x) => x.power.length > 0)
        .map((x) => x.id);
    // Hollow Vessel: another character (§7-4).
    if (e.do === 'code' && e.handler === 'move-paid-power')
      return allCharacters(s)
        .filter((x) => x.id !== c.id && targetable(s, x))
        .map((x) => x.id);
    // Null Warden: any effect on the field, its own included (§13-1-a).
    if (e.do === 'negate') return effectPool(s);
    // Warden's Sigil: the attacking character (the attacker of the attack on the chain).
    if (e.do === 'modify' && e.to === 'target-character') {
      const attack = currentAttack(s);
      const attacker = attack ? s.characters[attack.attacker] : undefined;
      return attacker && targetable(s, attacker) ? [attacker.id] : [];
    }
  }
  return null;
}

function effectHasTarget(s: AqaState, c: Character, entry: EffectEntry): boolean {
  const pool = effectTargets(s, c, entry);
  return pool === null || pool.length > 0;
}

/** Ruling G13, §3-8: a controlled character that can pay its attack cost and may declare attacks. */
export function canAttack(s: AqaState, c: Character): boolean {
  if (c.area !== 'control') return false;
  if (faceOf(s, c).abilities.some((a) => a.kind === 'cannot-declare-attacks')) return false;
  return c.power.length >= ATTACK_COST;
}

/** §3-1: the targets of a normal attack: the other player, or one of your own faction parties (its active character). */
export function attackTargets(s: AqaState, seat: Seat): string[] {
  return [opponentOf(seat), ...activeCharacters(s, seat).map((c) => c.id)];
}

/**
 * §4-1, §4-2, §18-1, §18-2-a, §4-4: may `guard` (a controlled character of the attacked player) guard `attack`? Its
 * guard cost must be payable; Stealth needs a shared faction (unless Open Gates, §22-1); "cannot be guarded" wins.
 */
export function canGuard(s: AqaState, guard: Character, attack: Extract<Declaration, { kind: 'attack' }>): boolean {
  if (guard.area !== 'control' || guard.id === attack.attacker) return false;
  if (guard.power.length < guardCost(s, guard)) return false;
  const attacker = s.characters[attack.attacker];
  if (!attacker) return false;
  return guardableBy(s, attacker, guard);
}

/** §18-1, §18-2-a, §4-4 and Open Gates (§22-1): whether this attacker's attack can be guarded by this character. */
export function guardableBy(s: AqaState, attacker: Character, guard: Character): boolean {
  if (faceOf(s, attacker).abilities.some((a) => a.kind === 'cannot-be-guarded')) return false;
  if (skillCount(s, attacker, 'stealth') > 0 && !s.stealthOpen) {
    const theirs = factionsOf(s, attacker);
    if (theirs.length === 0) return false; // §18-2-a
    if (!factionsOf(s, guard).some((f) => theirs.includes(f))) return false; // §18-1
  }
  return true;
}

/** Ruling G20, §17-9: the turn player's actions in the main phase with an empty chain. */
export function mainOptions(s: AqaState, seat: Seat): string[] {
  const side = s.sides[seat];
  const out: string[] = [];
  const power = payablePower(s, seat);
  for (const id of side.hand) {
    const card = cardOf(objectOf(s, id).card);
    switch (card.type) {
      case 'character':
        if (!nameBlocked(s, card)) out.push(`set:${id}`); // G8, §21-3c
        if (card.usableAsBreak) {
          const terms = breakTerms(card);
          if (
            terms &&
            factorMet(s, seat, card, terms.factor) &&
            terms.cost <= power &&
            breakTargets(s, seat, card).length > 0
          )
            out.push(`break:${id}`);
        }
        break;
      case 'break':
        if (factorMet(s, seat, card) && costOf(s, seat, card) <= power && breakTargets(s, seat, card).length > 0)
          out.push(`break:${id}`);
        break;
      case 'permanent':
        if (
          factorMet(s, seat, card) &&
          costOf(s, seat, card) <= power &&
          permanentTargets(s, seat).length > 0 &&
          !namedPermanentOnField(s, card)
        )
          out.push(`permanent:${id}`);
        break;
      case 'project':
      case 'fast':
        if (usable(s, seat, card)) out.push(`use:${id}`);
        break;
    }
  }
  for (const id of side.damage) {
    const card = cardOf(objectOf(s, id).card);
    if (settableFromDamage(card) && !nameBlocked(s, card)) out.push(`set:${id}`);
  }
  out.push(...effectOptions(s, seat));
  for (const c of controlledOf(s, seat)) if (canAttack(s, c)) out.push(`attack:${c.id}`);
  return out;
}

/** Ruling G20, §17-10, §4-1: responses: fast cards, effects, and a guard against an attack aimed at you. */
export function responseOptions(s: AqaState, seat: Seat): string[] {
  const out: string[] = [];
  for (const id of s.sides[seat].hand) {
    const card = cardOf(objectOf(s, id).card);
    if (card.type === 'fast' && usable(s, seat, card)) out.push(`use:${id}`);
  }
  out.push(...effectOptions(s, seat));
  // §4-1: a guard only as the direct response to an attack on you, one per series.
  const top = s.chain[s.chain.length - 1];
  if (top?.kind === 'attack' && !top.guardDeclared && defenderOf(s, top) === seat) {
    for (const c of controlledOf(s, seat)) if (canGuard(s, c, top)) out.push(`guard:${c.id}`);
  }
  return out;
}
