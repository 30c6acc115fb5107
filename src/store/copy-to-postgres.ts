// Moving a SQLite store to PostgreSQL (issue 24, docs/deploy.md "From SQLite to PostgreSQL"): every table the
// store keeps, copied row for row in one PostgreSQL transaction, then checked (each table's row count, and each
// match's decision count, last hash and last logged decision) before it commits. The target must be empty: a copy
// that fails leaves it empty (the transaction rolls back), so it is simply run again; a copy into a database that
// already holds data is refused rather than merged, since two stores' matches cannot be merged soundly.
// The SQLite file is opened read-only and must be at this code's migrations (start the bot on it once to migrate).
import Database from 'better-sqlite3';
import type pg from 'pg';
import { InvalidData } from '../engine/core/errors.ts';
import { migrations as allMigrations } from './migrations/index.ts';
import { inTransaction, openPool } from './postgres/pool.ts';
import { migratePostgres } from './postgres/schema.ts';

/** The tables copied, parents before the tables that refer to them. */
export const COPIED_TABLES = [
  'guilds',
  'user_preferences',
  'decks',
  'matches',
  'match_decisions',
  'match_snapshots',
  'match_clocks',
  'match_pauses',
  'match_posts',
  'decision_drafts',
  'match_ai_seats',
  'challenges',
  'match_inactivity',
  'ratings',
  'rating_seasons',
  'rating_periods',
  'leagues',
  'league_log',
  'league_presence',
  'league_bot_games',
  'league_threads',
  'league_notices',
] as const;

/** SQLite tables that stay behind: each database's own migration record, and the rules index (local per process). */
export function staysLocal(table: string): boolean {
  return table === 'schema_migrations' || table.startsWith('rules_') || table.startsWith('sqlite_');
}

export interface CopyReport {
  tables: { table: string; rows: number }[];
  /** Matches whose decision count, last hash and last logged decision were checked equal on both sides. */
  matchesChecked: number;
  ms: number;
}

/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters in one statement. */
const PARAMETERS_PER_INSERT = 30_000;

/** A password in a URL, blanked for messages. */
export function withoutPassword(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:/@]*):[^@]*@/, '$1:***@');
}

/** Copies the SQLite store at `sqlitePath` into the empty PostgreSQL database at `url`; throws without copying. */
export async function copyToPostgres(
  sqlitePath: string,
  url: string,
  progress: (line: string) => void = () => {},
): Promise<CopyReport> {
  const started = performance.now();
  const source = new Database(sqlitePath, { readonly: true, fileMustExist: true });
  const pool = openPool(url, { max: 1 });
  try {
    checkSourceMigrated(source);
    await migratePostgres(pool);
    const { columns, problems } = await compareSchemas(source, pool);
    if (problems.length > 0) throw new InvalidData(problems.join('; '));
    return await inTransaction(pool, async (target) => {
      await refuseNonEmpty(target);
      const tables: CopyReport['tables'] = [];
      for (const table of COPIED_TABLES) {
        const rows = await copyTable(source, target, table, columns.get(table) as string[]);
        tables.push({ table, rows });
        if (rows > 0) progress(`${table}: ${rows} row(s)`);
      }
      await checkCounts(source, target, tables);
      const matchesChecked = await checkMatches(source, target);
      return { tables, matchesChecked, ms: performance.now() - started };
    });
  } finally {
    source.close();
    await pool.end();
  }
}

function checkSourceMigrated(source: Database.Database): void {
  const has = source.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  const applied = has
    ? new Set(
        (source.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version),
      )
    : new Set<number>();
  const missing = allMigrations.filter((m) => !applied.has(m.version)).map((m) => m.version);
  if (missing.length > 0) {
    throw new InvalidData(
      `the SQLite file lacks migration(s) ${missing.join(', ')}: start the bot on it once with this code (it migrates at start), then copy`,
    );
  }
}

/**
 * The one column list per table both schemas must keep (issue 24, D1): every SQLite table is copied or stays local
 * by name, every PostgreSQL table is copied, and each copied table has the same columns on both sides. The DDL
 * itself stays written twice, once per dialect, because both are forward-only migrations: an applied migration's SQL
 * never changes, so neither can be generated from today's column list. Returns PostgreSQL's column list per table
 * (the INSERTs' order) and every difference, each naming its table.
 */
export async function compareSchemas(
  source: Database.Database,
  pool: Pick<pg.Pool, 'query'>,
): Promise<{ columns: Map<string, string[]>; problems: string[] }> {
  const problems: string[] = [];
  const copied = new Set<string>(COPIED_TABLES);
  const sqliteTables = (
    source.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]
  ).map((r) => r.name);
  const unknown = sqliteTables.filter((t) => !copied.has(t) && !staysLocal(t));
  if (unknown.length > 0) {
    problems.push(`the SQLite file has table(s) the copy does not know: ${unknown.join(', ')} (newer code?)`);
  }
  const pgColumns = await pool.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
  );
  const columns = new Map<string, string[]>();
  for (const row of pgColumns.rows) {
    if (row.table_name === 'schema_migrations') continue;
    columns.set(row.table_name, [...(columns.get(row.table_name) ?? []), row.column_name]);
  }
  const notCopied = [...columns.keys()].filter((t) => !copied.has(t));
  if (notCopied.length > 0) problems.push(`PostgreSQL has table(s) the copy leaves out: ${notCopied.join(', ')}`);
  for (const table of COPIED_TABLES) {
    const target = columns.get(table) ?? [];
    const own = (source.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
    if (own.length === 0 || target.length === 0) {
      problems.push(`${table}: no such table in ${own.length === 0 ? 'SQLite' : 'PostgreSQL'}`);
      continue;
    }
    const onlySqlite = own.filter((c) => !target.includes(c));
    const onlyPostgres = target.filter((c) => !own.includes(c));
    if (onlySqlite.length + onlyPostgres.length > 0) {
      const sides = [
        ...(onlySqlite.length > 0 ? [`only in SQLite: ${onlySqlite.join(', ')}`] : []),
        ...(onlyPostgres.length > 0 ? [`only in PostgreSQL: ${onlyPostgres.join(', ')}`] : []),
      ];
      problems.push(`${table}: the columns differ (${sides.join('; ')})`);
    }
  }
  return { columns, problems };
}

async function refuseNonEmpty(target: pg.PoolClient): Promise<void> {
  const filled: string[] = [];
  for (const table of COPIED_TABLES) {
    const { rows } = await target.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    if ((rows[0]?.n ?? 0) > 0) filled.push(`${table} (${rows[0]?.n})`);
  }
  if (filled.length > 0) {
    throw new InvalidData(
      `the PostgreSQL database is not empty: ${filled.join(', ')}; copy into a new, empty database (a copy is never merged into another store)`,
    );
  }
}

/** Copies one table in batches of multi-row INSERTs; returns the rows copied. */
async function copyTable(
  source: Database.Database,
  target: pg.PoolClient,
  table: string,
  columns: string[],
): Promise<number> {
  const perInsert = Math.max(1, Math.floor(PARAMETERS_PER_INSERT / columns.length));
  const list = columns.join(', ');
  let batch: unknown[][] = [];
  let copied = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const values = batch
      .map((_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`)
      .join(', ');
    try {
      await target.query(`INSERT INTO ${table} (${list}) VALUES ${values}`, batch.flat());
    } catch (error) {
      // A value PostgreSQL's column refuses (SQLite keeps any type in any column): the table named, nothing kept.
      throw new InvalidData(`${table}: PostgreSQL refused a row (${(error as Error).message}); nothing was copied`);
    }
    copied += batch.length;
    batch = [];
  };
  const rows = source.prepare(`SELECT ${list} FROM ${table}`).raw().iterate() as IterableIterator<unknown[]>;
  for (const row of rows) {
    batch.push(row);
    if (batch.length >= perInsert) await flush();
  }
  await flush();
  return copied;
}

async function checkCounts(
  source: Database.Database,
  target: pg.PoolClient,
  tables: CopyReport['tables'],
): Promise<void> {
  for (const { table } of tables) {
    const own = (source.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    const { rows } = await target.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    if (rows[0]?.n !== own) throw new InvalidData(`${table}: ${own} row(s) in SQLite but ${rows[0]?.n} copied`);
  }
}

/** Each match's decision count, last hash and last logged decision (seq and hash) as one line, by match id. */
const MATCH_ENDS = `
  SELECT m.match_id AS match_id,
         m.decision_count || '/' || coalesce(m.last_hash, '-') || '/' || coalesce(d.seq || ':' || d.state_hash, '-') AS line
  FROM matches m
  LEFT JOIN match_decisions d
    ON d.match_id = m.match_id AND d.seq = (SELECT max(seq) FROM match_decisions WHERE match_id = m.match_id)`;

async function checkMatches(source: Database.Database, target: pg.PoolClient): Promise<number> {
  const own = new Map(
    (source.prepare(MATCH_ENDS).all() as { match_id: string; line: string }[]).map((r) => [r.match_id, r.line]),
  );
  const { rows } = await target.query<{ match_id: string; line: string }>(MATCH_ENDS);
  const copied = new Map(rows.map((r) => [r.match_id, r.line]));
  for (const [matchId, line] of own) {
    if (copied.get(matchId) !== line) {
      throw new InvalidData(`match ${matchId}: ${line} in SQLite but ${copied.get(matchId) ?? 'nothing'} copied`);
    }
  }
  return own.size;
}
