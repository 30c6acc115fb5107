import type { Database, Statement, Transaction } from 'better-sqlite3';
import { z } from 'zod';
import { InvalidData } from '../engine/core/errors.ts';
import {
  DecisionResponseSchema,
  type GameId,
  type GameResult,
  type MatchSetup,
  SEATS,
  type Seat,
} from '../engine/core/game.ts';
import type { LoggedDecision } from '../engine/core/replay.ts';
import { parseJsonColumn } from './json-column.ts';

/** The SQL side of matches: rows in, rows out, no game logic. */

export const MATCH_STATUSES = ['pending', 'active', 'finished', 'aborted', 'frozen'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

export interface MatchRow {
  match_id: string;
  guild_id: string;
  channel_id: string;
  thread_id: string | null;
  game: GameId;
  format: string;
  p1_user_id: string;
  p2_user_id: string;
  status: MatchStatus;
  seed: string | null;
  setup: string | null;
  initial_hash: string | null;
  decision_count: number;
  last_hash: string | null;
  result: string | null;
  status_reason: string | null;
  created_at: number;
  started_at: number | null;
  updated_at: number;
  ended_at: number | null;
  /** The game's rules version the hashes from the starting point on were written under (migration 5). */
  rules_version: number;
  /** Where a declared migration re-hashed the match, and the hash there (null: never; see migration 5). */
  rehashed_at: number | null;
  rehashed_hash: string | null;
}

/** The columns of a match row that say how far it is (MatchRecords.progress). */
export type MatchProgress = Pick<MatchRow, 'status' | 'decision_count' | 'last_hash'>;

export interface DecisionRow {
  match_id: string;
  seq: number;
  seat: Seat;
  decision_id: string | null;
  decision: string;
  state_hash: string;
  at: number;
}

export interface SnapshotRow {
  match_id: string;
  seq: number;
  state: string;
  state_hash: string;
}

/** A match as the rest of the bot sees it. */
export interface MatchInfo {
  matchId: string;
  guildId: string;
  channelId: string;
  threadId: string | null;
  game: GameId;
  format: string;
  /** Discord user id per seat. */
  players: Record<Seat, string>;
  status: MatchStatus;
  /** Why it was frozen or aborted. */
  statusReason: string | null;
  /** The game's rules version the match is recorded under (docs/store.md "Rules versions"). */
  rulesVersion: number;
  seed: string | null;
  decisionCount: number;
  result: GameResult | null;
  createdAt: number;
  startedAt: number | null;
  updatedAt: number;
  endedAt: number | null;
}

const ResultSchema = z.looseObject({ kind: z.enum(['win', 'draw']) });

/** The fields a match record and a match export share, named the way the code names them. */
export function matchIdentity(row: MatchRow) {
  return {
    matchId: row.match_id,
    guildId: row.guild_id,
    channelId: row.channel_id,
    threadId: row.thread_id,
    game: row.game,
    format: row.format,
    players: { p1: row.p1_user_id, p2: row.p2_user_id },
    status: row.status,
    statusReason: row.status_reason,
    rulesVersion: row.rules_version,
    seed: row.seed,
    createdAt: row.created_at,
    startedAt: row.started_at,
    endedAt: row.ended_at,
  };
}

export function toMatchInfo(row: MatchRow): MatchInfo {
  return {
    ...matchIdentity(row),
    decisionCount: row.decision_count,
    result:
      row.result === null
        ? null
        : (parseJsonColumn(ResultSchema, row.result, `result of match ${row.match_id}`) as unknown as GameResult),
    updatedAt: row.updated_at,
  };
}

/** A logged decision as stored (the seat has its own column). */
export const StoredDecisionSchema = z.union([
  z.strictObject({ response: DecisionResponseSchema }),
  z.strictObject({ concede: z.literal(true) }),
]);

export function toLoggedDecision(row: DecisionRow): LoggedDecision {
  const where = `decision ${row.seq} of match ${row.match_id}`;
  const seat = z.enum(SEATS).safeParse(row.seat);
  if (!seat.success) throw new InvalidData(`${where}: bad seat "${row.seat}"`);
  const stored = parseJsonColumn(StoredDecisionSchema, row.decision, where);
  return 'concede' in stored ? { seat: seat.data, concede: true } : { seat: seat.data, response: stored.response };
}

export function parseSetup(row: MatchRow, schema: z.ZodType<MatchSetup>): MatchSetup {
  return parseJsonColumn(schema, row.setup ?? 'null', `setup of match ${row.match_id}`);
}

/** Where restoring a match starts checking its log: the initial state, or where a migration re-hashed it. */
export function hashAnchor(row: MatchRow): { seq: number; hash: string | null } {
  return row.rehashed_at === null
    ? { seq: 0, hash: row.initial_hash }
    : { seq: row.rehashed_at, hash: row.rehashed_hash };
}

/** What a declared rules migration writes (MatchRecords.rehash). */
export interface Rehash {
  matchId: string;
  /** The decision count and rules version the migration started from (refused if either changed meanwhile). */
  seq: number;
  fromVersion: number;
  toVersion: number;
  hash: string;
  /** The result rewritten in the new version's form, if the match is over. */
  result: string | null;
  /** The state's canonical text, to restore from; null for a match that is over (it keeps no snapshots). */
  snapshot: string | null;
  /** The setup's canonical text when the migration added options to it (RulesMigration.setupOptions), else null. */
  setup?: string | null;
  now: number;
}

/** What commitDecision writes for one decision. */
export interface CommittedStep {
  decision: DecisionRow;
  /** The decision count the match must still have (the log length the new row extends). */
  fromCount: number;
  status: MatchStatus;
  result: string | null;
  /** Canonical state JSON when a snapshot is due, else null. */
  snapshot: string | null;
  /** Older snapshots below this seq are dropped with it (a few are kept as fallbacks for a corrupt latest). */
  keepSnapshotsFrom: number;
}

/** What restoring and checking a match reads of its history (MatchRecords, or a history loaded from elsewhere). */
export type MatchHistory = Pick<MatchRecords, 'snapshotSeqs' | 'snapshot' | 'decisionAt' | 'decisionsAfter'>;

export class MatchRecords {
  private readonly byId: Statement<[string], MatchRow>;
  private readonly progressStmt: Statement<[string], MatchProgress>;
  private readonly appendStmt: Statement<[string, number, Seat, string | null, string, string, number]>;
  private readonly advanceStmt: Statement<[number, string, string | null, number, number | null, string, number]>;
  private readonly advanceAndEndStmt: Statement<
    [number, string, MatchStatus, string | null, number, number | null, string, number]
  >;
  private readonly snapshotStmt: Statement<[string, number, string, string]>;
  private readonly pruneSnapshotsStmt: Statement<[string, number]>;
  private readonly tailStmt: Statement<[string, number], DecisionRow>;
  private readonly atSeqStmt: Statement<[string, number], DecisionRow>;
  private readonly byDecisionIdStmt: Statement<[string, string, Seat], DecisionRow>;
  private readonly lastStmt: Statement<[string], DecisionRow>;
  private readonly commitTxn: Transaction<(step: CommittedStep) => void>;
  private readonly runTxn: Transaction<(steps: readonly CommittedStep[]) => void>;

  constructor(readonly db: Database) {
    this.byId = db.prepare('SELECT * FROM matches WHERE match_id = ?');
    this.progressStmt = db.prepare('SELECT status, decision_count, last_hash FROM matches WHERE match_id = ?');
    this.appendStmt = db.prepare(
      `INSERT INTO match_decisions (match_id, seq, seat, decision_id, decision, state_hash, at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    // The WHERE on decision_count makes a lost race (another writer, a stale cache) change nothing instead of forking the log.
    // A match that stays active keeps its status: naming `status` in the SET makes SQLite rewrite the three indexes
    // holding it (by status, by p1, by p2) even when the value is the same, about doubling the pages each commit writes.
    this.advanceStmt = db.prepare(
      `UPDATE matches SET decision_count = ?, last_hash = ?, result = ?, updated_at = ?,
         ended_at = ? WHERE match_id = ? AND decision_count = ? AND status = 'active'`,
    );
    this.advanceAndEndStmt = db.prepare(
      `UPDATE matches SET decision_count = ?, last_hash = ?, status = ?, result = ?, updated_at = ?,
         ended_at = ? WHERE match_id = ? AND decision_count = ? AND status = 'active'`,
    );
    this.pruneSnapshotsStmt = db.prepare('DELETE FROM match_snapshots WHERE match_id = ? AND seq < ?');
    this.snapshotStmt = db.prepare(
      'INSERT OR REPLACE INTO match_snapshots (match_id, seq, state, state_hash) VALUES (?, ?, ?, ?)',
    );
    this.tailStmt = db.prepare('SELECT * FROM match_decisions WHERE match_id = ? AND seq > ? ORDER BY seq');
    this.atSeqStmt = db.prepare('SELECT * FROM match_decisions WHERE match_id = ? AND seq = ?');
    this.byDecisionIdStmt = db.prepare(
      `SELECT * FROM match_decisions WHERE match_id = ? AND decision_id = ? AND seat = ? ORDER BY seq DESC LIMIT 1`,
    );
    this.lastStmt = db.prepare('SELECT * FROM match_decisions WHERE match_id = ? ORDER BY seq DESC LIMIT 1');
    // Built once: creating a better-sqlite3 transaction wrapper per call costs about as much as the inserts.
    this.commitTxn = db.transaction((step: CommittedStep) => this.writeStep(step));
    this.runTxn = db.transaction((steps: readonly CommittedStep[]) => {
      for (const step of steps) this.writeStep(step);
    });
  }

  match(matchId: string): MatchRow | undefined {
    return this.byId.get(matchId);
  }

  /** Where a match is (status, decision count, last hash): the three columns a cached state is checked against. */
  progress(matchId: string): MatchProgress | undefined {
    return this.progressStmt.get(matchId);
  }

  matchIds(status: MatchStatus): string[] {
    const rows = this.db
      .prepare('SELECT match_id FROM matches WHERE status = ? ORDER BY created_at, match_id')
      .all(status) as { match_id: string }[];
    return rows.map((r) => r.match_id);
  }

  /** A guild's matches, newest first, optionally of one status. */
  matchByThread(threadId: string): MatchRow | null {
    const sql = 'SELECT * FROM matches WHERE thread_id = ? ORDER BY created_at DESC LIMIT 1';
    return (this.db.prepare(sql).get(threadId) as MatchRow | undefined) ?? null;
  }

  guildMatches(guildId: string, status?: MatchStatus): MatchRow[] {
    const sql = `SELECT * FROM matches WHERE guild_id = ? ${status ? 'AND status = ?' : ''} ORDER BY created_at DESC`;
    return this.db.prepare(sql).all(...(status ? [guildId, status] : [guildId])) as MatchRow[];
  }

  /** A user's matches in a guild with this status (either seat), oldest first. */
  playerMatches(guildId: string, userId: string, status: MatchStatus): MatchRow[] {
    const sql = `SELECT * FROM matches WHERE p1_user_id = @userId AND guild_id = @guildId AND status = @status
      UNION SELECT * FROM matches WHERE p2_user_id = @userId AND guild_id = @guildId AND status = @status
      ORDER BY created_at, match_id`;
    return this.db.prepare(sql).all({ userId, guildId, status }) as MatchRow[];
  }

  /** How many matches these two users have had in a guild, in either seat order and any game or status. */
  pairingCount(guildId: string, a: string, b: string): number {
    const sql = `SELECT COUNT(*) AS n FROM matches WHERE guild_id = @guildId
      AND ((p1_user_id = @a AND p2_user_id = @b) OR (p1_user_id = @b AND p2_user_id = @a))`;
    return (this.db.prepare(sql).get({ guildId, a, b }) as { n: number }).n;
  }

  insertMatch(row: MatchRow): void {
    this.db
      .prepare(
        `INSERT INTO matches (match_id, guild_id, channel_id, thread_id, game, format, p1_user_id, p2_user_id, status,
           seed, setup, initial_hash, decision_count, last_hash, result, status_reason, created_at, started_at,
           updated_at, ended_at, rules_version, rehashed_at, rehashed_hash)
         VALUES (@match_id, @guild_id, @channel_id, @thread_id, @game, @format, @p1_user_id, @p2_user_id, @status,
           @seed, @setup, @initial_hash, @decision_count, @last_hash, @result, @status_reason, @created_at,
           @started_at, @updated_at, @ended_at, @rules_version, @rehashed_at, @rehashed_hash)`,
      )
      .run(row);
  }

  start(matchId: string, seed: string, setup: string, initialHash: string, rulesVersion: number, now: number): boolean {
    const info = this.db
      .prepare(
        `UPDATE matches SET status = 'active', seed = ?, setup = ?, initial_hash = ?, last_hash = ?,
           rules_version = ?, started_at = ?, updated_at = ? WHERE match_id = ? AND status = 'pending'`,
      )
      .run(seed, setup, initialHash, initialHash, rulesVersion, now, now, matchId);
    return info.changes === 1;
  }

  /**
   * Records a declared rules migration (docs/store.md "Rules versions"), in one transaction: the match's new rules
   * version and hash anchor, its latest hash and result in the new form, and its snapshots replaced by one at the
   * anchor (older ones hold states of the older version). The logged decisions are not touched.
   */
  rehash(r: Rehash): void {
    this.db.transaction(() => {
      const changed = this.db
        .prepare(
          `UPDATE matches SET rules_version = ?, rehashed_at = ?, rehashed_hash = ?, last_hash = ?,
             result = COALESCE(?, result), setup = COALESCE(?, setup)
             WHERE match_id = ? AND decision_count = ? AND rules_version = ?`,
        )
        .run(r.toVersion, r.seq, r.hash, r.hash, r.result, r.setup ?? null, r.matchId, r.seq, r.fromVersion).changes;
      if (changed !== 1) throw new Error(`match "${r.matchId}" changed while it was being migrated`);
      this.db.prepare('DELETE FROM match_snapshots WHERE match_id = ?').run(r.matchId);
      if (r.snapshot !== null && r.seq > 0) this.snapshotStmt.run(r.matchId, r.seq, r.snapshot, r.hash);
    })();
  }

  /**
   * One decision's whole write, as a single transaction: the log row, the match advanced from `fromCount`
   * (refused if another writer got there first), the result if the game ended, and a snapshot when due.
   * Snapshots are pruned in the same transaction, so the kept ones always match the log.
   */
  commitDecision(step: CommittedStep): void {
    this.commitTxn(step);
  }

  /**
   * A run of decisions, each written as `commitDecision` writes it (the same rows), all in one transaction: a
   * refused step (another writer got there first) rolls back the whole run.
   */
  commitSteps(steps: readonly CommittedStep[]): void {
    this.runTxn(steps);
  }

  private writeStep(step: CommittedStep): void {
    const d = step.decision;
    this.appendStmt.run(d.match_id, d.seq, d.seat, d.decision_id, d.decision, d.state_hash, d.at);
    const advanced =
      step.status === 'active'
        ? this.advanceStmt.run(d.seq, d.state_hash, step.result, d.at, null, d.match_id, step.fromCount)
        : this.advanceAndEndStmt.run(
            d.seq,
            d.state_hash,
            step.status,
            step.result,
            d.at,
            d.at,
            d.match_id,
            step.fromCount,
          );
    if (advanced.changes !== 1) {
      throw new Error(`match "${d.match_id}" changed underneath the store (was it written by another process?)`);
    }
    if (step.snapshot !== null) {
      this.snapshotStmt.run(d.match_id, d.seq, step.snapshot, d.state_hash);
      this.pruneSnapshotsStmt.run(d.match_id, step.keepSnapshotsFrom);
    }
    // A finished match is never restored; its log replays it for exports, so its snapshots are dead weight.
    if (step.status !== 'active') this.pruneSnapshotsStmt.run(d.match_id, Number.MAX_SAFE_INTEGER);
  }

  setStatus(matchId: string, status: MatchStatus, reason: string | null, now: number): boolean {
    const ended = status === 'active' || status === 'pending' ? null : now;
    return (
      this.db
        .prepare('UPDATE matches SET status = ?, status_reason = ?, updated_at = ?, ended_at = ? WHERE match_id = ?')
        .run(status, reason, now, ended, matchId).changes === 1
    );
  }

  decisionsAfter(matchId: string, seq: number): DecisionRow[] {
    return this.tailStmt.all(matchId, seq);
  }

  decisionAt(matchId: string, seq: number): DecisionRow | undefined {
    return this.atSeqStmt.get(matchId, seq);
  }

  /** The latest logged answer by `seat` to the pending decision `decisionId`, if any. */
  decisionById(matchId: string, decisionId: string, seat: Seat): DecisionRow | undefined {
    return this.byDecisionIdStmt.get(matchId, decisionId, seat);
  }

  lastDecision(matchId: string): DecisionRow | undefined {
    return this.lastStmt.get(matchId);
  }

  /** Snapshot positions, newest first, up to `maxSeq`. */
  /**
   * Snapshots of states already in the log (each at its match's current decision count, with the log's hash there),
   * in one transaction: a graceful stop writes them so the next start replays nothing.
   */
  writeSnapshots(snapshots: readonly { matchId: string; seq: number; state: string; hash: string }[]): number {
    const current = this.db.prepare('SELECT decision_count, last_hash FROM matches WHERE match_id = ?');
    let written = 0;
    this.db.transaction(() => {
      for (const s of snapshots) {
        const row = current.get(s.matchId) as { decision_count: number; last_hash: string | null } | undefined;
        // Only the state the log ends with, so a snapshot never disagrees with the log.
        if (!row || row.decision_count !== s.seq || row.last_hash !== s.hash) continue;
        this.snapshotStmt.run(s.matchId, s.seq, s.state, s.hash);
        written++;
      }
    })();
    return written;
  }

  snapshotSeqs(matchId: string, maxSeq: number): number[] {
    const rows = this.db
      .prepare('SELECT seq FROM match_snapshots WHERE match_id = ? AND seq <= ? ORDER BY seq DESC')
      .all(matchId, maxSeq) as { seq: number }[];
    return rows.map((r) => r.seq);
  }

  snapshot(matchId: string, seq: number): SnapshotRow | undefined {
    return this.db.prepare('SELECT * FROM match_snapshots WHERE match_id = ? AND seq = ?').get(matchId, seq) as
      | SnapshotRow
      | undefined;
  }
}
