import type pg from 'pg';
import {
  applyRatingPeriod,
  DEFAULT_RATING_SETTINGS,
  type LeaderboardRow,
  leaderboard,
  type RatedGame,
  type RatingSettings,
  type RatingTable,
  softReset,
} from '../../league/ratings.ts';
import type { RatingsContract } from '../contract.ts';
import { parseJsonColumn } from '../json-column.ts';
import {
  FinalSchema,
  GamesSchema,
  type JournalRow,
  type Season,
  type SeasonRow,
  TableSchema,
} from '../rating-store.ts';
import { inTransaction, type Queryable } from './pool.ts';

/**
 * Ratings, seasons and the rating journal on PostgreSQL, with rating-store.ts's rules: every change is a journal
 * entry with the table before it, and a corrected period is rewritten in place and the journal replayed from it.
 * Every write to one guild's table for one game holds a transaction-scoped advisory lock on (guild, game), so two
 * processes rating the same table at once take turns instead of both appending the same journal position.
 */
export class PgRatingStore implements RatingsContract {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number = Date.now,
    readonly settings: RatingSettings = DEFAULT_RATING_SETTINGS,
  ) {}

  table(guildId: string, game: string): Promise<RatingTable> {
    return readTable(this.pool, guildId, game);
  }

  update(guildId: string, game: string, rate: (table: RatingTable) => RatingTable): Promise<RatingTable> {
    return this.writing(guildId, game, async (client) => {
      const before = await readTable(client, guildId, game);
      const next = rate(before);
      await this.append(client, guildId, game, 'baseline', null, JSON.stringify(next), before);
      await saveTable(client, guildId, game, next, this.now());
      return next;
    });
  }

  async periodsOf(guildId: string, game: string, prefix: string): Promise<Map<string, RatedGame[] | null>> {
    const { rows } = await this.pool.query<{ source: string; data: string | null }>(
      `SELECT source, data FROM rating_periods WHERE guild_id = $1 AND game = $2 AND kind = 'period'
         AND left(source, length($3)) = $3`,
      [guildId, game, prefix],
    );
    return new Map(rows.map((r) => [r.source, r.data === null ? null : GamesSchema.parse(JSON.parse(r.data))]));
  }

  setPeriods(
    guildId: string,
    game: string,
    periods: readonly { source: string; games: RatedGame[] | null }[],
  ): Promise<boolean> {
    return this.writing(guildId, game, async (client) => {
      let earliest: number | null = null;
      for (const { source, games } of periods) {
        const data = games === null ? null : JSON.stringify(games);
        const row = (
          await client.query<{ seq: number; data: string | null }>(
            'SELECT seq, data FROM rating_periods WHERE guild_id = $1 AND game = $2 AND source = $3',
            [guildId, game, source],
          )
        ).rows[0];
        if (row?.data === data || (!row && data === null)) continue;
        let seq: number;
        if (row) {
          seq = row.seq;
          await client.query('UPDATE rating_periods SET data = $1 WHERE guild_id = $2 AND game = $3 AND seq = $4', [
            data,
            guildId,
            game,
            seq,
          ]);
        } else {
          seq = await this.append(
            client,
            guildId,
            game,
            'period',
            source,
            data,
            await readTable(client, guildId, game),
          );
        }
        earliest = earliest === null ? seq : Math.min(earliest, seq);
      }
      if (earliest !== null) await this.replayFrom(client, guildId, game, earliest);
      return earliest !== null;
    });
  }

  async leaderboard(guildId: string, game: string): Promise<LeaderboardRow[]> {
    return leaderboard(await this.table(guildId, game), this.settings);
  }

  seasons(guildId: string, game: string): Promise<Season[]> {
    return readSeasons(this.pool, guildId, game);
  }

  async currentSeason(guildId: string, game: string): Promise<Season | null> {
    return current(await this.seasons(guildId, game));
  }

  startSeason(guildId: string, game: string, name: string): Promise<Season> {
    return this.writing(guildId, game, async (client) => {
      if (current(await readSeasons(client, guildId, game))) await this.endIn(client, guildId, game);
      const number = ((await readSeasons(client, guildId, game)).at(-1)?.number ?? 0) + 1;
      const before = await readTable(client, guildId, game);
      await this.append(client, guildId, game, 'season-reset', `season:${number}:start`, null, before);
      const now = this.now();
      await saveTable(client, guildId, game, softReset(before, this.settings), now);
      await client.query(
        'INSERT INTO rating_seasons (guild_id, game, number, name, started_at) VALUES ($1, $2, $3, $4, $5)',
        [guildId, game, number, name, now],
      );
      return { number, name, startedAt: now, endedAt: null, final: null };
    });
  }

  endSeason(guildId: string, game: string): Promise<Season | null> {
    return this.writing(guildId, game, (client) => this.endIn(client, guildId, game));
  }

  private async endIn(client: pg.PoolClient, guildId: string, game: string): Promise<Season | null> {
    const season = current(await readSeasons(client, guildId, game));
    if (!season) return null;
    const table = await readTable(client, guildId, game);
    const final = leaderboard(table, this.settings);
    await this.append(client, guildId, game, 'season-end', `season:${season.number}:end`, null, table);
    const now = this.now();
    await client.query(
      'UPDATE rating_seasons SET ended_at = $1, final = $2 WHERE guild_id = $3 AND game = $4 AND number = $5',
      [now, JSON.stringify(final), guildId, game, season.number],
    );
    return { ...season, endedAt: now, final };
  }

  /** Replays the journal from entry `from` on (its table before is where it starts) and saves the result. */
  private async replayFrom(client: pg.PoolClient, guildId: string, game: string, from: number): Promise<void> {
    const { rows } = await client.query<JournalRow>(
      `SELECT seq, kind, source, data, table_before FROM rating_periods
       WHERE guild_id = $1 AND game = $2 AND seq >= $3 ORDER BY seq`,
      [guildId, game, from],
    );
    let table = TableSchema.parse(JSON.parse(rows[0]?.table_before ?? '{}')) as RatingTable;
    for (const row of rows) {
      const before = JSON.stringify(table);
      if (before !== row.table_before) {
        await client.query(
          'UPDATE rating_periods SET table_before = $1 WHERE guild_id = $2 AND game = $3 AND seq = $4',
          [before, guildId, game, row.seq],
        );
      }
      if (row.kind === 'baseline') table = TableSchema.parse(JSON.parse(row.data ?? '{}')) as RatingTable;
      else if (row.kind === 'period' && row.data !== null)
        table = applyRatingPeriod(table, GamesSchema.parse(JSON.parse(row.data)), this.settings);
      else if (row.kind === 'season-reset') table = softReset(table, this.settings);
      else if (row.kind === 'season-end') {
        const number = Number(/^season:(\d+):end$/.exec(row.source ?? '')?.[1]);
        await client.query('UPDATE rating_seasons SET final = $1 WHERE guild_id = $2 AND game = $3 AND number = $4', [
          JSON.stringify(leaderboard(table, this.settings)),
          guildId,
          game,
          number,
        ]);
      }
    }
    await saveTable(client, guildId, game, table, this.now());
  }

  private async append(
    client: pg.PoolClient,
    guildId: string,
    game: string,
    kind: JournalRow['kind'],
    source: string | null,
    data: string | null,
    before: RatingTable,
  ): Promise<number> {
    const last = (
      await client.query<{ seq: number | null }>(
        'SELECT max(seq) AS seq FROM rating_periods WHERE guild_id = $1 AND game = $2',
        [guildId, game],
      )
    ).rows[0];
    const seq = (last?.seq ?? -1) + 1;
    await client.query(
      `INSERT INTO rating_periods (guild_id, game, seq, kind, source, data, table_before, at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [guildId, game, seq, kind, source, data, JSON.stringify(before), this.now()],
    );
    return seq;
  }

  /** One transaction holding the (guild, game) table's advisory lock until it ends. */
  private writing<T>(guildId: string, game: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`ratings:${guildId}:${game}`]);
      return work(client);
    });
  }
}

function current(seasons: Season[]): Season | null {
  const last = seasons.at(-1);
  return last && last.endedAt === null ? last : null;
}

async function readTable(q: Queryable, guildId: string, game: string): Promise<RatingTable> {
  const { rows } = await q.query<{
    user_id: string;
    rating: number;
    deviation: number;
    volatility: number;
    games: number;
  }>('SELECT user_id, rating, deviation, volatility, games FROM ratings WHERE guild_id = $1 AND game = $2', [
    guildId,
    game,
  ]);
  const table: RatingTable = {};
  for (const r of rows)
    table[r.user_id] = { rating: r.rating, deviation: r.deviation, volatility: r.volatility, games: r.games };
  return table;
}

/** Replaces the guild's table for the game (players absent from `table` are removed). */
async function saveTable(q: Queryable, guildId: string, game: string, table: RatingTable, now: number): Promise<void> {
  await q.query('DELETE FROM ratings WHERE guild_id = $1 AND game = $2 AND NOT (user_id = ANY($3::text[]))', [
    guildId,
    game,
    Object.keys(table),
  ]);
  for (const [userId, r] of Object.entries(table)) {
    await q.query(
      `INSERT INTO ratings (guild_id, game, user_id, rating, deviation, volatility, games, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (guild_id, game, user_id) DO UPDATE SET rating = EXCLUDED.rating, deviation = EXCLUDED.deviation,
         volatility = EXCLUDED.volatility, games = EXCLUDED.games, updated_at = EXCLUDED.updated_at`,
      [guildId, game, userId, r.rating, r.deviation, r.volatility, r.games, now],
    );
  }
}

async function readSeasons(q: Queryable, guildId: string, game: string): Promise<Season[]> {
  const { rows } = await q.query<SeasonRow>(
    `SELECT number, name, started_at, ended_at, final FROM rating_seasons WHERE guild_id = $1 AND game = $2
     ORDER BY number`,
    [guildId, game],
  );
  return rows.map((r) => ({
    number: r.number,
    name: r.name,
    startedAt: r.started_at,
    endedAt: r.ended_at,
    final: r.final === null ? null : parseJsonColumn(FinalSchema, r.final, `season ${r.number} leaderboard`),
  }));
}
