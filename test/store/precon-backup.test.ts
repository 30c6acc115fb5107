import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/engine/registry.ts';
import { loadPreconDecks, preconDeckList } from '../../src/store/precon-decks.ts';
import { tempDir, tempStore } from './temp-store.ts';
import { toyMove, toySetup } from './toy-game.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function deckDir(files: Record<string, unknown>): string {
  const { dir, cleanup } = tempDir();
  cleanups.push(cleanup);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return dir;
}

const ember = {
  id: 'nova-ember-rush',
  name: { en: 'Ember Rush', ja: '烈火の突撃' },
  game: 'nova',
  sections: { main: [{ card: 'ember-hound', count: 3 }], character: [{ card: 'flame-lord', count: 1 }] },
};

describe('preconstructed decks', () => {
  it('load data/decks/<game>/<id>.json and expand counts into a deck list', () => {
    const dir = deckDir({ 'nova/nova-ember-rush.json': ember });
    const decks = loadPreconDecks(dir, GAMES.ids());
    expect(decks.map((d) => d.id)).toEqual(['nova-ember-rush']);
    expect(preconDeckList(decks[0]!)).toEqual({
      main: ['ember-hound', 'ember-hound', 'ember-hound'],
      character: ['flame-lord'],
    });
  });

  it('read the repository folder without error', () => {
    expect(() => loadPreconDecks('data/decks', GAMES.ids())).not.toThrow();
  });

  it('refuse a bad file, naming it and the problem', () => {
    expect(() => loadPreconDecks(deckDir({ 'nova/x.json': '{' }), GAMES.ids())).toThrow(/nova\/x.json: not JSON/);
    expect(() =>
      loadPreconDecks(deckDir({ 'nova/nova-ember-rush.json': { ...ember, game: 'mtg' } }), GAMES.ids()),
    ).toThrow(/game "mtg" in a "nova" folder/);
    expect(() => loadPreconDecks(deckDir({ 'nova/other.json': ember }), GAMES.ids())).toThrow(
      /does not match the file name/,
    );
    expect(() => loadPreconDecks(deckDir({ 'chess/nova-ember-rush.json': ember }), GAMES.ids())).toThrow(
      /not a game id/,
    );
    const zero = { ...ember, sections: { main: [{ card: 'ember-hound', count: 0 }] } };
    expect(() => loadPreconDecks(deckDir({ 'nova/nova-ember-rush.json': zero }), GAMES.ids())).toThrow(
      /sections.main.0.count/,
    );
    expect(() =>
      loadPreconDecks(deckDir({ 'nova/nova-ember-rush.json': { ...ember, extra: 1 } }), GAMES.ids()),
    ).toThrow(/extra/);
  });
});

describe('online backup', () => {
  it('copies a consistent database while matches are being played', async () => {
    const handle = tempStore({ snapshotEvery: 5 });
    cleanups.push(handle.cleanup);
    const { store } = handle;
    store.matches.createMatch({
      matchId: 'm1',
      guildId: 'g',
      channelId: 'c',
      game: 'nova',
      format: 'toy',
      players: { p1: 'a', p2: 'b' },
    });
    let state = store.matches.startMatch('m1', toySetup(100_000), 's');
    const playSome = (n: number) => {
      for (let i = 0; i < n; i++) {
        const move = toyMove(state as never, i);
        state = store.matches.commitDecision('m1', move.seat, move.response).state;
      }
    };
    playSome(300);
    const destination = join(handle.path, '..', 'backups', 'copy.db');
    let done = false;
    const backup = store.backup(destination).finally(() => {
      done = true;
    });
    // Writes continue between the backup's steps, as they would in the running bot.
    while (!done) {
      playSome(5);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await backup).pages).toBeGreaterThan(0);
    expect(existsSync(`${destination}-wal`)).toBe(false);

    const copy = new Database(destination, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const m = copy.prepare("SELECT decision_count FROM matches WHERE match_id = 'm1'").get() as {
        decision_count: number;
      };
      const n = (copy.prepare("SELECT count(*) n FROM match_decisions WHERE match_id = 'm1'").get() as { n: number }).n;
      expect(n).toBe(m.decision_count);
      expect(n).toBeGreaterThanOrEqual(300);
    } finally {
      copy.close();
    }
  });
});
