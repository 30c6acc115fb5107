/** Starting and re-pairing rounds: Swiss, round robin (Berger) and the single-elimination top cut. */
import { seedRng, shuffle } from '../engine/core/rng.ts';
import { currentRound, isActive, type League, type LeagueRound, type LeagueTable, roundComplete } from './league.ts';
import { refuse } from './league-errors.ts';
import { leagueStandings } from './league-queries.ts';
import { recommendedEventShape } from './round-count.ts';
import { bergerRounds } from './round-robin.ts';
import { pairSwissRound, type SwissEntrant } from './swiss.ts';
import { nextCutRound, topCutFirstRound } from './top-cut.ts';

/** A new round's clock: running, never paused. */
const RUNNING_CLOCK = { clockPausedAt: null, clockPausedMs: 0 } as const;

export function startRound(league: League, at: string): void {
  if (league.phase === 'finished') refuse('The league has finished.', 'リーグは終了しています。');
  if (league.config.format.kind === 'ladder') refuse('A ladder has no rounds.', 'ラダーにはラウンドがありません。');
  const previous = currentRound(league);
  if (previous && !roundComplete(previous)) {
    refuse(
      `Round ${previous.number} still has matches without a result.`,
      `第${previous.number}ラウンドに未報告の対戦があります。`,
    );
  }
  if (league.rounds.length === 0) beginEvent(league);
  const round = pairNextRound(league, at);
  league.rounds.push(round);
  league.awardedByes = [];
}

/** Pairs the current round again from the current state; only while none of its matches has a result. */
export function repairRound(league: League, at: string): void {
  const round = currentRound(league) ?? refuse('No round has started yet.', 'まだラウンドが始まっていません。');
  // A drop's concession is no played result: re-pairing after a late drop is what re-pair is for.
  const played = (t: LeagueTable) => t.result !== null && t.result.source !== 'bye' && t.result.source !== 'concession';
  // A match loss given as a penalty is a decision, not a pairing artefact: re-pairing would silently drop it.
  if (round.tables.some(played)) {
    refuse(
      'Results are already in for this round; correct them instead.',
      'このラウンドはすでに結果があります。結果を修正してください。',
    );
  }
  if (round.stage !== 'swiss')
    refuse('Only Swiss rounds can be re-paired.', 'スイスラウンドのみ再ペアリングできます。');
  const active = new Set(league.players.filter(isActive).map((p) => p.id));
  league.awardedByes = round.awardedByes.filter((id) => active.has(id));
  league.rounds.pop();
  league.rounds.push(pairNextRound(league, at));
  league.awardedByes = [];
}

function beginEvent(league: League): void {
  if (league.config.settings.checkInRequired) {
    for (const p of league.players) if (!p.checkedIn) p.droppedAfterRound = 0;
  }
  if (league.decklists.required) {
    // The organiser asked for lists before round 1: name who is missing rather than pair them.
    const missing = league.players.filter((p) => isActive(p) && p.deck === null).map((p) => p.id);
    if (missing.length > 0) {
      refuse(
        `A decklist is required before round 1, and ${missing.length} ${missing.length === 1 ? 'player has' : 'players have'} none: ${missing.join(', ')}. They submit one with /league deck, or an organiser drops them.`,
        `第1ラウンドの前にデッキリストが必要ですが、${missing.length}人が未提出です：${missing.join('、')}。/league deck で提出するか、運営がドロップしてください。`,
      );
    }
  }
  const active = league.players.filter(isActive).map((p) => p.id);
  if (active.length < 2) refuse('At least two players are needed to start.', '開始には2人以上のプレイヤーが必要です。');
  league.phase = 'running';
  const format = league.config.format;
  if (format.kind === 'swiss') {
    // MTR Appendix E: a player with an awarded bye counts as two players when sizing the event.
    const shape = recommendedEventShape(active.length + league.awardedByes.length);
    league.plannedRounds = format.rounds ?? shape.swissRounds;
    const cutSize = format.cutMaxLosses !== null ? (format.topCut ?? 64) : (format.topCut ?? shape.topCut);
    league.plannedTopCut = Math.min(cutSize, active.length);
  } else if (format.kind === 'round-robin') {
    const [seats] = shuffle(active, seedRng(`${league.config.seed}|round-robin`));
    league.roundRobinSeats = seats;
    league.plannedRounds = bergerRounds(seats).length;
    league.plannedTopCut = 0;
  }
}

function pairNextRound(league: League, at: string): LeagueRound {
  const number = league.rounds.length + 1;
  const mainRoundsPlayed = league.rounds.filter((r) => r.stage !== 'top-cut').length;
  const planned = league.plannedRounds ?? 0;
  if (mainRoundsPlayed < planned) {
    return league.config.format.kind === 'round-robin'
      ? roundRobinRound(league, number, mainRoundsPlayed, at)
      : swissRound(league, number, at);
  }
  if ((league.plannedTopCut ?? 0) >= 2) return topCutRound(league, number, at);
  return refuse('All planned rounds have been played.', '予定されたラウンドはすべて終了しました。');
}

export function byeTable(player: string, league: League): Omit<LeagueTable, 'number'> {
  const games = league.config.settings.tiebreakers.byeGamesWon;
  return {
    a: player,
    b: null,
    reportA: null,
    reportB: null,
    disputed: false,
    result: { score: { gamesWonA: games, gamesWonB: 0, gamesDrawn: 0 }, bothLose: false, source: 'bye' },
    firstReportAt: null,
    extraMinutes: 0,
  };
}

export function openTable(a: string, b: string): Omit<LeagueTable, 'number'> {
  return { a, b, reportA: null, reportB: null, disputed: false, result: null, firstReportAt: null, extraMinutes: 0 };
}

function numbered(tables: Omit<LeagueTable, 'number'>[]): LeagueTable[] {
  return tables.map((t, i) => ({ number: i + 1, ...t }));
}

function swissRound(league: League, number: number, at: string): LeagueRound {
  const awarded = new Set(league.awardedByes);
  const standings = leagueStandings(league);
  const active = new Set(league.players.filter(isActive).map((p) => p.id));
  let order = standings.map((r) => r.player).filter((id) => active.has(id) && !awarded.has(id));
  if (number === 1) [order] = shuffle(order, seedRng(`${league.config.seed}|round-1`));
  const points = new Map(standings.map((r) => [r.player, r.matchPoints]));
  const entrants: SwissEntrant[] = order.map((id) => ({
    id,
    points: points.get(id) ?? 0,
    ...meetingsOf(league, id),
    avoid: keptApartFrom(league, id),
  }));
  const pairing = pairSwissRound(entrants, `${league.config.seed}|round-${number}`);
  const tables = pairing.tables.map((t) => openTable(t.a, t.b));
  for (const id of league.awardedByes) tables.push(byeTable(id, league));
  if (pairing.bye) tables.push(byeTable(pairing.bye, league));
  return {
    number,
    stage: 'swiss',
    startedAt: at,
    awardedByes: [...league.awardedByes],
    tables: numbered(tables),
    ...RUNNING_CLOCK,
  };
}

/** The players the organiser keeps `id` apart from. */
function keptApartFrom(league: League, id: string): string[] {
  return league.keptApart.flatMap(([x, y]) => (x === id ? [y] : y === id ? [x] : []));
}

/** Earlier Swiss and round-robin opponents and byes of a player (the top cut does not count). */
function meetingsOf(league: League, id: string): { opponents: string[]; byes: number } {
  const opponents: string[] = [];
  let byes = 0;
  for (const round of league.rounds) {
    if (round.stage === 'top-cut') continue;
    for (const t of round.tables) {
      if (t.a === id && t.b === null) byes += 1;
      else if (t.a === id && t.b !== null) opponents.push(t.b);
      else if (t.b === id) opponents.push(t.a);
    }
  }
  return { opponents, byes };
}

function roundRobinRound(league: League, number: number, index: number, at: string): LeagueRound {
  const schedule = bergerRounds(league.roundRobinSeats ?? []);
  const active = new Set(league.players.filter(isActive).map((p) => p.id));
  const tables: Omit<LeagueTable, 'number'>[] = [];
  for (const t of schedule[index] ?? []) {
    // A dropped player's opponent gets the win as a bye; a table of two dropped players is not played.
    const a = active.has(t.a) ? t.a : null;
    const b = t.b !== null && active.has(t.b) ? t.b : null;
    if (a && b) tables.push(openTable(a, b));
    else if (a || b) tables.push(byeTable((a ?? b)!, league));
  }
  return { number, stage: 'round-robin', startedAt: at, awardedByes: [], tables: numbered(tables), ...RUNNING_CLOCK };
}

function topCutRound(league: League, number: number, at: string): LeagueRound {
  const previous = league.rounds.at(-1);
  const active = new Set(league.players.filter(isActive).map((p) => p.id));
  const standings = leagueStandings(league);
  const swissOrder = standings.map((r) => r.player);
  let tables: Omit<LeagueTable, 'number'>[];
  if (previous?.stage !== 'top-cut') {
    const format = league.config.format;
    const maxLosses = format.kind === 'swiss' ? format.cutMaxLosses : null;
    const losses = new Map(standings.map((r) => [r.player, r.losses]));
    const qualified = swissOrder
      .filter((id) => active.has(id) && (maxLosses === null || (losses.get(id) ?? 0) <= maxLosses))
      .slice(0, league.plannedTopCut ?? 0);
    if (qualified.length < 2 && maxLosses !== null) {
      refuse(
        `A cut by record needs two players still in the event with at most ${maxLosses} ${maxLosses === 1 ? 'loss' : 'losses'}, and ${qualified.length} ${qualified.length === 1 ? 'has' : 'have'} that record. Finish the league: the Swiss standings decide.`,
        `成績によるカットには${maxLosses}敗以下で残っているプレイヤーが2人必要ですが、${qualified.length}人です。リーグを終了してください（スイスの順位で決まります）。`,
      );
    }
    if (qualified.length < 2) {
      refuse(
        `A top cut needs two players still in the event, and ${qualified.length} ${qualified.length === 1 ? 'is' : 'are'} left. Finish the league: the Swiss standings decide.`,
        `トップカットには残っているプレイヤーが2人必要ですが、${qualified.length}人しかいません。リーグを終了してください（スイスの順位で決まります）。`,
      );
    }
    tables = topCutFirstRound(qualified).map((m) => (m.b === null ? byeTable(m.a, league) : openTable(m.a, m.b)));
  } else {
    // Top-cut tables are stored in bracket order, so the winners of tables 1 and 2 meet next, and so on.
    // MTR 2.10: a winner who dropped is not replaced; the highest-ranked remaining player gets a bye instead.
    const remaining = previous.tables.map(winnerOf).filter((id) => active.has(id));
    const rank = (id: string) => swissOrder.indexOf(id);
    const best = (players: readonly string[]) => [...players].sort((x, y) => rank(x) - rank(y))[0]!;
    const finalPlayed = previous.tables.length === 1;
    const next = finalPlayed ? [] : nextCutRound(remaining, best);
    if (next.length === 0 && !finalPlayed && remaining.length === 1) {
      // Everyone else left: the last player still in gets the bye in the final and wins the event.
      tables = [byeTable(remaining[0]!, league)];
    } else {
      if (next.length === 0) refuse('The top cut is over.', 'トップカットは終了しました。');
      tables = next.map((m) => (m.b === null ? byeTable(m.a, league) : openTable(m.a, m.b)));
    }
  }
  return { number, stage: 'top-cut', startedAt: at, awardedByes: [], tables: numbered(tables), ...RUNNING_CLOCK };
}

function winnerOf(t: LeagueTable): string {
  if (t.b === null) return t.a;
  const s = t.result!.score;
  return s.gamesWonA > s.gamesWonB ? t.a : t.b;
}
