// Matches recorded under NOVA rules version 2 chose each payment as one whole plan ("pay:<index>"). Version 3 asks one
// source at a time, so their logs keep the plan way of paying (docs/store.md "Rules versions", RulesMigration
// `setupOptions`): they restore, replay and play on.
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DecisionResponse, GameId, GameModule, MatchSetup } from '../../src/engine/core/game.ts';
import { seedRng } from '../../src/engine/core/rng.ts';
import { randomResponse } from '../../src/engine/fuzz/random-play.ts';
import { nova } from '../../src/engine/games/nova/index.ts';
import type { NovaState } from '../../src/engine/games/nova/state.ts';
import { gamePrecons, preconDeckList } from '../../src/engine/precons.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { tempDir } from '../store/temp-store.ts';

/** Written by rules version 2's code (test/nova/fixtures/make-nova-v2-db.ts). */
const V2_DB = 'test/nova/fixtures/nova-v2.db';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function openCopy(game: GameModule = nova): () => Store {
  const { dir, cleanup } = tempDir();
  const path = join(dir, 'v2.db');
  copyFileSync(V2_DB, path);
  const resolve = (id: GameId): GameModule | undefined => (id === 'nova' ? game : undefined);
  const stores: Store[] = [];
  cleanups.push(() => {
    for (const s of stores) if (s.db.open) s.close();
    cleanup();
  });
  return () => {
    const store = openStore({ path, snapshotEvery: 5 }, resolve, {});
    stores.push(store);
    return store;
  };
}

function loggedPaymentAnswers(store: Store, matchId: string): string[] {
  return store.db
    .prepare('SELECT decision FROM match_decisions WHERE match_id = ? ORDER BY seq')
    .pluck()
    .all(matchId)
    .flatMap((d) => {
      const choose = (JSON.parse(String(d)) as { response?: { choose?: string[] } }).response?.choose ?? [];
      return choose.filter((id) => id.startsWith('pay:'));
    });
}

describe('NOVA matches recorded under rules version 2', () => {
  it('the fixture holds a payment answered with another plan than the first', () => {
    const store = openCopy()();
    expect(loggedPaymentAnswers(store, 'v2-paying')).toContain('pay:1');
    expect(store.db.prepare("SELECT rules_version FROM matches WHERE match_id = 'v2-paying'").pluck().get()).toBe(2);
  });

  it('restore with their plan payments, keep paying that way, and play on to the end', () => {
    const open = openCopy();
    let store = open();
    const report = store.matches.restoreActiveMatches();
    expect(report.frozen).toEqual([]);
    expect(report.notes.map((n) => n.note)).toEqual([
      expect.stringMatching(
        new RegExp(`^migrated from rules version 2 to ${nova.rulesVersion} by replaying its \\d+ decisions$`),
      ),
    ]);
    expect(store.matches.match('v2-paying')?.rulesVersion).toBe(nova.rulesVersion);
    // The stored setup now says how this match pays, so any later replay from the setup plays the same.
    expect(store.matches.setupOf('v2-paying').options).toEqual({
      paymentRules: 'plans',
      energyAbilities: 'in-payment',
    });
    expect(store.matches.currentState('v2-paying')).toMatchObject({
      paymentRules: 'plans',
      energyAbilities: 'in-payment',
    });

    let rng = seedRng('v2-plays-on');
    let planPayments = 0;
    for (let played = 0; played < 20_000; played++) {
      const state = store.matches.currentState('v2-paying') as NovaState;
      const pending = nova.pending(state);
      if (!pending) break;
      expect(pending.kind).not.toBe('payment'); // never asked source by source
      if (pending.kind === 'payment-plan') planPayments += 1;
      let response: DecisionResponse;
      [response, rng] = randomResponse(pending, rng, 0.7);
      expect(store.matches.commitDecision('v2-paying', pending.player, response).kind).toBe('applied');
      if (played === 40) {
        store.close();
        store = open();
        expect(store.matches.restoreActiveMatches()).toMatchObject({ frozen: [], notes: [] });
      }
    }
    expect(store.matches.match('v2-paying')?.status).toBe('finished');
    expect(planPayments).toBeGreaterThan(0);
    // A replay from the setup (the whole log) still plays every decision, before and after the migration.
    expect(store.inspectMatch('v2-paying').replayProblem).toBeNull();
  });

  it('a finished one migrates when read and gives its whole log by replay', () => {
    const store = openCopy()();
    const state = store.matches.currentState('v2-done');
    expect(state.result).toMatchObject({ kind: 'win', winner: 'p1', reason: 'conceded' });
    expect(store.matches.match('v2-done')?.rulesVersion).toBe(nova.rulesVersion);
    const log = store.matches.publicLog('v2-done');
    expect(log.at(-1)?.text.en).toBe('p2 conceded.');
  });

  it('without the plan way of paying, the same log does not replay (so the option is what carries it)', () => {
    const plain: GameModule = { ...nova, migrations: { 2: { kind: 'replay' } } };
    const report = openCopy(plain)().matches.restoreActiveMatches();
    expect(report.frozen.map((f) => f.reason)).toEqual([
      expect.stringMatching(/^migrating from rules version 2: decision \d+ does not replay/),
    ]);
  });

  it("plays rules version 2's seeded games decision for decision when paying by plans", () => {
    // test/nova/seeded-games-v2.txt: the pins as version 2 recorded them (seed, decks, decisions, ...).
    const pins = readFileSync(new URL('./seeded-games-v2.txt', import.meta.url), 'utf8')
      .trim()
      .split('\n');
    const precons = gamePrecons('nova');
    const counts = pins.map((_, i) => {
      const a = precons[i % precons.length] as (typeof precons)[number];
      const b = precons[(i + 1 + Math.floor(i / precons.length)) % precons.length] as (typeof precons)[number];
      const setup: MatchSetup = {
        game: 'nova',
        decks: { p1: preconDeckList(a), p2: preconDeckList(b) },
        options: { paymentRules: 'plans', energyAbilities: 'in-payment' },
      };
      let s = nova.setup(setup, `seeded-${i}`);
      let rng = seedRng(`fuzz-seeded-${i}`);
      let decisions = 0;
      while (!s.result && decisions < 50_000) {
        const p = nova.pending(s);
        if (!p) throw new Error('nothing pending');
        const [r, next] = randomResponse(p, rng, 0.7);
        rng = next;
        s = nova.apply(s, p.player, r);
        decisions += 1;
      }
      return `seeded-${i} ${a.id}-${b.id} ${decisions}`;
    });
    expect(counts).toEqual(pins.map((line) => line.split(' ').slice(0, 3).join(' ')));
  });
});
