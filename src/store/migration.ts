import type { Database } from 'better-sqlite3';

/**
 * One forward-only schema step. Versions are applied in order, each inside its own transaction.
 * Version numbers are reserved per area: 1–99 core store, 100–199 rules index, 200–299 leagues.
 */
export interface Migration {
  version: number;
  name: string;
  up(db: Database): void;
}
