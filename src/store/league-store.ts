/**
 * Leagues in SQLite. The command log (`league_log`) is the truth and is only appended to; `leagues.state` is the
 * latest state without its log. Loading a league checks the two against each other: the log is replayed with the
 * pure core (`replay`), and a snapshot that differs is replaced by the replay (with a note); a log that no longer
 * replays freezes the league, which then takes no more commands (like a match, docs/store.md).
 */
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { InvalidData } from '../engine/core/errors.ts';
import { canonicalJson } from '../engine/core/hash.ts';
import { type Actor, ActorSchema, type League, type LogEntry, parseLeague } from '../league/league.ts';
import { applyCommand, replay } from '../league/league-log.ts';
import { HIDDEN_DECK, leagueViewFor } from '../league/league-view.ts';
import type { LeagueProgress } from './contract.ts';
import type { ExportReader, GuildDataPart } from './guild-data.ts';
import { parseJsonColumn } from './json-column.ts';
import { prepared } from './prepared.ts';

export type LeagueStatus = 'registration' | 'running' | 'finished' | 'frozen';

/** A league as the bot sees it: the state plus where it lives in Discord and the bot's own settings. */
export interface LeagueRecord {
  leagueId: string;
  guildId: string;
  channelId: string;
  name: string;
  game: string;
  ownerId: string;
  status: LeagueStatus;
  statusReason: string | null;
  roundMinutes: number | null;
  threads: boolean;
  timeCalledRound: number;
  noShowRound: number;
  ratedRounds: number;
  ratedLadderGames: number;
  /** League rounds rated before the rating journal existed (migration 201): a correction there is not re-rated. */
  ratedBeforeJournal: number;
  createdAt: number;
  updatedAt: number;
  league: League;
}

export interface NewLeague {
  guildId: string;
  channelId: string;
  ownerId: string;
  roundMinutes: number | null;
  threads: boolean;
  /** From `createLeague` (its log holds the creation entry). */
  league: League;
}

export class LeagueNotFound extends Error {
  constructor(what: string) {
    super(`no league ${what}`);
    this.name = 'LeagueNotFound';
  }
}

/** A league with this name already exists in the guild (names are unique, ignoring case). */
export class LeagueNameTaken extends Error {
  constructor(readonly leagueName: string) {
    super(`a league named "${leagueName}" already exists`);
    this.name = 'LeagueNameTaken';
  }
}

/** The league is frozen (its log does not replay) or another writer changed it first. */
export class LeagueUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LeagueUnavailable';
  }
}

export interface LeagueRow {
  league_id: string;
  guild_id: string;
  channel_id: string;
  name: string;
  game: string;
  owner_id: string;
  status: LeagueStatus;
  status_reason: string | null;
  state: string;
  log_length: number;
  round_minutes: number | null;
  threads: number;
  time_called_round: number;
  no_show_round: number;
  rated_rounds: number;
  rated_ladder_games: number;
  rated_before_journal: number;
  created_at: number;
  updated_at: number;
}

/** A league's row without its state (which can be megabytes for a large league): enough to check a cache. */
export type LeagueHead = Omit<LeagueRow, 'state'>;
export const LEAGUE_HEAD = `league_id, guild_id, channel_id, name, game, owner_id, status, status_reason, log_length,
  round_minutes, threads, time_called_round, no_show_round, rated_rounds, rated_ladder_games, rated_before_journal,
  created_at, updated_at`;

export interface LogRow {
  seq: number;
  at: string;
  actor: string;
  admin: number;
  command: string;
}

const CommandJson = z.record(z.string(), z.unknown());
const StateWithoutLog = z.looseObject({ log: z.array(z.unknown()).length(0) });

export interface LeagueStoreOptions {
  now?: () => number;
  log?: (message: string) => void;
}

export class LeagueStore {
  /** Loaded and checked leagues, by id, used while the row agrees (see `get`). */
  private readonly cache = new Map<string, LeagueRecord>();
  private readonly now: () => number;
  private readonly log: (message: string) => void;

  constructor(
    private readonly db: Database,
    options: LeagueStoreOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.log = options.log ?? (() => {});
  }

  create(input: NewLeague): LeagueRecord {
    const { league } = input;
    if (league.log.length !== 1) throw new InvalidData('a new league has exactly its creation in its log');
    const now = this.now();
    const name = league.config.name;
    const insert = this.db.transaction(() => {
      const taken = prepared(this.db, 'SELECT 1 FROM leagues WHERE guild_id = ? AND name_key = ?').get(
        input.guildId,
        nameKey(name),
      );
      if (taken) throw new LeagueNameTaken(name);
      prepared(
        this.db,
        `INSERT INTO leagues (${NEW_LEAGUE_COLUMNS.join(', ')})
           VALUES (${NEW_LEAGUE_COLUMNS.map(() => '?').join(', ')})`,
      ).run(...newLeagueRow(input, now));
      this.appendLog(league.config.id, league.log, 0);
    });
    insert();
    this.cache.delete(league.config.id);
    return this.require(league.config.id);
  }

  /**
   * The league with this id, loaded (and checked against its log) the first time. The row is read each time (a
   * primary-key look-up): the cached league is used while it is at the row's log length and status, so a command
   * another process stored on the same file is seen, and the bot-side fields are always the row's.
   */
  get(leagueId: string): LeagueRecord | null {
    const head = prepared(this.db, `SELECT ${LEAGUE_HEAD} FROM leagues WHERE league_id = ?`).get(leagueId) as
      | LeagueHead
      | undefined;
    if (!head) return null;
    const cached = this.cache.get(leagueId);
    if (cached && cached.league.log.length === head.log_length && cached.status === head.status)
      return { ...recordOf(head), status: cached.status, league: cached.league };
    const row = prepared(this.db, 'SELECT * FROM leagues WHERE league_id = ?').get(leagueId) as LeagueRow;
    const record = this.load(row);
    this.cache.set(leagueId, record);
    return record;
  }

  require(leagueId: string): LeagueRecord {
    return this.get(leagueId) ?? throwNotFound(leagueId);
  }

  /** By exact id, else by name (ignoring case) within the guild. */
  find(guildId: string, idOrName: string): LeagueRecord | null {
    const byId = prepared(this.db, 'SELECT guild_id FROM leagues WHERE league_id = ?').get(idOrName) as
      | { guild_id: string }
      | undefined;
    if (byId?.guild_id === guildId) return this.get(idOrName);
    const row = prepared(this.db, 'SELECT league_id FROM leagues WHERE guild_id = ? AND name_key = ?').get(
      guildId,
      nameKey(idOrName),
    ) as { league_id: string } | undefined;
    return row ? this.get(row.league_id) : null;
  }

  /** The guild's leagues, newest first, without loading their states. */
  list(guildId: string, statuses?: readonly LeagueStatus[]): LeagueSummary[] {
    const rows = prepared(
      this.db,
      'SELECT league_id, name, game, channel_id, status FROM leagues WHERE guild_id = ? ORDER BY created_at DESC, name',
    ).all(guildId) as { league_id: string; name: string; game: string; channel_id: string; status: LeagueStatus }[];
    return rows
      .filter((r) => !statuses || statuses.includes(r.status))
      .map((r) => ({ leagueId: r.league_id, name: r.name, game: r.game, channelId: r.channel_id, status: r.status }));
  }

  /** Leagues the round timer watches: open ones (a ladder never leaves registration), across all guilds. */
  openLeagueIds(): string[] {
    const rows = prepared(
      this.db,
      "SELECT league_id FROM leagues WHERE status IN ('registration', 'running')",
    ).all() as {
      league_id: string;
    }[];
    return rows.map((r) => r.league_id);
  }

  /**
   * Applies one command with the pure core and stores it in one transaction: the new log entries, then the state,
   * guarded by the log length read at load so a second writer can never fork the log. Refusals (IllegalAction,
   * InvalidData) leave everything unchanged.
   */
  apply(leagueId: string, actor: Actor, command: unknown, at: string): { before: LeagueRecord; after: LeagueRecord } {
    const before = this.require(leagueId);
    if (before.status === 'frozen') throw new LeagueUnavailable(`league ${leagueId} is frozen: ${before.statusReason}`);
    const league = applyCommand(before.league, ActorSchema.parse(actor), command, at);
    return this.commit(before, league);
  }

  /**
   * Stores a state the pure core computed from `before` (on a worker thread for large leagues), with the same
   * guard as `apply`: if the league changed since `before` was read, nothing is written and LeagueUnavailable says so.
   */
  commit(before: LeagueRecord, league: League): { before: LeagueRecord; after: LeagueRecord } {
    const leagueId = before.leagueId;
    if (league.log.length <= before.league.log.length || league.config.id !== before.league.config.id)
      throw new InvalidData(`league ${leagueId}: the state to store does not follow the stored one`);
    const now = this.now();
    const write = this.db.transaction(() => {
      const stored = prepared(this.db, 'SELECT log_length FROM leagues WHERE league_id = ?').get(leagueId) as
        | { log_length: number }
        | undefined;
      // Checked before appending, so a second writer is told so rather than refused by the log's primary key.
      if (stored?.log_length !== before.league.log.length)
        throw new LeagueUnavailable(`league ${leagueId} was changed by another writer`);
      this.appendLog(leagueId, league.log.slice(before.league.log.length), before.league.log.length);
      const changed = prepared(
        this.db,
        'UPDATE leagues SET state = ?, status = ?, log_length = ?, updated_at = ? WHERE league_id = ? AND log_length = ?',
      ).run(stateText(league), league.phase, league.log.length, now, leagueId, before.league.log.length);
      if (changed.changes !== 1) throw new LeagueUnavailable(`league ${leagueId} was changed by another writer`);
    });
    try {
      write();
    } catch (error) {
      this.cache.delete(leagueId);
      throw error;
    }
    const after: LeagueRecord = { ...before, league, status: league.phase, updatedAt: now };
    this.cache.set(leagueId, after);
    return { before, after };
  }

  /** Bot-side progress and settings (timer, ratings); not part of the league's own log. */
  setProgress(leagueId: string, patch: LeagueProgress): void {
    for (const [key, value] of Object.entries(patch)) {
      prepared(this.db, `UPDATE leagues SET ${PROGRESS_COLUMNS[key]} = ? WHERE league_id = ?`).run(value, leagueId);
    }
    const cached = this.cache.get(leagueId);
    if (cached) this.cache.set(leagueId, { ...cached, ...patch });
  }

  /** A player said they are at their table this round (idempotent). */
  markPresent(leagueId: string, round: number, userId: string): void {
    prepared(this.db, 'INSERT OR IGNORE INTO league_presence (league_id, round, user_id, at) VALUES (?, ?, ?, ?)').run(
      leagueId,
      round,
      userId,
      this.now(),
    );
  }

  present(leagueId: string, round: number): Set<string> {
    const rows = prepared(this.db, 'SELECT user_id FROM league_presence WHERE league_id = ? AND round = ?').all(
      leagueId,
      round,
    ) as { user_id: string }[];
    return new Set(rows.map((r) => r.user_id));
  }

  /** Records one bot-hosted game of a table; false if this match was already recorded for the league. */
  addBotGame(game: {
    matchId: string;
    leagueId: string;
    round: number;
    table: number;
    winner: string | null;
  }): boolean {
    const result = prepared(
      this.db,
      'INSERT OR IGNORE INTO league_bot_games (match_id, league_id, round, table_number, winner, at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(game.matchId, game.leagueId, game.round, game.table, game.winner, this.now());
    return result.changes === 1;
  }

  botGames(leagueId: string, round: number, table: number): { matchId: string; winner: string | null }[] {
    const rows = prepared(
      this.db,
      'SELECT match_id, winner FROM league_bot_games WHERE league_id = ? AND round = ? AND table_number = ? ORDER BY at, match_id',
    ).all(leagueId, round, table) as { match_id: string; winner: string | null }[];
    return rows.map((r) => ({ matchId: r.match_id, winner: r.winner }));
  }

  /** A pairing thread the bot opened for a table. */
  /**
   * Records a once-only notice at `at` (the caller's clock: the bot's, which tests move); true the first time (send
   * it), false when it was already sent.
   */
  noticeOnce(leagueId: string, notice: string, at: number = this.now()): boolean {
    const inserted = prepared(
      this.db,
      'INSERT OR IGNORE INTO league_notices (league_id, notice, at) VALUES (?, ?, ?)',
    ).run(leagueId, notice, at);
    return inserted.changes === 1;
  }

  /** When a once-only notice was recorded (ms), or null if it never was. */
  noticeAt(leagueId: string, notice: string): number | null {
    const row = prepared(this.db, 'SELECT at FROM league_notices WHERE league_id = ? AND notice = ?').get(
      leagueId,
      notice,
    ) as { at: number } | undefined;
    return row?.at ?? null;
  }

  /** The pairing thread of a round's table, if the bot opened one. */
  threadOf(leagueId: string, round: number, table: number): string | null {
    const row = prepared(
      this.db,
      'SELECT thread_id FROM league_threads WHERE league_id = ? AND round = ? AND table_number = ? ORDER BY thread_id LIMIT 1',
    ).get(leagueId, round, table) as { thread_id: string } | undefined;
    return row?.thread_id ?? null;
  }

  addThread(leagueId: string, round: number, table: number, threadId: string): void {
    prepared(
      this.db,
      'INSERT OR IGNORE INTO league_threads (league_id, round, table_number, thread_id) VALUES (?, ?, ?, ?)',
    ).run(leagueId, round, table, threadId);
  }

  /** The pairing threads of a round not yet archived (or found deleted). */
  openThreads(leagueId: string, round: number): { table: number; threadId: string }[] {
    const rows = prepared(
      this.db,
      'SELECT table_number, thread_id FROM league_threads WHERE league_id = ? AND round = ? AND archived_at IS NULL ORDER BY table_number, thread_id',
    ).all(leagueId, round) as { table_number: number; thread_id: string }[];
    return rows.map((r) => ({ table: r.table_number, threadId: r.thread_id }));
  }

  /** The thread is archived, or gone: nothing more to do with it. */
  threadClosed(leagueId: string, threadId: string): void {
    prepared(this.db, 'UPDATE league_threads SET archived_at = ? WHERE league_id = ? AND thread_id = ?').run(
      this.now(),
      leagueId,
      threadId,
    );
  }

  /** The stored log entries, with `undoneBy` derived from the undo entries. */
  logOf(leagueId: string): LogEntry[] {
    const rows = prepared(
      this.db,
      'SELECT seq, at, actor, admin, command FROM league_log WHERE league_id = ? ORDER BY seq',
    ).all(leagueId) as LogRow[];
    return logFromRows(leagueId, rows);
  }

  /** Forgets cached states (after a guild's data was deleted). */
  forget(leagueIds: readonly string[]): void {
    for (const id of leagueIds) this.cache.delete(id);
  }

  cachedIds(): string[] {
    return [...this.cache.keys()];
  }

  private appendLog(leagueId: string, entries: readonly LogEntry[], firstSeq: number): void {
    const insert = prepared(
      this.db,
      'INSERT INTO league_log (league_id, seq, at, actor, admin, command) VALUES (?, ?, ?, ?, ?, ?)',
    );
    entries.forEach((e, i) => {
      if (e.seq !== firstSeq + i) throw new InvalidData(`league ${leagueId}: log entry ${e.seq} is out of order`);
      insert.run(leagueId, e.seq, e.at, JSON.stringify(e.actor), e.admin ? 1 : 0, JSON.stringify(e.command));
    });
  }

  /** Rebuilds the league from its log and checks it against the stored state; freezes it if the log fails. */
  private load(row: LeagueRow): LeagueRecord {
    const check = checkLeague(row, () => this.logOf(row.league_id));
    if (check.kind === 'freeze') {
      prepared(this.db, "UPDATE leagues SET status = 'frozen', status_reason = ? WHERE league_id = ?").run(
        check.reason,
        row.league_id,
      );
      this.log(`league ${row.league_id} frozen: ${check.reason}`);
      return check.record ?? unreadable(row.league_id, check.reason);
    }
    if (check.replaceState) {
      this.log(`league ${row.league_id}: stored state differed from its log; the log's replay replaces it`);
      prepared(this.db, 'UPDATE leagues SET state = ?, status = ? WHERE league_id = ?').run(
        stateText(check.record.league),
        check.record.league.phase,
        row.league_id,
      );
    }
    return check.record;
  }
}

/** The log rows of a league as entries, with `undoneBy` derived from the undo entries; a gap is refused. */
export function logFromRows(leagueId: string, rows: readonly LogRow[]): LogEntry[] {
  const entries: LogEntry[] = rows.map((r, i) => {
    if (r.seq !== i) throw new InvalidData(`league ${leagueId}: log entry ${i} is missing`);
    return {
      seq: r.seq,
      at: r.at,
      actor: parseJsonColumn(ActorSchema, r.actor, `league ${leagueId} log ${r.seq} actor`),
      admin: r.admin === 1,
      command: parseJsonColumn(CommandJson, r.command, `league ${leagueId} log ${r.seq} command`),
      undoneBy: null,
    };
  });
  for (const entry of entries) {
    if (entry.command.type !== 'undo') continue;
    const target = entries[Number(entry.command.target)];
    if (!target) throw new InvalidData(`league ${leagueId}: undo ${entry.seq} names a missing entry`);
    target.undoneBy = entry.seq;
  }
  return entries;
}

/**
 * What loading a league finds, for either database to write back: its log replayed and compared with the stored
 * state (`replaceState`: they differ, the replay wins), or a log that does not replay (`freeze`, with the reason).
 * A frozen league is read as stored. Pure: `readLog` reads rows already fetched or fetches them synchronously.
 */
export type LeagueCheck =
  | { kind: 'ok'; record: LeagueRecord; replaceState: boolean }
  /** `record` null: the stored state is unreadable too (frozen all the same, then LeagueUnavailable). */
  | { kind: 'freeze'; record: LeagueRecord | null; reason: string };

export function checkLeague(row: LeagueRow, readLog: () => LogEntry[]): LeagueCheck {
  const base = recordOf(row);
  if (row.status === 'frozen') {
    return {
      kind: 'ok',
      replaceState: false,
      record: { ...base, league: { ...parseLeague(JSON.parse(row.state)), log: readLog() } },
    };
  }
  let rebuilt: League;
  try {
    const log = readLog();
    if (log.length !== row.log_length)
      throw new InvalidData(`the log has ${log.length} entries, the league row says ${row.log_length}`);
    rebuilt = replay(log);
  } catch (error) {
    const reason = `its log does not replay: ${(error as Error).message}`;
    let league: League;
    try {
      league = parseLeague({ ...JSON.parse(row.state), log: [] });
    } catch {
      return { kind: 'freeze', reason, record: null };
    }
    return { kind: 'freeze', reason, record: { ...base, status: 'frozen', statusReason: reason, league } };
  }
  return {
    kind: 'ok',
    replaceState: stateText(rebuilt) !== snapshotText(row.state),
    record: { ...base, status: rebuilt.phase, league: rebuilt },
  };
}

/** The columns of the bot-side progress fields (fixed names: never taken from input). */
export const PROGRESS_COLUMNS: Record<string, string> = {
  timeCalledRound: 'time_called_round',
  noShowRound: 'no_show_round',
  ratedRounds: 'rated_rounds',
  ratedLadderGames: 'rated_ladder_games',
};

export interface LeagueSummary {
  leagueId: string;
  name: string;
  game: string;
  channelId: string;
  status: LeagueStatus;
}

/** The columns a new league's row fills, in the order `newLeagueRow` gives their values (both stores insert these). */
export const NEW_LEAGUE_COLUMNS = [
  'league_id',
  'guild_id',
  'channel_id',
  'name',
  'name_key',
  'game',
  'owner_id',
  'status',
  'state',
  'log_length',
  'round_minutes',
  'threads',
  'created_at',
  'updated_at',
] as const;

/** A new league's row values for `NEW_LEAGUE_COLUMNS`: its log holds only its creation, so its length is 1. */
export function newLeagueRow(input: NewLeague, now: number): (string | number | null)[] {
  const { league } = input;
  const name = league.config.name;
  return [
    league.config.id,
    input.guildId,
    input.channelId,
    name,
    nameKey(name),
    league.config.game,
    input.ownerId,
    league.phase,
    stateText(league),
    1,
    input.roundMinutes,
    input.threads ? 1 : 0,
    now,
    now,
  ];
}

export function nameKey(name: string): string {
  return name.trim().toLowerCase();
}

export function unreadable(leagueId: string, reason: string): never {
  throw new LeagueUnavailable(`league ${leagueId} is frozen and its state is unreadable: ${reason}`);
}

function throwNotFound(leagueId: string): never {
  throw new LeagueNotFound(leagueId);
}

/** The stored state: the league without its log (the log has its own table). */
export function stateText(league: League): string {
  return canonicalJson({ ...league, log: [] });
}

/** A stored state in comparable form (unreadable JSON compares unequal and is replaced). */
function snapshotText(text: string): string {
  try {
    const parsed = StateWithoutLog.safeParse(JSON.parse(text));
    return parsed.success ? canonicalJson(parsed.data) : '';
  } catch {
    return '';
  }
}

export function recordOf(row: LeagueHead): Omit<LeagueRecord, 'league'> {
  return {
    leagueId: row.league_id,
    guildId: row.guild_id,
    channelId: row.channel_id,
    name: row.name,
    game: row.game,
    ownerId: row.owner_id,
    status: row.status,
    statusReason: row.status_reason,
    roundMinutes: row.round_minutes,
    threads: row.threads === 1,
    timeCalledRound: row.time_called_round,
    noShowRound: row.no_show_round,
    ratedRounds: row.rated_rounds,
    ratedLadderGames: row.rated_ladder_games,
    ratedBeforeJournal: row.rated_before_journal,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * One league as an export's reader may see it (`leagueViewFor`, the rule `/league deck` and `/league export
 * what:decklists` follow): the league's creator, its judges and the server's managers are organisers and see every
 * submitted list, in progress or not; anyone else sees their own list, and the others' once the organiser publishes
 * them. The state, the log and the `decklists` section all come from that one view.
 */
export function leagueExportFor(row: LeagueRow, log: LogEntry[], reader: ExportReader | null) {
  let league: League;
  try {
    league = { ...parseLeague(JSON.parse(row.state)), log };
  } catch (error) {
    // An unreadable snapshot (a frozen league) is not exported raw: it could hold lists the reader may not see.
    return { ...recordOf(row), state: null, log: [], decklists: [], unreadable: (error as Error).message };
  }
  const organiser =
    reader === null || reader.serverManager || reader.userId === row.owner_id || league.judges.includes(reader.userId);
  const view = leagueViewFor(league, {
    userId: reader?.userId ?? 'operator',
    role: organiser ? 'organiser' : 'player',
  });
  const { log: viewLog, ...state } = view;
  const submittedAt = (player: string) =>
    viewLog.findLast((e) => e.command.type === 'set-deck' && e.command.player === player)?.at ?? null;
  return {
    ...recordOf(row),
    state,
    log: viewLog,
    decklists: view.players
      .filter((p) => p.deck !== null)
      .map((p) => ({
        player: p.id,
        deck: p.deck,
        hidden: p.deck === HIDDEN_DECK,
        submittedAt: submittedAt(p.id),
        droppedAfterRound: p.droppedAfterRound,
      })),
  };
}

/** Guild export and deletion of leagues, their logs, presence, bot games, ratings and seasons. */
export const leagueGuildDataPart: GuildDataPart = {
  name: 'leagues',
  export(db, guildId, reader) {
    const leagues = db
      .prepare('SELECT * FROM leagues WHERE guild_id = ? ORDER BY created_at, league_id')
      .all(guildId) as LeagueRow[];
    const store = new LeagueStore(db);
    return {
      leagues: leagues.map((row) => leagueExportFor(row, store.logOf(row.league_id), reader)),
      ratings: db.prepare('SELECT * FROM ratings WHERE guild_id = ? ORDER BY game, user_id').all(guildId),
      seasons: db.prepare('SELECT * FROM rating_seasons WHERE guild_id = ? ORDER BY game, number').all(guildId),
      ratingJournal: db.prepare('SELECT * FROM rating_periods WHERE guild_id = ? ORDER BY game, seq').all(guildId),
    };
  },
  delete(db, guildId) {
    // league_log, league_presence, league_bot_games and league_threads go with their league (ON DELETE CASCADE).
    db.prepare('DELETE FROM leagues WHERE guild_id = ?').run(guildId);
    db.prepare('DELETE FROM ratings WHERE guild_id = ?').run(guildId);
    db.prepare('DELETE FROM rating_seasons WHERE guild_id = ?').run(guildId);
    db.prepare('DELETE FROM rating_periods WHERE guild_id = ?').run(guildId);
  },
};
