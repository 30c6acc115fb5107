/** Registration, decks, check-in, drops, awarded byes and the end of a league. Each mutates a draft. */
import { currentRound, isActive, type League, type LeaguePlayer } from './league.ts';
import { refuse } from './league-errors.ts';

export function findPlayer(league: League, id: string): LeaguePlayer {
  return (
    league.players.find((p) => p.id === id) ??
    refuse(`${id} is not in this league.`, `${id} はこのリーグに参加していません。`)
  );
}

export function openRegistration(league: League, open: boolean): void {
  if (league.phase === 'finished') refuse('The league has finished.', 'リーグは終了しています。');
  league.registrationOpen = open;
}

export function join(league: League, player: string, at: string): void {
  if (league.phase === 'finished') refuse('The league has finished.', 'リーグは終了しています。');
  if (!league.registrationOpen) refuse('Registration is closed.', '参加登録は締め切られています。');
  if (league.disqualified.some((d) => d.player === player))
    refuse('You were disqualified from this league.', 'このリーグで失格となっています。');
  const existing = league.players.find((p) => p.id === player);
  if (existing && isActive(existing)) refuse('You are already registered.', 'すでに登録されています。');
  if (existing)
    refuse(
      'You dropped from this league; only an organiser can bring you back (/league reinstate).',
      'このリーグからドロップしています。復帰は運営のみ可能です（/league reinstate）。',
    );
  if (league.config.format.kind === 'round-robin' && league.rounds.length > 0) {
    refuse('A round robin cannot take late entries.', '総当たり戦は途中参加できません。');
  }
  const started = league.rounds.length;
  if (started > 0) {
    // Late entry: open until round `untilRound` has started, never into the top cut.
    if (league.rounds.some((r) => r.stage === 'top-cut'))
      refuse('The top cut has started: no more entries.', 'トップカットが始まったため参加できません。');
    if (started > league.lateEntry.untilRound)
      refuse(
        league.lateEntry.untilRound === 0
          ? 'Entries closed when round 1 started.'
          : `Late entries closed when round ${league.lateEntry.untilRound + 1} started.`,
        league.lateEntry.untilRound === 0
          ? '第1ラウンド開始で参加受付は終了しました。'
          : `第${league.lateEntry.untilRound + 1}ラウンド開始で途中参加の受付は終了しました。`,
      );
  }
  const waiting = league.waitlist.findIndex((w) => w.id === player);
  if (waiting >= 0)
    refuse(
      `You are already on the waitlist (place ${waiting + 1}).`,
      `すでにキャンセル待ちに登録されています（${waiting + 1}番目）。`,
    );
  const cap = league.config.cap;
  if (cap !== null && league.players.filter(isActive).length >= cap) {
    league.waitlist.push({ id: player, at });
    return;
  }
  league.players.push({
    id: player,
    joinedAt: at,
    // A late entrant is present by joining: check-in was for round 1.
    checkedIn: started > 0,
    deck: null,
    joinedInRound: started,
    droppedAfterRound: null,
  });
  // MTR 2.x: a late entrant may receive a match loss for each round already started (the organiser's setting).
  if (league.lateEntry.missedRoundsLose)
    for (let round = 1; round <= started; round++) league.missedRounds.push({ player, round });
}

/** Where a player waits (1 first); null when not on the waitlist. */
export function waitlistPlace(league: League, player: string): number | null {
  const i = league.waitlist.findIndex((w) => w.id === player);
  return i < 0 ? null : i + 1;
}

export function drop(league: League, player: string, at: string): void {
  if (league.waitlist.some((w) => w.id === player)) {
    // Leaving the waitlist: nothing else to do.
    league.waitlist = league.waitlist.filter((w) => w.id !== player);
    return;
  }
  const p = findPlayer(league, player);
  if (!isActive(p)) refuse(`${player} has already dropped.`, `${player} はすでにドロップしています。`);
  if (league.rounds.length === 0) {
    // Before round 1 a drop is simply leaving the registration list.
    league.players = league.players.filter((x) => x.id !== player);
    league.awardedByes = league.awardedByes.filter((x) => x !== player);
    promoteFromWaitlist(league, at);
    return;
  }
  p.droppedAfterRound = league.rounds.length;
  league.awardedByes = league.awardedByes.filter((x) => x !== player);
  concedeOpenMatch(league, player);
}

/** During registration a freed place goes to the first waitlisted player (joined as of now). */
function promoteFromWaitlist(league: League, at: string): void {
  const cap = league.config.cap;
  const next = league.waitlist[0];
  if (!next || (cap !== null && league.players.filter(isActive).length >= cap)) return;
  league.waitlist.shift();
  league.players.push({
    id: next.id,
    joinedAt: at,
    checkedIn: false,
    deck: null,
    joinedInRound: 0,
    droppedAfterRound: null,
  });
}

/**
 * A player who drops with an unplayed match in the current round concedes it (MTR practice): the opponent wins
 * 2-0 (best of three) or 1-0, so the round can finish without an organiser. Not rated: it was not played.
 */
function concedeOpenMatch(league: League, player: string): void {
  const round = currentRound(league);
  const table = round?.tables.find((t) => t.result === null && t.b !== null && (t.a === player || t.b === player));
  if (!table) return;
  const wins = league.config.matchLength === 'bo3' ? 2 : 1;
  const score =
    table.a === player
      ? { gamesWonA: 0, gamesWonB: wins, gamesDrawn: 0 }
      : { gamesWonA: wins, gamesWonB: 0, gamesDrawn: 0 };
  table.result = { score, bothLose: false, source: 'concession' };
  table.disputed = false;
}

/**
 * An organiser brings back a player who dropped (a mistaken drop cannot be rejoined or undone by a player). If the
 * drop conceded a match of the round still in progress, that concession is withdrawn so the match can be played;
 * results of finished rounds stand, and the player is paired again from the next round.
 */
export function reinstate(league: League, player: string): void {
  if (league.phase === 'finished') refuse('The league has finished.', 'リーグは終了しています。');
  const p = findPlayer(league, player);
  if (isActive(p)) refuse(`${player} has not dropped.`, `${player} はドロップしていません。`);
  if (league.disqualified.some((d) => d.player === player))
    refuse(
      `${player} was disqualified; undo the disqualification instead.`,
      `${player} は失格です。失格の取り消しには undo を使ってください。`,
    );
  if (league.config.format.kind === 'round-robin' && p.droppedAfterRound === 0 && league.rounds.length > 0) {
    refuse('A round robin cannot take late entries.', '総当たり戦は途中参加できません。');
  }
  const cap = league.config.cap;
  if (cap !== null && league.players.filter(isActive).length >= cap) {
    refuse(`The league is full (${cap} players).`, `リーグは満員です（${cap}人）。`);
  }
  const round = currentRound(league);
  if (round && p.droppedAfterRound === round.number) {
    for (const t of round.tables) {
      if (t.result?.source !== 'concession' || (t.a !== player && t.b !== player)) continue;
      t.result = null;
      t.reportA = null;
      t.reportB = null;
    }
  }
  if (p.droppedAfterRound === 0) p.checkedIn = true;
  p.droppedAfterRound = null;
}

/**
 * Disqualification (IPG 1.1 in spirit): the player leaves the event like a drop (an unplayed match of the running
 * round is conceded) and is no longer listed in the standings, so everyone below moves up; their results still count
 * in their opponents' tiebreakers. Recorded with the organiser's reason, which only the audit shows.
 */
export function disqualify(league: League, player: string, reason: string, at: string): void {
  if (league.phase === 'finished') refuse('The league has finished.', 'リーグは終了しています。');
  const p = findPlayer(league, player);
  if (league.disqualified.some((d) => d.player === player))
    refuse(`${player} is already disqualified.`, `${player} はすでに失格です。`);
  if (isActive(p)) drop(league, player, at);
  league.disqualified.push({ player, afterRound: league.rounds.length, reason });
}

/**
 * Records a penalty for the current round. A match loss decides the player's open match of that round: the opponent
 * wins 2-0 (best of three) or 1-0, source `penalty`, not rated. With no open match it is refused, so the organiser
 * gives it once the round the player plays in has started. Warnings and game losses are a record only.
 */
export function penalise(league: League, player: string, kind: 'warning' | 'game-loss' | 'match-loss', reason: string) {
  if (league.phase === 'finished') refuse('The league has finished.', 'リーグは終了しています。');
  const p = findPlayer(league, player);
  if (!isActive(p)) refuse(`${player} has dropped.`, `${player} はドロップしています。`);
  const round = currentRound(league);
  if (kind === 'match-loss') {
    const table = round?.tables.find((t) => t.result === null && t.b !== null && (t.a === player || t.b === player));
    if (!table) {
      refuse(
        `${player} has no open match to lose; give the match loss once their next round has started.`,
        `${player} には未決着の対戦がありません。次のラウンド開始後に試合敗北を与えてください。`,
      );
    }
    const wins = league.config.matchLength === 'bo3' ? 2 : 1;
    const score =
      table.a === player
        ? { gamesWonA: 0, gamesWonB: wins, gamesDrawn: 0 }
        : { gamesWonA: wins, gamesWonB: 0, gamesDrawn: 0 };
    table.result = { score, bothLose: false, source: 'penalty' };
    table.disputed = false;
  }
  league.penalties.push({ player, round: round?.number ?? 0, kind, reason });
}

export function setDeck(league: League, player: string, deck: string): void {
  const p = findPlayer(league, player);
  if (!isActive(p)) refuse('Dropped players cannot change decks.', 'ドロップしたプレイヤーはデッキを変更できません。');
  if (league.rounds.length > 0 && league.phase === 'running' && p.deck !== null) {
    refuse('Decks are locked once the league has started.', 'リーグ開始後はデッキを変更できません。');
  }
  p.deck = deck;
}

export function checkIn(league: League, player: string): void {
  const p = findPlayer(league, player);
  if (league.rounds.length > 0)
    refuse('Check-in is over: round 1 has started.', '第1ラウンドが始まったためチェックインは終了しました。');
  if (p.checkedIn) refuse('You are already checked in.', 'すでにチェックイン済みです。');
  p.checkedIn = true;
}

export function awardBye(league: League, player: string): void {
  const p = findPlayer(league, player);
  if (!isActive(p)) refuse(`${player} has dropped.`, `${player} はドロップしています。`);
  if (league.phase === 'finished') refuse('The league has finished.', 'リーグは終了しています。');
  if (league.config.format.kind !== 'swiss')
    refuse('Byes can only be awarded in Swiss leagues.', '不戦勝はスイス式のリーグでのみ与えられます。');
  if (league.awardedByes.includes(player))
    refuse(
      `${player} already has a bye for the next round.`,
      `${player} は次のラウンドの不戦勝がすでに与えられています。`,
    );
  league.awardedByes.push(player);
}

export function finish(league: League): void {
  if (league.phase === 'finished') refuse('The league has already finished.', 'リーグはすでに終了しています。');
  league.phase = 'finished';
  league.registrationOpen = false;
}
