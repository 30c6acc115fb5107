import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { InvalidData } from '../../src/engine/core/errors.ts';
import { appliedVersions, migrate } from '../../src/store/migrate.ts';
import type { Migration } from '../../src/store/migration.ts';
import { migrations } from '../../src/store/migrations/index.ts';
import { openStore } from '../../src/store/store.ts';
import { tempDir, toyResolver } from './temp-store.ts';

/** The schema as SQLite reports it, excluding the migration bookkeeping, in a comparable form. */
function schemaOf(db: Database.Database): string[] {
  const rows = db
    .prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name")
    .all() as { type: string; name: string; sql: string | null }[];
  return rows.map((r) => `${r.type} ${r.name}: ${r.sql ?? ''}`);
}

const open: Database.Database[] = [];
function memory(): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  open.push(db);
  return db;
}
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

describe('migrations', () => {
  it('migrate an empty database to the latest schema', () => {
    const db = memory();
    const ran = migrate(db, migrations);
    expect(ran).toEqual(migrations.map((m) => m.version).sort((a, b) => a - b));
    expect(appliedVersions(db)).toEqual(ran);
    expect(schemaOf(db).some((s) => s.startsWith('table match_decisions'))).toBe(true);
  });

  it('bring a database of every earlier version to the same schema as a fresh one', () => {
    const fresh = memory();
    migrate(fresh, migrations);
    const sorted = [...migrations].sort((a, b) => a.version - b.version);
    for (let k = 0; k < sorted.length; k++) {
      const db = memory();
      migrate(db, sorted.slice(0, k));
      const ran = migrate(db, migrations);
      expect(ran).toEqual(sorted.slice(k).map((m) => m.version));
      expect(schemaOf(db)).toEqual(schemaOf(fresh));
    }
  });

  it('do nothing the second time', () => {
    const db = memory();
    migrate(db, migrations);
    expect(migrate(db, migrations)).toEqual([]);
  });

  it('run a later area migration and a new core one in any arrival order (ranges interleave)', () => {
    const extra = (version: number): Migration => ({
      version,
      name: `extra ${version}`,
      up: (d) => d.exec(`CREATE TABLE extra_${version} (x INTEGER) STRICT`),
    });
    const db = memory();
    migrate(db, [...migrations, extra(150)]);
    expect(migrate(db, [...migrations, extra(150), extra(98)])).toEqual([98]);
  });

  it('refuse a database written by newer code (a version this code does not know)', () => {
    const db = memory();
    migrate(db, migrations);
    db.prepare("INSERT INTO schema_migrations VALUES (99, 'from the future', 0)").run();
    expect(() => migrate(db, migrations)).toThrow(InvalidData);
    expect(() => migrate(db, migrations)).toThrow(/99/);
  });

  it('apply each migration in a transaction: a failing one leaves no trace', () => {
    const db = memory();
    const broken: Migration = {
      version: 999,
      name: 'broken',
      up: (d) => {
        d.exec('CREATE TABLE half_done (x INTEGER)');
        throw new Error('boom');
      },
    };
    expect(() => migrate(db, [...migrations, broken])).toThrow('boom');
    expect(appliedVersions(db)).toEqual(migrations.map((m) => m.version));
    expect(schemaOf(db).some((s) => s.includes('half_done'))).toBe(false);
  });

  it('journal existing ratings as a baseline and keep rounds rated before the journal as rated (201)', () => {
    const db = memory();
    migrate(
      db,
      migrations.filter((m) => m.version < 201),
    );
    db.prepare(
      "INSERT INTO ratings (guild_id, game, user_id, rating, deviation, volatility, games, updated_at) VALUES ('g', 'nova', 'ann', 1600, 200, 0.06, 3, 0)",
    ).run();
    db.prepare(
      `INSERT INTO leagues (league_id, guild_id, channel_id, name, name_key, game, owner_id, status, state, log_length,
         threads, rated_rounds, created_at, updated_at)
       VALUES ('L', 'g', 'c', 'L', 'l', 'nova', 'o', 'running', '{}', 1, 1, 2, 0, 0)`,
    ).run();
    expect(migrate(db, migrations)).toContain(201);
    const baseline = db.prepare('SELECT kind, data FROM rating_periods').all() as { kind: string; data: string }[];
    expect(baseline).toHaveLength(1);
    expect(baseline[0]?.kind).toBe('baseline');
    expect(JSON.parse(baseline[0]?.data ?? '{}')).toEqual({
      ann: { rating: 1600, deviation: 200, volatility: 0.06, games: 3 },
    });
    expect(db.prepare('SELECT rated_before_journal AS n FROM leagues').get()).toEqual({ n: 2 });
  });

  it('refuse two migrations with the same version', () => {
    const db = memory();
    expect(() => migrate(db, [...migrations, { ...migrations[0]!, name: 'copy' }])).toThrow(/share version/);
  });

  it('keep the data of an older database when it is brought up to date', () => {
    const { dir, cleanup } = tempDir();
    try {
      const path = join(dir, 'old.db');
      const old = new Database(path);
      migrate(old, migrations.slice(0, 1));
      old
        .prepare('INSERT INTO guilds (guild_id, settings, updated_at) VALUES (?, ?, 0)')
        .run('42', JSON.stringify({ locale: 'ja' }));
      old.close();
      const store = openStore({ path }, toyResolver);
      try {
        expect(store.guilds.get('42')).toMatchObject({ locale: 'ja', defaultGame: 'nova' });
        expect(appliedVersions(store.db)).toEqual(migrations.map((m) => m.version).sort((a, b) => a - b));
      } finally {
        store.close();
      }
    } finally {
      cleanup();
    }
  });
});
