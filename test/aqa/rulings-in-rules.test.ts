// Issue 20: "/rules finds our ruling next to the summary's text", for every ruling docs/rulings/aqa.md records: the
// deck rulings D1–D4, the gaps G1–G42 and the further readings R1–R25. A ruling written in the document but left
// out of data/rules/aqa/rulings.json (or filed under a section /rules does not show it on) fails here by its id.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerText } from '../../src/rules/answer-text.ts';
import { lookupRules } from '../../src/rules/lookup.ts';
import { gameRulings } from '../../src/rules/rulings.ts';
import type { RulesIndexStore } from '../../src/store/rules-index.ts';
import { buildTestIndex, DATA_DIR } from '../rules/fixture.ts';

/** Every ruling id the document defines: a `### X1.` heading or a `**R1 (§…)**` reading. */
function documentedIds(): string[] {
  const doc = readFileSync(join(DATA_DIR, '../../docs/rulings/aqa.md'), 'utf8');
  const ids = [...doc.matchAll(/^### ([DGR]\d+)\./gm), ...doc.matchAll(/\*\*(R\d+) \(/g)].map((m) => m[1] as string);
  return [...new Set(ids)];
}

let store: RulesIndexStore;
beforeAll(() => {
  ({ store } = buildTestIndex());
});

describe('every Aquarian Age ruling in /rules', () => {
  it('the document defines D1–D4, G1–G42 and R1–R27', () => {
    const ids = documentedIds();
    const expected = [
      ...Array.from({ length: 4 }, (_, i) => `D${i + 1}`),
      ...Array.from({ length: 42 }, (_, i) => `G${i + 1}`),
      ...Array.from({ length: 27 }, (_, i) => `R${i + 1}`),
    ];
    expect([...ids].sort()).toEqual([...expected].sort());
  });

  it('shows each one beside the summary’s text of every section it names', () => {
    const filed = new Map(gameRulings('aqa').map((r) => [r.id, r]));
    const missing = documentedIds().filter((id) => !filed.has(id));
    expect(missing).toEqual([]);
    for (const id of documentedIds()) {
      const ruling = filed.get(id);
      expect(ruling?.rules.length, id).toBeGreaterThan(0);
      for (const rule of ruling?.rules ?? []) {
        const answer = lookupRules(store, 'aqa', rule).answer;
        expect(answer?.source, `${id} on §${rule}`).toBe('official');
        expect(
          answer?.rulings.map((r) => r.id),
          `${id} on §${rule}`,
        ).toContain(id);
        const field = answerText(answer ?? expect.unreachable()).fields.find((f) =>
          f.name.startsWith("Arbiter's rulings"),
        );
        expect(field?.value, `${id} on §${rule}`).toContain(`${id} ${ruling?.title}`);
      }
    }
  });
});
