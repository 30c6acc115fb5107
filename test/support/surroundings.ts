/**
 * What some tests need from outside the repository (issue 24: "a clone without our surroundings"): the official
 * rules documents, which are copyrighted and never committed, read from ../shared/seeds beside the repository, and
 * Debian's Chromium for the sandbox page. vitest.config.ts leaves out whole test files that need a missing one, with
 * one line saying what and how to run them; a test that needs them for one block asks `haveSeeds` here. With
 * ARBITER_REQUIRE_ALL_TESTS=1 (set by .ci/run) a missing one fails the run instead, so CI never skips.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The official rules documents, found by content inside this folder. */
export const SEEDS_DIR = resolve(repoRoot, '../shared/seeds');
export const CHROMIUM = '/usr/bin/chromium';

export const REQUIRE_ALL_TESTS = process.env.ARBITER_REQUIRE_ALL_TESTS === '1';

export interface Surrounding {
  present: boolean;
  what: string;
  /** How to provide it, in one sentence. */
  how: string;
}

export function surroundings(): { seeds: Surrounding; chromium: Surrounding } {
  return {
    seeds: {
      present: existsSync(SEEDS_DIR),
      what: 'the official rules documents',
      how: `put the five rules documents in ${SEEDS_DIR} (../shared/seeds beside the repository)`,
    },
    chromium: {
      present: existsSync(CHROMIUM),
      what: 'Chromium',
      how: `install Debian's chromium (${CHROMIUM}): apt-get install chromium`,
    },
  };
}

/** True when the documents are there; false (to skip) when not, unless CI requires every test, then it throws. */
export const haveSeeds: boolean = (() => {
  const { seeds } = surroundings();
  if (!seeds.present && REQUIRE_ALL_TESTS)
    throw new Error(`ARBITER_REQUIRE_ALL_TESTS=1 but ${seeds.what} are missing: ${seeds.how}`);
  return seeds.present;
})();
