import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DecisionResponse, GameId, GameModule } from '../../src/engine/core/game.ts';
import { seedRng } from '../../src/engine/core/rng.ts';
import { randomResponse } from '../../src/engine/fuzz/random-play.ts';
import { gameModule } from '../../src/engine/registry.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { SLOW_UNDER_LOAD, tempDir } from './temp-store.ts';

/** A database written by main at 70bf03f (test/store/fixtures/make-legacy-db.ts): hashes over words, no version. */
const LEGACY = 'test/store/fixtures/legacy-70bf03f.db';

const nova = gameModule('nova');

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function openCopy(game: GameModule = nova): { open: () => Store; messages: string[] } {
  const { dir, cleanup } = tempDir();
  const path = join(dir, 'legacy.db');
  copyFileSync(LEGACY, path);
  const messages: string[] = [];
  const resolve = (id: GameId): GameModule | undefined => (id === 'nova' ? game : undefined);
  const stores: Store[] = [];
  cleanups.push(() => {
    for (const s of stores) if (s.db.open) s.close();
    cleanup();
  });
  const open = () => {
    const store = openStore({ path, snapshotEvery: 5 }, resolve, { log: (m) => messages.push(m) });
    stores.push(store);
    return store;
  };
  return { open, messages };
}

function rulesVersionOf(store: Store, matchId: string): unknown {
  return store.db.prepare('SELECT rules_version FROM matches WHERE match_id = ?').pluck().get(matchId);
}

describe('a database written before rules versions (main at 70bf03f)', () => {
  it('migrates its NOVA matches by replay, and an active one plays on to the end', { timeout: SLOW_UNDER_LOAD }, () => {
    const { open, messages } = openCopy();
    let store = open();
    expect(rulesVersionOf(store, 'm-snap')).toBe(0); // migration 5 gave the old rows version 0
    const report = store.matches.restoreActiveMatches();
    expect(report.frozen).toEqual([]);
    expect(report.restored).toBe(2);
    expect(report.notes.map((n) => `${n.matchId}: ${n.note}`).sort()).toEqual([
      `m-fresh: migrated from rules version 0 to ${nova.rulesVersion} by replaying its 3 decisions`,
      `m-snap: migrated from rules version 0 to ${nova.rulesVersion} by replaying its 37 decisions`,
    ]);
    expect(rulesVersionOf(store, 'm-snap')).toBe(nova.rulesVersion);
    expect(store.inspectMatch('m-snap').replayProblem).toBeNull();
    // The old snapshots (states with words in them) are replaced by one at the migration point.
    expect(store.inspectMatch('m-snap').snapshots).toEqual([{ seq: 37, sound: true }]);

    // Restarted: nothing is migrated again, the match restores from the new snapshot and is checked from there.
    store.close();
    store = open();
    const again = store.matches.restoreActiveMatches();
    expect(again).toMatchObject({ restored: 2, frozen: [], notes: [] });

    let rng = seedRng('legacy-continues');
    let played = 0;
    for (; played < 20_000; played++) {
      const state = store.matches.currentState('m-snap');
      const pending = nova.pending(state);
      if (!pending) break;
      let response: DecisionResponse;
      [response, rng] = randomResponse(pending, rng, 0.7);
      expect(store.matches.commitDecision('m-snap', pending.player, response).kind).toBe('applied');
      if (played === 50) {
        // A restart mid-game, after the migration: the hashes written since check out.
        store.close();
        store = open();
        expect(store.matches.restoreActiveMatches().frozen).toEqual([]);
      }
    }
    const info = store.matches.match('m-snap');
    expect(info?.status).toBe('finished');
    expect(info?.result?.reason).toEqual(expect.any(String));
    expect(store.inspectMatch('m-snap').replayProblem).toBeNull();
    expect(messages.filter((m) => m.includes('frozen'))).toEqual([]);
  });

  it('migrates a finished match when it is read, with its result in the new form and its whole log', {
    timeout: SLOW_UNDER_LOAD,
  }, () => {
    const { open } = openCopy();
    const store = open();
    // Before: the result as 70bf03f stored it, words included.
    expect(store.matches.match('m-done')?.result).toMatchObject({ reason: { en: 'p2 conceded.' } });
    const state = store.matches.currentState('m-done');
    expect(state.result).toEqual({ kind: 'win', winner: 'p1', reason: 'conceded', rule: '003.2.3' });
    expect(store.matches.match('m-done')?.result).toEqual(state.result);
    expect(store.matches.match('m-done')?.rulesVersion).toBe(nova.rulesVersion);
    const log = store.matches.publicLog('m-done');
    expect(log.at(-1)?.text.en).toBe('p2 conceded.');
    expect(log.map((l) => l.seq)).toEqual([...log.map((l) => l.seq)].sort((a, b) => a - b));
  });

  it('freezes, loudly, a match whose recorded version the game declares no migration from', () => {
    const strict: GameModule = { ...nova, migrations: {} };
    const { open, messages } = openCopy(strict);
    const report = open().matches.restoreActiveMatches();
    expect(report.restored).toBe(0);
    expect(report.frozen.map((f) => f.reason)).toEqual([
      `recorded under rules version 0; version ${nova.rulesVersion} declares no migration from it`,
      `recorded under rules version 0; version ${nova.rulesVersion} declares no migration from it`,
    ]);
    expect(messages.some((m) => m.includes('frozen: recorded under rules version 0'))).toBe(true);
  });
});
