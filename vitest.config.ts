import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { LongestFirst } from './test/support/sequencer.ts';
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
 * Files that measure the event loop's stalls or a reply deadline under a fixed load: they run alone, one at a time
 * after the rest (the project `alone`, a later group), so another worker's CPU cannot fail them.
 */
export const ALONE = ['test/bot/league-large.test.ts', 'test/ops/global-share.test.ts'];

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

/**
 * Folders whose files share one module graph per worker (`isolate: false`): loading the engine stack again for
 * every file cost about 0.65 s of CPU per file (test/core and test/cards: 39.4 s isolated, 19.9 s shared). Their
 * tests and helpers keep no state in modules that another file reads: no vi.mock, stubbed globals or environment,
 * and the helpers' counters (test/league/support.ts's clock) only order what one file makes. Stop 26 added
 * test/fake-discord (35.1 s of CPU isolated, 17.5 s shared, on one worker at load 11): its files start fakes and
 * discord.js clients and close them, and they passed in shuffled file orders (shuffling the tests inside a file fails
 * interactions.test.ts on a late event of the test before, shared or not). The process and browser files stay
 * isolated (and those in these folders, STARTS_THE_BOT): they start servers, child processes and discord.js
 * clients. Stop 27 added test/render (56.2 s of CPU isolated, 32.0 s shared; passed in
 * shuffled file orders, seeds 1 and 2, at load 15-18): its module-level caches are reset by the tests that count them
 * (tile-cache.test.ts's forgetTiles, young-gc.test.ts's setBeforeReadout(null)). Then test/bot (52 files: 338.5 s of
 * CPU isolated, 169.9 s shared, load 13-15, files shuffled with seed 1): the same tests timed out both ways at that
 * load (full-match, select, deck-reader's budget) plus log-view (21 s isolated, past 30 s shared); with longer
 * timeouts select and log-view passed shared (seed 3). Every bot a file starts is its own (database, fake Discord,
 * metrics registry); the harness's usedControls counter only grows and its readers take differences. Stop 28 added
 * test/ai and test/store (40 files: 287.7 s of CPU isolated, 231.3 s shared, each run at load 18-22; no module state
 * in src/ai or src/store, no vi.mock or environment): what failed under load both ways was wall-clock, and is now
 * robust (crash.test.ts runs until its floors are met; the slow replays' and searches' timeouts are longer).
 */
export const SHARED_MODULES = [
  'ai',
  'aqa',
  'bot',
  'cards',
  'core',
  'engine',
  'fake-discord',
  'fow',
  'fuzz',
  'glossary',
  'league',
  'mtg',
  'nova',
  'pmv',
  'registry',
  'render',
  'rules',
  'rules-reference',
  'store',
  'toy',
].map((folder) => `test/${folder}/**/*.test.ts`);

/** The files in those folders that start the real bot or the sandbox (servers, discord.js clients): isolated. */
const STARTS_THE_BOT = ['test/*/duel.test.ts', 'test/*/sandbox*.test.ts', 'test/toy/registered.test.ts'];
/**
 * Files in those folders with a time budget on a short computation, isolated so that a shared worker's bigger heap
 * cannot slow them under load: deck-reader's 80,000 lines take tens of ms for a 1 s budget, 1.1 s isolated and
 * 1.5-2.0 s shared at load 13-15. bounded-maps measures the bot's heap after full GCs: in a shared worker late in the
 * run every full GC walks the other files' modules too (stop 28's CI: 50.9 s shared, the run's last file; ~7 s alone).
 */
const TIMED = ['test/bot/deck-reader.test.ts', 'test/bot/bounded-maps.test.ts'];

const exclude = [...configDefaults.exclude, ...left];
// vitest's default is one worker fewer than the CPUs: a single worker on CI's 2 cores. Most end-to-end files wait on
// the fake Discord's pacing, timers and child processes (league.test.ts: ~7 s of CPU in 36 s), so two workers overlap
// that waiting; every shared resource a test starts (ports, folders, PostgreSQL) is already private to it.
const maxWorkers = Math.max(2, availableParallelism() - 1);

/** What every file's run shares, whichever project it is in. */
const common = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
  setupFiles: ['test/fake-discord/conformance-source.ts'],
} as const;

export default defineConfig({
  test: {
    // The projects repeat `common` rather than extend the root: extending it would run the global setup once more
    // for each project (three conformance summaries, and the first teardown deleting the folder the others read).
    projects: [
      {
        test: {
          ...common,
          name: 'shared',
          include: SHARED_MODULES,
          exclude: [...exclude, ...STARTS_THE_BOT, ...TIMED, ...ALONE],
          isolate: false,
          maxWorkers,
        },
      },
      { test: { ...common, name: 'games-bot', include: [...STARTS_THE_BOT, ...TIMED], exclude, maxWorkers } },
      {
        test: {
          ...common,
          name: 'isolated',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          // STARTS_THE_BOT too: test/sandbox/sandbox.e2e.test.ts matches both globs and ran twice (19 s, stop 24).
          exclude: [...exclude, ...SHARED_MODULES, ...STARTS_THE_BOT, ...TIMED, ...ALONE],
          maxWorkers,
        },
      },
      // In the same run, once the others are done: no second vitest start for two files.
      { test: { ...common, name: 'alone', include: ALONE, exclude, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
    maxWorkers,
    // Longest files first in each project (test/support/sequencer.ts), so the two workers end together.
    sequence: { sequencer: LongestFirst },
    // Every fake Discord checks its traffic against Discord's API spec; a violation fails the run (issue 23).
    globalSetup: ['test/fake-discord/conformance-setup.ts'],
  },
});
