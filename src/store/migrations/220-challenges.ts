import type { Migration } from '../migration.ts';

/**
 * Open challenges (`/duel challenge`), keyed by the command's interaction id, which is all their buttons carry: the
 * challenger's deck stays on the server (a custom_id is readable by every client in the channel); the key is also
 * the id Discord gives the challenge message's interaction metadata, so a click counts only from that message. Rows are dropped a day after they expire.
 * Version 220: the 220–229 block is this area's (hardening); 210 and 230 are taken by other areas.
 */
export const challengesMigration: Migration = {
  version: 220,
  name: 'open challenges, so their buttons carry only a key',
  up(db) {
    db.exec(`
      CREATE TABLE challenges (
        challenge_key TEXT PRIMARY KEY,
        guild_id TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        challenger_id TEXT NOT NULL,
        opponent_id TEXT NOT NULL,
        game TEXT NOT NULL,
        deck TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX challenges_by_guild ON challenges (guild_id);
      CREATE INDEX challenges_by_expiry ON challenges (expires_at);
    `);
  },
};
