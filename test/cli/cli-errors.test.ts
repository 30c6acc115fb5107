// The command-line tools answer bad input in one line, never a stack trace (issue 25 item 12), tried as a new user
// would on a fresh clone: a backup before any database exists, a scenario file that is not there, a mistyped option.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const empty = mkdtempSync(join(tmpdir(), 'arbiter-cli-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

function run(script: string, args: string[]): { code: number | null; stderr: string; stdout: string } {
  const tsx = join(root, 'node_modules', '.bin', 'tsx');
  const result = spawnSync(tsx, [join(root, 'scripts', script), ...args], {
    cwd: empty,
    encoding: 'utf8',
    env: { ...process.env, ARBITER_DB: join(empty, 'var', 'arbiter.db'), ARBITER_DEBUG: '' },
    timeout: 60_000,
  });
  return { code: result.status, stderr: result.stderr, stdout: result.stdout };
}

describe('command-line tools', () => {
  it.each([
    ['backup.ts', [], /^backup: there is no database at .*arbiter\.db yet: start the bot once/],
    ['scenario.ts', ['missing.yaml'], /^scenario: missing\.yaml does not exist: give scenario \.yaml files/],
    ['fuzz.ts', ['--gmae', 'mtg'], /^fuzz: Unknown option '--gmae'/],
  ])('%s %s says what is wrong in one line', (script, args, expected) => {
    const { code, stderr } = run(script, args);
    expect(code).toBe(2);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(expected);
    expect(stderr).not.toMatch(/^\s+at /m);
  });
});
