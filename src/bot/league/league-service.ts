// The bot's side of leagues: applies commands through the store, then tells Discord what changed (pairings with a
// thread per table, results, disputes for the organiser, drops, the end), rates finished rounds, records matches
// the bot hosted, and runs the round timer. The clock is the bot's `now()`, so tests drive the timer with `tick()`.
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  ChannelType,
  EmbedBuilder,
  type MessageActionRowComponentBuilder,
  type SendableChannels,
} from 'discord.js';
import type { GameResult } from '../../engine/core/game.ts';
import type { Label, Locale } from '../../engine/core/label.ts';
import {
  type Actor,
  currentRound,
  type GameScore,
  type LeagueRound,
  type LeagueTable,
  roundComplete,
} from '../../league/league.ts';
import type { LeagueCommandInput } from '../../league/league-commands.ts';
import { timeCalledAt } from '../../league/league-organiser.ts';
import { leagueStandings, noShowDeadline, playDrawChoosers, topCutChampion } from '../../league/league-queries.ts';
import { ratedGamesOfRound, ratedLadderGames } from '../../league/league-ratings.ts';
import { type RatedGame, weeklyPeriod } from '../../league/ratings.ts';
import { type LeagueRecord, LeagueUnavailable } from '../../store/league-store.ts';
import type { MatchInfo } from '../../store/match-records.ts';
import type { BotContext } from '../context.ts';
import { clip } from '../controls.ts';
import { CANNOT_MESSAGE_USER, discordCode, isPermissionError, UNKNOWN_CHANNEL } from '../discord-errors.ts';
import { applyCommandOffThread, runsOffThread } from './league-offload.ts';
import { chunks, mention, namesOf, resultText, stageText, standingsEmbed, tableLines } from './league-presenter.ts';
import { W } from './league-words.ts';

/** The custom_id of the "I'm here" button: `lg:here:<leagueId>:<round>`. */
export function hereButtonId(leagueId: string, round: number): string {
  return `lg:here:${leagueId}:${round}`;
}

/** The custom_id of the "Call a judge" button in a pairing thread: `lg:judge:<leagueId>:<round>:<table>`. */
export function judgeButtonId(leagueId: string, round: number, table: number): string {
  return `lg:judge:${leagueId}:${round}:${table}`;
}

/** A dispute still undecided after this long is raised again, to everyone who can decide it. */
const DISPUTE_ESCALATION_MINUTES = 15;

/** The time warning comes this many minutes before time is called (rounds of at least twice as long). */
const WARNING_MINUTES = 5;

/** Threads per pairing only while a round has this many tables at most (a thread each is clutter beyond that). */
const MAX_THREADED_TABLES = 32;

const services = new WeakMap<BotContext, LeagueService>();

/** The one league service of a bot (created on first use). */
export function leagueServiceOf(ctx: BotContext): LeagueService {
  let service = services.get(ctx);
  if (!service) {
    service = new LeagueService(ctx);
    services.set(ctx, service);
  }
  return service;
}

export class LeagueService {
  private readonly pending = new Set<Promise<void>>();
  /** Leagues whose heavy command is running on a worker thread right now. */
  private readonly offThread = new Set<string>();
  private ticking: Promise<void> | null = null;

  constructor(private readonly ctx: BotContext) {}

  isoNow(): string {
    return new Date(this.ctx.now()).toISOString();
  }

  /** The bot itself, for results of matches it hosted. */
  botActor(): Actor {
    return { userId: this.ctx.client.user?.id ?? 'arbiter', role: 'bot' };
  }

  /** The round timer acts as an organiser (no-shows are organiser commands), under the bot's id, so audits show it. */
  timerActor(): Actor {
    return { userId: this.ctx.client.user?.id ?? 'arbiter', role: 'organiser' };
  }

  /** Applies one command, then announces what changed. Refusals (IllegalAction, InvalidData) propagate unchanged. */
  async run(record: LeagueRecord, actor: Actor, command: LeagueCommandInput): Promise<LeagueRecord> {
    const { before, after } = await this.applyCommand(record, actor, command);
    await this.rateRounds(after);
    await this.announce(before, after, command.type);
    return this.ctx.store.leagues.require(after.leagueId);
  }

  /**
   * Applies and stores one command. A heavy command on a large league (pairing, undo) is computed on a worker thread
   * so other interactions are still answered meanwhile; other commands to that league wait for it by being refused
   * as busy (a pairing is seconds at most), and the store's log-length guard keeps the log from forking.
   */
  private async applyCommand(
    record: LeagueRecord,
    actor: Actor,
    command: LeagueCommandInput,
  ): Promise<{ before: LeagueRecord; after: LeagueRecord }> {
    const leagues = this.ctx.store.leagues;
    if (this.offThread.has(record.leagueId)) throw new LeagueUnavailable(`league ${record.leagueId} is busy pairing`);
    const before = await leagues.require(record.leagueId);
    if (before.status === 'frozen' || !runsOffThread(before.league, command.type))
      return leagues.apply(record.leagueId, actor, command, this.isoNow());
    this.offThread.add(record.leagueId);
    try {
      const league = await applyCommandOffThread(before.league, actor, command, this.isoNow());
      return leagues.commit(before, league);
    } finally {
      this.offThread.delete(record.leagueId);
    }
  }

  /** Waits for match-end handling started so far (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }

  /** The `onMatchEnd` hook: records a bot-hosted match for every league where it counts. */
  matchEnded(match: MatchInfo, result: GameResult): void {
    const run = this.recordMatch(match, result).catch((error: unknown) =>
      this.ctx.log(`league result of match ${match.matchId}: ${(error as Error).message}`),
    );
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
  }

  /** The round timer: time calls, no-shows, and weekly ladder rating periods. Never runs twice at once. */
  tick(): Promise<void> {
    if (!this.ticking) {
      this.ticking = this.tickOnce().finally(() => {
        this.ticking = null;
      });
    }
    return this.ticking;
  }

  private async tickOnce(): Promise<void> {
    const now = this.ctx.now();
    for (const id of await this.ctx.store.leagues.openLeagueIds()) {
      try {
        const record = await this.ctx.store.leagues.get(id);
        // Frozen, or in a guild another process's shard serves (its timer runs there).
        if (!record || record.status === 'frozen' || !this.ctx.ownsGuild(record.guildId)) continue;
        await this.checkRound(record, now);
        await this.rateLadder(await this.ctx.store.leagues.require(id), now);
      } catch (error) {
        this.ctx.log(`league ${id} timer: ${(error as Error).message}`);
      }
    }
  }

  private async checkRound(record: LeagueRecord, now: number): Promise<void> {
    const round = currentRound(record.league);
    if (!round || roundComplete(round)) return;
    const locale = await this.localeOf(record);
    if (record.roundMinutes) await this.callTime(record, round, record.roundMinutes, now, locale);
    await this.acceptLateReports(record, now, locale);
    await this.escalateDisputes(record, now, locale);
    const deadline = noShowDeadline(record.league);
    if (!deadline || now < Date.parse(deadline) || record.noShowRound >= round.number) return;
    await this.ctx.store.leagues.setProgress(record.leagueId, { noShowRound: round.number });
    const present = await this.presentPlayers(record, round);
    for (const t of round.tables) {
      if (t.result !== null || t.b === null) continue;
      const absent = [t.a, t.b].filter((id) => !present.has(id));
      if (absent.length === 0) continue;
      const latest = await this.ctx.store.leagues.require(record.leagueId);
      try {
        await this.run(latest, this.timerActor(), { type: 'no-show', table: t.number, absent });
      } catch (error) {
        const why = (error as { reason?: Label }).reason?.[locale] ?? (error as Error).message;
        await this.post(latest, { content: W.noShowFailed(t.number, why)[locale] });
      }
    }
  }

  /**
   * The round clock (issue 22): a warning before time, the time call for tables without an extension, and one call
   * per extended table when its own time is up. A paused clock calls nothing. Each is sent once (notices survive a
   * restart); the round's call still records `timeCalledRound` as before.
   */
  private async callTime(record: LeagueRecord, round: LeagueRound, minutes: number, now: number, locale: Locale) {
    const leagues = this.ctx.store.leagues;
    const open = round.tables.filter((t) => t.result === null && t.b !== null);
    const base = round.tables[0] ? timeCalledAt(round, { ...round.tables[0], extraMinutes: 0 }, minutes) : null;
    if (base === null) return;
    const warnAt = base - WARNING_MINUTES * 60_000;
    if (
      minutes >= 2 * WARNING_MINUTES &&
      now >= warnAt &&
      now < base &&
      (await leagues.noticeOnce(record.leagueId, `warn:r${round.number}`, this.ctx.now()))
    )
      await this.post(record, { content: W.timeWarning(round.number, WARNING_MINUTES)[locale] });
    if (now >= base && record.timeCalledRound < round.number) {
      await leagues.setProgress(record.leagueId, { timeCalledRound: round.number });
      const called = open
        .filter((t) => t.extraMinutes === 0)
        .map((t) => W.table(t.number)[locale])
        .join(', ');
      const extended = open
        .filter((t) => t.extraMinutes > 0)
        .map((t) => `${W.table(t.number)[locale]} (+${t.extraMinutes})`)
        .join(', ');
      const lines = [W.timeCalled(round.number, called || '–')[locale]];
      if (extended) lines.push(W.extendedPlayOn(extended)[locale]);
      await this.post(record, { content: lines.join('\n') });
    }
    for (const t of open) {
      if (t.extraMinutes === 0) continue;
      const end = timeCalledAt(round, t, minutes);
      if (
        end === null ||
        now < end ||
        !(await leagues.noticeOnce(record.leagueId, `time:r${round.number}:t${t.number}`, this.ctx.now()))
      )
        continue;
      await this.postAtTable(record, round.number, t.number, { content: W.tableTimeCalled(t.number)[locale] });
    }
  }

  /** Single reports whose deadline passed stand as results (the timer gives the command, so audit and undo see it). */
  private async acceptLateReports(record: LeagueRecord, now: number, locale: Locale): Promise<void> {
    const minutes = record.league.config.settings.reportDeadlineMinutes;
    const round = currentRound(record.league);
    if (minutes === null || !round) return;
    for (const t of round.tables) {
      const single = t.result === null && (t.reportA === null) !== (t.reportB === null);
      if (!single || t.firstReportAt === null || now < Date.parse(t.firstReportAt) + minutes * 60_000) continue;
      const latest = await this.ctx.store.leagues.require(record.leagueId);
      try {
        await this.run(latest, this.timerActor(), { type: 'accept-report', table: t.number });
      } catch (error) {
        const why = (error as { reason?: Label }).reason?.[locale] ?? (error as Error).message;
        this.ctx.log(`league ${record.leagueId}: accepting the report of table ${t.number}: ${why}`);
      }
    }
  }

  /**
   * A dispute nobody decided within DISPUTE_ESCALATION_MINUTES is raised once more, to the judges, the creator and the
   * server's owner together (issue 22: disputes escalate when the creator is away).
   */
  private async escalateDisputes(record: LeagueRecord, now: number, locale: Locale): Promise<void> {
    const round = currentRound(record.league);
    if (!round) return;
    const leagues = this.ctx.store.leagues;
    for (const t of round.tables) {
      if (!t.disputed || t.result !== null) continue;
      const since = await leagues.noticeAt(record.leagueId, `dispute:r${round.number}:t${t.number}`);
      if (since === null || now < since + DISPUTE_ESCALATION_MINUTES * 60_000) continue;
      if (!(await leagues.noticeOnce(record.leagueId, `escalated:r${round.number}:t${t.number}`, this.ctx.now())))
        continue;
      const guild = await this.ctx.client.guilds.fetch(record.guildId).catch(() => null);
      const people = [...new Set([...record.league.judges, record.ownerId, ...(guild ? [guild.ownerId] : [])])];
      await this.post(record, {
        content: W.disputeEscalated(people.map(mention).join(' '), round.number, t.number, DISPUTE_ESCALATION_MINUTES)[
          locale
        ],
        allowedMentions: { users: people },
      });
    }
  }

  /**
   * Players who left the server are dropped before a round is paired (issue 22). Without the privileged members
   * intent the bot hears no leave event, so it asks Discord for the members it is about to pair, 100 at a time.
   */
  async dropDeparted(record: LeagueRecord): Promise<LeagueRecord> {
    const active = record.league.players.filter((p) => p.droppedAfterRound === null).map((p) => p.id);
    if (active.length === 0) return record;
    const guild = await this.ctx.client.guilds.fetch(record.guildId).catch(() => null);
    if (!guild) return record;
    const present = new Set<string>();
    for (let i = 0; i < active.length; i += 100) {
      const batch = active.slice(i, i + 100);
      try {
        const found = await guild.members.fetch({ user: batch, time: 10_000 });
        for (const id of found.keys()) present.add(id);
      } catch (error) {
        // Unknown: drop nobody rather than drop someone by mistake.
        this.ctx.log(`league ${record.leagueId}: member check failed: ${(error as Error).message}`);
        return record;
      }
    }
    let latest = record;
    const locale = await this.localeOf(record);
    const departed = active.filter((x) => !present.has(x));
    if (departed.length === 0) return record;
    // More than half the field gone at once is more likely a Discord answer we misread than people leaving:
    // drop nobody, and let the organiser look.
    if (departed.length * 2 > active.length) {
      this.ctx.log(`league ${record.leagueId}: ${departed.length} of ${active.length} players not found; none dropped`);
      return record;
    }
    for (const id of departed) latest = await this.run(latest, this.timerActor(), { type: 'drop', player: id });
    await this.post(latest, { content: departed.map((id) => W.leftServerDropped(mention(id))[locale]).join('\n') });
    return latest;
  }

  /** Posts in a table's pairing thread when it has one, else in the league channel. */
  private async postAtTable(
    record: LeagueRecord,
    round: number,
    table: number,
    message: Parameters<SendableChannels['send']>[0],
  ): Promise<void> {
    const threadId = await this.ctx.store.leagues.threadOf(record.leagueId, round, table);
    const thread = threadId ? await this.ctx.client.channels.fetch(threadId).catch(() => null) : null;
    if (thread?.isSendable()) {
      try {
        await thread.send(message);
        return;
      } catch (error) {
        this.ctx.log(`league ${record.leagueId}: posting in thread ${threadId}: ${(error as Error).message}`);
      }
    }
    await this.post(record, message);
  }

  /** Who is called to a dispute or a judge call: the judges, else the creator. */
  staffMentions(record: LeagueRecord): string {
    const staff = record.league.judges.length > 0 ? record.league.judges : [record.ownerId];
    return staff.map(mention).join(' ');
  }

  /** "Call a judge" from a pairing thread: mentions the judges there, at most once per two minutes per table. */
  async callJudge(record: LeagueRecord, round: number, table: number, caller: string): Promise<boolean> {
    const bucket = Math.floor(this.ctx.now() / 120_000);
    if (
      !(await this.ctx.store.leagues.noticeOnce(record.leagueId, `judge:r${round}:t${table}:${bucket}`, this.ctx.now()))
    )
      return false;
    const locale = await this.localeOf(record);
    const staff = record.league.judges.length > 0 ? record.league.judges : [record.ownerId];
    await this.postAtTable(record, round, table, {
      content: W.judgeCalled(mention(caller), this.staffMentions(record), ` (${W.table(table)[locale]})`)[locale],
      allowedMentions: { users: staff },
    });
    return true;
  }

  /** Present: pressed "I'm here", reported, or has a bot match with (or a recorded game against) the opponent. */
  private async presentPlayers(record: LeagueRecord, round: LeagueRound): Promise<Set<string>> {
    const present = await this.ctx.store.leagues.present(record.leagueId, round.number);
    const started = Date.parse(round.startedAt);
    const matches = (await this.ctx.store.matches.guildMatches(record.guildId)).filter(
      (m) => m.game === record.game && m.createdAt >= started,
    );
    for (const t of round.tables) {
      if (t.b === null) continue;
      if (t.reportA) present.add(t.a);
      if (t.reportB) present.add(t.b);
      const met = matches.some((m) => {
        const seats = [m.players.p1, m.players.p2];
        return seats.includes(t.a) && seats.includes(t.b as string) && m.status !== 'pending';
      });
      if (met || (await this.ctx.store.leagues.botGames(record.leagueId, round.number, t.number)).length > 0) {
        present.add(t.a);
        present.add(t.b);
      }
    }
    return present;
  }

  private async recordMatch(match: MatchInfo, result: GameResult): Promise<void> {
    const { p1, p2 } = match.players;
    if (p1 === p2) return; // practice: one person in both seats
    const winner = result.kind === 'win' ? match.players[result.winner] : null;
    // A ladder stays in registration (it has no rounds) and counts every game between members; a paired league
    // counts it once running, and when several pair the two, only one does (pairedLeagueFor).
    const ladders: LeagueRecord[] = [];
    const paired: LeagueRecord[] = [];
    for (const summary of await this.ctx.store.leagues.list(match.guildId, ['registration', 'running'])) {
      if (summary.game !== match.game) continue;
      const record = await this.ctx.store.leagues.get(summary.leagueId);
      if (!record || record.status === 'frozen') continue;
      if (record.league.config.format.kind === 'ladder') ladders.push(record);
      else if (record.status === 'running' && openTableOf(record, p1, p2)) paired.push(record);
    }
    const chosen = pairedLeagueFor(match, paired);
    for (const record of [...ladders, ...(chosen ? [chosen] : [])]) {
      try {
        await this.recordMatchIn(record, match.matchId, p1, p2, winner);
      } catch (error) {
        const locale = await this.localeOf(record);
        const why = (error as { reason?: Label }).reason?.[locale] ?? (error as Error).message;
        await this.post(record, { content: W.notRecorded(mention(p1), mention(p2), why)[locale] });
      }
    }
  }

  private async recordMatchIn(
    record: LeagueRecord,
    matchId: string,
    x: string,
    y: string,
    winner: string | null,
  ): Promise<void> {
    const league = record.league;
    const oneGame: GameScore = {
      gamesWonA: winner === x ? 1 : 0,
      gamesWonB: winner === y ? 1 : 0,
      gamesDrawn: winner === null ? 1 : 0,
    };
    if (league.config.format.kind === 'ladder') {
      const members = new Set(league.players.filter((p) => p.droppedAfterRound === null).map((p) => p.id));
      if (!members.has(x) || !members.has(y)) return;
      await this.run(record, this.botActor(), { type: 'bot-result', a: x, b: y, score: oneGame });
      return;
    }
    const round = currentRound(league);
    const table = openTableOf(record, x, y);
    if (!round || !table) return;
    if (league.config.matchLength === 'bo1') {
      await this.run(record, this.botActor(), { type: 'bot-result', a: x, b: y, score: oneGame });
      return;
    }
    // Best of three: each hosted game is kept until someone has won two (or three games are played).
    const leagues = this.ctx.store.leagues;
    if (
      !(await leagues.addBotGame({
        matchId,
        leagueId: record.leagueId,
        round: round.number,
        table: table.number,
        winner,
      }))
    )
      return;
    const games = await leagues.botGames(record.leagueId, round.number, table.number);
    const tally: GameScore = {
      gamesWonA: games.filter((g) => g.winner === table.a).length,
      gamesWonB: games.filter((g) => g.winner === table.b).length,
      gamesDrawn: games.filter((g) => g.winner === null).length,
    };
    if (tally.gamesWonA >= 2 || tally.gamesWonB >= 2 || games.length >= 3) {
      await this.run(record, this.botActor(), {
        type: 'bot-result',
        a: table.a,
        b: table.b as string,
        score: tally,
      });
      return;
    }
    const locale = await this.localeOf(record);
    const text = `${tally.gamesWonA}-${tally.gamesWonB}${tally.gamesDrawn ? `-${tally.gamesDrawn}` : ''}`;
    await this.post(record, {
      content:
        winner === null
          ? W.drawnGame(table.number, text)[locale]
          : W.gameOfMatch(table.number, mention(winner), text)[locale],
    });
  }

  /**
   * Each round is one Glicko-2 rating period, rated when all its results are in. The periods of the league's
   * rounds are kept in step with its state: a corrected or undone result of a rated round rewrites that period and
   * the journal is replayed from it (RatingStore.setPeriods), and a round that lost a result is withdrawn until it
   * is complete again. Rounds rated before the journal existed (ratedBeforeJournal) stay as they were rated.
   */
  private async rateRounds(record: LeagueRecord): Promise<void> {
    const { league } = record;
    if (league.config.format.kind === 'ladder') return;
    const ratings = this.ctx.store.ratings;
    const prefix = `league:${record.leagueId}:round:`;
    const known = [...(await ratings.periodsOf(record.guildId, record.game, prefix)).keys()];
    const last = Math.max(league.rounds.length, ...known.map((k) => Number(k.slice(prefix.length))));
    const periods: { source: string; games: RatedGame[] | null }[] = [];
    for (let n = record.ratedBeforeJournal + 1; n <= last; n++) {
      const round = league.rounds[n - 1];
      periods.push({
        source: `${prefix}${n}`,
        games: round && roundComplete(round) ? ratedGamesOfRound(league, n) : null,
      });
    }
    await ratings.setPeriods(record.guildId, record.game, periods);
    const complete = league.rounds.filter(roundComplete).length;
    if (complete !== record.ratedRounds)
      await this.ctx.store.leagues.setProgress(record.leagueId, { ratedRounds: complete });
  }

  /** A ladder is rated by the week (from the league's creation): each finished week is one period. */
  private async rateLadder(record: LeagueRecord, now: number): Promise<void> {
    const { league } = record;
    if (league.config.format.kind !== 'ladder') return;
    const origin = Date.parse(league.log[0]?.at ?? league.config.startsAt ?? new Date(now).toISOString());
    const thisWeek = weeklyPeriod(now, origin);
    const games = ratedLadderGames(league, record.ratedLadderGames);
    const done = games.filter((g) => weeklyPeriod(Date.parse(g.at), origin) < thisWeek);
    if (done.length === 0) return;
    const weeks = [...new Set(done.map((g) => weeklyPeriod(Date.parse(g.at), origin)))].sort((a, b) => a - b);
    await this.ctx.store.ratings.setPeriods(
      record.guildId,
      record.game,
      weeks.map((week) => ({
        source: `ladder:${record.leagueId}:week:${week}`,
        games: done.filter((g) => weeklyPeriod(Date.parse(g.at), origin) === week).map((g) => g.game),
      })),
    );
    await this.ctx.store.leagues.setProgress(record.leagueId, {
      ratedLadderGames: record.ratedLadderGames + done.length,
    });
  }

  async localeOf(record: LeagueRecord): Promise<Locale> {
    return (await this.ctx.store.guilds.get(record.guildId)).locale;
  }

  private async channelOf(record: LeagueRecord): Promise<SendableChannels | null> {
    const channel = await this.ctx.client.channels.fetch(record.channelId).catch(() => null);
    return channel?.isSendable() ? channel : null;
  }

  private async post(record: LeagueRecord, message: Parameters<SendableChannels['send']>[0]): Promise<void> {
    const channel = await this.channelOf(record);
    if (!channel) {
      this.ctx.log(`league ${record.leagueId}: cannot post in channel ${record.channelId}`);
      return;
    }
    await channel.send(message);
  }

  /** What changed between two states, told in the league channel. */
  private async announce(before: LeagueRecord, after: LeagueRecord, type: string): Promise<void> {
    const locale = await this.localeOf(after);
    const record = after;
    const lines: string[] = [];
    const was = before.league;
    const now = after.league;
    if (type === 'undo') {
      const target = now.log.at(-1)?.command.target;
      const what = String(now.log[Number(target)]?.command.type ?? '?');
      lines.push(W.undoneAnnounce(what)[locale]);
    }
    for (const j of now.judges.filter((x) => !was.judges.includes(x)))
      lines.push(W.judgeAddedAnnounce(mention(j))[locale]);
    if (now.decklists.published && !was.decklists.published) lines.push(W.decklistsPublished[locale]);
    const roundNumber = now.rounds.length;
    for (const p of now.players) {
      if (p.joinedInRound > 0 && !was.players.some((x) => x.id === p.id)) {
        const missed = now.missedRounds.filter((m) => m.player === p.id).length;
        lines.push(W.lateJoined(mention(p.id), roundNumber, missed)[locale]);
      }
    }
    const runningNow = currentRound(now);
    if (runningNow && record.roundMinutes) {
      const end = (t: LeagueTable) => {
        const ms = timeCalledAt(runningNow, t, record.roundMinutes as number);
        return ms === null ? '?' : `<t:${Math.floor(ms / 1000)}:R>`;
      };
      if (type === 'pause-clock') lines.push(W.clockPausedAnnounce[locale]);
      if (type === 'resume-clock' && runningNow.tables[0])
        lines.push(W.clockResumedAnnounce(end({ ...runningNow.tables[0], extraMinutes: 0 }))[locale]);
      if (type === 'extend-time') {
        const wasRound = currentRound(was);
        for (const t of runningNow.tables) {
          const before = wasRound?.tables.find((x) => x.number === t.number);
          if (before && t.extraMinutes > before.extraMinutes)
            lines.push(W.extendedAnnounce(t.number, t.extraMinutes - before.extraMinutes, end(t))[locale]);
        }
      }
    } else if (type === 'pause-clock') lines.push(W.clockPausedAnnounce[locale]);
    else if (type === 'resume-clock') lines.push(W.clockResumed[locale]);
    if ((type === 'swap-players' || type === 'pair-players') && runningNow) {
      const wasRound = currentRound(was);
      const changed = runningNow.tables.filter((t) => {
        const o = wasRound?.tables.find((x) => x.number === t.number);
        return !o || o.a !== t.a || o.b !== t.b;
      });
      lines.push(W.pairingsChanged(runningNow.number)[locale]);
      lines.push(...tableLines({ ...runningNow, tables: changed }, locale, playDrawChoosers(now, runningNow)));
    }
    for (const d of now.disqualified.slice(was.disqualified.length))
      lines.push(W.disqualifiedAnnounce(mention(d.player))[locale]);
    for (const p of now.players) {
      if (was.waitlist.some((w) => w.id === p.id)) lines.push(W.promoted(mention(p.id), after.name)[locale]);
      const old = was.players.find((x) => x.id === p.id);
      const dropped = old && old.droppedAfterRound === null && p.droppedAfterRound !== null && p.droppedAfterRound > 0;
      if (dropped && type !== 'disqualify') lines.push(W.playerDropped(mention(p.id))[locale]);
      if (type === 'reinstate' && old && old.droppedAfterRound !== null && p.droppedAfterRound === null)
        lines.push(W.reinstatedAnnounce(mention(p.id))[locale]);
    }
    const reminders: { round: number; table: LeagueTable }[] = [];
    for (const [i, round] of now.rounds.entries()) {
      const old = was.rounds[i];
      if (!old || old.number !== round.number) continue;
      for (const t of round.tables) {
        const o = old.tables.find((x) => x.number === t.number);
        if (!o || t.b === null || o.a !== t.a || o.b !== t.b) continue;
        if (t.disputed && !o.disputed && t.reportA && t.reportB) {
          // Remembered with its time, so a dispute nobody decides is escalated (escalateDisputes).
          await this.ctx.store.leagues.noticeOnce(
            after.leagueId,
            `dispute:r${round.number}:t${t.number}`,
            this.ctx.now(),
          );
          lines.push(
            W.dispute(
              round.number,
              t.number,
              mention(t.a),
              scoreTextOf(t.reportA),
              mention(t.b),
              scoreTextOf(t.reportB),
              this.staffMentions(after),
            )[locale],
          );
        }
        // One report in: the opponent is reminded at their table, once.
        const single = t.result === null && (t.reportA === null) !== (t.reportB === null);
        const newReport = (t.reportA !== null && o.reportA === null) || (t.reportB !== null && o.reportB === null);
        if (
          single &&
          newReport &&
          (await this.ctx.store.leagues.noticeOnce(
            after.leagueId,
            `remind:r${round.number}:t${t.number}`,
            this.ctx.now(),
          ))
        )
          reminders.push({ round: round.number, table: t });
        if (!t.result || sameResult(o, t)) continue;
        lines.push(resultLine(round, t, o.result !== null, locale));
      }
    }
    const roundNow = currentRound(now);
    const roundWas = currentRound(was);
    const newRound = roundNow && (roundNow.number !== roundWas?.number || type === 'repair-round');
    if (
      roundNow &&
      !newRound &&
      roundComplete(roundNow) &&
      roundWas?.number === roundNow.number &&
      !roundComplete(roundWas) &&
      now.phase === 'running'
    ) {
      const final = roundNow.stage === 'top-cut' && roundNow.tables.length === 1;
      lines.push((final ? W.finalComplete : W.roundComplete(roundNow.number))[locale]);
    }
    for (const text of chunks(lines, 1900)) await this.post(after, { content: text });
    for (const { round, table } of reminders) await this.remindOpponent(after, round, table, locale);
    // The threads of a finished round are archived; a re-pair replaces the round's tables, so its old threads too.
    if (roundWas && (type === 'repair-round' || (roundNow && roundComplete(roundNow) && !roundComplete(roundWas))))
      await this.archiveThreads(after, roundWas.number, locale);
    if (newRound && roundNow) await this.announcePairings(after, roundNow, locale);
    if (now.phase === 'finished' && was.phase !== 'finished') await this.announceEnd(after, locale);
  }

  /** The player who has not reported is told what their opponent reported, and when it stands without an answer. */
  private async remindOpponent(record: LeagueRecord, round: number, t: LeagueTable, locale: Locale): Promise<void> {
    const reporterIsA = t.reportA !== null;
    const reporter = reporterIsA ? t.a : (t.b as string);
    const other = reporterIsA ? (t.b as string) : t.a;
    const score = (reporterIsA ? t.reportA : t.reportB) as GameScore;
    // The score as the reporter sees it: their games first.
    const mine = reporterIsA
      ? score
      : { gamesWonA: score.gamesWonB, gamesWonB: score.gamesWonA, gamesDrawn: score.gamesDrawn };
    const minutes = record.league.config.settings.reportDeadlineMinutes;
    const deadline =
      minutes !== null && t.firstReportAt !== null
        ? `<t:${Math.floor((Date.parse(t.firstReportAt) + minutes * 60_000) / 1000)}:R>`
        : null;
    await this.postAtTable(record, round, t.number, {
      content: W.reportReminder(mention(other), mention(reporter), scoreTextOf(mine), deadline)[locale],
      allowedMentions: { users: [other] },
    });
  }

  private async announcePairings(record: LeagueRecord, round: LeagueRound, locale: Locale): Promise<void> {
    const league = record.league;
    const channel = await this.channelOf(record);
    if (!channel) return;
    const title = W.roundTitle(record.name, round.number, stageText(league, round, locale))[locale];
    const notes: string[] = [];
    const started = Date.parse(round.startedAt);
    if (record.roundMinutes)
      notes.push(W.roundEnds(`<t:${Math.floor((started + record.roundMinutes * 60_000) / 1000)}:R>`)[locale]);
    const noShow = league.config.settings.noShowMinutes;
    if (noShow) notes.push(W.noShowRule(noShow)[locale]);
    notes.push(W.howToPlay[locale]);
    const parts = chunks(tableLines(round, locale, playDrawChoosers(record.league, round)));
    const button = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
      new ButtonBuilder()
        .setCustomId(hereButtonId(record.leagueId, round.number))
        .setLabel(W.hereButton[locale])
        .setStyle(ButtonStyle.Primary),
    );
    for (const [i, description] of parts.entries()) {
      const last = i === parts.length - 1;
      const embed = new EmbedBuilder().setTitle(clip(title, 256)).setDescription(description);
      if (last) embed.addFields({ name: '\u200b', value: clip(notes.join('\n'), 1024) });
      await channel.send({ embeds: [embed], ...(last && noShow ? { components: [button] } : {}) });
    }
    const threads = await this.openThreads(record, round, channel, button, locale);
    await this.sendPairingDms(record, round, threads, locale);
  }

  /** A public thread per table (both players added), while a round has at most MAX_THREADED_TABLES tables. */
  private async openThreads(
    record: LeagueRecord,
    round: LeagueRound,
    channel: SendableChannels,
    button: ActionRowBuilder<MessageActionRowComponentBuilder>,
    locale: Locale,
  ): Promise<Map<number, string>> {
    const opened = new Map<number, string>();
    const noShow = record.league.config.settings.noShowMinutes;
    const tables = round.tables.filter((t): t is LeagueTable & { b: string } => t.b !== null);
    if (!record.threads || tables.length > MAX_THREADED_TABLES || !('threads' in channel)) return opened;
    if (channel.type !== ChannelType.GuildText) return opened;
    const names = await namesOf(
      this.ctx,
      tables.flatMap((t) => [t.a, t.b]),
    );
    for (const t of tables) {
      try {
        const thread = await channel.threads.create({
          name: clip(`R${round.number} T${t.number}: ${names[t.a]} vs ${names[t.b]}`, 100),
          type: ChannelType.PublicThread,
        });
        await this.ctx.store.leagues.addThread(record.leagueId, round.number, t.number, thread.id);
        opened.set(t.number, thread.id);
        await thread.members.add(t.a).catch(() => undefined);
        await thread.members.add(t.b).catch(() => undefined);
        const judge = new ButtonBuilder()
          .setCustomId(judgeButtonId(record.leagueId, round.number, t.number))
          .setLabel(W.judgeButton[locale])
          .setStyle(ButtonStyle.Secondary);
        const row = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
          ...(noShow ? button.components : []),
          judge,
        );
        await thread.send({
          content: `${W.threadWelcome(mention(t.a), mention(t.b), round.number, t.number)[locale]}\n${W.howToPlayFrom(`<#${channel.id}>`)[locale]}`,
          components: [row],
        });
      } catch (error) {
        this.ctx.log(`league ${record.leagueId}: thread for table ${t.number}: ${(error as Error).message}`);
      }
    }
    return opened;
  }

  /**
   * Pairings by DM, a best-effort extra for players who turned DMs on (`/settings user dms:True`, per server).
   * 50007 (DMs closed) turns the preference off with its note, as for turn DMs; nothing else depends on a DM.
   */
  private async sendPairingDms(
    record: LeagueRecord,
    round: LeagueRound,
    threads: Map<number, string>,
    locale: Locale,
  ): Promise<void> {
    const preferences = this.ctx.store.preferences;
    for (const t of round.tables) {
      for (const [me, opponent] of [
        [t.a, t.b],
        [t.b, t.a],
      ] as const) {
        if (me === null || !(await preferences.get(record.guildId, me)).dmNotifications) continue;
        const thread = threads.get(t.number);
        const where = thread ? `https://discord.com/channels/${record.guildId}/${thread}` : `<#${record.channelId}>`;
        const text =
          opponent === null
            ? W.pairingDmBye(record.name, round.number)[locale]
            : W.pairingDm(record.name, round.number, t.number, mention(opponent), where)[locale];
        try {
          const user = await this.ctx.client.users.fetch(me);
          await user.send({ content: text, allowedMentions: { parse: [] } });
        } catch (error) {
          if (discordCode(error) === CANNOT_MESSAGE_USER) {
            const now = this.ctx.now();
            await preferences.update(
              record.guildId,
              me,
              { dmNotifications: false, dmNotificationsOff: { reason: 'dms-closed', at: now } },
              now,
            );
          }
          this.ctx.log(`league ${record.leagueId}: pairing DM to ${me}: ${(error as Error).message}`);
        }
      }
    }
  }

  /**
   * Archives a round's pairing threads. A deleted thread (10003) is simply done; without Manage Threads the thread
   * stays open and the organiser is told once which permission is missing. Nothing here can fail the round.
   */
  private async archiveThreads(record: LeagueRecord, round: number, locale: Locale): Promise<void> {
    const leagues = this.ctx.store.leagues;
    let refused = 0;
    for (const { threadId } of await leagues.openThreads(record.leagueId, round)) {
      try {
        const thread = await this.ctx.client.channels.fetch(threadId);
        if (thread?.isThread() && !thread.archived) await thread.setArchived(true);
        await leagues.threadClosed(record.leagueId, threadId);
      } catch (error) {
        if (discordCode(error) === UNKNOWN_CHANNEL) await leagues.threadClosed(record.leagueId, threadId);
        else if (isPermissionError(error)) refused += 1;
        else this.ctx.log(`league ${record.leagueId}: archiving thread ${threadId}: ${(error as Error).message}`);
      }
    }
    if (refused > 0)
      await this.post(record, { content: W.threadsNotArchived(round, refused, mention(record.ownerId))[locale] }).catch(
        () => undefined,
      );
  }

  private async announceEnd(record: LeagueRecord, locale: Locale): Promise<void> {
    const rows = leagueStandings(record.league);
    const names = await namesOf(
      this.ctx,
      rows.map((r) => r.player),
    );
    const won = topCutChampion(record.league);
    const champion = !won
      ? null
      : won.final.b === null
        ? W.championUnopposed(mention(won.player))[locale]
        : W.champion(resultText(won.final, locale))[locale];
    await this.post(record, {
      content: [W.leagueFinished(record.name)[locale], champion].filter(Boolean).join('\n'),
      embeds: [standingsEmbed(this.ctx.games, record, rows, names, locale)],
    });
  }
}

/** The open table of the current round where x and y are paired, if any. */
function openTableOf(record: LeagueRecord, x: string, y: string): LeagueTable | undefined {
  return currentRound(record.league)?.tables.find(
    (t) => t.result === null && ((t.a === x && t.b === y) || (t.a === y && t.b === x)),
  );
}

/**
 * A bot game between two players paired in several running leagues of its game counts in one only: the league
 * whose announcement channel the challenge was made in (pairing threads cannot host a challenge), else the oldest.
 */
export function pairedLeagueFor(match: Pick<MatchInfo, 'channelId'>, paired: readonly LeagueRecord[]) {
  const oldestFirst = [...paired].sort((x, y) => x.createdAt - y.createdAt || (x.leagueId < y.leagueId ? -1 : 1));
  return oldestFirst.find((r) => r.channelId === match.channelId) ?? oldestFirst[0] ?? null;
}

function scoreTextOf(s: GameScore): string {
  return s.gamesDrawn > 0 ? `${s.gamesWonA}-${s.gamesWonB}-${s.gamesDrawn}` : `${s.gamesWonA}-${s.gamesWonB}`;
}

function sameResult(x: LeagueTable, y: LeagueTable): boolean {
  return JSON.stringify(x.result) === JSON.stringify(y.result);
}

function resultLine(round: LeagueRound, t: LeagueTable, corrected: boolean, locale: Locale): string {
  const r = t.result;
  if (!r) return '';
  const text = resultText(t, locale);
  if (r.source === 'bot') return W.botResult(t.number, text)[locale];
  if (r.source === 'agreed') return W.agreedResult(t.number, text)[locale];
  if (r.source === 'single-report') return W.singleReportStands(t.number, text)[locale];
  if (r.source === 'no-show') {
    const losers = r.bothLose ? [t.a, t.b as string] : [r.score.gamesWonA > r.score.gamesWonB ? (t.b as string) : t.a];
    return losers.map((id) => W.noShow(mention(id), t.number)[locale]).join('\n');
  }
  if (r.source === 'penalty') {
    const loser = r.score.gamesWonA > r.score.gamesWonB ? (t.b as string) : t.a;
    return W.penaltyMatchLoss(mention(loser), t.number, text)[locale];
  }
  if (r.source === 'concession') {
    const loser = r.score.gamesWonA > r.score.gamesWonB ? (t.b as string) : t.a;
    return W.conceded(mention(loser), t.number, text)[locale];
  }
  return (corrected ? W.correctedResult : W.organiserResult)(round.number, t.number, text)[locale];
}
