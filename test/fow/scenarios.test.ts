import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenario, runScenario } from '../../src/engine/scenario/runner.ts';

const dir = new URL('../scenarios/fow/', import.meta.url).pathname;
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .sort();

describe('Force of Will rule scenarios (test/scenarios/fow)', () => {
  it('has scenarios to run', () => {
    expect(files.length).toBeGreaterThan(0);
  });
  for (const file of files) {
    it(file, () => {
      const result = runScenario(loadScenario(readFileSync(join(dir, file), 'utf8'), file));
      expect(result.failures, result.rule).toEqual([]);
    });
  }
});
