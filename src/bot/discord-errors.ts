// Discord's JSON error codes the bot reacts to (discord.js raises them as DiscordAPIError with `code`).
import { DiscordAPIError } from 'discord.js';

export const UNKNOWN_CHANNEL = 10003;
export const MISSING_ACCESS = 50001;
export const CANNOT_MESSAGE_USER = 50007;
export const MISSING_PERMISSIONS = 50013;

/** The Discord error code of an error, or null when it is not a Discord API error. */
export function discordCode(error: unknown): number | null {
  return error instanceof DiscordAPIError && typeof error.code === 'number' ? error.code : null;
}

/** The bot may not do this in the channel: a missing permission (50013) or no access at all (50001). */
export function isPermissionError(error: unknown): boolean {
  const code = discordCode(error);
  return code === MISSING_PERMISSIONS || code === MISSING_ACCESS;
}
