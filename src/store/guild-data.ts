import type { Database } from 'better-sqlite3';
import { DECK_EXPORT_COLUMNS, type DeckRow, deckExport } from './decks.ts';
import { GuildSettingsSchema } from './guild-settings.ts';
import { parseJsonColumn } from './json-column.ts';
import { exportMatch, exportSeenBy } from './match-export.ts';
import { MatchRecords, type MatchRow } from './match-records.ts';
import { UserPreferencesSchema } from './user-preferences.ts';

/**
 * Who an export is for: a user, and whether they manage the server (Manage Server, which makes them an organiser of
 * every league of the server, docs/leagues.md). Null: the operator, reading the store itself.
 */
export interface ExportReader {
  userId: string;
  serverManager: boolean;
}

/**
 * One area's share of a guild's data. Core parts are below; later areas (leagues) add theirs, so that
 * "export this guild" and "delete this guild" stay complete as tables are added.
 */
export interface GuildDataPart {
  name: string;
  /** `reader`: who the export is for (a part leaves out what they must not see); null: the operator. */
  export(db: Database, guildId: string, reader: ExportReader | null): unknown;
  /** Deletes the part's rows for the guild; runs inside the deletion's transaction. */
  delete(db: Database, guildId: string): void;
}

export const coreGuildDataParts: readonly GuildDataPart[] = [
  {
    name: 'settings',
    export(db, guildId) {
      const row = db.prepare('SELECT settings, left_at FROM guilds WHERE guild_id = ?').get(guildId) as
        | { settings: string; left_at: number | null }
        | undefined;
      if (!row) return null;
      return { settings: parseJsonColumn(GuildSettingsSchema, row.settings, 'guild settings'), leftAt: row.left_at };
    },
    delete(db, guildId) {
      db.prepare('DELETE FROM guilds WHERE guild_id = ?').run(guildId);
    },
  },
  {
    name: 'userPreferences',
    export(db, guildId) {
      const rows = db
        .prepare('SELECT user_id, preferences FROM user_preferences WHERE guild_id = ? ORDER BY user_id')
        .all(guildId) as { user_id: string; preferences: string }[];
      return rows.map((r) => ({
        userId: r.user_id,
        preferences: parseJsonColumn(UserPreferencesSchema, r.preferences, `preferences of ${r.user_id}`),
      }));
    },
    delete(db, guildId) {
      db.prepare('DELETE FROM user_preferences WHERE guild_id = ?').run(guildId);
    },
  },
  {
    name: 'decks',
    export(db, guildId) {
      const rows = db
        .prepare(`SELECT ${DECK_EXPORT_COLUMNS} FROM decks WHERE guild_id = ? ORDER BY user_id, game, name`)
        .all(guildId) as Omit<DeckRow, 'guild_id'>[];
      return rows.map(deckExport);
    },
    delete(db, guildId) {
      db.prepare('DELETE FROM decks WHERE guild_id = ?').run(guildId);
    },
  },
  {
    name: 'matches',
    export(db, guildId, reader) {
      const records = new MatchRecords(db);
      const rows = db
        .prepare('SELECT * FROM matches WHERE guild_id = ? ORDER BY created_at, match_id')
        .all(guildId) as MatchRow[];
      // Running matches without their replays; finished ones whole, except the reader's own opponents' hidden cards.
      return rows.map((row) => exportSeenBy(exportMatch(records, row), reader?.userId ?? '', false));
    },
    delete(db, guildId) {
      // Explicit deletes rather than relying on ON DELETE CASCADE, so the order does not depend on the pragma.
      const inGuild = 'SELECT match_id FROM matches WHERE guild_id = ?';
      db.prepare(`DELETE FROM match_clocks WHERE match_id IN (${inGuild})`).run(guildId);
      db.prepare(`DELETE FROM match_posts WHERE match_id IN (${inGuild})`).run(guildId);
      db.prepare(`DELETE FROM match_inactivity WHERE match_id IN (${inGuild})`).run(guildId);
      db.prepare(`DELETE FROM match_snapshots WHERE match_id IN (${inGuild})`).run(guildId);
      db.prepare(`DELETE FROM match_decisions WHERE match_id IN (${inGuild})`).run(guildId);
      db.prepare('DELETE FROM matches WHERE guild_id = ?').run(guildId);
    },
  },
];

export interface GuildExport {
  format: 'arbiter-guild-export';
  version: 1;
  guildId: string;
  exportedAt: string;
  parts: Record<string, unknown>;
}

/**
 * Everything stored about a guild, as JSON, for `reader` (see `exportSeenBy`: finished matches include their replays,
 * running ones do not). Read in one transaction.
 */
export function exportGuild(
  db: Database,
  guildId: string,
  parts: readonly GuildDataPart[],
  now = Date.now(),
  reader: ExportReader | null = null,
): GuildExport {
  return db.transaction(() => {
    const out: Record<string, unknown> = {};
    for (const part of parts) out[part.name] = part.export(db, guildId, reader);
    return {
      format: 'arbiter-guild-export' as const,
      version: 1 as const,
      guildId,
      exportedAt: new Date(now).toISOString(),
      parts: out,
    };
  })();
}

/** Deletes everything stored about a guild, all or nothing. Returns the ids of the matches removed. */
export function deleteGuild(db: Database, guildId: string, parts: readonly GuildDataPart[]): string[] {
  return db.transaction(() => {
    const rows = db.prepare('SELECT match_id FROM matches WHERE guild_id = ?').all(guildId) as { match_id: string }[];
    for (const part of parts) part.delete(db, guildId);
    return rows.map((r) => r.match_id);
  })();
}
