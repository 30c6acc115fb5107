import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import { InvalidData } from '../../engine/core/errors.ts';
import {
  type BaseState,
  type GameModule,
  type LogEntry,
  type MatchSetup,
  MatchSetupSchema,
  SEATS,
  type Seat,
  type Viewer,
} from '../../engine/core/game.ts';
import { canonicalJson, stateHash } from '../../engine/core/hash.ts';
import { replayLog } from '../../engine/core/replay.ts';
import { createLogger } from '../../ops/logger.ts';
import type { MatchesContract } from '../contract.ts';
import { type GameResolver, requireGame } from '../game-resolver.ts';
import { parseInput } from '../json-column.ts';
import { MatchNotFound, MatchNotPlayable } from '../match-errors.ts';
import { exportMatch, inspectMatch, type MatchExport, type MatchInspection } from '../match-export.ts';
import {
  type CommittedStep,
  type DecisionRow,
  type MatchHistory,
  type MatchInfo,
  type MatchRow,
  type MatchStatus,
  parseSetup,
  type SnapshotRow,
  toLoggedDecision,
  toMatchInfo,
} from '../match-records.ts';
import { migrateMatch, outdated, type RestoreOutcome, restoreMatch, tallyRestore } from '../match-restore.ts';
import { applyStep, type LiveMatch, planRun, type RunPlanner, type RunResult } from '../match-step.ts';
import {
  type CommitResult,
  type MatchStoreOptions,
  type NewMatch,
  newMatchRow,
  parseSubmission,
  type RestoreReport,
  type Submission,
} from '../match-store.ts';
import { canonicalState } from '../state-text.ts';
import { inTransaction, type Queryable } from './pool.ts';

const SeatSchema = z.enum(SEATS);

/**
 * One decision's rows (match-step.ts `applyStep`): the log entry, the match advanced from its count (refused if
 * another writer got there first), and a snapshot when due, older ones pruned; a finished match keeps none (its log
 * replays it for exports).
 */
async function writeStep(client: pg.PoolClient, step: CommittedStep): Promise<void> {
  const d = step.decision;
  await client.query(
    `INSERT INTO match_decisions (match_id, seq, seat, decision_id, decision, state_hash, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [d.match_id, d.seq, d.seat, d.decision_id, d.decision, d.state_hash, d.at],
  );
  const advanced = await client.query(
    `UPDATE matches SET decision_count = $1, last_hash = $2, status = $3, result = $4, updated_at = $5,
       ended_at = $6 WHERE match_id = $7 AND decision_count = $8 AND status = 'active'`,
    [
      d.seq,
      d.state_hash,
      step.status,
      step.result,
      d.at,
      step.status === 'active' ? null : d.at,
      d.match_id,
      step.fromCount,
    ],
  );
  if (advanced.rowCount !== 1) throw new Error(`match "${d.match_id}" changed underneath the store`);
  if (step.status !== 'active') {
    await client.query('DELETE FROM match_snapshots WHERE match_id = $1', [d.match_id]);
  } else if (step.snapshot !== null) {
    await client.query(
      `INSERT INTO match_snapshots (match_id, seq, state, state_hash) VALUES ($1, $2, $3, $4)
       ON CONFLICT (match_id, seq) DO UPDATE SET state = EXCLUDED.state, state_hash = EXCLUDED.state_hash`,
      [d.match_id, d.seq, step.snapshot, d.state_hash],
    );
    await client.query('DELETE FROM match_snapshots WHERE match_id = $1 AND seq < $2', [
      d.match_id,
      step.keepSnapshotsFrom,
    ]);
  }
}

function runCommitted(live: LiveMatch, count: number): RunResult {
  const status = live.state.result === null ? 'active' : 'finished';
  return { kind: 'committed', count, seq: live.seq, stateHash: live.hash, state: live.state, status };
}

/** What a commit's transaction decided; a freeze is committed before it is reported (as MatchNotPlayable). */
type CommitOutcome =
  | CommitResult
  | { kind: 'frozen' }
  | { kind: 'paused' }
  | { kind: 'ended-duplicate'; seq: number; stateHash: string };

/**
 * Matches on PostgreSQL, with the synchronous store's rules (match-store.ts): a match is (setup, seed, decisions), the
 * log is the truth, every decision is committed with its state hash (and a snapshot every N) in one transaction, and
 * a match whose log does not replay is frozen, never patched.
 *
 * Several processes may share the database, so a cached state is never trusted on its own: each commit locks the
 * match's row (`SELECT … FOR UPDATE`) and uses the cache only when it is at the row's decision count and hash, else
 * reloads from the log inside the same transaction. Two processes committing the same match's next decision at once
 * are serialized by that lock: the first is applied, the second then sees the advanced log and is told `duplicate`
 * (the same answer) or `stale` (a different one). The guarded update (`WHERE decision_count = …`) stays as a second
 * line of defence.
 */
export class PgMatchStore implements MatchesContract {
  private readonly live = new Map<string, LiveMatch>();
  private readonly log: (message: string) => void;
  private readonly now: () => number;

  constructor(
    private readonly pool: pg.Pool,
    private readonly resolveGame: GameResolver,
    private readonly options: MatchStoreOptions,
  ) {
    const fallback = options.log ? null : createLogger().logger;
    this.log = options.log ?? ((message) => fallback?.warn(message));
    this.now = options.now ?? Date.now;
  }

  async createMatch(input: NewMatch): Promise<MatchInfo> {
    const row = newMatchRow(input, this.resolveGame, this.now());
    await this.pool.query(
      `INSERT INTO matches (match_id, guild_id, channel_id, thread_id, game, format, p1_user_id, p2_user_id, status,
         created_at, updated_at, rules_version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        row.match_id,
        row.guild_id,
        row.channel_id,
        row.thread_id,
        row.game,
        row.format,
        row.p1_user_id,
        row.p2_user_id,
        row.status,
        row.created_at,
        row.updated_at,
        row.rules_version,
      ],
    );
    return toMatchInfo(row);
  }

  async startMatch(matchId: string, setup: MatchSetup, seed: string = randomUUID()): Promise<BaseState> {
    const row = await this.row(this.pool, matchId);
    if (row.status !== 'pending') throw new MatchNotPlayable(matchId, row.status);
    const checked = parseInput(MatchSetupSchema, setup, 'match setup');
    if (checked.game !== row.game) throw new InvalidData(`setup is for ${checked.game}, the match is ${row.game}`);
    const game = requireGame(this.resolveGame, row.game);
    const state = game.setup(checked, seed);
    const hash = stateHash(state);
    const now = this.now();
    const started = await this.pool.query(
      `UPDATE matches SET status = 'active', seed = $1, setup = $2, initial_hash = $3, last_hash = $3,
         rules_version = $4, started_at = $5, updated_at = $5 WHERE match_id = $6 AND status = 'pending'`,
      [seed, canonicalJson(checked), hash, game.rulesVersion, now, matchId],
    );
    if (started.rowCount !== 1) throw new MatchNotPlayable(matchId, (await this.row(this.pool, matchId)).status);
    this.live.set(matchId, { game, state, hash, seq: 0 });
    return state;
  }

  async commitDecision(matchId: string, seat: Seat, submission: Submission): Promise<CommitResult> {
    const who = parseInput(SeatSchema, seat, 'seat');
    const what = parseSubmission(submission);
    const timing = { game: '', ms: 0 };
    const outcome = await inTransaction(this.pool, async (client): Promise<CommitOutcome> => {
      // The row lock serializes every writer of this match, in this process or another.
      const row = await this.lockedRow(client, matchId);
      if (row.status !== 'active') {
        const earlier = await this.earlierCommit(client, matchId, who, what);
        if (earlier) return { kind: 'ended-duplicate', ...earlier };
        throw new MatchNotPlayable(matchId, row.status);
      }
      // Read under the row lock: a pause another process commits first is seen here (pg-match-tables.ts).
      const paused = await client.query('SELECT 1 FROM match_pauses WHERE match_id = $1', [matchId]);
      if ((paused.rowCount ?? 0) > 0) return { kind: 'paused' };
      const live = await this.liveAt(client, row);
      if (!live) return { kind: 'frozen' };

      const pendingId = live.game.pending(live.state)?.id ?? null;
      const answersPending = what !== 'concede' && what.decisionId === pendingId;
      const canConcede = what === 'concede' && live.state.result === null;
      if (!(answersPending || canConcede)) {
        const earlier = await this.earlierCommit(client, matchId, who, what);
        if (earlier) return { kind: 'duplicate', ...earlier, state: live.state, status: 'active' };
        return { kind: 'stale', state: live.state, status: 'active' };
      }

      const { step, after } = applyStep(live, matchId, who, what, this.now(), this.options.snapshotEvery);
      const writing = performance.now();
      await writeStep(client, step);
      if (step.status === 'active') this.live.set(matchId, after);
      else this.live.delete(matchId);
      timing.game = live.game.id;
      timing.ms = performance.now() - writing;
      return { kind: 'applied', seq: after.seq, stateHash: after.hash, state: after.state, status: step.status };
    }).catch((error: unknown) => {
      // Nothing was committed: the next call reloads from the log.
      this.live.delete(matchId);
      throw error;
    });
    if (outcome.kind === 'frozen') throw new MatchNotPlayable(matchId, 'frozen');
    if (outcome.kind === 'paused') throw new MatchNotPlayable(matchId, 'paused');
    if (outcome.kind === 'ended-duplicate') {
      const row = await this.row(this.pool, matchId);
      return {
        kind: 'duplicate',
        seq: outcome.seq,
        stateHash: outcome.stateHash,
        state: await this.currentState(matchId),
        status: row.status,
      };
    }
    if (outcome.kind === 'applied')
      this.options.onCommit?.({ matchId, game: timing.game, seq: outcome.seq, ms: timing.ms });
    return outcome;
  }

  /**
   * Planned on the match's live state outside any transaction (the planner may await), then written in one
   * transaction under the row lock if no commit (of this process or another) moved the match meanwhile.
   */
  async commitRun(matchId: string, next: RunPlanner): Promise<RunResult> {
    const from = await this.runStart(matchId);
    const { steps, after } = await planRun(from, matchId, next, this.now, this.options.snapshotEvery);
    if (steps.length === 0) return runCommitted(from, 0);
    const timing = { ms: 0 };
    const written = await inTransaction(this.pool, async (client) => {
      const row = await this.lockedRow(client, matchId);
      if (row.status !== 'active' || row.decision_count !== from.seq || row.last_hash !== from.hash) return false;
      const paused = await client.query('SELECT 1 FROM match_pauses WHERE match_id = $1', [matchId]);
      if ((paused.rowCount ?? 0) > 0) throw new MatchNotPlayable(matchId, 'paused');
      const writing = performance.now();
      for (const step of steps) await writeStep(client, step);
      timing.ms = performance.now() - writing;
      return true;
    }).catch((error: unknown) => {
      this.live.delete(matchId); // nothing was committed: the next call reloads from the log
      throw error;
    });
    if (!written) {
      const row = await this.row(this.pool, matchId);
      return { kind: 'moved', state: await this.currentState(matchId), status: row.status };
    }
    if (after.state.result === null) this.live.set(matchId, after);
    else this.live.delete(matchId);
    const ms = timing.ms / steps.length;
    for (const step of steps) this.options.onCommit?.({ matchId, game: from.game.id, seq: step.decision.seq, ms });
    return runCommitted(after, steps.length);
  }

  /** The live match a run starts from: active and not paused (else MatchNotPlayable), current with its row. */
  private async runStart(matchId: string): Promise<LiveMatch> {
    const row = await this.row(this.pool, matchId);
    if (row.status !== 'active') throw new MatchNotPlayable(matchId, row.status);
    const paused = await this.pool.query('SELECT 1 FROM match_pauses WHERE match_id = $1', [matchId]);
    if ((paused.rowCount ?? 0) > 0) throw new MatchNotPlayable(matchId, 'paused');
    const cached = this.live.get(matchId);
    if (cached && cached.seq === row.decision_count && cached.hash === row.last_hash) return cached;
    const live = await this.withSettledRow(matchId, (client, settled) =>
      settled.status === 'active' ? this.liveAt(client, settled) : Promise.resolve(null),
    );
    if (!live) throw new MatchNotPlayable(matchId, (await this.row(this.pool, matchId)).status);
    return live;
  }

  async currentState(matchId: string): Promise<BaseState> {
    const row = await this.row(this.pool, matchId);
    if (row.status === 'pending') throw new MatchNotPlayable(matchId, row.status);
    if (row.status === 'active') {
      const cached = this.live.get(matchId);
      if (cached && cached.seq === row.decision_count && cached.hash === row.last_hash) return cached.state;
      const live = await this.withSettledRow(matchId, (client, settled) =>
        settled.status === 'active' ? this.liveAt(client, settled) : Promise.resolve(null),
      );
      if (!live) throw new MatchNotPlayable(matchId, (await this.row(this.pool, matchId)).status);
      return live.state;
    }
    const game = requireGame(this.resolveGame, row.game);
    const outcome = await this.restore(this.pool, game, row);
    if (!outcome.ok) throw new MatchNotPlayable(matchId, row.status);
    return outcome.state;
  }

  /**
   * Runs `work` with the match's row read under a share lock, in one transaction: no other process can commit a
   * decision for the match meanwhile (a commit locks the row for update), so the log and snapshots `work` reads agree
   * with the row. Without it, a decision committed between reading the row and reading the log would look like a log
   * longer than the match records, and the match would be judged broken.
   */
  private withSettledRow<T>(matchId: string, work: (client: pg.PoolClient, row: MatchRow) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, async (client) => {
      const row = (await client.query<MatchRow>('SELECT * FROM matches WHERE match_id = $1 FOR SHARE', [matchId]))
        .rows[0];
      if (!row) throw new MatchNotFound(matchId);
      return work(client, row);
    });
  }

  async match(matchId: string): Promise<MatchInfo | null> {
    const row = await this.maybeRow(this.pool, matchId);
    return row ? toMatchInfo(row) : null;
  }

  async matchIn(channelId: string): Promise<MatchInfo | null> {
    const row =
      (await this.maybeRow(this.pool, channelId)) ??
      (
        await this.pool.query<MatchRow>('SELECT * FROM matches WHERE thread_id = $1 ORDER BY created_at DESC LIMIT 1', [
          channelId,
        ])
      ).rows[0];
    return row ? toMatchInfo(row) : null;
  }

  async guildMatches(guildId: string, status?: MatchStatus): Promise<MatchInfo[]> {
    const { rows } = status
      ? await this.pool.query<MatchRow>(
          'SELECT * FROM matches WHERE guild_id = $1 AND status = $2 ORDER BY created_at DESC, match_id DESC',
          [guildId, status],
        )
      : await this.pool.query<MatchRow>(
          'SELECT * FROM matches WHERE guild_id = $1 ORDER BY created_at DESC, match_id DESC',
          [guildId],
        );
    return rows.map(toMatchInfo);
  }

  async activeMatchesOf(guildId: string, userId: string): Promise<MatchInfo[]> {
    const { rows } = await this.pool.query<MatchRow>(
      `SELECT * FROM matches WHERE guild_id = $1 AND status = 'active' AND (p1_user_id = $2 OR p2_user_id = $2)
       ORDER BY created_at, match_id`,
      [guildId, userId],
    );
    return rows.map(toMatchInfo);
  }

  async activeMatchIds(): Promise<string[]> {
    const { rows } = await this.pool.query<{ match_id: string }>(
      "SELECT match_id FROM matches WHERE status = 'active' ORDER BY created_at, match_id",
    );
    return rows.map((r) => r.match_id);
  }

  async abort(matchId: string, reason: string): Promise<void> {
    const now = this.now();
    const done = await this.pool.query(
      `UPDATE matches SET status = 'aborted', status_reason = $2, updated_at = $3, ended_at = $3
       WHERE match_id = $1 AND status NOT IN ('finished', 'aborted')`,
      [matchId, reason, now],
    );
    this.live.delete(matchId);
    if (done.rowCount !== 1) throw new MatchNotPlayable(matchId, (await this.row(this.pool, matchId)).status);
  }

  async restoreActiveMatches(budgetMs = 5_000): Promise<RestoreReport> {
    const started = performance.now();
    const report: RestoreReport = { restored: 0, frozen: [], skipped: [], notes: [], deferred: 0, replayed: 0, ms: 0 };
    this.live.clear();
    const ids = (await this.activeMatchIds()).reverse();
    for (const [index, matchId] of ids.entries()) {
      if (performance.now() - started > budgetMs) {
        report.deferred = ids.length - index;
        break;
      }
      await this.withSettledRow(matchId, async (client, row) => {
        if (row.status !== 'active') return; // another process ended it meanwhile
        const game = this.resolveGame(row.game);
        if (!game) {
          report.skipped.push({ matchId, reason: `game "${row.game}" is not loaded` });
          return;
        }
        const outcome = await this.restore(client, game, row);
        if (tallyRestore(report, matchId, outcome, this.log)) {
          this.live.set(matchId, { game, state: outcome.state, hash: outcome.hash, seq: outcome.seq });
        } else {
          await this.freeze(client, row, outcome.reason);
        }
      });
    }
    report.ms = performance.now() - started;
    return report;
  }

  async publicLog(matchId: string, viewer: Viewer = { kind: 'spectator' }): Promise<LogEntry[]> {
    const row = await this.row(this.pool, matchId);
    if (row.status === 'pending') throw new MatchNotPlayable(matchId, row.status);
    const game = requireGame(this.resolveGame, row.game);
    // Read after the row: decisions another process logs meanwhile are past it and left out (the log only grows).
    const { rows } = await this.pool.query<DecisionRow>(
      'SELECT * FROM match_decisions WHERE match_id = $1 AND seq <= $2 ORDER BY seq',
      [matchId, row.decision_count],
    );
    return replayLog(game, parseSetup(row, MatchSetupSchema), row.seed ?? '', rows.map(toLoggedDecision), viewer);
  }

  /**
   * A snapshot of every match this instance holds at its latest decision, written only where the logged decision at
   * that position has the same hash (a match another process advanced or deleted meanwhile is skipped or still fine:
   * a snapshot at an earlier position of a sound log is sound).
   */
  async snapshotLive(): Promise<number> {
    let written = 0;
    for (const [matchId, live] of this.live) {
      if (live.seq === 0) continue; // the setup replays nothing
      const done = await this.pool.query(
        `INSERT INTO match_snapshots (match_id, seq, state, state_hash)
           SELECT match_id, seq, $3, state_hash FROM match_decisions WHERE match_id = $1 AND seq = $2 AND state_hash = $4
         ON CONFLICT (match_id, seq) DO NOTHING`,
        [matchId, live.seq, canonicalState(live.state).text, live.hash],
      );
      written += done.rowCount ?? 0;
    }
    return written;
  }

  exportMatch(matchId: string): Promise<MatchExport> {
    return this.withSettledRow(matchId, async (client, row) => exportMatch(await loadHistory(client, matchId), row));
  }

  inspectMatch(matchId: string): Promise<MatchInspection> {
    return this.withSettledRow(matchId, async (client, row) =>
      inspectMatch(await loadHistory(client, matchId), row, this.resolveGame(row.game)),
    );
  }

  async pairingCount(guildId: string, a: string, b: string): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM matches WHERE guild_id = $1
       AND ((p1_user_id = $2 AND p2_user_id = $3) OR (p1_user_id = $3 AND p2_user_id = $2))`,
      [guildId, a, b],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** Drops cached states (after a guild's data is deleted). */
  forget(matchIds: readonly string[]): void {
    for (const id of matchIds) this.live.delete(id);
  }

  /** Whether this instance holds the match's state in memory (tests). */
  isLive(matchId: string): boolean {
    return this.live.has(matchId);
  }

  /**
   * The match's live state at the row's decision count: the cache when it is there and current (same count and hash),
   * else restored from the log (and cached). A match whose log does not check out is frozen and null returned.
   */
  private async liveAt(q: Queryable, row: MatchRow): Promise<LiveMatch | null> {
    const cached = this.live.get(row.match_id);
    if (cached && cached.seq === row.decision_count && cached.hash === row.last_hash) return cached;
    const game = requireGame(this.resolveGame, row.game);
    const outcome = await this.restore(q, game, row);
    for (const note of outcome.notes) this.log(`match ${row.match_id}: ${note}`);
    if (!outcome.ok) {
      await this.freeze(q, row, outcome.reason);
      return null;
    }
    const loaded = { game, state: outcome.state, hash: outcome.hash, seq: outcome.seq };
    this.live.set(row.match_id, loaded);
    return loaded;
  }

  /**
   * The match's state from its log: migrated first when it was recorded under an older rules version the game
   * declares a migration for (recorded at once), otherwise restored and checked (match-restore.ts).
   */
  private async restore(q: Queryable, game: GameModule, row: MatchRow): Promise<RestoreOutcome> {
    const history = await loadHistory(q, row.match_id);
    if (!outdated(game, row)) return restoreMatch(game, history, row);
    const migrated = migrateMatch(game, history, row);
    if (!migrated.ok) return { ok: false, reason: migrated.reason, notes: [] };
    const { state, hash, seq } = migrated;
    const changed = await q.query(
      `UPDATE matches SET rules_version = $1, rehashed_at = $2, rehashed_hash = $3, last_hash = $3,
         result = COALESCE($4, result), setup = COALESCE($5, setup)
       WHERE match_id = $6 AND decision_count = $2 AND rules_version = $7`,
      [
        game.rulesVersion,
        seq,
        hash,
        state.result ? JSON.stringify(state.result) : null,
        migrated.setup ? canonicalJson(migrated.setup) : null,
        row.match_id,
        row.rules_version,
      ],
    );
    if (changed.rowCount !== 1) throw new Error(`match "${row.match_id}" changed while it was being migrated`);
    await q.query('DELETE FROM match_snapshots WHERE match_id = $1', [row.match_id]);
    if (!state.result && seq > 0) {
      await q.query('INSERT INTO match_snapshots (match_id, seq, state, state_hash) VALUES ($1, $2, $3, $4)', [
        row.match_id,
        seq,
        canonicalState(state).text,
        hash,
      ]);
    }
    return { ok: true, state, hash, seq, fromSeq: 0, notes: [migrated.note] };
  }

  private async freeze(q: Queryable, row: MatchRow, reason: string): Promise<void> {
    await q.query(
      `UPDATE matches SET status = 'frozen', status_reason = $2, updated_at = $3, ended_at = $3
       WHERE match_id = $1 AND decision_count = $4`,
      [row.match_id, reason, this.now(), row.decision_count],
    );
    this.live.delete(row.match_id);
    this.log(`match ${row.match_id} frozen: ${reason}`);
  }

  /** The committed entry this submission repeats, if it is a re-submission. */
  private async earlierCommit(
    q: Queryable,
    matchId: string,
    seat: Seat,
    what: Submission,
  ): Promise<{ seq: number; stateHash: string } | null> {
    if (what === 'concede') {
      const last = (
        await q.query<DecisionRow>('SELECT * FROM match_decisions WHERE match_id = $1 ORDER BY seq DESC LIMIT 1', [
          matchId,
        ])
      ).rows[0];
      return last && last.seat === seat && last.decision_id === null
        ? { seq: last.seq, stateHash: last.state_hash }
        : null;
    }
    const earlier = (
      await q.query<DecisionRow>(
        `SELECT * FROM match_decisions WHERE match_id = $1 AND decision_id = $2 AND seat = $3
         ORDER BY seq DESC LIMIT 1`,
        [matchId, what.decisionId, seat],
      )
    ).rows[0];
    if (!earlier || earlier.decision !== canonicalJson({ response: what })) return null;
    return { seq: earlier.seq, stateHash: earlier.state_hash };
  }

  private async lockedRow(client: pg.PoolClient, matchId: string): Promise<MatchRow> {
    const row = (await client.query<MatchRow>('SELECT * FROM matches WHERE match_id = $1 FOR UPDATE', [matchId]))
      .rows[0];
    if (!row) throw new MatchNotFound(matchId);
    return row;
  }

  private async maybeRow(q: Queryable, matchId: string): Promise<MatchRow | null> {
    return (await q.query<MatchRow>('SELECT * FROM matches WHERE match_id = $1', [matchId])).rows[0] ?? null;
  }

  private async row(q: Queryable, matchId: string): Promise<MatchRow> {
    const row = await this.maybeRow(q, matchId);
    if (!row) throw new MatchNotFound(matchId);
    return row;
  }
}

/**
 * A match's whole history read at once (its log and kept snapshots), for the synchronous restore and check
 * (match-restore.ts). A restore reads the snapshots and the tail after one; a fallback or a divergence report reads
 * the whole log, so all of it is loaded: a few hundred short rows per match.
 */
export async function loadHistory(q: Queryable, matchId: string): Promise<MatchHistory> {
  const decisions = (
    await q.query<DecisionRow>('SELECT * FROM match_decisions WHERE match_id = $1 ORDER BY seq', [matchId])
  ).rows;
  const snapshots = (
    await q.query<SnapshotRow>('SELECT * FROM match_snapshots WHERE match_id = $1 ORDER BY seq DESC', [matchId])
  ).rows;
  const bySeq = new Map(decisions.map((d) => [d.seq, d]));
  return {
    snapshotSeqs: (_id, maxSeq) => snapshots.filter((s) => s.seq <= maxSeq).map((s) => s.seq),
    snapshot: (_id, seq) => snapshots.find((s) => s.seq === seq),
    decisionAt: (_id, seq) => bySeq.get(seq),
    decisionsAfter: (_id, seq) => decisions.filter((d) => d.seq > seq),
  };
}
