import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database } from 'better-sqlite3';

/**
 * A consistent copy of the live database, taken with SQLite's online backup API: the bot keeps writing while
 * pages are copied, and the copy is one committed state (the API restarts the copy if a page changes under it).
 */
export async function backupDatabase(db: Database, destination: string): Promise<{ pages: number; ms: number }> {
  mkdirSync(dirname(destination), { recursive: true });
  const started = performance.now();
  const meta = await db.backup(destination);
  return { pages: meta.totalPages, ms: performance.now() - started };
}

/** `arbiter-20261122T043000Z.db`: sortable and safe in file names. */
export function backupFileName(now = new Date()): string {
  return `arbiter-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.db`;
}
