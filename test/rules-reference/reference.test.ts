import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ReferenceFile, ReferenceFileSchema } from '../../src/rules/reference-schema.ts';
import { type DocNumbers, normaliseRule, PARSERS, SEED_GAMES, type SeedGame, seedText } from './seed-numbers.ts';

/**
 * Checks our own rules reference (data/rules/<game>/reference.json) against the real official documents in
 * ../shared/seeds/ (relative to the repository root): every rule number we cite must exist in the document, and every
 * chapter and top-level section of the document must have an entry.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SEEDS = resolve(ROOT, '../shared/seeds');
const DATA = join(ROOT, 'data/rules');

/** Numbers that exercise each document's numbering traps (see ../shared/research/rules-document-formats.md). */
const KNOWN: Record<SeedGame, { present: string[]; absent: string[] }> = {
  nova: { present: ['000', '003.2.1', '405.5.6', '502.1', '1001', '1005.3'], absent: ['405.5.4.1', '2000', '1500'] },
  mtg: { present: ['100.4', '701.17a', '702.9', '702.15e', '711.6', '806'], absent: ['310.2', '702.137', '1'] },
  fow: { present: ['105.3a', '903.2a', '201.2.c-1', '1304.2b-1', '1417'], absent: ['1141', '100.9'] },
  pmv: { present: ['0', '1.1.3.a', '1.12', '10.34', '12.10'], absent: ['2.19', '13'] },
  aqa: { present: ['0-1', '3-3-a-1', '13-8', '14-3', '15-3a', '19-2-a-1', '21-3b'], absent: ['3-7', '4-5', '25'] },
};

describe('seed document parsers', () => {
  it.each(SEED_GAMES)('%s finds the tricky numbers and rejects missing ones', (game) => {
    const doc = PARSERS[game](seedText(SEEDS, game));
    expect(
      KNOWN[game].present.filter((n) => !doc.all.has(normaliseRule(n))),
      'expected numbers not found',
    ).toEqual([]);
    expect(
      KNOWN[game].absent.filter((n) => doc.all.has(normaliseRule(n))),
      'numbers found that should not exist',
    ).toEqual([]);
  });
});

const present = SEED_GAMES.filter((g) => existsSync(join(DATA, g, 'reference.json')));

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

    it('covers every chapter and top-level section of the document', () => {
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
