// Issue 22's organiser tools through the real discord.js client on the fake Discord: judges who run the event and
// answer a "Call a judge" button, decklists required, read, published and exported, late entry, pairing by hand,
// the round clock (warning, pause, a table's extension), a report the opponent never answers, and a player who
// left the server dropped before the next pairing.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bot } from '../../src/bot/create-bot.ts';
import { FakeDiscord, type FakeUser, type MessageView } from '../../src/devtools/fake-discord/index.ts';
import { leagueTestBot, stopLeagueTest } from './league-bot.ts';

let clock = Date.UTC(2026, 6, 1, 12, 0);
let discord: FakeDiscord;
let bot: Bot;
let olga: FakeUser;
let judy: FakeUser;
let ann: FakeUser;
let ben: FakeUser;
let cat: FakeUser;
let dan: FakeUser;
let eve: FakeUser;
type Guild = ReturnType<FakeDiscord['createGuild']>;
const guilds: Record<string, Guild> = {};
let dir: string;

beforeAll(async () => {
  discord = await FakeDiscord.start();
  olga = discord.createUser('olga');
  [judy, ann, ben, cat, dan, eve] = ['judy', 'ann', 'ben', 'cat', 'dan', 'eve'].map((n) => discord.createUser(n)) as [
    FakeUser,
    FakeUser,
    FakeUser,
    FakeUser,
    FakeUser,
    FakeUser,
  ];
  for (const name of ['staff', 'clock', 'leave'])
    guilds[name] = discord.createGuild(name, { owner: olga, members: [judy, ann, ben, cat, dan, eve] });
  dir = mkdtempSync(join(tmpdir(), 'arbiter-league-staff-'));
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
  return (outcome.reply() as MessageView).content ?? '';
}

const league = (g: string, name: string) => {
  const found = bot.store.leagues.find((guilds[g] as Guild).id, name)?.league;
  if (!found) throw new Error(`no league ${name}`);
  return found;
};
const byId = (id: string) => [ann, ben, cat, dan, eve, judy].find((u) => u.id === id) as FakeUser;

describe('judges, decklists and late entry', () => {
  it('a judge runs the event; lists are required, read, published and exported; a late entrant is seated', async () => {
    const g = 'staff';
    await run(olga, g, 'league create', { name: 'Staffed', game: 'nova', format: 'swiss', rounds: 3 });
    // A judge cannot be named by a player, nor by another judge.
    expect(await run(ann, g, 'league manage judge-add', { player: judy })).toMatch(/Only the league creator/);
    expect(await run(olga, g, 'league manage judge-add', { player: judy })).toMatch(/is now a judge/);
    expect(await run(judy, g, 'league manage judge-add', { player: ann })).toMatch(/Only the league creator/);

    for (const u of [ann, ben, cat, dan]) await run(u, g, 'league join');
    expect(await run(judy, g, 'league manage decklists', { required: true })).toMatch(/required before round 1/);
    const precon = JSON.parse(readFileSync('data/decks/nova/nova-dusk-vigil.json', 'utf8')) as {
      sections: Record<string, { count: number; card: string }[]>;
    };
    const list = Object.entries(precon.sections)
      .map(([section, cards]) => [`[${section}]`, ...cards.map((c) => `${c.count} ${c.card}`)].join('\n'))
      .join('\n');
    for (const u of [ann, ben, cat]) expect(await run(u, g, 'league deck', { list })).toMatch(/Decklist saved/);
    // The judge starts round 1: refused, naming who has no list.
    expect(await run(judy, g, 'league next-round')).toContain(`1 player has none: <@${dan.id}>`);
    expect(league(g, 'Staffed').rounds).toHaveLength(0);
    await run(dan, g, 'league deck', { list });

    // Lists are private: a player cannot read another's; the judge can, with a deck check.
    expect(await run(ben, g, 'league deck', { player: ann })).toMatch(/^Decklists are private until the organiser/);
    const judged = await run(judy, g, 'league deck', { player: ann });
    expect(judged).toMatch(/^Decklist of <@\d+> in "Staffed":/);
    expect(judged).toContain("Deck check: legal under the game's deck rules.");

    // Late entry until round 2, missed rounds lose.
    expect(await run(judy, g, 'league manage late-entry', { 'until-round': 2 })).toMatch(/until round 2/);
    expect(await run(judy, g, 'league next-round')).toMatch(/Round 1/);
    expect(league(g, 'Staffed').rounds).toHaveLength(1);
    expect(await run(eve, g, 'league join')).toMatch(/joined/i);
    expect(olga.read(general(g))).toContain(`<@${eve.id}> joined late, during round 1, with 1 missed round`);
    expect(league(g, 'Staffed').missedRounds).toEqual([{ player: eve.id, round: 1 }]);

    // Seated by hand with someone else: their opponent is left with the bye, and eve plays round 1 after all.
    const t1 = league(g, 'Staffed').rounds[0]!.tables[0]!;
    expect(await run(judy, g, 'league manage pair', { player: eve, other: byId(t1.a) })).toMatch(/paired by hand/);
    const round1 = league(g, 'Staffed').rounds[0]!;
    expect(round1.tables.find((t) => t.a === eve.id || t.b === eve.id)?.number).toBe(t1.number);
    expect(round1.tables.find((t) => t.a === t1.b)?.b).toBeNull();
    expect(league(g, 'Staffed').missedRounds).toEqual([]);
    expect(olga.read(general(g))).toContain('Round 1: the organiser changed these tables:');

    // The audit shows the judge as the actor of each change.
    const audit = await run(olga, g, 'league audit');
    expect(audit).toBe(''); // the audit is an embed
    const entries = league(g, 'Staffed').log.filter((e) => e.admin && e.actor.userId === judy.id);
    expect(entries.map((e) => e.command.type)).toEqual([
      'decklist-policy',
      'late-entry',
      'start-round',
      'pair-players',
    ]);

    // Published: anyone reads any list; the organiser exports them all.
    await run(olga, g, 'league manage decklists', { published: true });
    expect(olga.read(general(g))).toContain('The organiser published the decklists');
    expect(await run(ben, g, 'league deck', { player: ann })).toMatch(/^Decklist of/);
    const outcome = await olga.slash('league export', { what: 'decklists' }, { in: general(g) });
    await bot.idle();
    const exported = await outcome.settled();
    expect(exported.content).toMatch(/Every decklist of "Staffed"/);
    expect(exported.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/decklists\.txt$/)]);
  });

  it('"Call a judge" in a pairing thread calls the judges there, once per two minutes', async () => {
    const g = 'staff';
    const round = league(g, 'Staffed').rounds[0]!;
    const table = round.tables.find((t) => t.b !== null)!;
    const thread = (guilds[g] as Guild).threads().find((t) => t.name.startsWith(`R1 T${table.number}:`));
    expect(thread).toBeDefined();
    const player = byId(table.a);
    const welcome = player.messages(thread!).find((m) => m.buttons.some((b) => b.customId?.startsWith('lg:judge:')));
    expect(welcome).toBeDefined();
    const id = welcome!.buttons.find((b) => b.customId?.startsWith('lg:judge:'))!.customId as string;
    const call = await player.click(welcome!, id);
    await bot.idle();
    expect(call.reply()?.content).toBe('A judge is called; stay at your table.');
    expect(player.read(thread!)).toContain(`<@${judy.id}>: <@${player.id}> calls a judge (Table ${table.number})`);
    const again = await player.click(welcome!, id);
    await bot.idle();
    expect(again.reply()?.content).toBe('A judge was called from here a moment ago.');
    const stranger = round.tables.flatMap((t) => [t.a, t.b]).includes(olga.id) ? null : cat;
    if (stranger && stranger.id !== table.a && stranger.id !== table.b) {
      const refused = await stranger.click(welcome!, id);
      await bot.idle();
      expect(refused.reply()?.content).toMatch(/no match in this round/);
    }
  });
});

describe('the round clock and reports', () => {
  it('warns before time, pauses, extends a table, reminds an opponent and lets an unanswered report stand', async () => {
    const g = 'clock';
    await run(olga, g, 'league create', {
      name: 'Timed',
      game: 'nova',
      format: 'swiss',
      rounds: 2,
      'round-minutes': 50,
    });
    for (const u of [ann, ben, cat, dan]) await run(u, g, 'league join');
    await run(olga, g, 'league next-round');
    const [t1, t2] = league(g, 'Timed').rounds[0]!.tables.map((t) => ({ number: t.number, a: t.a, b: t.b as string }));
    if (!t1 || !t2) throw new Error('two tables expected');

    // A report from one side: the other is reminded in their thread, and the report stands after 30 minutes.
    clock += 5 * 60_000;
    await run(byId(t1.a), g, 'league report', { won: 2, lost: 0 });
    const thread1 = (guilds[g] as Guild).threads().find((t) => t.name.startsWith(`R1 T${t1.number}:`))!;
    expect(olga.read(thread1)).toContain(`<@${t1.b}>: <@${t1.a}> reported 2-0. Confirm it with /league report`);

    // Table 2 disagrees: the dispute goes to the creator, and is raised again after 15 minutes undecided.
    await run(byId(t2.a), g, 'league report', { won: 2, lost: 0 });
    await run(byId(t2.b), g, 'league report', { won: 2, lost: 0 });
    expect(olga.read(general(g))).toContain(`<@${olga.id}>: the reports for round 1, table ${t2.number} disagree`);

    // Pause for 10 minutes, then give table 2 five extra minutes.
    clock += 5 * 60_000;
    expect(await run(olga, g, 'league manage clock', { action: 'pause' })).toBe('The round clock is paused.');
    clock += 10 * 60_000;
    await run(olga, g, 'league manage clock', { action: 'resume' });
    expect(await run(olga, g, 'league manage clock', { action: 'extend', table: t2.number, minutes: 5 })).toBe(
      `Table ${t2.number} has 5 more minutes.`,
    );
    expect(await run(olga, g, 'league manage clock', { action: 'extend', table: t2.number })).toBe(
      'An extension needs a table and minutes.',
    );

    expect(olga.read(general(g))).not.toContain('still undecided');
    // 35 minutes in: the report deadline has passed, and the dispute is 30 minutes old.
    clock += 15 * 60_000;
    await bot.leagues.tick();
    expect(league(g, 'Timed').rounds[0]!.tables[0]!.result).toMatchObject({ source: 'single-report' });
    expect(olga.read(general(g))).toContain(`Table ${t1.number}: the report stands (no answer before the deadline)`);
    await bot.leagues.tick();
    expect(olga.read(general(g)).match(/is still undecided after 15 minutes/g)).toHaveLength(1);

    // The round ends at 60 minutes (50 + 10 paused): a warning at 55, the call at 60, table 2 at 65.
    clock += 19 * 60_000; // 54
    await bot.leagues.tick();
    expect(olga.read(general(g))).not.toContain('minutes left');
    clock += 2 * 60_000; // 56
    await bot.leagues.tick();
    await bot.leagues.tick();
    expect(olga.read(general(g)).match(/Round 1: 5 minutes left/g)).toHaveLength(1);
    clock += 4 * 60_000; // 60
    await bot.leagues.tick();
    expect(olga.read(general(g))).toContain(
      `Time is up for round 1. Still playing: –.\nTables with extra time play on: Table ${t2.number} (+5).`,
    );
    const thread2 = (guilds[g] as Guild).threads().find((t) => t.name.startsWith(`R1 T${t2.number}:`))!;
    expect(olga.read(thread2)).not.toContain('extension is over');
    clock += 5 * 60_000; // 65
    await bot.leagues.tick();
    await bot.leagues.tick();
    expect(olga.read(thread2).match(/Time is called at table \d+ \(its extension is over\)/g)).toHaveLength(1);
    await run(olga, g, 'league result', { round: 1, table: t2.number, score: '2-1' });
    expect(league(g, 'Timed').rounds[0]!.tables[1]!.result).toMatchObject({ source: 'organiser' });
  });
});

describe('a player who left the server', () => {
  it('is dropped, and announced, before the next round is paired', async () => {
    const g = 'leave';
    await run(olga, g, 'league create', { name: 'Leavers', game: 'nova', format: 'swiss', rounds: 2 });
    for (const u of [ann, ben, cat, dan]) await run(u, g, 'league join');
    (guilds[g] as Guild).leave(dan);
    expect(await run(olga, g, 'league next-round')).toMatch(/Round 1/);
    const l = league(g, 'Leavers');
    expect(l.players.find((p) => p.id === dan.id)?.droppedAfterRound).not.toBeNull();
    expect(l.rounds[0]!.tables.flatMap((t) => [t.a, t.b])).not.toContain(dan.id);
    expect(olga.read(general(g))).toContain(`<@${dan.id}> left the server and is dropped from the league.`);
  });
});
