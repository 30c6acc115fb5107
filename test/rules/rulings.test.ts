// Arbiter's rulings next to the document's text in /rules (data/rules/<game>/rulings.json, docs/rulings/<game>.md).
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerText } from '../../src/rules/answer-text.ts';
import { lookupRules } from '../../src/rules/lookup.ts';
import { gameRulings, rulingsFor } from '../../src/rules/rulings.ts';
import type { RulesIndexStore } from '../../src/store/rules-index.ts';
import { buildTestIndex, DATA_DIR } from './fixture.ts';

let store: RulesIndexStore;
beforeAll(() => {
  ({ store } = buildTestIndex());
});

describe("Arbiter's rulings in /rules", () => {
  it('shows the ruling a rule rests on next to the summary’s own text (§17-8-a: the faction checks, G7)', () => {
    const answer = lookupRules(store, 'aqa', '17-8-a').answer;
    expect(answer?.source).toBe('official');
    expect(answer?.rulings.map((r) => r.id)).toContain('G7');
    const text = answerText(answer ?? expect.unreachable());
    const field = text.fields.find((f) => f.name.startsWith("Arbiter's rulings"));
    expect(field?.value).toMatch(/G7 Faction checks/);
    // The summary's text is still the answer's body.
    expect(text.description).toMatch(/勢力/);
  });

  it('finds a ruling by any spelling of its rule number, and none for a rule without one', () => {
    expect(rulingsFor('aqa', '１７－８－ａ').map((r) => r.id)).toContain('G7');
    expect(rulingsFor('aqa', '1-4')).toEqual([]);
    expect(rulingsFor('nova', '1.1')).toEqual([]);
  });

  it('names only rulings that exist in docs/rulings/aqa.md, each on a section the summary has', () => {
    const doc = readFileSync(join(DATA_DIR, '../../docs/rulings/aqa.md'), 'utf8');
    for (const r of gameRulings('aqa')) {
      expect(doc.includes(`### ${r.id}.`) || doc.includes(`**${r.id} (`), r.id).toBe(true);
      for (const n of r.rules) expect(lookupRules(store, 'aqa', n).answer?.number, `${r.id} ${n}`).toBeDefined();
    }
  });

  it('refuses a malformed rulings file, naming it', () => {
    const root = mkdtempSync(join(tmpdir(), 'rulings-'));
    mkdirSync(join(root, 'aqa'));
    writeFileSync(
      join(root, 'aqa', 'rulings.json'),
      JSON.stringify({ game: 'aqa', document: 'x', rulings: [{ id: 'G1' }] }),
    );
    expect(() => gameRulings('aqa', root)).toThrow(/rulings\.json/);
  });
});
