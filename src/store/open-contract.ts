import { InvalidData } from '../engine/core/errors.ts';
import { storeConfigFromEnv } from './config.ts';
import type { StoreContract } from './contract.ts';
import type { GameResolver } from './game-resolver.ts';
import { openPostgresStore } from './postgres/pg-store.ts';
import { sqliteContract } from './sqlite-contract.ts';
import { openStore, type StoreOptions } from './store.ts';

/**
 * The store the environment names: PostgreSQL when `ARBITER_DATABASE_URL` is a `postgres://` (or `postgresql://`)
 * URL, otherwise the SQLite file of `ARBITER_DB` (store.ts, the default). Any other URL is refused by name, so a typo
 * never silently falls back to a local file.
 */
export async function openStoreContract(
  resolveGame: GameResolver,
  options: StoreOptions = {},
  env: NodeJS.ProcessEnv = process.env,
): Promise<StoreContract> {
  const config = storeConfigFromEnv(env);
  const url = env.ARBITER_DATABASE_URL?.trim();
  if (!url) return sqliteContract(openStore(config, resolveGame, options));
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new InvalidData(
      `ARBITER_DATABASE_URL must be a postgres:// URL (got "${url.split(':')[0]}:…"); unset it to use SQLite`,
    );
  }
  return openPostgresStore(url, resolveGame, {
    snapshotEvery: config.snapshotEvery,
    guildRetentionDays: config.guildRetentionDays,
    ...(options.log ? { log: options.log } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.onCommit ? { onCommit: options.onCommit } : {}),
  });
}
