import { GAME_IDS, type GameId } from '../engine/core/game.ts';
import type { RulesIndexStore } from '../store/rules-index.ts';
import { readRulesDirectory } from './documents.ts';
import { indexOfficialDocument, indexReference } from './indexer.ts';
import { readReference } from './reference.ts';

export interface RulesImportConfig {
  /** Directory holding the official documents (RULES_DIR); null when none is configured. */
  rulesDir: string | null;
  /** Directory holding data/rules/<game>/reference.json. */
  dataDir: string;
}

/** Reads RULES_DIR and RULES_DATA_DIR (default data/rules). */
export function rulesImportConfigFromEnv(env: NodeJS.ProcessEnv = process.env): RulesImportConfig {
  return { rulesDir: env.RULES_DIR || null, dataDir: env.RULES_DATA_DIR || 'data/rules' };
}

export interface RulesImportReport {
  official: {
    game: GameId;
    file: string;
    version: string | null;
    date: string | null;
    rules: number;
    glossary: number;
  }[];
  references: { game: GameId; entries: number }[];
  /** Files in RULES_DIR that are none of the known documents. */
  skipped: string[];
}

/**
 * Imports every document found in the rules directory and every reference file, replacing what the index held
 * for them. Run at start and by the admin command; the documents stay where they are (they are not ours to copy).
 */
export function importRules(store: RulesIndexStore, config: RulesImportConfig, now = Date.now()): RulesImportReport {
  const report: RulesImportReport = { official: [], references: [], skipped: [] };
  if (config.rulesDir !== null) {
    const { found, skipped } = readRulesDirectory(config.rulesDir);
    report.skipped = skipped;
    for (const { file, document } of found) {
      indexOfficialDocument(store, document, now);
      report.official.push({
        game: document.game,
        file,
        version: document.version,
        date: document.date,
        rules: document.rules.length,
        glossary: document.glossary.length,
      });
    }
  }
  for (const game of GAME_IDS) {
    const reference = readReference(config.dataDir, game);
    if (reference === null) continue;
    indexReference(store, reference, now);
    report.references.push({ game, entries: reference.entries.length });
  }
  return report;
}
