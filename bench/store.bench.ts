// `npx tsx bench/run.ts store`: decision commit throughput, boot restore time and bytes per match,
// measured with the toy game from test/store, plus a few figures with the real NOVA engine (see docs/store.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BaseState, DecisionResponse, GameId, GameModule, MatchSetup } from '../src/engine/core/game.ts';
import { seedRng } from '../src/engine/core/rng.ts';
import { randomResponse } from '../src/engine/fuzz/random-play.ts';
import { gamePrecons, preconDeckList } from '../src/engine/precons.ts';
import { GAMES, gameModule } from '../src/engine/registry.ts';
import { StoreConfigSchema } from '../src/store/config.ts';
import { openStore, type Store } from '../src/store/store.ts';
import { toyResolver } from '../test/store/temp-store.ts';
import { type ToyState, toyMove, toySetup } from '../test/store/toy-game.ts';
import type { BenchFigure } from './figure.ts';

const AREA = 'store';
const SNAPSHOT_EVERY = StoreConfigSchema.parse({}).snapshotEvery;

/**
 * Wall-clock and CPU milliseconds of `fn`. Both are reported: on a shared, busy machine the wall clock mostly
 * measures the neighbours, while CPU time (user + system, this process) stays close to the quiet-machine figure.
 */
function timed(fn: () => void): { ms: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  fn();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

function newMatch(store: Store, matchId: string, target: number): BaseState {
  store.matches.createMatch({
    matchId,
    guildId: 'g',
    channelId: 'c',
    game: 'nova',
    format: 'toy',
    players: { p1: 'a', p2: 'b' },
  });
  return store.matches.startMatch(matchId, toySetup(target), matchId);
}

function step(store: Store, matchId: string, state: BaseState, i: number) {
  const move = toyMove(state as ToyState, i);
  return store.matches.commitDecision(matchId, move.seat, move.response);
}

/** Decisions committed per second, each in its own transaction as in real play, over 50 interleaved matches. */
function commitsPerSecond(dir: string, synchronous: 'NORMAL' | 'FULL'): { wall: number; cpu: number } {
  const store = openStore({ path: join(dir, `commit-${synchronous}.db`), synchronous }, toyResolver);
  const states = new Map<string, BaseState>();
  for (let m = 0; m < 50; m++) states.set(`m${m}`, newMatch(store, `m${m}`, 100_000));
  const total = synchronous === 'FULL' ? 5_000 : 20_000;
  const t = timed(() => {
    for (let i = 0; i < total; i++) {
      const id = `m${i % 50}`;
      states.set(id, step(store, id, states.get(id) as BaseState, i).state);
    }
  });
  store.close();
  return { wall: (total * 1000) / t.ms, cpu: (total * 1000) / t.cpuMs };
}

/**
 * Reopens the database and restores every active match, as at boot, with no time budget: the figure is the cost of
 * restoring all of them (at boot the 5 s budget defers the rest to their first use, and this machine passes it).
 */
function restoreMs(path: string, expected: number): { ms: number; cpuMs: number } {
  const store = openStore({ path }, toyResolver);
  let restored = 0;
  const t = timed(() => {
    restored = store.matches.restoreActiveMatches(Number.POSITIVE_INFINITY).restored;
  });
  store.close();
  if (restored !== expected) throw new Error(`restored ${restored} of ${expected}`);
  return t;
}

/**
 * Boot time for `matches` active matches of `decisions` each: from a snapshot at the last decision (best case),
 * from one a whole snapshot interval back (worst case), and with no snapshots (full replay).
 * Built in one outer transaction, only to build fast.
 */
function restoreFigures(dir: string, matches: number, decisions: number) {
  const path = join(dir, 'restore.db');
  const build = openStore({ path }, toyResolver);
  build.db.transaction(() => {
    for (let m = 0; m < matches; m++) {
      let state = newMatch(build, `m${m}`, 100_000);
      for (let i = 0; i < decisions; i++) state = step(build, `m${m}`, state, i * 7 + m).state;
    }
  })();
  build.close();
  const dropSnapshots = (where: string) => {
    const store = openStore({ path }, toyResolver);
    store.db.exec(`DELETE FROM match_snapshots ${where}`);
    store.close();
  };
  const atLast = restoreMs(path, matches);
  dropSnapshots(`WHERE seq > ${decisions - SNAPSHOT_EVERY}`);
  const tail = restoreMs(path, matches);
  dropSnapshots('');
  return { atLast, tail, fullReplay: restoreMs(path, matches) };
}

/**
 * The same store with the real NOVA engine and random legal play: its states (~24 KB of JSON) make the game's
 * apply and the state hash, not SQLite, the cost of a decision.
 */
function novaFigures(dir: string): { perSecond: number; stateBytes: number; restoreMsPerMatch: number } {
  const resolve = (id: GameId): GameModule | undefined => GAMES.find(id)?.play?.module;
  const game = gameModule('nova');
  const [a, b] = gamePrecons('nova');
  if (!a || !b) throw new Error('bench: NOVA needs two precons in data/decks/nova');
  const setup: MatchSetup = { game: 'nova', decks: { p1: preconDeckList(a), p2: preconDeckList(b) } };
  const path = join(dir, 'nova.db');
  const store = openStore({ path }, resolve);
  const matches = 30;
  let decisions = 0;
  let stateBytes = 0;
  const t = timed(() => {
    for (let m = 0; m < matches; m++) {
      store.matches.createMatch({
        matchId: `n${m}`,
        guildId: 'g',
        channelId: 'c',
        game: 'nova',
        format: 'std',
        players: { p1: 'a', p2: 'b' },
      });
      let state = store.matches.startMatch(`n${m}`, setup, `seed-${m}`);
      let rng = seedRng(`bench-${m}`);
      for (let i = 0; i < 100 + m; i++) {
        const pending = game.pending(state);
        if (!pending) break;
        let response: DecisionResponse;
        [response, rng] = randomResponse(pending, rng, 0.7);
        state = store.matches.commitDecision(`n${m}`, pending.player, response).state;
        decisions++;
      }
      stateBytes = Math.max(stateBytes, JSON.stringify(state).length);
    }
  });
  store.close();
  const reopened = openStore({ path }, resolve);
  const report = reopened.matches.restoreActiveMatches();
  reopened.close();
  return { perSecond: (decisions * 1000) / t.ms, stateBytes, restoreMsPerMatch: report.ms / report.restored };
}

/** File bytes per finished match (after a checkpoint), over 500 played-out toy matches. */
function bytesPerFinishedMatch(dir: string): { bytes: number; decisions: number } {
  const path = join(dir, 'size.db');
  const store = openStore({ path }, toyResolver);
  const size = () => {
    store.db.pragma('wal_checkpoint(TRUNCATE)');
    const pages = store.db.pragma('page_count', { simple: true }) as number;
    return pages * (store.db.pragma('page_size', { simple: true }) as number);
  };
  const empty = size();
  const count = 500;
  let decisions = 0;
  for (let m = 0; m < count; m++) {
    let result = { state: newMatch(store, `m${m}`, 150), status: 'active' as string };
    for (let i = 0; result.status === 'active'; i++) {
      result = step(store, `m${m}`, result.state, i + m);
      decisions++;
    }
  }
  const bytes = (size() - empty) / count;
  store.close();
  return { bytes, decisions: decisions / count };
}

export async function bench(): Promise<BenchFigure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-bench-store-'));
  try {
    const normal = commitsPerSecond(dir, 'NORMAL');
    const full = commitsPerSecond(dir, 'FULL');
    const restore = restoreFigures(dir, 1000, 200);
    const size = bytesPerFinishedMatch(dir);
    const nova = novaFigures(dir);
    const f = (name: string, value: number, unit: string): BenchFigure => ({ area: AREA, name, value, unit });
    return [
      f('decisions committed/s (own txn, WAL, sync=NORMAL)', Math.round(normal.wall), '/s'),
      f('  same, on CPU time', Math.round(normal.cpu), '/s'),
      f('decisions committed/s (own txn, WAL, sync=FULL)', Math.round(full.wall), '/s'),
      f('restore 1,000 active matches x 200 decisions', restore.atLast.ms, 'ms'),
      f('  same, CPU time', restore.atLast.cpuMs, 'ms'),
      f(`  latest snapshot one interval (${SNAPSHOT_EVERY}) back`, restore.tail.ms, 'ms'),
      f('  same, CPU time', restore.tail.cpuMs, 'ms'),
      f('  snapshots deleted (full replay)', restore.fullReplay.ms, 'ms'),
      f('database bytes per finished match', Math.round(size.bytes), 'bytes'),
      f('  (decisions per finished toy match)', Math.round(size.decisions), 'decisions'),
      f('NOVA: decisions committed/s (random legal play)', Math.round(nova.perSecond), '/s'),
      f('NOVA: restore one active match (~115 decisions)', nova.restoreMsPerMatch, 'ms'),
      f('NOVA: state size (JSON)', nova.stateBytes, 'bytes'),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
