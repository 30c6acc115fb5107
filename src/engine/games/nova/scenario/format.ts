import { z } from 'zod';

/**
 * NOVA's scenario file format (docs/scenarios.md): a rules judge writes a position, the decisions each player makes,
 * and what must be true afterwards, without reading the engine's code.
 */
const Seat = z.enum(['p1', 'p2']);

/** A card on the table: a name, or a name with its state. */
export const PlacedCardSchema = z.union([
  z.string().min(1),
  z
    .object({
      card: z.string().min(1),
      frozen: z.boolean().optional(),
      damage: z.number().int().min(0).optional(),
      /** False for a servant that arrived this turn (NOVA 203.4 action restriction). */
      sinceTurnStart: z.boolean().optional(),
      counters: z.record(z.string(), z.number().int()).optional(),
      /** Name of the card (on either field) this equipment is attached to. */
      attachedTo: z.string().optional(),
      destroyed: z.boolean().optional(),
      /** Its owner when another player controls it (on the field only): the field it is placed on is its controller's. */
      owner: Seat.optional(),
      /** A name for this copy, used instead of the card's name anywhere below (targets, `cards:` expectations). */
      label: z.string().min(1).optional(),
    })
    .strict(),
]);
export type PlacedCard = z.infer<typeof PlacedCardSchema>;

export const PlayerSetupSchema = z
  .object({
    life: z.number().int().optional(),
    limitLevel: z.number().int().optional(),
    hand: z.array(PlacedCardSchema).default([]),
    field: z.array(PlacedCardSchema).default([]),
    /** Energy-zone cards by name, or by colour word (red, blue, green, white, black, colorless). */
    energy: z.array(PlacedCardSchema).default([]),
    /** Top first. When absent, a neutral filler deck. */
    deck: z.array(z.string()).optional(),
    charDeck: z.array(z.string()).default([]),
    graveyard: z.array(z.string()).default([]),
    retired: z.array(z.string()).default([]),
    energySetThisTurn: z.boolean().optional(),
    /** Characters already played this turn (NOVA 202.2: one a turn). */
    charactersPlayedThisTurn: z.number().int().min(0).optional(),
    /** Energy already in the stock (NOVA 005.6.4), by colour. */
    stock: z
      .partialRecord(z.enum(['red', 'blue', 'green', 'white', 'black', 'colorless']), z.number().int().min(0))
      .optional(),
  })
  .strict();

/** A card already played and waiting in the waiting area (NOVA 311), bottom first. */
export const WaitingSetupSchema = z
  .object({
    card: z.string().min(1),
    controller: Seat,
    /** One target per targeting effect, in order: p1, p2, a card name, "Name@p2" or a label. */
    targets: z.array(z.string()).default([]),
  })
  .strict();

/** A deck for a pre-game scenario: names, or a name with a count. */
const DeckEntrySchema = z.union([
  z.string().min(1),
  z.object({ card: z.string().min(1), count: z.number().int().min(1) }).strict(),
]);
export const PregameDeckSchema = z
  .object({
    main: z.array(DeckEntrySchema).default([]),
    character: z.array(DeckEntrySchema).default([]),
    side: z.array(DeckEntrySchema).default([]),
  })
  .strict();
export type PregameDeck = z.infer<typeof PregameDeckSchema>;
export type WaitingSetup = z.infer<typeof WaitingSetupSchema>;

/** One scripted decision, or a helper step. */
export const StepSchema = z.union([
  z
    .object({
      player: Seat,
      /** The option kind: play, activate, set-energy, pass, attacker, no-attack, target, block, no-block, discard, keep, mulligan, first, second, energy, life, choose, order, freeze, pay, energy-ability. */
      do: z.string().min(1),
      card: z.string().optional(),
      /** A player (p1, p2) or a card name, optionally "Name@p2" for the card's controller. */
      target: z.string().optional(),
      /** Several cards or targets for multi-choice decisions (discard, choose up to N, order). */
      cards: z.array(z.string()).optional(),
      /** The step must be refused (not offered, or illegal); the state stays as it was and the script goes on. */
      refused: z.literal(true).optional(),
    })
    .strict(),
  z.object({ player: Seat, label: z.string().min(1) }).strict(),
  /** Both players pass priority until a decision other than priority comes up ("decision"), or, given a phase name, until that phase's first priority window. */
  z.object({ passUntil: z.string().min(1) }).strict(),
  /** Answers every decision that has a single legal answer, at most this many, until a real choice or the end of the game. */
  z.object({ answerForced: z.number().int().min(1).max(5000) }).strict(),
  z.object({ expect: z.lazy(() => ExpectSchema) }).strict(),
]);
export type Step = z.infer<typeof StepSchema>;

const CardExpectSchema = z
  .object({
    card: z.string().min(1),
    controller: Seat.optional(),
    zone: z.string().optional(),
    damage: z.number().int().optional(),
    frozen: z.boolean().optional(),
    destroyed: z.boolean().optional(),
    owner: Seat.optional(),
    /** True values: a negative ATK or HP stays negative. */
    atk: z.number().int().optional(),
    hp: z.number().int().optional(),
    /** As read (NOVA 004.8): a negative value reads as 0. */
    atkAsRead: z.number().int().optional(),
    hpAsRead: z.number().int().optional(),
    keywords: z.array(z.string()).optional(),
    /** NOVA 918: the races it has now, after continuous effects (order does not matter). */
    races: z.array(z.string()).optional(),
    counters: z.record(z.string(), z.number().int()).optional(),
    attachedTo: z.string().nullable().optional(),
  })
  .strict();

const PlayerExpectSchema = z
  .object({
    life: z.number().int().optional(),
    limitLevel: z.number().int().optional(),
    hand: z.array(z.string()).optional(),
    handCount: z.number().int().optional(),
    field: z.array(z.string()).optional(),
    graveyard: z.array(z.string()).optional(),
    retired: z.array(z.string()).optional(),
    exclusion: z.array(z.string()).optional(),
    energyCount: z.number().int().optional(),
    deckCount: z.number().int().optional(),
    /** Names of the top cards of the main deck, top first (only as many as listed are compared). */
    deckTop: z.array(z.string()).optional(),
    stock: z.record(z.string(), z.number().int()).optional(),
    /** Standby (not frozen) cards in the energy zone. */
    standbyEnergy: z.number().int().optional(),
    /** Names in the character deck (any order). */
    charDeck: z.array(z.string()).optional(),
    /** NOVA 109.3: the level total of the characters this player owns on either field and in the retired area. */
    levelTotal: z.number().int().optional(),
    charactersPlayedThisTurn: z.number().int().optional(),
  })
  .strict();

export const ExpectSchema = z
  .object({
    /** p1, p2, "draw" or "none" (game still going). */
    winner: z.string().optional(),
    phase: z.string().optional(),
    active: Seat.optional(),
    turn: z.number().int().optional(),
    /** How the game ended: the loser (or "none" for a draw) and the result's reason code and rule. */
    result: z
      .object({
        loser: z.enum(['p1', 'p2', 'none']).optional(),
        reason: z.string().optional(),
        rule: z.string().optional(),
      })
      .strict()
      .optional(),
    /** Pre-game scenarios: the rule numbers of each deck's problems (NOVA 006-007), [] for a legal deck. */
    deckProblems: z.partialRecord(Seat, z.array(z.string())).optional(),
    /** Whose decision it is now, and of which kind. */
    decision: z.object({ player: Seat, kind: z.string().optional() }).strict().optional(),
    p1: PlayerExpectSchema.optional(),
    p2: PlayerExpectSchema.optional(),
    cards: z.array(CardExpectSchema).optional(),
    /** Names in the waiting area, bottom first. */
    waiting: z.array(z.string()).optional(),
    /**
     * Options ("play Flare Lance", "attacker Ember Whelp", "pass", "target p2") the player can take now; a whole
     * action with its targets as "play Flare Lance → Tuskbreaker Boar" or "attack Ember Whelp → p2" (tried, not taken).
     */
    available: z.partialRecord(Seat, z.array(z.string())).optional(),
    unavailable: z.partialRecord(Seat, z.array(z.string())).optional(),
  })
  .strict();
export type Expect = z.infer<typeof ExpectSchema>;

export const ScenarioSchema = z
  .object({
    /** The rule this scenario checks, e.g. "NOVA 1004.3 — Pierce sends the excess to the player". */
    rule: z.string().min(1),
    game: z.literal('nova'),
    seed: z.string().default('scenario'),
    /** Extra card definitions used only by this scenario (validated by the game's card schema). */
    cards: z.array(z.unknown()).default([]),
    setup: z
      .object({
        active: Seat.default('p1'),
        turn: z.number().int().min(1).default(3),
        phase: z.string().default('main1'),
        p1: PlayerSetupSchema.default({ hand: [], field: [], energy: [], charDeck: [], graveyard: [], retired: [] }),
        p2: PlayerSetupSchema.default({ hand: [], field: [], energy: [], charDeck: [], graveyard: [], retired: [] }),
        /** Cards already waiting in the waiting area, bottom first. */
        waiting: z.array(WaitingSetupSchema).default([]),
      })
      .strict()
      .prefault({}),
    /**
     * Instead of `setup`: a real game start (NOVA 007) from these decks and the seed, at the first-player choice
     * (then mulligans); or, when a deck is not legal, no game at all and only `deckProblems` is checked.
     */
    pregame: z.object({ p1: PregameDeckSchema, p2: PregameDeckSchema }).strict().optional(),
    script: z.array(StepSchema).default([]),
    expect: ExpectSchema.default({}),
    /** When set, the scenario passes only if this step number (1-based) is rejected as illegal. */
    expectIllegalAt: z.number().int().min(1).optional(),
  })
  .strict();
export type Scenario = z.infer<typeof ScenarioSchema>;
export type PlayerSetup = z.infer<typeof PlayerSetupSchema>;
