// The rule scenarios of one game (test/scenarios/<game>/*.yaml), one test each, through the shared runner.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { loadScenario, runScenario } from '../../src/engine/scenario/runner.ts';

/** Declares the tests inside the caller's `describe`: that the folder has scenarios, then one test per file. */
export function scenarioTests(game: string): void {
  const dir = new URL(`../scenarios/${game}/`, import.meta.url).pathname;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
  it('has scenarios to run', () => {
    expect(files.length).toBeGreaterThan(0);
  });
  for (const file of files) {
    it(file, () => {
      const result = runScenario(loadScenario(readFileSync(join(dir, file), 'utf8'), file));
      expect(result.failures, result.rule).toEqual([]);
    });
  }
}
