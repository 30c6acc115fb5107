// better-sqlite3 compiles a statement on every `db.prepare` (≈0.1 ms each, several per decision on the bot's hot
// path: preferences, settings, clocks, pauses). `prepared` compiles each SQL text once per database and reuses it.
// A statement is reusable as long as no iterator over it is open; `get`, `all` and `run` leave none open.
import type { Database, Statement } from 'better-sqlite3';

const byDatabase = new WeakMap<Database, Map<string, Statement>>();

export function prepared(db: Database, sql: string): Statement {
  let statements = byDatabase.get(db);
  if (!statements) {
    statements = new Map();
    byDatabase.set(db, statements);
  }
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}
