import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

export interface BackupResult {
  pages: number;
  bytes: number;
  ms: number;
}

/**
 * A consistent copy of the live database, taken with SQLite's online backup API: the bot keeps writing while
 * pages are copied, and the copy is one committed state (the API restarts the copy if a page changes under it).
 * The copy is switched out of WAL mode so it is one self-contained file, then checked.
 */
export async function backupDatabase(db: Database.Database, destination: string): Promise<BackupResult> {
  mkdirSync(dirname(destination), { recursive: true });
  const started = performance.now();
  const meta = await db.backup(destination);
  const copy = new Database(destination);
  try {
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`backup ${destination} fails quick_check: ${String(check)}`);
  } finally {
    copy.close();
  }
  return { pages: meta.totalPages, bytes: statSync(destination).size, ms: performance.now() - started };
}

/** `arbiter-20261122T043000Z.db`: sortable and safe in file names. */
export function backupFileName(now = new Date()): string {
  return `arbiter-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.db`;
}

/**
 * What `npm run backup` says when the store is PostgreSQL (`ARBITER_DATABASE_URL` set): SQLite's backup API does not
 * apply, and PostgreSQL's own tool does it better (a consistent snapshot while the bot writes). One line, naming the
 * command to run; the URL itself (it may hold a password) is never printed, only the variable.
 */
export function postgresBackupAdvice(): string {
  return (
    'ARBITER_DATABASE_URL is set, so the store is PostgreSQL and npm run backup (SQLite files only) does not apply: ' +
    'back it up with pg_dump, e.g. pg_dump --format=custom --file=arbiter-$(date -u +%Y%m%dT%H%M%SZ).dump ' +
    '"$ARBITER_DATABASE_URL" (restore with pg_restore; see docs/deploy.md, Backups)'
  );
}
