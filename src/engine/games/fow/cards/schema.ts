// Force of Will card data (CR 8.01), as the future FoW engine will read it. Keyword skills (1100) carry their
// parameters; the effect vocabulary covers the digest's sample cards, and a `code` escape names anything else.
import { z } from 'zod';
import { CardIdSchema, CodeEscapeSchema, IntendedTextSchema, LabelSchema } from '../../../core/card-data.ts';

/** FoW 201.2: the eight card types (201.2c: a card may be a chant and a rune). */
export const CardTypeSchema = z.enum([
  'ruler',
  'j-ruler',
  'magic-stone',
  'resonator',
  'chant',
  'addition',
  'regalia',
  'rune',
]);
export type CardType = z.infer<typeof CardTypeSchema>;
/** FoW 201.3: generic types. */
export const GenericTypeSchema = z.enum(['basic', 'special', 'master']);
/** FoW 208: attributes; a card with none is void. */
export const AttributeSchema = z.enum(['light', 'fire', 'water', 'wind', 'darkness']);
export type Attribute = z.infer<typeof AttributeSchema>;
/** FoW 203.2, 907.6: one will symbol of a cost or of produced will; moon and time are traits, not attributes. */
export const WillSymbolSchema = z.enum(['L', 'R', 'U', 'G', 'B', 'moon', 'time']);
export type WillSymbol = z.infer<typeof WillSymbolSchema>;
/** FoW 203.2–203.4: attribute cost (symbols) plus free cost (any will). */
export const CostSchema = z
  .object({ will: z.array(WillSymbolSchema).default([]), free: z.number().int().min(0).default(0) })
  .strict();
export type Cost = z.infer<typeof CostSchema>;

/** FoW 205: races (J/resonators, rulers) and traits (other cards) the sample pool uses. */
export const RACES = [
  'Human',
  'Merfolk',
  'Beast',
  'Bird',
  'Golem',
  'Dragon',
  'Giant',
  'Shade',
  'Vampire',
  'Insect',
  'Machine',
  'Knight',
  'Wizard',
  'Spirit',
  'Fairy',
  'Familiar',
  'Magic Circle',
  'Armor',
  'Loom',
  'Relic',
  'Fable',
  'Drowned Knight',
  /** 1302.3: the trait of an invert card's Despair face. */
  'Invert',
] as const;
export const RaceSchema = z.enum(RACES);
export type Race = z.infer<typeof RaceSchema>;

/** FoW 1102–1140: the keyword skills. */
export const KEYWORDS = [
  'pierce', // 1102
  'precision', // 1103
  'first-strike', // 1104
  'explode', // 1105
  'flying', // 1106
  'swiftness', // 1107
  'imperishable', // 1108
  'awakening', // 1109
  'incarnation', // 1110
  'quickcast', // 1111
  'gods-art', // 1112
  'trigger', // 1113
  'stealth', // 1114
  'remnant', // 1115
  'evolution', // 1116
  'shift', // 1117
  'limit', // 1118
  'energize', // 1119
  'barrier', // 1120
  'equip', // 1121
  'mana', // 1122
  'bloodlust', // 1123
  'torrent', // 1124
  'judgment', // 1125
  'inheritance', // 1126
  'resonance', // 1127
  'seal', // 1128
  'mobilize', // 1129
  'sealed-item', // 1130
  'crest', // 1131
  'grimoire', // 1132
  'fable', // 1133
  'void', // 1134
  'drain', // 1135
  'divinity', // 1136
  'rune', // 1137
  'bane', // 1138
  'eternal', // 1139
  'enter', // 1140
] as const;
export const KeywordNameSchema = z.enum(KEYWORDS);
export type KeywordName = z.infer<typeof KeywordNameSchema>;

/** FoW 1028: the weathers the pool names (a player has none until told to become one, 1028.1a). */
export const WeatherSchema = z.enum(['rainy']);
export type Weather = z.infer<typeof WeatherSchema>;

/** What the card targets or affects (903.2.g; "J/resonator" is 201.2a). */
export const TargetSchema = z.enum([
  'j-resonator',
  'resonator',
  'player',
  'spell',
  'chant',
  'magic-stone',
  'addition',
  /** 1017.1b: an activated or triggered ability on the chase (not a Judgment process, 705.2). */
  'ability',
]);
export type Target = z.infer<typeof TargetSchema>;

const BaseEffect = z.discriminatedUnion('do', [
  /** FoW 1007: damage, in units of 100 (105.4a). */
  z.object({ do: z.literal('damage'), amount: z.number().int().min(100), to: TargetSchema }).strict(),
  z.object({ do: z.literal('draw'), count: z.number().int().min(1) }).strict(), // 1009
  z.object({ do: z.literal('discard'), count: z.number().int().min(1) }).strict(), // 1019
  z.object({ do: z.literal('foresee'), count: z.number().int().min(1) }).strict(), // 1034
  z.object({ do: z.literal('cancel'), to: z.literal('spell') }).strict(), // 1012
  z.object({ do: z.literal('destroy-all'), what: z.literal('resonator') }).strict(), // 1010
  /** FoW 1022: counters, on this card or a target. */
  z
    .object({
      do: z.literal('counters'),
      counter: z.enum(['+100/+100', '-100/-100']),
      count: z.number().int().min(1),
      on: z.union([z.literal('self'), TargetSchema]),
    })
    .strict(),
  /**
   * FoW 1022.4: move counters of this name from this card (or, with `from`, from a first target) to the target
   * (another one than `from`): as many as are removed are put on it (rulings F-MOVE-COUNTERS, F-MOVE-BETWEEN-TARGETS).
   */
  z
    .object({
      do: z.literal('move-counters'),
      counter: z.enum(['+100/+100', '-100/-100']),
      count: z.number().int().min(1),
      from: TargetSchema.optional(),
      to: TargetSchema,
    })
    .strict(),
  /** FoW 907: produce one will of one of these kinds ("any" = any attribute). */
  z.object({ do: z.literal('produce'), one: z.array(z.union([WillSymbolSchema, z.literal('any')])).min(1) }).strict(),
  z.object({ do: z.literal('recover'), to: TargetSchema }).strict(), // 1013
  /** FoW 909, 505.5b: a keyword until end of turn. */
  z
    .object({
      do: z.literal('grant-until-end-of-turn'),
      to: TargetSchema,
      keywords: z.array(KeywordNameSchema).min(1),
    })
    .strict(),
  /** FoW 909.1d: the target loses all its abilities until end of turn. */
  z.object({ do: z.literal('lose-abilities-until-end-of-turn'), to: TargetSchema }).strict(),
  /** FoW 1020.2: the target becomes [atk/def] until end of turn (909.1g, in timestamp order). */
  z
    .object({
      do: z.literal('becomes-until-end-of-turn'),
      atk: z.number().int().min(0).multipleOf(100),
      def: z.number().int().min(0).multipleOf(100),
      to: TargetSchema,
    })
    .strict(),
  /**
   * FoW 910.1: a replacement effect until end of turn: the next time the target would be destroyed this turn, all
   * damage is removed from it and it is rested instead.
   */
  z.object({ do: z.literal('shield-next-destruction-this-turn'), to: TargetSchema }).strict(),
  /** FoW 1025.1: the effect's controller takes an extra turn after this one. */
  z.object({ do: z.literal('extra-turn-after-this-one') }).strict(),
  /**
   * FoW 1031.1: the target player skips their next phase of this kind (502–505); several instructions skip that many
   * of them (1031.1a).
   */
  z
    .object({
      do: z.literal('skip-next-phase'),
      phase: z.enum(['recovery', 'draw', 'main', 'end']),
      to: z.literal('player'),
    })
    .strict(),
  /**
   * FoW 1031.1: this turn's phase is skipped (the turn player's); one already begun or past is not (1031.1b has no
   * next such phase in this turn; ruling F-SKIP-THIS-TURN).
   */
  z.object({ do: z.literal('skip-phase-this-turn'), phase: z.enum(['main', 'end']) }).strict(),
  /** FoW 1025.1: the target player takes an extra turn after this one (ruling F-EXTRA-TURN). */
  z.object({ do: z.literal('extra-turn-for-target-player'), to: z.literal('player') }).strict(),
  /**
   * FoW 1025.1: the effect's controller takes an extra turn after the target player's next turn (their own next turn
   * when they target themselves; ruling F-EXTRA-TURN-LATER). With `taker: 'target'` the target player takes it, and
   * with `after: 'opponent'` it follows the next turn of the target's opponent (ruling F-EXTRA-TURN-NAMED).
   */
  z
    .object({
      do: z.literal('extra-turn-after-next-turn-of'),
      to: z.literal('player'),
      taker: z.enum(['you', 'target']).optional(),
      after: z.enum(['target', 'opponent']).optional(),
    })
    .strict(),
  /**
   * FoW 1026.1, 1128.4: until end of turn, the [Seal] abilities of cards the effect's controller controls count as met
   * whatever the number of magic stones (no card named: all the cards they control).
   */
  z.object({ do: z.literal('unseal-yours-until-end-of-turn') }).strict(),
  /** FoW 1026.1, 1128.4: as above for the rest of the game (ruling F-UNSEAL-FOR-THE-GAME). */
  z.object({ do: z.literal('unseal-yours-for-the-game') }).strict(),
  /**
   * FoW 1026.1, 1128.4: the [Seal] abilities of the target (the card named) count as met whatever the number of
   * magic stones, with no duration: for as long as it stays the same object (ruling F-UNSEAL-NAMED).
   */
  z
    .object({
      do: z.literal('unseal'),
      to: TargetSchema,
      /** 505.5b: only until end of turn (ruling F-UNSEAL-NAMED-UNTIL-END). */
      until: z.literal('end-of-turn').optional(),
    })
    .strict(),
  /** FoW 1028.1: the effect's controller becomes this weather (the latest instruction wins, 1028.1b). */
  z.object({ do: z.literal('become-weather'), weather: WeatherSchema }).strict(),
  /** FoW 1028.1: the target player becomes this weather (the latest instruction wins, 1028.1b). */
  z.object({ do: z.literal('target-becomes-weather'), weather: WeatherSchema, to: z.literal('player') }).strict(),
  /**
   * FoW 1032.1: the effect's controller's J/ruler wears the top card of their main deck: it goes to the item area
   * (public, 313.2), worn by that J/ruler (ruling F-WEAR). With `of: 'player'`, the top card of the target player's
   * main deck, into its owner's item area (ruling F-WEAR-ANOTHERS-CARD).
   */
  z.object({ do: z.literal('wear-top-of-deck'), of: z.literal('player').optional() }).strict(),
  /**
   * FoW 1032.1: the effect's controller's J/ruler wears this card (the ability's source, from the field): it goes to the
   * item area worn by that J/ruler (ruling F-WEAR-THIS-CARD).
   */
  z.object({ do: z.literal('wear-self') }).strict(),
  /**
   * FoW 1027.1: a typeless gem token of this attribute is made in the effect's controller's item area; `any`: the
   * controller chooses one of the five attributes as it resolves (1027.1a).
   */
  z.object({ do: z.literal('gain-gem'), attribute: z.union([AttributeSchema, z.literal('any')]) }).strict(),
  /** Deal this much damage to the target for each gem its controller has (1027, 1007). */
  z
    .object({
      do: z.literal('damage-per-gem'),
      per: z.number().int().min(100).multipleOf(100),
      to: TargetSchema,
    })
    .strict(),
  /** FoW 909.1c, 909.6: the target becomes this attribute (and loses the others) until end of turn. */
  z
    .object({ do: z.literal('becomes-attribute-until-end-of-turn'), attribute: AttributeSchema, to: TargetSchema })
    .strict(),
  /**
   * FoW 910.1: a replacement effect until end of turn: if the target would be destroyed this turn, it is returned to
   * its owner's hand instead. With a shield on the same object, its controller chooses which applies (910.2).
   */
  z.object({ do: z.literal('return-instead-of-destruction-this-turn'), to: TargetSchema }).strict(),
  /**
   * FoW 1018.1a, 910.2a: a prevention by a number until end of turn: the next time damage would be dealt to the
   * target this turn, `amount` of it is prevented (the rest is dealt). Used up once it applies.
   */
  /**
   * FoW 910.1: a replacement effect until end of turn: if the target would be put into a graveyard from the field this
   * turn (destroyed 1010.1, banished 1011.1, or put there otherwise), it is removed from the game instead.
   */
  z.object({ do: z.literal('remove-instead-of-graveyard-this-turn'), to: TargetSchema }).strict(),
  z
    .object({ do: z.literal('prevent-next-damage-this-turn'), amount: z.number().int().min(100), to: TargetSchema })
    .strict(),
  /**
   * FoW 1020.1, 909.1c: the target becomes this race until end of turn: it loses the races it had (a type or trait
   * change is refused with 1020.1, `becomes-type`).
   */
  z.object({ do: z.literal('becomes-race-until-end-of-turn'), race: RaceSchema, to: TargetSchema }).strict(),
  /** FoW 1020.1 ("gains"), 909.1c: the target gains this race besides those it has, until end of turn (F-BECOMES-RACE-GAINED). */
  z.object({ do: z.literal('gains-race-until-end-of-turn'), race: RaceSchema, to: TargetSchema }).strict(),
  /**
   * FoW 1020.1, 909.1c: the target resonator becomes a regalia until end of turn: it loses its types, so it is no
   * longer a J/resonator (ruling F-BECOMES-TYPE). Other types and traits are refused with 1020.1 (`becomes-type`).
   */
  z
    .object({ do: z.literal('becomes-type-until-end-of-turn'), type: z.literal('regalia'), to: z.literal('resonator') })
    .strict(),
  /** FoW 1017.1: a copy of the target chant on the chase, with the same choices (1017.1c), on top of the chase. */
  z.object({ do: z.literal('copy-chant'), to: z.literal('chant') }).strict(),
  /**
   * FoW 1017.2: this card (the ability's source, on the field) becomes a copy of the target resonator: its printed
   * face up, before continuous effects, for as long as this card stays on the field (ruling F-BECOME-COPY).
   * `copier: 'target'`: a first target resonator becomes a copy of another (a second target); `until: 'end-of-turn'`:
   * the copy ends at 505.5b (ruling F-COPY-UNTIL-END).
   */
  z
    .object({
      do: z.literal('become-copy'),
      to: z.literal('resonator'),
      copier: z.literal('target').optional(),
      until: z.literal('end-of-turn').optional(),
    })
    .strict(),
  /**
   * FoW 1010.2: destroy the opponent's ruler: the ruler card in their ruler area (308.4; a J-ruler on the field is
   * not one), which goes to its owner's graveyard (ruling F-DESTROY-RULER).
   */
  z.object({ do: z.literal('destroy-opponents-ruler') }).strict(),
  /** FoW 1030.1, 1302.3c: invert this card: its Despair face up, the same card (ruling F-INVERT). */
  z.object({ do: z.literal('invert-self') }).strict(),
  /** FoW 1030.3: invert this card and remove it from the game: to the removed area Despair face up. */
  z.object({ do: z.literal('invert-and-remove-self') }).strict(),
  /**
   * FoW 1030.1, 1030.3: invert the target (and, with `remove`, remove it from the game Despair face up); a target that
   * is not an invert card, or whose Despair face is already up, is not changed (ruling F-INVERT-TARGET).
   */
  z.object({ do: z.literal('invert'), to: TargetSchema, remove: z.literal(true).optional() }).strict(),
  /** FoW 1017.1b: a copy of the target ability on the chase, with the same choices (1017.1c), on top of the chase. */
  z.object({ do: z.literal('copy-ability'), to: z.literal('ability') }).strict(),
  /**
   * FoW 1017.1, 1017.1a: a copy of the target spell (a chant or a resonator spell) on the chase, with the same choices
   * (1017.1c); a resonator spell's copy leaves the chase as it resolves, so it ceases to exist (ruling F-COPY-SPELL).
   */
  z.object({ do: z.literal('copy-spell'), to: z.literal('spell') }).strict(),
  /**
   * FoW 1017.3, 1014.1: choose a chant card in your graveyard (not a target), copy it and play the copy without paying
   * its cost (903.2.i-2); the copy ceases to exist when it leaves the chase or if it is not played (1017.3a–b).
   */
  z.object({ do: z.literal('play-copy-from-graveyard'), what: z.literal('chant') }).strict(),
  /**
   * FoW 1033: restart the game; the effect's controller goes first (1033.2) and this card starts the new game in its
   * owner's removed area (1033.3's instruction for a card), so a deck's restarts are bounded (ruling F-RESTART).
   */
  z.object({ do: z.literal('restart-game') }).strict(),
  /** The top N cards of the target player's main deck into the graveyard. */
  z.object({ do: z.literal('mill'), count: z.number().int().min(1), to: z.literal('player') }).strict(),
  CodeEscapeSchema,
]);
export const EffectSchema = BaseEffect;
export type Effect = z.infer<typeof EffectSchema>;

/** FoW 909: "gets +X/+Y and has [K]" (always in units of 100). */
export const GrantSchema = z
  .object({
    atk: z.number().int().default(0),
    def: z.number().int().default(0),
    keywords: z.array(KeywordNameSchema).default([]),
    /** Awakening: "[Enter] ⇒ …" granted with the rest. */
    enter: z.array(EffectSchema).default([]),
  })
  .strict();
export type Grant = z.infer<typeof GrantSchema>;

/** FoW 905: an activated ability's cost; (Rest) is 1013.2. */
export const ActivationCostSchema = z
  .object({
    will: CostSchema.optional(),
    rest: z.boolean().default(false),
    removeManaCounter: z.boolean().default(false),
  })
  .strict();

export const ActivatedSchema = z
  .object({ kind: z.literal('activated'), cost: ActivationCostSchema, effects: z.array(EffectSchema).min(1) })
  .strict();

export const AbilitySchema = z.discriminatedUnion('kind', [
  ActivatedSchema, // 905 (907 when it only produces will)
  /** FoW 904, 909: a continuous ability, possibly only while a condition holds. */
  z
    .object({
      kind: z.literal('continuous'),
      /** `added-to`: the card a classified addition is added to (1406.2b); `equipped`: an [Equip] addition's (1121). */
      affects: z.enum(['self', 'fire-j-resonators-you-control', 'equipped', 'added-to']),
      grant: GrantSchema,
      /** 1028.2: `you-are-rainy` reads the weather of the card's controller. */
      while: z.enum(['no-limit-counters', 'has-evolution-counter', 'you-are-rainy']).optional(),
      /** 1032.2: the grant applies once for each card the controller's J/ruler wears (`self` only). */
      each: z.literal('card-your-j-ruler-wears').optional(),
    })
    .strict(),
  /** FoW 904.2a: a base ability, "also treated as … Magic Stone". */
  z.object({ kind: z.literal('also-magic-stone'), attributes: z.array(AttributeSchema).min(1) }).strict(),
  /** FoW 906: triggered abilities the sample pool needs. */
  z
    .object({ kind: z.literal('triggered'), when: z.literal('judgment'), effects: z.array(EffectSchema).min(1) })
    .strict(),
]);
export type Ability = z.infer<typeof AbilitySchema>;

/**
 * One keyword skill with its parameters. Which parameters a keyword needs is checked below (KEYWORD_PARAMS), so a
 * card that forgets "[Mana N]"'s N or gives [Flying] a cost fails with a message naming the keyword.
 */
export const KeywordSchema = z
  .object({
    keyword: KeywordNameSchema,
    amount: z.number().int().min(1).optional(),
    cost: CostSchema.optional(),
    /** Crest, Resonance: the attribute (of a card or a magic stone). */
    attribute: AttributeSchema.optional(),
    /** Incarnation: attribute choices per card to banish; Energize: will choices. */
    choices: z.array(z.array(AttributeSchema).min(1)).optional(),
    /** Judgment (1125): only while you control this many magic stones. */
    minMagicStones: z.number().int().min(1).optional(),
    /** Trigger and Stealth: when it may be used; Trigger: its extra cost. */
    condition: z
      .enum(['opponent-j-resonator-attacks', 'opponent-plays-a-chant', 'banish-a-resonator-you-control'])
      .optional(),
    /** God's Art and Sealed Item: the printed name. */
    name: LabelSchema.optional(),
    grant: GrantSchema.optional(),
    effects: z.array(EffectSchema).optional(),
    ability: ActivatedSchema.optional(),
  })
  .strict();
export type Keyword = z.infer<typeof KeywordSchema>;

type Param = Exclude<keyof Keyword, 'keyword'>;
/** The parameters each non-plain keyword requires (others must be absent; `minMagicStones` is optional). */
export const KEYWORD_PARAMS: Partial<Record<KeywordName, Param[]>> = {
  awakening: ['cost', 'grant'],
  incarnation: ['choices'],
  'gods-art': ['name', 'cost', 'effects'],
  trigger: ['condition'],
  stealth: ['condition'],
  evolution: ['cost'],
  shift: ['cost'],
  limit: ['amount'],
  energize: ['choices'],
  equip: ['cost'],
  mana: ['amount'],
  torrent: ['effects'],
  judgment: ['cost'],
  inheritance: ['cost', 'effects'],
  resonance: ['attribute', 'effects'],
  seal: ['amount', 'grant'],
  mobilize: ['cost'],
  'sealed-item': ['name', 'ability'],
  crest: ['attribute', 'grant'],
  grimoire: ['amount'],
  fable: ['amount', 'grant'],
  void: ['grant'],
  divinity: ['amount'],
  rune: ['amount', 'ability'],
  enter: ['effects'],
};
const OPTIONAL_PARAMS: Partial<Record<KeywordName, Param[]>> = { judgment: ['minMagicStones'] };

const FaceFields = {
  name: LabelSchema,
  types: z.array(CardTypeSchema).min(1),
  genericType: GenericTypeSchema.optional(),
  attributes: z.array(AttributeSchema).default([]),
  cost: CostSchema.optional(),
  races: z.array(RaceSchema).default([]),
  atk: z.number().int().min(0).optional(), // 206
  def: z.number().int().min(0).optional(), // 207
  divinity: z.number().int().min(1).optional(), // 209, runes
  keywords: z.array(KeywordSchema).default([]),
  /**
   * FoW 1406.1a: a classified addition ("Addition: Resonator", "Addition: J/Resonator"), the form 1406 keeps for older
   * cards: it targets a card of that type on the field when played and enters attached to it (1406.2, ruling
   * F-CLASSIFIED). The ruler classes are not offered (ruling F-CLASSIFIED); no class is a modern addition (702.3).
   */
  classified: z.enum(['resonator', 'j-resonator']).optional(),
  /** FoW 1008.2: "this card cannot be chased": while it is on the chase, no card or ability is played onto it. */
  cannotBeChased: z.literal(true).optional(),
  /** Chants and runes: what happens on resolution (703.3, 711.3). */
  effects: z.array(EffectSchema).default([]),
  abilities: z.array(AbilitySchema).default([]),
};

/** FoW 1302: the other face of a double-faced card (a ruler's J-ruler face, a Shift card's future face). */
export const FaceSchema = z.object(FaceFields).strict();
export type Face = z.infer<typeof FaceSchema>;

function checkFace(face: Face, ctx: z.RefinementCtx, where: string): void {
  const need = (ok: boolean, message: string) => ok || ctx.addIssue({ code: 'custom', message: `${where}${message}` });
  const jResonator = face.types.includes('resonator') || face.types.includes('j-ruler');
  need(
    !face.types.includes('resonator') || (face.atk !== undefined && face.def !== undefined),
    'resonators have ATK and DEF (206, 207)',
  );
  need(
    jResonator || (face.atk === undefined && face.def === undefined),
    'only J/resonators have ATK and DEF (206, 207)',
  );
  need(face.types.includes('rune') === (face.divinity !== undefined), 'runes, and only runes, have a divinity (209)');
  need(!face.classified || face.types.includes('addition'), 'only additions have a class (1406.1)');
  for (const k of face.keywords) {
    const required = KEYWORD_PARAMS[k.keyword] ?? [];
    const allowed = [...required, ...(OPTIONAL_PARAMS[k.keyword] ?? [])];
    for (const p of required) need(k[p] !== undefined, `[${k.keyword}] needs "${p}"`);
    for (const p of Object.keys(k) as (keyof Keyword)[])
      if (p !== 'keyword' && !allowed.includes(p)) need(false, `[${k.keyword}] takes no "${p}"`);
  }
}

export const FowCardSchema = z
  .object({
    id: CardIdSchema,
    ...FaceFields,
    back: FaceSchema.optional(),
    /**
     * 1304.2: a colossal ruler's 2nd J-ruler face; its `back` is then the 1st J-ruler face, whose [Judgment] turns this
     * face up (1304.5).
     */
    second: FaceSchema.optional(),
    /** 1303.1a: a token's characteristics, as the effect creating it gives them; never put in a deck. */
    token: z.literal(true).optional(),
    text: IntendedTextSchema,
  })
  .strict()
  .superRefine((card, ctx) => {
    checkFace(card, ctx, '');
    if (card.back) checkFace(card.back, ctx, 'back face: ');
    const isRuler = card.types.includes('ruler');
    if (isRuler && !card.back?.types.includes('j-ruler'))
      ctx.addIssue({ code: 'custom', message: 'a ruler needs its J-ruler face as "back" (1302)' });
    // 1304.2, 1304.5: a colossal ruler has three faces; its 1st J-ruler face has [Judgment] exactly when it has a 2nd.
    if (card.second) checkFace(card.second, ctx, 'second face: ');
    const firstJudges =
      card.back?.types.includes('j-ruler') && card.back.keywords.some((k) => k.keyword === 'judgment');
    if (card.second && !(isRuler && firstJudges && card.second.types.includes('j-ruler')))
      ctx.addIssue({
        code: 'custom',
        message: "a 2nd J-ruler face is a colossal ruler's: a ruler whose J-ruler face has [Judgment] (1304.2, 1304.5)",
      });
    // 1302.3: an invert card's face with the Invert trait is its Despair face: the back; the Hope face is the front.
    if (card.races.includes('Invert') || (card.back?.races.includes('Invert') && isRuler))
      ctx.addIssue({ code: 'custom', message: 'an invert card has its Despair face (Invert) as "back" (1302.3)' });
    if (firstJudges && !card.second)
      ctx.addIssue({ code: 'custom', message: 'a J-ruler face with [Judgment] needs its 2nd J-ruler face (1304.5a)' });
  });
export type FowCard = z.infer<typeof FowCardSchema>;

export const FowCardFileSchema = z.object({ game: z.literal('fow'), cards: z.array(FowCardSchema).min(1) }).strict();
