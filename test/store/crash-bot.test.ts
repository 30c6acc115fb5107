// SIGKILL of the real bot process mid-match (issue 25 item 11): for every game with an engine, the bot
// (test/store/crash-bot-child.ts) plays through the real controls and is killed, by the pid this test spawned, at a
// random moment of play or during boot. After each kill, with the bot dead: the database passes integrity_check,
// every commit the bot returned from (and so may have told Discord about) is in the log with its hash, each match's
// log is contiguous and agrees with its row, and every active match restores (nothing frozen). The test reports
// how many kills landed inside a write (between `w` and its `c`/`e`). CRASH_KILLS sets the kills per game (default 3).
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/engine/registry.ts';
import { openStore } from '../../src/store/store.ts';
import { tempDir } from './temp-store.ts';

const child = join(fileURLToPath(new URL('.', import.meta.url)), 'crash-bot-child.ts');
const KILLS = Number(process.env.CRASH_KILLS ?? 3);
const games = GAMES.ids().filter((id) => GAMES.find(id)?.play);
const dirs: (() => void)[] = [];
afterAll(() => {
  for (const cleanup of dirs) cleanup();
});

interface Run {
  lines: string[];
  /** The kill landed between a `w` and its end: inside commitDecision. */
  insideWrite: boolean;
}

/** Spawns the bot and SIGKILLs it `afterMs` after its first commit, or `afterMs` after the spawn with `duringBoot`. */
function runAndKill(dbPath: string, game: string, seed: number, afterMs: number, duringBoot: boolean): Promise<Run> {
  return new Promise((resolve, reject) => {
    const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', child, dbPath, game, String(seed)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const kill = () => proc.kill('SIGKILL');
    let timer: NodeJS.Timeout | undefined = duringBoot ? setTimeout(kill, afterMs) : undefined;
    // A machine under load can take long to boot; a worker that never commits is killed and reported.
    const giveUp = setTimeout(kill, 180_000);
    proc.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!timer && /^c /m.test(out)) timer = setTimeout(kill, afterMs);
    });
    proc.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    proc.on('error', reject);
    proc.on('close', (_code, signal) => {
      if (timer) clearTimeout(timer);
      clearTimeout(giveUp);
      if (signal !== 'SIGKILL') {
        reject(new Error(`the bot exited by itself: ${out.slice(-400)} ${err.slice(-800)}`));
        return;
      }
      const lines = out.split('\n').slice(0, -1);
      const writes = lines.filter((l) => /^[wce] /.test(l));
      resolve({ lines, insideWrite: writes.at(-1)?.startsWith('w ') === true });
    });
  });
}

describe('the bot killed mid-match', () => {
  it.each(games)(
    '%s: loses no commit the bot returned from, and restores every match',
    async (game) => {
      const { dir, cleanup } = tempDir();
      dirs.push(cleanup);
      const dbPath = join(dir, `${game}.db`);
      let insideWrite = 0;
      let acknowledged = 0;
      let kills = 0;
      for (let cycle = 0; cycle < KILLS; cycle++) {
        const duringBoot = cycle % 3 === 2;
        const afterMs = duringBoot ? 1_500 + cycle * 500 : 200 + ((cycle * 733) % 1800);
        const run = await runAndKill(dbPath, game, 1000 + cycle, afterMs, duringBoot);
        kills++;
        if (run.insideWrite) insideWrite++;
        const acks = run.lines
          .filter((l) => l.startsWith('c '))
          .map((l) => {
            const [, matchId, seq, hash] = l.split(' ');
            return { matchId: matchId as string, seq: Number(seq), hash: hash as string };
          });
        acknowledged += acks.length;

        const store = openStore({ path: dbPath }, (id) => GAMES.find(id)?.play?.module);
        try {
          expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
          const logged = store.db.prepare('SELECT state_hash FROM match_decisions WHERE match_id = ? AND seq = ?');
          for (const ack of acks)
            expect(logged.get(ack.matchId, ack.seq), `${game} ${ack.matchId} #${ack.seq}`).toEqual({
              state_hash: ack.hash,
            });
          const rows = store.db.prepare('SELECT match_id, decision_count, last_hash FROM matches').all() as {
            match_id: string;
            decision_count: number;
            last_hash: string | null;
          }[];
          for (const row of rows) {
            const seqs = store.db
              .prepare('SELECT seq, state_hash FROM match_decisions WHERE match_id = ? ORDER BY seq')
              .all(row.match_id) as { seq: number; state_hash: string }[];
            expect(seqs.map((s) => s.seq)).toEqual(seqs.map((_, i) => i + 1));
            expect(seqs.length).toBe(row.decision_count);
            if (seqs.length > 0) expect(seqs.at(-1)?.state_hash).toBe(row.last_hash);
          }
          expect(store.matches.restoreActiveMatches(Number.POSITIVE_INFINITY).frozen).toEqual([]);
        } finally {
          store.close();
        }
      }
      console.log(`${game}: ${kills} kills, ${insideWrite} inside a write, ${acknowledged} returned commits, 0 lost`);
      expect(acknowledged).toBeGreaterThan(0);
    },
    900_000,
  );
});
