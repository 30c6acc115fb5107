/**
 * The organiser's tools beyond pairing and results (issue 22): judges, the decklist policy, late entry, the round
 * clock (pause, extensions), pairings changed by hand, and the deadline for a report the opponent never answers.
 * Each mutates a draft; league-log.ts audits them as organiser changes.
 */
import { currentRound, isActive, type League, type LeagueRound, type LeagueTable } from './league.ts';
import { refuse } from './league-errors.ts';
import { findPlayer } from './league-registration.ts';
import { byeTable, openTable } from './league-rounds.ts';

function notFinished(league: League): void {
  if (league.phase === 'finished') refuse('The league has finished.', 'リーグは終了しています。');
}

export function addJudge(league: League, player: string): void {
  notFinished(league);
  if (league.judges.includes(player)) refuse(`${player} is already a judge.`, `${player} はすでにジャッジです。`);
  if (league.judges.length >= 25) refuse('A league has at most 25 judges.', 'ジャッジは25人までです。');
  league.judges.push(player);
}

export function removeJudge(league: League, player: string): void {
  if (!league.judges.includes(player)) refuse(`${player} is not a judge.`, `${player} はジャッジではありません。`);
  league.judges = league.judges.filter((j) => j !== player);
}

/** Lists required before round 1 (checked when it starts), and lists published to everyone (after the event or cut). */
export function setDecklistPolicy(
  league: League,
  policy: { required?: boolean | undefined; published?: boolean | undefined },
): void {
  if (policy.required !== undefined) {
    if (policy.required && league.rounds.length > 0)
      refuse(
        'Round 1 has started: a decklist requirement applies before it.',
        '第1ラウンドは開始済みです。デッキリストの提出義務は開始前に設定してください。',
      );
    league.decklists.required = policy.required;
  }
  if (policy.published !== undefined) league.decklists.published = policy.published;
}

export function setLateEntry(league: League, untilRound: number, missedRoundsLose: boolean): void {
  notFinished(league);
  if (league.config.format.kind === 'round-robin' && untilRound > 0)
    refuse('A round robin cannot take late entries.', '総当たり戦は途中参加できません。');
  league.lateEntry = { untilRound, missedRoundsLose };
}

/** Swiss pairings from the next round avoid pairing the two (swiss.ts weighs it above every rematch). */
export function keepApart(league: League, a: string, b: string): void {
  notFinished(league);
  if (a === b) refuse('Pick two different players.', '異なる2人を選んでください。');
  findPlayer(league, a);
  findPlayer(league, b);
  if (league.config.format.kind !== 'swiss')
    refuse('Only Swiss pairings can keep players apart.', 'スイス式のペアリングでのみ指定できます。');
  if (league.keptApart.some(([x, y]) => (x === a && y === b) || (x === b && y === a)))
    refuse('These two are already kept apart.', 'この2人はすでに対戦しないよう設定されています。');
  league.keptApart.push([a, b]);
}

/** The running round whose tables an organiser may change by hand: Swiss, with no played result at those tables. */
function roundToChange(league: League): LeagueRound {
  notFinished(league);
  const round = currentRound(league) ?? refuse('No round has started yet.', 'まだラウンドが始まっていません。');
  if (round.stage !== 'swiss')
    refuse(
      'Only Swiss rounds can be paired by hand (a round robin follows its schedule, a top cut its bracket).',
      '手動でペアリングを変更できるのはスイスラウンドのみです。',
    );
  return round;
}

/** A seat that may change: a table without reports or result, or a bye. */
function movableTableOf(round: LeagueRound, player: string): LeagueTable | null {
  const table = round.tables.find((t) => t.a === player || t.b === player) ?? null;
  if (!table) return null;
  const played = table.b !== null && (table.result !== null || table.reportA !== null || table.reportB !== null);
  if (played)
    refuse(
      `Table ${table.number} already has a report or result; correct the result instead.`,
      `${table.number}卓にはすでに報告か結果があります。結果の修正を使ってください。`,
    );
  return table;
}

/**
 * Two players exchange seats in the running Swiss round: each sits where the other sat (a bye moves with its seat).
 * Table numbers stay, so the pairing threads keep theirs; the changed tables are announced.
 */
export function swapPlayers(league: League, a: string, b: string): void {
  const round = roundToChange(league);
  if (a === b) refuse('Pick two different players.', '異なる2人を選んでください。');
  const ta =
    movableTableOf(round, a) ?? refuse(`${a} has no seat this round.`, `${a} はこのラウンドに席がありません。`);
  const tb =
    movableTableOf(round, b) ?? refuse(`${b} has no seat this round.`, `${b} はこのラウンドに席がありません。`);
  if (ta === tb) refuse('These two already play each other.', 'この2人はすでに対戦しています。');
  const seat = (t: LeagueTable, from: string, to: string) => {
    if (t.a === from) t.a = to;
    else t.b = to;
  };
  seat(ta, a, b);
  seat(tb, b, a);
}

/**
 * The organiser pairs two players with each other in the running Swiss round (e.g. to seat a late arrival): their
 * former opponents, if any, are paired with each other, and a player left alone gets the bye. A late entrant who
 * is seated plays the round, so its missed-round loss is withdrawn.
 */
export function pairPlayers(league: League, a: string, b: string): void {
  const round = roundToChange(league);
  if (a === b) refuse('Pick two different players.', '異なる2人を選んでください。');
  for (const id of [a, b]) {
    if (!isActive(findPlayer(league, id))) refuse(`${id} has dropped.`, `${id} はドロップしています。`);
  }
  const ta = movableTableOf(round, a);
  const tb = movableTableOf(round, b);
  if (ta && ta === tb) refuse('These two already play each other.', 'この2人はすでに対戦しています。');
  const opponentOf = (t: LeagueTable | null, me: string) => (t === null ? null : t.a === me ? t.b : t.a);
  const left = [opponentOf(ta, a), opponentOf(tb, b)].filter((x): x is string => x !== null);
  const freed = [ta, tb].filter((t): t is LeagueTable => t !== null).map((t) => t.number);
  round.tables = round.tables.filter((t) => t !== ta && t !== tb);
  const numberFor = () => freed.shift() ?? Math.max(0, ...round.tables.map((t) => t.number)) + 1;
  round.tables.push({ number: numberFor(), ...openTable(a, b) });
  if (left.length === 2) round.tables.push({ number: numberFor(), ...openTable(left[0]!, left[1]!) });
  else if (left.length === 1) round.tables.push({ number: numberFor(), ...byeTable(left[0]!, league) });
  round.tables.sort((x, y) => x.number - y.number);
  league.missedRounds = league.missedRounds.filter(
    (m) => !(m.round === round.number && (m.player === a || m.player === b)),
  );
}

/** The round clock stands still (a judge call, a technical problem); its time resumes where it stopped. */
export function pauseClock(league: League, at: string): void {
  const round = runningRound(league);
  if (round.clockPausedAt !== null) refuse('The round clock is already paused.', 'ラウンドの時計はすでに停止中です。');
  round.clockPausedAt = at;
}

export function resumeClock(league: League, at: string): void {
  const round = runningRound(league);
  if (round.clockPausedAt === null) refuse('The round clock is not paused.', 'ラウンドの時計は停止していません。');
  round.clockPausedMs += Math.max(0, Date.parse(at) - Date.parse(round.clockPausedAt));
  round.clockPausedAt = null;
}

/** A time extension for one table (a judge call, a deck check), added to what it had. */
export function extendTable(league: League, tableNumber: number, minutes: number): void {
  const round = runningRound(league);
  const table =
    round.tables.find((t) => t.number === tableNumber) ??
    refuse(`There is no table ${tableNumber} this round.`, `このラウンドに${tableNumber}卓はありません。`);
  if (table.b === null || table.result !== null)
    refuse(`Table ${tableNumber} is not playing.`, `${tableNumber}卓は対戦中ではありません。`);
  if (table.extraMinutes + minutes > 24 * 60) refuse('At most a day of extra time.', '延長は最大1日です。');
  table.extraMinutes += minutes;
}

function runningRound(league: League): LeagueRound {
  notFinished(league);
  const round = currentRound(league) ?? refuse('No round has started yet.', 'まだラウンドが始まっていません。');
  if (round.tables.every((t) => t.result !== null)) refuse('The round is complete.', 'このラウンドは終了しています。');
  return round;
}

/**
 * When time is called at a table (ms since the epoch): the round's start, plus its length, plus the time the clock
 * stood still, plus the table's extension. null while the clock is paused (time cannot run out).
 */
export function timeCalledAt(round: LeagueRound, table: LeagueTable, roundMinutes: number): number | null {
  if (round.clockPausedAt !== null) return null;
  return Date.parse(round.startedAt) + round.clockPausedMs + (roundMinutes + table.extraMinutes) * 60_000;
}

export function setReportDeadline(league: League, minutes: number | null): void {
  notFinished(league);
  league.config.settings.reportDeadlineMinutes = minutes;
}

/**
 * A single report stands once the deadline passed without the opponent answering (they were reminded when it came
 * in). Given by the round timer, as an organiser change, so the audit shows it and undo can revert it.
 */
export function acceptSingleReport(league: League, tableNumber: number, at: string): void {
  const round = currentRound(league) ?? refuse('No round is running.', '進行中のラウンドはありません。');
  const table =
    round.tables.find((t) => t.number === tableNumber) ??
    refuse(`There is no table ${tableNumber} this round.`, `このラウンドに${tableNumber}卓はありません。`);
  const minutes = league.config.settings.reportDeadlineMinutes;
  if (minutes === null) refuse('This league has no report deadline.', 'このリーグには報告期限がありません。');
  const single = table.result === null && (table.reportA === null) !== (table.reportB === null);
  if (!single || table.firstReportAt === null)
    refuse(`Table ${tableNumber} has no single report waiting.`, `${tableNumber}卓に確認待ちの報告はありません。`);
  if (Date.parse(at) < Date.parse(table.firstReportAt) + minutes * 60_000)
    refuse('The report deadline has not passed yet.', '報告期限はまだ過ぎていません。');
  const score = table.reportA ?? table.reportB;
  if (score) table.result = { score, bothLose: false, source: 'single-report' };
}
