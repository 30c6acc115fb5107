import type { Database } from 'better-sqlite3';
import { AiSeats } from './ai-seats.ts';
import { type BackupResult, backupDatabase } from './backup.ts';
import { ChallengeStore, challengeGuildDataPart } from './challenges.ts';
import { type StoreConfig, type StoreConfigInput, StoreConfigSchema } from './config.ts';
import { DecisionDrafts } from './decision-drafts.ts';
import { DeckStore } from './decks.ts';
import { type GameResolver, requireGame } from './game-resolver.ts';
import {
  coreGuildDataParts,
  deleteGuild,
  type ExportReader,
  exportGuild,
  type GuildDataPart,
  type GuildExport,
} from './guild-data.ts';
import { GuildSettingsStore } from './guild-settings.ts';
import { LeagueStore, leagueGuildDataPart } from './league-store.ts';
import { MatchClockStore } from './match-clocks.ts';
import { MatchNotFound } from './match-errors.ts';
import { exportMatch, inspectMatch, type MatchExport, type MatchInspection } from './match-export.ts';
import { MatchInactivity } from './match-inactivity.ts';
import { MatchPauses } from './match-pauses.ts';
import { MatchPosts } from './match-posts.ts';
import { MatchRecords } from './match-records.ts';
import { MatchStore, type MatchStoreOptions } from './match-store.ts';
import { openDatabase } from './open-database.ts';
import { RatingStore } from './rating-store.ts';
import { UserPreferencesStore } from './user-preferences.ts';

export interface StoreOptions {
  /** Extra per-guild data (leagues) to include in guild export and deletion. */
  guildDataParts?: readonly GuildDataPart[];
  log?: (message: string) => void;
  now?: () => number;
  /** Told after each committed decision, with its transaction's time (metrics, debug logs). */
  onCommit?: MatchStoreOptions['onCommit'];
}

/** Everything the bot persists, behind one object. The store knows nothing of Discord beyond ids as strings. */
export class Store {
  readonly guilds: GuildSettingsStore;
  readonly preferences: UserPreferencesStore;
  readonly decks: DeckStore;
  readonly matches: MatchStore;
  readonly leagues: LeagueStore;
  readonly ratings: RatingStore;
  /** Turn timers and pass modes of matches (the bot's; not part of a match's truth). */
  readonly clocks: MatchClockStore;
  readonly pauses: MatchPauses;
  /** The board message and whether the result was announced, per match (the bot's; migration 51). */
  readonly posts: MatchPosts;
  /** Answers in progress per match, version and seat (the bot's; migration 203). */
  readonly drafts: DecisionDrafts;
  /** The seats the AI plays (migration 210). */
  readonly aiSeats: AiSeats;
  /** Open challenges, so their buttons carry only a key (migration 220). */
  readonly challenges: ChallengeStore;
  /** Warnings that inactive matches will end (migration 221). */
  readonly inactivity: MatchInactivity;
  private readonly records: MatchRecords;
  private readonly parts: readonly GuildDataPart[];
  private readonly now: () => number;

  constructor(
    readonly db: Database,
    readonly config: StoreConfig,
    private readonly resolveGame: GameResolver,
    options: StoreOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.records = new MatchRecords(db);
    this.guilds = new GuildSettingsStore(db);
    this.preferences = new UserPreferencesStore(db);
    this.decks = new DeckStore(db, resolveGame);
    this.clocks = new MatchClockStore(db);
    this.pauses = new MatchPauses(db);
    this.posts = new MatchPosts(db);
    this.drafts = new DecisionDrafts(db);
    this.aiSeats = new AiSeats(db);
    this.challenges = new ChallengeStore(db);
    this.inactivity = new MatchInactivity(db);
    const matchOptions = {
      snapshotEvery: config.snapshotEvery,
      now: this.now,
      isPaused: (matchId: string) => this.pauses.isPaused(matchId),
      ...(options.log ? { log: options.log } : {}),
      ...(options.onCommit ? { onCommit: options.onCommit } : {}),
    };
    this.matches = new MatchStore(this.records, resolveGame, matchOptions);
    this.leagues = new LeagueStore(db, { now: this.now, ...(options.log ? { log: options.log } : {}) });
    this.ratings = new RatingStore(db, this.now);
    this.parts = [
      ...coreGuildDataParts,
      challengeGuildDataPart,
      leagueGuildDataPart,
      ...(options.guildDataParts ?? []),
    ];
  }

  /** Admin: a match's record and whether its log replays. */
  inspectMatch(matchId: string): MatchInspection {
    const row = this.records.match(matchId);
    if (!row) throw new MatchNotFound(matchId);
    return inspectMatch(this.records, row, this.resolveGame(row.game));
  }

  /** Admin: a match as portable JSON (setup, seed, every decision with its logged hash). */
  exportMatch(matchId: string): MatchExport {
    const row = this.records.match(matchId);
    if (!row) throw new MatchNotFound(matchId);
    return exportMatch(this.records, row);
  }

  /** The guild's data as `reader` may have it (null: the operator); see `exportSeenBy` and `leagueViewFor`. */
  exportGuild(guildId: string, reader: ExportReader | null = null): GuildExport {
    return exportGuild(this.db, guildId, this.parts, this.now(), reader);
  }

  /** Admin command, or automatic after the bot left: removes everything stored about the guild. */
  deleteGuild(guildId: string): { matches: number } {
    const removed = deleteGuild(this.db, guildId, this.parts);
    this.matches.forget(removed);
    this.leagues.forget(this.leagues.cachedIds());
    return { matches: removed.length };
  }

  /** Deletes the data of guilds the bot left more than `guildRetentionDays` ago; returns their ids. */
  purgeDepartedGuilds(): string[] {
    const cutoff = this.now() - this.config.guildRetentionDays * 86_400_000;
    const gone = this.guilds.leftBefore(cutoff);
    for (const guildId of gone) this.deleteGuild(guildId);
    return gone;
  }

  backup(destination: string): Promise<BackupResult> {
    return backupDatabase(this.db, destination);
  }

  /** Checks that a game id can be played here (for commands that take a game name). */
  requireGame(game: string) {
    return requireGame(this.resolveGame, game);
  }

  close(): void {
    this.db.close();
  }
}

/** Opens the database (migrating it) and the store on top of it. Call `matches.restoreActiveMatches()` next. */
export function openStore(config: StoreConfigInput, resolveGame: GameResolver, options: StoreOptions = {}): Store {
  const parsed = StoreConfigSchema.parse(config);
  return new Store(openDatabase(parsed), parsed, resolveGame, options);
}
