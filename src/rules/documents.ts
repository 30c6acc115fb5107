import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { GameId } from '../engine/core/game.ts';
import { isAqa, parseAqa } from './parse/aqa.ts';
import { isFow, parseFow } from './parse/fow.ts';
import { isMtg, parseMtg } from './parse/mtg.ts';
import { isNova, parseNova } from './parse/nova.ts';
import { isPmv, parsePmv } from './parse/pmv.ts';
import type { ParsedDocument } from './types.ts';

/** Each official document, recognised by its content (file names are meaningless hashes). */
export const OFFICIAL_DOCUMENTS: readonly {
  game: GameId;
  recognise(text: string): boolean;
  parse(text: string): ParsedDocument;
}[] = [
  { game: 'nova', recognise: isNova, parse: parseNova },
  { game: 'fow', recognise: isFow, parse: parseFow },
  { game: 'aqa', recognise: isAqa, parse: parseAqa },
  { game: 'mtg', recognise: isMtg, parse: parseMtg },
  { game: 'pmv', recognise: isPmv, parse: parsePmv },
];

/** Which game's document this text is, or null. */
export function recogniseDocument(text: string): GameId | null {
  return OFFICIAL_DOCUMENTS.find((d) => d.recognise(text))?.game ?? null;
}

/** Parses one document's text; throws when the text is none of the five documents. */
export function parseDocument(text: string): ParsedDocument {
  const kind = OFFICIAL_DOCUMENTS.find((d) => d.recognise(text));
  if (!kind) throw new Error('not a known rules document');
  return kind.parse(text);
}

export interface RulesFile {
  file: string;
  game: GameId;
  text: string;
}

/**
 * Lists the rules documents in a directory (RULES_DIR), recognised by content. Other files are listed as skipped,
 * so an admin command can say what it ignored.
 */
export function listRulesDirectory(dir: string): { files: RulesFile[]; skipped: string[] } {
  const files: RulesFile[] = [];
  const skipped: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const file = join(dir, name);
    if (!statSync(file).isFile()) continue;
    const text = readFileSync(file, 'utf8');
    const game = recogniseDocument(text);
    if (game === null) skipped.push(file);
    else files.push({ file, game, text });
  }
  return { files, skipped };
}
