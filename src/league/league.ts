/**
 * The league state: plain JSON the store can persist as it is, validated by zod when it is loaded.
 * Every change is a command (league-commands.ts) applied by league-log.ts, which also keeps the audit log.
 */
import { z } from 'zod';
import { InvalidData } from '../engine/core/errors.ts';
import { GameIdSchema } from '../engine/core/game.ts';

export const TiebreakerSettingsSchema = z.object({
  points: z.object({ win: z.number().min(0), draw: z.number().min(0), loss: z.number().min(0) }),
  floor: z.number().min(0).max(1),
  floorGameWin: z.boolean(),
  byeGamesWon: z.int().min(0).max(3),
  opponentByes: z.enum(['include', 'exclude']),
  decimals: z.int().min(0).max(10).nullable(),
});

export const LeagueFormatSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('swiss'),
    /** null: from the player count at the first round (MTR Appendix E). */
    rounds: z.int().min(1).max(30).nullable(),
    /** null: from the player count; 0: no top cut. */
    topCut: z.int().min(0).max(64).nullable(),
    /**
     * A cut by record: everyone still in with at most this many match losses (e.g. 1 for "X-1 or better"), in Swiss
     * order, at most `topCut` players when that is a number (else 64). null: the cut is by size only.
     */
    cutMaxLosses: z.int().min(0).max(10).nullable().default(null),
  }),
  z.object({ kind: z.literal('round-robin') }),
  z.object({ kind: z.literal('ladder') }),
]);

export const LeagueSettingsSchema = z.object({
  tiebreakers: TiebreakerSettingsSchema,
  /** Players must check in before round 1; those who did not are dropped when it starts. */
  checkInRequired: z.boolean(),
  /**
   * Minutes after the first of two reports when a report the opponent has not answered stands as the result
   * (the opponent is reminded at once); null: a single report waits for the opponent or an organiser.
   */
  reportDeadlineMinutes: z
    .int()
    .min(1)
    .max(24 * 60)
    .nullable()
    .default(null),
  /** Minutes after a round starts when the bot may record a no-show loss; null: never automatically. */
  noShowMinutes: z
    .int()
    .min(1)
    .max(24 * 60)
    .nullable(),
});

/** Games won by each seat of a table; for a best-of-one, 1-0 or 0-1 (or 0-0 with a drawn game). */
export const GameScoreSchema = z
  .object({
    gamesWonA: z.int().min(0).max(3),
    gamesWonB: z.int().min(0).max(3),
    gamesDrawn: z.int().min(0).max(3),
  })
  .refine((s) => s.gamesWonA + s.gamesWonB + s.gamesDrawn <= 5, 'a match has at most five games');

export const TableResultSchema = z.object({
  score: GameScoreSchema,
  /** Both players get a match loss (e.g. neither showed up). */
  bothLose: z.boolean(),
  /** `concession`: the opponent dropped with the match unplayed (MTR: a player who drops concedes it). */
  /** `single-report`: one player reported and the opponent let the report deadline pass without answering. */
  source: z.enum(['agreed', 'bot', 'organiser', 'no-show', 'bye', 'concession', 'penalty', 'single-report']),
});

export const TableSchema = z.object({
  number: z.int().min(1),
  a: z.string(),
  /** null: `a` has a bye. */
  b: z.string().nullable(),
  /** What each seat reported (seat a's report is stored in table orientation, like seat b's). */
  reportA: GameScoreSchema.nullable(),
  reportB: GameScoreSchema.nullable(),
  disputed: z.boolean(),
  result: TableResultSchema.nullable(),
  /** When the first of the two reports came in (tables stored before report deadlines have none). */
  firstReportAt: z.string().nullable().default(null),
  /** Extra minutes an organiser gave this table beyond the round's time. */
  extraMinutes: z
    .int()
    .min(0)
    .max(24 * 60)
    .default(0),
});

export const RoundSchema = z.object({
  number: z.int().min(1),
  stage: z.enum(['swiss', 'round-robin', 'top-cut']),
  startedAt: z.string(),
  /** Byes the organiser awarded for this round (kept so a re-pair keeps them). */
  awardedByes: z.array(z.string()),
  tables: z.array(TableSchema),
  /** The round clock: when it was paused (null while running) and how long it stood still before. */
  clockPausedAt: z.string().nullable().default(null),
  clockPausedMs: z.int().min(0).default(0),
});

export const PlayerSchema = z.object({
  id: z.string(),
  joinedAt: z.string(),
  checkedIn: z.boolean(),
  deck: z.string().nullable(),
  /** The round that was running when the player joined late (0: joined before round 1). */
  joinedInRound: z.int().min(0).default(0),
  /** The round number after which the player left; null while active. */
  droppedAfterRound: z.int().min(0).nullable(),
});

export const LadderMatchSchema = z.object({
  at: z.string(),
  a: z.string(),
  b: z.string(),
  score: GameScoreSchema,
});

/**
 * Who gives a command. The bot decides the role: `organiser` from the guild role or league ownership, `bot` only
 * for its own match-hosting code (never for anything a user typed), `player` otherwise.
 */
export const ActorSchema = z.object({ userId: z.string().min(1), role: z.enum(['player', 'organiser', 'bot']) });

export const LeagueCreateSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().trim().min(1).max(100),
  /** Checked against the bot's registry when the league is created (league-commands.ts). */
  game: GameIdSchema,
  format: LeagueFormatSchema,
  matchLength: z.enum(['bo1', 'bo3']),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  settings: LeagueSettingsSchema,
  /** Most players registered at once; later joins wait on the waitlist. null: no cap (leagues before caps). */
  cap: z.int().min(2).max(4096).nullable().default(null),
  /**
   * Late entry: players may join until round `untilRound` has started (0: closed once round 1 starts), and the
   * rounds they missed count as match losses when `missedRoundsLose`. Leagues created before late-entry settings
   * took joins whenever registration was open, and keep doing so.
   */
  lateEntry: z
    .object({ untilRound: z.int().min(0).max(30), missedRoundsLose: z.boolean() })
    .default({ untilRound: 30, missedRoundsLose: false }),
  /** Seeds round-1 order and ties, so replaying the log reproduces every pairing. */
  seed: z.string().min(1),
});

export const LogEntrySchema = z.object({
  seq: z.int().min(0),
  at: z.string(),
  actor: ActorSchema,
  /** Organiser-only changes are what `/league audit` shows and what undo reverts. */
  admin: z.boolean(),
  command: z.record(z.string(), z.unknown()),
  /** seq of the undo entry that reverted this one. */
  undoneBy: z.int().nullable(),
});

export const LeagueSchema = z.object({
  version: z.literal(1),
  config: LeagueCreateSchema,
  phase: z.enum(['registration', 'running', 'finished']),
  registrationOpen: z.boolean(),
  /** Swiss rounds decided at round 1 (after automatic sizing); null until then or outside Swiss. */
  plannedRounds: z.int().nullable(),
  plannedTopCut: z.int().nullable(),
  players: z.array(PlayerSchema),
  /** Who asked to join past the cap, first come first served (leagues stored before caps have none). */
  waitlist: z.array(z.object({ id: z.string(), at: z.string() })).default([]),
  /** Round robin: the seat order fixed at round 1 (Berger seat 1 first); null otherwise. */
  roundRobinSeats: z.array(z.string()).nullable(),
  /** Byes the organiser awarded for the next round to start. */
  awardedByes: z.array(z.string()),
  /**
   * Penalties an organiser recorded (leagues stored before penalties have none). A match loss also decides the
   * player's open match of that round; warnings and game losses are a record (the game loss is played out by
   * the players' reports).
   */
  penalties: z
    .array(
      z.object({
        player: z.string(),
        round: z.int().min(0),
        kind: z.enum(['warning', 'game-loss', 'match-loss']),
        reason: z.string().max(200),
      }),
    )
    .default([]),
  /** Disqualified players (leagues stored before disqualification have none): not listed in the standings. */
  disqualified: z
    .array(z.object({ player: z.string(), afterRound: z.int().min(0), reason: z.string().max(200) }))
    .default([]),
  /** Judges and co-organisers: they may give organiser commands and are called to disputes (besides the creator). */
  judges: z.array(z.string()).default([]),
  /** Decklist policy: a list required before round 1; lists published (everyone may read them). */
  decklists: z.object({ required: z.boolean(), published: z.boolean() }).default({ required: false, published: false }),
  /** Players the organiser keeps apart in Swiss pairings (as far as a pairing exists). */
  keptApart: z.array(z.tuple([z.string(), z.string()])).default([]),
  /** Late entry as the organiser set it last (starts as the league's `lateEntry` setting). */
  lateEntry: z
    .object({ untilRound: z.int().min(0).max(30), missedRoundsLose: z.boolean() })
    .default({ untilRound: 30, missedRoundsLose: false }),
  /** Match losses for rounds a late entrant missed (no opponent; MTR 2.x late entry). */
  missedRounds: z.array(z.object({ player: z.string(), round: z.int().min(1) })).default([]),
  rounds: z.array(RoundSchema),
  ladder: z.array(LadderMatchSchema),
  log: z.array(LogEntrySchema),
});

export type League = z.infer<typeof LeagueSchema>;
export type LeagueCreate = z.input<typeof LeagueCreateSchema>;
export type LeaguePlayer = z.infer<typeof PlayerSchema>;
export type LeagueRound = z.infer<typeof RoundSchema>;
export type LeagueTable = z.infer<typeof TableSchema>;
export type GameScore = z.infer<typeof GameScoreSchema>;
export type TableResult = z.infer<typeof TableResultSchema>;
export type Actor = z.infer<typeof ActorSchema>;
export type LogEntry = z.infer<typeof LogEntrySchema>;

/** Loads a stored league, with a message that names the first bad field. */
export function parseLeague(json: unknown): League {
  const parsed = LeagueSchema.safeParse(json);
  if (!parsed.success) throw new InvalidData(`stored league is invalid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export function isActive(p: LeaguePlayer): boolean {
  return p.droppedAfterRound === null;
}

export function currentRound(league: League): LeagueRound | null {
  return league.rounds[league.rounds.length - 1] ?? null;
}

export function roundComplete(round: LeagueRound): boolean {
  return round.tables.every((t) => t.result !== null);
}
