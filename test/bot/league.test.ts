// An 8-player Swiss league of three rounds plus a top 4, run end to end through the real bot and the real
// discord.js client on the fake Discord: creation and bad input, sign-up, pairings with a thread per table, results
// played in the bot (challenge → accept → concede) and reported by both players, a dispute the organiser decides, the
// round timer's no-show, a drop, an admin correction, undo and audit, standings (embed, image, CSV) checked against
// an independent computation of the MTR tiebreakers, the top cut, the ratings leaderboard, and a restart.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bot } from '../../src/bot/create-bot.ts';
import { FakeDiscord, type FakeUser, type MessageView } from '../../src/devtools/fake-discord/index.ts';
import type { League, LeagueTable } from '../../src/league/league.ts';
import { renderAny } from '../../src/render/render.ts';
import { concedeConfirmed } from './bot-harness.ts';
import { leagueTestBot, stopLeagueTest } from './league-bot.ts';

const START = Date.UTC(2026, 3, 10, 18, 0);
let clock = START;

let discord: FakeDiscord;
let bot: Bot;
let organiser: FakeUser;
let players: FakeUser[];
let guild: ReturnType<FakeDiscord['createGuild']>;
let dir: string;
const logs: string[] = [];
const rendered: string[] = [];

function makeBot(): Bot {
  return leagueTestBot(discord, dir, () => clock, {
    images: async (kind, model) => {
      rendered.push(kind);
      return (await renderAny(kind, model)).png;
    },
    log: (m) => logs.push(m),
  });
}

beforeAll(async () => {
  discord = await FakeDiscord.start();
  organiser = discord.createUser('olga');
  const names = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'hana'];
  players = names.map((n) => discord.createUser(n, n === 'hana' ? { locale: 'ja' } : {}));
  guild = discord.createGuild('League Test', { owner: organiser, members: players });
  organiser.defaultChannelId = guild.channel('general').channelId;
  dir = mkdtempSync(join(tmpdir(), 'arbiter-league-'));
  bot = makeBot();
  await bot.start();
});

afterAll(() => stopLeagueTest(bot, discord, dir));

const general = () => guild.channel('general');
const byId = (id: string) => [organiser, ...players].find((u) => u.id === id) as FakeUser;

/** Runs a slash command, waits for the bot, and returns the reply as its user sees it. */
async function run(
  user: FakeUser,
  command: string,
  options: Record<string, unknown> = {},
  where?: { channelId: string },
) {
  const outcome = await user.slash(command, options as never, where ? { in: where } : {});
  await bot.idle();
  await outcome.settled();
  expect(outcome.state).toBe('acknowledged');
  const reply = outcome.reply();
  if (!reply) throw new Error(`/${command} gave no reply`);
  return reply;
}
const text = (m: MessageView) =>
  [m.content, ...m.embeds.flatMap((e) => [e.title ?? '', e.description ?? '', ...e.fields.map((f) => f.value)])].join(
    '\n',
  );

function league(): League {
  const record = bot.store.leagues.find(guild.id, 'Friday NOVA');
  if (!record) throw new Error('no league');
  return record.league;
}
const currentTables = (): LeagueTable[] => league().rounds.at(-1)?.tables ?? [];
const newPublic = (since: number) =>
  organiser
    .messages(general())
    .filter((m) => !m.ephemeral)
    .slice(since);
const publicCount = () => organiser.messages(general()).filter((m) => !m.ephemeral).length;

/** a challenges b in #general, b accepts, the loser concedes in the match thread: a result the bot hosted. */
async function playInBot(winner: FakeUser, loser: FakeUser): Promise<void> {
  const challenge = await winner.slash('duel challenge', { opponent: loser, game: 'nova' });
  await bot.idle();
  const message = challenge.reply() as MessageView;
  const accept = message.buttons.find((b) => b.customId?.startsWith('c:accept:'))?.customId as string;
  await loser.click(message, accept);
  await bot.idle();
  expect(bot.store.matches.match(message.id)?.status).toBe('active');
  await concedeConfirmed(loser, { channelId: message.id }, () => bot.idle());
  expect(bot.store.matches.match(message.id)?.status).toBe('finished');
}

async function report(user: FakeUser, won: number, lost: number) {
  return run(user, 'league report', { won, lost });
}

/** Plays the open tables of the current round: the first `inBot` in the bot, the rest reported; table's a wins. */
async function playRound(inBot: number, winnerOf: (t: LeagueTable) => string = (t) => t.a) {
  const open = currentTables().filter((t) => t.b !== null && t.result === null);
  for (const [i, t] of open.entries()) {
    const w = winnerOf(t);
    const l = w === t.a ? (t.b as string) : t.a;
    if (i < inBot) await playInBot(byId(w), byId(l));
    else {
      await report(byId(w), 1, 0);
      await report(byId(l), 0, 1);
    }
  }
  expect(currentTables().every((t) => t.result !== null)).toBe(true);
}

// ---------------------------------------------------------------------------------------------------------------
// An independent computation of MTR 3.1 / Appendix C (floor 0.33, a bye is a won match, byes count in MW%).
interface Rec {
  mp: number;
  rounds: number;
  gp: number;
  games: number;
  opponents: string[];
}
function expectedTiebreakers(l: League) {
  const rec = new Map<string, Rec>(l.players.map((p) => [p.id, { mp: 0, rounds: 0, gp: 0, games: 0, opponents: [] }]));
  for (const round of l.rounds) {
    if (round.stage === 'top-cut') continue;
    for (const t of round.tables) {
      const a = rec.get(t.a) as Rec;
      const r = t.result;
      if (!r) continue;
      if (t.b === null) {
        a.mp += 3;
        a.rounds += 1;
        // A bye is a won match of the league's length: 2-0 in best of three, 1-0 in best of one (issue 22, D7).
        const games = l.config.matchLength === 'bo1' ? 1 : 2;
        a.gp += 3 * games;
        a.games += games;
        continue;
      }
      const b = rec.get(t.b) as Rec;
      const s = r.score;
      for (const [me, won, lost, opp] of [
        [a, s.gamesWonA, s.gamesWonB, t.b],
        [b, s.gamesWonB, s.gamesWonA, t.a],
      ] as const) {
        me.rounds += 1;
        me.mp += won > lost ? 3 : won === lost ? 1 : 0;
        me.gp += 3 * won + s.gamesDrawn;
        me.games += won + lost + s.gamesDrawn;
        me.opponents.push(opp);
      }
    }
  }
  // Exact fractions [numerator, denominator] (BigInt), so the order check below sees exact ties as ties.
  type Q = [bigint, bigint];
  const q = (n: number, d: number): Q => [BigInt(n), BigInt(d)];
  const FLOOR = q(33, 100);
  const cmpQ = (x: Q, y: Q) => Math.sign(Number(x[0] * y[1] - y[0] * x[1]));
  const maxQ = (x: Q, y: Q) => (cmpQ(x, y) >= 0 ? x : y);
  const mw = (r: Rec): Q => (r.rounds === 0 ? FLOOR : maxQ(FLOOR, q(r.mp, 3 * r.rounds)));
  const gw = (r: Rec): Q => (r.games === 0 ? FLOOR : maxQ(FLOOR, q(r.gp, 3 * r.games)));
  const mean = (xs: Q[]): Q => {
    if (xs.length === 0) return q(0, 1);
    const sum = xs.reduce<Q>((acc, x) => [acc[0] * x[1] + x[0] * acc[1], acc[1] * x[1]], q(0, 1));
    return [sum[0], sum[1] * BigInt(xs.length)];
  };
  const out = new Map<string, { points: number; omw: Q; gw: Q; ogw: Q }>();
  for (const [id, r] of rec) {
    const opps = r.opponents.map((o) => rec.get(o) as Rec);
    out.set(id, { points: r.mp, omw: mean(opps.map(mw)), gw: gw(r), ogw: mean(opps.map(gw)) });
  }
  return { byPlayer: out, compare: cmpQ };
}
const asNumber = (x: [bigint, bigint]) => Number(x[0]) / Number(x[1]);

describe('an 8-player Swiss league with a top 4, end to end', () => {
  it('runs from creation to the final with bot-played and reported results, a drop and corrections', async () => {
    // Creation: only managers; clear errors for bad input (English, and Japanese for a Japanese client).
    const refused = await run(players[0] as FakeUser, 'league create', { name: 'X', game: 'nova', format: 'swiss' });
    expect(refused.content).toMatch(/Only server managers/);
    const badDate = await run(organiser, 'league create', {
      name: 'X',
      game: 'nova',
      format: 'swiss',
      starts: '2026-13-01',
    });
    expect(badDate.content).toBe('starts must be a date like 2026-04-30, not "2026-13-01".');
    const ladderRounds = await run(organiser, 'league create', {
      name: 'X',
      game: 'nova',
      format: 'ladder',
      rounds: 3,
    });
    expect(ladderRounds.content).toMatch(/Rounds and top cut are settings of a Swiss league only/);
    const noLeague = await run(players[7] as FakeUser, 'league join');
    expect(noLeague.content).toMatch(/開催中のリーグはありません/);

    const created = await run(organiser, 'league create', {
      name: 'Friday NOVA',
      game: 'nova',
      format: 'swiss',
      rounds: 3,
      'top-cut': 4,
      'match-length': 'bo1',
      starts: '2026-04-10',
      ends: '2026-05-01',
      'round-minutes': 50,
      'no-show-minutes': 10,
    });
    expect(created.content).toMatch(/League "Friday NOVA" created/);
    expect(organiser.read(general())).toMatch(/New league "Friday NOVA"/);
    const duplicate = await run(organiser, 'league create', { name: 'friday nova', game: 'nova', format: 'swiss' });
    expect(duplicate.content).toMatch(/already exists/);

    // Autocomplete of league names.
    const choices = await (players[0] as FakeUser).autocomplete('league join', { league: 'fri' }, 'league');
    expect(choices.map((c) => c.name)).toEqual(['Friday NOVA']);

    // Sign-up: everyone joins (one by name), a second join is refused, a deck stays private.
    for (const p of players) {
      const joined = await run(p, 'league join', p === players[0] ? { league: 'friday nova' } : {});
      expect(joined.content).toMatch(p.name === 'hana' ? /参加しました/ : /You joined "Friday NOVA"/);
    }
    expect((await run(players[1] as FakeUser, 'league join')).content).toBe('You are already registered.');
    expect((await run(players[1] as FakeUser, 'league result', { round: 1, table: 1, score: '1-0' })).content).toMatch(
      /Only the league organiser or a server manager/,
    );
    // A legal NOVA deck (the Dusk Vigil precon), with a private note in it.
    const precon = JSON.parse(readFileSync('data/decks/nova/nova-dusk-vigil.json', 'utf8')) as {
      sections: Record<string, { card: string; count: number }[]>;
    };
    const deckText = Object.entries(precon.sections)
      .map(([section, cards]) => [`[${section}]`, ...cards.map((c) => `${c.count} ${c.card}`)].join(', '))
      .join(', ');
    const saved = await run(players[2] as FakeUser, 'league deck', { list: `${deckText}, # secret-card tech` });
    expect(saved.content).toMatch(/Decklist saved for "Friday NOVA"/);
    const auditAsPlayer = await run(players[3] as FakeUser, 'league audit');
    expect(text(auditAsPlayer)).not.toMatch(/secret-card/);

    // Undo: the organiser awards a bye by mistake and undoes it; the audit shows both.
    await run(organiser, 'league bye', { player: players[4] as FakeUser });
    const preview = (await run(organiser, 'league undo')).content ?? '';
    const seq = Number(/confirm:(\d+)/.exec(preview)?.[1]);
    expect(preview).toMatch(new RegExp(`#${seq} .*\\*\\*award-bye\\*\\*`));
    expect(league().awardedByes).toEqual([players[4]?.id]); // asked first: nothing changed yet
    const undone = await run(organiser, 'league undo', { confirm: seq });
    expect(undone.content).toBe(`Undone: #${seq} award-bye.`);
    expect(league().awardedByes).toEqual([]);
    const audit = text(await run(organiser, 'league audit'));
    expect(audit).toMatch(/\*\*award-bye\*\*.*\(undone by #\d+\)/);
    expect(audit).toMatch(/\*\*undo\*\*/);

    // Round 1: pairings in #general with a thread per table and the "I'm here" button.
    let mark = publicCount();
    expect((await run(organiser, 'league next-round')).content).toBe('Round 1 is paired.');
    const pairing = newPublic(mark).find((m) => m.embeds[0]?.title === 'Friday NOVA: round 1') as MessageView;
    expect(pairing).toBeTruthy();
    expect(pairing.embeds[0]?.description?.split('\n')).toHaveLength(4);
    for (const t of currentTables()) expect(pairing.embeds[0]?.description).toContain(`<@${t.a}> vs <@${t.b}>`);
    expect(pairing.buttons.map((b) => b.label)).toEqual(["I'm here"]);
    expect(guild.threads().filter((t) => t.name.startsWith('R1 T'))).toHaveLength(4);
    // A table's thread cannot hold a match (/duel challenge is refused in threads): its welcome names the channel.
    const tableThread = guild.threads().find((t) => t.name.startsWith('R1 T1')) as { channelId: string };
    expect(organiser.read(tableThread)).toContain(`/duel challenge in <#${general().channelId}>`);

    // Tables 1 and 2 in the bot; table 3 both report the same; table 4 reports disagree, the organiser decides.
    const [t1, t2, t3, t4] = currentTables() as [LeagueTable, LeagueTable, LeagueTable, LeagueTable];
    mark = publicCount();
    await playInBot(byId(t1.a), byId(t1.b as string));
    await playInBot(byId(t2.b as string), byId(t2.a));
    expect(league().rounds[0]?.tables[0]?.result?.source).toBe('bot');
    expect(league().rounds[0]?.tables[1]?.result?.score).toEqual({ gamesWonA: 0, gamesWonB: 1, gamesDrawn: 0 });
    expect(
      newPublic(mark)
        .map((m) => m.content)
        .join('\n'),
    ).toMatch(/Table 1: <@\d+> beat <@\d+> 1-0 \(played here/);
    expect((await report(byId(t3.a), 1, 0)).content).toMatch(/Your report is saved|報告を保存しました/);
    expect((await report(byId(t3.b as string), 0, 1)).content).toMatch(/Both reports agree|両者の報告が一致/);
    await report(byId(t4.a), 1, 0);
    expect((await report(byId(t4.b as string), 1, 0)).content).toMatch(
      /organiser has been notified|運営に通知しました/,
    );
    const dispute = newPublic(mark).find((m) => m.content.includes('disagree')) as MessageView;
    expect(dispute.content).toContain(`<@${organiser.id}>`);
    expect(dispute.content).toContain('round 1, table 4');
    expect((await run(organiser, 'league result', { round: 1, table: 4, score: 'two-nil' })).content).toMatch(
      /"two-nil" is not a score/,
    );
    expect((await run(organiser, 'league result', { round: 1, table: 4, score: '2-0' })).content).toBe(
      'A best-of-one match has one game.',
    );
    await run(organiser, 'league result', { round: 1, table: 4, score: '0-1' });
    expect(league().rounds[0]?.tables[3]?.result?.source).toBe('organiser');
    expect(organiser.read(general())).toMatch(/Round 1 is complete/);

    // A drop between rounds: 7 players, so round 2 has a bye.
    const dropper = byId(t4.a);
    expect((await run(dropper, 'league drop')).content).toMatch(
      /dropped from "Friday NOVA"|「Friday NOVA」からドロップしました/,
    );
    expect(organiser.read(general())).toContain(`<@${dropper.id}> dropped.`);
    await run(organiser, 'league next-round');
    const round2 = currentTables();
    expect(round2.filter((t) => t.b === null)).toHaveLength(1);
    expect(round2.some((t) => t.a === dropper.id || t.b === dropper.id)).toBe(false);

    // The round timer: everyone but one player says "I'm here"; after 10 minutes the absent one loses.
    const absentTable = round2.find((t) => t.b !== null) as LeagueTable;
    const absent = absentTable.b as string;
    const board = organiser
      .messages(general())
      .filter((m) => m.embeds[0]?.title === 'Friday NOVA: round 2')
      .at(-1) as MessageView;
    for (const t of round2) {
      if (t.b === null) continue;
      for (const id of [t.a, t.b]) {
        if (id === absent) continue;
        const here = await byId(id).click(board, `lg:here:${league().config.id}:2`);
        await bot.idle();
        expect(here.reply()?.content).toMatch(/marked present|着席を確認しました/);
      }
    }
    const notPaired = await dropper.click(board, `lg:here:${league().config.id}:2`);
    await bot.idle();
    expect(notPaired.reply()?.content).toMatch(
      /^(You have no match in this round\.|このラウンドにあなたの対戦はありません。)$/,
    );
    clock += 9 * 60_000;
    await bot.leagues.tick();
    expect(league().rounds[1]?.tables.find((t) => t.number === absentTable.number)?.result).toBeNull();
    clock += 2 * 60_000;
    await bot.leagues.tick();
    const noShow = league().rounds[1]?.tables.find((t) => t.number === absentTable.number);
    expect(noShow?.result).toMatchObject({ source: 'no-show', score: { gamesWonA: 1, gamesWonB: 0 } });
    expect(organiser.read(general())).toContain(`<@${absent}> did not show up at table ${absentTable.number}`);
    await playRound(1);

    // An admin correction of an earlier round (round 1, table 3 goes the other way), announced as such.
    mark = publicCount();
    await run(organiser, 'league result', { round: 1, table: 3, score: '0-1' });
    expect(league().rounds[0]?.tables[2]?.result).toMatchObject({ source: 'organiser', score: { gamesWonB: 1 } });
    expect(
      newPublic(mark)
        .map((m) => m.content)
        .join('\n'),
    ).toMatch(/Round 1, table 3 corrected/);

    // Round 3, half in the bot.
    clock += 60 * 60_000;
    await run(organiser, 'league next-round');
    await playRound(2, (t) => t.b as string);
    expect((await run(organiser, 'league next-round')).content).toBe('Round 4 is paired.');

    // Standings: the embed, the image and the CSV agree with an independent computation of the tiebreakers.
    const swissLeague = league();
    const { byPlayer: expected, compare } = expectedTiebreakers(swissLeague);
    const exported = await run(organiser, 'league export');
    const csv = Buffer.from(discord.attachmentBytes(exported, 'Friday-NOVA-standings.csv')).toString('utf8');
    const rows = csv
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(','));
    expect(rows).toHaveLength(8);
    for (const r of rows) {
      const want = expected.get(r[1] as string);
      expect(want).toBeTruthy();
      expect(Number(r[3])).toBe(want?.points);
      expect(Number(r[8])).toBeCloseTo(asNumber(want?.omw ?? [0n, 1n]), 4);
      expect(Number(r[9])).toBeCloseTo(asNumber(want?.gw ?? [0n, 1n]), 4);
      expect(Number(r[10])).toBeCloseTo(asNumber(want?.ogw ?? [0n, 1n]), 4);
      expect(r[11]).toBe(r[1] === dropper.id ? 'yes' : 'no');
      expect(r[2]).toBe(byId(r[1] as string).name);
    }
    // The order is checked on the exact values (MTR 3.1): an exact tie goes to the next tiebreaker.
    for (let i = 1; i < rows.length; i++) {
      const x = expected.get((rows[i - 1] as string[])[1] as string);
      const y = expected.get((rows[i] as string[])[1] as string);
      if (!x || !y) throw new Error('a CSV row names a player the league does not have');
      const byPoints = Math.sign(x.points - y.points);
      const first = [byPoints, compare(x.omw, y.omw), compare(x.gw, y.gw), compare(x.ogw, y.ogw)].find((c) => c !== 0);
      expect(first ?? 1).toBe(1);
    }
    // The other exports: every round's tables as CSV, and the event as JSON with exact tiebreakers.
    const roundsFile = await run(organiser, 'league export', { what: 'rounds' });
    expect(roundsFile.content).toBe('Pairings and results of every round of "Friday NOVA" as CSV.');
    const roundLines = Buffer.from(discord.attachmentBytes(roundsFile, 'Friday-NOVA-rounds.csv'))
      .toString('utf8')
      .trim()
      .split('\r\n');
    const allTables = swissLeague.rounds.flatMap((r) => r.tables.map((t) => ({ round: r.number, t })));
    expect(roundLines[0]).toBe(
      'round,stage,table,player_a,name_a,player_b,name_b,games_a,games_b,games_drawn,both_lose,source',
    );
    expect(roundLines).toHaveLength(allTables.length + 1);
    roundLines.slice(1).forEach((line, i) => {
      const { round, t } = allTables[i] as (typeof allTables)[number];
      const cells = line.split(',');
      expect(cells.slice(0, 4)).toEqual([String(round), round <= 3 ? 'swiss' : 'top-cut', String(t.number), t.a]);
      expect(cells[5]).toBe(t.b ?? '');
      expect(cells[7]).toBe(t.result ? String(t.result.score.gamesWonA) : '');
    });
    const jsonFile = await run(organiser, 'league export', { what: 'json' });
    const event = JSON.parse(
      Buffer.from(discord.attachmentBytes(jsonFile, 'Friday-NOVA-league.json')).toString('utf8'),
    ) as { format: string; standings: { player: string; opponentMatchWin: string; gameWin: string }[] };
    expect(event.format).toBe('arbiter-league');
    expect(event.standings.map((r) => r.player)).toEqual(rows.map((r) => r[1]));
    const asQ = (text: string): [bigint, bigint] => {
      const [n, d] = text.split('/');
      return [BigInt(n ?? 'x'), BigInt(d ?? 'x')];
    };
    for (const r of event.standings) {
      const want = expected.get(r.player);
      if (!want) throw new Error(`unexpected player ${r.player}`);
      expect(compare(asQ(r.opponentMatchWin), want.omw)).toBe(0);
      expect(compare(asQ(r.gameWin), want.gw)).toBe(0);
    }

    const standings = await run(players[0] as FakeUser, 'league standings');
    expect(standings.ephemeral).toBe(true);
    expect(standings.attachments.map((a) => a.filename)).toEqual(['standings.png']);
    expect(rendered).toContain('standings');
    const lines = (standings.embeds[0]?.description ?? '').split('\n');
    expect(lines).toHaveLength(8);
    rows.forEach((r, i) => {
      expect(lines[i]).toContain(`${byId(r[1] as string).name}`);
      expect(lines[i]).toContain(`${r[3]} pts`);
      expect(lines[i]).toContain(`OMW ${(Number(r[8]) * 100).toFixed(1)}`);
    });
    const ja = await run(players[7] as FakeUser, 'league standings', { image: false });
    expect(ja.embeds[0]?.title).toBe('Friday NOVA：順位表');

    // The top 4: seeds 1v4 and 2v3 from the Swiss standings (the dropped player cannot qualify).
    const top = rows.filter((r) => r[11] === 'no').map((r) => r[1] as string);
    const semis = currentTables();
    expect(semis.map((t) => [t.a, t.b])).toEqual([
      [top[0], top[3]],
      [top[1], top[2]],
    ]);
    expect(organiser.read(general())).toMatch(/Friday NOVA: round 4 \(top 4\)/);
    await playRound(1);
    await run(organiser, 'league next-round');
    const final = currentTables();
    expect(final).toHaveLength(1);
    expect(final[0]?.a).toBe(semis[0]?.a);
    expect(final[0]?.b).toBe(semis[1]?.a);
    // MTR 2.2: the higher Swiss seed (seed 1 here) chooses to play or draw, in the announcement and /league pairings.
    const choice = `<@${top[0]}> (higher seed) chooses to play or draw`;
    expect(organiser.read(general())).toContain(choice);
    expect(text(await run(players[0] as FakeUser, 'league pairings'))).toContain(choice);
    // Finishing with the final unplayed is refused until confirmed.
    expect((await run(organiser, 'league finish')).content).toBe(
      'Round 5 still has 1 match without a result; finishing now leaves it unplayed. To finish anyway, run `/league finish confirm:True`.',
    );
    expect(league().phase).toBe('running');
    await playInBot(byId(final[0]?.b as string), byId(final[0]?.a as string));
    expect((await run(organiser, 'league next-round')).content).toBe('The top cut is over.');
    await run(organiser, 'league finish');
    expect(organiser.read(general())).toMatch(/"Friday NOVA" has finished/);

    // The top cut does not change the Swiss standings.
    const history = text(await run(players[0] as FakeUser, 'league history'));
    expect(history).toMatch(/R1: /);
    expect(expectedTiebreakers(league()).byPlayer).toEqual(expected);

    // Ratings: each round was one rating period; everyone is provisional after at most 5 games.
    const leaderboard = text(await run(players[0] as FakeUser, 'rating leaderboard', { game: 'nova' }));
    expect(leaderboard).toMatch(/NOVA ratings/);
    expect(leaderboard.match(/\(provisional\)/g)).toHaveLength(8);
    const rated = bot.store.ratings.table(guild.id, 'nova');
    expect(Object.keys(rated)).toHaveLength(8);
    const champion = final[0]?.b as string;
    expect(rated[champion]?.rating).toBeGreaterThan(1500);

    // After a restart the league is rebuilt from its log and checked against the stored state.
    const before = league();
    await bot.idle();
    await bot.stop();
    bot = makeBot();
    await bot.start();
    expect(league()).toEqual(before);
    expect(logs.filter((l) => l.includes('league'))).toEqual([]);
  }, 120_000);
});
