/**
 * vitest global setup (vitest.config.ts): every fake Discord started during the run checks the bot's requests, its
 * own answers and its gateway events against Discord's API spec (issue 23). Each test file runs in its own worker, so
 * each fake writes its counts and violations to a directory when it closes (FAKE_DISCORD_CONFORMANCE_DIR); at the end
 * of the run this sums them, prints one line, and fails the run on any violation, naming the operation, the field, the
 * payload's custom_ids and the test that was running. FAKE_DISCORD_CONFORMANCE=off leaves the check out.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConformanceReport, Violation } from '../../src/devtools/fake-discord/conformance.ts';

export interface ConformanceTotal {
  fakes: number;
  requests: number;
  responses: number;
  events: number;
  operations: string[];
  expectedRefusals: number;
  violations: (Violation & { times: number })[];
}

/** The reports the fakes wrote to `dir`, summed. */
export function readConformance(dir: string): ConformanceTotal {
  const reports = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as ConformanceReport);
  const sum = (pick: (r: ConformanceReport) => number) => reports.reduce((n, r) => n + pick(r), 0);
  return {
    fakes: reports.length,
    requests: sum((r) => r.requests),
    responses: sum((r) => r.responses),
    events: sum((r) => r.events),
    operations: [...new Set(reports.flatMap((r) => r.operations))].sort(),
    expectedRefusals: sum((r) => r.expectedRefusals ?? 0),
    violations: reports.flatMap((r) => r.violations),
  };
}

export function summarise(total: ConformanceTotal): string {
  return (
    `${total.fakes} fakes, ${total.requests} requests, ${total.responses} responses, ${total.events} events, ` +
    `${total.operations.length} operations, ${total.expectedRefusals} refusals expected by tests, ` +
    `${total.violations.length} violations`
  );
}

function describe(v: Violation & { times: number }): string {
  const where = v.source ? `\n    in ${v.source}` : '';
  const hint = v.hint ? `\n    payload: ${v.hint}` : '';
  return `  ${v.side} ${v.operation}: ${v.field || '(body)'} ${v.code} (${v.times}x): ${v.message}${hint}${where}`;
}

/** What the end of a run prints, and whether it fails the run. */
export function conclude(total: ConformanceTotal): { summary: string; violations: string | null } {
  return {
    summary: `Fake Discord conformance to Discord's API spec: ${summarise(total)}.`,
    violations:
      total.violations.length === 0
        ? null
        : `Requests Discord would refuse, or answers and events unlike Discord's:\n${total.violations.map(describe).join('\n')}`,
  };
}

export function setup(): (() => void) | undefined {
  if (process.env.FAKE_DISCORD_CONFORMANCE === 'off') return undefined;
  const given = process.env.FAKE_DISCORD_CONFORMANCE_DIR;
  const dir = given || mkdtempSync(join(tmpdir(), 'arbiter-conformance-'));
  // Set before vitest forks its workers, so every fake in every test file (and child process) sees it.
  process.env.FAKE_DISCORD_CONFORMANCE_DIR = dir;
  return () => {
    const total = readConformance(dir);
    if (!given) rmSync(dir, { recursive: true, force: true });
    if (total.fakes === 0) return;
    const { summary, violations } = conclude(total);
    console.log(summary);
    if (violations === null) return;
    console.error(violations);
    // A global teardown's exception is only logged by vitest; the exit code is what fails `npm test` and CI.
    process.exitCode = 1;
  };
}
