// `npm run backup [-- <destination>]`: a consistent copy of the live database (ARBITER_DB) taken with SQLite's
// online backup API, safe while the bot runs. Default destination: var/backups/arbiter-<UTC time>.db. With
// ARBITER_DATABASE_URL set (PostgreSQL) it refuses in one line naming pg_dump, so a scheduled run never looks done.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { backupDatabase, backupFileName, postgresBackupAdvice } from '../src/store/backup.ts';
import { storeConfigFromEnv } from '../src/store/config.ts';
import { oneLineErrors } from './cli.ts';

oneLineErrors('backup');
if (process.env.ARBITER_DATABASE_URL?.trim()) throw new Error(postgresBackupAdvice());
const config = storeConfigFromEnv();
if (!existsSync(config.path)) {
  throw new Error(
    `there is no database at ${config.path} yet: start the bot once (npm start), or set ARBITER_DB to the database to back up`,
  );
}
const destination = process.argv[2] ?? join(dirname(config.path), 'backups', backupFileName());

// Opened directly, not through openStore: a backup must not migrate or otherwise change the live file.
const db = new Database(config.path, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
try {
  const { pages, bytes, ms } = await backupDatabase(db, destination);
  console.log(`backed up ${config.path} to ${destination}: ${pages} pages, ${bytes} bytes, ${ms.toFixed(0)} ms`);
} finally {
  db.close();
}
