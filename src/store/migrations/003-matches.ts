import type { Migration } from '../migration.ts';

/**
 * Matches, their append-only decision log and periodic snapshots. A match is (setup, seed, decisions):
 * the log is the truth, snapshots only make restoring faster, and every log row carries the state hash after it.
 */
export const matchesMigration: Migration = {
  version: 3,
  name: 'matches, decision log, snapshots',
  up(db) {
    db.exec(`
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
        -- Number of decisions in the log and the state hash after the last one (initial_hash when none).
        decision_count INTEGER NOT NULL DEFAULT 0,
        last_hash TEXT,
        result TEXT,
        status_reason TEXT,
        created_at INTEGER NOT NULL,
        started_at INTEGER,
        updated_at INTEGER NOT NULL,
        ended_at INTEGER,
        CHECK (status = 'pending' OR (seed IS NOT NULL AND setup IS NOT NULL AND initial_hash IS NOT NULL))
      ) STRICT;
      CREATE INDEX matches_by_status ON matches (status);
      CREATE INDEX matches_by_guild ON matches (guild_id, created_at);

      CREATE TABLE match_decisions (
        match_id TEXT NOT NULL REFERENCES matches (match_id) ON DELETE CASCADE,
        -- 1-based position in the log; the state after it has seen exactly seq decisions.
        seq INTEGER NOT NULL CHECK (seq >= 1),
        seat TEXT NOT NULL CHECK (seat IN ('p1', 'p2')),
        -- The pending decision's id the response answered (null for a concession): used to spot re-submissions.
        -- Not indexed on purpose: only the rare re-submission path reads it, scanning one match's rows.
        decision_id TEXT,
        -- Canonical JSON of a LoggedDecision without the seat: {"response": {...}} or {"concede": true}.
        decision TEXT NOT NULL,
        state_hash TEXT NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (match_id, seq)
      ) STRICT, WITHOUT ROWID;
      -- Append-only: a logged decision is never rewritten (deleting a whole match is allowed).
      CREATE TRIGGER match_decisions_append_only BEFORE UPDATE ON match_decisions
      BEGIN SELECT RAISE(ABORT, 'match_decisions is append-only'); END;

      CREATE TABLE match_snapshots (
        match_id TEXT NOT NULL REFERENCES matches (match_id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        state TEXT NOT NULL,
        state_hash TEXT NOT NULL,
        PRIMARY KEY (match_id, seq)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
