import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { copyResponse, wellFormed } from '../engine/core/decision.ts';
import { InvalidData } from '../engine/core/errors.ts';
import {
  type BaseState,
  type DecisionResponse,
  DecisionResponseSchema,
  GameIdSchema,
  type GameModule,
  type LogEntry,
  type MatchSetup,
  MatchSetupSchema,
  SEATS,
  type Seat,
  type Viewer,
} from '../engine/core/game.ts';
import { canonicalJson, stateHash } from '../engine/core/hash.ts';
import { replayLog } from '../engine/core/replay.ts';
import { createLogger } from '../ops/logger.ts';
import { type GameResolver, requireGame } from './game-resolver.ts';
import { parseInput } from './json-column.ts';
import { MatchNotFound, MatchNotPlayable } from './match-errors.ts';
import {
  type CommittedStep,
  type MatchInfo,
  type MatchRecords,
  type MatchRow,
  type MatchStatus,
  parseSetup,
  toLoggedDecision,
  toMatchInfo,
} from './match-records.ts';
import { migrateMatch, outdated, type RestoreOutcome, restoreMatch, tallyRestore } from './match-restore.ts';
import { applyStep, type LiveMatch, planRun, type RunPlanner } from './match-step.ts';
import { canonicalState } from './state-text.ts';

const Id = z.string().min(1).max(64);

export { KEPT_SNAPSHOTS } from './match-step.ts';

export const NewMatchSchema = z.object({
  matchId: Id.optional(),
  guildId: Id,
  channelId: Id,
  threadId: Id.optional(),
  game: GameIdSchema,
  format: z.string().min(1).max(40),
  /** Discord user ids per seat: the engine only ever sees seats. */
  players: z.object({ p1: Id, p2: Id }),
});
export type NewMatch = z.input<typeof NewMatchSchema>;

/** A new match's row (`pending`), checked; both stores insert it (the PostgreSQL one in its own SQL). */
export function newMatchRow(input: NewMatch, resolveGame: GameResolver, now: number): MatchRow {
  const m = parseInput(NewMatchSchema, input, 'new match');
  const game = requireGame(resolveGame, m.game);
  return {
    match_id: m.matchId ?? randomUUID(),
    guild_id: m.guildId,
    channel_id: m.channelId,
    thread_id: m.threadId ?? null,
    game: m.game,
    format: m.format,
    p1_user_id: m.players.p1,
    p2_user_id: m.players.p2,
    status: 'pending',
    seed: null,
    setup: null,
    initial_hash: null,
    decision_count: 0,
    last_hash: null,
    result: null,
    status_reason: null,
    created_at: now,
    started_at: null,
    updated_at: now,
    ended_at: null,
    rules_version: game.rulesVersion,
    rehashed_at: null,
    rehashed_hash: null,
  };
}

/** The answer to a pending decision, or a concession. */
export type Submission = DecisionResponse | 'concede';
const SubmissionSchema = z.union([DecisionResponseSchema, z.literal('concede')]);

/**
 * A submission as the schema returns it. The usual well-formed response is copied the way the schema copies it,
 * without zod (every commit, automatic passes included, goes through here); anything else goes through the schema.
 */
export function parseSubmission(submission: unknown): Submission {
  if (submission === 'concede') return submission;
  if (wellFormed(submission)) return copyResponse(submission);
  return parseInput(SubmissionSchema, submission, 'decision');
}
const SeatSchema = z.enum(SEATS);

/**
 * What happened to a submission; `state` is always the match's current state (the cached object: read it, never
 * mutate it). `applied`: committed now. `duplicate`: this very answer was committed earlier
 * (a double click, a retried interaction) and is not applied again. `stale`: the decision was already answered
 * differently or is not the pending one; nothing changed.
 */
export type CommitResult =
  | { kind: 'applied'; seq: number; stateHash: string; state: BaseState; status: MatchStatus }
  | { kind: 'duplicate'; seq: number; stateHash: string; state: BaseState; status: MatchStatus }
  | { kind: 'stale'; state: BaseState; status: MatchStatus };

export interface RestoreReport {
  restored: number;
  frozen: { matchId: string; reason: string }[];
  /** Matches whose game is not loaded: left active and untouched. */
  skipped: { matchId: string; reason: string }[];
  notes: { matchId: string; note: string }[];
  /** Matches left for their first use (the boot's time budget ran out): restored and checked then. */
  deferred: number;
  /** Decisions replayed after the snapshots restored from (0 after a graceful stop: it snapshots every match). */
  replayed: number;
  ms: number;
}

export interface MatchStoreOptions {
  snapshotEvery: number;
  /** Where freezes and fallbacks are reported (the bot's logger); a warning on stdout by default. */
  log?: (message: string) => void;
  now?: () => number;
  /** A paused match (its thread was deleted) takes no decisions until it is resumed. */
  isPaused?: (matchId: string) => boolean;
  /** Told after each committed decision, with the time its transaction took (metrics, debug logs). */
  onCommit?: (commit: { matchId: string; game: string; seq: number; ms: number }) => void;
}

/** Final states kept in memory (a NOVA state is about 0.2 MB, so at most a few MB). */
const ENDED_KEPT = 32;

/**
 * Matches and their decision logs. The one way to change a match's state is `commitDecision`, which returns only
 * after the decision, its resulting state hash (and every N decisions a snapshot) are committed together, so the
 * caller may tell Discord about it. States of active matches are kept in memory, checked against the log on load.
 */
export class MatchStore {
  private readonly live = new Map<string, LiveMatch>();
  /**
   * The final states of the most recently read or ended matches, newest last, at most ENDED_KEPT: a finished match
   * keeps no snapshots, so without this every `/match status` in its thread would replay the whole log.
   */
  private readonly ended = new Map<string, BaseState>();
  private readonly log: (message: string) => void;
  private readonly now: () => number;

  constructor(
    private readonly records: MatchRecords,
    private readonly resolveGame: GameResolver,
    private readonly options: MatchStoreOptions,
  ) {
    const fallback = options.log ? null : createLogger().logger;
    this.log = options.log ?? ((message) => fallback?.warn(message));
    this.now = options.now ?? Date.now;
  }

  /** Records a challenge (`pending`); `startMatch` gives it decks and a seed. */
  createMatch(input: NewMatch): MatchInfo {
    const row = newMatchRow(input, this.resolveGame, this.now());
    this.records.insertMatch(row);
    return toMatchInfo(row);
  }

  /** Builds the starting state (the game validates the decks) and makes the match active. */
  startMatch(matchId: string, setup: MatchSetup, seed: string = randomUUID()): BaseState {
    const row = this.row(matchId);
    if (row.status !== 'pending') throw new MatchNotPlayable(matchId, row.status);
    const checked = parseInput(MatchSetupSchema, setup, 'match setup');
    if (checked.game !== row.game) throw new InvalidData(`setup is for ${checked.game}, the match is ${row.game}`);
    const game = requireGame(this.resolveGame, row.game);
    const state = game.setup(checked, seed);
    const hash = stateHash(state);
    if (!this.records.start(matchId, seed, canonicalJson(checked), hash, game.rulesVersion, this.now())) {
      throw new MatchNotPlayable(matchId, this.row(matchId).status);
    }
    this.live.set(matchId, { game, state, hash, seq: 0 });
    return state;
  }

  /**
   * Applies `submission` by `seat` and commits it in one transaction with the resulting state hash.
   * Throws IllegalAction (nothing stored) when the game refuses it, MatchNotPlayable when the match is not active.
   */
  commitDecision(matchId: string, seat: Seat, submission: Submission): CommitResult {
    const who = parseInput(SeatSchema, seat, 'seat');
    const what = parseSubmission(submission);
    // Only active matches are cached (every status change evicts), so the hot path reads no match row.
    const cached = this.live.get(matchId);
    const row = cached ? null : this.row(matchId);
    const live = cached ?? (row?.status === 'active' ? this.liveMatch(row) : null);
    const status: MatchStatus = row?.status ?? 'active';
    if (live && this.options.isPaused?.(matchId)) throw new MatchNotPlayable(matchId, 'paused');

    const pendingId = live ? (live.game.pending(live.state)?.id ?? null) : null;
    const answersPending = what !== 'concede' && what.decisionId === pendingId;
    const canConcede = what === 'concede' && live !== null && live.state.result === null;
    if (!live || !(answersPending || canConcede)) {
      const earlier = this.earlierCommit(matchId, who, what);
      if (earlier) return { kind: 'duplicate', ...earlier, state: this.currentState(matchId), status };
      if (!live) throw new MatchNotPlayable(matchId, status);
      return { kind: 'stale', state: live.state, status };
    }

    const { step, after } = applyStep(live, matchId, who, what, this.now(), this.options.snapshotEvery);
    const writing = performance.now();
    try {
      this.records.commitDecision(step);
    } catch (error) {
      // Nothing was committed; drop the cached state so the next call reloads it from the log.
      this.live.delete(matchId);
      throw error;
    }
    this.options.onCommit?.({ matchId, game: live.game.id, seq: after.seq, ms: performance.now() - writing });
    this.advanced(matchId, after);
    return { kind: 'applied', seq: after.seq, stateHash: after.hash, state: after.state, status: step.status };
  }

  /** The cached match after a commit: kept while active, else moved to the ended states. */
  private advanced(matchId: string, after: LiveMatch): void {
    if (after.state.result === null) this.live.set(matchId, after);
    else {
      this.live.delete(matchId);
      this.keepEnded(matchId, after.state);
    }
  }

  /** The live match a run of decisions starts from (`commitRun`): active and not paused, else MatchNotPlayable. */
  runStart(matchId: string): LiveMatch {
    const cached = this.live.get(matchId);
    const row = cached ? null : this.row(matchId);
    if (row && row.status !== 'active') throw new MatchNotPlayable(matchId, row.status);
    const live = cached ?? this.liveMatch(row as MatchRow);
    if (this.options.isPaused?.(matchId)) throw new MatchNotPlayable(matchId, 'paused');
    return live;
  }

  /** Plans a run from `from` without writing (match-step.ts `planRun`). */
  planRun(matchId: string, from: LiveMatch, next: RunPlanner): Promise<{ steps: CommittedStep[]; after: LiveMatch }> {
    return planRun(from, matchId, next, this.now, this.options.snapshotEvery);
  }

  /**
   * Writes a planned run in one transaction when the match is still at `from` (the cached object the run started
   * from); returns false, writing nothing, when another commit moved it meanwhile. Each decision is reported to
   * `onCommit` as a commit of its own, with its share of the transaction's time.
   */
  writeRun(matchId: string, from: LiveMatch, steps: readonly CommittedStep[], after: LiveMatch): boolean {
    if (this.live.get(matchId) !== from) return false;
    if (steps.length === 0) return true;
    if (this.options.isPaused?.(matchId)) throw new MatchNotPlayable(matchId, 'paused');
    const writing = performance.now();
    try {
      this.records.commitSteps(steps);
    } catch (error) {
      this.live.delete(matchId); // nothing was committed: reload from the log next time
      throw error;
    }
    const ms = (performance.now() - writing) / steps.length;
    for (const step of steps) this.options.onCommit?.({ matchId, game: from.game.id, seq: step.decision.seq, ms });
    this.advanced(matchId, after);
    return true;
  }

  /**
   * The match's current state: from memory when active, otherwise rebuilt from the log. Only active matches are
   * cached (every status change evicts), so a cached state is returned without reading the match row, as
   * `commitDecision` does.
   */
  currentState(matchId: string): BaseState {
    const cached = this.live.get(matchId);
    if (cached) return cached.state;
    const row = this.row(matchId);
    if (row.status === 'active') return this.liveMatch(row).state;
    if (row.status === 'pending') throw new MatchNotPlayable(matchId, row.status);
    const kept = this.ended.get(matchId);
    if (kept) {
      this.keepEnded(matchId, kept);
      return kept;
    }
    const game = requireGame(this.resolveGame, row.game);
    const outcome = this.restore(game, row);
    if (!outcome.ok) throw new MatchNotPlayable(matchId, row.status);
    if (row.status === 'finished' || row.status === 'aborted') this.keepEnded(matchId, outcome.state);
    return outcome.state;
  }

  /** Keeps a final state as the newest of `ended`, dropping the oldest past ENDED_KEPT. */
  private keepEnded(matchId: string, state: BaseState): void {
    this.ended.delete(matchId);
    this.ended.set(matchId, state);
    if (this.ended.size > ENDED_KEPT) this.ended.delete(this.ended.keys().next().value as string);
  }

  /** How many final states are kept in memory (a test of the bound). */
  endedKept(): number {
    return this.ended.size;
  }

  /**
   * Every log entry of the match this viewer may read (a spectator by default: the public log), from replaying its
   * decision log, since a state keeps only its latest entries: what the result message attaches as a file.
   */
  publicLog(matchId: string, viewer: Viewer = { kind: 'spectator' }): LogEntry[] {
    const row = this.row(matchId);
    if (row.status === 'pending') throw new MatchNotPlayable(matchId, row.status);
    const game = requireGame(this.resolveGame, row.game);
    const decisions = this.records.decisionsAfter(matchId, 0).map(toLoggedDecision);
    return replayLog(game, parseSetup(row, MatchSetupSchema), row.seed ?? '', decisions, viewer);
  }

  /**
   * Boot: rebuilds active matches from their latest snapshot plus the decisions after it and checks the hash
   * against the log, newest first, for at most `budgetMs`; the rest are restored and checked on first use (as
   * `liveMatch` does), so a boot with many open matches stays bounded. A match that does not check out is frozen with
   * the reason, never patched.
   */
  restoreActiveMatches(budgetMs = 5_000): RestoreReport {
    const started = performance.now();
    const report: RestoreReport = { restored: 0, frozen: [], skipped: [], notes: [], deferred: 0, replayed: 0, ms: 0 };
    this.live.clear();
    const ids = this.records.matchIds('active').reverse();
    for (const [index, matchId] of ids.entries()) {
      if (performance.now() - started > budgetMs) {
        report.deferred = ids.length - index;
        break;
      }
      const row = this.row(matchId);
      const game = this.resolveGame(row.game);
      if (!game) {
        report.skipped.push({ matchId, reason: `game "${row.game}" is not loaded` });
        continue;
      }
      const outcome = this.restore(game, row);
      if (tallyRestore(report, matchId, outcome, this.log)) {
        this.live.set(matchId, { game, state: outcome.state, hash: outcome.hash, seq: outcome.seq });
      } else {
        this.freeze(matchId, outcome.reason);
      }
    }
    report.ms = performance.now() - started;
    return report;
  }

  /**
   * A snapshot of every active match in memory at its latest decision (a graceful stop, before the store closes),
   * so the next start restores each from its snapshot with nothing to replay. Returns how many were written.
   */
  snapshotLive(): number {
    const due: { matchId: string; seq: number; state: string; hash: string }[] = [];
    for (const [matchId, live] of this.live) {
      if (live.seq === 0) continue; // the setup replays nothing
      if (this.records.snapshotSeqs(matchId, live.seq)[0] === live.seq) continue; // written already
      due.push({ matchId, seq: live.seq, state: canonicalState(live.state).text, hash: live.hash });
    }
    return due.length > 0 ? this.records.writeSnapshots(due) : 0;
  }

  /** Stops a match whose stored history cannot be trusted; an admin then inspects, exports or aborts it. */
  freeze(matchId: string, reason: string): void {
    this.records.setStatus(matchId, 'frozen', reason, this.now());
    this.live.delete(matchId);
    this.log(`match ${matchId} frozen: ${reason}`);
  }

  /** Ends a match without a result (admin command, or a challenge that was never accepted). */
  abort(matchId: string, reason: string): void {
    const row = this.row(matchId);
    if (row.status === 'finished' || row.status === 'aborted') throw new MatchNotPlayable(matchId, row.status);
    this.records.setStatus(matchId, 'aborted', reason, this.now());
    this.live.delete(matchId);
  }

  match(matchId: string): MatchInfo | null {
    const row = this.records.match(matchId);
    return row ? toMatchInfo(row) : null;
  }

  /** The match played in this channel: its first thread (the match id) or the thread it was resumed in. */
  matchIn(channelId: string): MatchInfo | null {
    const row = this.records.match(channelId) ?? this.records.matchByThread(channelId);
    return row ? toMatchInfo(row) : null;
  }

  /** A guild's matches, newest first (e.g. the frozen ones, for an admin). */
  guildMatches(guildId: string, status?: MatchStatus): MatchInfo[] {
    return this.records.guildMatches(guildId, status).map(toMatchInfo);
  }

  /** A user's active matches in a guild (either seat; a practice match counts once), oldest first. */
  activeMatchesOf(guildId: string, userId: string): MatchInfo[] {
    return this.records.playerMatches(guildId, userId, 'active').map(toMatchInfo);
  }

  /** How many matches two users have had in a guild (either seat, any game or status): numbers rematch threads. */
  pairingCount(guildId: string, a: string, b: string): number {
    return this.records.pairingCount(guildId, a, b);
  }

  setupOf(matchId: string): MatchSetup {
    return parseSetup(this.row(matchId), MatchSetupSchema);
  }

  /** Drops cached states (after a guild's data is deleted). */
  forget(matchIds: readonly string[]): void {
    for (const id of matchIds) {
      this.live.delete(id);
      this.ended.delete(id);
    }
  }

  isLive(matchId: string): boolean {
    return this.live.has(matchId);
  }

  /** Where the cached state of the match is (decision count and hash), or null when none is held. */
  cachedAt(matchId: string): { seq: number; hash: string } | null {
    const live = this.live.get(matchId);
    return live ? { seq: live.seq, hash: live.hash } : null;
  }

  private row(matchId: string): MatchRow {
    const row = this.records.match(matchId);
    if (!row) throw new MatchNotFound(matchId);
    return row;
  }

  /** The cached state, loading and checking it from the store the first time. */
  private liveMatch(row: MatchRow): LiveMatch {
    const cached = this.live.get(row.match_id);
    if (cached && cached.seq === row.decision_count) return cached;
    const game = requireGame(this.resolveGame, row.game);
    const outcome = this.restore(game, row);
    for (const note of outcome.notes) this.log(`match ${row.match_id}: ${note}`);
    if (!outcome.ok) {
      this.freeze(row.match_id, outcome.reason);
      throw new MatchNotPlayable(row.match_id, 'frozen');
    }
    const loaded = { game, state: outcome.state, hash: outcome.hash, seq: outcome.seq };
    this.live.set(row.match_id, loaded);
    return loaded;
  }

  /**
   * The match's state from the store: migrated first when it was recorded under an older rules version that the
   * game declares a migration for (recorded at once, so it happens once), otherwise restored and checked.
   */
  private restore(game: GameModule, row: MatchRow): RestoreOutcome {
    if (!outdated(game, row)) return restoreMatch(game, this.records, row);
    const migrated = migrateMatch(game, this.records, row);
    if (!migrated.ok) return { ok: false, reason: migrated.reason, notes: [] };
    const { state, hash, seq } = migrated;
    this.records.rehash({
      matchId: row.match_id,
      seq,
      fromVersion: row.rules_version,
      toVersion: game.rulesVersion,
      hash,
      result: state.result ? JSON.stringify(state.result) : null,
      snapshot: state.result ? null : canonicalState(state).text,
      setup: migrated.setup ? canonicalJson(migrated.setup) : null,
      now: this.now(),
    });
    return { ok: true, state, hash, seq, fromSeq: 0, notes: [migrated.note] };
  }

  /** The committed entry this submission repeats, if it is a re-submission. */
  private earlierCommit(matchId: string, seat: Seat, what: Submission): { seq: number; stateHash: string } | null {
    if (what === 'concede') {
      const last = this.records.lastDecision(matchId);
      return last && last.seat === seat && last.decision_id === null
        ? { seq: last.seq, stateHash: last.state_hash }
        : null;
    }
    const earlier = this.records.decisionById(matchId, what.decisionId, seat);
    if (!earlier || earlier.decision !== canonicalJson({ response: what })) return null;
    return { seq: earlier.seq, stateHash: earlier.state_hash };
  }
}
