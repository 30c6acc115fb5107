import type { Database } from 'better-sqlite3';
import { InvalidData } from '../engine/core/errors.ts';
import type { Migration } from './migration.ts';

/**
 * Applies every migration not yet recorded, in version order, each in its own transaction.
 * Applied versions are kept in a table rather than `user_version`, because areas own interleaved ranges
 * (1–99, 100–199, 200–299): a new core migration 4 must still run on a database that already has 100.
 * Forward-only: a database holding a version this code does not know was written by newer code and is refused.
 */
export function migrate(db: Database, migrations: readonly Migration[], now = Date.now()): number[] {
  checkList(migrations);
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const applied = appliedVersions(db);
  const known = new Set(migrations.map((m) => m.version));
  const unknown = applied.filter((v) => !known.has(v));
  if (unknown.length > 0) {
    throw new InvalidData(`database has migrations ${unknown.join(', ')} that this code does not know (newer code?)`);
  }
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  const done = new Set(applied);
  const ran: number[] = [];
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (done.has(m.version)) continue;
    db.transaction(() => {
      m.up(db);
      record.run(m.version, m.name, now);
    })();
    ran.push(m.version);
  }
  return ran;
}

export function appliedVersions(db: Database): number[] {
  const rows = db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as { version: number }[];
  return rows.map((r) => r.version);
}

function checkList(migrations: readonly Migration[]): void {
  const seen = new Set<number>();
  for (const m of migrations) {
    if (!Number.isInteger(m.version) || m.version < 1) throw new InvalidData(`migration ${m.name}: bad version`);
    if (seen.has(m.version)) throw new InvalidData(`two migrations share version ${m.version}`);
    seen.add(m.version);
  }
}
