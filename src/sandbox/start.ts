// The local sandbox (issue 7): `npm start` without DISCORD_TOKEN. The fake Discord runs in-process, the real bot
// logs in to it through discord.js, and a small web page on 127.0.0.1 shows the Discord channel as one of three
// preset people sees it. See docs/sandbox.md.
import { dirname, join, parse } from 'node:path';
import { type Bot, createBot } from '../bot/create-bot.ts';
import { FakeDiscord } from '../devtools/fake-discord/index.ts';
import { loggingFromEnv, opsConfigFromEnv } from '../ops/config.ts';
import { type Logging, silentLogging } from '../ops/logger.ts';
import { startSandboxServer } from './server.ts';
import { loadWorld, openWorld, type SandboxWorld, saveWorld } from './world.ts';

export interface SandboxOptions {
  /** 3000 by default (ARBITER_SANDBOX_PORT); 0 lets the OS pick (tests). */
  port?: number;
  /** The bot's SQLite file (ARBITER_DB, default ./var/arbiter.db); the sandbox's Discord is saved beside it. */
  dbPath?: string;
  /** Board and hand images (default on). */
  images?: boolean;
  /** Where the bot's own messages go (tests); the structured logger's warnings by default. */
  log?: (message: string) => void;
  /** The structured logger (readable lines in a terminal, JSON lines otherwise; ARBITER_LOG_LEVEL). */
  logging?: Logging;
  /** Each new match's seed (tests that replay one game); a random one by default. */
  seedFor?: (matchId: string) => string;
}

export interface Sandbox {
  url: string;
  close(): Promise<void>;
  /** The parts inside, for tests: the local Discord, the bot, the people. */
  internals: { discord: FakeDiscord; bot: Bot; world: SandboxWorld };
}

/** The file that keeps the sandbox's Discord (people, channels, threads, messages) between runs. */
export function worldPathFor(dbPath: string): string {
  const { dir, name } = parse(dbPath);
  return join(dir || dirname(dbPath), `${name}.sandbox-discord.json`);
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  // A caller that collects the bot's messages (a test) gets no other lines.
  const logging = options.logging ?? (options.log ? silentLogging() : loggingFromEnv(opsConfigFromEnv()));
  const dbPath = options.dbPath ?? process.env.ARBITER_DB ?? './var/arbiter.db';
  const port = options.port ?? Number(process.env.ARBITER_SANDBOX_PORT ?? 3000);
  const worldPath = worldPathFor(dbPath);

  const discord = await FakeDiscord.start();
  const world: SandboxWorld = openWorld(discord, loadWorld(worldPath));
  const bot = createBot({
    token: discord.botToken,
    restUrl: discord.restUrl,
    // The real Discord throttles nothing this small; the local one needs no client-side throttle either.
    rest: { globalRequestsPerSecond: 1_000 },
    dbPath,
    images: options.images ?? true,
    registerCommands: { guildId: world.guild.id },
    logging,
    ...(options.log ? { log: options.log } : {}),
    ...(options.seedFor ? { seedFor: options.seedFor } : {}),
  });
  await bot.start();

  const save = () => saveWorld(discord, worldPath);
  let saveTimer: NodeJS.Timeout | null = null;
  const onChange = () => {
    saveTimer ??= setTimeout(() => {
      saveTimer = null;
      save();
    }, 1_000);
  };
  discord.events.on('message', onChange);
  discord.events.on('channel', onChange);

  let server: Awaited<ReturnType<typeof startSandboxServer>>;
  try {
    server = await startSandboxServer({ discord, world, port });
  } catch (error) {
    discord.events.off('message', onChange);
    discord.events.off('channel', onChange);
    if (saveTimer) clearTimeout(saveTimer);
    await bot.stop();
    await discord.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(`port ${port} is in use: set ARBITER_SANDBOX_PORT to another port`);
    }
    throw error;
  }
  const opened = `Arbiter sandbox: open ${server.url} (local Discord, database ${dbPath})`;
  logging.logger.info({ url: server.url, db: dbPath }, opened);
  options.log?.(opened); // a caller that collects the sandbox's messages (tests) gets where to open it, too

  return {
    url: server.url,
    internals: { discord, bot, world },
    async close() {
      discord.events.off('message', onChange);
      discord.events.off('channel', onChange);
      await server.close();
      await bot.idle();
      await bot.stop();
      if (saveTimer) clearTimeout(saveTimer);
      save();
      await discord.close();
    },
  };
}
