// `npm start` with DISCORD_TOKEN: the bot, until SIGINT/SIGTERM.
import { BotConfigError, botConfigFromEnv } from './config.ts';
import { createBot } from './create-bot.ts';

export async function runBot(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let config: ReturnType<typeof botConfigFromEnv>;
  try {
    config = botConfigFromEnv(env);
  } catch (error) {
    if (error instanceof BotConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const bot = createBot({
    token: config.token,
    dbPath: config.dbPath,
    images: config.images === 'on',
    challengeTtlMs: config.challengeTtlSeconds * 1000,
    challengeCooldownMs: config.challengeCooldownSeconds * 1000,
    ...(config.restUrl ? { restUrl: config.restUrl } : {}),
    ...(config.guildId ? { registerCommands: { guildId: config.guildId } } : {}),
  });
  await bot.start();
  console.log(`Arbiter is online as ${bot.client.user?.tag ?? '?'} (database ${config.dbPath}).`);
  const stop = async (signal: string) => {
    console.log(`${signal}: stopping.`);
    await bot.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}
