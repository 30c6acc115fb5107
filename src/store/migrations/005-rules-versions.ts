import type { Migration } from '../migration.ts';

/**
 * The rules version each match was recorded under (GameModule.rulesVersion), and where its log was re-hashed when a
 * declared migration carried it to a newer version (docs/store.md "Rules versions"). Matches written before this
 * migration get version 0: NOVA's hashes then covered its prompts, log text and result words.
 *
 * `rehashed_at` and `rehashed_hash`: the decision count at the migration and the state hash there under the new
 * version. The logged hashes up to that point belong to the older version and are no longer compared; restoring
 * starts from that point (a snapshot written with it, or a replay from the setup checked against it). NULL when the
 * match was never migrated: then the initial hash is the starting point.
 */
export const rulesVersionsMigration: Migration = {
  version: 5,
  name: 'rules version per match',
  up(db) {
    db.exec(`
      ALTER TABLE matches ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE matches ADD COLUMN rehashed_at INTEGER;
      ALTER TABLE matches ADD COLUMN rehashed_hash TEXT;
    `);
  },
};
