import type pg from 'pg';
import { DECK_EXPORT_COLUMNS, type DeckRow, deckExport } from '../decks.ts';
import type { ExportReader, GuildExport } from '../guild-data.ts';
import { GuildSettingsSchema } from '../guild-settings.ts';
import { parseJsonColumn } from '../json-column.ts';
import { type LeagueRow, type LogRow, leagueExportFor, logFromRows } from '../league-store.ts';
import { exportMatch, exportSeenBy } from '../match-export.ts';
import type { MatchRow } from '../match-records.ts';
import { UserPreferencesSchema } from '../user-preferences.ts';
import { loadHistory } from './pg-matches.ts';
import { inTransaction } from './pool.ts';

/**
 * A guild's export on PostgreSQL: the parts and shapes of guild-data.ts, challenges.ts and league-store.ts (settings,
 * user preferences, decks, matches as `reader` may see them, challenges, leagues with ratings, seasons and the rating
 * journal), read in one REPEATABLE READ transaction so every part is the same moment of the database.
 */
export function exportGuildPg(
  pool: pg.Pool,
  guildId: string,
  now: number,
  reader: ExportReader | null,
): Promise<GuildExport> {
  return inTransaction(pool, async (client) => {
    await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const all = async <R extends pg.QueryResultRow>(sql: string) => (await client.query<R>(sql, [guildId])).rows;
    const settingsRow = (
      await all<{ settings: string; left_at: number | null }>(
        'SELECT settings, left_at FROM guilds WHERE guild_id = $1',
      )
    )[0];
    const preferences = await all<{ user_id: string; preferences: string }>(
      'SELECT user_id, preferences FROM user_preferences WHERE guild_id = $1 ORDER BY user_id COLLATE "C"',
    );
    const decks = await all<Omit<DeckRow, 'guild_id'>>(
      `SELECT ${DECK_EXPORT_COLUMNS} FROM decks WHERE guild_id = $1
       ORDER BY user_id COLLATE "C", game COLLATE "C", name COLLATE "C"`,
    );
    const matchRows = await all<MatchRow>(
      'SELECT * FROM matches WHERE guild_id = $1 ORDER BY created_at, match_id COLLATE "C"',
    );
    const matches = [];
    for (const row of matchRows) {
      // Running matches without their replays; finished ones whole, except the reader's own opponents' hidden cards.
      matches.push(
        exportSeenBy(exportMatch(await loadHistory(client, row.match_id), row), reader?.userId ?? '', false),
      );
    }
    const challenges = await all(
      `SELECT challenge_key AS key, channel_id AS "channelId", challenger_id AS challenger, opponent_id AS opponent,
         game, expires_at AS "expiresAt" FROM challenges WHERE guild_id = $1 ORDER BY created_at`,
    );
    const leagueRows = await all<LeagueRow>(
      'SELECT * FROM leagues WHERE guild_id = $1 ORDER BY created_at, league_id COLLATE "C"',
    );
    const leagues = [];
    for (const row of leagueRows) {
      const log = await client.query<LogRow>(
        'SELECT seq, at, actor, admin, command FROM league_log WHERE league_id = $1 ORDER BY seq',
        [row.league_id],
      );
      leagues.push(leagueExportFor(row, logFromRows(row.league_id, log.rows), reader));
    }
    return {
      format: 'arbiter-guild-export' as const,
      version: 1 as const,
      guildId,
      exportedAt: new Date(now).toISOString(),
      parts: {
        settings: settingsRow
          ? {
              settings: parseJsonColumn(GuildSettingsSchema, settingsRow.settings, 'guild settings'),
              leftAt: settingsRow.left_at,
            }
          : null,
        userPreferences: preferences.map((r) => ({
          userId: r.user_id,
          preferences: parseJsonColumn(UserPreferencesSchema, r.preferences, `preferences of ${r.user_id}`),
        })),
        decks: decks.map(deckExport),
        matches,
        challenges,
        leagues: {
          leagues,
          ratings: await all('SELECT * FROM ratings WHERE guild_id = $1 ORDER BY game, user_id COLLATE "C"'),
          seasons: await all('SELECT * FROM rating_seasons WHERE guild_id = $1 ORDER BY game, number'),
          ratingJournal: await all('SELECT * FROM rating_periods WHERE guild_id = $1 ORDER BY game, seq'),
        },
      },
    };
  });
}

/**
 * Deletes everything stored about a guild, all or nothing; returns the ids of the matches removed. A match's log,
 * snapshots, clock, posts, pause, drafts, AI seats and warning go with it, a league's log, presence, bot games,
 * threads and notices with it (ON DELETE CASCADE, schema versions 1, 3 and 4).
 */
export function deleteGuildPg(pool: pg.Pool, guildId: string): Promise<string[]> {
  return inTransaction(pool, async (client) => {
    const removed = await client.query<{ match_id: string }>(
      'DELETE FROM matches WHERE guild_id = $1 RETURNING match_id',
      [guildId],
    );
    for (const table of [
      'guilds',
      'user_preferences',
      'decks',
      'challenges',
      'leagues',
      'ratings',
      'rating_seasons',
      'rating_periods',
    ]) {
      await client.query(`DELETE FROM ${table} WHERE guild_id = $1`, [guildId]);
    }
    return removed.rows.map((r) => r.match_id);
  });
}
