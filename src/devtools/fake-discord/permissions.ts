import { missingPermissions } from './errors.ts';
import { botPermissionsIn } from './payloads.ts';
import type { ChannelRecord, Store } from './store.ts';

/**
 * The bot's channel permissions as REST checks them: a channel can deny the bot some of its guild permissions
 * (`discord.denyBotPermissions`), and a thread inherits its parent's denials, as with Discord's overwrites.
 */

export function hasBotPermissions(ctx: { store: Store; botUserId: string }, channel: ChannelRecord, needed: bigint) {
  if (channel.guildId === null) return true;
  return (botPermissionsIn(ctx.store, channel, ctx.botUserId) & needed) === needed;
}

/** 50013 Missing Permissions when the bot lacks any of `needed` in the channel (DMs need none). */
export function requireBotPermissions(
  ctx: { store: Store; botUserId: string },
  channel: ChannelRecord,
  needed: bigint,
): void {
  if (!hasBotPermissions(ctx, channel, needed)) throw missingPermissions();
}
