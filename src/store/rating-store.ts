/**
 * Ratings per guild and game (Glicko-2 tables from src/league/ratings.ts), and seasons: a season starts with a
 * soft reset of the table and ends with its final leaderboard kept, so past seasons can still be shown.
 *
 * Every change goes through the rating journal (`rating_periods`, migration 201): rating periods by source (a league
 * round, a ladder week), season ends and resets, and baselines, each with the table before it. `setPeriods` rewrites
 * a period in place (a corrected round) and replays the journal from there, so the ratings and the kept season
 * leaderboards are what they would be had the corrected results been there from the start.
 */
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import {
  applyRatingPeriod,
  DEFAULT_RATING_SETTINGS,
  type LeaderboardRow,
  leaderboard,
  type RatedGame,
  type RatingSettings,
  type RatingTable,
  softReset,
} from '../league/ratings.ts';
import { parseJsonColumn } from './json-column.ts';
import { prepared } from './prepared.ts';

export interface Season {
  number: number;
  name: string;
  startedAt: number;
  endedAt: number | null;
  /** The leaderboard when it ended. */
  final: LeaderboardRow[] | null;
}

export interface SeasonRow {
  number: number;
  name: string;
  started_at: number;
  ended_at: number | null;
  final: string | null;
}

export const FinalSchema = z.array(
  z.object({
    rank: z.number().nullable(),
    player: z.string(),
    rating: z.number(),
    deviation: z.number(),
    games: z.number(),
    provisional: z.boolean(),
  }),
);

export interface JournalRow {
  seq: number;
  kind: 'baseline' | 'period' | 'season-reset' | 'season-end';
  source: string | null;
  data: string | null;
  table_before: string;
}

export const GamesSchema = z.array(
  z.object({ a: z.string(), b: z.string(), scoreA: z.union([z.literal(0), z.literal(0.5), z.literal(1)]) }),
);
export const TableSchema = z.record(
  z.string(),
  z.object({ rating: z.number(), deviation: z.number(), volatility: z.number(), games: z.number() }),
);

export class RatingStore {
  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
    readonly settings: RatingSettings = DEFAULT_RATING_SETTINGS,
  ) {}

  table(guildId: string, game: string): RatingTable {
    const rows = prepared(
      this.db,
      'SELECT user_id, rating, deviation, volatility, games FROM ratings WHERE guild_id = ? AND game = ?',
    ).all(guildId, game) as {
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

  /** Replaces the guild's table for the game (players absent from `table` are removed). */
  private save(guildId: string, game: string, table: RatingTable): void {
    const upsert = prepared(
      this.db,
      `INSERT INTO ratings (guild_id, game, user_id, rating, deviation, volatility, games, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (guild_id, game, user_id) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
         volatility = excluded.volatility, games = excluded.games, updated_at = excluded.updated_at`,
    );
    const now = this.now();
    const keep = new Set(Object.keys(table));
    for (const id of Object.keys(this.table(guildId, game)))
      if (!keep.has(id))
        prepared(this.db, 'DELETE FROM ratings WHERE guild_id = ? AND game = ? AND user_id = ?').run(guildId, game, id);
    for (const [userId, r] of Object.entries(table))
      upsert.run(guildId, game, userId, r.rating, r.deviation, r.volatility, r.games, now);
  }

  /** Sets the table with `rate`, journaled as a baseline (a replay from before it starts again from this table). */
  update(guildId: string, game: string, rate: (table: RatingTable) => RatingTable): RatingTable {
    return this.db.transaction(() => {
      const before = this.table(guildId, game);
      const next = rate(before);
      this.append(guildId, game, 'baseline', null, JSON.stringify(next), before);
      this.save(guildId, game, next);
      return next;
    })();
  }

  /** The rating periods whose source starts with `prefix`: source → games (null: withdrawn). */
  periodsOf(guildId: string, game: string, prefix: string): Map<string, RatedGame[] | null> {
    const rows = prepared(
      this.db,
      "SELECT source, data FROM rating_periods WHERE guild_id = ? AND game = ? AND kind = 'period' AND substr(source, 1, length(?)) = ?",
    ).all(guildId, game, prefix, prefix) as { source: string; data: string | null }[];
    return new Map(rows.map((r) => [r.source, r.data === null ? null : GamesSchema.parse(JSON.parse(r.data))]));
  }

  /**
   * Sets rating periods by source, in one transaction: a new source is appended (in the given order), a known one
   * is rewritten in place (null withdraws it: a round that lost a result is rated again when complete), and the
   * journal is replayed from the earliest entry that changed. Returns whether anything changed.
   */
  setPeriods(guildId: string, game: string, periods: readonly { source: string; games: RatedGame[] | null }[]) {
    return this.db.transaction(() => {
      let earliest: number | null = null;
      for (const { source, games } of periods) {
        const data = games === null ? null : JSON.stringify(games);
        const row = prepared(
          this.db,
          'SELECT seq, data FROM rating_periods WHERE guild_id = ? AND game = ? AND source = ?',
        ).get(guildId, game, source) as { seq: number; data: string | null } | undefined;
        if (row?.data === data || (!row && data === null)) continue;
        let seq: number;
        if (row) {
          seq = row.seq;
          prepared(this.db, 'UPDATE rating_periods SET data = ? WHERE guild_id = ? AND game = ? AND seq = ?').run(
            data,
            guildId,
            game,
            seq,
          );
        } else {
          seq = this.append(guildId, game, 'period', source, data, this.table(guildId, game));
        }
        earliest = earliest === null ? seq : Math.min(earliest, seq);
      }
      if (earliest !== null) this.replayFrom(guildId, game, earliest);
      return earliest !== null;
    })();
  }

  /** Replays the journal from entry `from` on (its table before is where it starts) and saves the result. */
  private replayFrom(guildId: string, game: string, from: number): void {
    const rows = prepared(
      this.db,
      'SELECT seq, kind, source, data, table_before FROM rating_periods WHERE guild_id = ? AND game = ? AND seq >= ? ORDER BY seq',
    ).all(guildId, game, from) as JournalRow[];
    const setBefore = prepared(
      this.db,
      'UPDATE rating_periods SET table_before = ? WHERE guild_id = ? AND game = ? AND seq = ?',
    );
    let table = TableSchema.parse(JSON.parse(rows[0]?.table_before ?? '{}')) as RatingTable;
    for (const row of rows) {
      const before = JSON.stringify(table);
      if (before !== row.table_before) setBefore.run(before, guildId, game, row.seq);
      if (row.kind === 'baseline') table = TableSchema.parse(JSON.parse(row.data ?? '{}')) as RatingTable;
      else if (row.kind === 'period' && row.data !== null)
        table = applyRatingPeriod(table, GamesSchema.parse(JSON.parse(row.data)), this.settings);
      else if (row.kind === 'season-reset') table = softReset(table, this.settings);
      else if (row.kind === 'season-end') {
        const number = Number(/^season:(\d+):end$/.exec(row.source ?? '')?.[1]);
        prepared(this.db, 'UPDATE rating_seasons SET final = ? WHERE guild_id = ? AND game = ? AND number = ?').run(
          JSON.stringify(leaderboard(table, this.settings)),
          guildId,
          game,
          number,
        );
      }
    }
    this.save(guildId, game, table);
  }

  private append(
    guildId: string,
    game: string,
    kind: JournalRow['kind'],
    source: string | null,
    data: string | null,
    before: RatingTable,
  ): number {
    const last = prepared(this.db, 'SELECT max(seq) AS seq FROM rating_periods WHERE guild_id = ? AND game = ?').get(
      guildId,
      game,
    ) as { seq: number | null };
    const seq = (last.seq ?? -1) + 1;
    prepared(
      this.db,
      'INSERT INTO rating_periods (guild_id, game, seq, kind, source, data, table_before, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(guildId, game, seq, kind, source, data, JSON.stringify(before), this.now());
    return seq;
  }

  leaderboard(guildId: string, game: string): LeaderboardRow[] {
    return leaderboard(this.table(guildId, game), this.settings);
  }

  seasons(guildId: string, game: string): Season[] {
    const rows = prepared(
      this.db,
      'SELECT number, name, started_at, ended_at, final FROM rating_seasons WHERE guild_id = ? AND game = ? ORDER BY number',
    ).all(guildId, game) as SeasonRow[];
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
      const before = this.table(guildId, game);
      this.append(guildId, game, 'season-reset', `season:${number}:start`, null, before);
      this.save(guildId, game, softReset(before, this.settings));
      const now = this.now();
      prepared(
        this.db,
        'INSERT INTO rating_seasons (guild_id, game, number, name, started_at) VALUES (?, ?, ?, ?, ?)',
      ).run(guildId, game, number, name, now);
      return { number, name, startedAt: now, endedAt: null, final: null };
    })();
  }

  /** Ends the current season; null when none is running. */
  endSeason(guildId: string, game: string): Season | null {
    return this.db.transaction(() => {
      const season = this.currentSeason(guildId, game);
      if (!season) return null;
      const final = this.leaderboard(guildId, game);
      this.append(guildId, game, 'season-end', `season:${season.number}:end`, null, this.table(guildId, game));
      const now = this.now();
      prepared(
        this.db,
        'UPDATE rating_seasons SET ended_at = ?, final = ? WHERE guild_id = ? AND game = ? AND number = ?',
      ).run(now, JSON.stringify(final), guildId, game, season.number);
      return { ...season, endedAt: now, final };
    })();
  }
}
