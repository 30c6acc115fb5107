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
