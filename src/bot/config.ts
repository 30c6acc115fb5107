// The bot's configuration, read from the environment once at start and checked with zod, so a typo fails at boot
// with a sentence naming the variable instead of later as a Discord 401 or a database error.
import { z } from 'zod';

const Snowflake = z.string().regex(/^\d{5,25}$/, 'must be a Discord id (digits only)');

export const BotConfigSchema = z.object({
  /** DISCORD_TOKEN: the bot token from the Developer Portal. */
  token: z.string().trim().min(20, 'looks too short to be a bot token'),
  /** DISCORD_APPLICATION_ID: needed to register slash commands. */
  applicationId: Snowflake.optional(),
  /** ARBITER_DB: the SQLite file. */
  dbPath: z.string().min(1).default('./var/arbiter.db'),
  /** DISCORD_REST_URL: an API base such as http://127.0.0.1:1234/api (tests, the local fake Discord). */
  restUrl: z.url().optional(),
  /** DISCORD_GUILD_ID: register commands in this guild only (instant), instead of globally. */
  guildId: Snowflake.optional(),
  /** ARBITER_IMAGES: off to skip rendering board and hand images (tests, very small hosts). */
  images: z.enum(['on', 'off']).default('on'),
  /**
   * ARBITER_HAND_PICTURE_WAIT_MS: how long "My hand / act" waits for the hand's picture before it shows the hand and
   * its controls without it and edits the picture in when drawn (issue 26 item 8).
   */
  handPictureWaitMs: z.coerce.number().int().min(0).max(3_000).default(120),
  /** ARBITER_CHALLENGE_TTL_SECONDS: how long a challenge can be accepted. */
  challengeTtlSeconds: z.coerce.number().int().min(10).max(86_400).default(600),
  /** ARBITER_CHALLENGE_COOLDOWN_SECONDS: a challenger's wait between two challenges (0: none). */
  challengeCooldownSeconds: z.coerce.number().int().min(0).max(86_400).default(30),
});
export type BotConfig = z.infer<typeof BotConfigSchema>;

const ENV_NAMES: Record<string, string> = {
  token: 'DISCORD_TOKEN',
  applicationId: 'DISCORD_APPLICATION_ID',
  dbPath: 'ARBITER_DB',
  restUrl: 'DISCORD_REST_URL',
  guildId: 'DISCORD_GUILD_ID',
  images: 'ARBITER_IMAGES',
  handPictureWaitMs: 'ARBITER_HAND_PICTURE_WAIT_MS',
  challengeTtlSeconds: 'ARBITER_CHALLENGE_TTL_SECONDS',
  challengeCooldownSeconds: 'ARBITER_CHALLENGE_COOLDOWN_SECONDS',
};

export class BotConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The bot's configuration is not usable:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'BotConfigError';
  }
}

/** Reads the environment; throws BotConfigError listing every bad variable at once. */
export function botConfigFromEnv(env: NodeJS.ProcessEnv = process.env): BotConfig {
  const pick = (name: string) => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const input: Record<string, string> = {};
  for (const [key, name] of Object.entries(ENV_NAMES)) {
    const value = pick(name);
    if (value !== undefined) input[key] = value;
  }
  const parsed = BotConfigSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new BotConfigError(
    parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? '');
      const name = ENV_NAMES[key] ?? key;
      return input[key] === undefined ? `${name} is missing (${issue.message})` : `${name}: ${issue.message}`;
    }),
  );
}
