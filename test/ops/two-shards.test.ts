// The scale-out proof with SQLite (issue 24): two bot processes started as `npm start` starts them (src/main.ts),
// ARBITER_SHARDS=2 with ARBITER_SHARD_IDS=0 and =1, on one database file (WAL, busy timeout), against a fake Discord
// serving two shards. Matches run in a guild on each shard; shard 1's process is killed with SIGKILL in the middle
// of play and started again. Then: every decision click either process acknowledged is in the log, every commit
// either logged is there with its sequence contiguous, both processes took only their own guild's clicks, and every
// match finishes (played on, then conceded) through the restarted process.
//
// PostgreSQL: the same proof runs against ARBITER_DATABASE_URL once the PostgreSQL store lands (engineer pg24): set
// `databaseEnv` below to that URL instead of ARBITER_DB; nothing else here depends on SQLite but the final checks,
// which read the log through the store.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { commandDefinitions } from '../../commands/definitions.ts';
import { FakeDiscord, type FakeUser, type MessageView } from '../../src/devtools/fake-discord/index.ts';
import { GAMES } from '../../src/engine/registry.ts';
import { shardOf } from '../../src/ops/shards.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { tempDir } from '../store/temp-store.ts';

const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const { dir, cleanup } = tempDir();
const MATCHES_PER_GUILD = 2;
/** Decisions acknowledged in shard 1's matches before its process is killed, and again after its restart. */
const ACKS_BEFORE_KILL = 6;
const ACKS_AFTER_RESTART = 4;

type Guild = ReturnType<FakeDiscord['createGuild']>;

interface BotProcess {
  proc: ChildProcess;
  lines: () => Record<string, unknown>[];
  stderr: () => string;
  exited: Promise<number | null>;
}

function startBot(discord: FakeDiscord, shard: number, dbPath: string): BotProcess {
  const databaseEnv = { ARBITER_DB: dbPath };
  const proc = spawn(process.execPath, ['--import', 'tsx', main], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DISCORD_TOKEN: discord.botToken,
      DISCORD_REST_URL: discord.restUrl,
      ...databaseEnv,
      ARBITER_SHARDS: '2',
      ARBITER_SHARD_IDS: String(shard),
      ARBITER_IMAGES: 'off',
      ARBITER_CHALLENGE_COOLDOWN_SECONDS: '0',
      ARBITER_LOG_LEVEL: 'debug',
      ARBITER_LOG_FORMAT: 'json',
    },
  });
  let out = '';
  let err = '';
  proc.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  proc.stderr?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    err += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => proc.once('close', (code) => resolve(code)));
  return {
    proc,
    exited,
    stderr: () => err,
    lines: () =>
      out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

async function until(what: string, check: () => boolean, ms = 120_000, bot?: BotProcess): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end)
      throw new Error(`timed out waiting for ${what}${bot ? `; its stderr: ${bot.stderr().slice(-2000)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let seed = 11;
const random = (n: number) => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) % n;
};

interface Match {
  id: string;
  shard: number;
  players: { p1: FakeUser; p2: FakeUser };
  acks: { version: string; seat: string }[];
  /** Acknowledged clicks since shard 1's restart. */
  acksAfterRestart: number;
  /** The simple player found no button to answer with (a multi-pick): it concedes at the end. */
  stuck: boolean;
}

describe('two shard processes on one SQLite file', () => {
  let discord: FakeDiscord;
  const bots: BotProcess[] = [];
  let store: Store | null = null;
  afterAll(async () => {
    store?.close();
    for (const bot of bots) if (bot.proc.exitCode === null && bot.proc.signalCode === null) bot.proc.kill('SIGKILL');
    await discord?.close();
    cleanup();
  });

  it('keeps every acknowledged decision through a kill -9 of one process, and the matches finish', async () => {
    discord = await FakeDiscord.start({ shards: 2 });
    const dbPath = join(dir, 'shards.db');
    // A guild on each shard (ids carry their creation time, so a few ms apart), with two pairs of players.
    const guilds: (Guild | undefined)[] = [undefined, undefined];
    const pairs: [FakeUser, FakeUser][][] = [[], []];
    for (let i = 0; guilds.includes(undefined) && i < 500; i++) {
      const users: [FakeUser, FakeUser][] = Array.from({ length: MATCHES_PER_GUILD }, (_, j) => [
        discord.createUser(`g${i}p${j}a`),
        discord.createUser(`g${i}p${j}b`),
      ]);
      const guild = discord.createGuild(`Guild ${i}`, { members: users.flat() });
      const shard = shardOf(guild.id, 2);
      if (!guilds[shard]) {
        guilds[shard] = guild;
        pairs[shard] = users;
      }
      await pause(1);
    }
    // The commands, registered once for the application (as commands/deploy.ts does).
    const put = await fetch(`${discord.restUrl}/v10/applications/${discord.applicationId}/commands`, {
      method: 'PUT',
      headers: { authorization: `Bot ${discord.botToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(commandDefinitions(GAMES)),
    });
    expect(put.status).toBe(200);

    const online = (bot: BotProcess | undefined) => () =>
      bot?.lines().some((l) => String(l.msg).startsWith('Arbiter is online')) ?? false;
    // One after the other, as docs/deploy.md says to deploy: the first migrates the new file (and imports the rules
    // index) before the second starts. Two first boots racing on one fresh file can outlast the busy timeout.
    bots[0] = startBot(discord, 0, dbPath);
    await until('shard 0 online', online(bots[0]), 120_000, bots[0]);
    bots[1] = startBot(discord, 1, dbPath);
    await until('shard 1 online', online(bots[1]), 120_000, bots[1]);
    expect(discord.connectedShards.map((s) => s.join('/')).sort()).toEqual(['0/2', '1/2']);
    store = openStore({ path: dbPath }, (id) => GAMES.find(id)?.play?.module);
    const matchStore = store.matches;
    const module = GAMES.playable('nova').play.module;
    /**
     * The match's state as the database has it now: this process's cached copy would not see the bots' commits, and
     * the row and the log are read in one transaction (one snapshot of the WAL), so a commit cannot fall between.
     */
    const stateNow = (matchId: string) =>
      store?.db.transaction(() => {
        matchStore.forget([matchId]);
        return matchStore.currentState(matchId);
      })() ?? matchStore.currentState(matchId);

    // Every pair challenges in its guild; the challenge goes to the guild's shard's process.
    const matches: Match[] = [];
    for (const shard of [0, 1]) {
      const guild = guilds[shard] as Guild;
      for (const [a, b] of pairs[shard] ?? []) {
        const challenge = await a.slash('duel challenge', { opponent: b, game: 'nova' }, { in: guild.channel() });
        const offer = challenge.reply();
        const accept = offer?.buttons.find((x) => x.customId?.startsWith('c:accept:'))?.customId;
        if (!offer || !accept) throw new Error(`no challenge: ${offer?.content ?? challenge.state}`);
        await b.click(offer, accept);
        await until('the match to start', () => matchStore.match(offer.id)?.status === 'active', 30_000);
        matches.push({ id: offer.id, shard, players: { p1: a, p2: b }, acks: [], acksAfterRestart: 0, stuck: false });
      }
    }

    let phase: 'before' | 'down' | 'after' | 'done' = 'before';
    let failedClicks = 0;
    /** Plays one match through its board and hand controls until the phase is over or it cannot go on. */
    const play = async (match: Match) => {
      let tries = 0;
      while (phase !== 'done' && !match.stuck) {
        const row = matchStore.match(match.id);
        if (row?.status !== 'active') return;
        const pending = module.pending(stateNow(match.id));
        if (!pending) return;
        const user = match.players[pending.player];
        const board = user
          .messages({ channelId: match.id })
          .filter((m) => !m.ephemeral && m.buttons.some((x) => x.customId === `h:${match.id}`))
          .at(-1);
        if (!board) {
          await pause(20);
          continue;
        }
        const opened = await user.click(board, `h:${match.id}`);
        if (opened.state !== 'acknowledged') {
          // Nobody answered within 3 s: this guild's shard process is down.
          failedClicks++;
          await pause(100);
          continue;
        }
        let hand: MessageView | undefined;
        for (let i = 0; i < 300; i++) {
          hand = opened.answer();
          if (hand && !hand.loading) break;
          await pause(10);
        }
        // An answer in one click: an option, "none", a number; else a multi-choice menu with one value.
        const buttons = (hand?.buttons ?? []).filter((x) => /^[anu]:/.test(x.customId ?? '') && x.disabled !== true);
        const menu = hand?.selects.find((x) => x.customId.startsWith('m:') && x.disabled !== true);
        const option = buttons[random(Math.max(1, buttons.length))]?.customId;
        if (!hand || (!option && !menu)) {
          // Read before the bot's automatic pass moved the decision on ("Waiting for …"): look again; a decision
          // this player cannot answer in one click (a multi-pick) stays, and ends the match's play.
          if (++tries < 30) {
            await pause(50);
            continue;
          }
          match.stuck = true;
          return;
        }
        tries = 0;
        const answer = option ?? menu?.customId ?? '';
        let clicked: Awaited<ReturnType<FakeUser['click']>>;
        try {
          clicked = option
            ? await user.click(hand, option)
            : await user.select(hand, answer, [menu?.options[0]?.value ?? '']);
        } catch {
          // A menu that takes more than one value: beyond this simple player.
          match.stuck = true;
          return;
        }
        if (clicked.state !== 'acknowledged') {
          failedClicks++;
          continue;
        }
        if (clicked.callbackType === 6) {
          const [, , version] = answer.split(':');
          match.acks.push({ version: version ?? '', seat: pending.player });
          if (phase === 'after') match.acksAfterRestart++;
        }
        for (let i = 0; i < 100 && module.pending(stateNow(match.id))?.id === pending.id; i++) {
          await pause(10);
        }
      }
    };
    const playing = Promise.all(matches.map(play));
    const shardOne = matches.filter((m) => m.shard === 1);
    const acked = (list: Match[]) => list.reduce((n, m) => n + m.acks.length, 0);

    // kill -9 shard 1's process in the middle of play.
    await until('decisions in shard 1', () => acked(shardOne) >= ACKS_BEFORE_KILL || shardOne.every((m) => m.stuck));
    const shardZeroBefore = acked(matches.filter((m) => m.shard === 0));
    bots[1]?.proc.kill('SIGKILL');
    await bots[1]?.exited;
    phase = 'down';
    const killedLines = bots[1]?.lines() ?? [];
    await until('shard 1 gone from the gateway', () => discord.connectedShards.every((s) => s[0] !== 1));
    // Shard 0's guild plays on meanwhile; shard 1's players' clicks go unanswered.
    await pause(4_000);

    bots[2] = startBot(discord, 1, dbPath);
    await until('shard 1 back online', online(bots[2]));
    phase = 'after';
    await until(
      'decisions after the restart',
      () => shardOne.every((m) => m.stuck || m.acksAfterRestart >= ACKS_AFTER_RESTART || !active(m)),
      180_000,
    );
    phase = 'done';
    await playing;

    // Every match ends: conceded by its first player, through its guild's process.
    function active(m: Match) {
      return matchStore.match(m.id)?.status === 'active';
    }
    for (const match of matches.filter(active)) {
      const asked = await match.players.p1.slash('concede', {}, { in: { channelId: match.id } });
      const confirmation = await asked.settled();
      const yes = confirmation.buttons.find((b) => b.customId?.startsWith('v:') && b.customId.endsWith(':y'));
      expect(yes, confirmation.content).toBeDefined();
      await match.players.p1.click(confirmation, yes?.customId ?? '');
      await until(`match ${match.id} to finish`, () => matchStore.match(match.id)?.status === 'finished', 30_000);
    }

    // Both processes stop gracefully.
    for (const bot of [bots[0], bots[2]]) bot?.proc.kill('SIGTERM');
    expect(await bots[0]?.exited).toBe(0);
    expect(await bots[2]?.exited).toBe(0);

    const db = store.db;
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    // Every click acknowledged (by either process, the killed one included) is a committed decision.
    const answered = db.prepare(
      'SELECT count(*) AS n FROM match_decisions WHERE match_id = ? AND decision_id = ? AND seat = ?',
    );
    for (const match of matches) {
      for (const ack of match.acks) {
        expect(answered.get(match.id, `v${ack.version}`, ack.seat), `${match.id} v${ack.version}`).toEqual({ n: 1 });
      }
    }
    // Every commit a process logged (it may have told Discord) is in the log; each process committed only in its
    // own guild's matches.
    const logged = db.prepare('SELECT count(*) AS n FROM match_decisions WHERE match_id = ? AND seq = ?');
    const shardOfMatch = new Map(matches.map((m) => [m.id, m.shard]));
    const commitsBy = (lines: Record<string, unknown>[]) => lines.filter((l) => l.msg === 'decision committed');
    for (const [shard, lines] of [
      [0, bots[0]?.lines() ?? []],
      [1, killedLines],
      [1, bots[2]?.lines() ?? []],
    ] as const) {
      for (const commit of commitsBy(lines)) {
        expect(shardOfMatch.get(String(commit.match))).toBe(shard);
        expect(logged.get(commit.match, commit.seq)).toEqual({ n: 1 });
      }
    }
    for (const match of matches) {
      const seqs = db.prepare('SELECT seq FROM match_decisions WHERE match_id = ? ORDER BY seq').all(match.id) as {
        seq: number;
      }[];
      expect(seqs.map((s) => s.seq)).toEqual(seqs.map((_, i) => i + 1));
      expect(matchStore.match(match.id)?.status).toBe('finished');
    }
    const killedCommits = commitsBy(killedLines).length;
    const restartedCommits = commitsBy(bots[2]?.lines() ?? []).length;
    const shardZeroDuring = acked(matches.filter((m) => m.shard === 0)) - shardZeroBefore;
    console.log(
      `two shards: ${matches.length} matches, ${acked(matches)} acknowledged clicks (shard 1: ${acked(shardOne)}), ` +
        `shard 1 committed ${killedCommits} before kill -9 and ${restartedCommits} after its restart, ` +
        `shard 0 acknowledged ${shardZeroDuring} after shard 1 was killed, ${failedClicks} clicks unanswered while it was down, ` +
        `${matches.filter((m) => m.stuck).length} matches left for a multi-pick`,
    );
    expect(killedCommits).toBeGreaterThan(0);
    expect(restartedCommits).toBeGreaterThan(0);
    expect(failedClicks).toBeGreaterThan(0);
  }, 420_000);
});
