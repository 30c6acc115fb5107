import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  citedRefs,
  coverageTable,
  readScenarioFiles,
  sectionOf,
  withTable,
} from '../../src/engine/games/mtg/scenario/coverage.ts';

describe('the "Scenarios by CR section" table of docs/rulings/mtg.md', () => {
  it('is what the scenario files make it (regenerate: npx tsx src/engine/games/mtg/scenario/coverage.ts --write)', () => {
    const doc = readFileSync('docs/rulings/mtg.md', 'utf8');
    const fresh = withTable(doc, coverageTable(readScenarioFiles('test/scenarios/mtg')));
    expect(doc).toBe(fresh);
  });

  it('files a rule under its keyword, its 704.5 letter or its three digits', () => {
    expect(sectionOf('510.1c-custom-split.yaml')).toBe('510');
    expect(sectionOf('702.19b-trample')).toBe('702.19');
    expect(sectionOf('702.134a-afterlife')).toBe('702.134');
    expect(sectionOf('704.5m-aura')).toBe('704.5m');
    expect(sectionOf('701.14c-cant-be-regenerated')).toBe('701.14');
    expect(sectionOf('306.5-planeswalker')).toBeUndefined();
    expect(citedRefs('CR 510.1c, 509.2 (2019) — 3 damage to 702.19b')).toEqual(['510.1c', '509.2']);
  });
});
