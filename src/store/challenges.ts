import type { Database } from 'better-sqlite3';
import type { GuildDataPart } from './guild-data.ts';
import { prepared } from './prepared.ts';

/** An open challenge (migration 220): who challenged whom, to what game, with which deck, until when. */
export interface OpenChallenge {
  key: string;
  guildId: string;
  channelId: string;
  challenger: string;
  opponent: string;
  game: string;
  /** The challenger's deck reference (a precon id or a saved deck's name); never sent to Discord. */
  deck: string;
  expiresAt: number;
}

export interface ChallengeRow {
  challenge_key: string;
  guild_id: string;
  channel_id: string;
  challenger_id: string;
  opponent_id: string;
  game: string;
  deck: string;
  expires_at: number;
}

/** Expired challenges are kept this long (a late click is answered "expired" either way). */
export const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

export class ChallengeStore {
  constructor(private readonly db: Database) {}

  /** Records a challenge about to be posted (its key: the command's interaction id), and forgets those that expired more than a day ago. */
  open(c: OpenChallenge, now: number): void {
    prepared(this.db, 'DELETE FROM challenges WHERE expires_at < ?').run(now - KEEP_EXPIRED_MS);
    prepared(
      this.db,
      `INSERT INTO challenges (challenge_key, guild_id, channel_id, challenger_id, opponent_id, game, deck, expires_at,
         created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(c.key, c.guildId, c.channelId, c.challenger, c.opponent, c.game, c.deck, c.expiresAt, now);
  }

  get(key: string): OpenChallenge | null {
    const row = prepared(this.db, 'SELECT * FROM challenges WHERE challenge_key = ?').get(key) as
      | ChallengeRow
      | undefined;
    return row ? toChallenge(row) : null;
  }
}

export function toChallenge(row: ChallengeRow): OpenChallenge {
  return {
    key: row.challenge_key,
    guildId: row.guild_id,
    channelId: row.channel_id,
    challenger: row.challenger_id,
    opponent: row.opponent_id,
    game: row.game,
    deck: row.deck,
    expiresAt: row.expires_at,
  };
}

/** Guild export (without the decks, which are the challengers' own) and deletion of challenges. */
export const challengeGuildDataPart: GuildDataPart = {
  name: 'challenges',
  export(db, guildId) {
    return db
      .prepare(
        `SELECT challenge_key AS key, channel_id AS channelId, challenger_id AS challenger,
           opponent_id AS opponent, game, expires_at AS expiresAt FROM challenges WHERE guild_id = ? ORDER BY created_at`,
      )
      .all(guildId);
  },
  delete(db, guildId) {
    db.prepare('DELETE FROM challenges WHERE guild_id = ?').run(guildId);
  },
};
