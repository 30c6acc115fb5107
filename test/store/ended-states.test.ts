// A finished match's state is kept (issue 25 item 6; reliability review D6): `/match status` in its thread read it
// by replaying the whole log on every call. The kept states are bounded.
import { afterEach, describe, expect, it } from 'vitest';
import type { GameId, GameModule } from '../../src/engine/core/game.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { tempDir } from './temp-store.ts';
import { toyGame, toyMove, toySetup } from './toy-game.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

/** A store whose toy game counts the decisions it applies. */
function countingStore(): { store: Store; applied: () => number } {
  const { dir, cleanup } = tempDir();
  let applied = 0;
  const counting = {
    ...(toyGame as unknown as GameModule),
    apply: (...args: Parameters<GameModule['apply']>) => {
      applied++;
      return (toyGame as unknown as GameModule).apply(...args);
    },
  } as GameModule;
  const store = openStore({ path: `${dir}/a.db`, snapshotEvery: 5 }, (g: GameId) =>
    g === 'nova' ? counting : undefined,
  );
  cleanups.push(() => {
    store.close();
    cleanup();
  });
  return { store, applied: () => applied };
}

function finishedMatch(store: Store, matchId: string, decisions: number): void {
  store.matches.createMatch({
    matchId,
    guildId: 'g',
    channelId: 'c',
    game: 'nova',
    format: 'toy',
    players: { p1: 'a', p2: 'b' },
  });
  let state = store.matches.startMatch(matchId, toySetup(1000), matchId);
  for (let i = 0; i < decisions; i++) {
    const move = toyMove(state as never, i);
    state = store.matches.commitDecision(matchId, move.seat, move.response).state;
  }
  expect(store.matches.commitDecision(matchId, 'p1', 'concede').status).toBe('finished');
}

describe('finished matches', () => {
  it('answer their state without replaying the log, at the end and after it was read once', () => {
    const { store, applied } = countingStore();
    finishedMatch(store, 'm1', 60);
    const before = applied();
    const state = store.matches.currentState('m1');
    expect(state.result).not.toBeNull();
    for (let i = 0; i < 10; i++) expect(store.matches.currentState('m1')).toBe(state);
    expect(applied()).toBe(before);
  });

  it('keep at most 32 final states', () => {
    const { store, applied } = countingStore();
    for (let m = 0; m < 40; m++) finishedMatch(store, `m${m}`, 2);
    expect(store.matches.endedKept()).toBe(32);
    // The oldest was dropped: reading it replays once, then it is kept again.
    const before = applied();
    store.matches.currentState('m0');
    expect(applied()).toBe(before + 2);
    store.matches.currentState('m0');
    expect(applied()).toBe(before + 2);
    expect(store.matches.endedKept()).toBe(32);
  });
});
