import type pg from 'pg';
import { InvalidData } from '../../engine/core/errors.ts';

/**
 * The PostgreSQL schema as forward-only migrations, kept apart from SQLite's (`src/store/migrations`): the tables
 * and columns are the same (so rows map to the same types, `MatchRow`, `DeckRow`), written in PostgreSQL's types.
 * Version 1 is everything SQLite's core migrations 1, 2, 3 and 5 built, as one step, since no PostgreSQL database
 * predates it. Times are milliseconds since the epoch (BIGINT, read back as numbers: see `pool.ts`).
 */
export interface PgMigration {
  version: number;
  name: string;
  sql: string;
}

export const pgMigrations: readonly PgMigration[] = [
  {
    version: 1,
    name: 'guilds, preferences, decks, matches, decision log, snapshots',
    sql: `
      CREATE TABLE guilds (
        guild_id TEXT PRIMARY KEY,
        settings TEXT NOT NULL,
        left_at BIGINT,
        updated_at BIGINT NOT NULL
      );
      CREATE TABLE user_preferences (
        guild_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        preferences TEXT NOT NULL,
        updated_at BIGINT NOT NULL,
        PRIMARY KEY (guild_id, user_id)
      );
      CREATE TABLE decks (
        guild_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        game TEXT NOT NULL,
        name TEXT NOT NULL,
        list TEXT NOT NULL,
        problems TEXT NOT NULL,
        legal INTEGER NOT NULL CHECK (legal IN (0, 1)),
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        PRIMARY KEY (guild_id, user_id, game, name)
      );
      CREATE TABLE matches (
        match_id TEXT PRIMARY KEY,
        guild_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        thread_id TEXT,
        game TEXT NOT NULL,
        format TEXT NOT NULL,
        p1_user_id TEXT NOT NULL,
        p2_user_id TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'active', 'finished', 'aborted', 'frozen')),
        seed TEXT,
        setup TEXT,
        initial_hash TEXT,
        decision_count INTEGER NOT NULL DEFAULT 0,
        last_hash TEXT,
        result TEXT,
        status_reason TEXT,
        created_at BIGINT NOT NULL,
        started_at BIGINT,
        updated_at BIGINT NOT NULL,
        ended_at BIGINT,
        rules_version INTEGER NOT NULL DEFAULT 0,
        rehashed_at INTEGER,
        rehashed_hash TEXT,
        CHECK (status = 'pending' OR (seed IS NOT NULL AND setup IS NOT NULL AND initial_hash IS NOT NULL))
      );
      CREATE INDEX matches_by_status ON matches (status);
      CREATE INDEX matches_by_guild ON matches (guild_id, created_at);
      CREATE INDEX matches_by_thread ON matches (thread_id);
      CREATE INDEX matches_by_p1 ON matches (guild_id, p1_user_id, status);
      CREATE INDEX matches_by_p2 ON matches (guild_id, p2_user_id, status);

      CREATE TABLE match_decisions (
        match_id TEXT NOT NULL REFERENCES matches (match_id) ON DELETE CASCADE,
        seq INTEGER NOT NULL CHECK (seq >= 1),
        seat TEXT NOT NULL CHECK (seat IN ('p1', 'p2')),
        decision_id TEXT,
        decision TEXT NOT NULL,
        state_hash TEXT NOT NULL,
        at BIGINT NOT NULL,
        PRIMARY KEY (match_id, seq)
      );
      -- Append-only: a logged decision is never rewritten (deleting a whole match is allowed).
      CREATE FUNCTION match_decisions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'match_decisions is append-only'; END;
      $$;
      CREATE TRIGGER match_decisions_append_only BEFORE UPDATE ON match_decisions
        FOR EACH ROW EXECUTE FUNCTION match_decisions_append_only();

      CREATE TABLE match_snapshots (
        match_id TEXT NOT NULL REFERENCES matches (match_id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        state TEXT NOT NULL,
        state_hash TEXT NOT NULL,
        PRIMARY KEY (match_id, seq)
      );
    `,
  },
  {
    version: 2,
    name: 'ratings, seasons, rating journal',
    // SQLite's 200 (its rating tables) and 201; the leagues' tables come with the leagues.
    sql: `
      CREATE TABLE ratings (
        guild_id TEXT NOT NULL,
        game TEXT NOT NULL,
        user_id TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL,
        updated_at BIGINT NOT NULL,
        PRIMARY KEY (guild_id, game, user_id)
      );
      CREATE TABLE rating_seasons (
        guild_id TEXT NOT NULL,
        game TEXT NOT NULL,
        number INTEGER NOT NULL,
        name TEXT NOT NULL,
        started_at BIGINT NOT NULL,
        ended_at BIGINT,
        final TEXT,
        PRIMARY KEY (guild_id, game, number)
      );
      CREATE TABLE rating_periods (
        guild_id TEXT NOT NULL,
        game TEXT NOT NULL,
        seq INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('baseline', 'period', 'season-reset', 'season-end')),
        source TEXT,
        data TEXT,
        table_before TEXT NOT NULL,
        at BIGINT NOT NULL,
        PRIMARY KEY (guild_id, game, seq)
      );
      CREATE UNIQUE INDEX rating_periods_by_source ON rating_periods (guild_id, game, source) WHERE source IS NOT NULL;
    `,
  },
  {
    version: 3,
    name: 'pauses, posts, clocks, decision drafts, AI seats, challenges, inactivity warnings',
    // SQLite's 4, 50, 51, 203, 210, 220 and 221: the bot's own tables about matches (not part of a match's truth).
    sql: `
      CREATE TABLE match_clocks (
        match_id TEXT PRIMARY KEY REFERENCES matches (match_id) ON DELETE CASCADE,
        clock TEXT NOT NULL,
        updated_at BIGINT NOT NULL
      );
      CREATE TABLE match_pauses (
        match_id TEXT PRIMARY KEY REFERENCES matches (match_id) ON DELETE CASCADE,
        reason TEXT NOT NULL,
        paused_at BIGINT NOT NULL
      );
      CREATE TABLE match_posts (
        match_id TEXT PRIMARY KEY REFERENCES matches (match_id) ON DELETE CASCADE,
        board_channel_id TEXT,
        board_message_id TEXT,
        board_turn INTEGER,
        result_announced_at BIGINT
      );
      CREATE TABLE decision_drafts (
        match_id TEXT NOT NULL REFERENCES matches (match_id) ON DELETE CASCADE,
        version INTEGER NOT NULL,
        seat TEXT NOT NULL CHECK (seat IN ('p1', 'p2')),
        draft TEXT NOT NULL,
        updated_at BIGINT NOT NULL,
        PRIMARY KEY (match_id, version, seat)
      );
      CREATE TABLE match_ai_seats (
        match_id TEXT NOT NULL REFERENCES matches (match_id) ON DELETE CASCADE,
        seat TEXT NOT NULL CHECK (seat IN ('p1', 'p2')),
        level TEXT NOT NULL CHECK (level IN ('easy', 'normal', 'hard')),
        PRIMARY KEY (match_id, seat)
      );
      CREATE TABLE challenges (
        challenge_key TEXT PRIMARY KEY,
        guild_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        challenger_id TEXT NOT NULL,
        opponent_id TEXT NOT NULL,
        game TEXT NOT NULL,
        deck TEXT NOT NULL,
        expires_at BIGINT NOT NULL,
        created_at BIGINT NOT NULL
      );
      CREATE INDEX challenges_by_guild ON challenges (guild_id);
      CREATE INDEX challenges_by_expiry ON challenges (expires_at);
      CREATE TABLE match_inactivity (
        match_id TEXT PRIMARY KEY REFERENCES matches (match_id) ON DELETE CASCADE,
        warned_at BIGINT NOT NULL,
        last_decision_at BIGINT NOT NULL
      );
      CREATE INDEX matches_by_status_updated ON matches (status, updated_at);
    `,
  },
  {
    version: 4,
    name: 'leagues, league log, presence, bot games, threads, notices',
    // SQLite's 200 (its league tables), 201's rated_before_journal, 202 and 230.
    sql: `
      CREATE TABLE leagues (
        league_id TEXT PRIMARY KEY,
        guild_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        game TEXT NOT NULL,
        owner_id TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('registration', 'running', 'finished', 'frozen')),
        status_reason TEXT,
        state TEXT NOT NULL,
        log_length INTEGER NOT NULL,
        round_minutes INTEGER,
        threads INTEGER NOT NULL CHECK (threads IN (0, 1)),
        time_called_round INTEGER NOT NULL DEFAULT 0,
        no_show_round INTEGER NOT NULL DEFAULT 0,
        rated_rounds INTEGER NOT NULL DEFAULT 0,
        rated_ladder_games INTEGER NOT NULL DEFAULT 0,
        rated_before_journal INTEGER NOT NULL DEFAULT 0,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        CONSTRAINT leagues_name_in_guild UNIQUE (guild_id, name_key)
      );
      CREATE INDEX leagues_by_guild ON leagues (guild_id, status);
      CREATE TABLE league_log (
        league_id TEXT NOT NULL REFERENCES leagues (league_id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        at TEXT NOT NULL,
        actor TEXT NOT NULL,
        admin INTEGER NOT NULL CHECK (admin IN (0, 1)),
        command TEXT NOT NULL,
        PRIMARY KEY (league_id, seq)
      );
      CREATE FUNCTION league_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'league_log is append-only'; END;
      $$;
      CREATE TRIGGER league_log_append_only BEFORE UPDATE ON league_log
        FOR EACH ROW EXECUTE FUNCTION league_log_append_only();
      CREATE TABLE league_presence (
        league_id TEXT NOT NULL REFERENCES leagues (league_id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        user_id TEXT NOT NULL,
        at BIGINT NOT NULL,
        PRIMARY KEY (league_id, round, user_id)
      );
      CREATE TABLE league_bot_games (
        match_id TEXT NOT NULL,
        league_id TEXT NOT NULL REFERENCES leagues (league_id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        table_number INTEGER NOT NULL,
        winner TEXT,
        at BIGINT NOT NULL,
        PRIMARY KEY (match_id, league_id)
      );
      CREATE TABLE league_threads (
        league_id TEXT NOT NULL REFERENCES leagues (league_id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        table_number INTEGER NOT NULL,
        thread_id TEXT NOT NULL,
        archived_at BIGINT,
        PRIMARY KEY (league_id, thread_id)
      );
      CREATE INDEX league_threads_by_round ON league_threads (league_id, round);
      CREATE TABLE league_notices (
        league_id TEXT NOT NULL REFERENCES leagues (league_id) ON DELETE CASCADE,
        notice TEXT NOT NULL,
        at BIGINT NOT NULL,
        PRIMARY KEY (league_id, notice)
      );
    `,
  },
];

/** Any number; the lock only keeps two processes starting at once from migrating together. */
const MIGRATION_LOCK = 24_0001;

/**
 * Applies every migration not yet recorded, in version order, each in its own transaction, under an advisory lock so
 * that several processes starting at once migrate once. A database holding a version this code does not know was
 * written by newer code and is refused. Returns the versions applied now.
 */
export async function migratePostgres(
  pool: pg.Pool,
  migrations: readonly PgMigration[] = pgMigrations,
  now = Date.now(),
): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`);
      const applied = (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map(
        (r) => r.version,
      );
      const known = new Set(migrations.map((m) => m.version));
      const unknown = applied.filter((v) => !known.has(v));
      if (unknown.length > 0) {
        throw new InvalidData(
          `database has migrations ${unknown.join(', ')} that this code does not know (newer code?)`,
        );
      }
      const ran: number[] = [];
      for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
        if (applied.includes(m.version)) continue;
        await client.query('BEGIN');
        try {
          await client.query(m.sql);
          await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
            m.version,
            m.name,
            now,
          ]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        }
        ran.push(m.version);
      }
      return ran;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
