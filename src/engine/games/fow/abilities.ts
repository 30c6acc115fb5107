/**
 * What a card can do: its activated abilities (905) from the printed text and keyword skills, the keyword skills
 * and effects the engine implements (everything else throws UnsupportedRule naming the rule when played), and
 * target legality (903.2.g, 1120).
 */
import { UnsupportedRule } from '../../core/errors.ts';
import type { Seat } from '../../core/game.ts';
import type { Cost, Effect, FowCard, KeywordName, Target } from './cards/schema.ts';
import {
  abilitiesLostAt,
  attributesOf,
  cardOf,
  type FowState,
  faceOf,
  hasKeyword,
  hasType,
  type ItemEffect,
  isCurrent,
  isJResonator,
  objectOf,
  type TargetRef,
} from './state.ts';
import { canAutoPay, isWillAbility, NO_COST } from './will.ts';

/** The trigger conditions of [Trigger] (triggered form, 1113.2b) and [Stealth] (1114.2) cards in the pool. */
export const REVEAL_CONDITIONS = ['opponent-j-resonator-attacks', 'opponent-plays-a-chant'] as const;
export type RevealCondition = (typeof REVEAL_CONDITIONS)[number];

/** An activated ability that uses the chase (905; will abilities are will.ts's). */
export type Activated = {
  key: string;
  cost: Cost;
  rest: boolean;
  removeManaCounter: boolean;
  effects: ItemEffect[];
  /** 1112: God's Art, once per game per name. */
  godsArt?: string;
  /** 1121.2: main timing only. */
  mainTiming?: boolean;
};

/** The activated abilities of an object on the field or in the ruler area (902.1), keyword skills included. */
export function activatedOf(s: FowState, id: string): Activated[] {
  if (abilitiesLostAt(s, id) !== null) return []; // 909.1d: every one is printed or a keyword's
  const face = faceOf(s, id);
  const out: Activated[] = [];
  face.abilities.forEach((a, i) => {
    if (a.kind !== 'activated' || isWillAbility(a)) return;
    out.push({
      key: `a${i}`,
      cost: a.cost.will ?? NO_COST,
      rest: a.cost.rest,
      removeManaCounter: a.cost.removeManaCounter,
      effects: a.effects,
    });
  });
  for (const k of face.keywords) {
    switch (k.keyword) {
      case 'gods-art':
        if (k.cost && k.effects && k.name)
          out.push({
            key: 'gods-art',
            cost: k.cost,
            rest: false,
            removeManaCounter: false,
            effects: k.effects,
            godsArt: k.name.en,
          });
        break;
      case 'evolution':
        if (k.cost)
          out.push({
            key: 'evolution',
            cost: k.cost,
            rest: false,
            removeManaCounter: false,
            effects: [{ do: 'evolve' }],
          });
        break;
      case 'shift':
        // 1117.2: "(cost): if this is on its past face, turn its future face up", main timing only.
        if (k.cost && objectOf(s, id).face === 'front')
          out.push({
            key: 'shift',
            cost: k.cost,
            rest: false,
            removeManaCounter: false,
            effects: [{ do: 'shift' }],
            mainTiming: true,
          });
        break;
      case 'sealed-item':
        // 1130.3, ruling F-SEALED: an item that is not a cipher (《暗号》) is active.
        if (k.ability)
          out.push({
            key: 'sealed-item',
            cost: k.ability.cost.will ?? NO_COST,
            rest: k.ability.cost.rest,
            removeManaCounter: k.ability.cost.removeManaCounter,
            effects: k.ability.effects,
          });
        break;
      case 'rune': {
        // 1137.2b: [Rune] N – (text): the card has the text while N or more of your runes are revealed.
        const owner = objectOf(s, id).controller;
        if (k.ability && k.amount !== undefined && s.players[owner].revealedRunes.length >= k.amount)
          out.push({
            key: 'rune',
            cost: k.ability.cost.will ?? NO_COST,
            rest: k.ability.cost.rest,
            removeManaCounter: k.ability.cost.removeManaCounter,
            effects: k.ability.effects,
          });
        break;
      }
      case 'equip':
        // 1121.2: only while unattached, at main timing.
        if (k.cost && objectOf(s, id).attachedTo === null)
          out.push({
            key: 'equip',
            cost: k.cost,
            rest: false,
            removeManaCounter: false,
            effects: [{ do: 'equip', to: 'resonator' }],
            mainTiming: true,
          });
        break;
      default:
        break;
    }
  }
  return out;
}

/** 1126.2: [Inheritance] (cost): "(cost), discard this card from your hand: (effect)", active in the hand. */
export function inheritanceOf(card: FowCard): Activated | null {
  const k = card.keywords.find((x) => x.keyword === 'inheritance');
  if (!k?.cost || !k.effects) return null;
  return { key: 'inheritance', cost: k.cost, rest: false, removeManaCounter: false, effects: k.effects };
}

// ---------------------------------------------------------------------------------------------------------------
// What the engine implements

/** Keyword skills the engine enforces. */
const SUPPORTED_KEYWORDS: ReadonlySet<KeywordName> = new Set<KeywordName>([
  'pierce',
  'precision',
  'first-strike',
  'explode',
  'flying',
  'swiftness',
  'imperishable',
  'awakening',
  'incarnation',
  'trigger',
  'quickcast',
  'gods-art',
  'remnant',
  'shift',
  'evolution',
  'limit',
  'energize',
  'barrier',
  'equip',
  'mana',
  'bloodlust',
  'torrent',
  'judgment',
  'inheritance',
  'resonance',
  'seal',
  'mobilize',
  'sealed-item',
  'crest',
  'void',
  'drain',
  'bane',
  'eternal',
  'enter',
  'stealth',
  // Passive on a ruler: what they allow is checked in the deck (402.5c, 1132.2) and played through the rune area.
  'divinity',
  'grimoire',
  // [Rune]: played from the rune area (1137.2). [Fable]: a Fable card of the extra deck is revealed only while the
  // effect revealing it resolves (1005.1), so the count of 1133.2 is never met when it is read (ruling F-EXTRA).
  'rune',
  'fable',
]);

/** The rule of each keyword skill not implemented. */
const KEYWORD_RULE: Partial<Record<KeywordName, string>> = {};

const SUPPORTED_CODE = new Set([
  'halve-life',
  'roll-two-dice-damage',
  'reveal-fable-from-extra-deck',
  // A permission to play from the extra deck while revealed: never usable, for the reason of [Fable] above.
  'play-from-extra-deck-while-revealed',
  'create-drowned-knights',
  'move-addition',
  'rest-attacker-remove-from-battle',
  'cancel-that-chant',
  'heal-your-ruler', // 1024
  'search-deck-for-resonator', // 1014.2, then 1021
  'shuffle-your-main-deck', // 1021
  'summon-resonator-from-graveyard', // 1006.1
  'prevent-all-damage-to-target-this-turn', // 1018
  'redirect-damage-to-controller-this-turn', // 910.1, 910.2a
]);
/**
 * The defined game actions (1000) and effect kinds that no card of the pool uses and the engine does not implement:
 * a card whose `code` escape names one is refused with that rule (any other unknown handler: 903.3).
 */
const CODE_RULE: Record<string, string> = {
  'destroy-ruler': '1010.2', // a ruler destroyed otherwise than the typed `destroy-opponents-ruler`
  heal: '1024', // healing anything but your own ruler (the pool's only heal is 'heal-your-ruler')
  summon: '1006', // a summon other than 'summon-resonator-from-graveyard'
  'search-deck': '1014.2', // a search other than 'search-deck-for-resonator' (another zone, another kind of card)
  shuffle: '1021', // a shuffle other than 'shuffle-your-main-deck'
  prevent: '1018', // a prevention other than 'prevent-all-damage-to-target-this-turn'
  replace: '910', // any other replacement effect than the destroy and damage ones of the pool
  // "becomes [A/B]" (1020.2) and "loses all abilities" (909.1d) until end of turn are typed effects of the schema.
  // "becomes (race) until end of turn" (1020.1) is typed; a type change (a resonator becoming an addition, say) and
  // a trait change are not: a type change moves a card between the rules of 702/703 while it is on the field.
  'becomes-type': '1020.1', // type or trait changes or gains (909.1c); a race gained is typed
  'becomes-attribute': '909.1c', // an attribute gained or lasting; "becomes (attribute) until end of turn" is typed
  'copy-on-chase': '1017.1', // other copies than `copy-chant`, `copy-spell` and `copy-ability` (another zone)
  'become-a-copy': '1017.2', // other than the typed `become-copy` (this card, of a target resonator)
  'play-a-copy': '1017.3', // other than a rune's (711.2)
  // An extra turn other than the typed "after this one" (for the controller or a target player) and "after target
  // player's next turn" (for the controller): after a turn further off, or for a player the effect does not name.
  'extra-turn': '1025',
  unseal: '1026', // other than the typed `unseal-yours-until-end-of-turn` and `unseal` (a target, no duration)
  'gain-gem': '1027', // other than the typed `gain-gem` (one attribute, or any: 1027.1a's choice)
  weather: '1028', // another weather, or one read otherwise than "as long as you are Rainy"
  invert: '1030', // other than the typed `invert-self`, `invert-and-remove-self` and `invert` (a target)
  skip: '1031', // other than the typed "target player skips their next (phase)" (`skip-next-phase`)
  wear: '1032', // other than the typed `wear-top-of-deck` and `wear-self` (this card, from the field)
  'restart-game': '1033', // a restart other than the typed `restart-game` effect (Dawn Unwritten's)
  'move-counters': '1022.4', // other than the typed `move-counters` effect (from this card or a target, to a target)
  // "cannot be chased" (1008.2) is the face field `cannotBeChased`.
  'play-from-extra-deck': '1133', // a Fable card played from the extra deck (ruling F-EXTRA)
  'life-break': '1415', // the optional Valhalla rule
};

function effectProblem(e: Effect): string | null {
  if (e.do !== 'code') return null;
  if (SUPPORTED_CODE.has(e.handler)) return null;
  return CODE_RULE[e.handler] ?? '903.3';
}

/** The first rule a card needs that the engine does not implement (on either face), or null. */
export function unsupportedRuleOf(card: FowCard): { rule: string; what: string } | null {
  // 1304.5: a J-ruler face with [Judgment] without a 2nd J-ruler face cannot turn one up.
  if (card.back?.types.includes('j-ruler') && card.back.keywords.some((k) => k.keyword === 'judgment') && !card.second)
    return { rule: '1304.5', what: 'a J-ruler with [Judgment] and no 2nd J-ruler face' };
  for (const face of [card, ...(card.back ? [card.back] : []), ...(card.second ? [card.second] : [])]) {
    for (const k of face.keywords) {
      if (!SUPPORTED_KEYWORDS.has(k.keyword))
        return { rule: KEYWORD_RULE[k.keyword] ?? '1100', what: `[${k.keyword}]` };
      for (const e of [...(k.effects ?? []), ...(k.grant?.enter ?? []), ...(k.ability?.effects ?? [])]) {
        const rule = effectProblem(e);
        if (rule) return { rule, what: `${e.do === 'code' ? e.handler : e.do}` };
      }
    }
    for (const e of face.effects) {
      const rule = effectProblem(e);
      if (rule) return { rule, what: e.do === 'code' ? e.handler : e.do };
    }
    for (const a of face.abilities) {
      const effects = a.kind === 'activated' || a.kind === 'triggered' ? a.effects : [];
      for (const e of effects) {
        const rule = effectProblem(e);
        if (rule) return { rule, what: e.do === 'code' ? e.handler : e.do };
      }
    }
  }
  return null;
}

/** Throws UnsupportedRule for a card the engine cannot play faithfully. */
export function assertSupported(cardId: string): void {
  const problem = unsupportedRuleOf(cardOf(cardId));
  if (problem) throw new UnsupportedRule(problem.rule, `${cardId}: ${problem.what} is not implemented`);
}

// ---------------------------------------------------------------------------------------------------------------
// Targets (903.2.g, 1120)

/** 1120.2: [Barrier]: not a target of spells or abilities other players control. */
function barred(s: FowState, id: string, chooser: Seat): boolean {
  return objectOf(s, id).controller !== chooser && hasKeyword(s, id, 'barrier');
}

/** The legal choices for one target of kind `t`, chosen by `chooser`; `self` may not target itself (903.2.g-1). */
export function targetChoices(
  s: FowState,
  chooser: Seat,
  t: Target,
  self: string | null,
  other: string | null = null, // 1017.2: "another target": not the target chosen before it
): TargetRef[] {
  const objects = (ok: (id: string) => boolean): TargetRef[] =>
    s.field
      .filter((id) => id !== self && id !== other && ok(id) && !barred(s, id, chooser))
      .map((id) => ({ object: { id, inc: objectOf(s, id).inc } }));
  switch (t) {
    case 'player':
      // 1120.4: only a player who has [Barrier] is protected; a ruler card's [Barrier] is the card's (1120.2).
      return [{ player: 'p1' }, { player: 'p2' }];
    case 'j-resonator':
      return objects((id) => isJResonator(s, id));
    case 'resonator':
      return objects((id) => hasType(s, id, 'resonator'));
    case 'magic-stone':
      return objects((id) => hasType(s, id, 'magic-stone'));
    case 'addition':
      return objects((id) => hasType(s, id, 'addition'));
    case 'spell':
      // 312.3: a card on the chase is a spell; a Judgment process is not (705.2d).
      return s.chase.filter((i) => i.kind === 'card' && i.source.id !== self).map((i) => ({ item: i.id }));
    case 'chant':
      // A chant spell: a card on the chase whose face is a chant (201.2).
      return s.chase
        .filter((i) => i.kind === 'card' && i.source.id !== self && faceOf(s, i.source.id).types.includes('chant'))
        .map((i) => ({ item: i.id }));
    case 'ability':
      // 1017.1b: an activated or triggered ability on the chase; a Judgment process is neither (705.2).
      return s.chase.filter((i) => i.kind === 'ability' || i.kind === 'trigger').map((i) => ({ item: i.id }));
  }
}

export function sameTarget(a: TargetRef, b: TargetRef): boolean {
  if ('player' in a) return 'player' in b && a.player === b.player;
  if ('item' in a) return 'item' in b && a.item === b.item;
  return 'object' in b && a.object.id === b.object.id && a.object.inc === b.object.inc;
}

export function targetKey(t: TargetRef): string {
  if ('player' in t) return `player:${t.player}`;
  if ('item' in t) return `item:${t.item}`;
  return `obj:${t.object.id}`;
}

/** 903.3a: is a chosen target still legal as it resolves? */
export function stillLegal(s: FowState, chooser: Seat, t: Target, target: TargetRef, self: string | null): boolean {
  if ('object' in target && !isCurrent(s, target.object)) return false;
  return targetChoices(s, chooser, t, self).some((c) => sameTarget(c, target));
}

/** 1113.2a, 708.4: a [Trigger] card of the cost form ("cost. effect"): what it costs besides the card's cost. */
export function triggerCost(card: FowCard): 'banish-a-resonator' | null {
  const k = card.keywords.find((x) => x.keyword === 'trigger');
  return k?.condition === 'banish-a-resonator-you-control' ? 'banish-a-resonator' : null;
}

/**
 * 1113.2b, 708.1a: a [Trigger] card of the triggered form ("condition ⇒ effect"): its trigger condition. Such a card
 * is played only once triggered (906.2a), never like an ordinary chant.
 */
export function triggeredFormOf(card: FowCard): RevealCondition | null {
  const k = card.keywords.find((x) => x.keyword === 'trigger');
  return k?.condition === 'opponent-j-resonator-attacks' || k?.condition === 'opponent-plays-a-chant'
    ? k.condition
    : null;
}

/** 1114.2: a [Stealth] card's condition. */
export function stealthOf(card: FowCard): RevealCondition | null {
  const k = card.keywords.find((x) => x.keyword === 'stealth');
  return k?.condition === 'opponent-j-resonator-attacks' || k?.condition === 'opponent-plays-a-chant'
    ? k.condition
    : null;
}

/** 1110.2: [Incarnation]: the attribute choices, one resonator to banish per bracket. */
export function incarnationOf(card: FowCard): string[][] | null {
  const k = card.keywords.find((x) => x.keyword === 'incarnation');
  return k?.choices ? k.choices.map((c) => [...c]) : null;
}

/** 1011.2: the resonators `seat` controls that may be banished. */
export function banishable(s: FowState, seat: Seat): string[] {
  return s.field.filter((id) => objectOf(s, id).controller === seat && hasType(s, id, 'resonator'));
}

/** 1110.2a–b: whether a resonator fits one bracket ("[A or B]" takes either attribute; an empty bracket takes any). */
export function fitsBracket(s: FowState, id: string, bracket: readonly string[]): boolean {
  return bracket.length === 0 || attributesOf(s, id).some((a) => bracket.includes(a)); // 909.1c: as it is now
}

/** Whether these resonators fill the brackets one each, in some order (1110.2a–b). */
export function fillsBrackets(s: FowState, ids: readonly string[], brackets: readonly (readonly string[])[]): boolean {
  if (ids.length !== brackets.length || new Set(ids).size !== ids.length) return false;
  const place = (i: number, used: boolean[]): boolean => {
    const id = ids[i];
    if (id === undefined) return true;
    return brackets.some(
      (b, j) =>
        !used[j] &&
        fitsBracket(s, id, b) &&
        place(
          i + 1,
          used.map((u, k) => u || k === j),
        ),
    );
  };
  return place(
    0,
    brackets.map(() => false),
  );
}

/** One choice of `seat`'s resonators filling the brackets, bracket by bracket (distinct), or null when none does. */
export function bracketFilling(s: FowState, seat: Seat, brackets: readonly (readonly string[])[]): string[] | null {
  const pool = banishable(s, seat);
  const fill = (i: number, picked: string[]): string[] | null => {
    const bracket = brackets[i];
    if (bracket === undefined) return picked;
    for (const id of pool)
      if (!picked.includes(id) && fitsBracket(s, id, bracket)) {
        const found = fill(i + 1, [...picked, id]);
        if (found) return found;
      }
    return null;
  };
  return fill(0, []);
}

/** Whether some choice of `seat`'s resonators fills the brackets (for offering the play). */
export function canFillBrackets(s: FowState, seat: Seat, brackets: readonly (readonly string[])[]): boolean {
  return bracketFilling(s, seat, brackets) !== null;
}

/**
 * 708.2, 906.4a, 1114.2–1114.3: the cards `seat` may reveal when `condition` is met: [Trigger] chants of the triggered
 * form in the hand (whose cost can be paid, 708.4) or set in the standby area before this turn, and [Stealth] cards in
 * the standby area (even set this turn), each with that condition; none already triggered (708.2a).
 */
export function revealable(s: FowState, seat: Seat, condition: RevealCondition): string[] {
  const p = s.players[seat];
  const triggered = new Set(s.triggered.map((t) => t.source.id));
  const out: string[] = [];
  for (const id of p.hand) {
    const card = cardOf(objectOf(s, id).card);
    if (triggeredFormOf(card) === condition && canAutoPay(s, seat, card.cost ?? NO_COST) && !triggered.has(id))
      out.push(id);
  }
  for (const id of p.standby) {
    const o = objectOf(s, id);
    const card = cardOf(o.card);
    if (triggered.has(id)) continue;
    const setBefore = (o.standbyTurn ?? s.turn.number) < s.turn.number;
    if ((triggeredFormOf(card) === condition && setBefore) || stealthOf(card) === condition) out.push(id);
  }
  return out;
}
