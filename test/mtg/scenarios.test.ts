import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenario, runScenario } from '../../src/engine/scenario/runner.ts';

const dir = new URL('../scenarios/mtg/', import.meta.url).pathname;
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .sort();

describe('MTG rule scenarios (test/scenarios/mtg)', () => {
  it('has scenarios to run', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it('refuses a bad file with a message naming the problem', () => {
    const unknown = 'rule: x\ngame: mtg\nsetup: { p1: { hand: [Kiln Blot] } }\n';
    expect(() => loadScenario(unknown, 'bad.yaml')).toThrow(/no MTG card named "Kiln Blot"/);
    const typo = 'rule: x\ngame: mtg\nexpect: { p1: { lfe: 3 } }\n';
    expect(() => loadScenario(typo, 'typo.yaml')).toThrow(/expect\.p1.*lfe/s);
    const token = 'rule: x\ngame: mtg\nsetup: { p1: { battlefield: [Dawn Soldier] } }\n';
    expect(() => loadScenario(token, 'token.yaml')).toThrow(/token/);
  });

  it('a failing expectation is reported, not passed', () => {
    const wrong = 'rule: x\ngame: mtg\nsetup: { p1: { life: 7 } }\nexpect: { p1: { life: 20 } }\n';
    expect(runScenario(loadScenario(wrong, 'wrong.yaml')).failures).toEqual(['p1 life: expected 20, got 7']);
  });
  for (const file of files) {
    it(file, () => {
      const result = runScenario(loadScenario(readFileSync(join(dir, file), 'utf8'), file));
      expect(result.failures, result.rule).toEqual([]);
    });
  }
});
