// MTG card data (CR 2019-01-25), as the future MTG engine will read it. The effect vocabulary covers the digest's
// stage-A sample cards; anything it cannot say is a `code` escape naming the handler the engine must provide.
import { z } from 'zod';
import { CardIdSchema, CodeEscapeSchema, IntendedTextSchema, LabelSchema } from '../../../core/card-data.ts';

/**
 * CR 107.4, 202.1: one mana symbol of a cost. A number is generic mana, X a variable (107.3), W U B R G a coloured
 * symbol, C colourless-only (107.4c), "R/G" a hybrid symbol (107.4e).
 */
export const ManaSymbolSchema = z
  .string()
  .regex(/^(0|[1-9][0-9]?|X|[WUBRGC]|[WUBRG]\/[WUBRG])$/, 'a mana symbol is a number, X, W, U, B, R, G, C or "R/G"');
export type ManaSymbol = z.infer<typeof ManaSymbolSchema>;

/** CR 205.4a: supertypes used by the sample pool. */
export const SupertypeSchema = z.enum(['basic', 'legendary']);
/** CR 205.2a: card types used by the sample pool (plus the permanent types the engine will need). */
export const CardTypeSchema = z.enum([
  'artifact',
  'creature',
  'enchantment',
  'instant',
  'land',
  'planeswalker',
  'sorcery',
]);
export type CardType = z.infer<typeof CardTypeSchema>;
/** CR 205.3: subtypes (creature types 205.3m, basic land types 205.3i) the sample pool uses. */
export const SUBTYPES = [
  'Human',
  'Soldier',
  'Bird',
  'Cleric',
  'Knight',
  'Wizard',
  'Drake',
  'Serpent',
  'Snake',
  'Vampire',
  'Rogue',
  'Zombie',
  'Warrior',
  'Goblin',
  'Shaman',
  'Ogre',
  'Elf',
  'Druid',
  'Elk',
  'Spider',
  'Plant',
  'Beast',
  'Faerie',
  'Assassin',
  'Boar',
  'Merfolk',
  'Wolf',
  'Construct',
  'Shapeshifter',
  'Spirit',
  'Aura', // 303.4 (enchantment type)
  'Equipment', // 301.5 (artifact type)
  'Clue', // 205.3g (artifact type; investigate's token, 701.35a)
  'Plains',
  'Island',
  'Swamp',
  'Mountain',
  'Forest',
] as const;
export const SubtypeSchema = z.enum(SUBTYPES);
export type Subtype = z.infer<typeof SubtypeSchema>;

/**
 * The stage-B keywords and keyword actions of the digest (§6.3) that the engine does not implement yet: a card that
 * uses one is refused when the pool loads, with the rule named (the card schema cannot express them otherwise).
 */
export const NOT_YET_SUPPORTED: Readonly<Record<string, string>> = {};

/** The refusal for a name of NOT_YET_SUPPORTED; undefined for any other value (the schema's own message). */
function notYet(value: unknown): string | undefined {
  const rule = typeof value === 'string' ? NOT_YET_SUPPORTED[value] : undefined;
  return rule ? `"${value}" (CR ${rule}) is not supported yet: UnsupportedRule ${rule}` : undefined;
}

/** CR 702: the eight stage-A keyword abilities and the stage-B ones the pool uses. */
export const KeywordSchema = z.enum(
  [
    'deathtouch', // 702.2
    'defender', // 702.3
    'double-strike', // 702.4
    'flash', // 702.8
    'hexproof', // 702.11
    'indestructible', // 702.12
    'menace', // 702.110
    'prowess', // 702.107
    'protection-from-white', // 702.16 (from a colour, 702.16a)
    'protection-from-blue',
    'protection-from-black',
    'protection-from-red',
    'protection-from-green',
    'first-strike', // 702.7
    'flying', // 702.9
    'haste', // 702.10
    'lifelink', // 702.15
    'reach', // 702.17
    'trample', // 702.19
    'vigilance', // 702.20
    'shroud', // 702.18
    'fear', // 702.35
    'intimidate', // 702.13
    'plainswalk', // 702.14 (landwalk, 702.14a: a basic land type)
    'islandwalk',
    'swampwalk',
    'mountainwalk',
    'forestwalk',
    'exalted', // 702.82
    'undying', // 702.92
    'persist', // 702.78
    'wither', // 702.79
    'infect', // 702.89
  ],
  { error: (issue) => notYet(issue.input) },
);
export type Keyword = z.infer<typeof KeywordSchema>;

/**
 * CR 114 (targets): what a "target …" phrase may choose. `restriction` narrows it (608.2b re-checks it on
 * resolution); `another` marks a second target that must differ from the first of the same spell (114.3).
 */
export const TargetSchema = z
  .object({
    target: z.enum(['any', 'creature', 'player', 'opponent', 'spell', 'artifact', 'enchantment']),
    restriction: z
      .enum(['attacking-or-blocking', 'nonblack', 'noncreature', 'you-control', 'you-dont-control'])
      .optional(),
    /** "with converted mana cost N or less" (202.3). */
    cmcAtMost: z.number().int().min(0).optional(),
    another: z.boolean().optional(),
  })
  .strict();
export type Target = z.infer<typeof TargetSchema>;

const Amount = z.union([z.number().int().min(0), z.literal('X')]);

/** Until-end-of-turn changes apply in layer 6 (keywords) and 7c (P/T) (CR 613.1f, 613.3c), ending in 514.2. */
const Affected = z.union([TargetSchema, z.enum(['self', 'creatures-you-control'])]);

const BaseEffect = z.discriminatedUnion(
  'do',
  [
    /** CR 119: damage; the card itself is the source (Ashen Downpour: `to: "each-creature-and-player"`). */
    z
      .object({
        do: z.literal('damage'),
        amount: Amount,
        to: z.union([TargetSchema, z.literal('each-creature-and-player')]),
      })
      .strict(),
    /**
     * CR 701.7 destroy; `noRegenerate`: "It can't be regenerated." (701.14b); `exileIf`: "If that creature has a
     * counter on it, exile it instead." (a self-replacement effect, 614.15).
     */
    z
      .object({
        do: z.literal('destroy'),
        to: TargetSchema,
        noRegenerate: z.boolean().optional(),
        exileIf: z.literal('it-has-a-counter').optional(),
      })
      .strict(),
    /**
     * CR 615.7: "Prevent the next N damage that would be dealt to [target] this turn" (a shield that is used up), or
     * with `amount: "all"`, "Prevent all damage that would be dealt to [target] this turn" (615.1).
     */
    z
      .object({
        do: z.literal('prevent-damage'),
        amount: z.union([z.number().int().min(1), z.literal('all')]),
        to: z.union([TargetSchema, z.literal('self')]),
      })
      .strict(),
    /** CR 615.1, 510.2: "Prevent all combat damage that would be dealt this turn." */
    z.object({ do: z.literal('prevent-combat-damage') }).strict(),
    /** CR 701.14a: "Regenerate [target creature / this creature]" (a regeneration shield until end of turn). */
    z.object({ do: z.literal('regenerate'), to: z.union([TargetSchema, z.literal('self')]) }).strict(),
    /** CR 701.11 exile. */
    z.object({ do: z.literal('exile'), to: TargetSchema }).strict(),
    /** CR 611.2, 613.3c (and 613.1f for `keywords`): until end of turn. */
    z
      .object({
        do: z.literal('pump'),
        to: Affected,
        power: z.number().int(),
        toughness: z.number().int(),
        keywords: z.array(KeywordSchema).default([]),
      })
      .strict(),
    /**
     * CR 613.1b (layer 2): "Gain control of [target]" for good (`until: "indefinite"`) or "until end of turn" (514.2);
     * `untapHaste`: "Untap that creature. It gains haste until end of turn." (the threaten pattern, 702.10).
     */
    z
      .object({
        do: z.literal('gain-control'),
        to: TargetSchema,
        until: z.enum(['end-of-turn', 'indefinite']),
        untapHaste: z.boolean().default(false),
      })
      .strict(),
    /**
     * CR 613.1d, 613.3b (layers 4 and 7b): "[This permanent] becomes a P/T artifact creature until end of turn" (it
     * keeps its other types; the source's own ability, 611.2c).
     */
    z
      .object({
        do: z.literal('become-creature'),
        power: z.number().int().min(0),
        toughness: z.number().int().min(0),
      })
      .strict(),
    /** CR 613.3e (layer 7e): switch a creature's power and toughness until end of turn. */
    z.object({ do: z.literal('switch-pt'), to: TargetSchema }).strict(),
    /** CR 701.3: attach this permanent (the Equipment whose equip ability resolves) to the target. */
    z.object({ do: z.literal('attach'), to: TargetSchema }).strict(),
    /** CR 701.5 counter. */
    z.object({ do: z.literal('counter'), to: TargetSchema }).strict(),
    /** CR 400.7: return to its owner's hand (a new object). */
    z.object({ do: z.literal('bounce'), to: TargetSchema }).strict(),
    /** CR 701.20 tap. */
    z.object({ do: z.literal('tap'), to: TargetSchema }).strict(),
    /** CR 120 draw (you). */
    z.object({ do: z.literal('draw'), count: z.number().int().min(1) }).strict(),
    /** CR 701.17 scry. */
    z.object({ do: z.literal('scry'), count: z.number().int().min(1) }).strict(),
    /** CR 701.41 surveil: the top N, any of them into the graveyard, the rest back on top in any order. */
    z.object({ do: z.literal('surveil'), count: z.number().int().min(1) }).strict(),
    /** CR 404 (no "mill" keyword action in this CR): the top N cards into their graveyard. */
    z.object({ do: z.literal('mill'), count: Amount, to: TargetSchema }).strict(),
    /** CR 701.8 discard (the discarding player chooses). */
    z.object({ do: z.literal('discard'), count: z.number().int().min(1), to: TargetSchema }).strict(),
    /** CR 118.3: life lost or gained (you). */
    z.object({ do: z.literal('lose-life'), amount: z.number().int().min(1) }).strict(),
    z.object({ do: z.literal('gain-life'), amount: z.number().int().min(1) }).strict(),
    /** CR 701.18 search, 701.19 shuffle: a basic land card onto the battlefield tapped (not a land play, 305.4). */
    z.object({ do: z.literal('fetch-basic-land-tapped') }).strict(),
    /** CR 701.12 fight: the first target (yours) fights the second (not yours). */
    z.object({ do: z.literal('fight'), yours: TargetSchema, theirs: TargetSchema }).strict(),
    /** CR 118.3: each opponent loses life (a two-player game has one). */
    z.object({ do: z.literal('opponent-loses-life'), amount: z.number().int().min(1) }).strict(),
    /** CR 121.1, 613.3d (layer 7d): +1/+1 or -1/-1 counters on a creature ("self": the source permanent). */
    z
      .object({
        do: z.literal('add-counters'),
        counter: z.enum(['+1/+1', '-1/-1']),
        count: z.number().int().min(1),
        to: Affected,
      })
      .strict(),
    /** CR 701.6, 110.5: create tokens, defined as token cards of the pool. */
    z.object({ do: z.literal('create-token'), token: CardIdSchema, count: z.number().int().min(1) }).strict(),
    /** CR 706.2, 110.5: "Create a token that's a copy of [target]" (its copiable values as the token is created). */
    z.object({ do: z.literal('create-token-copy'), of: TargetSchema }).strict(),
    /**
     * CR 701.11, 603.7: exile the target; a delayed trigger returns that card to the battlefield under its owner's
     * control at the beginning of the next end step (603.7c: only if it is still the same object in exile).
     */
    z.object({ do: z.literal('exile-until-next-end-step'), to: TargetSchema }).strict(),
    /** CR 701.42a: "Adapt N": if this permanent has no +1/+1 counter on it, put N +1/+1 counters on it. */
    z.object({ do: z.literal('adapt'), count: z.number().int().min(1) }).strict(),
    /**
     * CR 701.26a: "Proliferate": choose any number of permanents and players with counters; each gets one more
     * counter of a kind it already has (701.26b: the proliferating player picks the kind).
     */
    z.object({ do: z.literal('proliferate') }).strict(),
    /** CR 701.35a: "Investigate": create a colourless Clue artifact token ("{2}, Sacrifice this: Draw a card."). */
    z.object({ do: z.literal('investigate') }).strict(),
    /** CR 106.1, 605: add one mana of one of these kinds. */
    z
      .object({
        do: z.literal('add-mana'),
        one: z.array(z.enum(['W', 'U', 'B', 'R', 'G', 'C'])).min(1),
      })
      .strict(),
    CodeEscapeSchema,
  ],
  {
    // A keyword action not implemented yet ("surveil", "proliferate", …) is refused naming its rule.
    error: (issue) => {
      const input = issue.input;
      return typeof input === 'object' && input !== null && 'do' in input ? notYet(input.do) : undefined;
    },
  },
);
export type BaseEffect = z.infer<typeof BaseEffect>;

/** CR 700.2: "Choose one —" modal spells; each mode is a list of effects. */
const ModalEffect = z
  .object({ do: z.literal('choose-one'), modes: z.array(z.array(BaseEffect).min(1)).min(2) })
  .strict();
export const EffectSchema = z.union([BaseEffect, ModalEffect], {
  error: (issue) => {
    const input = issue.input;
    return typeof input === 'object' && input !== null && 'do' in input ? notYet(input.do) : undefined;
  },
});
export type Effect = z.infer<typeof EffectSchema>;

/** CR 602.1a: an activated ability's cost, in the printed order (mana, {T}, life, sacrifice). */
export const ActivationCostSchema = z
  .object({
    mana: z.array(ManaSymbolSchema).default([]),
    tap: z.boolean().default(false), // 107.5
    life: z.number().int().min(1).optional(), // 118.4
    sacrificeSelf: z.boolean().default(false), // 701.16
  })
  .strict();

/** CR 603.1: what a triggered ability waits for ("this" is the permanent that has the ability). */
export const TriggerEventSchema = z.enum([
  'enters', // 603.6a: this enters the battlefield
  'dies', // 700.4, 603.10a: this is put into a graveyard from the battlefield (looks back)
  'another-creature-you-control-enters', // 603.6a
  'another-creature-you-control-dies', // 603.10a
  'attacks', // 508.3a
  'blocks', // 509.5a
  'your-upkeep', // 603.2b
  'your-end-step', // 603.2b
  'state', // 603.8: a state trigger ("When you have no cards in hand, …"); its `state` says which
]);
export type TriggerEvent = z.infer<typeof TriggerEventSchema>;

/** CR 603.4: an intervening "if" clause, checked when the event happens and again on resolution. */
export const TriggerConditionSchema = z.discriminatedUnion('check', [
  z.object({ check: z.literal('life-at-least'), amount: z.number().int() }).strict(),
  z.object({ check: z.literal('creatures-at-least'), amount: z.number().int().min(1) }).strict(),
  /** "if a creature died this turn": read from the game's record of this turn (a watcher). */
  z.object({ check: z.literal('creature-died-this-turn') }).strict(),
]);
export type TriggerCondition = z.infer<typeof TriggerConditionSchema>;

/** CR 603.8: the game state a state trigger waits for (checked for the ability's controller). */
export const TriggerStateSchema = z.enum(['no-cards-in-hand']);
export type TriggerState = z.infer<typeof TriggerStateSchema>;

/** CR 604.3: what a star (power and toughness "*") characteristic-defining ability counts (permanents on the battlefield). */
export const StarCountSchema = z.enum([
  'creatures-you-control',
  'lands-you-control',
  'forests-you-control',
  'creatures',
]);
export type StarCount = z.infer<typeof StarCountSchema>;

/** CR 604.2, 611.3a: which permanents a static ability changes (read again as the game goes on). */
export const StaticAffectedSchema = z.enum([
  'creatures-you-control',
  'other-creatures-you-control',
  'creatures-opponents-control',
  /** "Enchanted creature" (303.4b) or "equipped creature" (301.5a): what this Aura or Equipment is attached to. */
  'attached',
]);
export type StaticAffected = z.infer<typeof StaticAffectedSchema>;

/**
 * CR 604, 613: a static ability of a permanent: layer 6 (keywords it grants), 7b (base power and toughness it sets),
 * 7c (what it adds). `subtype` and `withKeyword` narrow the creatures it applies to.
 */
export const StaticAbilitySchema = z
  .object({
    kind: z.literal('static'),
    affects: StaticAffectedSchema,
    subtype: SubtypeSchema.optional(),
    withKeyword: KeywordSchema.optional(),
    basePT: z
      .object({ power: z.number().int().min(0), toughness: z.number().int().min(0) })
      .strict()
      .optional(),
    power: z.number().int().default(0),
    toughness: z.number().int().default(0),
    keywords: z.array(KeywordSchema).default([]),
    /** CR 613.1b (layer 2), 303.4e: "You control enchanted creature": the Aura's controller controls it. */
    control: z.boolean().default(false),
    /** CR 613.1d (layer 4), 205.1b: "are [subtypes] in addition to their other types". */
    addSubtypes: z.array(SubtypeSchema).min(1).optional(),
    /** CR 613.1e (layer 5): "is [colour]": the creature's colours become these (replacing its others, 105.3). */
    colors: z
      .array(z.enum(['W', 'U', 'B', 'R', 'G']))
      .min(1)
      .optional(),
    /**
     * CR 613.1f (layer 6): "Enchanted creature loses all abilities": keywords, static, triggered and activated
     * abilities (mana ones too) and a characteristic-defining one (ruling B36).
     */
    loseAllAbilities: z.boolean().default(false),
  })
  .strict();
export type StaticAbility = z.infer<typeof StaticAbilitySchema>;

export const AbilitySchema = z.discriminatedUnion('kind', [
  StaticAbilitySchema,
  /** CR 603: "When/Whenever/At …, [if …,] [you may] …". */
  z
    .object({
      kind: z.literal('triggered'),
      when: TriggerEventSchema,
      /** CR 603.8: with `when: "state"`, the state that triggers it. */
      state: TriggerStateSchema.optional(),
      if: TriggerConditionSchema.optional(),
      /** CR 603.5: "you may": the controller chooses on resolution. */
      optional: z.boolean().default(false),
      /** CR 700.2b, 603.3c: a "choose one —" here is a mode chosen as the ability is put on the stack. */
      effects: z.array(EffectSchema).min(1),
    })
    .strict(),
  /** CR 602 (605 when it only adds mana). */
  z
    .object({
      kind: z.literal('activated'),
      cost: ActivationCostSchema,
      effects: z.array(BaseEffect).min(1),
      /** CR 702.6a: "Equip [cost]": attach to target creature you control, only as a sorcery. */
      equip: z.boolean().default(false),
      /** CR 702.28a: "Cycling [cost]": "[cost], Discard this card: Draw a card.", only while the card is in a hand. */
      cycling: z.boolean().default(false),
      /** CR 702.106a: "Outlast [cost]": "[cost], {T}: Put a +1/+1 counter on this creature.", only as a sorcery. */
      outlast: z.boolean().default(false),
    })
    .strict(),
  /** CR 508.1d / 509.1b restrictions. */
  z.object({ kind: z.literal('cant-block') }).strict(),
  z.object({ kind: z.literal('cant-attack-unless-defender-controls'), subtype: SubtypeSchema }).strict(),
  z.object({ kind: z.literal('cant-be-blocked-by-power-at-most'), power: z.number().int() }).strict(),
]);
export type Ability = z.infer<typeof AbilitySchema>;

export const MtgCardSchema = z
  .object({
    id: CardIdSchema,
    name: LabelSchema,
    /** CR 202: absent for lands (no mana cost). */
    manaCost: z.array(ManaSymbolSchema).optional(),
    supertypes: z.array(SupertypeSchema).default([]),
    types: z.array(CardTypeSchema).min(1),
    subtypes: z.array(SubtypeSchema).default([]),
    /** CR 208: creatures only; "*" (208.2a) when a characteristic-defining ability (`starPT`) sets it. */
    power: z.union([z.number().int(), z.literal('*')]).optional(),
    toughness: z.union([z.number().int(), z.literal('*')]).optional(),
    /**
     * CR 604.3, 613.3a (layer 7a): "[This]'s power and toughness are each equal to the number of …": a
     * characteristic-defining ability, counting permanents on the battlefield (it works in every zone).
     */
    starPT: z.object({ count: StarCountSchema }).strict().optional(),
    /** CR 614.1d: "[this permanent] enters the battlefield tapped" (a replacement effect, not a trigger, 603.6d). */
    entersTapped: z.boolean().default(false),
    /** CR 614.1c: "[this permanent] enters the battlefield with N [kind] counters on it". */
    entersWithCounters: z
      .object({ counter: z.enum(['+1/+1', '-1/-1']), count: z.number().int().min(1) })
      .strict()
      .optional(),
    /**
     * CR 706.5, 614.1c: "You may have [this] enter the battlefield as a copy of any creature on the battlefield": a
     * replacement effect whose choice is made as the permanent enters (706.6), not a target.
     */
    entersAsCopy: z.literal('any-creature').optional(),
    /** CR 303.4a: an Aura's enchant ability: what it may be attached to (and what the Aura spell targets). */
    enchant: TargetSchema.optional(),
    /** CR 110.5: a token's definition (created by effects, never in a deck). */
    token: z.boolean().default(false),
    /**
     * CR 101.1, 100.2a: "A deck can have any number of cards named [this]." The card's text wins over the four-copy
     * limit (ruling D3); it is not an ability of the object in play, only a rule of deck construction.
     */
    anyNumberInDeck: z.boolean().default(false),
    /** CR 110.5b, 105.2: a token's colours, as the effect that creates it names them (a token has no mana cost). */
    colors: z
      .array(z.enum(['W', 'U', 'B', 'R', 'G']))
      .min(1)
      .optional(),
    /** CR 702.134a: "Afterlife N": when this permanent dies, create N 1/1 white and black Spirit tokens with flying. */
    afterlife: z.number().int().min(1).optional(),
    /** CR 209: planeswalkers only. */
    loyalty: z.number().int().min(0).optional(),
    keywords: z.array(KeywordSchema).default([]),
    /** CR 117.8, 601.2b: "As an additional cost to cast this spell, sacrifice a creature." */
    additionalCost: z
      .object({ sacrifice: z.literal('creature') })
      .strict()
      .optional(),
    /** Instants and sorceries: what happens on resolution (608.2). */
    effects: z.array(EffectSchema).default([]),
    /**
     * CR 702.33a: "Flashback [cost]": this instant or sorcery may be cast from its owner's graveyard by paying this
     * cost instead of its mana cost; cast that way, it is exiled instead of going anywhere else as it leaves the stack.
     */
    flashback: z.array(ManaSymbolSchema).min(1).optional(),
    /** CR 702.32a: "Kicker [cost]": an optional additional cost declared in 601.2b and paid in 601.2f-h. */
    kicker: z.array(ManaSymbolSchema).min(1).optional(),
    /**
     * CR 702.32, 607.2h: what a kicked spell does besides ("If this spell was kicked, …"): more effects of an instant
     * or sorcery (without targets: 601.2c targets that exist only when kicked are not supported), or counters a
     * permanent enters with (614.1c).
     */
    kicked: z
      .object({
        effects: z.array(BaseEffect).min(1).optional(),
        entersWithCounters: z
          .object({ counter: z.enum(['+1/+1', '-1/-1']), count: z.number().int().min(1) })
          .strict()
          .optional(),
      })
      .strict()
      .optional(),
    abilities: z.array(AbilitySchema).default([]),
    text: IntendedTextSchema,
  })
  .strict()
  .superRefine((card, ctx) => {
    const need = (ok: boolean, message: string) => ok || ctx.addIssue({ code: 'custom', message });
    const is = (t: CardType) => card.types.includes(t);
    need(
      is('creature') === (card.power !== undefined && card.toughness !== undefined),
      'creatures, and only creatures, have power and toughness (CR 208)',
    );
    const star = card.power === '*' || card.toughness === '*';
    need(
      star === (card.starPT !== undefined) && (!star || (card.power === '*' && card.toughness === '*')),
      'a creature with "*" power and toughness, and only one, has the ability that defines its power and toughness (CR 604.3, 208.2a)',
    );
    need(
      is('planeswalker') === (card.loyalty !== undefined),
      'planeswalkers, and only planeswalkers, have loyalty (CR 209)',
    );
    // Stage C stays out of the pool (issue 17): the engine does not play planeswalkers (CR 306, 606).
    need(!is('planeswalker'), 'planeswalkers (CR 306) are not supported yet: UnsupportedRule 306');
    need(
      (is('land') || card.token) === (card.manaCost === undefined),
      'lands and tokens have no mana cost; every other card has one (CR 202.1, 110.5c)',
    );
    const spell = is('instant') || is('sorcery');
    need(spell || card.effects.length === 0, 'only instants and sorceries have spell effects (CR 608.2)');
    need(!spell || card.effects.length > 0, 'an instant or sorcery needs at least one effect');
    need(!card.additionalCost || spell, 'only an instant or sorcery has this additional cost here');
    need(!card.flashback || spell, "flashback is an instant's or a sorcery's (CR 702.33a)");
    need((card.kicker === undefined) === (card.kicked === undefined), 'a kicker cost and its "if kicked" go together');
    if (card.kicked) {
      need(
        spell ? !card.kicked.entersWithCounters && !!card.kicked.effects : !card.kicked.effects,
        'a kicked instant or sorcery has more effects; a kicked permanent enters with counters',
      );
      for (const e of card.kicked.effects ?? [])
        need(!('to' in e) || typeof e.to === 'string', '"if kicked" effects have no targets here (CR 601.2c)');
    }
    need(
      !card.entersAsCopy || (is('creature') && !card.token),
      'only a creature card enters as a copy here (CR 706.5)',
    );
    need(!card.colors || card.token, 'only a token names its colours; a card has those of its mana cost (CR 105.2)');
    need(!card.anyNumberInDeck || !card.token, 'a token is never in a deck (CR 110.5)');
    need(!card.afterlife || is('creature'), "afterlife is a creature's here (CR 702.134a)");
    const aura = card.subtypes.includes('Aura');
    const equipment = card.subtypes.includes('Equipment');
    need(aura === (card.enchant !== undefined), 'an Aura, and only an Aura, has an enchant ability (CR 303.4a)');
    need(!aura || is('enchantment'), 'an Aura is an enchantment (CR 303.4)');
    need(!equipment || is('artifact'), 'an Equipment is an artifact (CR 301.5)');
    for (const a of card.abilities) {
      if (a.kind === 'static' && a.affects === 'attached')
        need(aura || equipment, '"enchanted/equipped creature" needs an Aura or an Equipment');
      if (a.kind === 'activated' && a.equip)
        need(
          equipment &&
            a.effects.length === 1 &&
            a.effects[0]?.do === 'attach' &&
            a.effects[0].to.target === 'creature' &&
            a.effects[0].to.restriction === 'you-control',
          'equip is an Equipment\'s "attach to target creature you control" (CR 702.6a)',
        );
    }
    for (const a of card.abilities)
      if (a.kind === 'triggered')
        need(
          (a.when === 'state') === (a.state !== undefined),
          'a state trigger, and only one, names its state (CR 603.8)',
        );
    for (const a of card.abilities) {
      if (a.kind !== 'activated') continue;
      if (a.cycling)
        need(
          !a.equip &&
            !a.outlast &&
            !a.cost.tap &&
            !a.cost.life &&
            !a.cost.sacrificeSelf &&
            a.cost.mana.length > 0 &&
            a.effects.length === 1 &&
            a.effects[0]?.do === 'draw' &&
            a.effects[0].count === 1 &&
            !card.token,
          'cycling is "[mana], Discard this card: Draw a card." (CR 702.28a)',
        );
      if (a.outlast)
        need(
          is('creature') &&
            !a.equip &&
            a.cost.tap &&
            !a.cost.life &&
            !a.cost.sacrificeSelf &&
            a.effects.length === 1 &&
            a.effects[0]?.do === 'add-counters' &&
            a.effects[0].counter === '+1/+1' &&
            a.effects[0].count === 1 &&
            a.effects[0].to === 'self',
          'outlast is a creature\'s "[mana], {T}: Put a +1/+1 counter on this creature." (CR 702.106a)',
        );
    }
    for (const a of card.abilities)
      if (a.kind === 'static')
        need(
          a.power !== 0 ||
            a.toughness !== 0 ||
            a.keywords.length > 0 ||
            a.basePT !== undefined ||
            !!a.colors ||
            !!a.addSubtypes ||
            a.control ||
            a.loseAllAbilities,
          'a static ability changes control, types, power, toughness, keywords, abilities or colours (CR 604.1)',
        );
    for (const a of card.abilities)
      if (a.kind === 'static' && a.loseAllAbilities)
        // A filtered "lose all abilities" would reach permanents as they enter (614.12), which the engine does not
        // look at; an Aura's is locked to what it enchants (ruling B36).
        need(
          aura && a.affects === 'attached' && a.keywords.length === 0 && !a.control,
          '"loses all abilities" is an Aura\'s "enchanted creature" ability here (CR 613.1f)',
        );
    for (const a of card.abilities)
      if (a.kind === 'static' && a.control)
        need(
          aura &&
            a.affects === 'attached' &&
            a.power === 0 &&
            a.toughness === 0 &&
            a.keywords.length === 0 &&
            !a.basePT &&
            !a.colors &&
            !a.addSubtypes,
          '"You control enchanted creature" is an Aura\'s whole static ability here (CR 613.1b)',
        );
  });
export type MtgCard = z.infer<typeof MtgCardSchema>;

export const MtgCardFileSchema = z.object({ game: z.literal('mtg'), cards: z.array(MtgCardSchema).min(1) }).strict();
