/**
 * The crash test's worker: plays toy matches against the store as fast as it can, printing `ack` for every
 * decision once commitDecision has returned (the point where the bot would tell Discord), until it is killed.
 * Usage: node --import tsx test/store/crash-child.ts <db path>
 */
import { writeSync } from 'node:fs';
import type { BaseState } from '../../src/engine/core/game.ts';
import { openStore } from '../../src/store/store.ts';
import { toyResolver } from './temp-store.ts';
import { type ToyState, toyMove, toySetup } from './toy-game.ts';

const path = process.argv[2];
if (!path) throw new Error('usage: crash-child.ts <db path>');
/**
 * Synchronous on purpose (the line must be out before the next commit), and retried: stdout is a non-blocking pipe,
 * so a busy reader makes writeSync fail with EAGAIN or write part of the line.
 */
function say(line: string): void {
  let rest = Buffer.from(`${line}\n`);
  while (rest.length > 0) {
    try {
      rest = rest.subarray(writeSync(1, rest));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
    }
  }
}

const store = openStore({ path, snapshotEvery: 7 }, toyResolver, { log: (m) => say(`log ${m}`) });
const report = store.matches.restoreActiveMatches();
if (report.frozen.length > 0) {
  say(`frozen ${JSON.stringify(report.frozen)}`);
  process.exit(3);
}
const active = store.db.prepare("SELECT match_id FROM matches WHERE status = 'active'").all() as { match_id: string }[];
const live = new Map<string, BaseState>(active.map((r) => [r.match_id, store.matches.currentState(r.match_id)]));
say(`ready ${live.size}`);

const random = (n: number) => Math.floor(Math.random() * n);
for (;;) {
  while (live.size < 8) {
    const matchId = `m-${process.pid}-${Date.now()}-${random(1e9)}`;
    store.matches.createMatch({
      matchId,
      guildId: 'g1',
      channelId: 'c1',
      game: 'nova',
      format: 'toy',
      players: { p1: 'u1', p2: 'u2' },
    });
    live.set(matchId, store.matches.startMatch(matchId, toySetup(60), matchId));
  }
  const ids = [...live.keys()];
  const matchId = ids[random(ids.length)] as string;
  const state = live.get(matchId) as ToyState;
  const move = toyMove(state, random(6));
  const roll = random(100);
  const result =
    roll === 0
      ? store.matches.commitDecision(matchId, move.seat, 'concede')
      : store.matches.commitDecision(matchId, move.seat, move.response);
  if (result.kind !== 'applied') throw new Error(`expected applied, got ${result.kind}`);
  say(`ack ${matchId} ${result.seq} ${result.stateHash}`);
  // A double click: the same answer again must be a no-op.
  if (roll < 10 && roll > 0 && result.kind === 'applied') {
    const again = store.matches.commitDecision(matchId, move.seat, move.response);
    if (again.kind !== 'duplicate') throw new Error(`expected duplicate, got ${again.kind}`);
  }
  if (result.status === 'active') live.set(matchId, result.state);
  else live.delete(matchId);
}
