// `npm start` with DISCORD_TOKEN: the bot, until SIGINT/SIGTERM (a graceful stop, src/ops/shutdown.ts). Logs are
// JSON lines on stdout (readable when stdout is a terminal); with ARBITER_ADMIN_PORT, /metrics, /healthz and /readyz
// on an admin HTTP server (docs/deploy.md).

import { ZodError } from 'zod';
import { GAMES } from '../engine/registry.ts';
import { type AdminServer, startAdminServer } from '../ops/admin-server.ts';
import { loggingFromEnv, OpsConfigError, opsConfigFromEnv } from '../ops/config.ts';
import { Metrics } from '../ops/metrics.ts';
import { stopOnSignals } from '../ops/shutdown.ts';
import { storeConfigFromEnv } from '../store/config.ts';
import type { StoreContract } from '../store/contract.ts';
import { openStoreContract } from '../store/open-contract.ts';
import { BotConfigError, botConfigFromEnv } from './config.ts';
import { createBot, storeCommitHook } from './create-bot.ts';

export async function runBot(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let config: ReturnType<typeof botConfigFromEnv>;
  let ops: ReturnType<typeof opsConfigFromEnv>;
  let store: ReturnType<typeof storeConfigFromEnv>;
  try {
    config = botConfigFromEnv(env);
    ops = opsConfigFromEnv(env);
    store = storeConfigFromEnv(env);
  } catch (error) {
    if (error instanceof BotConfigError || error instanceof OpsConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    if (error instanceof ZodError) {
      const problems = error.issues.map((issue) => `  - ${String(issue.path[0] ?? '')}: ${issue.message}`);
      process.stderr.write(
        `The store's settings (ARBITER_DB, ARBITER_SNAPSHOT_EVERY, ARBITER_DB_SYNCHRONOUS, ARBITER_GUILD_RETENTION_DAYS) are not usable:\n${problems.join('\n')}\n`,
      );
      process.exit(2);
    }
    throw error;
  }
  const logging = loggingFromEnv(ops, [config.token]);
  const { logger } = logging;
  const metrics = ops.adminPort !== undefined ? new Metrics() : undefined;
  // ARBITER_DATABASE_URL: the store on PostgreSQL (several processes or machines on one database, docs/deploy.md);
  // the local file of ARBITER_DB then holds only the rules index.
  const url = env.ARBITER_DATABASE_URL?.trim();
  let contract: StoreContract | undefined;
  if (url) {
    try {
      contract = await openStoreContract(
        (id) => GAMES.find(id)?.play?.module,
        { log: (message) => logger.warn(message), onCommit: storeCommitHook(metrics, logger) },
        env,
      );
    } catch (error) {
      // One line, never the URL's password (a driver's message may quote the URL).
      const password = passwordOf(url);
      const reason = (error as Error).message;
      process.stderr.write(
        `ARBITER_DATABASE_URL: cannot open the PostgreSQL store: ${password ? reason.split(password).join('***') : reason}\n`,
      );
      process.exit(2);
    }
  }
  const bot = createBot({
    token: config.token,
    dbPath: config.dbPath,
    ...(contract ? { contract } : {}),
    // ARBITER_SNAPSHOT_EVERY, ARBITER_DB_SYNCHRONOUS and ARBITER_GUILD_RETENTION_DAYS (docs/store.md).
    storeConfig: store,
    images: config.images === 'on',
    handPictureWaitMs: config.handPictureWaitMs,
    challengeTtlMs: config.challengeTtlSeconds * 1000,
    challengeCooldownMs: config.challengeCooldownSeconds * 1000,
    logging,
    shards: ops.shards,
    globalRateLimit: ops.globalRateLimit,
    ...(metrics ? { metrics } : {}),
    ...(config.restUrl ? { restUrl: config.restUrl } : {}),
    ...(config.guildId ? { registerCommands: { guildId: config.guildId } } : {}),
  });
  // The admin server comes up first: /healthz answers during a long boot, /readyz says what is not ready yet.
  let admin: AdminServer | null = null;
  if (metrics && ops.adminPort !== undefined) {
    admin = await startAdminServer({ port: ops.adminPort, host: ops.adminHost, metrics, ready: () => bot.readiness() });
    logger.info({ url: admin.url }, `admin server on ${admin.url} (/metrics, /healthz, /readyz)`);
  }
  stopOnSignals({
    logger,
    stop: async () => {
      await bot.stop();
      await admin?.close();
    },
  });
  logger.info(
    {
      db: contract ? 'postgres' : config.dbPath,
      images: config.images,
      logLevel: ops.logLevel,
      shards: ops.shards.count,
      shardIds: ops.shards.ids,
    },
    'starting',
  );
  await bot.start();
  logger.info(
    { user: bot.client.user?.id, guilds: bot.client.guilds.cache.size },
    `Arbiter is online as ${bot.client.user?.tag ?? '?'} (database ${contract ? 'PostgreSQL' : config.dbPath})`,
  );
}

/** The password in a connection URL, if it has one (to keep it out of messages). */
function passwordOf(url: string): string | null {
  try {
    const password = decodeURIComponent(new URL(url).password);
    return password || null;
  } catch {
    return null;
  }
}
