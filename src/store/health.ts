// What /readyz and the match gauges read from a SQLite database (the contract's `writeProblem` and `matchCounts`):
// small queries, run only when asked.
import type { Database } from 'better-sqlite3';

/** Why the database cannot take writes now, or null when it can (a write lock is taken and released at once). */
export function databaseProblem(db: Database): string | null {
  if (!db.open) return 'database: closed';
  if (db.readonly) return 'database: opened read-only';
  if (db.inTransaction) return null; // a commit is running on this very thread: the database is writable
  try {
    db.exec('BEGIN IMMEDIATE');
    db.exec('ROLLBACK');
    return null;
  } catch (error) {
    return `database: not writable (${(error as Error).message})`;
  }
}

/** Active matches, and how many of them are paused (their thread was deleted). */
export function matchCounts(db: Database): { active: number; paused: number } {
  if (!db.open) return { active: 0, paused: 0 };
  const row = db
    .prepare(
      `SELECT count(*) AS active,
              count(p.match_id) AS paused
         FROM matches m LEFT JOIN match_pauses p ON p.match_id = m.match_id
        WHERE m.status = 'active'`,
    )
    .get() as { active: number; paused: number };
  return row;
}
