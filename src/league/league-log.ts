/**
 * The one way to change a league: `applyCommand` validates the command, checks who may give it, applies it
 * to a copy and appends a log entry. Organiser changes are the audit trail; `undo` reverts the latest one by
 * replaying the log without it, so the state is always what the surviving log entries produce.
 */
import { z } from 'zod';
import { IllegalAction, InvalidData } from '../engine/core/errors.ts';
import { type Actor, ActorSchema, type League, LeagueCreateSchema, type LogEntry } from './league.ts';
import { ADMIN_COMMANDS, type LeagueCommand, parseCommand } from './league-commands.ts';
import { refuse } from './league-errors.ts';
import {
  acceptSingleReport,
  addJudge,
  extendTable,
  keepApart,
  pairPlayers,
  pauseClock,
  removeJudge,
  resumeClock,
  setDecklistPolicy,
  setLateEntry,
  setReportDeadline,
  swapPlayers,
} from './league-organiser.ts';
import {
  awardBye,
  checkIn,
  disqualify,
  drop,
  finish,
  join,
  openRegistration,
  penalise,
  reinstate,
  setDeck,
} from './league-registration.ts';
import { botResult, noShow, report, setResult } from './league-results.ts';
import { repairRound, startRound } from './league-rounds.ts';

/** A new league in registration, with its creation as log entry 0. */
export function createLeague(input: unknown, actor: Actor, at: string): League {
  const parsed = LeagueCreateSchema.safeParse(input);
  if (!parsed.success) throw new InvalidData(`league settings are invalid: ${z.prettifyError(parsed.error)}`);
  if (actor.role !== 'organiser')
    refuse('Only an organiser can create a league.', 'リーグを作成できるのは運営のみです。');
  return {
    version: 1,
    config: parsed.data,
    phase: 'registration',
    registrationOpen: true,
    plannedRounds: null,
    plannedTopCut: null,
    roundRobinSeats: null,
    players: [],
    waitlist: [],
    awardedByes: [],
    disqualified: [],
    penalties: [],
    judges: [],
    decklists: { required: false, published: false },
    keptApart: [],
    lateEntry: { ...parsed.data.lateEntry },
    missedRounds: [],
    rounds: [],
    ladder: [],
    log: [{ seq: 0, at, actor, admin: true, command: { type: 'create', ...parsed.data }, undoneBy: null }],
  };
}

/** Applies one command; the input state is not modified. Throws IllegalAction (readable) or InvalidData. */
export function applyCommand(league: League, actor: Actor, input: unknown, at: string): League {
  const command = parseCommand(input);
  const who = ActorSchema.parse(actor);
  const admin = isAdminChange(command, who);
  if (admin && who.role !== 'organiser') refuse('Only an organiser can do that.', 'この操作は運営のみ可能です。');
  if ((command.type === 'bot-result') !== (who.role === 'bot')) {
    refuse(
      'Only matches the bot hosted are reported this way.',
      'この方法で報告できるのはボットが管理した対戦のみです。',
    );
  }
  const seq = league.log.length;
  if (command.type === 'undo') return undoLatest(league, who, at, seq, command.target);
  // Log entries are never modified in place, so the copy shares them and only deep-copies the rest.
  const { log, ...rest } = league;
  const draft: League = { ...structuredClone(rest), log: [...log] };
  execute(draft, command, at);
  draft.log.push({ seq, at, actor: who, admin, command, undoneBy: null });
  return draft;
}

/** Organiser commands, and player commands an organiser gives on someone else's behalf, are audited. */
function isAdminChange(command: LeagueCommand, actor: Actor): boolean {
  if (ADMIN_COMMANDS.has(command.type)) return true;
  if ('player' in command) return command.player !== actor.userId;
  return false; // bot-result: the bot reports a hosted match.
}

type Handler<K extends LeagueCommand['type']> = (
  league: League,
  command: Extract<LeagueCommand, { type: K }>,
  at: string,
) => void;

/** One line per command: which rule procedure it runs. */
const HANDLERS: { [K in LeagueCommand['type']]: Handler<K> } = {
  'open-registration': (league) => openRegistration(league, true),
  'close-registration': (league) => openRegistration(league, false),
  join: (league, c, at) => join(league, c.player, at),
  drop: (league, c, at) => drop(league, c.player, at),
  'set-deck': (league, c) => setDeck(league, c.player, c.deck),
  'check-in': (league, c) => checkIn(league, c.player),
  'start-round': (league, _c, at) => startRound(league, at),
  'repair-round': (league, _c, at) => repairRound(league, at),
  report: (league, c, at) => report(league, c.player, c.score, at),
  'bot-result': (league, c, at) => botResult(league, c.a, c.b, c.score, at),
  'set-result': (league, c) => setResult(league, c.round, c.table, c.score, c.bothLose),
  'no-show': (league, c) => noShow(league, c.table, c.absent),
  'award-bye': (league, c) => awardBye(league, c.player),
  reinstate: (league, c) => reinstate(league, c.player),
  disqualify: (league, c, at) => disqualify(league, c.player, c.reason, at),
  penalty: (league, c) => penalise(league, c.player, c.kind, c.reason),
  'add-judge': (league, c) => addJudge(league, c.player),
  'remove-judge': (league, c) => removeJudge(league, c.player),
  'decklist-policy': (league, c) => setDecklistPolicy(league, c),
  'late-entry': (league, c) => setLateEntry(league, c.untilRound, c.missedRoundsLose),
  'swap-players': (league, c) => swapPlayers(league, c.a, c.b),
  'pair-players': (league, c) => pairPlayers(league, c.a, c.b),
  'keep-apart': (league, c) => keepApart(league, c.a, c.b),
  'pause-clock': (league, _c, at) => pauseClock(league, at),
  'resume-clock': (league, _c, at) => resumeClock(league, at),
  'extend-time': (league, c) => extendTable(league, c.table, c.minutes),
  'report-deadline': (league, c) => setReportDeadline(league, c.minutes),
  'accept-report': (league, c, at) => acceptSingleReport(league, c.table, at),
  finish: (league) => finish(league),
  undo: () => {
    throw new Error('undo is handled by applyCommand');
  },
};

function execute(league: League, command: LeagueCommand, at: string): void {
  (HANDLERS[command.type] as Handler<LeagueCommand['type']>)(league, command, at);
}

/**
 * The organiser change `undo` would revert now: the latest one not yet undone. Player commands (a join, a drop,
 * a report) are not organiser changes and are never its target; a mistaken drop is fixed with `reinstate`.
 */
export function undoTarget(league: League): LogEntry | null {
  return league.log.findLast((e) => e.admin && e.undoneBy === null && e.seq > 0 && e.command.type !== 'undo') ?? null;
}

function undoLatest(league: League, actor: Actor, at: string, seq: number, confirmed: number | undefined): League {
  const target = undoTarget(league);
  if (!target) refuse('There is no organiser change to undo.', '取り消せる運営の操作はありません。');
  if (confirmed !== undefined && confirmed !== target.seq) {
    refuse(
      `The latest organiser change is now #${target.seq}, not #${confirmed}; nothing was undone. Look again before undoing.`,
      `直近の運営操作は#${confirmed}ではなく#${target.seq}になりました。何も取り消していません。確認し直してください。`,
    );
  }
  const log = league.log.map((e) => (e.seq === target.seq ? { ...e, undoneBy: seq } : e));
  log.push({ seq, at, actor, admin: true, command: { type: 'undo', target: target.seq }, undoneBy: null });
  let rebuilt: League;
  try {
    rebuilt = replay(log);
  } catch (error) {
    if (!(error instanceof IllegalAction)) throw error;
    const what = String(target.command.type);
    refuse(
      `Cannot undo "${what}": later changes depend on it.`,
      `「${what}」は後の操作が依存しているため取り消せません。`,
    );
  }
  return rebuilt;
}

/** Rebuilds a league from its log (entries undone, and undo entries themselves, are skipped). */
export function replay(log: readonly LogEntry[]): League {
  const [first, ...rest] = log;
  if (first?.command.type !== 'create') throw new InvalidData('a league log starts with its creation');
  const { type: _type, ...config } = first.command;
  const league = createLeague(config, first.actor, first.at);
  for (const entry of rest) {
    const skipped = entry.undoneBy !== null || entry.command.type === 'undo';
    if (!skipped) execute(league, parseCommand(entry.command), entry.at);
  }
  league.log = log.map((e) => ({ ...e }));
  return league;
}
