/**
 * PostgreSQL's schema migrations (src/store/postgres/schema.ts): applied once, also when several processes start at
 * the same moment, and a database written by newer code is refused; and the same tables and columns as SQLite's.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COPIED_TABLES, compareSchemas } from '../../src/store/copy-to-postgres.ts';
import { openDatabase } from '../../src/store/open-database.ts';
import { openPool } from '../../src/store/postgres/pool.ts';
import { migratePostgres, pgMigrations } from '../../src/store/postgres/schema.ts';
import { havePostgres, startPostgres, type TestPostgres } from '../support/postgres.ts';

let server: TestPostgres | null = null;
beforeAll(async () => {
  if (havePostgres) server = await startPostgres();
});
afterAll(() => server?.stop());

async function database(): Promise<string> {
  if (!server) throw new Error('PostgreSQL did not start');
  return server.createDatabase();
}

describe.skipIf(!havePostgres)('PostgreSQL schema migrations', () => {
  it('applies every migration once, even with four pools migrating the same database at the same moment', async () => {
    const url = await database();
    const pools = Array.from({ length: 4 }, () => openPool(url, { max: 2 }));
    try {
      const ran = await Promise.all(pools.map((p) => migratePostgres(p)));
      const versions = pgMigrations.map((m) => m.version);
      expect(ran.flat().sort()).toEqual(versions);
      expect(ran.filter((r) => r.length > 0)).toHaveLength(1);
      expect(await migratePostgres(pools[0] as pg.Pool)).toEqual([]);
      const { rows } = await (pools[0] as pg.Pool).query<{ version: number }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      expect(rows.map((r) => r.version)).toEqual(versions);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });

  it('refuses a database holding a migration this code does not know, and keeps the log append-only', async () => {
    const url = await database();
    const pool = openPool(url);
    try {
      await migratePostgres(pool);
      await pool.query(
        `INSERT INTO matches (match_id, guild_id, channel_id, game, format, p1_user_id, p2_user_id, status, seed, setup,
           initial_hash, created_at, updated_at) VALUES ('m', 'g', 'c', 'nova', 'toy', 'a', 'b', 'active', 's', '{}', 'h', 0, 0)`,
      );
      await pool.query(
        `INSERT INTO match_decisions (match_id, seq, seat, decision, state_hash, at) VALUES ('m', 1, 'p1', '{}', 'h', 0)`,
      );
      await expect(pool.query(`UPDATE match_decisions SET state_hash = 'x'`)).rejects.toThrow(/append-only/);
      await pool.query(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'from the future', 0)`);
      await expect(migratePostgres(pool)).rejects.toThrow(/migrations 999 that this code does not know/);
    } finally {
      await pool.end();
    }
  });

  it('keeps one column list per table with SQLite: the same tables and columns, and a drift named by table', async () => {
    const url = await database();
    const pool = openPool(url);
    const sqlite = openDatabase({ path: ':memory:', synchronous: 'NORMAL' });
    try {
      await migratePostgres(pool);
      const same = await compareSchemas(sqlite, pool);
      expect(same.problems).toEqual([]);
      expect([...same.columns.keys()].sort()).toEqual([...COPIED_TABLES].sort());
      expect(same.columns.get('matches')).toContain('rules_version');
      // A column added on one side only, and a table only SQLite has, are each named.
      await pool.query('ALTER TABLE decks ADD COLUMN colour TEXT');
      sqlite.exec('ALTER TABLE match_posts ADD COLUMN pinned INTEGER; CREATE TABLE brackets (id TEXT)');
      const drift = await compareSchemas(sqlite, pool);
      expect(drift.problems).toEqual([
        'the SQLite file has table(s) the copy does not know: brackets (newer code?)',
        'decks: the columns differ (only in PostgreSQL: colour)',
        'match_posts: the columns differ (only in SQLite: pinned)',
      ]);
    } finally {
      sqlite.close();
      await pool.end();
    }
  });
});
