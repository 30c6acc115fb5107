/**
 * Exactly once across processes (issue 24): two OS processes play the same matches at the same time on one database,
 * each answering every pending decision its own way. Every decision is applied once: the processes' applied commits
 * add up to the decisions logged, the rest were told `stale` or `duplicate`, and the log restores with every hash
 * checking out. Run on PostgreSQL and on one SQLite file (WAL, busy timeout).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreContract } from '../../src/store/contract.ts';
import { openPostgresStore } from '../../src/store/postgres/pg-store.ts';
import { sqliteContract } from '../../src/store/sqlite-contract.ts';
import { openStore } from '../../src/store/store.ts';
import { havePostgres, startPostgres, type TestPostgres } from '../support/postgres.ts';
import { tempDir, toyResolver } from './temp-store.ts';
import { toySetup } from './toy-game.ts';

const run = promisify(execFile);
const CHILD = join(import.meta.dirname, 'contract-child.ts');
const MATCHES = ['m1', 'm2', 'm3'];
const DECISIONS = 40;

let server: TestPostgres | null = null;
beforeAll(async () => {
  if (havePostgres) server = await startPostgres();
});
afterAll(() => server?.stop());

async function race(backend: 'sqlite' | 'postgres', where: string, open: () => Promise<StoreContract>) {
  const setup = await open();
  for (const matchId of MATCHES) {
    await setup.matches.createMatch({
      matchId,
      guildId: 'g1',
      channelId: matchId,
      game: 'nova',
      format: 'toy',
      players: { p1: 'u1', p2: 'u2' },
    });
    await setup.matches.startMatch(matchId, toySetup(100_000), `seed-${matchId}`);
  }
  await setup.close();
  const rendezvous = tempDir();
  const children = [0, 1].map((pick) =>
    run(
      process.execPath,
      ['--import', 'tsx', CHILD, backend, where, rendezvous.dir, String(pick), String(DECISIONS), ...MATCHES],
      { timeout: 120_000 },
    ),
  );
  const counts = (await Promise.all(children).finally(rendezvous.cleanup)).map(
    (c) => JSON.parse(c.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, number>,
  );
  const check = await open();
  const report = await check.matches.restoreActiveMatches();
  const logged = await Promise.all(MATCHES.map(async (id) => (await check.matches.match(id))?.decisionCount ?? 0));
  await check.close();
  return { counts, report, logged };
}

/**
 * Every applied commit is one logged decision; both processes committed, and some commits lost a race. (A process may read the count
 * just before the other's last commit and then play one more: a match ends at DECISIONS or one past it.)
 */
function expectOnce(counts: Record<string, number>[], logged: number[]): void {
  for (const n of logged) expect([DECISIONS, DECISIONS + 1]).toContain(n);
  expect(counts.reduce((n, c) => n + (c.applied ?? 0), 0)).toBe(logged.reduce((a, b) => a + b, 0));
  for (const c of counts) expect(c.applied).toBeGreaterThan(0);
  expect(counts.reduce((n, c) => n + (c.stale ?? 0) + (c.duplicate ?? 0), 0)).toBeGreaterThan(0);
}

describe('exactly once across two processes', () => {
  it.skipIf(!havePostgres)('on PostgreSQL', async () => {
    if (!server) throw new Error('PostgreSQL did not start');
    const url = await server.createDatabase();
    const { counts, report, logged } = await race('postgres', url, () =>
      openPostgresStore(url, toyResolver, { log: () => {} }),
    );
    expectOnce(counts, logged);
    expect(report).toMatchObject({ restored: MATCHES.length, frozen: [] });
  });

  it('on one SQLite file', async () => {
    const { dir, cleanup } = tempDir();
    try {
      const path = join(dir, 'shared.db');
      const { counts, report, logged } = await race('sqlite', path, async () =>
        sqliteContract(openStore({ path }, toyResolver, { log: () => {} })),
      );
      expectOnce(counts, logged);
      expect(report).toMatchObject({ restored: MATCHES.length, frozen: [] });
    } finally {
      cleanup();
    }
  });
});
