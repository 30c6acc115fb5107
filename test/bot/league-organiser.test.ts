// What a demanding organiser expects beyond the basics, through the real discord.js client on the fake Discord:
// a player cap with a waitlist, a drop that concedes the dropper's unplayed match, a bot game counted in one league
// only when two leagues pair the same players, decks submitted as files and checked against the game's deck rules,
// re-rating after a correction, threads archived when a round ends, and pairings by DM.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bot } from '../../src/bot/create-bot.ts';
import { FakeDiscord, type FakeUser, type MessageView } from '../../src/devtools/fake-discord/index.ts';
import type { League } from '../../src/league/league.ts';
import { ratedGamesOfRound } from '../../src/league/league-ratings.ts';
import { applyRatingPeriod, DEFAULT_RATING_SETTINGS, type RatingTable } from '../../src/league/ratings.ts';
import { concedeConfirmed } from './bot-harness.ts';
import { leagueTestBot, stopLeagueTest } from './league-bot.ts';

let clock = Date.UTC(2026, 5, 1, 12, 0);
let discord: FakeDiscord;
let bot: Bot;
let organiser: FakeUser;
let ann: FakeUser;
let ben: FakeUser;
let cat: FakeUser;
let dan: FakeUser;
let hana: FakeUser;
type Guild = ReturnType<FakeDiscord['createGuild']>;
const guilds: Record<string, Guild> = {};
let dir: string;

beforeAll(async () => {
  discord = await FakeDiscord.start();
  organiser = discord.createUser('olga');
  [ann, ben, cat, dan] = ['ann', 'ben', 'cat', 'dan'].map((n) => discord.createUser(n)) as [
    FakeUser,
    FakeUser,
    FakeUser,
    FakeUser,
  ];
  hana = discord.createUser('hana', { locale: 'ja' });
  // One server per story, so each has its own open leagues and ratings.
  for (const name of ['waitlist', 'drop', 'two-leagues', 'decks', 'rerate', 'threads'])
    guilds[name] = discord.createGuild(name, {
      owner: organiser,
      members: [ann, ben, cat, dan, hana],
      channels: name === 'two-leagues' ? ['general', 'league-b', 'casual'] : ['general'],
    });
  dir = mkdtempSync(join(tmpdir(), 'arbiter-league-organiser-'));
  bot = leagueTestBot(discord, dir, () => clock);
  await bot.start();
});

afterAll(() => stopLeagueTest(bot, discord, dir));

const general = (g: string) => (guilds[g] as Guild).channel('general');

async function run(user: FakeUser, g: string, command: string, options: Record<string, unknown> = {}) {
  const outcome = await user.slash(command, options as never, { in: general(g) });
  await bot.idle();
  await outcome.settled();
  expect(outcome.state).toBe('acknowledged');
  return outcome.reply() as MessageView;
}

async function playInBot(g: string, channel: string, winner: FakeUser, loser: FakeUser): Promise<void> {
  const where = (guilds[g] as Guild).channel(channel);
  const challenge = await winner.slash('duel challenge', { opponent: loser, game: 'nova' }, { in: where });
  await bot.idle();
  const message = challenge.reply() as MessageView;
  const accept = message.buttons.find((b) => b.customId?.startsWith('c:accept:'))?.customId as string;
  await loser.click(message, accept);
  await bot.idle();
  await concedeConfirmed(loser, { channelId: message.id }, () => bot.idle());
  expect(bot.store.matches.match(message.id)?.status).toBe('finished');
}

const leagueNamed = (g: string, name: string) => bot.store.leagues.find((guilds[g] as Guild).id, name)?.league;
const fieldsOf = (m: MessageView) => (m.embeds[0]?.fields ?? []).map((f) => `${f.name}: ${f.value}`).join('\n');

describe('a player cap and a waitlist', () => {
  it('puts joins past the cap on the waitlist, tells them their place, and promotes the first on a drop', async () => {
    const created = await run(organiser, 'waitlist', 'league create', {
      name: 'Capped',
      game: 'nova',
      format: 'swiss',
      cap: 2,
    });
    expect(created.content).toMatch(/League "Capped" created/);
    await run(ann, 'waitlist', 'league join');
    await run(ben, 'waitlist', 'league join');
    expect((await run(cat, 'waitlist', 'league join')).content).toBe(
      `"Capped" is full (2 players): <@${cat.id}> is number 1 on the waitlist and will be told when a place frees up.`,
    );
    expect((await run(dan, 'waitlist', 'league join')).content).toMatch(/number 2 on the waitlist/);
    expect((await run(cat, 'waitlist', 'league join')).content).toBe('You are already on the waitlist (place 1).');
    expect((await run(hana, 'waitlist', 'league join')).content).toBe(
      `「Capped」は満員です（2人）。<@${hana.id}> はキャンセル待ち3番目です。空きが出たらお知らせします。`,
    );
    expect((await run(hana, 'waitlist', 'league join')).content).toBe(
      'すでにキャンセル待ちに登録されています（3番目）。',
    );
    await run(hana, 'waitlist', 'league drop');
    const info = fieldsOf(await run(ann, 'waitlist', 'league info'));
    expect(info).toContain('Players: 2 / 2');
    expect(info).toContain(`Waitlist: 1. <@${cat.id}>\n2. <@${dan.id}>`);

    expect((await run(ben, 'waitlist', 'league drop')).content).toMatch(/dropped from "Capped"/);
    expect(organiser.read(general('waitlist'))).toContain(
      `<@${cat.id}>: a place freed up in "Capped" and you are now registered (you were first on the waitlist).`,
    );
    expect(leagueNamed('waitlist', 'Capped')?.players.map((p) => p.id)).toEqual([ann.id, cat.id]);
    expect((await run(dan, 'waitlist', 'league drop')).content).toBe(`<@${dan.id}> left the waitlist of "Capped".`);
    expect(fieldsOf(await run(ann, 'waitlist', 'league info'))).toContain('Waitlist: –');
  });
});

describe('a drop during a round', () => {
  it("concedes the dropper's unplayed match: the opponent wins 2-0 and the round can complete", async () => {
    await run(organiser, 'drop', 'league create', { name: 'Drops', game: 'nova', format: 'swiss', rounds: 2 });
    for (const p of [ann, ben, cat, dan]) await run(p, 'drop', 'league join');
    await run(organiser, 'drop', 'league next-round');
    const table = leagueNamed('drop', 'Drops')?.rounds[0]?.tables[0];
    const dropper = [ann, ben, cat, dan].find((p) => p.id === table?.a) as FakeUser;
    await run(dropper, 'drop', 'league drop');
    const result = leagueNamed('drop', 'Drops')?.rounds[0]?.tables[0]?.result;
    expect(result).toEqual({
      score: { gamesWonA: 0, gamesWonB: 2, gamesDrawn: 0 },
      bothLose: false,
      source: 'concession',
    });
    expect(organiser.read(general('drop'))).toContain(
      `<@${dropper.id}> dropped with the match at table 1 unplayed and concedes it:`,
    );
  });
});

describe('two running leagues pairing the same two players', () => {
  /** Two one-round Swiss leagues a minute apart (the newer announcing in league-b), both pairing these two players. */
  async function twoLeaguesPairing(g: string, names: [string, string], players: [FakeUser, FakeUser]) {
    for (const name of names) {
      await run(organiser, g, 'league create', {
        name,
        game: 'nova',
        format: 'swiss',
        rounds: 1,
        'match-length': 'bo1',
        ...(name === names[1] ? { channel: { channelId: (guilds[g] as Guild).channel('league-b').channelId } } : {}),
      });
      clock += 60_000;
    }
    for (const name of names) {
      for (const p of players) await run(p, g, 'league join', { league: name });
      await run(organiser, g, 'league next-round', { league: name });
    }
  }

  it('count a bot game once: in the league of the channel it was played in, else the oldest', async () => {
    const g = 'two-leagues';
    await twoLeaguesPairing(g, ['Older', 'Newer'], [ann, ben]);
    const result = (name: string) => leagueNamed(g, name)?.rounds[0]?.tables[0]?.result ?? null;
    // Played in neither league's channel: the oldest league takes it, the other table stays open.
    await playInBot(g, 'casual', ann, ben);
    expect(result('Older')?.source).toBe('bot');
    expect(result('Newer')).toBeNull();
    // The next game between them counts where they are still paired.
    await playInBot(g, 'casual', ben, ann);
    expect(result('Newer')?.source).toBe('bot');
    const winnerOf = (name: string) => {
      const t = leagueNamed(g, name)?.rounds[0]?.tables[0];
      return t?.result?.score.gamesWonA === 1 ? t.a : t?.b;
    };
    expect([winnerOf('Older'), winnerOf('Newer')]).toEqual([ann.id, ben.id]);
  });

  it('prefer the league whose announcement channel the challenge was made in', async () => {
    const g = 'two-leagues';
    for (const name of ['Older', 'Newer']) {
      await run(organiser, g, 'league finish', { league: name });
    }
    await twoLeaguesPairing(g, ['First', 'Second'], [cat, dan]);
    await playInBot(g, 'league-b', cat, dan);
    expect(leagueNamed(g, 'Second')?.rounds[0]?.tables[0]?.result?.source).toBe('bot');
    expect(leagueNamed(g, 'First')?.rounds[0]?.tables[0]?.result).toBeNull();
  });
});

describe('re-rating after a correction', () => {
  /** The ratings of a history that had this league's results from the start: one period per round. */
  const freshRatings = (league: League): RatingTable =>
    league.rounds.reduce<RatingTable>(
      (table, round) => applyRatingPeriod(table, ratedGamesOfRound(league, round.number), DEFAULT_RATING_SETTINGS),
      {},
    );

  it('recomputes the ratings when a rated round is corrected, and again when the correction is undone', async () => {
    const g = 'rerate';
    await run(organiser, g, 'league create', {
      name: 'Rated',
      game: 'nova',
      format: 'swiss',
      rounds: 2,
      'top-cut': 0,
      'match-length': 'bo1',
    });
    for (const p of [ann, ben, cat, dan]) await run(p, g, 'league join');
    for (let round = 1; round <= 2; round++) {
      await run(organiser, g, 'league next-round');
      for (const table of [1, 2]) await run(organiser, g, 'league result', { round, table, score: '1-0' });
    }
    const guildId = (guilds[g] as Guild).id;
    const ratings = () => bot.store.ratings.table(guildId, 'nova');
    const original = leagueNamed(g, 'Rated') as League;
    expect(ratings()).toEqual(freshRatings(original));

    const corrected = await run(organiser, g, 'league result', { round: 1, table: 1, score: '0-1' });
    expect(corrected.content).toMatch(/round 1, table 1/i);
    const after = leagueNamed(g, 'Rated') as League;
    expect(after.rounds[0]?.tables[0]?.result?.score.gamesWonB).toBe(1);
    expect(ratings()).toEqual(freshRatings(after));
    expect(ratings()).not.toEqual(freshRatings(original));

    const preview = (await run(organiser, g, 'league undo')).content ?? '';
    expect(preview).toMatch(/\*\*set-result\*\*/);
    await run(organiser, g, 'league undo', { confirm: Number(/confirm:(\d+)/.exec(preview)?.[1]) });
    expect(ratings()).toEqual(freshRatings(original));
  });
});

describe('pairing threads and pairings by DM', () => {
  it('archives the threads of a finished round (a deleted one is fine, a missing permission is told), and DMs pairings to who asked', async () => {
    const g = 'threads';
    const guild = guilds[g] as Guild;
    // ann and ben want DMs; ben's DMs then close (50007), cat never asked.
    for (const p of [ann, ben]) await run(p, g, 'settings user', { dms: true });
    ben.setDmsOpen(false);
    await run(organiser, g, 'league create', {
      name: 'Threaded',
      game: 'nova',
      format: 'swiss',
      rounds: 2,
      'top-cut': 0,
      'match-length': 'bo1',
    });
    for (const p of [ann, ben, cat, dan]) await run(p, g, 'league join');
    const dmsBefore = cat.messages(cat.dm()).length;
    await run(organiser, g, 'league next-round');
    const round1 = guild.threads().filter((t) => t.name.startsWith('R1 '));
    expect(round1).toHaveLength(2);
    const annTable = leagueNamed(g, 'Threaded')?.rounds[0]?.tables.find((t) => t.a === ann.id || t.b === ann.id);
    const annOpponent = annTable?.a === ann.id ? annTable.b : annTable?.a;
    const annThread = round1.find((t) => t.name.startsWith(`R1 T${annTable?.number}:`));
    expect(ann.read(ann.dm())).toContain(
      `Threaded, round 1: you play <@${annOpponent}> at table ${annTable?.number}. https://discord.com/channels/${guild.id}/${annThread?.id}`,
    );
    expect(cat.messages(cat.dm())).toHaveLength(dmsBefore);
    // ben's closed DMs turned his DM preference off (with the note /settings shows); the round went on.
    expect(bot.store.preferences.get(guild.id, ben.id)).toMatchObject({
      dmNotifications: false,
      dmNotificationsOff: { reason: 'dms-closed' },
    });

    // A moderator deletes one thread; the round still ends and the other thread is archived.
    const [kept, deleted] = round1 as [(typeof round1)[0], (typeof round1)[0]];
    discord.deleteChannel(deleted);
    for (const table of [1, 2]) await run(organiser, g, 'league result', { round: 1, table, score: '1-0' });
    expect(organiser.read(general(g))).toContain('Round 1 is complete.');
    expect(discord.store.channel(kept.id).archived).toBe(true);

    // Without Manage Threads the threads stay open, the organiser is told, and the round completes.
    await run(organiser, g, 'league next-round');
    const round2 = guild.threads().filter((t) => t.name.startsWith('R2 '));
    expect(round2).toHaveLength(2);
    discord.denyBotPermissions(general(g), PermissionFlagsBits.ManageThreads);
    for (const table of [1, 2]) await run(organiser, g, 'league result', { round: 2, table, score: '1-0' });
    expect(organiser.read(general(g))).toContain(
      `<@${organiser.id}>: I could not archive 2 pairing thread(s) of round 2: I need the Manage Threads permission`,
    );
    expect(organiser.read(general(g))).toContain('Round 2 is complete.');
    expect(round2.map((t) => discord.store.channel(t.id).archived)).toEqual([false, false]);
    expect(leagueNamed(g, 'Threaded')?.rounds[1]?.tables.every((t) => t.result !== null)).toBe(true);
    discord.denyBotPermissions(general(g), 0n);
  });
});

describe('deck submission by file, checked against the deck rules', () => {
  const precon = JSON.parse(readFileSync('data/decks/nova/nova-dusk-vigil.json', 'utf8')) as {
    sections: Record<string, { card: string; count: number }[]>;
  };
  const legal = Object.entries(precon.sections)
    .map(([section, cards]) => [`[${section}]`, ...cards.map((c) => `${c.count} ${c.card}`)].join('\n'))
    .join('\n');
  const file = (text: string | Uint8Array, filename = 'deck.txt', contentType = 'text/plain; charset=utf-8') => ({
    filename,
    bytes: typeof text === 'string' ? new TextEncoder().encode(text) : text,
    contentType,
  });
  const deckOf = (who: FakeUser) => leagueNamed('decks', 'Decks')?.players.find((p) => p.id === who.id)?.deck;

  it('takes a legal list from a text file, and refuses bad files and illegal lists naming each problem and its line', async () => {
    const g = 'decks';
    await run(organiser, g, 'league create', { name: 'Decks', game: 'nova', format: 'swiss' });
    await run(ann, g, 'league join');
    expect((await run(ann, g, 'league deck', { file: file(legal) })).content).toMatch(/Decklist saved for "Decks"/);
    expect(deckOf(ann)).toBe(legal);

    // An illegal list: line 2 has five copies, line 3 an unknown card, line 5 a character in the main deck.
    const lines = legal.split('\n');
    lines[1] = lines[1]!.replace(/^\d+/, '5');
    lines.splice(2, 0, '2 no-such-card');
    lines.splice(4, 0, '1 sister-vaela');
    const refused = (await run(ann, g, 'league deck', { file: file(lines.join('\n')) })).content ?? '';
    expect(refused).toMatch(/^Deck not submitted to "Decks": it breaks the game's deck rules/);
    expect(refused).toContain('· line 3: Unknown card "no-such-card". (006)');
    expect(refused).toContain(
      '· line 5: Sister Vaela: Characters go in the character deck, not the main deck. (006.1.1)',
    );
    expect(refused).toMatch(/· line 2: 5 copies of [^;]+; at most 4\. \(006\.1\.2\)/);
    expect(deckOf(ann)).toBe(legal); // nothing lost

    // Typed as text (one line in Discord), problems are counted by item.
    const typed = (await run(ann, g, 'league deck', { list: '4 barrowmoss-acolyte, 1 no-such-card' })).content;
    expect(typed).toContain('· item 2: Unknown card "no-such-card". (006)');
    expect(typed).toContain('· The main deck has 5 cards; it needs 40 to 60. (006.1.1)');

    // Bad files get a specific answer each.
    expect((await run(ann, g, 'league deck', { file: file(legal, 'deck.png', 'image/png') })).content).toBe(
      'deck.png is not a text file (image/png): attach the deck list as a .txt file, one "N card-id" per line.',
    );
    expect((await run(ann, g, 'league deck', { file: file('1 x\n'.repeat(5000)) })).content).toBe(
      'deck.txt is too large (20 KB): a deck list file is at most 16 KB.',
    );
    expect((await run(ann, g, 'league deck', { file: file(new Uint8Array([0x34, 0x20, 0xff, 0xfe])) })).content).toBe(
      'deck.txt is not UTF-8 text; save it as UTF-8 and attach it again.',
    );
    expect((await run(ann, g, 'league deck', { file: file('\n# nothing\n') })).content).toBe(
      'deck.txt has no deck list in it.',
    );
    expect((await run(ann, g, 'league deck', { list: legal, file: file(legal) })).content).toBe(
      'Give the decklist either as text (list) or as a file (file), not both.',
    );
    // Without a list or file, /league deck shows the player's own submitted list with a deck check.
    const shown = (await run(ann, g, 'league deck')).content ?? '';
    expect(shown).toMatch(/^Decklist of <@\d+> in "Decks":/);
    expect(shown).toContain(legal.split('\n')[1] as string);
    expect(shown).toContain("Deck check: legal under the game's deck rules.");
    expect((await run(ann, g, 'league deck', { list: '  ' })).content).toMatch(
      /^Give the decklist as text in the list option, or attach/,
    );
    expect(deckOf(ann)).toBe(legal);
  });
});
