import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { stateHash } from '../../src/engine/core/hash.ts';
import { replay } from '../../src/engine/core/replay.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { tempDir, toyResolver } from './temp-store.ts';
import { toyGame } from './toy-game.ts';

const child = join(fileURLToPath(new URL('.', import.meta.url)), 'crash-child.ts');
const BUDGET_MS = 12_000;
/**
 * What one run must have exercised: on a busy machine each worker boots slower and acks less before its kill, so
 * the run goes on past BUDGET_MS until it has (a fixed wall budget failed these floors at load 17-22; at load
 * 20 100 acks took over 150 s), up to GIVE_UP_MS: a worker that never acks still fails the floors.
 */
const MIN_CYCLES = 3;
const MIN_ACKS = 100;
const GIVE_UP_MS = 300_000;
const SNAPSHOT_EVERY = 7;

interface Ack {
  matchId: string;
  seq: number;
  hash: string;
}

/**
 * Runs the worker and SIGKILLs it `killAfterMs` after it is ready to play, or, with `duringBoot`, that long
 * after it was started (so some kills land while it opens, migrates or restores). Returns the acks it printed.
 */
function runAndKill(
  dbPath: string,
  killAfterMs: number,
  duringBoot: boolean,
): Promise<{ acks: Ack[]; lines: string[]; code: number | null }> {
  return new Promise((resolve, reject) => {
    const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', child, dbPath], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let timer: NodeJS.Timeout | undefined = duringBoot
      ? setTimeout(() => proc.kill('SIGKILL'), killAfterMs)
      : undefined;
    proc.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!timer && out.includes('ready')) timer = setTimeout(() => proc.kill('SIGKILL'), killAfterMs);
    });
    proc.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    proc.on('error', reject);
    proc.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      if (signal !== 'SIGKILL') reject(new Error(`worker exited by itself (code ${code}): ${out.slice(-500)} ${err}`));
      // Only complete lines count: a line cut by the kill was never "sent".
      const lines = out.split('\n').slice(0, -1);
      const acks = lines
        .filter((l) => l.startsWith('ack '))
        .map((l) => {
          const [, matchId, seq, hash] = l.split(' ');
          return { matchId: matchId as string, seq: Number(seq), hash: hash as string };
        });
      resolve({ acks, lines, code });
    });
  });
}

/** Everything the crash must not break, checked with the worker dead. */
function checkDatabase(store: Store, acked: readonly Ack[]): void {
  expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');

  const logged = store.db.prepare('SELECT state_hash FROM match_decisions WHERE match_id = ? AND seq = ?');
  for (const ack of acked) {
    expect(
      (logged.get(ack.matchId, ack.seq) as { state_hash: string } | undefined)?.state_hash,
      `ack ${ack.matchId}#${ack.seq}`,
    ).toBe(ack.hash);
  }

  // Nothing half-written: the match row, its log and its snapshots always move together.
  const matches = store.db.prepare('SELECT match_id, status, decision_count, last_hash, result FROM matches').all() as {
    match_id: string;
    status: string;
    decision_count: number;
    last_hash: string;
    result: string | null;
  }[];
  for (const m of matches) {
    const log = store.db
      .prepare('SELECT seq, state_hash FROM match_decisions WHERE match_id = ? ORDER BY seq')
      .all(m.match_id) as {
      seq: number;
      state_hash: string;
    }[];
    expect(log.map((r) => r.seq)).toEqual(log.map((_, i) => i + 1));
    expect(log.length).toBe(m.decision_count);
    if (log.length > 0) expect(log.at(-1)?.state_hash).toBe(m.last_hash);
    const snaps = store.db
      .prepare('SELECT seq FROM match_snapshots WHERE match_id = ? ORDER BY seq')
      .all(m.match_id) as {
      seq: number;
    }[];
    // Active matches keep their latest three snapshots (every N decisions); finished ones keep none.
    const latest = Math.floor(m.decision_count / SNAPSHOT_EVERY) * SNAPSHOT_EVERY;
    const expected =
      m.status === 'active'
        ? [latest - 2 * SNAPSHOT_EVERY, latest - SNAPSHOT_EVERY, latest].filter((seq) => seq > 0)
        : [];
    expect(snaps.map((s) => s.seq)).toEqual(expected);
    expect(m.status === 'finished').toBe(m.result !== null);
  }

  // Every restored state equals the replay of its whole log.
  const report = store.matches.restoreActiveMatches();
  expect(report.frozen).toEqual([]);
  expect(report.notes).toEqual([]);
  for (const m of matches.filter((x) => x.status === 'active')) {
    const exported = store.exportMatch(m.match_id);
    const decisions = exported.decisions.map((d) => d.decision as Exclude<typeof d.decision, { unreadable: string }>);
    const replayed = replay(toyGame, exported.setup!, exported.seed!, decisions);
    expect(stateHash(store.matches.currentState(m.match_id))).toBe(stateHash(replayed));
  }
}

describe('crash safety (SIGKILL at random moments)', () => {
  const { dir, cleanup } = tempDir();
  afterAll(cleanup);

  it(
    'keeps every acknowledged decision, shows nothing half-written, and restores states equal to their replay',
    async () => {
      const dbPath = join(dir, 'crash.db');
      const acked: Ack[] = [];
      const started = Date.now();
      let cycles = 0;
      const exercised = () => cycles >= MIN_CYCLES && acked.length > MIN_ACKS;
      while (Date.now() - started < (exercised() ? BUDGET_MS : GIVE_UP_MS)) {
        const duringBoot = cycles % 4 === 0;
        const run = await runAndKill(dbPath, Math.floor(Math.random() * (duringBoot ? 1500 : 300)), duringBoot);
        expect(run.lines.filter((l) => l.startsWith('frozen') || l.startsWith('log '))).toEqual([]);
        acked.push(...run.acks);
        cycles++;
        const store = openStore({ path: dbPath, snapshotEvery: SNAPSHOT_EVERY }, toyResolver);
        try {
          checkDatabase(store, acked);
        } finally {
          store.close();
        }
      }
      // Loose floors: they only prove the run exercised something.
      expect(cycles).toBeGreaterThanOrEqual(MIN_CYCLES);
      expect(acked.length).toBeGreaterThan(MIN_ACKS);
    },
    GIVE_UP_MS + 45_000,
  );
});
