/**
 * vitest setup file (vitest.config.ts): tells the fake Discord's conformance recorder which test file and test are
 * running, so a violation names the code that sent it (conformance-setup.ts sums them at the end of the run).
 */
import { relative } from 'node:path';
import { beforeEach, expect } from 'vitest';

const file = relative(process.cwd(), expect.getState().testPath ?? '');
process.env.FAKE_DISCORD_CONFORMANCE_SOURCE = file;
beforeEach((context) => {
  process.env.FAKE_DISCORD_CONFORMANCE_SOURCE = `${file} > ${context.task.name}`;
});
