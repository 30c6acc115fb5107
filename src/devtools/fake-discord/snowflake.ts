const DISCORD_EPOCH = 1_420_070_400_000n;

/**
 * Makes Discord-shaped 64-bit ids: milliseconds since the Discord epoch in the top 42 bits, then a
 * counter, so discord.js derives sensible `createdAt` dates and ids sort by creation order.
 */
export class SnowflakeFactory {
  #increment = 0n;

  constructor(private readonly now: () => number) {}

  next(): string {
    const ms = BigInt(Math.max(0, Math.floor(this.now()))) - DISCORD_EPOCH;
    this.#increment = (this.#increment + 1n) & 0x3fffffn;
    return ((ms << 22n) | this.#increment).toString();
  }
}

/** The shard that receives a guild's events: Discord's `(guild_id >> 22) % shard_count`. DMs go to shard 0. */
export function shardOfGuild(guildId: string | null, shardCount: number): number {
  if (guildId === null) return 0;
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}
