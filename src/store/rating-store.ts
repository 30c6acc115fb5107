/**
 * Ratings per guild and game (Glicko-2 tables from src/league/ratings.ts), and seasons: a season starts with a
 * soft reset of the table and ends with its final leaderboard kept, so past seasons can still be shown.
 */
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import {
  DEFAULT_RATING_SETTINGS,
  type LeaderboardRow,
  leaderboard,
  type RatingSettings,
  type RatingTable,
  softReset,
} from '../league/ratings.ts';
import { parseJsonColumn } from './json-column.ts';

export interface Season {
  number: number;
  name: string;
  startedAt: number;
  endedAt: number | null;
  /** The leaderboard when it ended. */
  final: LeaderboardRow[] | null;
}

interface SeasonRow {
  number: number;
  name: string;
  started_at: number;
  ended_at: number | null;
  final: string | null;
}

const FinalSchema = z.array(
  z.object({
    rank: z.number().nullable(),
    player: z.string(),
    rating: z.number(),
    deviation: z.number(),
    games: z.number(),
    provisional: z.boolean(),
  }),
);

export class RatingStore {
  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
    readonly settings: RatingSettings = DEFAULT_RATING_SETTINGS,
  ) {}

  table(guildId: string, game: string): RatingTable {
    const rows = this.db
      .prepare('SELECT user_id, rating, deviation, volatility, games FROM ratings WHERE guild_id = ? AND game = ?')
      .all(guildId, game) as {
      user_id: string;
      rating: number;
      deviation: number;
      volatility: number;
      games: number;
    }[];
    const table: RatingTable = {};
    for (const r of rows)
      table[r.user_id] = { rating: r.rating, deviation: r.deviation, volatility: r.volatility, games: r.games };
    return table;
  }

  /** Replaces the guild's table for the game, in one transaction (a rating period is rated as a whole). */
  save(guildId: string, game: string, table: RatingTable): void {
    const upsert = this.db.prepare(
      `INSERT INTO ratings (guild_id, game, user_id, rating, deviation, volatility, games, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (guild_id, game, user_id) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
         volatility = excluded.volatility, games = excluded.games, updated_at = excluded.updated_at`,
    );
    const now = this.now();
    this.db.transaction(() => {
      for (const [userId, r] of Object.entries(table))
        upsert.run(guildId, game, userId, r.rating, r.deviation, r.volatility, r.games, now);
    })();
  }

  /** Rates with `rate` inside one transaction, so a period is never half-applied. */
  update(guildId: string, game: string, rate: (table: RatingTable) => RatingTable): RatingTable {
    return this.db.transaction(() => {
      const next = rate(this.table(guildId, game));
      this.save(guildId, game, next);
      return next;
    })();
  }

  leaderboard(guildId: string, game: string): LeaderboardRow[] {
    return leaderboard(this.table(guildId, game), this.settings);
  }

  seasons(guildId: string, game: string): Season[] {
    const rows = this.db
      .prepare(
        'SELECT number, name, started_at, ended_at, final FROM rating_seasons WHERE guild_id = ? AND game = ? ORDER BY number',
      )
      .all(guildId, game) as SeasonRow[];
    return rows.map((r) => ({
      number: r.number,
      name: r.name,
      startedAt: r.started_at,
      endedAt: r.ended_at,
      final: r.final === null ? null : parseJsonColumn(FinalSchema, r.final, `season ${r.number} leaderboard`),
    }));
  }

  currentSeason(guildId: string, game: string): Season | null {
    const last = this.seasons(guildId, game).at(-1);
    return last && last.endedAt === null ? last : null;
  }

  /**
   * Starts a season: ends the current one first (keeping its leaderboard), then soft-resets the ratings so the
   * new season starts closer to the initial rating, with more uncertainty, and everyone provisional again.
   */
  startSeason(guildId: string, game: string, name: string): Season {
    return this.db.transaction(() => {
      if (this.currentSeason(guildId, game)) this.endSeason(guildId, game);
      const number = (this.seasons(guildId, game).at(-1)?.number ?? 0) + 1;
      this.save(guildId, game, softReset(this.table(guildId, game), this.settings));
      const now = this.now();
      this.db
        .prepare('INSERT INTO rating_seasons (guild_id, game, number, name, started_at) VALUES (?, ?, ?, ?, ?)')
        .run(guildId, game, number, name, now);
      return { number, name, startedAt: now, endedAt: null, final: null };
    })();
  }

  /** Ends the current season; null when none is running. */
  endSeason(guildId: string, game: string): Season | null {
    const season = this.currentSeason(guildId, game);
    if (!season) return null;
    const final = this.leaderboard(guildId, game);
    const now = this.now();
    this.db
      .prepare('UPDATE rating_seasons SET ended_at = ?, final = ? WHERE guild_id = ? AND game = ? AND number = ?')
      .run(now, JSON.stringify(final), guildId, game, season.number);
    return { ...season, endedAt: now, final };
  }
}
