import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { GameId } from '../../src/engine/core/game.ts';
import { parseDocument, recogniseDocument } from '../../src/rules/documents.ts';
import { importRules } from '../../src/rules/import.ts';
import type { ParsedDocument } from '../../src/rules/types.ts';
import { migrate } from '../../src/store/migrate.ts';
import { rulesIndexMigration } from '../../src/store/migrations/100-rules-index.ts';
import { RulesIndexStore } from '../../src/store/rules-index.ts';

/**
 * The official documents are copyrighted and never copied into the repository: tests read them from the shared
 * folder next to the repository (../shared/seeds), found by content, not by file name.
 */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SEEDS_DIR = resolve(repoRoot, '../shared/seeds');
export const DATA_DIR = join(repoRoot, 'data/rules');

export function seedsDir(): string {
  if (!existsSync(SEEDS_DIR)) {
    throw new Error(
      `rules tests need the official documents in ${SEEDS_DIR} (../shared/seeds from the repository root)`,
    );
  }
  return SEEDS_DIR;
}

/** The raw text of one game's document. */
export function documentText(game: GameId): string {
  const dir = seedsDir();
  for (const name of readdirSync(dir)) {
    const text = readFileSync(join(dir, name), 'utf8');
    if (recogniseDocument(text) === game) return text;
  }
  throw new Error(`no ${game} rules document in ${dir}`);
}

export function parsedDocument(game: GameId): ParsedDocument {
  return parseDocument(documentText(game));
}

/** A fresh in-memory index holding all five documents and every reference file in data/rules. */
export function buildTestIndex(): { db: Database.Database; store: RulesIndexStore } {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, [rulesIndexMigration]);
  const store = new RulesIndexStore(db);
  importRules(store, { rulesDir: seedsDir(), dataDir: DATA_DIR });
  return { db, store };
}
