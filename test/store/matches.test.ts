import { afterEach, describe, expect, it } from 'vitest';
import { IllegalAction } from '../../src/engine/core/errors.ts';
import type { GameModule } from '../../src/engine/core/game.ts';
import { stateHash } from '../../src/engine/core/hash.ts';
import { replay } from '../../src/engine/core/replay.ts';
import { MatchNotPlayable } from '../../src/store/match-errors.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { tempStore } from './temp-store.ts';
import { type ToyState, toyGame, toyMove, toySetup } from './toy-game.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function setUp(snapshotEvery = 5) {
  const handle = tempStore({ snapshotEvery });
  cleanups.push(handle.cleanup);
  return handle;
}

function startToyMatch(store: Store, matchId = 'm1', target = 40): ToyState {
  store.matches.createMatch({
    matchId,
    guildId: 'g1',
    channelId: 'c1',
    game: 'nova',
    format: 'toy',
    players: { p1: 'u1', p2: 'u2' },
  });
  return store.matches.startMatch(matchId, toySetup(target), `seed-${matchId}`) as ToyState;
}

/** Plays `n` legal decisions and returns the last state. */
function play(store: Store, matchId: string, n: number, offset = 0): ToyState {
  let state = store.matches.currentState(matchId) as ToyState;
  for (let i = 0; i < n; i++) {
    const move = toyMove(state, i + offset);
    const result = store.matches.commitDecision(matchId, move.seat, move.response);
    expect(result.kind).toBe('applied');
    state = result.state as ToyState;
  }
  return state;
}

function fullReplay(store: Store, matchId: string): ToyState {
  const exported = store.exportMatch(matchId);
  const decisions = exported.decisions.map((d) => d.decision as Exclude<typeof d.decision, { unreadable: string }>);
  return replay(toyGame, exported.setup!, exported.seed!, decisions);
}

describe('committing decisions', () => {
  it('logs each decision with the hash of the state after it, and the state equals a replay of the log', () => {
    const { store } = setUp();
    startToyMatch(store, 'm1', 1000);
    const state = play(store, 'm1', 12);
    const exported = store.exportMatch('m1');
    expect(exported.decisions.map((d) => d.seq)).toEqual([...Array(12).keys()].map((i) => i + 1));
    expect(exported.decisions.at(-1)?.stateHash).toBe(stateHash(state));
    expect(stateHash(fullReplay(store, 'm1'))).toBe(stateHash(state));
    expect(store.matches.match('m1')?.decisionCount).toBe(12);
  });

  it('applies the same submission twice only once (double click, retried interaction)', () => {
    const { store } = setUp();
    const start = startToyMatch(store);
    const move = toyMove(start, 0);
    const first = store.matches.commitDecision('m1', move.seat, move.response);
    const again = store.matches.commitDecision('m1', move.seat, move.response);
    expect(first.kind).toBe('applied');
    expect(again).toMatchObject({ kind: 'duplicate', seq: 1 });
    expect(again.kind === 'duplicate' && again.stateHash).toBe(first.kind === 'applied' && first.stateHash);
    expect(store.matches.match('m1')?.decisionCount).toBe(1);
  });

  it('calls a different answer to an already answered decision stale, and changes nothing', () => {
    const { store } = setUp();
    const start = startToyMatch(store);
    const move = toyMove(start, 0);
    store.matches.commitDecision('m1', move.seat, move.response);
    const other = { ...move.response, choose: [toyMove(start, 1).response.choose[0]!] };
    expect(store.matches.commitDecision('m1', move.seat, other).kind).toBe('stale');
    expect(store.matches.match('m1')?.decisionCount).toBe(1);
  });

  it('stores nothing when the game refuses the decision', () => {
    const { store } = setUp();
    const start = startToyMatch(store);
    const move = toyMove(start, 0);
    const wrongSeat = move.seat === 'p1' ? 'p2' : 'p1';
    expect(() => store.matches.commitDecision('m1', wrongSeat, move.response)).toThrow(IllegalAction);
    expect(() =>
      store.matches.commitDecision('m1', move.seat, { decisionId: move.response.decisionId, choose: ['nope'] }),
    ).toThrow(IllegalAction);
    expect(store.matches.match('m1')?.decisionCount).toBe(0);
  });

  it('refuses malformed input with a clear error', () => {
    const { store } = setUp();
    startToyMatch(store);
    expect(() => store.matches.commitDecision('m1', 'p3' as 'p1', 'concede')).toThrow(/seat/);
    expect(() => store.matches.commitDecision('m1', 'p1', { decisionId: '', choose: [] })).toThrow(/decision/);
  });

  it('finishes a match on concession; a repeated concession is a duplicate, other decisions are refused', () => {
    const { store } = setUp();
    const start = startToyMatch(store);
    play(store, 'm1', 3);
    const conceded = store.matches.commitDecision('m1', 'p2', 'concede');
    expect(conceded).toMatchObject({ kind: 'applied', status: 'finished', seq: 4 });
    expect(store.matches.match('m1')).toMatchObject({ status: 'finished' });
    expect(store.matches.match('m1')?.result).toMatchObject({ kind: 'win', winner: 'p1' });
    expect(store.matches.commitDecision('m1', 'p2', 'concede').kind).toBe('duplicate');
    expect(() => store.matches.commitDecision('m1', 'p1', 'concede')).toThrow(MatchNotPlayable);
    expect(() => store.matches.commitDecision('m1', 'p1', toyMove(start, 0).response)).toThrow(MatchNotPlayable);
  });

  it('writes a snapshot every N decisions, keeps the latest three, and drops them when the match ends', () => {
    const { store } = setUp(5);
    startToyMatch(store, 'm1', 1000);
    play(store, 'm1', 12);
    expect(store.inspectMatch('m1').snapshots).toEqual([
      { seq: 10, sound: true },
      { seq: 5, sound: true },
    ]);
    play(store, 'm1', 14, 12);
    expect(store.inspectMatch('m1').snapshots.map((s) => s.seq)).toEqual([25, 20, 15]);
    store.matches.commitDecision('m1', 'p1', 'concede');
    expect(store.inspectMatch('m1').snapshots).toEqual([]);
    expect(store.inspectMatch('m1').replayProblem).toBeNull();
  });

  it('does not append to or rewrite the log outside commitDecision (append-only trigger)', () => {
    const { store } = setUp();
    startToyMatch(store);
    play(store, 'm1', 2);
    expect(() => store.db.prepare("UPDATE match_decisions SET state_hash = 'x' WHERE seq = 1").run()).toThrow(
      /append-only/,
    );
  });
  it('refuses to fork the log when another writer advanced the match, and reloads from the log next time', () => {
    const { store } = setUp();
    const start = startToyMatch(store, 'm1', 1000);
    const move = toyMove(start, 0);
    // Another process (not supported, but possible by mistake) commits decision 1 behind this store's back.
    store.db
      .prepare(`INSERT INTO match_decisions VALUES ('m1', 1, ?, '0', '{"concede":true}', ?, 0)`)
      .run(move.seat, 'b'.repeat(64));
    store.db.prepare("UPDATE matches SET decision_count = 1, last_hash = ? WHERE match_id = 'm1'").run('b'.repeat(64));
    expect(() => store.matches.commitDecision('m1', move.seat, move.response)).toThrow(/UNIQUE|PRIMARY/);
    expect(store.matches.isLive('m1')).toBe(false);
    expect(() => store.matches.commitDecision('m1', move.seat, move.response)).toThrow(MatchNotPlayable);
    expect(store.matches.match('m1')?.status).toBe('frozen');
  });
});

describe('restoring on boot', () => {
  it('restores every active match from its latest snapshot plus the tail, equal to a full replay', () => {
    const handle = setUp(5);
    for (const id of ['a', 'b', 'c']) startToyMatch(handle.store, id, 1000);
    const before = { a: play(handle.store, 'a', 13), b: play(handle.store, 'b', 5), c: play(handle.store, 'c', 0) };
    const store = handle.reopen();
    const report = store.matches.restoreActiveMatches();
    expect(report).toMatchObject({ restored: 3, frozen: [], notes: [] });
    for (const [id, state] of Object.entries(before)) {
      expect(stateHash(store.matches.currentState(id))).toBe(stateHash(state));
      expect(stateHash(fullReplay(store, id))).toBe(stateHash(state));
    }
    play(store, 'a', 3, 7);
    expect(store.matches.match('a')?.decisionCount).toBe(16);
  });

  it('falls back to an earlier snapshot when the latest is corrupt, and says so', () => {
    const handle = setUp(5);
    startToyMatch(handle.store, 'm1', 1000);
    const state = play(handle.store, 'm1', 12);
    handle.store.db.prepare('UPDATE match_snapshots SET state = \'{"game":\' WHERE seq = 10').run();
    const store = handle.reopen();
    const report = store.matches.restoreActiveMatches();
    expect(report.restored).toBe(1);
    expect(report.notes[0]?.note).toMatch(
      /snapshot at decision 10 is unusable \(its content does not match its hash\)/,
    );
    expect(handle.messages.join('\n')).toMatch(/snapshot at decision 10/);
    expect(stateHash(store.matches.currentState('m1'))).toBe(stateHash(state));
    expect(store.inspectMatch('m1').snapshots).toEqual([
      { seq: 10, sound: false },
      { seq: 5, sound: true },
    ]);
  });

  it('falls back to a full replay when every snapshot is corrupt (tampered content, not a state)', () => {
    const handle = setUp(5);
    startToyMatch(handle.store, 'm1', 1000);
    const state = play(handle.store, 'm1', 12);
    const db = handle.store.db;
    const snap = db.prepare('SELECT state FROM match_snapshots WHERE seq = 10').get() as { state: string };
    const tampered = JSON.parse(snap.state) as ToyState;
    tampered.sides.p1.score += 100;
    db.prepare('UPDATE match_snapshots SET state = ? WHERE seq = 10').run(JSON.stringify(tampered));
    db.prepare('UPDATE match_snapshots SET state = ? WHERE seq = 5').run('{"version":"five"}');
    const store = handle.reopen();
    const report = store.matches.restoreActiveMatches();
    expect(report.restored).toBe(1);
    expect(report.notes.map((n) => n.note)).toEqual([
      'snapshot at decision 10 is unusable (its content does not match its hash); falling back to an earlier one',
      'snapshot at decision 5 is unusable (its content does not match its hash); falling back to an earlier one',
      'replaying the whole log from the setup',
    ]);
    expect(stateHash(store.matches.currentState('m1'))).toBe(stateHash(state));
  });

  it('refuses a well-formed snapshot that belongs to another decision (its hash is not the log at that point)', () => {
    const handle = setUp(5);
    startToyMatch(handle.store, 'm1', 1000);
    const state = play(handle.store, 'm1', 12);
    const db = handle.store.db;
    db.prepare(
      `UPDATE match_snapshots SET (state, state_hash) = (SELECT state, state_hash FROM match_snapshots WHERE seq = 5)
       WHERE seq = 10`,
    ).run();
    const store = handle.reopen();
    const report = store.matches.restoreActiveMatches();
    expect(report.notes.map((n) => n.note)).toEqual([
      'snapshot at decision 10 is unusable (its hash differs from the log); falling back to an earlier one',
    ]);
    expect(stateHash(store.matches.currentState('m1'))).toBe(stateHash(state));
  });

  it('freezes a match whose log does not reproduce its hashes, names the decision, and never fixes it', () => {
    const handle = setUp(5);
    startToyMatch(handle.store, 'm1', 1000);
    startToyMatch(handle.store, 'm2', 1000);
    play(handle.store, 'm1', 8);
    play(handle.store, 'm2', 3);
    // Rewrite history behind the store's back (the trigger guards UPDATE, so replace the row).
    const db = handle.store.db;
    const row = db.prepare("SELECT * FROM match_decisions WHERE match_id = 'm1' AND seq = 7").get() as Record<
      string,
      unknown
    >;
    db.prepare("DELETE FROM match_decisions WHERE match_id = 'm1' AND seq = 7").run();
    db.prepare(
      'INSERT INTO match_decisions VALUES (@match_id, @seq, @seat, @decision_id, @decision, @state_hash, @at)',
    ).run({
      ...row,
      state_hash: 'f'.repeat(64),
    });
    const store = handle.reopen();
    const report = store.matches.restoreActiveMatches();
    expect(report.restored).toBe(1);
    expect(report.frozen).toEqual([
      { matchId: 'm1', reason: expect.stringMatching(/^state after decision 7 hashes to/) },
    ]);
    expect(handle.messages.join('\n')).toMatch(/match m1 frozen: state after decision 7/);
    expect(store.matches.match('m1')).toMatchObject({ status: 'frozen', decisionCount: 8 });
    expect(store.inspectMatch('m1').replayProblem).toMatch(/decision 7/);
    expect(store.matches.guildMatches('g1', 'frozen').map((m) => m.matchId)).toEqual(['m1']);
    expect(
      store.matches
        .guildMatches('g1')
        .map((m) => m.matchId)
        .sort(),
    ).toEqual(['m1', 'm2']);
    expect(() => store.matches.commitDecision('m1', 'p1', 'concede')).toThrow(MatchNotPlayable);
    expect(store.exportMatch('m1').decisions).toHaveLength(8);
    store.matches.abort('m1', 'admin: corrupted log');
    expect(store.matches.match('m1')).toMatchObject({ status: 'aborted', statusReason: 'admin: corrupted log' });
  });

  it('freezes a match whose logged decision is not legal when replayed', () => {
    const handle = setUp(50);
    startToyMatch(handle.store, 'm1', 1000);
    play(handle.store, 'm1', 4);
    const db = handle.store.db;
    db.prepare("DELETE FROM match_decisions WHERE match_id = 'm1' AND seq = 4").run();
    const last = db.prepare("SELECT * FROM match_decisions WHERE match_id = 'm1' AND seq = 3").get() as {
      seat: string;
    };
    // The same seat answering twice in a row is illegal in the toy game.
    db.prepare(
      `INSERT INTO match_decisions VALUES ('m1', 4, ?, '3', '{"response":{"choose":["play0"],"decisionId":"3"}}', ?, 0)`,
    ).run(last.seat, 'a'.repeat(64));
    const store = handle.reopen();
    const report = store.matches.restoreActiveMatches();
    expect(report.frozen[0]?.reason).toMatch(/^decision 4 does not replay: Not your decision/);
  });

  it('freezes a match whose log row is not a decision at all (zod at the boundary)', () => {
    const handle = setUp(50);
    startToyMatch(handle.store, 'm1', 1000);
    play(handle.store, 'm1', 2);
    const db = handle.store.db;
    db.prepare("DELETE FROM match_decisions WHERE match_id = 'm1' AND seq = 2").run();
    db.prepare(`INSERT INTO match_decisions VALUES ('m1', 2, 'p1', '1', '{"respnse":1}', ?, 0)`).run('a'.repeat(64));
    const store = handle.reopen();
    expect(store.matches.restoreActiveMatches().frozen[0]?.reason).toMatch(/^decision 2 of match m1: /);
  });

  it('freezes a match whose log has lost its last decision', () => {
    const handle = setUp(50);
    startToyMatch(handle.store, 'm1', 1000);
    play(handle.store, 'm1', 3);
    handle.store.db.prepare("DELETE FROM match_decisions WHERE match_id = 'm1' AND seq = 3").run();
    const store = handle.reopen();
    expect(store.matches.restoreActiveMatches().frozen[0]?.reason).toMatch(
      /ends at decision 2 but the match records 3/,
    );
  });

  it('reports a match whose game is not loaded and leaves it active', () => {
    const handle = setUp();
    startToyMatch(handle.store, 'm1');
    handle.store.close();
    const store = openStore({ path: handle.path }, (): GameModule | undefined => undefined);
    handle.store = store;
    expect(store.matches.restoreActiveMatches()).toMatchObject({ restored: 0, skipped: [{ matchId: 'm1' }] });
    expect(store.matches.match('m1')?.status).toBe('active');
  });
});
