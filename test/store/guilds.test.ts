import { afterEach, describe, expect, it } from 'vitest';
import { InvalidData } from '../../src/engine/core/errors.ts';
import type { GuildDataPart } from '../../src/store/guild-data.ts';
import type { Store } from '../../src/store/store.ts';
import { tempStore } from './temp-store.ts';
import { toyMove, toySetup } from './toy-game.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function setUp(options: Parameters<typeof tempStore>[0] = {}) {
  const handle = tempStore(options);
  cleanups.push(handle.cleanup);
  return handle;
}

function playedMatch(store: Store, guildId: string, matchId: string, decisions: number): void {
  store.matches.createMatch({
    matchId,
    guildId,
    channelId: 'c',
    game: 'nova',
    format: 'toy',
    players: { p1: 'u1', p2: 'u2' },
  });
  let state = store.matches.startMatch(matchId, toySetup(1000), matchId);
  for (let i = 0; i < decisions; i++) {
    const move = toyMove(state as never, i);
    const r = store.matches.commitDecision(matchId, move.seat, move.response);
    state = r.state;
  }
}

describe('guild settings and user preferences', () => {
  it('give defaults for a guild that never set anything, and keep updates', () => {
    const { store, reopen } = setUp();
    expect(store.guilds.get('111111')).toMatchObject({ locale: 'en', defaultGame: 'nova', turnTimerSeconds: 120 });
    store.guilds.update('111111', { locale: 'ja', channels: { matches: '222222' } });
    expect(reopen().guilds.get('111111')).toMatchObject({ locale: 'ja', channels: { matches: '222222' } });
  });

  it('refuse bad values with an error naming the field', () => {
    const { store } = setUp();
    expect(() => store.guilds.update('1', { turnTimerSeconds: -5 })).toThrow(/guild settings: turnTimerSeconds/);
    expect(() => store.guilds.update('1', { defaultGame: 'Chess!' })).toThrow(InvalidData);
    expect(() => store.preferences.update('1', 'u', { dmNotifications: 'yes' as unknown as boolean })).toThrow(
      /dmNotifications/,
    );
  });

  it('refuse a corrupted settings row instead of guessing', () => {
    const { store } = setUp();
    store.db
      .prepare('INSERT INTO guilds (guild_id, settings, updated_at) VALUES (\'9\', \'{"locale":"fr"}\', 0)')
      .run();
    expect(() => store.guilds.get('9')).toThrow(/settings of guild 9: locale/);
  });

  it('store per-guild user preferences', () => {
    const { store } = setUp();
    store.preferences.update('g1', 'u1', { dmNotifications: true, stops: { nova: ['main1'] } });
    expect(store.preferences.get('g1', 'u1')).toEqual({
      dmNotifications: true,
      dmNotificationsOff: null,
      stops: { nova: ['main1'] },
    });
    expect(store.preferences.get('g2', 'u1').dmNotifications).toBe(false);
  });
});

describe('decks', () => {
  it('save a deck with its validation result against the game rules', () => {
    const { store } = setUp();
    const legal = store.decks.save('g1', 'u1', 'nova', 'Race', { main: ['n1', 'n2', 'n3', 'n4', 'n5', 'n6'] });
    expect(legal).toMatchObject({ legal: true, problems: [] });
    const illegal = store.decks.save('g1', 'u1', 'nova', 'Short', { main: ['n1', 'x9'] });
    expect(illegal.legal).toBe(false);
    expect(illegal.problems.map((p) => p.rule)).toEqual(['toy 1.1', 'toy 1.2']);
    expect(store.decks.list('g1', 'u1').map((d) => [d.name, d.legal])).toEqual([
      ['Race', true],
      ['Short', false],
    ]);
    expect(store.decks.get('g1', 'u1', 'nova', 'Short')?.problems[1]).toMatchObject({ card: 'x9' });
    expect(store.decks.delete('g1', 'u1', 'nova', 'Short')).toBe(true);
  });

  it('refuse a deck for an unknown or unavailable game, and a malformed list', () => {
    const { store } = setUp();
    expect(() => store.decks.save('g1', 'u1', 'Chess!', 'x', { main: [] })).toThrow('unknown game "Chess!"');
    expect(() => store.decks.save('g1', 'u1', 'mtg', 'x', { main: [] })).toThrow('game "mtg" is not available');
    expect(() => store.decks.save('g1', 'u1', 'nova', 'x', { main: 'n1' })).toThrow(/deck list: main/);
    expect(() => store.decks.save('g1', 'u1', 'nova', '  ', { main: [] })).toThrow(/deck name/);
  });
});

describe('per-guild export and deletion', () => {
  it('export everything about one guild as JSON, matches with their replays, and nothing of other guilds', () => {
    const { store } = setUp();
    store.guilds.update('g1', { locale: 'ja' });
    store.preferences.update('g1', 'u1', { dmNotifications: true });
    store.decks.save('g1', 'u1', 'nova', 'Race', { main: ['n1', 'n2', 'n3', 'n4', 'n5', 'n6'] });
    playedMatch(store, 'g1', 'm1', 4);
    playedMatch(store, 'g2', 'm2', 2);
    playedMatch(store, 'g1', 'm3', 4);
    store.matches.commitDecision('m3', 'p1', 'concede');
    const exported = JSON.parse(JSON.stringify(store.exportGuild('g1')));
    expect(exported).toMatchObject({ format: 'arbiter-guild-export', guildId: 'g1' });
    expect(exported.parts.settings.settings.locale).toBe('ja');
    expect(exported.parts.userPreferences).toHaveLength(1);
    expect(exported.parts.decks[0].name).toBe('Race');
    expect(exported.parts.matches.map((m: { matchId: string }) => m.matchId)).toEqual(['m1', 'm3']);
    // A running match without its replay (it would show hidden cards); a finished one whole.
    expect(exported.parts.matches[0]).toMatchObject({ status: 'active', seed: null, setup: null, decisions: [] });
    expect(exported.parts.matches[1].decisions).toHaveLength(5);
    expect(exported.parts.matches[1].setup.game).toBe('nova');
    expect(exported.parts.matches[1].seed).toBe('m3');
    // For one of its players, the opponent's list, choices and the seed are left out.
    const forU1 = JSON.parse(JSON.stringify(store.exportGuild('g1', { userId: 'u1', serverManager: true }))).parts
      .matches[1];
    expect(forU1.seed).toBeNull();
    expect(forU1.setup.decks.p2).toEqual({});
    expect(forU1.decisions.filter((d: { decision: { hidden?: true } }) => d.decision.hidden)).toHaveLength(
      exported.parts.matches[1].decisions.filter((d: { decision: { seat: string } }) => d.decision.seat === 'p2')
        .length,
    );
  });

  it('delete everything about one guild, including live matches, and leave other guilds alone', () => {
    const { store } = setUp();
    store.guilds.update('g1', { locale: 'ja' });
    store.decks.save('g1', 'u1', 'nova', 'Race', { main: ['n1', 'n2', 'n3', 'n4', 'n5', 'n6'] });
    playedMatch(store, 'g1', 'm1', 6);
    playedMatch(store, 'g2', 'm2', 6);
    expect(store.deleteGuild('g1')).toEqual({ matches: 1 });
    expect(store.matches.match('m1')).toBeNull();
    expect(store.matches.isLive('m1')).toBe(false);
    expect(store.exportGuild('g1').parts).toEqual({
      settings: null,
      userPreferences: [],
      decks: [],
      matches: [],
      challenges: [],
      leagues: { leagues: [], ratings: [], seasons: [], ratingJournal: [] },
    });
    const count = (sql: string) => (store.db.prepare(sql).get() as { n: number }).n;
    expect(count("SELECT count(*) n FROM match_decisions WHERE match_id = 'm1'")).toBe(0);
    expect(count("SELECT count(*) n FROM match_snapshots WHERE match_id = 'm1'")).toBe(0);
    expect(count("SELECT count(*) n FROM match_decisions WHERE match_id = 'm2'")).toBe(6);
  });

  it('purge a guild automatically some days after the bot left, unless it came back', () => {
    let now = Date.UTC(2026, 0, 1);
    const s = setUp({ now: () => now }).store;
    s.guilds.update('left', { locale: 'ja' });
    s.guilds.update('back', { locale: 'ja' });
    playedMatch(s, 'left', 'm1', 2);
    s.guilds.markLeft('left', now);
    s.guilds.markLeft('back', now);
    s.guilds.markJoined('back', now + 1000);
    now += 29 * 86_400_000;
    expect(s.purgeDepartedGuilds()).toEqual([]);
    now += 2 * 86_400_000;
    expect(s.purgeDepartedGuilds()).toEqual(['left']);
    expect(s.matches.match('m1')).toBeNull();
    expect(s.guilds.get('back').locale).toBe('ja');
  });

  it('include and delete the parts later areas register (leagues)', () => {
    const deleted: string[] = [];
    const part: GuildDataPart = {
      name: 'leagues',
      export: (_db, g) => [`league of ${g}`],
      delete: (_db, g) => void deleted.push(g),
    };
    const { store } = setUp({ guildDataParts: [part] });
    expect(store.exportGuild('g1').parts.leagues).toEqual(['league of g1']);
    store.deleteGuild('g1');
    expect(deleted).toEqual(['g1']);
  });
});
