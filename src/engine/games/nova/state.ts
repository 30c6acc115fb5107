import type { Seat } from '../../core/game.ts';
import type { Knowledge } from '../../core/hidden.ts';
import type { PriorityRound } from '../../core/priority.ts';
import type { ProcedureState } from '../../core/procedure.ts';
import type { RngState } from '../../core/rng.ts';
import type { Color, Effect, Keyword } from './cards/schema.ts';
import type { NovaLogEvent } from './log.ts';

/** NOVA 301–311: each player's zones. The waiting area (311) is shared and lives on the state. */
export const ZONES = ['deck', 'charDeck', 'hand', 'field', 'energy', 'graveyard', 'exclusion', 'retired'] as const;
export type Zone = (typeof ZONES)[number];

/** A card in some zone. A zone change makes a new object with a new id (NOVA 301.9), field→field does not (301.9.1). */
export interface CardObject {
  id: string;
  card: string;
  owner: Seat;
  controller: Seat;
  zone: Zone | 'waiting';
  /** NOVA 302: frozen (sideways) or standby (upright); only meaningful on the field and in the energy zone. */
  frozen: boolean;
  /** NOVA 203.5: damage accumulated this turn. */
  damage: number;
  counters: Record<string, number>;
  /** NOVA 1005: the object this equip item is attached to. */
  attachedTo: string | null;
  /** NOVA 907.1: destroyed but still on the field until its destruction triggers have resolved. */
  destroyed: boolean;
  /** Timestamp of entering the field (NOVA 505, 802.1.2.1.5.1). */
  enteredAt: number;
  /** NOVA 203.4: controlled continuously since the start of its controller's most recent turn. */
  sinceTurnStart: boolean;
  /** NOVA 902.8.2: this object was played with its optional additional cost paid (a new object forgets it, 301.9). */
  optionalCostPaid?: boolean;
}

export interface PlayerState {
  life: number;
  /** NOVA 005.5: starts at 1; +1 at ≤1500 and at ≤1000 life, once each (507). */
  limitLevel: number;
  released1500: boolean;
  released1000: boolean;
  /** NOVA 801.6: floating energy, emptied at the end of every phase and step (602.9). */
  stock: Record<Color, number>;
  energySetThisTurn: boolean;
  charactersPlayedThisTurn: number;
  /** NOVA 502.2: had to draw and could not. */
  failedDraw: boolean;
  zones: Record<Zone, string[]>;
}

export type TargetRef = { kind: 'player'; seat: Seat } | { kind: 'object'; id: string } | { kind: 'item'; id: string };

/** Something in the waiting area (NOVA 311): a played card, or an activated or triggered ability. */
export type WaitingItem = {
  id: string;
  kind: 'card' | 'activated' | 'triggered';
  /** For a card: the card object in the waiting area. For an ability: its source object (may have left). */
  objectId: string;
  card: string;
  controller: Seat;
  abilityIndex: number | null;
  /** Targets chosen at declaration, one list per effect that targets (NOVA 804.2.2). */
  targets: TargetRef[][];
  /** For triggered abilities caused by a destruction: the destroyed object (NOVA 907.1, docs/rulings A40). */
  causeObject: string | null;
  /** NOVA 902.8.2: a card played with its optional additional cost paid. */
  optionalCostPaid?: boolean;
  /** The card an ability calls "that servant" or "that card" (NOVA 801.4.8): the object that caused the trigger. */
  refObject?: string;
  /** A delayed trigger (NOVA 801.4.9) carries its own instructions; abilityIndex is then null. */
  effects?: Effect[];
  /** An activated ability granted by equipment (NOVA 1005, 004.3): the granting card's id, where it is written. */
  grantedBy?: string;
  /** NOVA 804.2.2: a triggered ability whose controller is still choosing its targets as it is placed. */
  choosingTargets?: true;
};

export interface PendingTrigger {
  controller: Seat;
  source: string;
  card: string;
  abilityIndex: number;
  causeObject: string | null;
  /** See WaitingItem.refObject. */
  refObject?: string;
  /** See WaitingItem.effects. */
  effects?: Effect[];
}

/**
 * NOVA 801.4.9: an ability created by a resolution that triggers once, the next time its event happens
 * (801.4.9.2). Its source is the card that created it and its controller that card's controller (801.4.9.4).
 */
export interface DelayedTrigger {
  id: string;
  /** NOVA 925.1.2: a skipped phase never starts, so the trigger waits for the next one that does. */
  when:
    | 'next-end-phase-start'
    | 'next-attack-phase-start'
    | 'your-next-turn-start'
    | 'opponents-next-turn-start'
    | 'next-standby-phase-start'
    | 'next-draw-phase-start'
    | 'next-main-phase-start';
  controller: Seat;
  source: string;
  card: string;
  /** The object it acts on, if any; a zone change makes a new object it no longer follows (801.4.9.3). */
  refObject?: string;
  effects: Effect[];
}

/**
 * How long an effect lasts: until end of turn (NOVA 407.6), during the attack phase (405.7.3, ruling R76), until the
 * start of its controller's next turn (`nextTurnOf`; ruling R92), or until the end of that turn (R98: as that turn
 * starts, the effect becomes an "until end of turn" one).
 */
export type Until = 'end-of-turn' | 'end-of-attack-phase' | 'your-next-turn' | 'end-of-your-next-turn';

export type ContinuousEffect =
  | {
      id: string;
      timestamp: number;
      kind: 'stat';
      affected: string[];
      atk: number;
      hp: number;
      until: Until;
      nextTurnOf?: Seat;
    }
  | {
      id: string;
      timestamp: number;
      kind: 'keyword';
      affected: string[];
      keyword: Keyword;
      /** NOVA 918.1: "becomes" this keyword, so the keywords had before it in timestamp order are lost. */
      become?: true;
      until: Until;
      nextTurnOf?: Seat;
    }
  | { id: string; timestamp: number; kind: 'limit'; seat: Seat; amount: number; until: 'end-of-turn' }
  /** NOVA 918.1: the affected cards become this race (losing the others); 918.2: or gain it. */
  | {
      id: string;
      timestamp: number;
      kind: 'race';
      affected: string[];
      race: string;
      become: boolean;
      until: Until;
      nextTurnOf?: Seat;
    }
  /** NOVA 918.1–918.3: the affected cards lose every race they have at that point of the order (R95). */
  | { id: string; timestamp: number; kind: 'lose-races'; affected: string[]; until: Until; nextTurnOf?: Seat }
  /** NOVA 918.3: the affected cards lose this keyword while it lasts. */
  | {
      id: string;
      timestamp: number;
      kind: 'lose-keyword';
      affected: string[];
      keyword: Keyword;
      until: Until;
      nextTurnOf?: Seat;
    }
  /** NOVA 301.9.1: control of the affected cards until end of turn. */
  | { id: string; timestamp: number; kind: 'control'; affected: string[]; seat: Seat; until: 'end-of-turn' }
  /** NOVA 917.1: the next damage to the affected servant this turn is reduced; used up when it applies. */
  | {
      id: string;
      timestamp: number;
      kind: 'shield';
      affected: string[];
      amount: number;
      source: string;
      until: 'end-of-turn';
    };

/** One damage event on its way to a servant or player (NOVA 916), before and while replacements apply (917). */
export type DamageEvent = {
  to: TargetRef;
  amount: number;
  /** Card id of the source. */
  source: string;
  /** Dealt by a spell (NOVA 917 wards that reduce spell damage). */
  fromSpell: boolean;
  /** Battle damage (NOVA 405.6.3, 922.1). */
  battle: boolean;
  /** Who chooses the order of replacements (NOVA 802.1.3.3.1). */
  affected: Seat;
};

export const PHASES = [
  'standby',
  'draw',
  'main1',
  'attackStart',
  'attackDeclare',
  'block',
  'battle',
  'attackEnd',
  'main2',
  'end',
] as const;
export type Phase = (typeof PHASES)[number];

/**
 * The turn's phases (NOVA 401.1, 402–407); the attack phase is the five steps attackStart..attackEnd (405.1).
 * Effects skip (401.3, 925) or add (401.2) whole phases.
 */
export type PhaseGroup = 'standby' | 'draw' | 'main1' | 'attack' | 'main2' | 'end';

/**
 * NOVA 401.3, 925.1: a phase (or a whole turn) that will not exist: `seat`'s next one, or only this turn's when
 * `turn` is set.
 */
/** The phases an effect can skip (NOVA 401.3, 925): every kind of phase of the turn (R90, R94). */
export type SkippablePhase = 'standby' | 'draw' | 'main' | 'attack' | 'end';

/**
 * The single steps an effect can skip (NOVA 401.3, 925): the block declaration step (405.5; ruling R104), the attack
 * phase's start and end steps (405.3, 405.7; R111), the attack declaration and battle resolution steps (405.4, 405.6;
 * R124).
 */
export type SkippableStep = 'block' | 'attack-start' | 'attack-end' | 'attack-declare' | 'battle';

export interface PhaseSkip {
  seat: Seat;
  /** `main`: the next main phase, 1 or 2, whichever comes first (ruling R94); `block`: a step (R104). */
  phase: SkippablePhase | SkippableStep | 'turn';
  turn?: number;
}

export interface Combat {
  attacker: string;
  /** The original attack target: the defending player or one of their frozen servants (NOVA 405.4.3). */
  target: TargetRef;
  blocker: string | null;
  /** NOVA 405.5.4: stays blocked even if the blocker leaves. */
  blocked: boolean;
}

/** A card or ability being played: the choices made so far (NOVA 804.2). */
export type PlayInProgress = {
  seat: Seat;
  source: string;
  card: string;
  abilityIndex: number | null;
  /** See WaitingItem.grantedBy. */
  grantedBy?: string;
  /** NOVA 801.3.5.1.1: the activation lock an ability's play takes when it is declared (actions.ts `declared`). */
  lock?: string;
  /** True when the player chose the alternative life cost (NOVA 902.9). */
  payLifeInstead: boolean | null;
  targets: TargetRef[][];
  /** Distribution picks for distribute-damage (NOVA 804.2.2.2): one target per unit. */
  distribution: TargetRef[];
  /** The energy units the player chose to pay with (NOVA 804.2.4), when the way to pay was a choice. */
  payment?: string[] | null;
  /**
   * The energy units chosen so far, one source at a time (NOVA 804.2.4, rules version 3): present once the payment
   * is asked; `payment` is set when they cover the cost.
   */
  paying?: string[];
  /** NOVA 902.8.2: the cards chosen to discard for an optional additional cost; [] when declined. */
  discard?: string[] | null;
  /** NOVA 902.1, 306: the graveyard cards chosen to put into the exclusion zone for an ability's cost (R110). */
  exileFromGraveyard?: string[] | null;
  /** NOVA 902.1, 306: the hand cards chosen to put into the exclusion zone for an ability's cost (R115). */
  exileFromHand?: string[] | null;
  /**
   * NOVA 802.1.3.1.3, 902.12: the answer for an optional replacement of this card's own move cost (R123): the chosen
   * replacement's option id, or 'move'; absent until asked.
   */
  moveReplacement?: string;
  /** NOVA 112, 904.4: the standby energy-zone cards chosen to freeze for an appearance cost. */
  freezeEnergy?: string[] | null;
};

/** An item being resolved (the data of its `resolve` frame, resolve.ts), paused when an effect needs a choice (NOVA 804.4). */
export type Resolution = {
  item: WaitingItem;
  effectIndex: number;
  /** Choices made on resolution, by effect index. */
  chosen: Record<number, TargetRef[]>;
  fizzled: boolean;
  /** NOVA 902.13: answers to "you may (cost). If you do, ..." by effect index. */
  answers?: Record<number, boolean>;
  /** NOVA 902.13: a cost on resolution was not paid, so the rest of the instructions do not happen. */
  stopped?: boolean;
  /** The new objects of the cards this resolution moved so far: what "that card" means afterwards (301.9). */
  moved?: string[];
  /** NOVA 303.3: main-deck cards its controller is looking at (top first); seen by that player only. */
  looking?: string[];
  /** NOVA 911: the players who have discarded for the `discard` instruction being carried out. */
  discarded?: Seat[];
  /** NOVA 004.6: the number the `discard` instruction being carried out counted when it began. */
  discardCount?: number;
  /** NOVA 004.7: the number its controller chose (`choose-number`), a whole number from 0 up. */
  number?: number;
  /** The decision count when this resolution's damage began (resolve.ts): a higher count afterwards means it paused. */
  damageAt?: number;
};

/**
 * What the game waits for, as the payload of a decision kind (decisions.ts): the awaiting frame holds it (the game's
 * and its priority windows' frames, turn-procedure.ts; a play's, a resolution's, damage's).
 */
export type Await =
  | { k: 'first-player'; seat: Seat }
  | { k: 'mulligan'; seat: Seat }
  | { k: 'priority'; seat: Seat }
  | { k: 'order-triggers'; seat: Seat }
  /** A play's choices: asked by the play frame (actions.ts). */
  | { k: 'cost-mode'; seat: Seat }
  | { k: 'additional-cost'; seat: Seat }
  | { k: 'appearance-cost'; seat: Seat; count: number }
  /** NOVA 804.2.4: the next energy source, auto-pay or cancel (rules version 3, energy.ts). */
  | { k: 'payment'; seat: Seat }
  /** NOVA 804.2.4 as rules version 2 asked it: one whole way to pay among all of them (`paymentRules: 'plans'`). */
  | { k: 'payment-plan'; seat: Seat }
  /** `upTo`: "up to N targets", 0 to N of the options (NOVA 804.4.1.2). */
  | { k: 'target'; seat: Seat; options: TargetRef[]; prompt: 'equip' | 'distribute' | 'target'; upTo?: number }
  /** The turn's own decisions, asked by the game's frame (turn-procedure.ts). */
  | { k: 'attacker'; seat: Seat }
  | { k: 'attack-target'; seat: Seat; attacker: string }
  | { k: 'block'; seat: Seat }
  | { k: 'discard'; seat: Seat; count: number }
  /** Choices on resolution: asked by the resolve frame (resolve.ts). */
  | { k: 'choose'; seat: Seat }
  | { k: 'optional-cost'; seat: Seat }
  | { k: 'order-deck'; seat: Seat }
  /** NOVA 911: cards to discard for an instruction on resolution. */
  | { k: 'discard-effect'; seat: Seat; count: number }
  /** NOVA 004.7: a number chosen on resolution. */
  | { k: 'number'; seat: Seat }
  /** NOVA 802.1.3.1.3: whether to replace the draw about to happen (draws.ts). */
  | { k: 'draw-replacement'; seat: Seat }
  /** NOVA 802.1.3.1.3, 802.1.3.3.1: how the destruction about to happen is replaced, if at all (destruction.ts). */
  | { k: 'destruction-replacement'; seat: Seat }
  /** NOVA 802.1.3.1.3: replace a damage event by an optional replacement, or take it (damage.ts, R117). */
  | { k: 'optional-damage-replacement'; seat: Seat }
  /** NOVA 802.1.3.1.3: replace `object`'s move from the field by an instruction or a cost, or let it move (moves.ts). */
  | { k: 'move-replacement'; seat: Seat; object: string; to: 'graveyard' | 'exclusion' }
  /** NOVA 801.4.3.2, 804.2.2: a target for the triggered ability being placed (`item` is its waiting-area id). */
  | { k: 'trigger-target'; seat: Seat; item: string; options: TargetRef[]; upTo?: number };

/** One entry of the structured log (log.ts): numbered for the whole match, rendered to words only when shown. */
export interface NovaLogEntry {
  seq: number;
  event: NovaLogEvent;
  /** Seats that may read it; absent means public. */
  visibleTo?: Seat[];
}

/**
 * A NOVA game's state. `procedures` (core/procedure.ts) holds the frames of the procedures that run as kernel
 * frames (a play, a resolution, damage through its replacements, kernel.ts).
 */
export interface NovaState extends ProcedureState {
  game: 'nova';
  rng: RngState;
  nextId: number;
  timestamp: number;
  objects: Record<string, CardObject>;
  players: Record<Seat, PlayerState>;
  /** NOVA 311.5: last placed resolves first; index 0 is the bottom. */
  waiting: WaitingItem[];
  pendingTriggers: PendingTrigger[];
  /** NOVA 801.4.9: delayed triggers waiting for their event (absent in states saved before they existed). */
  delayed?: DelayedTrigger[];
  /** NOVA 401.3, 925: phases to be skipped when the turn reaches them (absent when none). */
  skips?: PhaseSkip[];
  /**
   * NOVA 801.4.6.1.1: what each count-watching state trigger last saw, by "<object>:<ability>:<controller>", so a
   * change of the count can be told from a count that already met the condition (absent in older saved states).
   */
  stateWatch?: Record<string, number>;
  effects: ContinuousEffect[];
  /** Main-deck cards a player looked at and still knows (NOVA 303.3, 303.6; knowledge.ts); absent when none. */
  known?: Knowledge;
  /** NOVA 801.3.5.1.1: ability instances that cannot be activated again until the waiting area empties. */
  activationLocks: string[];
  setup: {
    stage: 'first-player' | 'mulligan' | 'done';
    firstPlayer: Seat | null;
    mulligans: Partial<Record<Seat, boolean>>;
  };
  turn: {
    number: number;
    active: Seat;
    phase: Phase;
    op: number;
    attackDeclaredThisTurn: boolean;
    /** NOVA 405.4.1: this turn's first attack declaration step has begun (its start abilities do not trigger again). */
    attackDeclarationStarted?: boolean;
    /** NOVA 401.2, 401.2.1: phases added after the current one, the next first (absent when none). */
    added?: PhaseGroup[];
    /** NOVA 401.2: the phase the turn goes on with once the added phases are over (absent outside them). */
    resume?: PhaseGroup;
    /** NOVA 401.3.1: phases of this turn an effect has skipped; they count as not existing (absent when none). */
    skipped?: PhaseGroup[];
    startingPlayer: Seat | null;
  };
  priority: PriorityRound | null;
  combat: Combat | null;
  /** The end phase repeats its turn-progress actions while they caused triggers (NOVA 407.7). */
  endPhaseTriggered: boolean;
  /**
   * How payments are asked (docs/store.md "Rules versions"): absent, one energy source at a time with auto-pay (rules
   * version 3); 'plans', one whole way to pay among all of them, as version 2 asked, for matches recorded before 3
   * (their logged answers mean plans), set from the setup option of the same name by their migration.
   */
  paymentRules?: 'plans';
  /**
   * When activated energy abilities may be used (ruling R37): absent, whenever the player holds priority as well as
   * while paying (NOVA 801.6.3.1, rules version 5); 'in-payment', only while paying, as versions 4 and earlier
   * played, for matches recorded before 5, set from the setup option of the same name by their migration.
   */
  energyAbilities?: 'in-payment';
  /** The latest entries of the structured log (log.ts): presentation, outside the hash (core/game.ts BaseState). */
  log: NovaLogEntry[];
  /** NOVA 924.1.3: a run of forced decisions being watched for a repeated position (loops.ts); absent otherwise. */
  loopWatch?: LoopWatch;
}

export interface LoopWatch {
  /** Decisions in a row with a single legal answer. */
  forced: number;
  /** Signatures of the positions after the first `LOOP_WATCH_AFTER` forced decisions, oldest first. */
  seen: string[];
  /** For each seen position, whose cards or abilities were waiting or resolving (bit 1: p1, bit 2: p2). */
  causes: number[];
}
