import type { Migration } from '../migration.ts';

/**
 * Leagues (docs/leagues.md): the league's command log is the truth, append-only like a match's decision log;
 * `leagues.state` is the latest state without its log, a snapshot that loading checks against a replay of the log.
 * Ratings are per guild and game; a season is a span of them that starts with a soft reset.
 */
export const leaguesMigration: Migration = {
  version: 200,
  name: 'leagues',
  up(db) {
    db.exec(`
      CREATE TABLE leagues (
        league_id TEXT PRIMARY KEY,
        guild_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        name TEXT NOT NULL,
        -- lower-cased name: unique in a guild, so a name names one league.
        name_key TEXT NOT NULL,
        game TEXT NOT NULL,
        owner_id TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('registration', 'running', 'finished', 'frozen')),
        status_reason TEXT,
        -- The League JSON without its log (the log is league_log).
        state TEXT NOT NULL,
        log_length INTEGER NOT NULL,
        -- Bot settings: round length for the round timer, threads per pairing.
        round_minutes INTEGER,
        threads INTEGER NOT NULL CHECK (threads IN (0, 1)),
        -- Round-timer progress: the last round whose time was called and whose no-shows were recorded.
        time_called_round INTEGER NOT NULL DEFAULT 0,
        no_show_round INTEGER NOT NULL DEFAULT 0,
        -- Ratings progress: rounds rated so far, ladder games rated so far.
        rated_rounds INTEGER NOT NULL DEFAULT 0,
        rated_ladder_games INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (guild_id, name_key)
      ) STRICT;
      CREATE INDEX leagues_by_guild ON leagues (guild_id, status);

      CREATE TABLE league_log (
        league_id TEXT NOT NULL REFERENCES leagues (league_id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        at TEXT NOT NULL,
        actor TEXT NOT NULL,
        admin INTEGER NOT NULL CHECK (admin IN (0, 1)),
        command TEXT NOT NULL,
        PRIMARY KEY (league_id, seq)
      ) STRICT, WITHOUT ROWID;
      -- Undo appends an entry naming its target; nothing is rewritten (undoneBy is derived when loading).
      CREATE TRIGGER league_log_append_only BEFORE UPDATE ON league_log
      BEGIN SELECT RAISE(ABORT, 'league_log is append-only'); END;

      -- Who said "I am here" at their table: the round timer's no-show check.
      CREATE TABLE league_presence (
        league_id TEXT NOT NULL REFERENCES leagues (league_id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        user_id TEXT NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (league_id, round, user_id)
      ) STRICT, WITHOUT ROWID;

      -- Games the bot hosted for a best-of-three table, until one player has won the match.
      CREATE TABLE league_bot_games (
        match_id TEXT NOT NULL,
        league_id TEXT NOT NULL REFERENCES leagues (league_id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        table_number INTEGER NOT NULL,
        -- user id of the game's winner; NULL for a drawn game.
        winner TEXT,
        at INTEGER NOT NULL,
        PRIMARY KEY (match_id, league_id)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE ratings (
        guild_id TEXT NOT NULL,
        game TEXT NOT NULL,
        user_id TEXT NOT NULL,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        games INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (guild_id, game, user_id)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE rating_seasons (
        guild_id TEXT NOT NULL,
        game TEXT NOT NULL,
        number INTEGER NOT NULL,
        name TEXT NOT NULL,
        started_at INTEGER NOT NULL,
        ended_at INTEGER,
        -- The leaderboard when the season ended (JSON), so past seasons can be shown.
        final TEXT,
        PRIMARY KEY (guild_id, game, number)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
