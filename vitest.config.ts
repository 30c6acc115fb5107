import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { REQUIRE_ALL_TESTS, type Surrounding, surroundings } from './test/support/surroundings.ts';

/**
 * Test files that read something from outside the repository (test/support/surroundings.ts). Where it is missing they
 * are left out with one line saying so; in CI (ARBITER_REQUIRE_ALL_TESTS=1) the run fails instead.
 */
const NEEDS = {
  seeds: [
    'test/rules/parsers.test.ts',
    'test/rules/lookup.test.ts',
    'test/rules/recall.test.ts',
    'test/rules-reference/reference.test.ts',
    'test/cards/keyword-rules.test.ts',
    'test/bot/rules.test.ts',
  ],
  chromium: ['test/sandbox/sandbox.e2e.test.ts'],
};

/**
 * Files that measure the event loop's stalls or a reply deadline under a fixed load: they run alone, after the rest
 * (`npm test` runs vitest twice; ARBITER_ALONE=1 selects these), so another worker's CPU cannot fail them.
 */
export const ALONE = ['test/bot/league-large.test.ts', 'test/ops/global-share.test.ts'];
const alone = process.env.ARBITER_ALONE === '1';

const left: string[] = [];
const around = surroundings();
for (const [key, files] of Object.entries(NEEDS) as [keyof typeof NEEDS, string[]][]) {
  const thing: Surrounding = around[key];
  if (thing.present) continue;
  if (REQUIRE_ALL_TESTS)
    throw new Error(
      `ARBITER_REQUIRE_ALL_TESTS=1 but ${thing.what} ${key === 'seeds' ? 'are' : 'is'} missing: ${thing.how}`,
    );
  console.warn(`Skipped ${files.length} test file(s) that need ${thing.what}: ${thing.how}, then run npm test again.`);
  left.push(...files);
}

export default defineConfig({
  test: {
    include: alone ? ALONE : ['test/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...left, ...(alone ? [] : ALONE)],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // vitest's default is one worker fewer than the CPUs: a single worker on CI's 2 cores. Most end-to-end files wait
    // on the fake Discord's pacing, timers and child processes (league.test.ts: ~7 s of CPU in 36 s), so two workers
    // overlap that waiting; every shared resource a test starts (ports, folders, PostgreSQL) is already private to it.
    maxWorkers: alone ? 1 : Math.max(2, availableParallelism() - 1),
    // Every fake Discord checks its traffic against Discord's API spec; a violation fails the run (issue 23).
    globalSetup: ['test/fake-discord/conformance-setup.ts'],
    setupFiles: ['test/fake-discord/conformance-source.ts'],
  },
});
