import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { GameId } from '../engine/core/game.ts';
import { GAMES } from '../engine/registry.ts';
import type { RulesIndexStore, RulesSource } from '../store/rules-index.ts';
import { listRulesDirectory, parseDocument } from './documents.ts';
import { indexOfficialDocument, indexReference } from './indexer.ts';
import { readReference, referencePath } from './reference.ts';
import type { ReferenceFile } from './reference-schema.ts';
import type { ParsedDocument } from './types.ts';

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
    /** "unchanged": the index already held this exact file, so it was not parsed again. */
    status: 'imported' | 'unchanged';
    version: string | null;
    date: string | null;
    /** Rules and glossary entries parsed (0 when unchanged). */
    rules: number;
    glossary: number;
  }[];
  references: { game: GameId; status: 'imported' | 'unchanged'; entries: number }[];
  /** Files in RULES_DIR that are none of the known documents. */
  skipped: string[];
  /** What could not be imported and why (the rest was imported anyway). */
  problems: string[];
}

/**
 * Imports every document found in the rules directory and every reference file, replacing what the index held
 * for them; files the index already holds unchanged are skipped unless `force`. Run at start and by the admin
 * command; the documents stay where they are (they are not ours to copy).
 */
export function importRules(
  store: RulesIndexStore,
  config: RulesImportConfig,
  options: { force?: boolean; now?: number } = {},
): RulesImportReport {
  const now = options.now ?? Date.now();
  const held = new Map(store.sources().map((s) => [`${s.game}:${s.source}`, s]));
  const unchanged = (game: GameId, source: RulesSource, digest: string) =>
    !options.force && held.get(`${game}:${source}`)?.digest === digest;
  const report: RulesImportReport = { official: [], references: [], skipped: [], problems: [] };
  if (config.rulesDir !== null && !existsSync(config.rulesDir)) {
    report.problems.push(`RULES_DIR ${config.rulesDir} does not exist`);
  } else if (config.rulesDir !== null) {
    const { files, skipped } = listRulesDirectory(config.rulesDir);
    report.skipped = skipped;
    for (const { file, game, text } of files) {
      const digest = officialDigest(text);
      if (unchanged(game, 'official', digest)) {
        const info = held.get(`${game}:official`);
        const stated = { version: info?.version ?? null, date: info?.date ?? null };
        report.official.push({ game, file, status: 'unchanged', ...stated, rules: 0, glossary: 0 });
        continue;
      }
      let document: ParsedDocument;
      try {
        document = parseDocument(text);
      } catch (error) {
        // One damaged document must not keep the others (or the previous import of this one) out.
        report.problems.push(`${file}: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      indexOfficialDocument(store, document, digest, now);
      report.official.push({
        game,
        file,
        status: 'imported',
        version: document.version,
        date: document.date,
        rules: document.rules.length,
        glossary: document.glossary.length,
      });
    }
  }
  for (const game of GAMES.ids()) {
    const file = referencePath(config.dataDir, game);
    if (!existsSync(file)) continue;
    // The parsers' revision is in the digest: terms (terms.ts) are made at import, for references too.
    const digest = officialDigest(readFileSync(file, 'utf8'));
    if (unchanged(game, 'reference', digest)) {
      report.references.push({ game, status: 'unchanged', entries: 0 });
      continue;
    }
    let reference: ReferenceFile | null;
    try {
      reference = readReference(config.dataDir, game);
    } catch (error) {
      report.problems.push(error instanceof Error ? error.message : String(error));
      continue;
    }
    if (reference === null) continue;
    indexReference(store, reference, digest, now);
    report.references.push({ game, status: 'imported', entries: reference.entries.length });
  }
  return report;
}

/**
 * Bump when a parser changes what it makes of the same document: the stored digest covers the parsers' revision
 * as well as the file, so an index built by older parsers is imported again at the next start.
 */
// 4: terms defined in a sentence (「X」と呼びます), 【】 inside a term.
export const PARSERS_REVISION = 4;

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** What the index remembers of an official document: its text as read by this revision of the parsers. */
export function officialDigest(text: string): string {
  return sha256(`parsers ${PARSERS_REVISION}\n${text}`);
}
