// SIGTERM to the real bot process in the middle of 20 matches (issue 24): the bot (test/ops/sigterm-child.ts, the
// SIGKILL test's harness with 20 pairs of players) stops gracefully and exits 0. Then, with the bot gone: every
// commit it returned from is in the log with its hash, every decision click it acknowledged is committed, each
// match's log is contiguous, and a restart restores every active match from a snapshot at its last decision,
// replaying nothing. Interactions that came during the stop were answered with the "restarting" notice.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/engine/registry.ts';
import { openStore } from '../../src/store/store.ts';
import { tempDir } from '../store/temp-store.ts';

const child = join(fileURLToPath(new URL('.', import.meta.url)), 'sigterm-child.ts');
const { dir, cleanup } = tempDir();
afterAll(cleanup);

/** Commits after all matches started before the signal is sent. */
const COMMITS_BEFORE_SIGNAL = Number(process.env.SIGTERM_AFTER_COMMITS ?? 150);

function runAndTerminate(
  dbPath: string,
): Promise<{ code: number | null; signal: string | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', child, dbPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let sent = false;
    const giveUp = setTimeout(() => proc.kill('SIGKILL'), 240_000);
    proc.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const started = out.indexOf('started\n');
      if (sent || started < 0) return;
      const commits = out.slice(started).match(/^c /gm)?.length ?? 0;
      if (commits >= COMMITS_BEFORE_SIGNAL) {
        sent = true;
        proc.kill('SIGTERM');
      }
    });
    proc.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    proc.on('error', reject);
    proc.on('close', (code, signal) => {
      clearTimeout(giveUp);
      resolve({ code, signal, out, err });
    });
  });
}

describe('SIGTERM in the middle of 20 matches', () => {
  it('loses nothing acknowledged, and the restart replays nothing', async () => {
    const dbPath = join(dir, 'stop.db');
    const run = await runAndTerminate(dbPath);
    expect(run.signal, run.err.slice(-2000)).toBeNull();
    expect(run.code, run.err.slice(-2000)).toBe(0);
    const lines = run.out.split('\n');
    expect(lines).toContain('signal');
    const commits = lines.filter((l) => l.startsWith('c ')).map((l) => l.split(' '));
    const acks = lines.filter((l) => l.startsWith('k ')).map((l) => l.split(' '));
    const refused = lines.filter((l) => l.startsWith('r ')).length;
    const afterSignal = lines.slice(lines.indexOf('signal'));
    const log = run.err
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const stopped = log.find((r) => r.msg === 'stopped');
    expect(stopped?.drained).toBe('drained');

    const store = openStore({ path: dbPath }, (id) => GAMES.find(id)?.play?.module);
    try {
      expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
      const logged = store.db.prepare('SELECT state_hash FROM match_decisions WHERE match_id = ? AND seq = ?');
      for (const [, matchId, seq, hash] of commits)
        expect(logged.get(matchId, Number(seq)), `${matchId} #${seq}`).toEqual({ state_hash: hash });
      // A click the bot acknowledged is a decision committed, even when the signal came between the two.
      const answered = store.db.prepare(
        'SELECT count(*) AS n FROM match_decisions WHERE match_id = ? AND decision_id = ? AND seat = ?',
      );
      for (const [, matchId, version, seat] of acks)
        expect(answered.get(matchId, `v${version}`, seat), `${matchId} v${version} ${seat}`).toEqual({ n: 1 });

      const active = store.db.prepare("SELECT match_id, decision_count FROM matches WHERE status = 'active'").all() as {
        match_id: string;
        decision_count: number;
      }[];
      expect(active.length).toBeGreaterThan(0);
      for (const row of active) {
        const seqs = store.db
          .prepare('SELECT seq FROM match_decisions WHERE match_id = ? ORDER BY seq')
          .all(row.match_id) as { seq: number }[];
        expect(seqs.map((s) => s.seq)).toEqual(seqs.map((_, i) => i + 1));
        const latest = store.db
          .prepare('SELECT max(seq) AS seq FROM match_snapshots WHERE match_id = ?')
          .get(row.match_id) as { seq: number | null };
        if (row.decision_count > 0) expect(latest.seq, row.match_id).toBe(row.decision_count);
      }
      const report = store.matches.restoreActiveMatches(Number.POSITIVE_INFINITY);
      expect(report.frozen).toEqual([]);
      expect(report.restored).toBe(active.length);
      expect(report.replayed).toBe(0);
      console.log(
        `SIGTERM: ${commits.length} commits, ${acks.length} acknowledged clicks (${afterSignal.filter((l) => l.startsWith('k ')).length} after the signal), ${refused} answered "restarting", ${active.length} active matches restored with 0 decisions replayed, snapshots written at stop: ${String(stopped?.snapshots)}, stop took ${String(stopped?.ms)} ms`,
      );
    } finally {
      store.close();
    }
    expect(commits.length).toBeGreaterThanOrEqual(COMMITS_BEFORE_SIGNAL);
    expect(acks.length).toBeGreaterThan(0);
    // 20 players keep clicking while the bot drains: some clicks arrive during the stop and get the notice.
    expect(refused).toBeGreaterThan(0);
  }, 300_000);
});
