// A wording change in NOVA (its prompts, option labels and log lines) must not freeze a restored match: words are
// rendered from the rules state when shown, never stored or hashed. The match is written with today's words, then
// the store and engine are loaded again with the card names and the log's sentences changed, as a deploy would.
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asPick } from '../../src/engine/core/decision.ts';
import type { DecisionResponse, GameId, GameModule, PendingDecision } from '../../src/engine/core/game.ts';
import type { Label } from '../../src/engine/core/label.ts';
import { SLOW_UNDER_LOAD, tempDir } from './temp-store.ts';

const POOL = '../../src/engine/games/nova/cards/pool.ts';
const LOG_TEXT = '../../src/engine/games/nova/log-text.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
  vi.doUnmock(POOL);
  vi.doUnmock(LOG_TEXT);
  vi.resetModules();
});

/** A fresh copy of the store and the engine, with whatever mocks are in place. */
async function load() {
  vi.resetModules();
  const [{ openStore }, { gameModule }, { seedRng }, { randomResponse }, precon] = await Promise.all([
    import('../../src/store/store.ts'),
    import('../../src/engine/registry.ts'),
    import('../../src/engine/core/rng.ts'),
    import('../../src/engine/fuzz/random-play.ts'),
    import('../../src/engine/precons.ts'),
  ]);
  const nova = gameModule('nova');
  const open = (path: string) =>
    openStore({ path, snapshotEvery: 5 }, (id: GameId): GameModule | undefined => (id === 'nova' ? nova : undefined));
  return { open, nova, seedRng, randomResponse, precon };
}

const revised = (text: Label): Label => ({ en: `${text.en} (revised)`, ja: `${text.ja}（改訂）` });

function words(p: PendingDecision): string[] {
  return [p.prompt.en, ...(asPick(p)?.options.map((o) => o.label.en) ?? [])];
}

describe('a wording change in NOVA', () => {
  it('does not freeze a restored match: it restores, shows the new words and plays on', {
    timeout: SLOW_UNDER_LOAD,
  }, async () => {
    const { dir, cleanup } = tempDir();
    cleanups.push(cleanup);
    const path = join(dir, 'words.db');

    // Written with today's words: 23 decisions or more, so restoring starts from a snapshot and replays a tail.
    const before = await load();
    let store = before.open(path);
    const [a, b] = before.precon.gamePrecons('nova');
    store.matches.createMatch({
      matchId: 'm',
      guildId: 'g',
      channelId: 'c',
      game: 'nova',
      format: 'standard',
      players: { p1: 'u1', p2: 'u2' },
    });
    store.matches.startMatch(
      'm',
      { game: 'nova', decks: { p1: before.precon.preconDeckList(a!), p2: before.precon.preconDeckList(b!) } },
      'words',
    );
    let rng = before.seedRng('words');
    const play = (count: number, env: Awaited<ReturnType<typeof load>>) => {
      for (let i = 0; i < count; i++) {
        const pending = env.nova.pending(store.matches.currentState('m'));
        if (!pending) return;
        let response: DecisionResponse;
        [response, rng] = env.randomResponse(pending, rng, 0.7);
        expect(store.matches.commitDecision('m', pending.player, response).kind).toBe('applied');
      }
    };
    play(23, before);
    // On to a decision that names cards (a play, a target, ...), so its words include card names.
    for (
      let i = 0;
      i < 500 && !asPick(before.nova.pending(store.matches.currentState('m')))?.options.some((o) => o.cardName);
      i++
    )
      play(1, before);
    const oldState = store.matches.currentState('m');
    const oldWords = words(before.nova.pending(oldState)!);
    const oldLog = before.nova.log(oldState, { kind: 'spectator' }).map((l) => l.text.en);
    expect(oldLog.length).toBeGreaterThan(0);
    store.close();

    // Deployed with new words: every card name (in prompts, option labels and log lines) and every log sentence.
    vi.doMock(POOL, async (original) => {
      const real = await original<typeof import('../../src/engine/games/nova/cards/pool.ts')>();
      return { ...real, novaCard: (id: string) => ({ ...real.novaCard(id), name: revised(real.novaCard(id).name) }) };
    });
    vi.doMock(LOG_TEXT, async (original) => {
      const real = await original<typeof import('../../src/engine/games/nova/log-text.ts')>();
      return { ...real, novaLogText: (e: Parameters<typeof real.novaLogText>[0]) => revised(real.novaLogText(e)) };
    });
    const after = await load();
    store = after.open(path);
    const report = store.matches.restoreActiveMatches();
    expect(report).toMatchObject({ restored: 1, frozen: [] });
    const state = store.matches.currentState('m');
    const pending = after.nova.pending(state)!;
    // The same decision (same id, kind, player and option ids), in other words.
    expect(pending.id).toBe(before.nova.pending(oldState)?.id);
    expect(words(pending)).not.toEqual(oldWords);
    const log = after.nova.log(state, { kind: 'spectator' }).map((l) => l.text.en);
    expect(log.every((l) => l.endsWith('. (revised)'))).toBe(true);
    expect(log.map((l) => l.replaceAll(' (revised)', ''))).toEqual(oldLog);
    play(30, after);
    store.close();
    store = after.open(path);
    expect(store.matches.restoreActiveMatches()).toMatchObject({ restored: 1, frozen: [] });
    store.close();
  });
});
