/**
 * Results: both players report (agreement finalises, a mismatch opens a dispute for the organiser),
 * bot-hosted matches are authoritative, organisers decide, force or correct, and no-shows lose.
 */
import { currentRound, type GameScore, isActive, type League, type LeagueRound, type LeagueTable } from './league.ts';
import type { PlayerScore } from './league-commands.ts';
import { refuse } from './league-errors.ts';

export function report(league: League, player: string, score: PlayerScore, at: string): void {
  const round = currentRound(league) ?? refuse('No round is running.', '進行中のラウンドはありません。');
  const table =
    round.tables.find((t) => t.b !== null && (t.a === player || t.b === player)) ??
    refuse('You have no match to report this round.', 'このラウンドに報告する対戦がありません。');
  if (table.result)
    refuse(
      'This match already has a result; ask an organiser to correct it.',
      'この対戦の結果は確定済みです。修正は運営に依頼してください。',
    );
  const asTable: GameScore =
    table.a === player
      ? { gamesWonA: score.won, gamesWonB: score.lost, gamesDrawn: score.drawn }
      : { gamesWonA: score.lost, gamesWonB: score.won, gamesDrawn: score.drawn };
  checkScore(league, round, asTable);
  if (table.a === player) table.reportA = asTable;
  else table.reportB = asTable;
  // The report deadline (if the league has one) runs from the first report.
  table.firstReportAt ??= at;
  if (table.reportA && table.reportB) {
    const agree = sameScore(table.reportA, table.reportB);
    table.disputed = !agree;
    if (agree) table.result = { score: table.reportA, bothLose: false, source: 'agreed' };
  }
}

/** A bot-hosted match counts when the two are paired in the current round; in a ladder, between any members. */
export function botResult(league: League, a: string, b: string, score: GameScore, at: string): void {
  if (league.phase === 'finished') refuse('The league has finished.', 'リーグは終了しています。');
  if (league.config.format.kind === 'ladder') {
    for (const id of [a, b]) {
      const p = league.players.find((x) => x.id === id);
      if (!p || !isActive(p))
        refuse(`${id} is not an active member of this ladder.`, `${id} はこのラダーの参加者ではありません。`);
    }
    if (a === b) refuse('A player cannot play themself.', '自分自身とは対戦できません。');
    league.ladder.push({ at, a, b, score });
    return;
  }
  const round = currentRound(league) ?? refuse('No round is running.', '進行中のラウンドはありません。');
  const table = round.tables.find((t) => (t.a === a && t.b === b) || (t.a === b && t.b === a));
  if (!table)
    refuse(`${a} and ${b} are not paired in the current round.`, `${a} と ${b} は現在のラウンドで対戦していません。`);
  if (table.result)
    refuse(
      'This match already has a result; ask an organiser to correct it.',
      'この対戦の結果は確定済みです。修正は運営に依頼してください。',
    );
  const oriented =
    table.a === a ? score : { gamesWonA: score.gamesWonB, gamesWonB: score.gamesWonA, gamesDrawn: score.gamesDrawn };
  checkScore(league, round, oriented);
  table.result = { score: oriented, bothLose: false, source: 'bot' };
  table.disputed = false;
}

/** Organiser: decide a dispute, force a result, or correct one from an earlier round. */
export function setResult(
  league: League,
  roundNumber: number,
  tableNumber: number,
  score: GameScore,
  bothLose: boolean,
): void {
  const round =
    league.rounds[roundNumber - 1] ??
    refuse(`There is no round ${roundNumber}.`, `第${roundNumber}ラウンドはありません。`);
  const table = findTable(round, tableNumber);
  if (table.b === null) refuse('A bye has no result to set.', '不戦勝には結果を設定できません。');
  if (round.stage === 'top-cut' && roundNumber < league.rounds.length) {
    refuse(
      'The next top-cut round is already paired from this result.',
      'この結果からすでに次のトップカットが組まれています。',
    );
  }
  if (!bothLose) checkScore(league, round, score);
  else if (round.stage === 'top-cut')
    refuse('A top-cut match needs a winner.', 'トップカットの対戦には勝者が必要です。');
  table.result = { score, bothLose, source: 'organiser' };
  table.disputed = false;
}

/** Organiser or round timer: absent players at a current-round table lose; if both are absent, both lose. */
export function noShow(league: League, tableNumber: number, absent: readonly string[]): void {
  const round = currentRound(league) ?? refuse('No round is running.', '進行中のラウンドはありません。');
  const table = findTable(round, tableNumber);
  if (table.b === null) refuse('A bye has no opponent to miss.', '不戦勝には対戦相手がいません。');
  if (table.result) refuse('This match already has a result.', 'この対戦の結果は確定済みです。');
  for (const id of absent)
    if (id !== table.a && id !== table.b)
      refuse(`${id} is not at table ${tableNumber}.`, `${id} は${tableNumber}卓にいません。`);
  const wins = league.config.matchLength === 'bo3' ? 2 : 1;
  if (new Set(absent).size === 2) {
    if (round.stage === 'top-cut') refuse('A top-cut match needs a winner.', 'トップカットの対戦には勝者が必要です。');
    table.result = { score: { gamesWonA: 0, gamesWonB: 0, gamesDrawn: 0 }, bothLose: true, source: 'no-show' };
  } else {
    const aPresent = absent[0] !== table.a;
    const score = aPresent
      ? { gamesWonA: wins, gamesWonB: 0, gamesDrawn: 0 }
      : { gamesWonA: 0, gamesWonB: wins, gamesDrawn: 0 };
    table.result = { score, bothLose: false, source: 'no-show' };
  }
  table.disputed = false;
}

function findTable(round: LeagueRound, number: number): LeagueTable {
  return (
    round.tables.find((t) => t.number === number) ??
    refuse(
      `There is no table ${number} in round ${round.number}.`,
      `第${round.number}ラウンドに${number}卓はありません。`,
    )
  );
}

function sameScore(x: GameScore, y: GameScore): boolean {
  return x.gamesWonA === y.gamesWonA && x.gamesWonB === y.gamesWonB && x.gamesDrawn === y.gamesDrawn;
}

/** A score must fit the match length (best of one / best of three), and a top-cut match needs a winner. */
function checkScore(league: League, round: LeagueRound, s: GameScore): void {
  const games = s.gamesWonA + s.gamesWonB + s.gamesDrawn;
  if (league.config.matchLength === 'bo1' && games > 1) {
    refuse('A best-of-one match has one game.', '1本先取の対戦は1ゲームです。');
  }
  if (
    league.config.matchLength === 'bo3' &&
    (s.gamesWonA > 2 || s.gamesWonB > 2 || (s.gamesWonA === 2 && s.gamesWonB === 2))
  ) {
    refuse('In a best-of-three match nobody wins more than two games.', '2本先取の対戦で3勝以上はできません。');
  }
  if (round.stage === 'top-cut' && s.gamesWonA === s.gamesWonB) {
    refuse('A top-cut match needs a winner.', 'トップカットの対戦には勝者が必要です。');
  }
}
