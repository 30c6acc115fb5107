// Issue 22's league defects as an organiser meets them through the real bot on the fake Discord: a best-of-one bye,
// a mistaken drop put right with reinstate, undo that shows its target and asks first, audit lines, and a top cut
// with too few players left.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bot } from '../../src/bot/create-bot.ts';
import { FakeDiscord, type FakeUser, type MessageView } from '../../src/devtools/fake-discord/index.ts';
import type { League } from '../../src/league/league.ts';
import { leagueStandings } from '../../src/league/league-queries.ts';
import { leagueTestBot, stopLeagueTest } from './league-bot.ts';

const clock = Date.UTC(2026, 6, 3, 18, 0);
let discord: FakeDiscord;
let bot: Bot;
let organiser: FakeUser;
let players: FakeUser[];
type Guild = ReturnType<FakeDiscord['createGuild']>;
const guilds: Record<string, Guild> = {};
let dir: string;

beforeAll(async () => {
  discord = await FakeDiscord.start();
  organiser = discord.createUser('olga');
  players = ['ann', 'ben', 'cat', 'dan', 'eve'].map((n) => discord.createUser(n));
  for (const name of ['bo1', 'reinstate', 'cut', 'record', 'dq', 'penalty'])
    guilds[name] = discord.createGuild(name, { owner: organiser, members: players, channels: ['general'] });
  dir = mkdtempSync(join(tmpdir(), 'arbiter-league-defects-'));
  bot = leagueTestBot(discord, dir, () => clock);
  await bot.start();
});

afterAll(() => stopLeagueTest(bot, discord, dir));

const general = (g: string) => (guilds[g] as Guild).channel('general');
const byId = (id: string) => players.find((p) => p.id === id) as FakeUser;

async function run(user: FakeUser, g: string, command: string, options: Record<string, unknown> = {}) {
  const outcome = await user.slash(command, options as never, { in: general(g) });
  await bot.idle();
  await outcome.settled();
  expect(outcome.state).toBe('acknowledged');
  return outcome.reply() as MessageView;
}

function leagueIn(g: string): League {
  const summary = bot.store.leagues.list((guilds[g] as Guild).id)[0];
  if (!summary) throw new Error(`no league in ${g}`);
  return bot.store.leagues.require(summary.leagueId).league;
}
const tables = (g: string) => leagueIn(g).rounds.at(-1)?.tables ?? [];

/** Both players of each open table report seat a winning 1-0. */
async function reportRound(g: string) {
  for (const t of tables(g)) {
    if (t.result || t.b === null) continue;
    await run(byId(t.a), g, 'league report', { won: 1, lost: 0 });
    await run(byId(t.b), g, 'league report', { won: 0, lost: 1 });
  }
}

describe('defect 7: best-of-one byes', () => {
  it('a bo1 league counts its bye 1-0, like a concession', async () => {
    await run(organiser, 'bo1', 'league create', {
      name: 'Quick',
      game: 'nova',
      format: 'swiss',
      'match-length': 'bo1',
    });
    for (const p of players.slice(0, 3)) await run(p, 'bo1', 'league join');
    await run(organiser, 'bo1', 'league next-round');
    expect(leagueIn('bo1').config.settings.tiebreakers.byeGamesWon).toBe(1);
    const bye = tables('bo1').find((t) => t.b === null);
    expect(bye?.result?.score).toEqual({ gamesWonA: 1, gamesWonB: 0, gamesDrawn: 0 });
  });
});

describe('defect 6: a mistaken drop, reinstate and undo', () => {
  it('undo shows what it would revert and changes nothing until confirmed; reinstate brings the player back', async () => {
    await run(organiser, 'reinstate', 'league create', { name: 'Evening', game: 'nova', format: 'swiss', rounds: 3 });
    for (const p of players.slice(0, 4)) await run(p, 'reinstate', 'league join');
    await run(organiser, 'reinstate', 'league next-round');
    const [first] = tables('reinstate');
    const dropper = byId(first?.a as string);
    await run(dropper, 'reinstate', 'league drop');
    expect((await run(dropper, 'reinstate', 'league join')).content).toMatch(/only an organiser can bring you back/);

    const before = leagueIn('reinstate');
    const preview = (await run(organiser, 'reinstate', 'league undo')).content;
    const startSeq = before.log.find((e) => e.command.type === 'start-round')?.seq as number;
    expect(preview).toContain('Undo would revert this organiser change');
    expect(preview).toContain(`#${startSeq} `);
    expect(preview).toContain('**start-round**');
    expect(preview).toContain(`\`/league undo confirm:${startSeq}\``);
    expect(preview).toContain(`Undo does not revert a player's own drop (<@${dropper.id}>); use \`/league reinstate\``);
    expect(leagueIn('reinstate')).toEqual(before);

    const reinstated = await run(organiser, 'reinstate', 'league reinstate', { player: dropper });
    expect(reinstated.content).toBe(`<@${dropper.id}> is back in the league and will be paired from the next round.`);
    expect(organiser.read(general('reinstate'))).toContain(
      `An organiser reinstated <@${dropper.id}>, who is back in the league.`,
    );
    expect(tables('reinstate')[0]?.result).toBeNull();

    // A stale confirmation is refused: the latest change is now the reinstate, not the round start.
    const stale = await run(organiser, 'reinstate', 'league undo', { confirm: startSeq });
    expect(stale.content).toMatch(new RegExp(`now #${startSeq + 2}, not #${startSeq}; nothing was undone`));
    const undone = await run(organiser, 'reinstate', 'league undo', { confirm: startSeq + 2 });
    expect(undone.content).toBe(`Undone: #${startSeq + 2} reinstate.`);
    expect(leagueIn('reinstate').players.find((p) => p.id === dropper.id)?.droppedAfterRound).toBe(1);

    const ja = await run(players[4] as FakeUser, 'reinstate', 'league audit');
    expect(ja.embeds[0]?.description).toContain(`<@${organiser.id}> **reinstate** player <@${dropper.id}>`);
    expect(ja.embeds[0]?.description).not.toContain('<@<@');
  });
});

describe('defect 3: a top cut with one player left', () => {
  it('is refused with a readable reason instead of "Something went wrong"', async () => {
    await run(organiser, 'cut', 'league create', {
      name: 'Tiny',
      game: 'nova',
      format: 'swiss',
      rounds: 1,
      'top-cut': 2,
    });
    for (const p of players.slice(0, 4)) await run(p, 'cut', 'league join');
    await run(organiser, 'cut', 'league next-round');
    await reportRound('cut');
    for (const p of players.slice(0, 3)) await run(p, 'cut', 'league drop');
    const reply = await run(organiser, 'cut', 'league next-round');
    expect(reply.content).toMatch(/A top cut needs two players still in the event, and 1 is left/);
  });
});

describe('organiser feature: a cut by record', () => {
  it('is set at creation, shown in /league info, and cuts to everyone with at most that many losses', async () => {
    const refused = await run(organiser, 'record', 'league create', {
      name: 'Record',
      game: 'nova',
      format: 'swiss',
      'top-cut': 0,
      'cut-max-losses': 1,
    });
    expect(refused.content).toMatch(/A cut by record \(cut-max-losses\) needs a top cut/);
    await run(organiser, 'record', 'league create', {
      name: 'Record',
      game: 'nova',
      format: 'swiss',
      rounds: 2,
      'cut-max-losses': 1,
    });
    const info = await run(players[0] as FakeUser, 'record', 'league info');
    expect(JSON.stringify(info.embeds[0]?.fields)).toContain('top cut: everyone with at most 1 loss');
    for (const p of players) await run(p, 'record', 'league join');
    for (let round = 0; round < 2; round++) {
      await run(organiser, 'record', 'league next-round');
      await reportRound('record');
    }
    const qualified = leagueStandings(leagueIn('record'))
      .filter((r) => r.losses <= 1)
      .map((r) => r.player);
    expect((await run(organiser, 'record', 'league next-round')).content).toBe('Round 3 is paired.');
    const seated = tables('record')
      .flatMap((t) => [t.a, t.b])
      .filter((id) => id !== null);
    expect(seated.sort()).toEqual([...qualified].sort());
  });
});

describe('organiser feature: disqualification', () => {
  it('announces it, takes the player out of the standings, and shows the reason to organisers only', async () => {
    await run(organiser, 'dq', 'league create', { name: 'Strict', game: 'nova', format: 'swiss', rounds: 3 });
    for (const p of players.slice(0, 4)) await run(p, 'dq', 'league join');
    await run(organiser, 'dq', 'league next-round');
    await reportRound('dq');
    const cheat = byId(tables('dq')[0]?.a as string);
    const reply = await run(organiser, 'dq', 'league disqualify', { player: cheat, reason: 'marked sleeves' });
    expect(reply.content).toBe(`<@${cheat.id}> is disqualified and leaves the standings.`);
    expect(organiser.read(general('dq'))).toContain(
      `An organiser disqualified <@${cheat.id}>; they leave the event and the standings.`,
    );
    const standings = await run(players[4] as FakeUser, 'dq', 'league standings', { image: false });
    const lines = (standings.embeds[0]?.description ?? '').split('\n');
    expect(lines).toHaveLength(3);
    expect(lines.join('\n')).not.toContain(cheat.name);
    expect(lines[0]).toMatch(/^\**1\./);
    const bystander = players.find((p) => p !== cheat) as FakeUser;
    expect(JSON.stringify((await run(bystander, 'dq', 'league audit')).embeds)).not.toContain('marked sleeves');
    expect(JSON.stringify((await run(organiser, 'dq', 'league audit')).embeds)).toContain('marked sleeves');
  });
});

describe('organiser feature: penalties', () => {
  it('a match loss decides the open table and is announced; a game loss is recorded; reasons stay private', async () => {
    await run(organiser, 'penalty', 'league create', { name: 'Fair', game: 'nova', format: 'swiss', rounds: 3 });
    for (const p of players.slice(0, 4)) await run(p, 'penalty', 'league join');
    await run(organiser, 'penalty', 'league next-round');
    const [first] = tables('penalty');
    const late = byId(first?.b as string);
    const given = await run(organiser, 'penalty', 'league penalty', {
      player: late,
      kind: 'match-loss',
      reason: 'forty minutes late',
    });
    expect(given.content).toBe(`Match loss recorded for <@${late.id}>; their open match is decided.`);
    expect(organiser.read(general('penalty'))).toContain(
      `Table 1: <@${late.id}> receives a match loss (penalty): <@${first?.a}> beat <@${late.id}> 2-0.`,
    );
    expect(tables('penalty')[0]?.result?.source).toBe('penalty');
    const other = byId(tables('penalty')[1]?.a as string);
    const gameLoss = await run(organiser, 'penalty', 'league penalty', {
      player: other,
      kind: 'game-loss',
      reason: 'deck problem',
    });
    expect(gameLoss.content).toMatch(/^Game loss recorded for/);
    expect(tables('penalty')[1]?.result).toBeNull();
    expect(leagueIn('penalty').penalties.map((p) => p.kind)).toEqual(['match-loss', 'game-loss']);
    const bystander = byId(tables('penalty')[1]?.b as string);
    expect(JSON.stringify((await run(bystander, 'penalty', 'league audit')).embeds)).not.toContain('forty minutes');
    expect(JSON.stringify((await run(late, 'penalty', 'league audit')).embeds)).toContain('forty minutes');
  });
});
