import { z } from 'zod';

/** NOVA 102.3: the six colours. Colourless energy pays generic costs only (docs/rulings/nova.md, A6). */
export const COLORS = ['red', 'blue', 'green', 'white', 'black', 'colorless'] as const;
export const ColorSchema = z.enum(COLORS);
export type Color = z.infer<typeof ColorSchema>;

/** NOVA 103: coloured units per colour plus generic (不特定) units. */
export const CostSchema = z
  .object({
    red: z.number().int().min(0).default(0),
    blue: z.number().int().min(0).default(0),
    green: z.number().int().min(0).default(0),
    white: z.number().int().min(0).default(0),
    black: z.number().int().min(0).default(0),
    generic: z.number().int().min(0).default(0),
  })
  .strict();
export type Cost = z.infer<typeof CostSchema>;

/** NOVA 1001–1005: the four keywords. */
export const KeywordSchema = z.enum(['quick-chant', 'gale', 'pierce']);
export type Keyword = z.infer<typeof KeywordSchema>;

/**
 * What an effect acts on. `mode: "target"` is chosen when the card or ability is played and re-checked on
 * resolution (NOVA 804.2.2, 804.3.4); `mode: "choose"` is picked on resolution and cannot fizzle (804.4).
 */
export const SelectorSchema = z
  .object({
    what: z.enum([
      'servant',
      'servant-or-player',
      'player',
      'waiting-item',
      'destroyed-servant',
      'servant-or-character',
      /** A character on the field (NOVA 921: only characters retire). */
      'character',
    ]),
    side: z.enum(['any', 'yours', 'opponents']).default('any'),
    /** `each`: every servant that matches when the instruction is carried out, none chosen (NOVA 804.4 does not apply). */
    mode: z.enum(['target', 'choose', 'each']),
    /** "up to N": 0..N may be chosen (804.4.1.2); otherwise exactly 1. */
    upTo: z.number().int().min(1).optional(),
    /** Only cards in this state (NOVA 302): "a target frozen servant", "a standby servant". */
    state: z.enum(['frozen', 'standby']).optional(),
  })
  .strict();
export type Selector = z.infer<typeof SelectorSchema>;

/** Which players an instruction names: you, your opponent, or each player (turn player first). */
export const WhoSchema = z.enum(['you', 'opponent', 'each-player']);
export type Who = z.infer<typeof WhoSchema>;

/**
 * What an amount can count on resolution (NOVA 004.6): cards or servants now, or the number chosen earlier in the
 * same instructions (`choose-number`, 004.7).
 */
export const COUNTED = [
  'chosen-number',
  'your-servants',
  'opponents-servants',
  'your-graveyard',
  'your-hand',
  'opponents-hand',
  'your-energy-zone',
  'opponents-energy-zone',
  'opponents-graveyard',
  'your-main-deck',
] as const;
export const CountedSchema = z.enum(COUNTED);
export type Counted = z.infer<typeof CountedSchema>;

/**
 * An amount counted when the instruction is carried out ("100 for each ..."): `each` times the count of `per`, less
 * the count of `minus` when given. A result of 0 or less means the instruction is not carried out (NOVA 004.6).
 */
export const CountedAmountSchema = z
  .object({ each: z.number().int().min(1), per: CountedSchema, minus: CountedSchema.optional() })
  .strict();
export type CountedAmount = z.infer<typeof CountedAmountSchema>;
/** A fixed number (at least `min`), or an amount counted on resolution. */
const amount = (min: number) => z.union([z.number().int().min(min), CountedAmountSchema]);
export type Amount = number | CountedAmount;

/**
 * NOVA 407.6 "until end of turn", 405.7.3 "during the attack phase" (ended in the attack phase's end step), "until the
 * start of your next turn" (ended as the controller's next turn begins, before anything in it; ruling R92), "until
 * the end of your next turn" (ended at 407.6 of the controller's next turn that happens; ruling R98).
 */
export const UntilSchema = z.enum(['end-of-turn', 'end-of-attack-phase', 'your-next-turn', 'end-of-your-next-turn']);
export type Until = z.infer<typeof UntilSchema>;

/**
 * What a delayed trigger "at the start of your next turn" may do (NOVA 801.4.9): instructions with fixed amounts that
 * need no target, no choice and no card named earlier, so nothing is lost between its making and its resolution.
 */
export const DelayedInstructionSchema = z.discriminatedUnion('do', [
  z.object({ do: z.literal('draw'), count: z.number().int().min(1), who: z.literal('you') }).strict(),
  /** A target chosen as the delayed trigger is placed in the waiting area, as any automatic ability's (R119). */
  z
    .object({
      do: z.literal('damage'),
      amount: z.number().int().min(100),
      to: SelectorSchema.extend({ mode: z.literal('target') }).strict(),
    })
    .strict(),
  z.object({ do: z.literal('gain-life'), amount: z.number().int().min(1) }).strict(),
  z.object({ do: z.literal('lose-life'), who: WhoSchema, amount: z.number().int().min(1) }).strict(),
  z.object({ do: z.literal('mill'), who: WhoSchema, count: z.number().int().min(1) }).strict(),
]);

/** The effect vocabulary. Each entry is one instruction, carried out in order on resolution. */
export const EffectSchema = z.discriminatedUnion('do', [
  z.object({ do: z.literal('damage'), amount: amount(0), to: SelectorSchema }).strict(),
  z
    .object({
      do: z.literal('distribute-damage'),
      amount: z.number().int().min(100),
      unit: z.number().int().min(1),
      to: SelectorSchema,
    })
    .strict(),
  z.object({ do: z.literal('draw'), count: amount(1), who: z.enum(['you', 'chosen-player']) }).strict(),
  z.object({ do: z.literal('gain-life'), amount: amount(1) }).strict(),
  z.object({ do: z.literal('opponent-loses-life'), amount: z.number().int().min(1) }).strict(),
  /** NOVA 918.8: a player loses LP; not damage, so nothing that reduces or prevents damage applies (916, 917). */
  z.object({ do: z.literal('lose-life'), who: WhoSchema, amount: amount(1) }).strict(),
  /** NOVA 908: the top cards of a main deck go to its owner's graveyard; not a draw, so an empty deck loses nothing. */
  z.object({ do: z.literal('mill'), who: WhoSchema, count: amount(1) }).strict(),
  /**
   * NOVA 911: the named players each discard `count` cards of their choice from their hand, the turn player first
   * (004.5); with fewer in hand, all of them (004.6).
   */
  z.object({ do: z.literal('discard'), who: WhoSchema, count: amount(1) }).strict(),
  /**
   * NOVA 004.7: the controller chooses a whole number from 0 to `max` on resolution; later amounts of the same
   * instructions count it (`per: "chosen-number"`).
   */
  z.object({ do: z.literal('choose-number'), max: z.number().int().min(1).max(20) }).strict(),
  /** NOVA 904.2: freeze (a standby card becomes frozen; a frozen one stays so). */
  z.object({ do: z.literal('freeze'), to: SelectorSchema }).strict(),
  /** NOVA 904.1: make standby (a frozen card becomes standby). */
  z.object({ do: z.literal('make-standby'), to: SelectorSchema }).strict(),
  /** NOVA 908: put into the graveyard, which is not destroying (907): "is not destroyed" does not stop it. */
  z.object({ do: z.literal('send-to-graveyard'), to: SelectorSchema }).strict(),
  /** NOVA 916: the same damage to each servant on a side (and each player, with `players`), all at once. */
  z
    .object({
      do: z.literal('damage-each'),
      amount: z.number().int().min(0),
      side: z.enum(['any', 'yours', 'opponents']),
      players: z.boolean().default(false),
    })
    .strict(),
  z
    .object({
      do: z.literal('modify'),
      to: z.union([SelectorSchema, z.literal('self')]),
      atk: z.number().int(),
      hp: z.number().int(),
      until: UntilSchema,
      /** NOVA 004.6: "+atk/+hp for each ...": multiplied by this count on resolution; a count of 0 changes nothing. */
      per: CountedSchema.optional(),
    })
    .strict(),
  z
    .object({
      do: z.literal('grant-keyword'),
      to: SelectorSchema,
      keyword: KeywordSchema,
      until: UntilSchema,
    })
    .strict(),
  /**
   * NOVA 918.1: the cards become this race, losing the races they had; 918.2 with `gain`: they gain it besides.
   * Both last `until` (a continuous effect in timestamp order, 802.1.2.1.5).
   */
  z
    .object({
      do: z.literal('become-race'),
      to: z.union([SelectorSchema, z.literal('self')]),
      race: z.string().min(1),
      gain: z.boolean().default(false),
      until: UntilSchema,
    })
    .strict(),
  /** NOVA 918.1–918.3: the cards lose every race they have while the effect lasts (R95). */
  z
    .object({
      do: z.literal('lose-races'),
      to: z.union([SelectorSchema, z.literal('self')]),
      until: UntilSchema,
    })
    .strict(),
  /**
   * NOVA 918.1: the cards become this keyword: they lose every keyword they had at that point of the timestamp order
   * and have this one (802.1.2.1.5; a keyword gained later is had too), while the effect lasts.
   */
  z
    .object({
      do: z.literal('become-keyword'),
      to: z.union([SelectorSchema, z.literal('self')]),
      keyword: KeywordSchema,
      until: UntilSchema,
    })
    .strict(),
  /** NOVA 918.3: the cards lose this keyword while the effect lasts. */
  z
    .object({
      do: z.literal('lose-keyword'),
      to: z.union([SelectorSchema, z.literal('self')]),
      keyword: KeywordSchema,
      until: UntilSchema,
    })
    .strict(),
  z.object({ do: z.literal('destroy-all'), servants: z.boolean(), characters: z.boolean() }).strict(),
  z.object({ do: z.literal('add-energy'), color: ColorSchema, count: z.number().int().min(1) }).strict(),
  z.object({ do: z.literal('negate'), to: SelectorSchema }).strict(),
  z.object({ do: z.literal('negate-destruction'), to: SelectorSchema }).strict(),
  z
    .object({
      do: z.literal('add-counter'),
      counter: z.string().min(1),
      count: z.number().int().min(1),
      atk: z.number().int().default(0),
      hp: z.number().int().default(0),
      /** NOVA 919: on this card when absent; otherwise on each servant that matches (`mode: "each"` only, R118). */
      to: SelectorSchema.optional(),
    })
    .strict(),
  /**
   * NOVA 919.4: remove `count` counters of that name from this card and put as many on the target or chosen card
   * (fewer when this card has fewer, 004.6).
   */
  z
    .object({
      do: z.literal('move-counters'),
      counter: z.string().min(1),
      count: z.number().int().min(1),
      to: SelectorSchema,
    })
    .strict(),
  z
    .object({ do: z.literal('raise-limit-level'), amount: z.number().int().min(1), until: z.literal('end-of-turn') })
    .strict(),
  z.object({ do: z.literal('win-if-characters'), count: z.number().int().min(1) }).strict(),
  z.object({ do: z.literal('retire-self') }).strict(),
  /** NOVA 921.1: the target, chosen or each character on the field goes to its owner's retired area (R120). */
  z.object({ do: z.literal('retire'), to: SelectorSchema }).strict(),
  /** NOVA 902.13: "you may send this card to the graveyard. If you do, ...": a cost paid on resolution. */
  z.object({ do: z.literal('may-send-self-to-graveyard') }).strict(),
  /** NOVA 303.3, 303.6: look at the top cards of your main deck (you alone) and put them back in any order. */
  z.object({ do: z.literal('look-and-reorder-top'), count: z.number().int().min(1) }).strict(),
  /**
   * NOVA 910, 905.6: reveal the top card of your main deck; if it is a card of the `take` type, put it into your hand
   * (not a draw); otherwise it stays on top, and both players know it until the deck is shuffled (R86).
   */
  z.object({ do: z.literal('reveal-top'), take: z.enum(['servant', 'spell', 'magic-item']) }).strict(),
  /** NOVA 920.1: shuffle your main deck (its order becomes random; nobody knows it any more). */
  z.object({ do: z.literal('shuffle-deck') }).strict(),
  /** NOVA 306: put a servant into the exclusion zone; "that card" afterwards is the new object there (301.9). */
  z.object({ do: z.literal('exile'), to: SelectorSchema }).strict(),
  /** NOVA 801.4.9: a delayed trigger at the start of the next end phase that returns "that card" (the exiled one). */
  z.object({ do: z.literal('return-at-next-end-phase') }).strict(),
  /** The delayed trigger's instruction: "that card" from the exclusion zone onto its owner's field (801.4.9.3). */
  z.object({ do: z.literal('put-onto-owners-field') }).strict(),
  /** "Destroy that servant": the card the trigger refers to, only while it is the same object (NOVA 801.4.8). */
  /** NOVA 907: destroy "that servant" (the trigger's, 801.4.8) or a chosen or targeted servant. */
  z.object({ do: z.literal('destroy'), to: z.union([z.literal('that-card'), SelectorSchema]) }).strict(),
  /** NOVA 801.4.7 / 902.13: "you may choose ..."; the effects marked `ifChosen` happen only if something was chosen. */
  z.object({ do: z.literal('may-choose'), to: SelectorSchema }).strict(),
  /** NOVA 923: double this card's ATK or HP until end of turn (an increase fixed on resolution, 923.1.1). */
  z
    .object({
      do: z.literal('double'),
      stat: z.enum(['atk', 'hp']),
      until: z.literal('end-of-turn'),
      ifChosen: z.boolean().default(false),
    })
    .strict(),
  /** NOVA 922: this card and the servant chosen by the last "may-choose" battle (only if one was chosen). */
  z.object({ do: z.literal('battle'), with: z.literal('chosen') }).strict(),
  /** NOVA 301.9.1: gain control of the target until end of turn; a servant also gains `servantGains` (e.g. Gale). */
  z
    .object({
      do: z.literal('gain-control'),
      to: SelectorSchema,
      until: z.literal('end-of-turn'),
      servantGains: z.array(KeywordSchema).default([]),
    })
    .strict(),
  /** NOVA 917.1.1: the next time damage would be dealt to the chosen servant this turn, reduce it by `amount`. */
  z.object({ do: z.literal('shield'), to: SelectorSchema, amount: z.number().int().min(100) }).strict(),
  /**
   * NOVA 401.3, 925.1: skip a phase: "this-turn" is this turn's attack phase (401.3.1's example, with "if you do, draw
   * N" as `thenDraw`), "opponents-next" / "yours-next" that player's next phase of the kind (R90, R94), or with
   * `phase: "turn"` that player's next turn (R50, R103).
   */
  z
    .object({
      do: z.literal('skip-phase'),
      /** `main`: the next main phase, 1 or 2 (R94). */
      phase: z.enum(['standby', 'draw', 'main', 'attack', 'end', 'turn']),
      whose: z.enum(['this-turn', 'opponents-next', 'yours-next']),
      thenDraw: z.number().int().min(1).optional(),
    })
    .strict(),
  /**
   * NOVA 401.3, 925.1: skip that player's next block declaration step (405.5): the next attack in that player's turn
   * goes from its declaration straight to battle, unblocked (ruling R104); or the next attack phase start or end step
   * (405.3, 405.7; R111). The attack declaration and battle resolution steps cannot be skipped (the attack would be
   * undefined, R104).
   */
  z
    .object({
      do: z.literal('skip-step'),
      step: z.enum(['block', 'attack-start', 'attack-end', 'attack-declare', 'battle']),
      whose: z.enum(['opponents-next', 'yours-next']),
    })
    .strict(),
  /** NOVA 401.2: "after this main phase, add an attack phase". */
  z.object({ do: z.literal('add-attack-phase') }).strict(),
  /**
   * NOVA 401.2: "after this main phase, add a main / draw / standby / end phase": on a spell without Quick Chant, so
   * it resolves in a main phase (R122, R125).
   */
  z.object({ do: z.literal('add-phase'), phase: z.enum(['main', 'draw', 'standby', 'end']) }).strict(),
  /** NOVA 801.4.9, 925.1.2: a delayed trigger "at the start of the next attack phase, draw N cards". */
  z.object({ do: z.literal('draw-at-next-attack-phase'), count: z.number().int().min(1) }).strict(),
  /**
   * NOVA 801.4.9: a delayed trigger "at the start of your next turn, ...", the controller's next turn whose standby
   * phase happens (925.1.1, 925.1.2; ruling R101).
   */
  z
    .object({ do: z.literal('at-your-next-turn-start'), effects: z.array(DelayedInstructionSchema).min(1).max(3) })
    .strict(),
  /**
   * NOVA 801.4.9: a delayed trigger "at the start of the next end phase / the next attack phase / your opponent's next
   * turn, ...", whoever's turn it is in (the opponent's: their next turn whose standby phase happens, 925.1.2), with
   * the same untargeted fixed instructions (ruling R116).
   */
  z
    .object({
      do: z.literal('at-next-start'),
      /** The next standby, draw or main phase (1 or 2) too, of either player (R119). */
      of: z.enum(['end-phase', 'attack-phase', 'opponents-turn', 'standby-phase', 'draw-phase', 'main-phase']),
      effects: z.array(DelayedInstructionSchema).min(1).max(3),
    })
    .strict(),
]);
export type Effect = z.infer<typeof EffectSchema>;

/** Instructions a card may give for "each servant" (`mode: "each"`; docs/rulings/nova.md R93). */
const EACH_INSTRUCTIONS: ReadonlySet<string> = new Set([
  'freeze',
  'make-standby',
  'send-to-graveyard',
  'destroy',
  'exile',
  'modify',
  'grant-keyword',
  // R118: control, counters and damage by `damage` (counted amounts, unlike `damage-each`).
  'gain-control',
  // R120: "each character ... retires" (on characters, not servants).
  'retire',
  'add-counter',
  'damage',
]);

/** The state triggers that need their `count` (NOVA 801.4.6). */
const STATE_COUNTS: ReadonlySet<string> = new Set([
  'your-graveyard-at-least',
  'your-life-at-most',
  'count-at-least',
  'count-at-most',
]);

/** Which of your servants a static ability affects. */
export const FilterSchema = z
  .object({
    others: z.boolean().default(false),
    race: z.string().optional(),
    keyword: KeywordSchema.optional(),
  })
  .strict();
export type Filter = z.infer<typeof FilterSchema>;

export const TRIGGER_EVENTS = [
  'enters-field',
  'attacks',
  /** NOVA 405.5.5: "when this card blocks". */
  'blocks',
  'destroyed',
  /** NOVA 405.6.3.2, 922.1: "when this card is destroyed in battle" (by 503 after battle damage). */
  'destroyed-in-battle',
  /** NOVA 801.4.6.1: "when this card becomes frozen" / "becomes standby": a change of state on the field only. */
  'becomes-frozen',
  'becomes-standby',
  /** NOVA 908.1: "when this card is sent to the graveyard" (by a send instruction or cost, not destruction, 908.2). */
  'sent-to-graveyard',
  /** NOVA 801.4.6.3: "when this card is dealt damage": only damage actually dealt (none reduced to 0, 917.1.2). */
  'dealt-damage',
  /** NOVA 801.4.6.3: "when you are dealt damage": this card's controller, by damage actually dealt (R91). */
  'you-dealt-damage',
  /** "Whenever a servant is destroyed in battle" (405.6.3.2): any servant, this one included (R89). */
  'any-servant-destroyed-in-battle',
  /** "Whenever a servant becomes frozen" (801.4.6.1): any servant on the field, this one included. */
  'any-servant-becomes-frozen',
  /** "Whenever a card is sent to the graveyard from the field" (908.1; not by destruction, 908.2). */
  'any-card-sent-to-graveyard',
  /** "Whenever a servant blocks" (405.5.5): any servant, this one included (R99). */
  'any-servant-blocks',
  /** "Whenever a servant becomes standby" (801.4.6.1): any servant on the field, the standby phase's too (R99). */
  'any-servant-becomes-standby',
  /** "Whenever a servant is dealt damage" (801.4.6.3): any servant, by damage actually dealt (R99). */
  'any-servant-dealt-damage',
  /** "When your opponent is dealt damage" (801.4.6.3): the opponent of this card's controller (R99). */
  'opponent-dealt-damage',
  'ally-servant-destroyed',
  'enemy-servant-destroyed',
  'your-end-phase',
  /** NOVA 405.7.1: "at the end of your attack phase", at the start of its end step. */
  'your-attack-phase-end',
  /** NOVA 407.1: "at the start of each end phase", the opponent's turns too. */
  'each-end-phase',
  'you-control-no-servants-at-end',
  'opponent-places-servant',
  'your-draw-phase',
  /** NOVA 402.1 (docs/rulings A20): "at the start of your turn", every turn, in the standby phase. */
  'your-turn-start',
  'your-energy-zone-at-least',
  'your-attack-declaration-start',
  /** A state trigger (NOVA 801.4.6, its own example): "when your hand becomes empty". */
  'your-hand-empty',
  /** A state trigger on a count of cards (NOVA 801.4.6.1.1, as the energy zone's): "when your graveyard has N or more". */
  'your-graveyard-at-least',
  /** A state trigger (NOVA 801.4.6, 801.4.6.1): "when your LP becomes N or less", only as LP goes from above N (R100). */
  'your-life-at-most',
  /**
   * State triggers on any count of cards (NOVA 801.4.6.1.1): "when (the `of` count) becomes `count` or more / or
   * fewer", again at each change that still meets it (R113).
   */
  'count-at-least',
  'count-at-most',
] as const;
export const TriggerEventSchema = z.enum(TRIGGER_EVENTS);
export type TriggerEvent = z.infer<typeof TriggerEventSchema>;

/** NOVA 801.3: an activated ability: "Act (cost): (effect)". */
export const ActivatedAbilitySchema = z
  .object({
    kind: z.literal('activated'),
    cost: z
      .object({
        energy: CostSchema.optional(),
        freezeSelf: z.boolean().default(false),
        sendSelfToGraveyard: z.boolean().default(false),
        /** NOVA 902.1, 306: "put this card from your field into the exclusion zone", a move cost (ruling R106). */
        exileSelf: z.boolean().default(false),
        removeCounters: z
          .object({ counter: z.string(), count: z.number().int().min(1) })
          .strict()
          .optional(),
        /** NOVA 902.3, 911: "discard N cards": chosen from the hand as the ability is played, paid with the rest (R97). */
        discard: z.number().int().min(1).max(3).optional(),
        /**
         * NOVA 902.1, 306: "put N cards from your graveyard into the exclusion zone": chosen from the graveyard as the
         * ability is played, paid with the rest (ruling R110).
         */
        exileFromGraveyard: z.number().int().min(1).max(3).optional(),
        /**
         * NOVA 902.1, 306: "put N cards from your hand into the exclusion zone": chosen from the hand as the ability is
         * played, paid with the rest (ruling R115).
         */
        exileFromHand: z.number().int().min(1).max(3).optional(),
      })
      .strict(),
    effects: z.array(EffectSchema).min(1),
    /** NOVA 801.6.4.1 (no target, adds energy), 801.6.3.2 (2nd; A37): resolves at once without the waiting area. */
    energyAbility: z.boolean().default(false),
  })
  .strict();
export type ActivatedAbility = z.infer<typeof ActivatedAbilitySchema>;

/** NOVA 802.1.3.1.3: an optional replacement's "put the top `mill` cards of your main deck into your graveyard. If you do, ...". */
const MILL_INSTEAD = {
  mill: z.number().int().min(1).max(5),
  ifYouDo: z.discriminatedUnion('do', [
    z.object({ do: z.literal('freeze-self') }).strict(),
    z.object({ do: z.literal('gain-life'), amount: z.number().int().min(100) }).strict(),
  ]),
};

export const AbilitySchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('triggered'),
      when: TriggerEventSchema,
      /** NOVA 902.8.2: "if that additional cost was paid": triggers only for an object whose optional cost was paid. */
      ifOptionalCostPaid: z.boolean().optional(),
      /** For the state triggers (NOVA 801.4.6): the number of cards, or of LP for 'your-life-at-most'. */
      count: z.number().int().min(1).optional(),
      /** For 'count-at-least' and 'count-at-most': which cards are counted (never the chosen number). */
      of: CountedSchema.optional(),
      effects: z.array(EffectSchema).min(1),
    })
    .strict(),
  ActivatedAbilitySchema,
  z
    .object({ kind: z.literal('static-buff'), filter: FilterSchema, atk: z.number().int(), hp: z.number().int() })
    .strict(),
  z.object({ kind: z.literal('static-race'), race: z.string().min(1) }).strict(),
  z.object({ kind: z.literal('static-keyword-while-character'), keyword: KeywordSchema }).strict(),
  z.object({ kind: z.literal('indestructible') }).strict(),
  /**
   * NOVA 802.1.3.1.2: "when this card leaves the field, it is put into the exclusion zone": a replacement effect on
   * the card's own zone change (the only such zone in the vocabulary).
   */
  z.object({ kind: z.literal('leaves-field-replacement'), to: z.literal('exclusion') }).strict(),
  /**
   * NOVA 802.1.3.1.1: "if this card would be destroyed, instead put it into the exclusion zone / send it to the
   * graveyard": a mandatory replacement; it is not destroyed (802.1.3.2.1), so nothing watching destruction triggers
   * (801.4.6.3; R96).
   */
  z.object({ kind: z.literal('destruction-replacement'), instead: z.enum(['exile', 'send-to-graveyard']) }).strict(),
  /**
   * NOVA 802.1.3.1.1: "if another servant you control would be destroyed, instead send it to its owner's graveyard /
   * put it into the exclusion zone": a mandatory replacement of other cards' destruction (rulings R107, R109); with
   * several on one destruction its controller chooses which applies (802.1.3.3.1, destruction.ts).
   */
  z
    .object({ kind: z.literal('ally-destruction-replacement'), instead: z.enum(['exile', 'send-to-graveyard']) })
    .strict(),
  /**
   * NOVA 802.1.3.1.3: "If this card / another servant you control would be destroyed, you may instead (choice). If you
   * do, (then)": an optional replacement of a destruction (ruling R109). The choice: put the servant about to be
   * destroyed into the exclusion zone (`exile-it`), or send this card itself to your graveyard
   * (`send-self-to-graveyard`; for `this`, the same card). `ifYouDo`: gain LP, or (guarding another servant by sending this
   * card) that servant gets +0/+N until end of turn.
   */
  z
    .object({
      kind: z.literal('optional-destruction-replacement'),
      protects: z.enum(['this', 'another-ally']),
      instead: z.enum(['exile-it', 'send-self-to-graveyard']),
      ifYouDo: z.discriminatedUnion('do', [
        z.object({ do: z.literal('gain-life'), amount: z.number().int().min(100) }).strict(),
        z.object({ do: z.literal('toughen'), hp: z.number().int().min(100) }).strict(),
      ]),
    })
    .strict(),
  /**
   * NOVA 802.1.3.1.3, 905.7: "If you would draw a card, you may instead put the top `mill` cards of your main deck into
   * your graveyard. If you do, draw `thenDraw` cards": an optional replacement of each of its controller's draws,
   * possible only while the deck has `mill` cards (802.1.3.4; docs/rulings/nova.md R82).
   */
  z
    .object({
      kind: z.literal('optional-draw-replacement'),
      mill: z.number().int().min(1).max(5),
      thenDraw: z.number().int().min(1).max(3),
    })
    .strict(),
  /**
   * NOVA 802.1.3.1.1, 905.7: "If you would draw a card, instead put the top `mill` cards of your main deck into your
   * graveyard, then draw `thenDraw` cards": a mandatory replacement of each of its controller's draws; with several
   * replacements on one draw the drawer chooses which applies first (802.1.3.3.2; docs/rulings/nova.md R105).
   */
  z
    .object({
      kind: z.literal('draw-replacement'),
      mill: z.number().int().min(1).max(5),
      thenDraw: z.number().int().min(1).max(3),
    })
    .strict(),
  /**
   * NOVA 802.1.3.1.3, 802.1.3.4: "If this card / you would be dealt damage, you may instead put the top `mill` cards of
   * your main deck into your graveyard. If you do, (freeze this card / gain N LP)": an optional replacement of the
   * whole damage, possible only while the deck has `mill` cards; asked before any reduction (ruling R117).
   */
  z
    .object({
      kind: z.literal('optional-damage-replacement'),
      protects: z.enum(['this', 'you']),
      ...MILL_INSTEAD,
    })
    .strict(),
  /**
   * NOVA 802.1.3.1.3, 802.1.3.4: "If this card would be sent from the field to the graveyard (908) / put into the
   * exclusion zone (306), you may instead put the top `mill` cards of your main deck into your graveyard. If you do,
   * (freeze this card / gain N LP)": an optional replacement of this card's move by an instruction or a cost; it stays
   * on the field. Possible only while the deck has `mill` cards (ruling R123).
   */
  z
    .object({
      kind: z.literal('optional-move-replacement'),
      move: z.enum(['send-to-graveyard', 'exile']),
      ...MILL_INSTEAD,
    })
    .strict(),
  /** NOVA 917.1: "if a spell would deal damage to a servant on your field, reduce that damage by N". */
  z.object({ kind: z.literal('reduce-spell-damage'), amount: z.number().int().min(100) }).strict(),
  z.object({ kind: z.literal('spell-cost-reduction'), color: ColorSchema, amount: z.number().int().min(1) }).strict(),
]);
export type Ability = z.infer<typeof AbilitySchema>;

const Names = z.object({ en: z.string().min(1), ja: z.string().min(1) }).strict();

export const NovaCardSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    name: Names,
    type: z.enum(['servant', 'spell', 'magic-item', 'character']),
    color: ColorSchema,
    cost: CostSchema.optional(),
    atk: z.number().int().optional(),
    hp: z.number().int().optional(),
    races: z.array(z.string()).default([]),
    affiliations: z.array(z.string()).default([]),
    keywords: z.array(KeywordSchema).default([]),
    /** Spells: what happens on resolution. */
    effects: z.array(EffectSchema).default([]),
    abilities: z.array(AbilitySchema).default([]),
    /** NOVA 902.8: a mandatory additional cost in life. */
    additionalLifeCost: z.number().int().min(1).optional(),
    /** NOVA 902.8.2: an optional additional cost: discard 1 card as you play it. */
    optionalDiscardCost: z.literal(1).optional(),
    /** NOVA 902.9: an optional alternative cost in life instead of the energy cost. */
    alternativeLifeCost: z.number().int().min(1).optional(),
    /** NOVA 505: "only one card with this name can exist on your field". */
    uniqueOnField: z.boolean().default(false),
    /** NOVA 912.2: while this card waits, nothing but automatic abilities can be placed in the waiting area. */
    locksWaitingArea: z.boolean().default(false),
    /** NOVA 1005: 【Equip】 with what it gives the equipped servant. */
    equip: z
      .object({
        /** NOVA 1005.2 (docs/rulings A15): the card type after the colon. */
        type: z.enum(['servant', 'character']),
        atk: z.number().int().default(0),
        hp: z.number().int().default(0),
        keywords: z.array(KeywordSchema).default([]),
        cantAttack: z.boolean().default(false),
        /** NOVA 004.3: activated abilities the equipped card has while this is attached. */
        grants: z.array(ActivatedAbilitySchema).default([]),
      })
      .strict()
      .optional(),
    /** NOVA 109–112: characters. */
    level: z.number().int().min(1).optional(),
    requiredEnergy: z
      .object({ color: ColorSchema, count: z.number().int().min(1) })
      .strict()
      .optional(),
    appearanceCondition: z
      .object({ graveyardAtLeast: z.number().int().min(1) })
      .strict()
      .optional(),
    appearanceLifeCost: z.number().int().min(1).optional(),
    /** NOVA 112, 904.4: appearance cost "freeze N standby cards in your energy zone". */
    appearanceFreezeEnergy: z.number().int().min(1).optional(),
    /** The rules text the card is meant to have; a test checks the generated text against it. */
    text: z.object({ en: z.string(), ja: z.string() }).strict(),
  })
  .strict()
  .superRefine((card, ctx) => {
    const need = (ok: boolean, message: string) =>
      ok || ctx.addIssue({ code: 'custom', message: `${card.id}: ${message}` });
    if (card.type === 'servant')
      need(card.atk !== undefined && card.hp !== undefined && !!card.cost, 'servants need cost, atk and hp');
    if (card.type === 'spell' || card.type === 'magic-item') need(!!card.cost, `${card.type}s need a cost`);
    if (card.type === 'character')
      need(
        card.level !== undefined && !!card.requiredEnergy && !card.cost,
        'characters need level and required energy, no cost',
      );
    if (card.equip) need(card.type === 'magic-item', 'only magic items have Equip');
    for (const a of card.abilities)
      if (a.kind === 'triggered' && STATE_COUNTS.has(a.when))
        need(a.count !== undefined, `"${a.when}" needs its count (NOVA 801.4.6)`);
    // NOVA 801.4.6.1.1: a state trigger on a count names a count of cards; nothing else reads `of` (R113).
    for (const a of card.abilities)
      if (a.kind === 'triggered') {
        const onCount = a.when === 'count-at-least' || a.when === 'count-at-most';
        need(
          onCount ? a.of !== undefined && a.of !== 'chosen-number' : a.of === undefined,
          '"count-at-least" and "count-at-most" (and only they) name the cards they count, not the chosen number (R113)',
        );
      }
    if (card.abilities.some((a) => a.kind === 'triggered' && a.when === 'destroyed-in-battle'))
      need(card.type === 'servant', 'only servants battle, so only they are destroyed in battle (NOVA 405.6.3.2)');
    if (card.abilities.some((a) => a.kind === 'destruction-replacement'))
      need(card.type === 'servant', 'only servants replace their destruction (a character retires, NOVA 504)');
    if (card.abilities.some((a) => a.kind === 'ally-destruction-replacement'))
      need(card.type === 'servant', 'only servants guard other servants from destruction (R107)');
    for (const a of card.abilities)
      if (a.kind === 'optional-destruction-replacement') {
        need(card.type === 'servant', 'only servants replace a destruction (a character retires, NOVA 504)');
        need(
          a.ifYouDo.do !== 'toughen' || (a.protects === 'another-ally' && a.instead === 'send-self-to-graveyard'),
          '"that servant gets +0/+N" only when it stays: another servant guarded by sending this card (R109)',
        );
      }
    if (card.abilities.some((a) => a.kind === 'optional-damage-replacement' && a.protects === 'this'))
      need(card.type === 'servant', 'only servants are dealt damage as cards (NOVA 916.1)');
    if (card.abilities.some((a) => a.kind === 'leaves-field-replacement'))
      need(card.type === 'servant', 'only servants replace leaving the field (a character retires, NOVA 504, R51)');
    if (card.abilities.some((a) => a.kind === 'optional-move-replacement')) {
      need(
        card.type === 'servant' || card.type === 'magic-item',
        'only servants and magic items replace their own move from the field (a character retires, NOVA 504)',
      );
      // Two replacements of one move would need the order of 802.1.3.3; and an energy ability's move cost is paid at
      // once, with no frame to ask in (actions.ts activateEnergyAbility).
      need(
        !card.abilities.some(
          (a) =>
            a.kind === 'leaves-field-replacement' ||
            (a.kind === 'activated' && a.energyAbility && (a.cost.exileSelf || a.cost.sendSelfToGraveyard)),
        ),
        'an optional move replacement on a card that also replaces leaving the field, or pays a move cost for energy, is not implemented (NOVA 802.1.3.3)',
      );
    }
    const effects = [
      ...card.effects,
      ...card.abilities.flatMap((a) => ('effects' in a ? a.effects : [])),
      ...(card.equip?.grants.flatMap((g) => g.effects) ?? []),
    ];
    for (const e of effects)
      if (e.do === 'skip-phase')
        need(
          e.whose === 'this-turn' ? e.phase === 'attack' : !e.thenDraw,
          'skip-phase: "this turn\'s attack phase" (with thenDraw), or either player\'s next phase of a kind or next turn (NOVA 401.3)',
        );
    // NOVA 801.6.4.1, 311.6.4: an energy ability adds energy without a target; one that also does something else, or
    // costs energy, is not implemented (actions.ts activateEnergyAbility).
    for (const a of [...card.abilities, ...(card.equip?.grants ?? [])])
      if (a.kind === 'activated' && a.energyAbility)
        need(
          !a.cost.energy &&
            !a.cost.discard &&
            !a.cost.exileFromGraveyard &&
            !a.cost.exileFromHand &&
            a.effects.every((e) => e.do === 'add-energy'),
          'an energy ability only adds energy and costs no energy (NOVA 801.6.4.1; more, 311.6.4, is not implemented)',
        );
    // A card leaves the field once: one move cost at most (NOVA 902.3, R106).
    for (const a of [...card.abilities, ...(card.equip?.grants ?? [])])
      if (a.kind === 'activated')
        need(
          !(a.cost.exileSelf && a.cost.sendSelfToGraveyard),
          'a cost moves this card to the graveyard or to the exclusion zone, not both (NOVA 902.3)',
        );
    // "Each servant ...": the instructions that act on every matching servant at once (R93); elsewhere refused.
    for (const e of effects)
      if ('to' in e && typeof e.to === 'object' && e.to.mode === 'each')
        need(
          EACH_INSTRUCTIONS.has(e.do) && e.to.what === (e.do === 'retire' ? 'character' : 'servant') && !e.to.upTo,
          `"each servant" works with ${[...EACH_INSTRUCTIONS].join(', ')} on servants (retire: characters), without "up to" (R93)`,
        );
    // NOVA 921.1: only characters retire; a character is chosen only for retiring (R120).
    for (const e of effects)
      if ('to' in e && typeof e.to === 'object')
        need(
          (e.do === 'retire') === (e.to.what === 'character'),
          '"retire" names characters, and only "retire" names characters alone (NOVA 921.1, R120)',
        );
    // NOVA 401.2: "after this main phase": only a spell that resolves in a main phase says it (R122).
    if (effects.some((e) => e.do === 'add-phase'))
      need(
        card.type === 'spell' && !card.keywords.includes('quick-chant') && card.abilities.length === 0,
        '"add a phase after this main phase" is a spell\'s without Quick Chant (NOVA 401.2, R122)',
      );
    for (const e of effects)
      if (e.do === 'add-counter' && e.to)
        need(e.to.mode === 'each', 'counters go on this card or on each matching servant (NOVA 919, R118)');
    for (const e of effects)
      if (e.do === 'may-choose')
        need(e.to.mode === 'choose' && e.to.upTo === 1, '"may choose" picks up to 1 on resolution (NOVA 801.4.7)');
    // Instructions that only mean something in a context the engine gives them; elsewhere they would silently do
    // nothing, so the schema refuses them.
    const lists: { effects: Effect[]; when: TriggerEvent | null }[] = [{ effects: card.effects, when: null }];
    for (const a of card.abilities)
      if (a.kind === 'triggered' || a.kind === 'activated')
        lists.push({ effects: a.effects, when: a.kind === 'triggered' ? a.when : null });
    for (const g of card.equip?.grants ?? []) lists.push({ effects: g.effects, when: null });
    for (const { effects: list, when } of lists)
      list.forEach((e, i) => {
        const before = list.slice(0, i);
        if (e.do === 'distribute-damage')
          need(!e.to.upTo, 'distributed damage names one recipient per unit, not "up to N" (NOVA 804.2.2.2)');
        if (e.do === 'destroy' && e.to === 'that-card')
          need(
            when === 'opponent-places-servant',
            '"destroy that servant" needs a trigger that names one (NOVA 801.4.8)',
          );
        if (e.do === 'put-onto-owners-field')
          need(false, '"put that card onto its owner\'s field" exists only in delayed triggers (NOVA 801.4.9)');
        if (e.do === 'return-at-next-end-phase')
          need(
            before.some((x) => x.do === 'exile'),
            '"that card" returns only after an exile (NOVA 801.4.9.3)',
          );
        const counted = [
          e.do === 'damage' || e.do === 'gain-life' || e.do === 'lose-life' ? e.amount : null,
          e.do === 'draw' || e.do === 'mill' || e.do === 'discard' ? e.count : null,
          e.do === 'modify' && e.per ? { each: 1, per: e.per } : null,
        ].filter((a): a is CountedAmount => typeof a === 'object' && a !== null);
        for (const a of counted)
          if (a.per === 'chosen-number' || a.minus === 'chosen-number')
            need(
              before.some((x) => x.do === 'choose-number'),
              'an amount counts "the chosen number" only after a "choose a number" (NOVA 004.7)',
            );
        if (e.do === 'battle' || (e.do === 'double' && e.ifChosen))
          need(
            before.some((x) => x.do === 'may-choose'),
            `"${e.do}" needs a "may choose" before it (NOVA 902.13)`,
          );
      });
  });
export type NovaCard = z.infer<typeof NovaCardSchema>;

export const NovaCardFileSchema = z.object({ game: z.literal('nova'), cards: z.array(NovaCardSchema).min(1) }).strict();
