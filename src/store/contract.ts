/**
 * The store's operations as `Promise`s (issue 24), so one bot can run on SQLite (one process, the default) or on
 * PostgreSQL (several processes or machines sharing one database, `ARBITER_DATABASE_URL=postgres://…`). The same
 * contract test suite (`test/store/contract.test.ts`) runs against both.
 *
 * The shapes are the synchronous store's (`store.ts`): the same inputs, results and errors (`InvalidData`,
 * `IllegalAction`, `MatchNotFound`, `MatchNotPlayable`), only asynchronous. What the bot still reaches only through
 * the synchronous store is listed in docs/store.md ("The async contract").
 */
import type { AiLevel } from '../ai/levels.ts';
import type {
  BaseState,
  DeckProblem,
  GameId,
  GameModule,
  LogEntry as MatchLogEntry,
  MatchSetup,
  Seat,
  Viewer,
} from '../engine/core/game.ts';
import type { Actor, League, LogEntry } from '../league/league.ts';
import type { LeaderboardRow, RatedGame, RatingTable } from '../league/ratings.ts';
import type { OpenChallenge } from './challenges.ts';
import type { DecisionDraft } from './decision-drafts.ts';
import type { SavedDeck } from './decks.ts';
import type { ExportReader, GuildExport } from './guild-data.ts';
import type { GuildSettings, GuildSettingsPatch } from './guild-settings.ts';
import type { LeagueRecord, LeagueStatus, LeagueSummary, NewLeague } from './league-store.ts';
import type { MatchClock } from './match-clocks.ts';
import type { MatchExport, MatchInspection } from './match-export.ts';
import type { IdleMatch } from './match-inactivity.ts';
import type { MatchPause, PauseReason } from './match-pauses.ts';
import type { BoardPost } from './match-posts.ts';
import type { MatchInfo, MatchStatus } from './match-records.ts';
import type { RunPlanner, RunResult } from './match-step.ts';
import type { CommitResult, NewMatch, RestoreReport, Submission } from './match-store.ts';
import type { Season } from './rating-store.ts';
import type { UserPreferences, UserPreferencesPatch } from './user-preferences.ts';

export interface MatchesContract {
  /** Records a challenge (`pending`). */
  createMatch(input: NewMatch): Promise<MatchInfo>;
  /** Builds the starting state (the game validates the decks) and makes the match active. */
  startMatch(matchId: string, setup: MatchSetup, seed?: string): Promise<BaseState>;
  /**
   * Applies the submission and commits it with its state hash (and a snapshot when due) in one transaction, exactly
   * once even when several store instances (processes) receive it at the same moment: one is `applied`, the others
   * `duplicate` (the same answer) or `stale` (a different answer to the same decision).
   */
  commitDecision(matchId: string, seat: Seat, submission: Submission): Promise<CommitResult>;
  /**
   * Commits a run of decisions in one transaction (the turn clock's automatic passes): `next` is asked, in the
   * current state and then in the state after each decision it gave, for the next decision (null ends the run; so
   * does the end of the game). Each is applied, hashed and logged exactly as `commitDecision` would (the same rows,
   * hashes and snapshots, so replay is the same), and then all are written together. Guarantee: a run lands whole or
   * not at all. If another commit advanced the match while the run was planned, nothing is written and the result
   * is `moved` with the current state (plan again from it); a write that fails rolls the whole run back and throws.
   * A run answering anything but the pending decision throws InvalidData; one the game refuses, IllegalAction.
   * Nothing of a run is acknowledged before it returns `committed`.
   */
  commitRun(matchId: string, next: RunPlanner): Promise<RunResult>;
  /** The match's current state (checked against its log when loaded). */
  currentState(matchId: string): Promise<BaseState>;
  match(matchId: string): Promise<MatchInfo | null>;
  /** The match played in this channel: its first thread (the match id) or the thread it was resumed in. */
  matchIn(channelId: string): Promise<MatchInfo | null>;
  /** A guild's matches, newest first, optionally of one status. */
  guildMatches(guildId: string, status?: MatchStatus): Promise<MatchInfo[]>;
  /** A user's active matches in a guild (either seat), oldest first. */
  activeMatchesOf(guildId: string, userId: string): Promise<MatchInfo[]>;
  /** Every active match's id, oldest first (the boot's restore, timers). */
  activeMatchIds(): Promise<string[]>;
  /** Ends a match without a result (admin command, or a challenge never accepted). */
  abort(matchId: string, reason: string): Promise<void>;
  /** Boot: rebuilds active matches and checks them against their logs; a match that does not check out is frozen. */
  restoreActiveMatches(budgetMs?: number): Promise<RestoreReport>;
  /** Every log entry `viewer` may read (a spectator by default), replayed from the decision log. */
  publicLog(matchId: string, viewer?: Viewer): Promise<MatchLogEntry[]>;
  /** A snapshot of each match this instance holds at its latest decision (a graceful stop); how many were written. */
  snapshotLive(): Promise<number>;
  /** Admin: the match as portable JSON (setup, seed, every decision with its logged hash). */
  exportMatch(matchId: string): Promise<MatchExport>;
  /** Admin: the match's record, its snapshots and whether its log replays. */
  inspectMatch(matchId: string): Promise<MatchInspection>;
  /** How many matches two users have had in a guild (either seat, any game or status). */
  pairingCount(guildId: string, a: string, b: string): Promise<number>;
}

export interface DecksContract {
  /** The list's construction-rule problems under the game, without saving it (the game's rules; no database). */
  check(game: string, list: unknown): DeckProblem[];
  /** Validates against the game's construction rules and saves (replacing a deck of the same name). */
  save(guildId: string, userId: string, game: string, name: string, list: unknown, now?: number): Promise<SavedDeck>;
  get(guildId: string, userId: string, game: GameId, name: string): Promise<SavedDeck | null>;
  list(guildId: string, userId: string, game?: GameId): Promise<SavedDeck[]>;
  delete(guildId: string, userId: string, game: GameId, name: string): Promise<boolean>;
}

export interface GuildSettingsContract {
  /** The guild's settings, or the defaults when it never changed any. */
  get(guildId: string): Promise<GuildSettings>;
  update(guildId: string, patch: GuildSettingsPatch, now?: number): Promise<GuildSettings>;
  markLeft(guildId: string, now?: number): Promise<void>;
  markJoined(guildId: string, now?: number): Promise<void>;
  /** Guilds the bot left at or before `cutoff` (ms since epoch). */
  leftBefore(cutoff: number): Promise<string[]>;
}

export interface PreferencesContract {
  get(guildId: string, userId: string): Promise<UserPreferences>;
  update(guildId: string, userId: string, patch: UserPreferencesPatch, now?: number): Promise<UserPreferences>;
}

/** Ratings per guild and game, seasons and the rating journal (rating-store.ts). */
export interface RatingsContract {
  table(guildId: string, game: string): Promise<RatingTable>;
  /** Sets the table with `rate`, journaled as a baseline. */
  update(guildId: string, game: string, rate: (table: RatingTable) => RatingTable): Promise<RatingTable>;
  /** The rating periods whose source starts with `prefix`: source → games (null: withdrawn). */
  periodsOf(guildId: string, game: string, prefix: string): Promise<Map<string, RatedGame[] | null>>;
  /** Sets periods by source (appended, or rewritten in place and the journal replayed); whether anything changed. */
  setPeriods(
    guildId: string,
    game: string,
    periods: readonly { source: string; games: RatedGame[] | null }[],
  ): Promise<boolean>;
  leaderboard(guildId: string, game: string): Promise<LeaderboardRow[]>;
  seasons(guildId: string, game: string): Promise<Season[]>;
  currentSeason(guildId: string, game: string): Promise<Season | null>;
  /** Ends the current season (keeping its leaderboard) and soft-resets the ratings. */
  startSeason(guildId: string, game: string, name: string): Promise<Season>;
  endSeason(guildId: string, game: string): Promise<Season | null>;
}

/**
 * Paused matches (match-pauses.ts): a paused match stays active but takes no decision (`commitDecision` refuses it
 * with `MatchNotPlayable(…, 'paused')`, whichever instance paused it) until it is resumed in a new thread.
 */
export interface PausesContract {
  isPaused(matchId: string): Promise<boolean>;
  get(matchId: string): Promise<MatchPause | null>;
  /** Pauses an active match; false when it is not active or already paused (the first reason stays). */
  pause(matchId: string, reason: PauseReason, now: number): Promise<boolean>;
  /** Ends the pause and moves the match to its new channel and thread, in one transaction; false when not paused. */
  resume(matchId: string, where: { channelId: string; threadId: string }, now: number): Promise<boolean>;
  /** A guild's paused matches that are still active, oldest pause first. */
  inGuild(guildId: string): Promise<MatchPause[]>;
}

/** The board message and whether the result was announced, per match (match-posts.ts). */
export interface PostsContract {
  board(matchId: string): Promise<BoardPost | null>;
  setBoard(matchId: string, board: BoardPost): Promise<void>;
  clearBoard(matchId: string): Promise<void>;
  isAnnounced(matchId: string): Promise<boolean>;
  /** Records that the result was posted; false if it already was (so exactly one caller announces it). */
  markAnnounced(matchId: string, now: number): Promise<boolean>;
  /** Finished matches whose result was never announced. */
  unannounced(): Promise<string[]>;
}

/** Turn clocks and pass modes (match-clocks.ts). */
export interface ClocksContract {
  get(matchId: string): Promise<MatchClock | null>;
  put(matchId: string, clock: MatchClock, now: number): Promise<void>;
  delete(matchId: string): Promise<void>;
  /** Active matches that have a clock (re-armed at boot). */
  activeMatchIds(): Promise<string[]>;
}

/** Answers in progress per (match, version, seat) (decision-drafts.ts). */
export interface DraftsContract {
  get(matchId: string, version: number, seat: Seat): Promise<DecisionDraft | null>;
  /** Saves the draft and drops the seat's drafts of other versions. */
  put(matchId: string, version: number, seat: Seat, draft: DecisionDraft, now: number): Promise<void>;
  clear(matchId: string): Promise<void>;
}

/** The seats the AI plays (ai-seats.ts). */
export interface AiSeatsContract {
  put(matchId: string, seat: Seat, level: AiLevel): Promise<void>;
  levelOf(matchId: string, seat: Seat): Promise<AiLevel | null>;
  /** Active matches with an AI seat. */
  activeMatchIds(): Promise<string[]>;
}

/** Open challenges (challenges.ts). */
export interface ChallengesContract {
  /** Records a challenge and forgets those expired more than a day before `now`. */
  open(challenge: OpenChallenge, now: number): Promise<void>;
  get(key: string): Promise<OpenChallenge | null>;
}

/** Warnings that an inactive match will end (match-inactivity.ts). */
export interface InactivityContract {
  /** Active matches unchanged since `before`, oldest first. */
  idleSince(before: number): Promise<IdleMatch[]>;
  /** When the match was warned, if it was since its last change. */
  warnedAt(matchId: string, lastChange: number): Promise<number | null>;
  warned(matchId: string, at: number, lastChange: number): Promise<void>;
}

/** Bot-side progress of a league (the round timer, ratings); not part of its own log. */
export type LeagueProgress = Partial<
  Pick<LeagueRecord, 'timeCalledRound' | 'noShowRound' | 'ratedRounds' | 'ratedLadderGames'>
>;

/**
 * Leagues (league-store.ts): the command log is the truth, the stored state is checked against its replay on load,
 * and a log that does not replay freezes the league. A command is applied under the league's own lock, so two
 * processes never fork its log: the second sees the first's entries or is refused with `LeagueUnavailable`.
 */
export interface LeaguesContract {
  /** Refuses a name already used in the guild (ignoring case) with `LeagueNameTaken`. */
  create(input: NewLeague): Promise<LeagueRecord>;
  get(leagueId: string): Promise<LeagueRecord | null>;
  /** As `get`, or `LeagueNotFound`. */
  require(leagueId: string): Promise<LeagueRecord>;
  /** By exact id, else by name (ignoring case) within the guild. */
  find(guildId: string, idOrName: string): Promise<LeagueRecord | null>;
  list(guildId: string, statuses?: readonly LeagueStatus[]): Promise<LeagueSummary[]>;
  openLeagueIds(): Promise<string[]>;
  /** Applies one command with the pure core and stores it; refusals store nothing. */
  apply(
    leagueId: string,
    actor: Actor,
    command: unknown,
    at: string,
  ): Promise<{ before: LeagueRecord; after: LeagueRecord }>;
  /** Stores a state computed from `before`; `LeagueUnavailable` if the league changed since. */
  commit(before: LeagueRecord, league: League): Promise<{ before: LeagueRecord; after: LeagueRecord }>;
  setProgress(leagueId: string, patch: LeagueProgress): Promise<void>;
  markPresent(leagueId: string, round: number, userId: string): Promise<void>;
  present(leagueId: string, round: number): Promise<Set<string>>;
  /** False if this match was already recorded for the league. */
  addBotGame(game: {
    matchId: string;
    leagueId: string;
    round: number;
    table: number;
    winner: string | null;
  }): Promise<boolean>;
  botGames(leagueId: string, round: number, table: number): Promise<{ matchId: string; winner: string | null }[]>;
  /** True the first time (send the notice), false when it was already recorded. */
  noticeOnce(leagueId: string, notice: string, at?: number): Promise<boolean>;
  noticeAt(leagueId: string, notice: string): Promise<number | null>;
  threadOf(leagueId: string, round: number, table: number): Promise<string | null>;
  addThread(leagueId: string, round: number, table: number, threadId: string): Promise<void>;
  openThreads(leagueId: string, round: number): Promise<{ table: number; threadId: string }[]>;
  threadClosed(leagueId: string, threadId: string): Promise<void>;
  logOf(leagueId: string): Promise<LogEntry[]>;
}

/** Everything behind one object, whichever database holds it. */
export interface StoreContract {
  readonly backend: 'sqlite' | 'postgres';
  readonly matches: MatchesContract;
  readonly decks: DecksContract;
  readonly guilds: GuildSettingsContract;
  readonly preferences: PreferencesContract;
  readonly ratings: RatingsContract;
  readonly leagues: LeaguesContract;
  readonly pauses: PausesContract;
  readonly posts: PostsContract;
  readonly clocks: ClocksContract;
  readonly drafts: DraftsContract;
  readonly aiSeats: AiSeatsContract;
  readonly challenges: ChallengesContract;
  readonly inactivity: InactivityContract;
  /** The module of a game this store can play, or `InvalidData` naming it (the game registry; no database). */
  requireGame(game: string): GameModule;
  /** Everything stored about the guild as `reader` may have it (null: the operator), read as one moment. */
  exportGuild(guildId: string, reader?: ExportReader | null): Promise<GuildExport>;
  /** Why the database cannot take writes now (`/readyz`), or null when it can. */
  writeProblem(): Promise<string | null>;
  /** Active matches, and how many of them are paused (their thread was deleted): the metrics' gauge. */
  matchCounts(): Promise<{ active: number; paused: number }>;
  /** Removes everything stored about the guild, all or nothing. */
  deleteGuild(guildId: string): Promise<{ matches: number }>;
  /** Deletes the data of guilds the bot left more than the retention (`ARBITER_GUILD_RETENTION_DAYS`) ago. */
  purgeDepartedGuilds(): Promise<string[]>;
  close(): Promise<void>;
}
