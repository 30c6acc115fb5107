/**
 * Which cards the engine plays. A card whose keyword or effect is not implemented is refused when a deck holding it
 * is set up, naming the rule (never half-played); the precons use only supported cards.
 */
import { UnsupportedRule } from '../../core/errors.ts';
import type { Ability, Aim, BaseEffect, Effect, KeywordName, PmvCard } from './cards/schema.ts';
import { keywordInfo } from './cards/text.ts';
import { CODE_PROCEDURES } from './code-effects.ts';
import { CODE_HANDLERS } from './rules.ts';
import { cardOf } from './state.ts';

/** Keywords the engine implements, with the rule each one is. */
const SUPPORTED_KEYWORDS: ReadonlySet<KeywordName> = new Set<KeywordName>([
  'haste', // §10.2
  'ambush', // §10.3
  'first-strike', // §10.4
  'pierce', // §10.5
  'stealth', // §10.6
  'vigilance', // §10.7
  'instant-death', // §10.8
  'doll', // §10.9
  'legend', // §10.10 (a tag with no text)
  'resistance', // §10.11
  'mana-charge', // §10.12
  'equip', // §10.13
  'talisman', // §10.14
  'equip-field', // §10.15
  'phantasmal-creature', // §10.16
  'your-turn-only', // §10.22
  'opponents-turn-only', // §10.23
  'one-per-turn', // §10.21
  'one-per-deck', // §10.24 (deck construction only)
  'resist', // §10.26
  'last-spell', // §10.30
  'transform', // §10.28
  'sealed-art', // §10.31
  'blessing', // §10.29 (asked with Resist, interference.ts)
  'sacred-treasure', // §10.25 (a Legend host only, rules.ts)
  'link', // §10.20 (β on resolution; the α names are read by casterPresent)
  'overdrive', // §10.33 (β on the play's resolution, interference.ts; no Overdrive card enters the field unplayed)
  'spell-card-one', // §10.18 (the "became doomed" γ, removal.ts)
  'spell-card-two', // §10.19 (excluded when played, interference.ts; Spell Break puts it in, removal.ts)
  'world-talisman', // §10.17 (set on the field active, interference.ts; one a turn, actions.ts)
  'upkeep-cost', // §10.27 (the maintenance phase's rule effect, turn.ts)
  'last-word', // §10.32 (a: actions.ts; c: interference.ts; b: Mirror Recital's second mode, rules.ts)
  'leader', // §10.34 (popularity texts state.ts, β/γ rules.ts and interference.ts, the trim turn.ts)
]);

/** The aims the engine can choose and re-check (§8.2). */
const SUPPORTED_AIMS: ReadonlySet<Aim> = new Set<Aim>([
  'target-character',
  'target-your-character',
  'target-your-sleeping-character',
  'target-card-being-played',
  'self',
  'each-character-on-opponents-fields',
  'target-player', // effect damage to a player (§1.10.11.a)
]);

const GAMMA_WHEN = new Set([
  'defends',
  'entered-field',
  'has-attacked',
  'deals-battle-damage-to-player',
  'turn-end',
  'deals-damage', // §1.10.12.d (pending γ, removal.ts)
  'receives-damage', // §1.10.12.e
  'discarded', // §9.3.4.d (the removal procedure's discard windows)
  'excluded', // §9.4.4.d
  'your-played-card-resolved', // §5.2.4.c, §5.3.2.f (interference.ts resolveEntry)
  'would-deal-damage', // §1.10.12.a (rules.ts dealDamage waits for them; the battle asks them itself)
  'would-receive-damage', // §1.10.12.b
  'discards-a-card', // §9.3.4.a (the removal's `by`, removal.ts startBatch)
  'being-discarded', // §9.3.4.b
  'has-discarded-a-card', // §9.3.4.c
  'excludes-a-card', // §9.4.4.a
  'being-excluded', // §9.4.4.b
  'has-excluded-a-card', // §9.4.4.c
  'makes-a-character-doomed', // §9.2.3.a (removal.ts check, the doomed batch's `doomedBy`)
  'has-made-a-character-doomed', // §9.2.3.c
]);

function effectProblem(e: Effect): { rule: string; what: string } | null {
  if (e.do === 'choose-one') {
    // §5.2.3.c: a card's play text may be "Choose one"; each mode's clauses must be implemented.
    for (const mode of e.modes)
      for (const clause of mode) {
        const p = baseEffectProblem(clause);
        if (p) return p;
      }
    return null;
  }
  return baseEffectProblem(e);
}

/**
 * The defined game actions (§11, §12 and the terms they use) that no card of the pool does yet, by the `code`
 * handler a card would name: a card holding one is refused with the action's own rule, never half-played. Every
 * other defined action is on a card (the vocabulary of schema.ts, or a handler of rules.ts / code-effects.ts).
 */
export const ACTIONS_NOT_ON_A_CARD: Readonly<Record<string, string>> = {
  // None left: declaring a name (§12.1.3), the last, is on True Name Severance (P55).
};

function baseEffectProblem(e: BaseEffect): { rule: string; what: string } | null {
  switch (e.do) {
    case 'code': {
      if (e.handler in CODE_HANDLERS || e.handler in CODE_PROCEDURES) return null;
      const rule = ACTIONS_NOT_ON_A_CARD[e.handler];
      return rule
        ? { rule, what: `the defined action "${e.handler}"` }
        : { rule: '7.1', what: `the effect "${e.handler}"` };
    }
    case 'cannot':
      return null; // attack (§6.3.3.c), defend (§6.4.3), be targeted (§8.2.4), become doomed (§9.2.8.c)
    case 'static-modify':
      return null; // §7.4.5, §6.1.10: read by rawAtk/rawDef (state.ts) for characters' own and lent text
    case 'effect-damage':
    case 'modify':
    case 'treat-as': // §1.6.4
    case 'receives-no-damage': // §1.10.16
    case 'make-doomed': // §9.2.2.c
    case 'defend': // §6.4.5
    case 'make-active':
    case 'attack':
    case 'nullify-play':
      return SUPPORTED_AIMS.has(e.to) ? null : { rule: '8.2', what: `the aim "${e.to}"` };
    default:
      return null;
  }
}

function abilityProblem(a: Ability): { rule: string; what: string } | null {
  if (a.kind === 'auto') {
    // α: "can't attack" (§6.3.3.c, read where attacks are offered) or "can't be the target of opponents' command
    // cards" (§8.2.4, read where targets are checked).
    const cantAttack =
      a.class === 'alpha' &&
      !a.when &&
      a.effects.every(
        (e) => e.do === 'cannot' || e.do === 'static-modify' || e.do === 'never-below' || e.do === 'place-instead',
      );
    const gamma = a.class === 'gamma' && a.when !== undefined && GAMMA_WHEN.has(a.when);
    // Silence Charm's α, read wherever a character's text is (state.ts originalTextNullified).
    const silence =
      a.class === 'alpha' &&
      !a.when &&
      a.effects.every((e) => e.do === 'code' && e.handler === 'nullify-original-text');
    if (silence) return null;
    // §3.3.6: "your netherworld is treated as Hell", read by `hellOf` (state.ts; docs/rulings/pmv.md P33).
    const hell =
      a.class === 'alpha' && !a.when && a.effects.every((e) => e.do === 'code' && e.handler === 'netherworld-is-hell');
    if (hell) return null;
    // Ninth-Peak Hermit's γ in the "would become doomed" window (§9.2.3.b), asked by removal.ts.
    const save =
      a.class === 'gamma' &&
      a.when === 'another-of-yours-would-be-doomed' &&
      a.effects.every((e) => e.do === 'code' && e.handler === 'sacrifice-to-save');
    if (save) return null;
    if (!cantAttack && !gamma) return { rule: '7.4', what: `auto ${a.class} effects${a.when ? ` "${a.when}"` : ''}` };
  }
  for (const e of a.effects) {
    if (e.do === 'choose-one') return { rule: '7.1.15', what: 'modal activated or auto effects' };
    const p = effectProblem(e);
    if (p) return p;
  }
  return null;
}

/** Why the engine cannot play this card (the rule it would need), or null when it can. */
export function unsupportedReason(card: PmvCard): { rule: string; what: string } | null {
  for (const k of card.keywords) {
    if (!SUPPORTED_KEYWORDS.has(k.keyword))
      return { rule: keywordInfo(k.keyword).rule, what: `the keyword ${k.keyword}` };
  }
  // §3.9: a sideboard card (Spell Card Two) is dealt into its owner's sideboard zone; §10.19.2.a: its β runs before
  // any other "entered" effect, and none of the pool's has one besides it.
  if (card.keywords.some((k) => k.keyword === 'spell-card-two') && card.abilities.some((a) => a.kind === 'auto'))
    return { rule: '10.19.2.a', what: 'a Spell Card Two card with auto effects of its own' };
  // §10.34.2.a: popularity texts are reached through Leader only (schema), and read like the card's own abilities.
  for (const p of card.popularity)
    for (const a of p.abilities) {
      const problem = abilityProblem(a);
      if (problem) return problem;
    }
  for (const e of card.effects) {
    const p = effectProblem(e);
    if (p) return p;
  }
  // §6.1.13, §1.8.8.c: an equip's or talisman's activated effect is its host's (actions.ts, usableAbilities).
  // §10.28.8: a transformation description's text is the card's original text while transformed.
  for (const a of [...card.abilities, ...(card.transformation?.abilities ?? [])]) {
    const p = abilityProblem(a);
    if (p) return p;
  }
  return null;
}

export function isSupported(cardId: string): boolean {
  return unsupportedReason(cardOf(cardId)) === null;
}

/** Throws UnsupportedRule naming the rule for the first card of the list the engine cannot play. */
export function assertSupported(cards: readonly string[]): void {
  for (const id of cards) {
    const reason = unsupportedReason(cardOf(id));
    if (reason) throw new UnsupportedRule(reason.rule, `${id}: ${reason.what}`);
  }
}
