// The bot's own tables about matches on PostgreSQL (schema version 3): pauses, posts, clocks, decision drafts, AI
// seats, challenges and inactivity warnings. Each keeps its SQLite twin's rules and validation (the same schemas and
// row conversions); none is part of a match's truth, which is the decision log.
import type pg from 'pg';
import { type AiLevel, isAiLevel } from '../../ai/levels.ts';
import type { Seat } from '../../engine/core/game.ts';
import { type ChallengeRow, KEEP_EXPIRED_MS, type OpenChallenge, toChallenge } from '../challenges.ts';
import type {
  AiSeatsContract,
  ChallengesContract,
  ClocksContract,
  DraftsContract,
  InactivityContract,
  PausesContract,
  PostsContract,
} from '../contract.ts';
import { type DecisionDraft, DecisionDraftSchema } from '../decision-drafts.ts';
import { parseInput, parseJsonColumn } from '../json-column.ts';
import { type MatchClock, MatchClockSchema } from '../match-clocks.ts';
import { type IdleMatch, type IdleRow, toIdleMatch } from '../match-inactivity.ts';
import { type MatchPause, type PauseReason, type PauseRow, toPause, WhereSchema } from '../match-pauses.ts';
import { type BoardPost, BoardPostSchema, type BoardRow, toBoardPost } from '../match-posts.ts';
import { inTransaction } from './pool.ts';

/** Paused matches; `PgMatchStore.commitDecision` reads the same table under the match's row lock. */
export class PgPauses implements PausesContract {
  constructor(private readonly pool: pg.Pool) {}

  async isPaused(matchId: string): Promise<boolean> {
    return ((await this.pool.query('SELECT 1 FROM match_pauses WHERE match_id = $1', [matchId])).rowCount ?? 0) > 0;
  }

  async get(matchId: string): Promise<MatchPause | null> {
    const row = (await this.pool.query<PauseRow>('SELECT * FROM match_pauses WHERE match_id = $1', [matchId])).rows[0];
    return row ? toPause(row) : null;
  }

  async pause(matchId: string, reason: PauseReason, now: number): Promise<boolean> {
    const done = await this.pool.query(
      `INSERT INTO match_pauses (match_id, reason, paused_at)
         SELECT match_id, $1, $2 FROM matches WHERE match_id = $3 AND status = 'active'
         ON CONFLICT (match_id) DO NOTHING`,
      [reason, now, matchId],
    );
    return done.rowCount === 1;
  }

  async resume(matchId: string, where: { channelId: string; threadId: string }, now: number): Promise<boolean> {
    const w = parseInput(WhereSchema, where, 'where the match resumes');
    return inTransaction(this.pool, async (client) => {
      if ((await client.query('DELETE FROM match_pauses WHERE match_id = $1', [matchId])).rowCount !== 1) return false;
      await client.query('UPDATE matches SET channel_id = $1, thread_id = $2, updated_at = $3 WHERE match_id = $4', [
        w.channelId,
        w.threadId,
        now,
        matchId,
      ]);
      return true;
    });
  }

  async inGuild(guildId: string): Promise<MatchPause[]> {
    const { rows } = await this.pool.query<PauseRow>(
      `SELECT p.* FROM match_pauses p JOIN matches m USING (match_id)
         WHERE m.guild_id = $1 AND m.status = 'active' ORDER BY p.paused_at, p.match_id COLLATE "C"`,
      [guildId],
    );
    return rows.map(toPause);
  }
}

export class PgPosts implements PostsContract {
  constructor(private readonly pool: pg.Pool) {}

  async board(matchId: string): Promise<BoardPost | null> {
    const { rows } = await this.pool.query<BoardRow>(
      'SELECT board_channel_id, board_message_id, board_turn FROM match_posts WHERE match_id = $1',
      [matchId],
    );
    return toBoardPost(rows[0]);
  }

  async setBoard(matchId: string, board: BoardPost): Promise<void> {
    const b = parseInput(BoardPostSchema, board, 'board message');
    await this.pool.query(
      `INSERT INTO match_posts (match_id, board_channel_id, board_message_id, board_turn) VALUES ($1, $2, $3, $4)
       ON CONFLICT (match_id) DO UPDATE SET board_channel_id = EXCLUDED.board_channel_id,
         board_message_id = EXCLUDED.board_message_id, board_turn = EXCLUDED.board_turn`,
      [matchId, b.channelId, b.messageId, b.turn],
    );
  }

  async clearBoard(matchId: string): Promise<void> {
    await this.pool.query(
      'UPDATE match_posts SET board_channel_id = NULL, board_message_id = NULL, board_turn = NULL WHERE match_id = $1',
      [matchId],
    );
  }

  async isAnnounced(matchId: string): Promise<boolean> {
    const { rows } = await this.pool.query<{ result_announced_at: number | null }>(
      'SELECT result_announced_at FROM match_posts WHERE match_id = $1',
      [matchId],
    );
    return (rows[0]?.result_announced_at ?? null) !== null;
  }

  async markAnnounced(matchId: string, now: number): Promise<boolean> {
    // The upsert's WHERE makes the second of two processes marking at once change nothing (the row lock orders them).
    const done = await this.pool.query(
      `INSERT INTO match_posts (match_id, result_announced_at) VALUES ($1, $2)
       ON CONFLICT (match_id) DO UPDATE SET result_announced_at = EXCLUDED.result_announced_at
       WHERE match_posts.result_announced_at IS NULL`,
      [matchId, now],
    );
    return done.rowCount === 1;
  }

  async unannounced(): Promise<string[]> {
    const { rows } = await this.pool.query<{ match_id: string }>(
      `SELECT m.match_id FROM matches m LEFT JOIN match_posts p ON p.match_id = m.match_id
       WHERE m.status = 'finished' AND p.result_announced_at IS NULL ORDER BY m.ended_at, m.match_id COLLATE "C"`,
    );
    return rows.map((r) => r.match_id);
  }
}

export class PgClocks implements ClocksContract {
  constructor(private readonly pool: pg.Pool) {}

  async get(matchId: string): Promise<MatchClock | null> {
    const { rows } = await this.pool.query<{ clock: string }>('SELECT clock FROM match_clocks WHERE match_id = $1', [
      matchId,
    ]);
    return rows[0] ? parseJsonColumn(MatchClockSchema, rows[0].clock, `clock of match ${matchId}`) : null;
  }

  async put(matchId: string, clock: MatchClock, now: number): Promise<void> {
    const checked = parseInput(MatchClockSchema, clock, 'match clock');
    await this.pool.query(
      `INSERT INTO match_clocks (match_id, clock, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (match_id) DO UPDATE SET clock = EXCLUDED.clock, updated_at = EXCLUDED.updated_at`,
      [matchId, JSON.stringify(checked), now],
    );
  }

  async delete(matchId: string): Promise<void> {
    await this.pool.query('DELETE FROM match_clocks WHERE match_id = $1', [matchId]);
  }

  async activeMatchIds(): Promise<string[]> {
    const { rows } = await this.pool.query<{ match_id: string }>(
      `SELECT c.match_id FROM match_clocks c JOIN matches m ON m.match_id = c.match_id
       WHERE m.status = 'active' ORDER BY c.match_id COLLATE "C"`,
    );
    return rows.map((r) => r.match_id);
  }
}

export class PgDrafts implements DraftsContract {
  constructor(private readonly pool: pg.Pool) {}

  async get(matchId: string, version: number, seat: Seat): Promise<DecisionDraft | null> {
    const { rows } = await this.pool.query<{ draft: string }>(
      'SELECT draft FROM decision_drafts WHERE match_id = $1 AND version = $2 AND seat = $3',
      [matchId, version, seat],
    );
    return rows[0]
      ? parseJsonColumn(DecisionDraftSchema, rows[0].draft, `draft of ${matchId} v${version} ${seat}`)
      : null;
  }

  async put(matchId: string, version: number, seat: Seat, draft: DecisionDraft, now: number): Promise<void> {
    const value = parseInput(DecisionDraftSchema, draft, 'decision draft');
    await inTransaction(this.pool, async (client) => {
      await client.query('DELETE FROM decision_drafts WHERE match_id = $1 AND seat = $2 AND version <> $3', [
        matchId,
        seat,
        version,
      ]);
      await client.query(
        `INSERT INTO decision_drafts (match_id, version, seat, draft, updated_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (match_id, version, seat) DO UPDATE SET draft = EXCLUDED.draft, updated_at = EXCLUDED.updated_at`,
        [matchId, version, seat, JSON.stringify(value), now],
      );
    });
  }

  async clear(matchId: string): Promise<void> {
    await this.pool.query('DELETE FROM decision_drafts WHERE match_id = $1', [matchId]);
  }
}

export class PgAiSeats implements AiSeatsContract {
  constructor(private readonly pool: pg.Pool) {}

  async put(matchId: string, seat: Seat, level: AiLevel): Promise<void> {
    await this.pool.query('INSERT INTO match_ai_seats (match_id, seat, level) VALUES ($1, $2, $3)', [
      matchId,
      seat,
      level,
    ]);
  }

  async levelOf(matchId: string, seat: Seat): Promise<AiLevel | null> {
    const { rows } = await this.pool.query<{ level: string }>(
      'SELECT level FROM match_ai_seats WHERE match_id = $1 AND seat = $2',
      [matchId, seat],
    );
    const level = rows[0]?.level;
    if (level === undefined) return null;
    if (!isAiLevel(level)) throw new Error(`match ${matchId}: unknown AI level "${level}"`);
    return level;
  }

  async activeMatchIds(): Promise<string[]> {
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT a.match_id AS id FROM match_ai_seats a JOIN matches m ON m.match_id = a.match_id
       WHERE m.status = 'active' GROUP BY a.match_id ORDER BY a.match_id COLLATE "C"`,
    );
    return rows.map((r) => r.id);
  }
}

export class PgChallenges implements ChallengesContract {
  constructor(private readonly pool: pg.Pool) {}

  async open(c: OpenChallenge, now: number): Promise<void> {
    await this.pool.query('DELETE FROM challenges WHERE expires_at < $1', [now - KEEP_EXPIRED_MS]);
    await this.pool.query(
      `INSERT INTO challenges (challenge_key, guild_id, channel_id, challenger_id, opponent_id, game, deck, expires_at,
         created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [c.key, c.guildId, c.channelId, c.challenger, c.opponent, c.game, c.deck, c.expiresAt, now],
    );
  }

  async get(key: string): Promise<OpenChallenge | null> {
    const row = (await this.pool.query<ChallengeRow>('SELECT * FROM challenges WHERE challenge_key = $1', [key]))
      .rows[0];
    return row ? toChallenge(row) : null;
  }
}

export class PgInactivity implements InactivityContract {
  constructor(private readonly pool: pg.Pool) {}

  async idleSince(before: number): Promise<IdleMatch[]> {
    const { rows } = await this.pool.query<IdleRow>(
      `SELECT match_id, guild_id, channel_id, thread_id, p1_user_id, p2_user_id, updated_at FROM matches
       WHERE status = 'active' AND updated_at < $1 ORDER BY updated_at, match_id COLLATE "C"`,
      [before],
    );
    return rows.map(toIdleMatch);
  }

  async warnedAt(matchId: string, lastChange: number): Promise<number | null> {
    const row = (
      await this.pool.query<{ warned_at: number; last_decision_at: number }>(
        'SELECT warned_at, last_decision_at FROM match_inactivity WHERE match_id = $1',
        [matchId],
      )
    ).rows[0];
    return row && row.last_decision_at === lastChange ? row.warned_at : null;
  }

  async warned(matchId: string, at: number, lastChange: number): Promise<void> {
    await this.pool.query(
      `INSERT INTO match_inactivity (match_id, warned_at, last_decision_at) VALUES ($1, $2, $3)
       ON CONFLICT (match_id) DO UPDATE SET warned_at = EXCLUDED.warned_at, last_decision_at = EXCLUDED.last_decision_at`,
      [matchId, at, lastChange],
    );
  }
}
