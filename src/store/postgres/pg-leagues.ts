import type pg from 'pg';
import { InvalidData } from '../../engine/core/errors.ts';
import { type Actor, ActorSchema, type League, type LogEntry } from '../../league/league.ts';
import { applyCommand } from '../../league/league-log.ts';
import type { LeagueProgress, LeaguesContract } from '../contract.ts';
import {
  checkLeague,
  LEAGUE_HEAD,
  type LeagueHead,
  LeagueNameTaken,
  LeagueNotFound,
  type LeagueRecord,
  type LeagueRow,
  type LeagueStatus,
  type LeagueSummary,
  LeagueUnavailable,
  type LogRow,
  logFromRows,
  NEW_LEAGUE_COLUMNS,
  type NewLeague,
  nameKey,
  newLeagueRow,
  PROGRESS_COLUMNS,
  recordOf,
  stateText,
  unreadable,
} from '../league-store.ts';
import { inTransaction, type Queryable } from './pool.ts';

export interface PgLeagueStoreOptions {
  now?: () => number;
  log?: (message: string) => void;
}

/** What a locked transaction found when the league turned out frozen (the freeze is committed, then reported). */
type Frozen = { frozen: string };

/**
 * Leagues on PostgreSQL, with league-store.ts's rules (the log is the truth, checked on load, a log that does not
 * replay freezes the league). Several processes may share the database, so a cached league is used only while its
 * log length and status are the row's; anything else is loaded again. Each league's row is its lock: a command is
 * applied inside one transaction holding `SELECT … FOR UPDATE` on it, so two processes applying commands to one league
 * at the same moment take turns, the second applying its command on top of the first's (never forking the log);
 * `commit` of a state computed elsewhere is refused with `LeagueUnavailable` when the league moved meanwhile.
 */
export class PgLeagueStore implements LeaguesContract {
  private readonly cache = new Map<string, LeagueRecord>();
  private readonly now: () => number;
  private readonly log: (message: string) => void;

  constructor(
    private readonly pool: pg.Pool,
    options: PgLeagueStoreOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.log = options.log ?? (() => {});
  }

  async create(input: NewLeague): Promise<LeagueRecord> {
    const { league } = input;
    if (league.log.length !== 1) throw new InvalidData('a new league has exactly its creation in its log');
    const now = this.now();
    const name = league.config.name;
    try {
      await inTransaction(this.pool, async (client) => {
        await client.query(
          `INSERT INTO leagues (${NEW_LEAGUE_COLUMNS.join(', ')})
           VALUES (${NEW_LEAGUE_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`,
          newLeagueRow(input, now),
        );
        await appendLog(client, league.config.id, league.log, 0);
      });
    } catch (error) {
      // The unique (guild, lower-cased name) constraint decides between two processes creating the same name at once.
      if (violates(error, 'leagues_name_in_guild')) throw new LeagueNameTaken(name);
      throw error;
    }
    this.cache.delete(league.config.id);
    return this.require(league.config.id);
  }

  async get(leagueId: string): Promise<LeagueRecord | null> {
    const row = (
      await this.pool.query<LeagueHead>(`SELECT ${LEAGUE_HEAD} FROM leagues WHERE league_id = $1`, [leagueId])
    ).rows[0];
    if (!row) return null;
    const cached = this.fromCache(row);
    if (cached) return cached;
    const loaded = await inTransaction(this.pool, async (client) => {
      const locked = await lockedHead(client, leagueId);
      return locked ? this.loadIn(client, await fullRow(client, leagueId)) : null;
    });
    if (loaded && 'frozen' in loaded) return unreadable(leagueId, loaded.frozen);
    return loaded;
  }

  async require(leagueId: string): Promise<LeagueRecord> {
    const record = await this.get(leagueId);
    if (!record) throw new LeagueNotFound(leagueId);
    return record;
  }

  async find(guildId: string, idOrName: string): Promise<LeagueRecord | null> {
    const byId = (
      await this.pool.query<{ guild_id: string }>('SELECT guild_id FROM leagues WHERE league_id = $1', [idOrName])
    ).rows[0];
    if (byId?.guild_id === guildId) return this.get(idOrName);
    const row = (
      await this.pool.query<{ league_id: string }>(
        'SELECT league_id FROM leagues WHERE guild_id = $1 AND name_key = $2',
        [guildId, nameKey(idOrName)],
      )
    ).rows[0];
    return row ? this.get(row.league_id) : null;
  }

  async list(guildId: string, statuses?: readonly LeagueStatus[]): Promise<LeagueSummary[]> {
    const { rows } = await this.pool.query<{
      league_id: string;
      name: string;
      game: string;
      channel_id: string;
      status: LeagueStatus;
    }>(
      `SELECT league_id, name, game, channel_id, status FROM leagues WHERE guild_id = $1
       ORDER BY created_at DESC, name COLLATE "C"`,
      [guildId],
    );
    return rows
      .filter((r) => !statuses || statuses.includes(r.status))
      .map((r) => ({ leagueId: r.league_id, name: r.name, game: r.game, channelId: r.channel_id, status: r.status }));
  }

  async openLeagueIds(): Promise<string[]> {
    const { rows } = await this.pool.query<{ league_id: string }>(
      `SELECT league_id FROM leagues WHERE status IN ('registration', 'running') ORDER BY league_id COLLATE "C"`,
    );
    return rows.map((r) => r.league_id);
  }

  async apply(
    leagueId: string,
    actor: Actor,
    command: unknown,
    at: string,
  ): Promise<{ before: LeagueRecord; after: LeagueRecord }> {
    const who = ActorSchema.parse(actor);
    const outcome = await inTransaction(this.pool, async (client) => {
      // The league's lock: held until this command is stored (or refused, which stores nothing).
      const head = await lockedHead(client, leagueId);
      if (!head) throw new LeagueNotFound(leagueId);
      const before = this.fromCache(head) ?? (await this.loadIn(client, await fullRow(client, leagueId)));
      if ('frozen' in before) return before;
      if (before.status === 'frozen') return { frozen: before.statusReason ?? 'frozen' };
      const league = applyCommand(before.league, who, command, at);
      return { before, after: await this.write(client, before, league) };
    }).catch((error: unknown) => {
      this.cache.delete(leagueId);
      throw error;
    });
    if ('frozen' in outcome) throw new LeagueUnavailable(`league ${leagueId} is frozen: ${outcome.frozen}`);
    this.cache.set(leagueId, outcome.after);
    return outcome;
  }

  async commit(before: LeagueRecord, league: League): Promise<{ before: LeagueRecord; after: LeagueRecord }> {
    const leagueId = before.leagueId;
    if (league.log.length <= before.league.log.length || league.config.id !== before.league.config.id)
      throw new InvalidData(`league ${leagueId}: the state to store does not follow the stored one`);
    const after = await inTransaction(this.pool, async (client) => {
      const row = await lockedHead(client, leagueId);
      if (!row) throw new LeagueNotFound(leagueId);
      if (row.log_length !== before.league.log.length || row.status === 'frozen')
        throw new LeagueUnavailable(`league ${leagueId} was changed by another writer`);
      return this.write(client, before, league);
    }).catch((error: unknown) => {
      this.cache.delete(leagueId);
      throw error;
    });
    this.cache.set(leagueId, after);
    return { before, after };
  }

  async setProgress(leagueId: string, patch: LeagueProgress): Promise<void> {
    for (const [key, value] of Object.entries(patch)) {
      await this.pool.query(`UPDATE leagues SET ${PROGRESS_COLUMNS[key]} = $1 WHERE league_id = $2`, [value, leagueId]);
    }
  }

  async markPresent(leagueId: string, round: number, userId: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO league_presence (league_id, round, user_id, at) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING`,
      [leagueId, round, userId, this.now()],
    );
  }

  async present(leagueId: string, round: number): Promise<Set<string>> {
    const { rows } = await this.pool.query<{ user_id: string }>(
      'SELECT user_id FROM league_presence WHERE league_id = $1 AND round = $2',
      [leagueId, round],
    );
    return new Set(rows.map((r) => r.user_id));
  }

  async addBotGame(game: {
    matchId: string;
    leagueId: string;
    round: number;
    table: number;
    winner: string | null;
  }): Promise<boolean> {
    const done = await this.pool.query(
      `INSERT INTO league_bot_games (match_id, league_id, round, table_number, winner, at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [game.matchId, game.leagueId, game.round, game.table, game.winner, this.now()],
    );
    return done.rowCount === 1;
  }

  async botGames(leagueId: string, round: number, table: number) {
    const { rows } = await this.pool.query<{ match_id: string; winner: string | null }>(
      `SELECT match_id, winner FROM league_bot_games WHERE league_id = $1 AND round = $2 AND table_number = $3
       ORDER BY at, match_id COLLATE "C"`,
      [leagueId, round, table],
    );
    return rows.map((r) => ({ matchId: r.match_id, winner: r.winner }));
  }

  async noticeOnce(leagueId: string, notice: string, at: number = this.now()): Promise<boolean> {
    const done = await this.pool.query(
      'INSERT INTO league_notices (league_id, notice, at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [leagueId, notice, at],
    );
    return done.rowCount === 1;
  }

  async noticeAt(leagueId: string, notice: string): Promise<number | null> {
    const { rows } = await this.pool.query<{ at: number }>(
      'SELECT at FROM league_notices WHERE league_id = $1 AND notice = $2',
      [leagueId, notice],
    );
    return rows[0]?.at ?? null;
  }

  async threadOf(leagueId: string, round: number, table: number): Promise<string | null> {
    const { rows } = await this.pool.query<{ thread_id: string }>(
      `SELECT thread_id FROM league_threads WHERE league_id = $1 AND round = $2 AND table_number = $3
       ORDER BY thread_id COLLATE "C" LIMIT 1`,
      [leagueId, round, table],
    );
    return rows[0]?.thread_id ?? null;
  }

  async addThread(leagueId: string, round: number, table: number, threadId: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO league_threads (league_id, round, table_number, thread_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING`,
      [leagueId, round, table, threadId],
    );
  }

  async openThreads(leagueId: string, round: number): Promise<{ table: number; threadId: string }[]> {
    const { rows } = await this.pool.query<{ table_number: number; thread_id: string }>(
      `SELECT table_number, thread_id FROM league_threads WHERE league_id = $1 AND round = $2 AND archived_at IS NULL
       ORDER BY table_number, thread_id COLLATE "C"`,
      [leagueId, round],
    );
    return rows.map((r) => ({ table: r.table_number, threadId: r.thread_id }));
  }

  async threadClosed(leagueId: string, threadId: string): Promise<void> {
    await this.pool.query('UPDATE league_threads SET archived_at = $1 WHERE league_id = $2 AND thread_id = $3', [
      this.now(),
      leagueId,
      threadId,
    ]);
  }

  logOf(leagueId: string): Promise<LogEntry[]> {
    return readLog(this.pool, leagueId);
  }

  /** The cached league when it is at the row's log length and status, with the row's bot-side fields. */
  private fromCache(row: LeagueHead): LeagueRecord | null {
    const cached = this.cache.get(row.league_id);
    if (!cached || cached.league.log.length !== row.log_length || cached.status !== row.status) return null;
    return { ...recordOf(row), status: cached.status, league: cached.league };
  }

  /** Loads and checks the league under its row lock, writing back a freeze or a replayed state (league-store.ts). */
  private async loadIn(client: pg.PoolClient, row: LeagueRow): Promise<LeagueRecord | Frozen> {
    const logRows = (
      await client.query<LogRow>(
        'SELECT seq, at, actor, admin, command FROM league_log WHERE league_id = $1 ORDER BY seq',
        [row.league_id],
      )
    ).rows;
    const check = checkLeague(row, () => logFromRows(row.league_id, logRows));
    if (check.kind === 'freeze') {
      await client.query("UPDATE leagues SET status = 'frozen', status_reason = $1 WHERE league_id = $2", [
        check.reason,
        row.league_id,
      ]);
      this.log(`league ${row.league_id} frozen: ${check.reason}`);
      this.cache.delete(row.league_id);
      if (!check.record) return { frozen: check.reason };
      this.cache.set(row.league_id, check.record);
      return check.record;
    }
    if (check.replaceState) {
      this.log(`league ${row.league_id}: stored state differed from its log; the log's replay replaces it`);
      await client.query('UPDATE leagues SET state = $1, status = $2 WHERE league_id = $3', [
        stateText(check.record.league),
        check.record.league.phase,
        row.league_id,
      ]);
    }
    this.cache.set(row.league_id, check.record);
    return check.record;
  }

  /** Appends the new entries and stores the state, guarded by the log length `before` was read at. */
  private async write(client: pg.PoolClient, before: LeagueRecord, league: League): Promise<LeagueRecord> {
    const leagueId = before.leagueId;
    const now = this.now();
    await appendLog(client, leagueId, league.log.slice(before.league.log.length), before.league.log.length);
    const changed = await client.query(
      `UPDATE leagues SET state = $1, status = $2, log_length = $3, updated_at = $4
       WHERE league_id = $5 AND log_length = $6`,
      [stateText(league), league.phase, league.log.length, now, leagueId, before.league.log.length],
    );
    if (changed.rowCount !== 1) throw new LeagueUnavailable(`league ${leagueId} was changed by another writer`);
    return { ...before, league, status: league.phase, updatedAt: now };
  }
}

/** The league's row without its state, locked for update: the league's lock (see the class). */
async function lockedHead(client: pg.PoolClient, leagueId: string): Promise<LeagueHead | null> {
  const { rows } = await client.query<LeagueHead>(
    `SELECT ${LEAGUE_HEAD} FROM leagues WHERE league_id = $1 FOR UPDATE`,
    [leagueId],
  );
  return rows[0] ?? null;
}

/** The whole row, state included (read under the lock `lockedHead` took). */
async function fullRow(client: pg.PoolClient, leagueId: string): Promise<LeagueRow> {
  const row = (await client.query<LeagueRow>('SELECT * FROM leagues WHERE league_id = $1', [leagueId])).rows[0];
  if (!row) throw new LeagueNotFound(leagueId);
  return row;
}

async function readLog(q: Queryable, leagueId: string): Promise<LogEntry[]> {
  const { rows } = await q.query<LogRow>(
    'SELECT seq, at, actor, admin, command FROM league_log WHERE league_id = $1 ORDER BY seq',
    [leagueId],
  );
  return logFromRows(leagueId, rows);
}

async function appendLog(
  client: pg.PoolClient,
  leagueId: string,
  entries: readonly LogEntry[],
  firstSeq: number,
): Promise<void> {
  for (const [i, e] of entries.entries()) {
    if (e.seq !== firstSeq + i) throw new InvalidData(`league ${leagueId}: log entry ${e.seq} is out of order`);
    await client.query(
      'INSERT INTO league_log (league_id, seq, at, actor, admin, command) VALUES ($1, $2, $3, $4, $5, $6)',
      [leagueId, e.seq, e.at, JSON.stringify(e.actor), e.admin ? 1 : 0, JSON.stringify(e.command)],
    );
  }
}

/** Whether `error` is PostgreSQL refusing a row by the named unique constraint. */
function violates(error: unknown, constraint: string): boolean {
  return (
    error instanceof Error &&
    'code' in error &&
    error.code === '23505' &&
    'constraint' in error &&
    error.constraint === constraint
  );
}
