/**
 * Decisions committed per second through the async store contract, SQLite and PostgreSQL side by side, with the toy
 * game (test/store/toy-game.ts), so the figure is the store's cost and not an engine's:
 *   npx tsx test/store/contract-bench.ts [matches=20] [decisions per match=100]
 * One process; `matches` run concurrently (each its own sequence of commits), as a bot's matches do. PostgreSQL is a
 * private server started as the tests start it (fsync off, so the figure is the round trips, not the disk).
 */
import { join } from 'node:path';
import { stateHash } from '../../src/engine/core/hash.ts';
import type { StoreContract } from '../../src/store/contract.ts';
import { openPostgresStore } from '../../src/store/postgres/pg-store.ts';
import { sqliteContract } from '../../src/store/sqlite-contract.ts';
import { openStore } from '../../src/store/store.ts';
import { havePostgres, startPostgres } from '../support/postgres.ts';
import { tempDir, toyResolver } from './temp-store.ts';
import { type ToyState, toyMove, toySetup } from './toy-game.ts';

const matches = Number(process.argv[2] ?? 20);
const perMatch = Number(process.argv[3] ?? 100);

async function run(name: string, store: StoreContract): Promise<void> {
  const ids = Array.from({ length: matches }, (_, i) => `m${i}`);
  for (const id of ids) {
    await store.matches.createMatch({
      matchId: id,
      guildId: 'g',
      channelId: id,
      game: 'nova',
      format: 'toy',
      players: { p1: 'a', p2: 'b' },
    });
    await store.matches.startMatch(id, toySetup(100_000), `seed-${id}`);
  }
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    ids.map(async (id) => {
      let state = (await store.matches.currentState(id)) as ToyState;
      for (let i = 0; i < perMatch; i++) {
        const move = toyMove(state, i);
        const result = await store.matches.commitDecision(id, move.seat, move.response);
        if (result.kind !== 'applied') throw new Error(`${name}: ${result.kind}`);
        state = result.state as ToyState;
      }
      return stateHash(state);
    }),
  );
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const total = matches * perMatch;
  console.log(
    `${name}: ${total} decisions in ${ms.toFixed(0)} ms = ${((total / ms) * 1000).toFixed(0)} /s wall; ` +
      `this process's CPU ${((used.user + used.system) / 1000).toFixed(0)} ms`,
  );
}

const { dir, cleanup } = tempDir();
const sqlite = sqliteContract(
  openStore({ path: join(dir, 'bench.db'), snapshotEvery: 5 }, toyResolver, { log: () => {} }),
);
await run('SQLite (contract over the synchronous store)', sqlite);
await sqlite.close();
cleanup();
if (havePostgres) {
  const server = await startPostgres();
  try {
    const pg = await openPostgresStore(await server.createDatabase(), toyResolver, { snapshotEvery: 5, log: () => {} });
    await run('PostgreSQL (row lock per commit, pool of 10)', pg);
    await pg.close();
  } finally {
    server.stop();
  }
}
