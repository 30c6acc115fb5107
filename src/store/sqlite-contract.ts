import { IllegalAction, InvalidData } from '../engine/core/errors.ts';
import type { Seat } from '../engine/core/game.ts';
import type { StoreContract } from './contract.ts';
import { databaseProblem, matchCounts } from './health.ts';
import { LeagueUnavailable } from './league-store.ts';
import { MatchNotFound, MatchNotPlayable } from './match-errors.ts';
import { type MatchProgress, MatchRecords } from './match-records.ts';
import type { LiveMatch, RunResult } from './match-step.ts';
import type { CommitResult, Submission } from './match-store.ts';
import type { Store } from './store.ts';

/**
 * The synchronous SQLite store behind the async contract: each call runs the store's own method, so behaviour and
 * errors are the store's. Two additions make it safe when another process (or another store instance) writes the
 * same file. Commits and reads each run in one transaction (see `atomically`). And since the synchronous store
 * trusts its cached state, a decision another writer committed first shows up either as a failed write (the guarded
 * update or the log's primary key refuses it; the store drops its cache) or as a `stale` answer against an outdated
 * cache; either way the commit is tried once more against the log as it now is, which yields `applied`,
 * `duplicate` or `stale` as if the other writer had been this process.
 */
export function sqliteContract(store: Store): StoreContract {
  const records = new MatchRecords(store.db);
  const m = store.matches;

  function commitAgainstLog(matchId: string, seat: Seat, submission: Submission): CommitResult {
    m.forget([matchId]);
    return m.commitDecision(matchId, seat, submission);
  }
  // Another process may write the file between the synchronous store's reads of a match's row and of its log, which
  // would look like a log longer than the match records (and freeze a sound match). So a commit holds the write lock
  // from its first read (BEGIN IMMEDIATE, waiting out the busy timeout), and reads run in one read transaction (one
  // consistent snapshot of the file, WAL). The store's own transactions nest inside as savepoints.
  /** Drops the cached state of a match another writer of the file moved (inside a transaction). */
  const freshen = (matchId: string): void => {
    const cached = m.cachedAt(matchId);
    if (cached && !isAt(records.progress(matchId), cached)) m.forget([matchId]);
  };
  const atomically = <T>(work: () => T): T => store.db.transaction(work).immediate();
  const consistently = <T>(work: () => T): T => store.db.transaction(work).deferred();

  return {
    backend: 'sqlite',
    matches: {
      createMatch: async (input) => m.createMatch(input),
      startMatch: async (matchId, setup, seed) => m.startMatch(matchId, setup, seed),
      async commitDecision(matchId, seat, submission) {
        return atomically(() => {
          let result: CommitResult;
          try {
            result = m.commitDecision(matchId, seat, submission);
          } catch (error) {
            if (!writeConflict(error) || m.isLive(matchId)) throw error;
            return commitAgainstLog(matchId, seat, submission);
          }
          return result.kind === 'stale' ? commitAgainstLog(matchId, seat, submission) : result;
        });
      },
      // Planned on the cached state outside any transaction (the planner may await), then written under the write
      // lock if neither this store nor another writer of the file moved the match meanwhile.
      async commitRun(matchId, next) {
        // As `currentState`: one statement checks a cached state; only one not cached, or behind, is read in a
        // transaction.
        const cached = m.cachedAt(matchId);
        const from =
          cached && isAt(records.progress(matchId), cached)
            ? m.runStart(matchId)
            : consistently(() => {
                freshen(matchId);
                return m.runStart(matchId);
              });
        const { steps, after } = await m.planRun(matchId, from, next);
        if (steps.length === 0) return committedAt(from, 0);
        return atomically((): RunResult => {
          if (isAt(records.progress(matchId), from) && m.writeRun(matchId, from, steps, after)) {
            return committedAt(after, steps.length);
          }
          freshen(matchId);
          return {
            kind: 'moved',
            state: m.currentState(matchId),
            status: records.progress(matchId)?.status ?? 'active',
          };
        });
      },
      // The synchronous store answers from its cache without reading the row; another writer of the file may have
      // advanced, ended or deleted the match, so the cache is used only while it is at the row's count and hash.
      // That check is one statement (one consistent snapshot by itself) of three columns: the bot asks for the
      // state about a dozen times a decision, and a transaction around a whole row cost ~5 times as much. Only a
      // state not cached, or behind, is read in a transaction (its row and log).
      currentState: async (matchId) => {
        const cached = m.cachedAt(matchId);
        if (cached && isAt(records.progress(matchId), cached)) return m.currentState(matchId);
        return consistently(() => {
          freshen(matchId);
          return m.currentState(matchId);
        });
      },
      match: async (matchId) => m.match(matchId),
      matchIn: async (channelId) => m.matchIn(channelId),
      guildMatches: async (guildId, status) => m.guildMatches(guildId, status),
      activeMatchesOf: async (guildId, userId) => m.activeMatchesOf(guildId, userId),
      activeMatchIds: async () => records.matchIds('active'),
      abort: async (matchId, reason) => m.abort(matchId, reason),
      restoreActiveMatches: async (budgetMs) => atomically(() => m.restoreActiveMatches(budgetMs)),
      publicLog: async (matchId, viewer) => consistently(() => m.publicLog(matchId, viewer)),
      snapshotLive: async () => m.snapshotLive(),
      exportMatch: async (matchId) => consistently(() => store.exportMatch(matchId)),
      inspectMatch: async (matchId) => consistently(() => store.inspectMatch(matchId)),
      pairingCount: async (guildId, a, b) => m.pairingCount(guildId, a, b),
    },
    decks: {
      check: (game, list) => store.decks.check(game, list),
      save: async (guildId, userId, game, name, list, now) => store.decks.save(guildId, userId, game, name, list, now),
      get: async (guildId, userId, game, name) => store.decks.get(guildId, userId, game, name),
      list: async (guildId, userId, game) => store.decks.list(guildId, userId, game),
      delete: async (guildId, userId, game, name) => store.decks.delete(guildId, userId, game, name),
    },
    guilds: {
      get: async (guildId) => store.guilds.get(guildId),
      update: async (guildId, patch, now) => store.guilds.update(guildId, patch, now),
      markLeft: async (guildId, now) => store.guilds.markLeft(guildId, now),
      markJoined: async (guildId, now) => store.guilds.markJoined(guildId, now),
      leftBefore: async (cutoff) => store.guilds.leftBefore(cutoff),
    },
    preferences: {
      get: async (guildId, userId) => store.preferences.get(guildId, userId),
      update: async (guildId, userId, patch, now) => store.preferences.update(guildId, userId, patch, now),
    },
    ratings: {
      table: async (guildId, game) => store.ratings.table(guildId, game),
      update: async (guildId, game, rate) => store.ratings.update(guildId, game, rate),
      periodsOf: async (guildId, game, prefix) => store.ratings.periodsOf(guildId, game, prefix),
      setPeriods: async (guildId, game, periods) => store.ratings.setPeriods(guildId, game, periods),
      leaderboard: async (guildId, game) => store.ratings.leaderboard(guildId, game),
      seasons: async (guildId, game) => store.ratings.seasons(guildId, game),
      currentSeason: async (guildId, game) => store.ratings.currentSeason(guildId, game),
      startSeason: async (guildId, game, name) => store.ratings.startSeason(guildId, game, name),
      endSeason: async (guildId, game) => store.ratings.endSeason(guildId, game),
    },
    leagues: {
      create: async (input) => store.leagues.create(input),
      get: async (leagueId) => store.leagues.get(leagueId),
      require: async (leagueId) => store.leagues.require(leagueId),
      find: async (guildId, idOrName) => store.leagues.find(guildId, idOrName),
      list: async (guildId, statuses) => store.leagues.list(guildId, statuses),
      openLeagueIds: async () => store.leagues.openLeagueIds(),
      // Under the write lock; a league another writer advanced first (the guard refuses the write, the store drops
      // its cache) is applied once more on top of the log as it now is, as PostgreSQL's row lock would have it.
      apply: async (leagueId, actor, command, at) =>
        atomically(() => {
          try {
            return store.leagues.apply(leagueId, actor, command, at);
          } catch (error) {
            if (!(error instanceof LeagueUnavailable)) throw error;
            return store.leagues.apply(leagueId, actor, command, at);
          }
        }),
      commit: async (before, league) => store.leagues.commit(before, league),
      setProgress: async (leagueId, patch) => store.leagues.setProgress(leagueId, patch),
      markPresent: async (leagueId, round, userId) => store.leagues.markPresent(leagueId, round, userId),
      present: async (leagueId, round) => store.leagues.present(leagueId, round),
      addBotGame: async (game) => store.leagues.addBotGame(game),
      botGames: async (leagueId, round, table) => store.leagues.botGames(leagueId, round, table),
      noticeOnce: async (leagueId, notice, at) => store.leagues.noticeOnce(leagueId, notice, at),
      noticeAt: async (leagueId, notice) => store.leagues.noticeAt(leagueId, notice),
      threadOf: async (leagueId, round, table) => store.leagues.threadOf(leagueId, round, table),
      addThread: async (leagueId, round, table, threadId) => store.leagues.addThread(leagueId, round, table, threadId),
      openThreads: async (leagueId, round) => store.leagues.openThreads(leagueId, round),
      threadClosed: async (leagueId, threadId) => store.leagues.threadClosed(leagueId, threadId),
      logOf: async (leagueId) => store.leagues.logOf(leagueId),
    },
    pauses: {
      isPaused: async (matchId) => store.pauses.isPaused(matchId),
      get: async (matchId) => store.pauses.get(matchId),
      pause: async (matchId, reason, now) => store.pauses.pause(matchId, reason, now),
      resume: async (matchId, where, now) => store.pauses.resume(matchId, where, now),
      inGuild: async (guildId) => store.pauses.inGuild(guildId),
    },
    posts: {
      board: async (matchId) => store.posts.board(matchId),
      setBoard: async (matchId, board) => store.posts.setBoard(matchId, board),
      clearBoard: async (matchId) => store.posts.clearBoard(matchId),
      isAnnounced: async (matchId) => store.posts.isAnnounced(matchId),
      markAnnounced: async (matchId, now) => store.posts.markAnnounced(matchId, now),
      unannounced: async () => store.posts.unannounced(),
    },
    clocks: {
      get: async (matchId) => store.clocks.get(matchId),
      put: async (matchId, clock, now) => store.clocks.put(matchId, clock, now),
      delete: async (matchId) => store.clocks.delete(matchId),
      activeMatchIds: async () => store.clocks.activeMatchIds(),
    },
    drafts: {
      get: async (matchId, version, seat) => store.drafts.get(matchId, version, seat),
      put: async (matchId, version, seat, draft, now) => store.drafts.put(matchId, version, seat, draft, now),
      clear: async (matchId) => store.drafts.clear(matchId),
    },
    aiSeats: {
      put: async (matchId, seat, level) => store.aiSeats.put(matchId, seat, level),
      levelOf: async (matchId, seat) => store.aiSeats.levelOf(matchId, seat),
      activeMatchIds: async () => store.aiSeats.activeMatchIds(),
    },
    challenges: {
      open: async (challenge, now) => store.challenges.open(challenge, now),
      get: async (key) => store.challenges.get(key),
    },
    inactivity: {
      idleSince: async (before) => store.inactivity.idleSince(before),
      warnedAt: async (matchId, lastChange) => store.inactivity.warnedAt(matchId, lastChange),
      warned: async (matchId, at, lastChange) => store.inactivity.warned(matchId, at, lastChange),
    },
    requireGame: (game) => store.requireGame(game),
    writeProblem: async () => databaseProblem(store.db),
    matchCounts: async () => matchCounts(store.db),
    exportGuild: async (guildId, reader) => store.exportGuild(guildId, reader ?? null),
    deleteGuild: async (guildId) => store.deleteGuild(guildId),
    purgeDepartedGuilds: async () => store.purgeDepartedGuilds(),
    close: async () => store.close(),
  };
}

const contracts = new WeakMap<Store, StoreContract>();

/**
 * The contract over an open synchronous store, made once per store: how the bot's handlers reach the contract while
 * their context still carries the synchronous store (the switch is call by call, hot path first; docs/deploy.md).
 * Closing it closes the store.
 */
export function contractOf(store: Store): StoreContract {
  let contract = contracts.get(store);
  if (!contract) {
    contract = sqliteContract(store);
    contracts.set(store, contract);
  }
  return contract;
}

function committedAt(live: LiveMatch, count: number): RunResult {
  const status = live.state.result === null ? 'active' : 'finished';
  return { kind: 'committed', count, seq: live.seq, stateHash: live.hash, state: live.state, status };
}

/** Whether a match row is active at this decision count and hash (those of a cached state). */
function isAt(row: MatchProgress | undefined, cached: { seq: number; hash: string }): boolean {
  return row?.status === 'active' && row.decision_count === cached.seq && row.last_hash === cached.hash;
}

/** A write the database refused (another writer got there first), as opposed to the store's own verdicts. */
function writeConflict(error: unknown): boolean {
  return !(
    error instanceof IllegalAction ||
    error instanceof InvalidData ||
    error instanceof MatchNotFound ||
    error instanceof MatchNotPlayable
  );
}
