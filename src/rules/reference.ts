import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GameId } from '../engine/core/game.ts';
import { type ReferenceFile, ReferenceFileSchema } from './reference-schema.ts';

export function referencePath(dataDir: string, game: GameId): string {
  return join(dataDir, game, 'reference.json');
}

/** Our English reference for a game (data/rules/<game>/reference.json), validated; null when there is none yet. */
export function readReference(dataDir: string, game: GameId): ReferenceFile | null {
  const file = referencePath(dataDir, game);
  if (!existsSync(file)) return null;
  const parsed = ReferenceFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.message}`);
  if (parsed.data.game !== game) throw new Error(`${file}: says game "${parsed.data.game}", expected "${game}"`);
  return parsed.data;
}

/** How an entry of our reference is titled in the index: the English name, then the document's Japanese one. */
export function referenceTitle(en: string, ja: string): string {
  return `${en}（${ja}）`;
}

/** The two halves of a title made by `referenceTitle`; null for any other title. */
export function splitReferenceTitle(title: string | null): { en: string; ja: string } | null {
  // English titles never hold a full-width parenthesis; Japanese ones may ("マナチャージ（Ｘ）").
  const m = /^([^（]+)（(.+)）$/u.exec(title ?? '');
  return m?.[1] && m[2] ? { en: m[1], ja: m[2] } : null;
}
