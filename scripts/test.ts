// `npm test`: Biome and tsc run beside vitest instead of before it (they took ~10 s and ~45 s of CPU, up to 150 s of
// wall time on 2 shared cores, while vitest's workers mostly wait on timers, child processes and the fake Discord).
// Their output is printed after vitest's, and the run fails when any of the three does. (Not at a lower priority:
// on a busy machine a niced tsc was still running after 12 minutes; the timing-sensitive files run last, alone,
// long after it has finished.) Arguments go to vitest (`npm test -- test/bot`).
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const bin = (name: string) => join(import.meta.dirname, '..', 'node_modules', '.bin', name);

interface Check {
  name: string;
  output: string;
  done: Promise<number>;
}

function finished(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

/** A check whose output is kept until vitest has finished, so the two never interleave. */
function background(name: string, command: string, args: string[]): Check {
  const child = spawn(bin(command), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const check: Check = { name, output: '', done: finished(child) };
  child.stdout?.on('data', (d) => (check.output += d));
  child.stderr?.on('data', (d) => (check.output += d));
  return check;
}

const checks = [background('lint', 'biome', ['check', '.']), background('typecheck', 'tsc', ['--noEmit'])];
const tests = finished(spawn(bin('vitest'), ['run', ...process.argv.slice(2)], { stdio: 'inherit' }));

const testsCode = await tests;
let failed = testsCode !== 0;
for (const check of checks) {
  const code = await check.done;
  process.stdout.write(`\n${check.name} (${code === 0 ? 'passed' : 'failed'}):\n${check.output}`);
  if (code !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
