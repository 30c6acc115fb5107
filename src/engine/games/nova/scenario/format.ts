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
  })
  .strict();

/** One scripted decision, or a helper step. */
export const StepSchema = z.union([
  z
    .object({
      player: Seat,
      /** The option kind: play, activate, set-energy, pass, attacker, no-attack, target, block, no-block, discard, keep, mulligan, first, second, energy, life, choose, order. */
      do: z.string().min(1),
      card: z.string().optional(),
      /** A player (p1, p2) or a card name, optionally "Name@p2" for the card's controller. */
      target: z.string().optional(),
      /** Several cards or targets for multi-choice decisions (discard, choose up to N, order). */
      cards: z.array(z.string()).optional(),
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
    atk: z.number().int().optional(),
    hp: z.number().int().optional(),
    keywords: z.array(z.string()).optional(),
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
  })
  .strict();

export const ExpectSchema = z
  .object({
    /** p1, p2, "draw" or "none" (game still going). */
    winner: z.string().optional(),
    phase: z.string().optional(),
    active: Seat.optional(),
    turn: z.number().int().optional(),
    /** Whose decision it is now, and of which kind. */
    decision: z.object({ player: Seat, kind: z.string().optional() }).strict().optional(),
    p1: PlayerExpectSchema.optional(),
    p2: PlayerExpectSchema.optional(),
    cards: z.array(CardExpectSchema).optional(),
    /** Names in the waiting area, bottom first. */
    waiting: z.array(z.string()).optional(),
    /** Options ("play Flare Lance", "attacker Ember Whelp", "pass", "target p2") the player can take now. */
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
      })
      .strict()
      .prefault({}),
    script: z.array(StepSchema).default([]),
    expect: ExpectSchema.default({}),
    /** When set, the scenario passes only if this step number (1-based) is rejected as illegal. */
    expectIllegalAt: z.number().int().min(1).optional(),
  })
  .strict();
export type Scenario = z.infer<typeof ScenarioSchema>;
export type PlayerSetup = z.infer<typeof PlayerSetupSchema>;
