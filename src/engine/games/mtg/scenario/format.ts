import { z } from 'zod';
import { STEPS } from '../state.ts';

/**
 * MTG's scenario file format (docs/scenarios.md, "MTG"): a position under the CR of 2019-01-25, the decisions each
 * player makes and what must hold afterwards, written by card names (and labels that tell copies apart).
 */
const Seat = z.enum(['p1', 'p2']);
const StepName = z.enum(STEPS);

/** A card in a zone: its English name, or a name with its state and a label naming this copy. */
export const MtgPlacedSchema = z.union([
  z.string().min(1),
  z
    .object({
      card: z.string().min(1),
      /** A name for this copy, used instead of the card name anywhere in the file ("wisp-a"). */
      label: z.string().min(1).optional(),
      tapped: z.boolean().optional(),
      damage: z.number().int().min(0).optional(),
      /** True: it came under its controller's control this turn (CR 302.6: it cannot attack or {T}). */
      sick: z.boolean().optional(),
      counters: z.partialRecord(z.enum(['+1/+1', '-1/-1']), z.number().int().min(0)).optional(),
      /**
       * An Aura or Equipment on the battlefield: the permanent it is attached to (a label, or a name, "Name@p2" for
       * the one p2 controls), as CR 301.5 and 303.4 allow; checked by the state-based actions like any attachment.
       */
      attachedTo: z.string().min(1).optional(),
      /** Several identical copies (no label). */
      count: z.number().int().min(1).max(60).optional(),
    })
    .strict(),
]);
export type MtgPlaced = z.infer<typeof MtgPlacedSchema>;

const PlayerSetupSchema = z
  .object({
    life: z.number().int().optional(),
    /** CR 121.1c: poison counters the player has (default 0). */
    poison: z.number().int().min(0).optional(),
    hand: z.array(MtgPlacedSchema).default([]),
    battlefield: z.array(MtgPlacedSchema).default([]),
    /** Top first; under it a filler of basic lands (Plains for p1, Islands for p2) up to 60 cards. */
    library: z.array(MtgPlacedSchema).default([]),
    graveyard: z.array(MtgPlacedSchema).default([]),
    exile: z.array(MtgPlacedSchema).default([]),
    landsPlayed: z.number().int().min(0).max(1).optional(),
  })
  .strict();
export type MtgPlayerSetup = z.infer<typeof PlayerSetupSchema>;

/** A card reference: "Kiln Bolt", "Kiln Bolt@p2" (its controller) or a label from the setup. */
const Ref = z.string().min(1);

export const MtgStepSchema = z.union([
  z
    .object({
      player: Seat,
      /**
       * cast, land, activate, mana, pass, target, pay, cancel, mode, x, attack, block, order, yes, no, keep-legend,
       * discard, keep, mulligan, play, draw, scry, search (see docs/scenarios.md).
       */
      do: z.string().min(1),
      card: Ref.optional(),
      /** A player (p1, p2) or a card reference. */
      target: Ref.optional(),
      cards: z.array(Ref).optional(),
      /** `activate`: which of the card's abilities (0-based, in printed order); `mode`: the mode; `x`: X. */
      index: z.number().int().min(0).optional(),
      value: z.number().int().min(0).optional(),
      /** `block`: blocker reference → attacker reference. */
      blocks: z.record(z.string(), Ref).optional(),
      /** `scry`: the cards kept on top (top first); the others go to the bottom. */
      top: z.array(Ref).optional(),
      /** `assign`: combat damage divided: creature reference (or the defending player, p1/p2) → amount (CR 510.1c). */
      split: z.record(z.string(), z.number().int().min(0)).optional(),
    })
    .strict(),
  /** Both players pass priority until a decision that is not priority ("decision"), or until that step begins. */
  z.object({ passUntil: z.union([z.literal('decision'), StepName]) }).strict(),
  z.object({ expect: z.lazy(() => MtgExpectSchema) }).strict(),
]);
export type MtgStep = z.infer<typeof MtgStepSchema>;

const CardExpectSchema = z
  .object({
    card: Ref,
    zone: z.enum(['library', 'hand', 'battlefield', 'graveyard', 'stack', 'exile', 'gone']).optional(),
    controller: Seat.optional(),
    power: z.number().int().optional(),
    toughness: z.number().int().optional(),
    damage: z.number().int().optional(),
    tapped: z.boolean().optional(),
    counters: z.partialRecord(z.enum(['+1/+1', '-1/-1']), z.number().int()).optional(),
    keywords: z.array(z.string()).optional(),
    attacking: z.boolean().optional(),
    /** The permanent this Aura or Equipment is attached to (a reference), or null for none. */
    attachedTo: z.union([Ref, z.null()]).optional(),
  })
  .strict();

const PlayerExpectSchema = z
  .object({
    life: z.number().int().optional(),
    poison: z.number().int().optional(),
    hand: z.array(z.string()).optional(),
    handCount: z.number().int().optional(),
    battlefield: z.array(z.string()).optional(),
    graveyard: z.array(z.string()).optional(),
    exile: z.array(z.string()).optional(),
    libraryCount: z.number().int().optional(),
    /** Names of the top cards of the library, top first (as many as listed). */
    libraryTop: z.array(z.string()).optional(),
  })
  .strict();

export const MtgExpectSchema = z
  .object({
    /** p1, p2, "draw" or "none" (still playing). */
    winner: z.string().optional(),
    step: StepName.optional(),
    active: Seat.optional(),
    turn: z.number().int().optional(),
    decision: z.object({ player: Seat, kind: z.string().optional() }).strict().optional(),
    /** The rule a refused declaration names, now that it is asked again (CR 508.1c, 509.1c and their keywords). */
    refused: z.string().optional(),
    p1: PlayerExpectSchema.optional(),
    p2: PlayerExpectSchema.optional(),
    cards: z.array(CardExpectSchema).optional(),
    /** Stack items, bottom first, by card name; a triggered ability is "Name (trigger)". */
    stack: z.array(z.string()).optional(),
    /** Options a player has now: "cast Kiln Bolt", "attack Dreadmaw Brute", "target Mistcloak Drake", "pass". */
    available: z.partialRecord(Seat, z.array(z.string())).optional(),
    unavailable: z.partialRecord(Seat, z.array(z.string())).optional(),
    /** Log entry types that must have happened during the last step (e.g. "trigger-removed"). */
    logged: z.array(z.string()).optional(),
  })
  .strict();
export type MtgExpect = z.infer<typeof MtgExpectSchema>;

const EMPTY_PLAYER = { hand: [], battlefield: [], library: [], graveyard: [], exile: [] };

export const MtgScenarioSchema = z
  .object({
    rule: z.string().min(1),
    game: z.literal('mtg'),
    seed: z.string().default('scenario'),
    setup: z
      .object({
        active: Seat.default('p1'),
        /** Default 3, so nobody skips a draw by accident. */
        turn: z.number().int().min(1).default(3),
        /**
         * The scenario starts at this step's first priority (default main1); "pregame": at the first mulligan decision
         * (CR 103.4), the active player playing first, each hand being its `hand` cards topped up to seven from the
         * library.
         */
        step: z.union([StepName, z.literal('pregame')]).default('main1'),
        p1: PlayerSetupSchema.default(EMPTY_PLAYER),
        p2: PlayerSetupSchema.default(EMPTY_PLAYER),
      })
      .strict()
      .prefault({}),
    script: z.array(MtgStepSchema).default([]),
    expect: MtgExpectSchema.default({}),
    expectIllegalAt: z.number().int().min(1).optional(),
  })
  .strict();
export type MtgScenario = z.infer<typeof MtgScenarioSchema>;
