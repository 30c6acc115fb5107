// Operations settings from the environment, checked at boot like the bot's own (src/bot/config.ts): a typo fails
// with a sentence naming the variable.
import { z } from 'zod';
import { createLogger, LOG_LEVELS, type Logging } from './logger.ts';
import { parseShardSetting, type ShardSetting } from './shards.ts';

export const OpsConfigSchema = z.object({
  /** ARBITER_LOG_LEVEL: fatal, error, warn, info (default), debug, trace or silent. */
  logLevel: z.enum(LOG_LEVELS).default('info'),
  /** ARBITER_LOG_FORMAT: json or pretty; by default pretty when stdout is a terminal, JSON lines otherwise. */
  logFormat: z.enum(['json', 'pretty']).optional(),
  /** ARBITER_ADMIN_PORT: the admin HTTP server's port (/metrics, /healthz, /readyz); none when unset. */
  adminPort: z.coerce.number().int().min(0).max(65_535).optional(),
  /** ARBITER_ADMIN_HOST: the address it listens on; loopback unless set (metrics are not for the public). */
  adminHost: z.string().min(1).default('127.0.0.1'),
  /**
   * ARBITER_GLOBAL_RATE_LIMIT: the bot token's global limit in requests/s (Discord's 50 unless Discord raised it);
   * every process takes its shards' share of it (src/ops/shards.ts).
   */
  globalRateLimit: z.coerce.number().int().min(1).max(100_000).default(50),
});
/** The settings, with the shards this process runs (ARBITER_SHARDS, ARBITER_SHARD_IDS: src/ops/shards.ts). */
export type OpsConfig = z.infer<typeof OpsConfigSchema> & { shards: ShardSetting };

const ENV_NAMES: Record<keyof z.infer<typeof OpsConfigSchema>, string> = {
  logLevel: 'ARBITER_LOG_LEVEL',
  logFormat: 'ARBITER_LOG_FORMAT',
  adminPort: 'ARBITER_ADMIN_PORT',
  adminHost: 'ARBITER_ADMIN_HOST',
  globalRateLimit: 'ARBITER_GLOBAL_RATE_LIMIT',
};

export class OpsConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The operations settings are not usable:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'OpsConfigError';
  }
}

/** Reads the environment; throws OpsConfigError listing every bad variable at once. */
export function opsConfigFromEnv(env: NodeJS.ProcessEnv = process.env): OpsConfig {
  const input: Record<string, string> = {};
  for (const [key, name] of Object.entries(ENV_NAMES)) {
    const value = env[name]?.trim();
    if (value !== undefined && value !== '') input[key] = key === 'logLevel' ? value.toLowerCase() : value;
  }
  const parsed = OpsConfigSchema.safeParse(input);
  const shards = parseShardSetting(env.ARBITER_SHARDS?.trim() || undefined, env.ARBITER_SHARD_IDS?.trim() || undefined);
  if (parsed.success && !Array.isArray(shards)) return { ...parsed.data, shards };
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const key = String(issue.path[0] ?? '') as keyof typeof ENV_NAMES;
        return `${ENV_NAMES[key] ?? key}: ${issue.message}`;
      });
  throw new OpsConfigError([...problems, ...(Array.isArray(shards) ? shards : [])]);
}

/** The logger the environment asks for (level and format), never writing `secrets`. */
export function loggingFromEnv(config: OpsConfig, secrets: readonly string[] = []): Logging {
  return createLogger({
    level: config.logLevel,
    ...(config.logFormat ? { pretty: config.logFormat === 'pretty' } : {}),
    secrets,
  });
}
