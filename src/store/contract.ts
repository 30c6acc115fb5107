/**
 * The store's operations as `Promise`s (issue 24), so one bot can run on SQLite (one process, the default) or on
 * PostgreSQL (several processes or machines sharing one database, `ARBITER_DATABASE_URL=postgres://…`). The same
 * contract test suite (`test/store/contract.test.ts`) runs against both.
 *
 * The shapes are the synchronous store's (`store.ts`): the same inputs, results and errors (`InvalidData`,
 * `IllegalAction`, `MatchNotFound`, `MatchNotPlayable`), only asynchronous. What the bot still reaches only through
 * the synchronous store is listed in docs/store.md ("The async contract").
 */
import type { BaseState, GameId, MatchSetup, Seat } from '../engine/core/game.ts';
import type { LeaderboardRow, RatedGame, RatingTable } from '../league/ratings.ts';
import type { SavedDeck } from './decks.ts';
import type { GuildSettings, GuildSettingsPatch } from './guild-settings.ts';
import type { MatchInfo, MatchStatus } from './match-records.ts';
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
}

export interface DecksContract {
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

/** Everything behind one object, whichever database holds it. */
export interface StoreContract {
  readonly backend: 'sqlite' | 'postgres';
  readonly matches: MatchesContract;
  readonly decks: DecksContract;
  readonly guilds: GuildSettingsContract;
  readonly preferences: PreferencesContract;
  readonly ratings: RatingsContract;
  close(): Promise<void>;
}
