import { afterEach, describe, expect, it } from 'vitest';
import type { DecisionResponse, GameId, GameModule, MatchSetup } from '../../src/engine/core/game.ts';
import { stateHash } from '../../src/engine/core/hash.ts';
import { replay } from '../../src/engine/core/replay.ts';
import { seedRng } from '../../src/engine/core/rng.ts';
import { randomResponse } from '../../src/engine/fuzz/random-play.ts';
import { gamePrecons } from '../../src/engine/precons.ts';
import { availableGames, GAMES, gameModule } from '../../src/engine/registry.ts';
import { loadPreconDecks, preconDeckList } from '../../src/store/precon-decks.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { tempDir } from './temp-store.ts';

/** The bot's resolver: the registry throws for games not implemented yet, the store wants undefined. */
const resolve = (id: GameId): GameModule | undefined => (availableGames().includes(id) ? gameModule(id) : undefined);

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

describe('the store with the real NOVA engine', () => {
  it('commits random legal NOVA play, survives restarts, and restores states equal to their replay', () => {
    const { dir, cleanup } = tempDir();
    const open = () => openStore({ path: `${dir}/nova.db`, snapshotEvery: 4 }, resolve);
    let store: Store = open();
    cleanups.push(() => {
      if (store.db.open) store.close();
      cleanup();
    });
    const [a, b] = gamePrecons('nova');
    const setup: MatchSetup = { game: 'nova', decks: { p1: preconDeckList(a!), p2: preconDeckList(b!) } };
    const game = gameModule('nova');
    for (const id of ['n1', 'n2']) {
      store.matches.createMatch({
        matchId: id,
        guildId: 'g',
        channelId: 'c',
        game: 'nova',
        format: 'std',
        players: { p1: 'a', p2: 'b' },
      });
      store.matches.startMatch(id, setup, `seed-${id}`);
    }
    let rng = seedRng('nova-store');
    for (let round = 0; round < 3; round++) {
      for (const id of ['n1', 'n2']) {
        for (let i = 0; i < 15; i++) {
          const state = store.matches.currentState(id);
          const pending = game.pending(state);
          if (!pending) break;
          let response: DecisionResponse;
          [response, rng] = randomResponse(pending, rng, 0.7);
          const committed = store.matches.commitDecision(id, pending.player, response);
          expect(committed.kind).toBe('applied');
          // A retried interaction is not applied twice.
          expect(store.matches.commitDecision(id, pending.player, response).kind).toBe('duplicate');
        }
      }
      store.close();
      store = open();
      expect(store.matches.restoreActiveMatches().frozen).toEqual([]);
    }
    for (const id of ['n1', 'n2']) {
      const exported = store.exportMatch(id);
      const decisions = exported.decisions.map((d) => d.decision as Exclude<typeof d.decision, { unreadable: string }>);
      expect(decisions.length).toBeGreaterThan(10);
      const replayed = replay(game, exported.setup!, exported.seed!, decisions);
      expect(stateHash(store.matches.currentState(id))).toBe(stateHash(replayed));
    }
  });

  it('saves the shipped NOVA precons as legal decks, and names the problems of a broken one', () => {
    const { dir, cleanup } = tempDir();
    const store = openStore({ path: `${dir}/decks.db` }, resolve);
    cleanups.push(() => {
      store.close();
      cleanup();
    });
    for (const precon of loadPreconDecks('data/decks', GAMES.ids()).filter((d) => d.game === 'nova')) {
      expect(store.decks.save('g', 'u', 'nova', precon.name.en, preconDeckList(precon)).problems).toEqual([]);
    }
    const broken = store.decks.save('g', 'u', 'nova', 'broken', { main: ['no-such-card'] });
    expect(broken.legal).toBe(false);
    expect(broken.problems.length).toBeGreaterThan(0);
  });
});
