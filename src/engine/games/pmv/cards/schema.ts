// Phantom Magic Vision card data (rules v2.05), as the future PMV engine will read it. Section numbers are the
// rules document's (§2.4 …). The effect vocabulary covers the digest's sample cards; a `code` escape names the rest.
import { z } from 'zod';
import { CardIdSchema, CodeEscapeSchema, IntendedTextSchema, LabelSchema } from '../../../core/card-data.ts';

/** §2.2: a card has exactly one type. */
export const CardTypeSchema = z.enum(['character', 'spell', 'command']);
export type CardType = z.infer<typeof CardTypeSchema>;

/** §2.6.2: the 18 races ("none" is the absence of any). */
export const RACES = [
  'human',
  'youkai',
  'fairy',
  'magician',
  'kappa',
  'vampire',
  'makai',
  'ghost',
  'tengu',
  'shinigami',
  'enma',
  'god',
  'beast',
  'oni',
  'celestial',
  'dragon',
  'hermit',
  'little-folk',
] as const;
export const RaceSchema = z.enum(RACES);
export type Race = z.infer<typeof RaceSchema>;

/** §10.2–10.34: keyword abilities (tactics and special effects). */
export const KEYWORDS = [
  'haste', // 10.2
  'ambush', // 10.3
  'first-strike', // 10.4
  'pierce', // 10.5
  'stealth', // 10.6
  'vigilance', // 10.7
  'instant-death', // 10.8
  'doll', // 10.9
  'legend', // 10.10
  'resistance', // 10.11 (race)
  'mana-charge', // 10.12 (x)
  'equip', // 10.13
  'talisman', // 10.14
  'equip-field', // 10.15
  'phantasmal-creature', // 10.16
  'world-talisman', // 10.17
  'spell-card-one', // 10.18
  'spell-card-two', // 10.19
  'link', // 10.20 (names)
  'one-per-turn', // 10.21
  'your-turn-only', // 10.22
  'opponents-turn-only', // 10.23
  'one-per-deck', // 10.24
  'sacred-treasure', // 10.25
  'resist', // 10.26 (x)
  'upkeep-cost', // 10.27 (x)
  'transform', // 10.28
  'blessing', // 10.29 (x)
  'last-spell', // 10.30
  'sealed-art', // 10.31
  'last-word', // 10.32
  'overdrive', // 10.33
  'leader', // 10.34
] as const;
export const KeywordNameSchema = z.enum(KEYWORDS);
export type KeywordName = z.infer<typeof KeywordNameSchema>;

/** Keywords written with a number X (§10.12, 10.26, 10.27, 10.29). */
export const KEYWORDS_WITH_X: readonly KeywordName[] = ['mana-charge', 'resist', 'upkeep-cost', 'blessing'];

export const KeywordSchema = z
  .object({
    keyword: KeywordNameSchema,
    x: z.number().int().min(0).optional(),
    /** 耐性A (§10.11): the race A. */
    race: RaceSchema.optional(),
    /** 連結 (§10.20): the names A, B, … */
    names: z.array(LabelSchema).min(2).optional(),
  })
  .strict()
  .superRefine((k, ctx) => {
    const need = (ok: boolean, message: string) => ok || ctx.addIssue({ code: 'custom', message });
    need(
      KEYWORDS_WITH_X.includes(k.keyword) === (k.x !== undefined),
      `${k.keyword}: X is required for (and only for) ${KEYWORDS_WITH_X.join(', ')}`,
    );
    need(
      (k.keyword === 'resistance') === (k.race !== undefined),
      `${k.keyword}: a race is required for (and only for) resistance (§10.11)`,
    );
    need(
      (k.keyword === 'link') === (k.names !== undefined),
      `${k.keyword}: names are required for (and only for) link (§10.20)`,
    );
  });
export type Keyword = z.infer<typeof KeywordSchema>;

/** §8.2: what an effect aims at. `target` is chosen at play (目標); the others are not targets. */
export const AimSchema = z.enum([
  'target-character',
  'target-your-character',
  'target-your-sleeping-character',
  'target-player',
  'target-card-being-played',
  'target-opponents-hand',
  /** A character whose card's COST is 3 or less (§2.4.3; X counts as 0). */
  'target-character-cost-3-or-less',
  'self',
  'each-character-on-opponents-fields',
  /** §5.3 (Mirror Recital): a spell card without World Talisman in your netherworld. */
  'target-spell-in-your-netherworld',
  /** Mirror Recital's second mode: a spell card with World Talisman in your netherworld (§10.17). */
  'target-world-talisman-in-your-netherworld',
]);
export type Aim = z.infer<typeof AimSchema>;

/** §4.1.1: the phases of a turn that have a priority window (turn start and turn end are not phases, §4.2.3.a). */
export const TurnPhaseSchema = z.enum(['active', 'maintenance', 'draw', 'main', 'discard']);

const BaseEffect = z.discriminatedUnion('do', [
  /** §1.10: effect damage (not battle damage); 'X' is the X paid for the card's COST (§1.8.7.h). */
  z
    .object({
      do: z.literal('effect-damage'),
      amount: z.union([z.number().int().min(1), z.literal('X')]),
      to: AimSchema,
    })
    .strict(),
  /** §6.1.10–6.1.14: battle-power modifiers; 0 is "±0", no modifier. */
  z
    .object({
      do: z.literal('modify'),
      to: AimSchema,
      atk: z.number().int(),
      def: z.number().int(),
      until: z.enum(['end-of-turn', 'end-of-battle']),
    })
    .strict(),
  /** §1.6.4: the battle power is treated as these numbers only, its own value and modifiers not considered (P56). */
  z
    .object({
      do: z.literal('treat-as'),
      to: AimSchema,
      atk: z.number().int().min(0).optional(),
      def: z.number().int().min(0).optional(),
      until: z.enum(['end-of-turn', 'end-of-battle']),
    })
    .strict(),
  /**
   * §12.6: the top `count` cards of a deck into its owner's netherworld, as far as possible: with fewer, all there
   * are, and the clause is done (not a partial failure of §7.1.12; P59).
   */
  z
    .object({
      do: z.literal('deck-to-netherworld'),
      count: z.number().int().min(1),
      who: z.enum(['you', 'opponent']),
      asFarAsPossible: z.literal(true),
    })
    .strict(),
  z.object({ do: z.literal('draw'), count: z.number().int().min(1), who: z.enum(['you', 'each-player']) }).strict(),
  z.object({ do: z.literal('gain-lp'), amount: z.number().int().min(1) }).strict(), // §1.12
  z.object({ do: z.literal('pay-lp'), amount: z.number().int().min(1) }).strict(), // §1.9.4
  z.object({ do: z.literal('sleep-all'), to: z.literal('each-character-on-opponents-fields') }).strict(), // §11.5
  z.object({ do: z.literal('cancel-attack') }).strict(), // §6.3.6
  /** §4.10.1 end the turn, §4.10.2 end the phase. */
  z.object({ do: z.literal('end-turn') }).strict(),
  z.object({ do: z.literal('end-phase') }).strict(),
  /** §6.4.7: the defense in progress is cancelled; the battle goes on. */
  z.object({ do: z.literal('cancel-defense') }).strict(),
  /** §6.4.5: the character defends against the attack in progress (without going to sleep). */
  z.object({ do: z.literal('defend'), to: z.literal('target-your-character') }).strict(),
  /** §1.9.7: a player's LP become a value: neither a gain nor a loss. */
  z.object({ do: z.literal('set-lp'), amount: z.number().int().min(0), who: z.enum(['you', 'opponent']) }).strict(),
  /** §4.10.5: that player's next phase of this kind does not occur. */
  z.object({ do: z.literal('skip-phase'), phase: TurnPhaseSchema, who: z.enum(['you', 'opponent']) }).strict(),
  /** §4.10.3: after the current phase, an extra phase of this kind, then the phase that would have come. */
  z.object({ do: z.literal('extra-phase'), phase: TurnPhaseSchema }).strict(),
  /** §1.10.16: the character receives no damage this turn. */
  z.object({ do: z.literal('receives-no-damage'), to: AimSchema }).strict(),
  /** §9.2.2.c: the character becomes doomed by this effect. */
  z.object({ do: z.literal('make-doomed'), to: AimSchema }).strict(),
  z.object({ do: z.literal('nullify-play'), to: z.literal('target-card-being-played') }).strict(), // §5.2.5
  z.object({ do: z.literal('make-active'), to: z.literal('target-your-sleeping-character') }).strict(), // §11.5
  z.object({ do: z.literal('attack'), to: z.literal('target-your-character') }).strict(), // §6.3.5 effect attack
  /** α restrictions: can't attack or defend (§6.2), doesn't become doomed (§9.2), not a target of commands (§8.2). */
  z
    .object({
      do: z.literal('cannot'),
      what: z.enum(['attack', 'defend', 'become-doomed', 'be-targeted-by-opponents-commands']),
    })
    .strict(),
  /** α battle-power modifiers with no end (§6.1.10–6.1.14, §7.6.1 dynamic membership for a race). */
  z
    .object({
      do: z.literal('static-modify'),
      who: z.union([z.enum(['self', 'your-other-characters']), z.object({ race: RaceSchema }).strict()]),
      atk: z.number().int(),
      def: z.number().int(),
    })
    .strict(),
  /** §1.6.5: α "this character's ATK/DEF never becomes `floor` or less": at or below it, it is `floor` + 1 (P57). */
  z.object({ do: z.literal('never-below'), stat: z.enum(['atk', 'def']), floor: z.number().int() }).strict(),
  /**
   * §11.2.2.a: α "if this card would be put into the netherworld from the field, put it into the excluded area
   * instead" (a placing replaced, not an exclusion of §9.4: P58).
   */
  z.object({ do: z.literal('place-instead'), into: z.literal('netherworld'), instead: z.literal('excluded') }).strict(),
  CodeEscapeSchema,
]);
/** §5.2.3.c, §7.1.15: "Choose one:" modes. */
const Modal = z.object({ do: z.literal('choose-one'), modes: z.array(z.array(BaseEffect).min(1)).min(2) }).strict();
export const EffectSchema = z.union([BaseEffect, Modal]);
export type BaseEffect = z.infer<typeof BaseEffect>;
export type TurnPhase = z.infer<typeof TurnPhaseSchema>;
export type Effect = z.infer<typeof EffectSchema>;

export const AbilitySchema = z.discriminatedUnion('kind', [
  /**
   * §7.3: `(timing) cost: effect`; the cost is nodes (①), the sleep icon (S, §1.8.8) and/or LP paid (§1.8.6): a
   * fixed number (§1.9.4.a: payable even above the player's LP) or X, an amount the player chooses, from 0 to their
   * LP (§1.9.4.b), that the effect's X reads.
   */
  z
    .object({
      kind: z.literal('activated'),
      timing: z.enum(['always', 'your-turn', 'opponents-turn']),
      cost: z
        .object({
          nodes: z.number().int().min(0).default(0),
          sleep: z.boolean().default(false),
          lp: z.union([z.number().int().min(0), z.literal('X')]).default(0),
        })
        .strict(),
      effects: z.array(EffectSchema).min(1),
    })
    .strict(),
  /** §7.4: auto effects of class α (continuous), β (rule-like) or γ (triggered). */
  z
    .object({
      kind: z.literal('auto'),
      class: z.enum(['alpha', 'beta', 'gamma']),
      when: z
        .enum([
          'defends',
          'deals-battle-damage-to-player',
          'has-attacked',
          'entered-field',
          'turn-end',
          'another-of-yours-would-be-doomed',
          'deals-damage', // §1.10.12.d: this character dealt damage (battle or effect)
          'receives-damage', // §1.10.12.e: this character received damage
          'discarded', // §9.3.4.d: this character was discarded (doomed ones too, §9.2.3.e)
          'excluded', // §9.4.4.d: this character was excluded from the game
          'your-played-card-resolved', // §5.2.4.c, §5.3.2.f: the effect of a card its player played resolved
          'would-deal-damage', // §1.10.12.a: this character is dealing damage (before it is applied)
          'would-receive-damage', // §1.10.12.b: this character is receiving damage (before it is applied)
          'discards-a-card', // §9.3.4.a: this card's effect is discarding a field card
          'being-discarded', // §9.3.4.b: this character is being discarded
          'has-discarded-a-card', // §9.3.4.c: this card's effect discarded a field card
          'excludes-a-card', // §9.4.4.a: this card's effect is excluding a field card
          'being-excluded', // §9.4.4.b: this character is being excluded
          'has-excluded-a-card', // §9.4.4.c: this card's effect excluded a field card
          'makes-a-character-doomed', // §9.2.3.a: this card's effect is making a character doomed
          'has-made-a-character-doomed', // §9.2.3.c: this card's effect made a character doomed
        ])
        .optional(),
      effects: z.array(EffectSchema).min(1),
      /** §12.4: printed inside 【】, cannot be nullified. */
      unnullifiable: z.boolean().default(false),
    })
    .strict(),
]);
export type Ability = z.infer<typeof AbilitySchema>;

/** §2.4: required nodes and cost; "nullity" means both are 0 (§2.4.4). */
export const NodeCostSchema = z.union([
  z.object({ node: z.number().int().min(0), cost: z.union([z.number().int().min(0), z.literal('X')]) }).strict(),
  z.literal('nullity'),
]);

/** §2.17: the transformation description (printed upside down). */
export const TransformationSchema = z
  .object({
    name: LabelSchema,
    races: z.array(RaceSchema).default([]),
    graze: z.number().int().min(0),
    atk: z.number().int().min(0),
    def: z.number().int().min(0),
    abilities: z.array(AbilitySchema).default([]),
  })
  .strict();

/** §2.13.4–2.13.5: a Leader's popularity boxes. */
export const PopularitySchema = z
  .object({
    tier: z.enum(['penalty', 'normal', 'bonus', 'explosion']),
    abilities: z.array(AbilitySchema).min(1),
  })
  .strict();

export const PmvCardSchema = z
  .object({
    id: CardIdSchema,
    name: LabelSchema,
    type: CardTypeSchema,
    nodeCost: NodeCostSchema,
    /** §2.5: spells (and the keywords that read it) name a caster. */
    caster: LabelSchema.optional(),
    races: z.array(RaceSchema).default([]),
    /** §2.7: "N characters of race R". */
    alternativeRace: z
      .object({ race: RaceSchema, count: z.number().int().min(1) })
      .strict()
      .optional(),
    /** §2.8: characters; absent means 0. */
    graze: z.number().int().min(0).optional(),
    /** §2.9: effect range and duration icons (no rules meaning, but effects may refer to them). */
    icons: z
      .object({
        range: z.enum(['target', 'multiple', 'player', 'modal', 'other']),
        duration: z.enum(['instant', 'continuous', 'equip', 'talisman', 'world']),
      })
      .strict()
      .optional(),
    /** §2.10–2.11: battle power; a modifier (equips, talismans) when `modifier` is true. */
    atk: z.number().int().optional(),
    def: z.number().int().optional(),
    modifier: z.boolean().default(false),
    /** §2.16: sideboard cards (弐符). */
    sideboard: z.boolean().default(false),
    keywords: z.array(KeywordSchema).default([]),
    /** Play text: what happens on resolution. */
    effects: z.array(EffectSchema).default([]),
    abilities: z.array(AbilitySchema).default([]),
    popularity: z.array(PopularitySchema).default([]),
    transformation: TransformationSchema.optional(),
    text: IntendedTextSchema,
  })
  .strict()
  .superRefine((card, ctx) => {
    const need = (ok: boolean, message: string) => ok || ctx.addIssue({ code: 'custom', message });
    const has = (k: KeywordName) => card.keywords.some((x) => x.keyword === k);
    if (card.type === 'character') {
      need(
        card.atk !== undefined && card.def !== undefined && !card.modifier,
        'characters have ATK and DEF (§2.10–2.11)',
      );
      need(card.icons === undefined, 'characters show graze, not the range and duration icons (§2.8.2)');
    } else {
      need(card.graze === undefined, 'only characters have graze (§2.8)');
      need(card.icons !== undefined, 'spells and commands show the range and duration icons (§2.9)');
    }
    need(
      !card.modifier || has('equip') || has('talisman'),
      'battle-power modifiers belong to equips and talismans (§2.10.2)',
    );
    need(card.type !== 'command' || card.caster === undefined, 'commands have no caster (§2.5)');
    need(card.popularity.length === 0 || has('leader'), 'popularity texts need the Leader keyword (§10.34)');
    need(!card.transformation || has('transform'), 'a transformation description needs the Transform keyword (§10.28)');
  });
export type PmvCard = z.infer<typeof PmvCardSchema>;

export const PmvCardFileSchema = z.object({ game: z.literal('pmv'), cards: z.array(PmvCardSchema).min(1) }).strict();
