import { z } from 'zod';

/** How the store is opened. Every field has a default, so local runs need no configuration. */
export const StoreConfigSchema = z.object({
  /** The one database file; its directory is created if missing. */
  path: z.string().min(1).default('./var/arbiter.db'),
  /** A snapshot of the state is written every N decisions, in the decision's own transaction. */
  snapshotEvery: z.number().int().min(1).max(10_000).default(5),
  /**
   * FULL makes a commit survive power loss too; NORMAL survives process crashes (SIGKILL) but may lose the
   * last transactions on power loss. See docs/store.md for why NORMAL is the default.
   */
  synchronous: z.enum(['NORMAL', 'FULL']).default('NORMAL'),
  /** Days after the bot leaves a guild before that guild's data is deleted automatically. */
  guildRetentionDays: z.number().int().min(0).max(3650).default(30),
});
export type StoreConfig = z.infer<typeof StoreConfigSchema>;
export type StoreConfigInput = z.input<typeof StoreConfigSchema>;

/** Reads ARBITER_DB, ARBITER_SNAPSHOT_EVERY, ARBITER_DB_SYNCHRONOUS and ARBITER_GUILD_RETENTION_DAYS. */
export function storeConfigFromEnv(env: NodeJS.ProcessEnv = process.env): StoreConfig {
  const number = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number(v));
  const input: StoreConfigInput = {};
  if (env.ARBITER_DB) input.path = env.ARBITER_DB;
  const every = number(env.ARBITER_SNAPSHOT_EVERY);
  if (every !== undefined) input.snapshotEvery = every;
  if (env.ARBITER_DB_SYNCHRONOUS) input.synchronous = env.ARBITER_DB_SYNCHRONOUS as 'NORMAL' | 'FULL';
  const days = number(env.ARBITER_GUILD_RETENTION_DAYS);
  if (days !== undefined) input.guildRetentionDays = days;
  return StoreConfigSchema.parse(input);
}
