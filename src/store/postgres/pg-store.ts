import type { StoreContract } from '../contract.ts';
import { type GameResolver, requireGame } from '../game-resolver.ts';
import type { MatchStoreOptions } from '../match-store.ts';
import { deleteGuildPg, exportGuildPg } from './pg-guild-data.ts';
import { PgLeagueStore } from './pg-leagues.ts';
import { PgAiSeats, PgChallenges, PgClocks, PgDrafts, PgInactivity, PgPauses, PgPosts } from './pg-match-tables.ts';
import { PgMatchStore } from './pg-matches.ts';
import { PgRatingStore } from './pg-ratings.ts';
import { PgDeckStore, PgGuildSettingsStore, PgPreferencesStore } from './pg-settings.ts';
import { openPool, type PoolOptions } from './pool.ts';
import { migratePostgres } from './schema.ts';

export interface PgStoreOptions extends PoolOptions {
  snapshotEvery?: number;
  /** Days a left guild's data is kept (`ARBITER_GUILD_RETENTION_DAYS`, store config.ts; 30 by default). */
  guildRetentionDays?: number;
  log?: MatchStoreOptions['log'];
  now?: () => number;
  onCommit?: MatchStoreOptions['onCommit'];
}

/** Connects to PostgreSQL at `url`, brings its schema up to date (once, under a lock) and returns the store. */
export async function openPostgresStore(
  url: string,
  resolveGame: GameResolver,
  options: PgStoreOptions = {},
): Promise<StoreContract & { matches: PgMatchStore }> {
  const pool = openPool(url, options.max === undefined ? {} : { max: options.max });
  // An idle connection that breaks (the server restarted) is dropped by the pool; the error must not crash the bot.
  pool.on('error', (error) => options.log?.(`PostgreSQL connection error: ${error.message}`));
  try {
    await migratePostgres(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const matchOptions: MatchStoreOptions = {
    snapshotEvery: options.snapshotEvery ?? 5,
    ...(options.log ? { log: options.log } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.onCommit ? { onCommit: options.onCommit } : {}),
  };
  const now = options.now ?? Date.now;
  const matches = new PgMatchStore(pool, resolveGame, matchOptions);
  const guilds = new PgGuildSettingsStore(pool);
  const deleteGuild = async (guildId: string) => {
    const removed = await deleteGuildPg(pool, guildId);
    matches.forget(removed);
    return { matches: removed.length };
  };
  return {
    backend: 'postgres',
    matches,
    decks: new PgDeckStore(pool, resolveGame),
    guilds,
    preferences: new PgPreferencesStore(pool),
    ratings: new PgRatingStore(pool, options.now ?? Date.now),
    leagues: new PgLeagueStore(pool, {
      ...(options.now ? { now: options.now } : {}),
      ...(options.log ? { log: options.log } : {}),
    }),
    pauses: new PgPauses(pool),
    posts: new PgPosts(pool),
    clocks: new PgClocks(pool),
    drafts: new PgDrafts(pool),
    aiSeats: new PgAiSeats(pool),
    challenges: new PgChallenges(pool),
    inactivity: new PgInactivity(pool),
    requireGame: (game) => requireGame(resolveGame, game),
    async writeProblem() {
      if (pool.ended) return 'database: closed';
      try {
        // A standby (or a session forced read-only) refuses writes; anything unreachable throws.
        const { rows } = await pool.query<{ ro: string }>("SELECT current_setting('transaction_read_only') AS ro");
        return rows[0]?.ro === 'on' ? 'database: read-only (a standby?)' : null;
      } catch (error) {
        return `database: not reachable (${(error as Error).message})`;
      }
    },
    async matchCounts() {
      if (pool.ended) return { active: 0, paused: 0 };
      const { rows } = await pool.query<{ active: number; paused: number }>(
        `SELECT count(*)::int AS active, count(p.match_id)::int AS paused
           FROM matches m LEFT JOIN match_pauses p ON p.match_id = m.match_id
          WHERE m.status = 'active'`,
      );
      return rows[0] ?? { active: 0, paused: 0 };
    },
    exportGuild: (guildId, reader) => exportGuildPg(pool, guildId, now(), reader ?? null),
    deleteGuild,
    async purgeDepartedGuilds() {
      const gone = await guilds.leftBefore(now() - (options.guildRetentionDays ?? 30) * 86_400_000);
      for (const guildId of gone) await deleteGuild(guildId);
      return gone;
    },
    // Closing twice (a graceful stop after a failed start) is harmless, as better-sqlite3's close is.
    close: () => (pool.ended ? Promise.resolve() : pool.end()),
  };
}
