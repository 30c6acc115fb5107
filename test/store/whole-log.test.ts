import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resultMessage } from '../../src/bot/presenter.ts';
import type { DecisionResponse, GameId, GameModule } from '../../src/engine/core/game.ts';
import { replayLog } from '../../src/engine/core/replay.ts';
import { seedRng } from '../../src/engine/core/rng.ts';
import { randomResponse } from '../../src/engine/fuzz/random-play.ts';
import { LOG_KEPT } from '../../src/engine/games/nova/log.ts';
import { gamePrecons, preconDeckList } from '../../src/engine/precons.ts';
import { gameModule } from '../../src/engine/registry.ts';
import { openStore } from '../../src/store/store.ts';
import { tempDir } from './temp-store.ts';

const nova = gameModule('nova');
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

describe('the whole log of a finished match', () => {
  it('holds every public entry, from replay, and the result message attaches all of them', () => {
    const { dir, cleanup } = tempDir();
    const resolve = (id: GameId): GameModule | undefined => (id === 'nova' ? nova : undefined);
    const store = openStore({ path: join(dir, 'log.db'), snapshotEvery: 50 }, resolve);
    cleanups.push(() => {
      store.close();
      cleanup();
    });
    const [a, b] = gamePrecons('nova');
    const setup = { game: 'nova' as const, decks: { p1: preconDeckList(a!), p2: preconDeckList(b!) } };
    store.matches.createMatch({
      matchId: 'm',
      guildId: 'g',
      channelId: 'c',
      game: 'nova',
      format: 'standard',
      players: { p1: 'u1', p2: 'u2' },
    });
    store.matches.startMatch('m', setup, 'whole-log');
    let rng = seedRng('whole-log');
    for (let i = 0; i < 20_000; i++) {
      const pending = nova.pending(store.matches.currentState('m'));
      if (!pending) break;
      let response: DecisionResponse;
      [response, rng] = randomResponse(pending, rng, 0.7);
      store.matches.commitDecision('m', pending.player, response);
    }
    const state = store.matches.currentState('m');
    expect(state.result).not.toBeNull();

    // Nothing is lost: everyone's entries, as the omniscient viewer reads them, are numbered 1..N without a gap.
    const decisions = store.exportMatch('m').decisions.map((d) => {
      if ('unreadable' in d.decision) throw new Error('unreadable decision');
      return d.decision;
    });
    const all = replayLog(nova, setup, 'whole-log', decisions, { kind: 'omniscient' });
    expect(all.map((l) => l.seq)).toEqual(all.map((_l, i) => i + 1));

    // The public log is the spectator's share of it: far more than the state keeps, and no private line.
    const publicLog = store.matches.publicLog('m');
    const kept = nova.log(state, { kind: 'spectator' });
    expect(kept.length).toBeLessThanOrEqual(LOG_KEPT);
    expect(publicLog.length).toBeGreaterThan(2 * LOG_KEPT);
    expect(publicLog.at(-kept.length)?.seq).toBe(kept[0]?.seq);
    expect(publicLog.some((l) => l.text.en.startsWith('You draw'))).toBe(false);
    expect(all.filter((l) => !l.text.en.startsWith('You ')).length).toBe(publicLog.length);

    // The result message's file holds every public entry, the first turn's included.
    const message = resultMessage(nova, state, { p1: 'Alice', p2: 'Bob' }, 'en', publicLog);
    const file = message.files.find((f) => f.name === 'match-log.txt');
    const lines = String(file?.attachment).trimEnd().split('\n');
    expect(lines).toHaveLength(publicLog.length);
    expect(lines[0]).toMatch(/^1\. (Alice|Bob) chooses to go (first|second)\./);
    expect(lines.some((l) => l.includes('Turn 1:'))).toBe(true);
  });
});
