// The scale-out proof (issue 24): two bot processes started as `npm start` starts them (src/main.ts),
// ARBITER_SHARDS=2 with ARBITER_SHARD_IDS=0 and =1, on one database, against a fake Discord serving two shards; once
// on one SQLite file (WAL, busy timeout) and once on one PostgreSQL (ARBITER_DATABASE_URL, a private server started
// by test/support/postgres.ts; skipped with one line where PostgreSQL is not installed, never in CI). Matches run in a guild on each shard; shard 1's process is killed with SIGKILL in the middle
// of play and started again. Then: every decision click either process acknowledged is in the log, every commit
// either logged is there with its sequence contiguous, both processes took only their own guild's clicks, and every
// match finishes (played on, then conceded) through the restarted process.
// The checks read the database through the store contract (src/store/contract.ts), the same on both.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { commandDefinitions } from '../../commands/definitions.ts';
import { FakeDiscord, type FakeUser, type MessageView } from '../../src/devtools/fake-discord/index.ts';
import { GAMES } from '../../src/engine/registry.ts';
import { shardOf } from '../../src/ops/shards.ts';
import { importRules, rulesImportConfigFromEnv } from '../../src/rules/import.ts';
import type { StoreContract } from '../../src/store/contract.ts';
import { openStoreContract } from '../../src/store/open-contract.ts';
import { openDatabase } from '../../src/store/open-database.ts';
import { RulesIndexStore } from '../../src/store/rules-index.ts';
import { sqliteContract } from '../../src/store/sqlite-contract.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { tempDir } from '../store/temp-store.ts';
import { havePostgres, startPostgres, type TestPostgres } from '../support/postgres.ts';

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

/** Where the bots keep their data: the SQLite file, or PostgreSQL's URL (the file then holds the rules index). */
interface Database {
  env: Record<string, string>;
  /** The store as the bots see it, for the checks. */
  open(): Promise<StoreContract>;
  /** SQLite's integrity check ('ok'); PostgreSQL has none to run. */
  integrity(): string;
  close(): Promise<void>;
}

function startBot(discord: FakeDiscord, shard: number, database: Database): BotProcess {
  const databaseEnv = database.env;
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

async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  ms = 120_000,
  bot?: BotProcess,
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
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

afterAll(() => cleanup());

describe('two shard processes on one SQLite file', () => {
  let sqlite: Store | null = null;
  const run = twoShards();
  afterAll(async () => {
    sqlite?.close();
    await run.end();
  });

  it('keeps every acknowledged decision through a kill -9 of one process, and the matches finish', async () => {
    const path = join(dir, 'shards.db');
    await run.prove({
      env: { ARBITER_DB: path },
      async open() {
        sqlite = openStore({ path }, (id) => GAMES.find(id)?.play?.module);
        return sqliteContract(sqlite);
      },
      integrity: () => String(sqlite?.db.pragma('integrity_check', { simple: true })),
      async close() {},
    });
  }, 420_000);
});

describe.skipIf(!havePostgres)('two shard processes on one PostgreSQL', () => {
  let server: TestPostgres | null = null;
  const run = twoShards();
  afterAll(async () => {
    await run.end();
    server?.stop();
  });

  it('keeps every acknowledged decision through a kill -9 of one process, and the matches finish', async () => {
    server = await startPostgres();
    const url = await server.createDatabase();
    const env = { ARBITER_DATABASE_URL: url, ARBITER_DB: join(dir, 'rules-only.db') };
    await run.prove({
      env,
      open: () => openStoreContract((id) => GAMES.find(id)?.play?.module, {}, env),
      integrity: () => 'ok',
      async close() {},
    });
  }, 420_000);
});

/** The proof against one database; `end()` kills whatever is left and stops the fake Discord. */
function twoShards() {
  let discord: FakeDiscord | undefined;
  const bots: BotProcess[] = [];
  let store: StoreContract | null = null;
  const end = async () => {
    await store?.close();
    for (const bot of bots) if (bot.proc.exitCode === null && bot.proc.signalCode === null) bot.proc.kill('SIGKILL');
    await discord?.close();
  };
  const prove = async (database: Database) => {
    discord = await FakeDiscord.start({ shards: 2 });
    const fake = discord;
    // A guild on each shard (ids carry their creation time, so a few ms apart), with two pairs of players.
    const guilds: (Guild | undefined)[] = [undefined, undefined];
    const pairs: [FakeUser, FakeUser][][] = [[], []];
    for (let i = 0; guilds.includes(undefined) && i < 500; i++) {
      const users: [FakeUser, FakeUser][] = Array.from({ length: MATCHES_PER_GUILD }, (_, j) => [
        fake.createUser(`g${i}p${j}a`),
        fake.createUser(`g${i}p${j}b`),
      ]);
      const guild = fake.createGuild(`Guild ${i}`, { members: users.flat() });
      const shard = shardOf(guild.id, 2);
      if (!guilds[shard]) {
        guilds[shard] = guild;
        pairs[shard] = users;
      }
      await pause(1);
    }
    // The commands, registered once for the application (as commands/deploy.ts does).
    const put = await fetch(`${fake.restUrl}/v10/applications/${fake.applicationId}/commands`, {
      method: 'PUT',
      headers: { authorization: `Bot ${fake.botToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(commandDefinitions(GAMES)),
    });
    expect(put.status).toBe(200);

    const online = (bot: BotProcess | undefined) => () =>
      bot?.lines().some((l) => String(l.msg).startsWith('Arbiter is online')) ?? false;
    // Both processes start at once on a database that is ready, as an upgrade leaves it (docs/deploy.md: migrations
    // run once before the processes start): migrated by the checks' own store, the rules index imported into
    // ARBITER_DB. Two first boots racing on one fresh SQLite file could outlast the busy timeout.
    store = await database.open();
    const rulesDb = openDatabase({ path: database.env.ARBITER_DB ?? '', synchronous: 'NORMAL' });
    importRules(new RulesIndexStore(rulesDb), rulesImportConfigFromEnv({}));
    rulesDb.close();
    bots[0] = startBot(fake, 0, database);
    bots[1] = startBot(fake, 1, database);
    await until('shard 0 online', online(bots[0]), 120_000, bots[0]);
    await until('shard 1 online', online(bots[1]), 120_000, bots[1]);
    expect(fake.connectedShards.map((s) => s.join('/')).sort()).toEqual(['0/2', '1/2']);
    // Each takes its shard's half of the token's global rate limit (src/ops/global-share.ts).
    for (const bot of [bots[0], bots[1]]) {
      const running = bot?.lines().find((l) => String(l.msg).startsWith('running shard'));
      expect(running?.globalPerSecond).toBe(25);
    }
    const matchStore = store.matches;
    const module = GAMES.playable('nova').play.module;
    /**
     * The match's state as the database has it now: the contract checks its cached copy against the row (the bots'
     * commits advance it) and reads the row and the log as one moment, so a commit cannot fall between.
     */
    const stateNow = (matchId: string) => matchStore.currentState(matchId);
    const statusOf = async (matchId: string) => (await matchStore.match(matchId))?.status;

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
        await until('the match to start', async () => (await statusOf(offer.id)) === 'active', 30_000);
        matches.push({ id: offer.id, shard, players: { p1: a, p2: b }, acks: [], acksAfterRestart: 0, stuck: false });
      }
    }

    let phase: 'before' | 'down' | 'after' | 'done' = 'before';
    let failedClicks = 0;
    /** Plays one match through its board and hand controls until the phase is over or it cannot go on. */
    const play = async (match: Match) => {
      let tries = 0;
      while (phase !== 'done' && !match.stuck) {
        if ((await statusOf(match.id)) !== 'active') return;
        const pending = module.pending(await stateNow(match.id));
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
        for (let i = 0; i < 100 && module.pending(await stateNow(match.id))?.id === pending.id; i++) {
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
    await until('shard 1 gone from the gateway', () => fake.connectedShards.every((s) => s[0] !== 1));
    // Shard 0's guild plays on meanwhile; shard 1's players' clicks go unanswered.
    await pause(4_000);

    bots[2] = startBot(fake, 1, database);
    await until('shard 1 back online', online(bots[2]));
    phase = 'after';
    await until(
      'decisions after the restart',
      async () => {
        for (const m of shardOne) {
          if (!(m.stuck || m.acksAfterRestart >= ACKS_AFTER_RESTART || !(await active(m)))) return false;
        }
        return true;
      },
      180_000,
    );
    phase = 'done';
    await playing;

    // Every match ends: conceded by its first player, through its guild's process.
    async function active(m: Match) {
      return (await statusOf(m.id)) === 'active';
    }
    for (const match of matches) {
      if (!(await active(match))) continue;
      const asked = await match.players.p1.slash('concede', {}, { in: { channelId: match.id } });
      const confirmation = await asked.settled();
      const yes = confirmation.buttons.find((b) => b.customId?.startsWith('v:') && b.customId.endsWith(':y'));
      expect(yes, confirmation.content).toBeDefined();
      await match.players.p1.click(confirmation, yes?.customId ?? '');
      await until(`match ${match.id} to finish`, async () => (await statusOf(match.id)) === 'finished', 30_000);
    }

    // Both processes stop gracefully.
    for (const bot of [bots[0], bots[2]]) bot?.proc.kill('SIGTERM');
    expect(await bots[0]?.exited).toBe(0);
    expect(await bots[2]?.exited).toBe(0);

    expect(database.integrity()).toBe('ok');
    // Each match's log as stored: every decision with its sequence number.
    const logs = new Map<string, { seq: number; seat: string; decisionId: string | null }[]>();
    for (const match of matches) {
      const exported = await matchStore.exportMatch(match.id);
      logs.set(
        match.id,
        exported.decisions.map(({ seq, decision }) => ({
          seq,
          seat: 'seat' in decision ? decision.seat : '?',
          decisionId: 'response' in decision ? decision.response.decisionId : null,
        })),
      );
    }
    // Every click acknowledged (by either process, the killed one included) is a committed decision.
    for (const match of matches) {
      for (const ack of match.acks) {
        const found = (logs.get(match.id) ?? []).filter(
          (d) => d.decisionId === `v${ack.version}` && d.seat === ack.seat,
        );
        expect(found, `${match.id} v${ack.version}`).toHaveLength(1);
      }
    }
    // Every commit a process logged (it may have told Discord) is in the log; each process committed only in its
    // own guild's matches.
    const shardOfMatch = new Map(matches.map((m) => [m.id, m.shard]));
    const commitsBy = (lines: Record<string, unknown>[]) => lines.filter((l) => l.msg === 'decision committed');
    for (const [shard, lines] of [
      [0, bots[0]?.lines() ?? []],
      [1, killedLines],
      [1, bots[2]?.lines() ?? []],
    ] as const) {
      for (const commit of commitsBy(lines)) {
        expect(shardOfMatch.get(String(commit.match))).toBe(shard);
        const seqs = (logs.get(String(commit.match)) ?? []).filter((d) => d.seq === commit.seq);
        expect(seqs, `${String(commit.match)} #${String(commit.seq)}`).toHaveLength(1);
      }
    }
    for (const match of matches) {
      const seqs = (logs.get(match.id) ?? []).map((d) => d.seq);
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
      expect(await statusOf(match.id)).toBe('finished');
    }
    const killedCommits = commitsBy(killedLines).length;
    const restartedCommits = commitsBy(bots[2]?.lines() ?? []).length;
    const shardZeroDuring = acked(matches.filter((m) => m.shard === 0)) - shardZeroBefore;
    console.log(
      `two shards (${store.backend}): ${matches.length} matches, ${acked(matches)} acknowledged clicks (shard 1: ${acked(shardOne)}), ` +
        `shard 1 committed ${killedCommits} before kill -9 and ${restartedCommits} after its restart, ` +
        `shard 0 acknowledged ${shardZeroDuring} after shard 1 was killed, ${failedClicks} clicks unanswered while it was down, ` +
        `${matches.filter((m) => m.stuck).length} matches left for a multi-pick`,
    );
    expect(killedCommits).toBeGreaterThan(0);
    expect(restartedCommits).toBeGreaterThan(0);
    expect(failedClicks).toBeGreaterThan(0);
    await database.close();
  };
  return { prove, end };
}
