// Registers Arbiter's slash commands: `tsx commands/deploy.ts` (globally; takes up to an hour to show) or with
// DISCORD_GUILD_ID set, in that guild only (instant, for development). Reads the same configuration as the bot.
import { REST, Routes } from 'discord.js';
import { BotConfigError, botConfigFromEnv } from '../src/bot/config.ts';
import { commandDefinitions } from './definitions.ts';

async function deploy(): Promise<void> {
  const config = botConfigFromEnv();
  if (!config.applicationId)
    throw new BotConfigError(['DISCORD_APPLICATION_ID is missing (needed to register commands)']);
  const rest = new REST(config.restUrl ? { api: config.restUrl } : {}).setToken(config.token);
  const body = commandDefinitions();
  const route = config.guildId
    ? Routes.applicationGuildCommands(config.applicationId, config.guildId)
    : Routes.applicationCommands(config.applicationId);
  await rest.put(route, { body });
  console.log(
    `Registered ${body.length} commands ${config.guildId ? `in guild ${config.guildId}` : 'globally'}: ${body.map((c) => `/${c.name}`).join(' ')}`,
  );
}

deploy().catch((error: unknown) => {
  console.error(
    error instanceof BotConfigError ? error.message : `Could not register commands: ${(error as Error).message}`,
  );
  process.exit(1);
});
