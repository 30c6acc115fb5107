import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GAME_IDS } from '../../src/engine/core/game.ts';
import { type ReferenceFile, ReferenceFileSchema } from '../../src/rules/reference-schema.ts';
import { type DocNumbers, normaliseRule, PARSERS, seedText } from './seed-numbers.ts';

/**
 * Checks our own rules reference (data/rules/<game>/reference.json) against the real official documents in
 * ../shared/seeds/ (relative to the repository root): every rule number we cite must exist in the document, and every
 * top-level section of the document must have an entry.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SEEDS = resolve(ROOT, '../shared/seeds');
const DATA = join(ROOT, 'data/rules');

const present = GAME_IDS.filter((g) => existsSync(join(DATA, g, 'reference.json')));

describe('rules reference files', () => {
  it('exist for at least one game', () => {
    expect(present.length).toBeGreaterThan(0);
  });

  describe.each(present)('%s', (game) => {
    const raw: unknown = JSON.parse(readFileSync(join(DATA, game, 'reference.json'), 'utf8'));
    let ref: ReferenceFile;
    let doc: DocNumbers;

    it('matches the schema and its game id', () => {
      ref = ReferenceFileSchema.parse(raw);
      expect(ref.game).toBe(game);
    });

    it('cites only rule numbers that exist in the official document', () => {
      ref ??= ReferenceFileSchema.parse(raw);
      doc ??= PARSERS[game](seedText(SEEDS, game));
      const missing: string[] = [];
      for (const e of ref.entries) {
        if (!doc.all.has(normaliseRule(e.rule))) missing.push(`rule ${e.rule} (${e.title.en})`);
        for (const s of e.seeAlso) {
          if (!doc.all.has(normaliseRule(s))) missing.push(`seeAlso ${s} in ${e.rule} (${e.title.en})`);
        }
      }
      expect(missing, `numbers not found at the start of a line in the ${game} document`).toEqual([]);
    });

    it('covers every top-level section of the document', () => {
      ref ??= ReferenceFileSchema.parse(raw);
      doc ??= PARSERS[game](seedText(SEEDS, game));
      expect(doc.top.length).toBeGreaterThan(3);
      const covered = new Set(ref.entries.map((e) => normaliseRule(e.rule)));
      const uncovered = doc.top.filter((n) => !covered.has(n));
      expect(uncovered, `top-level sections of ${game} without an entry`).toEqual([]);
    });

    it('has unique titles and unique (rule, kind) pairs', () => {
      ref ??= ReferenceFileSchema.parse(raw);
      const dup = (xs: string[]) => xs.filter((x, i) => xs.indexOf(x) !== i);
      expect(dup(ref.entries.map((e) => e.title.en.toLowerCase())), 'duplicate English titles').toEqual([]);
      expect(dup(ref.entries.map((e) => e.title.ja)), 'duplicate Japanese titles').toEqual([]);
      expect(dup(ref.entries.map((e) => `${e.kind} ${e.rule} ${e.title.en}`)), 'duplicate entries').toEqual([]);
    });

    it('writes text in English (Japanese only as short terms)', () => {
      ref ??= ReferenceFileSchema.parse(raw);
      const long = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}ー]{13,}/u;
      const bad = ref.entries.filter((e) => long.test(e.text)).map((e) => e.rule);
      expect(bad, 'entries whose text contains a long Japanese run').toEqual([]);
    });
  });
});
