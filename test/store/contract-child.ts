/**
 * One process of the two-process commit test (contract-processes.test.ts): opens the store named by its arguments
 * (`sqlite <path>` or `postgres <url>`), waits for the other process, then plays the given matches to `decisions` decisions, answering each
 * pending decision with its own choice (`pick`), while another process does the same with another choice. Prints
 * one JSON line: how many of its commits were applied, stale and duplicate.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { StoreContract } from '../../src/store/contract.ts';
import { openPostgresStore } from '../../src/store/postgres/pg-store.ts';
import { sqliteContract } from '../../src/store/sqlite-contract.ts';
import { openStore } from '../../src/store/store.ts';
import { toyResolver } from './temp-store.ts';
import { type ToyState, toyMove } from './toy-game.ts';

const [backend, where, rendezvous, pickText, decisionsText, ...matchIds] = process.argv.slice(2);
if (!where || !rendezvous || !pickText || !decisionsText)
  throw new Error('usage: contract-child <sqlite|postgres> <where> <rendezvous dir> <pick> <n> ids…');
const pick = Number(pickText);
const decisions = Number(decisionsText);
const store: StoreContract =
  backend === 'postgres'
    ? await openPostgresStore(where, toyResolver, { snapshotEvery: 5, log: () => {} })
    : sqliteContract(openStore({ path: where, snapshotEvery: 5 }, toyResolver, { log: () => {} }));

// Both processes start committing together (each marks itself ready and waits for the other), so they race.
writeFileSync(join(rendezvous, `ready-${pickText}`), '');
while (readdirSync(rendezvous).filter((f) => f.startsWith('ready-')).length < 2) await sleep(1);

const counts = { applied: 0, stale: 0, duplicate: 0 };
await Promise.all(
  matchIds.map(async (matchId) => {
    for (;;) {
      const info = await store.matches.match(matchId);
      if (info?.status !== 'active' || info.decisionCount >= decisions) return;
      const state = (await store.matches.currentState(matchId)) as ToyState;
      const move = toyMove(state, pick + info.decisionCount);
      const result = await store.matches.commitDecision(matchId, move.seat, move.response);
      counts[result.kind]++;
      // A pause between commits, so that a fast backend (SQLite commits in tens of microseconds) still overlaps the
      // other process instead of finishing before it wakes.
      await sleep(1);
    }
  }),
);
await store.close();
console.log(JSON.stringify(counts));
