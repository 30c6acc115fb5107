// The league commands' own words, in English and Japanese (the pure core's refusals carry both already).
import type { Label } from '../../engine/core/label.ts';

const l = (en: string, ja: string): Label => ({ en, ja });

export const W = {
  onlyInGuild: l('Leagues work in a server only.', 'リーグはサーバー内でのみ使えます。'),
  organiserOnly: l(
    'Only the league organiser or a server manager (Manage Server) can do this.',
    'この操作はリーグ運営者またはサーバー管理者（サーバー管理権限）のみ可能です。',
  ),
  createNeedsManager: l(
    'Only server managers (Manage Server) can create leagues.',
    'リーグを作成できるのはサーバー管理者（サーバー管理権限）のみです。',
  ),
  noSuchLeague: (name: string) =>
    l(
      `There is no league named "${name}" in this server. /league list shows them.`,
      `このサーバーに「${name}」というリーグはありません。/league list で一覧を表示できます。`,
    ),
  whichLeague: l(
    'Which league? This server has several open leagues: name one with the league option.',
    'どのリーグですか？このサーバーには複数のリーグがあります。league オプションで指定してください。',
  ),
  noLeagues: l(
    'This server has no open league. An organiser can start one with /league create.',
    'このサーバーに開催中のリーグはありません。運営は /league create で作成できます。',
  ),
  nameTaken: (name: string) =>
    l(`A league named "${name}" already exists in this server.`, `「${name}」というリーグはすでにあります。`),
  frozen: (why: string) =>
    l(
      `This league is frozen and takes no more changes: ${why}`,
      `このリーグは凍結されているため変更できません：${why}`,
    ),
  gameUnavailable: (game: string) => l(`${game} is not playable yet.`, `${game}はまだ遊べません。`),
  badDate: (field: string, value: string) =>
    l(
      `${field} must be a date like 2026-04-30, not "${value}".`,
      `${field} は 2026-04-30 のような日付で指定してください（「${value}」は不可）。`,
    ),
  endsBeforeStart: l('The end date is before the start date.', '終了日が開始日より前です。'),
  cutByRecordWithoutCut: l(
    'A cut by record (cut-max-losses) needs a top cut: leave top-cut empty, or give its largest size.',
    '成績によるカット（cut-max-losses）にはトップカットが必要です。top-cut を空にするか、最大人数を指定してください。',
  ),
  roundsNotSwiss: l(
    'Rounds and top cut are settings of a Swiss league only.',
    'ラウンド数とトップカットはスイス式のリーグでのみ設定できます。',
  ),
  notTextChannel: l(
    'League announcements need a text channel: run this in one, or choose one with the channel option.',
    'リーグの告知にはテキストチャンネルが必要です。テキストチャンネルで実行するか channel オプションで指定してください。',
  ),
  badScore: (value: string) =>
    l(
      `"${value}" is not a score: write the games won by the table's first player, then the second's, like 2-1 (or 1-1-1 with draws).`,
      `「${value}」はスコアではありません。卓の1人目の勝利数、2人目の勝利数の順に 2-1（引き分けがあれば 1-1-1）のように書いてください。`,
    ),
  scoreOrBothLose: l(
    'Give a score, or both-lose: True for a double match loss.',
    'スコアを指定するか、両者敗北なら both-lose: True を指定してください。',
  ),
  noRound: l('No round has started yet.', 'まだラウンドが始まっていません。'),
  noSuchRound: (n: number) => l(`There is no round ${n}.`, `第${n}ラウンドはありません。`),
  notInLeague: l('You are not in this league.', 'あなたはこのリーグに参加していません。'),
  invalid: (detail: string) => l(`That input is not valid: ${detail}`, `入力が正しくありません：${detail}`),
  busyPairing: l(
    'The league is pairing a round right now; try again in a few seconds.',
    'リーグは現在ラウンドのペアリング中です。数秒後にもう一度お試しください。',
  ),
  busy: l(
    'The league changed at the same moment; please try again.',
    'リーグが同時に更新されました。もう一度お試しください。',
  ),
  // Confirmations.
  created: (name: string, channel: string) =>
    l(
      `League "${name}" created. Registration is open: players join with /league join. Announcements go to ${channel}.`,
      `リーグ「${name}」を作成しました。参加登録受付中です（/league join）。告知は ${channel} に投稿します。`,
    ),
  createdPublic: (name: string) =>
    l(`New league "${name}": join with /league join.`, `新しいリーグ「${name}」：/league join で参加できます。`),
  reportAgreed: l('Both reports agree: the result is recorded.', '両者の報告が一致し、結果が確定しました。'),
  reportDisputed: l(
    'Your report differs from your opponent’s; the organiser has been notified and will decide.',
    '対戦相手の報告と一致しません。運営に通知しました。運営が判断します。',
  ),
  joined: (name: string) => l(`You joined "${name}".`, `「${name}」に参加しました。`),
  joinedFor: (who: string, name: string) => l(`${who} joined "${name}".`, `${who} を「${name}」に登録しました。`),
  waitlisted: (who: string, name: string, cap: number, place: number) =>
    l(
      `"${name}" is full (${cap} players): ${who} is number ${place} on the waitlist and will be told when a place frees up.`,
      `「${name}」は満員です（${cap}人）。${who} はキャンセル待ち${place}番目です。空きが出たらお知らせします。`,
    ),
  leftWaitlist: (who: string, name: string) =>
    l(`${who} left the waitlist of "${name}".`, `${who} は「${name}」のキャンセル待ちから外れました。`),
  promoted: (who: string, name: string) =>
    l(
      `${who}: a place freed up in "${name}" and you are now registered (you were first on the waitlist).`,
      `${who}：「${name}」に空きが出たため参加登録されました（キャンセル待ち1番目でした）。`,
    ),
  dropped: (who: string, name: string) =>
    l(`${who} dropped from "${name}".`, `${who} が「${name}」からドロップしました。`),
  deckSet: (name: string) =>
    l(
      `Decklist saved for "${name}" (only you and the organisers can see it).`,
      `「${name}」のデッキリストを保存しました（本人と運営のみ閲覧可）。`,
    ),
  deckEmpty: l(
    'Give the decklist as text in the list option, or attach it as a text file with the file option.',
    'デッキリストを list オプションに入力するか、file オプションでテキストファイルを添付してください。',
  ),
  deckListAndFile: l(
    'Give the decklist either as text (list) or as a file (file), not both.',
    'デッキリストは list（テキスト）か file（ファイル）のどちらか一方で指定してください。',
  ),
  deckFileNotText: (name: string, type: string) =>
    l(
      `${name} is not a text file (${type}): attach the deck list as a .txt file, one "N card-id" per line.`,
      `${name} はテキストファイルではありません（${type}）。デッキリストは1行に「枚数 カードID」の .txt ファイルで添付してください。`,
    ),
  deckFileTooLarge: (name: string, size: number, max: number) =>
    l(
      `${name} is too large (${Math.ceil(size / 1024)} KB): a deck list file is at most ${max / 1024} KB.`,
      `${name} は大きすぎます（${Math.ceil(size / 1024)} KB）。デッキリストのファイルは ${max / 1024} KB までです。`,
    ),
  deckFileDownload: (name: string, why: string) =>
    l(
      `I could not download ${name} (${why}); try attaching it again.`,
      `${name} をダウンロードできませんでした（${why}）。もう一度添付してください。`,
    ),
  deckFileNotUtf8: (name: string) =>
    l(
      `${name} is not UTF-8 text; save it as UTF-8 and attach it again.`,
      `${name} はUTF-8のテキストではありません。UTF-8で保存して添付し直してください。`,
    ),
  deckFileEmpty: (name: string) => l(`${name} has no deck list in it.`, `${name} にデッキリストが入っていません。`),
  deckTooLong: (length: number, max: number) =>
    l(
      `The deck list is ${length} characters long; at most ${max}.`,
      `デッキリストが${length}文字あります（${max}文字まで）。`,
    ),
  deckUnreadable: (why: string) =>
    l(`I could not read the deck list: ${why}`, `デッキリストを読めませんでした：${why}`),
  deckProblem: (where: number[], lines: boolean, message: Label, rule: string) => {
    const en =
      where.length === 0 ? '' : `${lines ? 'line' : 'item'}${where.length > 1 ? 's' : ''} ${where.join(', ')}: `;
    const ja = where.length === 0 ? '' : `${where.join('、')}${lines ? '行目' : '番目'}：`;
    return l(`${en}${message.en} (${rule})`, `${ja}${message.ja}（${rule}）`);
  },
  deckRefused: (name: string, problems: string) =>
    l(
      `Deck not submitted to "${name}": it breaks the game's deck rules (your previous deck, if any, is kept).\n${problems}`,
      `「${name}」にデッキを提出できませんでした。デッキ構築ルールに違反しています（以前のデッキはそのままです）。\n${problems}`,
    ),
  checkedIn: (who: string) => l(`${who} is checked in.`, `${who} のチェックインが完了しました。`),
  registration: (open: boolean) =>
    open
      ? l('Registration is open.', '参加登録を受付中にしました。')
      : l('Registration is closed.', '参加登録を締め切りました。'),
  reported: l(
    'Your report is saved. The result counts once your opponent reports the same score.',
    '報告を保存しました。対戦相手が同じスコアを報告すると結果が確定します。',
  ),
  resultSet: (round: number, table: number) =>
    l(`Result of round ${round}, table ${table} set.`, `第${round}ラウンド${table}卓の結果を設定しました。`),
  byeAwarded: (who: string) => l(`${who} gets a bye next round.`, `${who} に次ラウンドの不戦勝を与えました。`),
  undone: (what: string) => l(`Undone: ${what}.`, `取り消しました：${what}`),
  undoPreview: (line: string, seq: number) =>
    l(
      `Undo would revert this organiser change, and everything that follows from it:\n${line}\nNothing has changed yet. To revert it, run \`/league undo confirm:${seq}\`.`,
      `取り消すと、次の運営操作とそれに続く結果が元に戻ります：\n${line}\nまだ何も変更していません。取り消すには \`/league undo confirm:${seq}\` を実行してください。`,
    ),
  undoSkipsDrops: (who: string) =>
    l(
      `Undo does not revert a player's own drop (${who}); use \`/league reinstate\` for that.`,
      `プレイヤー自身のドロップ（${who}）は取り消しでは戻りません。\`/league reinstate\` を使ってください。`,
    ),
  penaltyGiven: (who: string, kind: 'warning' | 'game-loss' | 'match-loss') =>
    ({
      warning: l(`Warning recorded for ${who}.`, `${who} に警告を記録しました。`),
      'game-loss': l(
        `Game loss recorded for ${who}; the players report the match with that game counted as lost.`,
        `${who} にゲーム敗北を記録しました。そのゲームを敗北として対戦結果を報告してください。`,
      ),
      'match-loss': l(
        `Match loss recorded for ${who}; their open match is decided.`,
        `${who} に試合敗北を記録しました。未決着の対戦は決着しました。`,
      ),
    })[kind],
  penaltyMatchLoss: (loser: string, table: number, text: string) =>
    l(
      `Table ${table}: ${loser} receives a match loss (penalty): ${text}.`,
      `${table}卓：${loser} に試合敗北（罰則）：${text}`,
    ),
  disqualified: (who: string) =>
    l(`${who} is disqualified and leaves the standings.`, `${who} を失格にしました。順位表から外れます。`),
  disqualifiedAnnounce: (who: string) =>
    l(
      `An organiser disqualified ${who}; they leave the event and the standings.`,
      `運営が ${who} を失格にしました。大会と順位表から外れます。`,
    ),
  reinstated: (who: string) =>
    l(
      `${who} is back in the league and will be paired from the next round.`,
      `${who} をリーグに復帰させました。次のラウンドからペアリングされます。`,
    ),
  reinstatedAnnounce: (who: string) =>
    l(`An organiser reinstated ${who}, who is back in the league.`, `運営が ${who} をリーグに復帰させました。`),
  finished: (name: string) => l(`"${name}" has finished.`, `「${name}」は終了しました。`),
  roundStarted: (n: number) => l(`Round ${n} is paired.`, `第${n}ラウンドのペアリングを作成しました。`),
  repaired: (n: number) => l(`Round ${n} is re-paired.`, `第${n}ラウンドを再ペアリングしました。`),
  noShowRecorded: (table: number) => l(`No-show recorded at table ${table}.`, `${table}卓の不戦敗を記録しました。`),
  here: l('You are marked present. Good luck!', '着席を確認しました。頑張ってください！'),
  hereNotPaired: l('You have no match in this round.', 'このラウンドにあなたの対戦はありません。'),
  hereOld: l('That round is over.', 'そのラウンドは終了しています。'),
  // Public announcements.
  roundTitle: (name: string, n: number, stage: string) =>
    l(`${name}: round ${n}${stage}`, `${name}：第${n}ラウンド${stage}`),
  topCutStage: (players: number) => l(` (top ${players})`, `（トップ${players}）`),
  table: (n: number) => l(`Table ${n}`, `${n}卓`),
  bye: l('bye', '不戦勝'),
  vs: l('vs', '対'),
  roundEnds: (stamp: string) => l(`Round ends ${stamp}.`, `ラウンド終了：${stamp}`),
  noShowRule: (minutes: number) =>
    l(
      `Press "I'm here" at your table: a player who has not pressed it within ${minutes} minutes (and has not reported or started the match in the bot) loses by no-show.`,
      `卓の「着席」ボタンを押してください。${minutes}分以内に押さず、報告もボットでの対戦開始もしていないプレイヤーは不戦敗になります。`,
    ),
  howToPlay: l(
    'Play with /duel challenge (the result is recorded automatically) or elsewhere, then both report with /league report.',
    '/duel challenge で対戦すると結果は自動で記録されます。他で対戦した場合は両者が /league report で報告してください。',
  ),
  /** In a table's thread, where `/duel challenge` is refused (a match opens its own thread): say where to run it. */
  howToPlayFrom: (channel: string) =>
    l(
      `Play with /duel challenge in ${channel} (this thread cannot hold a match; the result is recorded automatically) or elsewhere, then both report with /league report.`,
      `${channel} で /duel challenge を使って対戦すると結果は自動で記録されます（このスレッドでは対戦を始められません）。他で対戦した場合は両者が /league report で報告してください。`,
    ),
  hereButton: l("I'm here", '着席'),
  threadWelcome: (a: string, b: string, round: number, table: number) =>
    l(
      `${a} ${b}: your round ${round} match (table ${table}).`,
      `${a} ${b}：第${round}ラウンドの対戦（${table}卓）です。`,
    ),
  botResult: (table: number, text: string) =>
    l(
      `Table ${table}: ${text} (played here, recorded automatically).`,
      `${table}卓：${text}（ボットで対戦、自動記録）。`,
    ),
  agreedResult: (table: number, text: string) =>
    l(`Table ${table}: ${text} (both players reported).`, `${table}卓：${text}（両者報告）。`),
  organiserResult: (round: number, table: number, text: string) =>
    l(
      `Round ${round}, table ${table}: ${text} (set by an organiser).`,
      `第${round}ラウンド${table}卓：${text}（運営が設定）。`,
    ),
  beat: (a: string, b: string, score: string) => l(`${a} beat ${b} ${score}`, `${a} が ${b} に ${score} で勝利`),
  drew: (a: string, b: string, score: string) =>
    l(`${a} and ${b} drew ${score}`, `${a} と ${b} は ${score} で引き分け`),
  bothLost: (a: string, b: string) => l(`${a} and ${b} both get a match loss`, `${a} と ${b} は両者敗北`),
  gameOfMatch: (table: number, winner: string, tally: string) =>
    l(
      `Table ${table}: ${winner} won a game here; the match stands at ${tally} (best of three).`,
      `${table}卓：${winner} がボットでの1ゲームに勝利。現在 ${tally}（2本先取）。`,
    ),
  drawnGame: (table: number, tally: string) =>
    l(`Table ${table}: a drawn game; the match stands at ${tally}.`, `${table}卓：引き分けのゲーム。現在 ${tally}。`),
  dispute: (round: number, table: number, a: string, ra: string, b: string, rb: string, organiser: string) =>
    l(
      `${organiser}: the reports for round ${round}, table ${table} disagree: ${a} reported ${ra}, ${b} reported ${rb} (table order). Decide with /league result round:${round} table:${table} score:…`,
      `${organiser}：第${round}ラウンド${table}卓の報告が一致しません。${a} は ${ra}、${b} は ${rb}（卓順）と報告しました。/league result round:${round} table:${table} score:… で決定してください。`,
    ),
  roundComplete: (n: number) =>
    l(
      `Round ${n} is complete. The organiser starts the next one with /league next-round.`,
      `第${n}ラウンドが終了しました。運営は /league next-round で次のラウンドを開始してください。`,
    ),
  finalComplete: l(
    'The final is over. The organiser ends the league with /league finish.',
    '決勝が終了しました。運営は /league finish でリーグを終了してください。',
  ),
  champion: (text: string) => l(`Champion: ${text}.`, `優勝：${text}`),
  championUnopposed: (who: string) =>
    l(`Champion: ${who}, the last player left in the top cut.`, `優勝：${who}（トップカットに残った最後のプレイヤー）`),
  timeCalled: (n: number, open: string) =>
    l(`Time is up for round ${n}. Still playing: ${open}.`, `第${n}ラウンドの制限時間です。未終了：${open}`),
  noShow: (who: string, table: number) =>
    l(
      `${who} did not show up at table ${table}: match loss (no-show).`,
      `${who} は${table}卓に現れなかったため不戦敗です。`,
    ),
  noShowFailed: (table: number, why: string) =>
    l(
      `Table ${table}: no-show not recorded (${why}); the organiser decides.`,
      `${table}卓：不戦敗を記録できませんでした（${why}）。運営が判断してください。`,
    ),
  correctedResult: (round: number, table: number, text: string) =>
    l(
      `Round ${round}, table ${table} corrected: ${text} (by an organiser).`,
      `第${round}ラウンド${table}卓を修正：${text}（運営）。`,
    ),
  undoneAnnounce: (what: string) => l(`An organiser undid "${what}".`, `運営が「${what}」を取り消しました。`),
  notRecorded: (a: string, b: string, why: string) =>
    l(
      `The match of ${a} and ${b} was not recorded for the league: ${why}`,
      `${a} と ${b} の対戦はリーグに記録されませんでした：${why}`,
    ),
  threadsNotArchived: (round: number, count: number, organiser: string) =>
    l(
      `${organiser}: I could not archive ${count} pairing thread(s) of round ${round}: I need the Manage Threads permission in this channel. They stay open; nothing else is affected.`,
      `${organiser}：第${round}ラウンドの対戦スレッド${count}件をアーカイブできませんでした。このチャンネルで「スレッドの管理」権限が必要です。スレッドは開いたままですが、他に影響はありません。`,
    ),
  pairingDm: (name: string, round: number, table: number, opponent: string, where: string) =>
    l(
      `${name}, round ${round}: you play ${opponent} at table ${table}. ${where}`,
      `${name} 第${round}ラウンド：${table}卓で ${opponent} と対戦です。${where}`,
    ),
  pairingDmBye: (name: string, round: number) =>
    l(`${name}, round ${round}: you have a bye (a win).`, `${name} 第${round}ラウンド：不戦勝です。`),
  playerDropped: (who: string) => l(`${who} dropped.`, `${who} がドロップしました。`),
  conceded: (who: string, table: number, text: string) =>
    l(
      `${who} dropped with the match at table ${table} unplayed and concedes it: ${text}.`,
      `${who} は${table}卓の対戦前にドロップしたため投了扱いです：${text}`,
    ),
  leagueFinished: (name: string) =>
    l(`"${name}" has finished. Final standings:`, `「${name}」は終了しました。最終順位：`),
  // Views.
  standingsTitle: (name: string) => l(`${name}: standings`, `${name}：順位表`),
  standingsSubtitle: (game: string, rounds: number) =>
    l(
      `${game} · after round ${rounds} · points, then OMW%, GW%, OGW%`,
      `${game}・第${rounds}ラウンド終了時点・勝ち点、OMW%、GW%、OGW%の順`,
    ),
  noStandings: l('No results yet.', 'まだ結果がありません。'),
  more: (n: number) => l(`… and ${n} more (the CSV export has everyone).`, `…ほか${n}人（CSVに全員を出力）`),
  droppedMark: l('dropped', 'ドロップ'),
  columns: {
    rank: l('#', '順位'),
    player: l('Player', 'プレイヤー'),
    points: l('Pts', '勝点'),
    record: l('W-L-D', '勝-敗-分'),
    omw: l('OMW%', 'OMW%'),
    gw: l('GW%', 'GW%'),
    ogw: l('OGW%', 'OGW%'),
  },
  pairingsTitle: (name: string, n: number) => l(`${name}: round ${n} pairings`, `${name}：第${n}ラウンドのペアリング`),
  pending: l('playing', '対戦中'),
  disputed: l('reports disagree', '報告不一致'),
  historyTitle: (name: string, who: string) => l(`${name}: ${who}'s matches`, `${name}：${who} の対戦履歴`),
  noHistory: l('No matches yet.', 'まだ対戦がありません。'),
  outcome: {
    win: l('win', '勝ち'),
    loss: l('loss', '負け'),
    draw: l('draw', '引き分け'),
    bye: l('bye', '不戦勝'),
    pending: l('playing', '対戦中'),
    missed: l('missed (late entry): match loss', '欠席（途中参加）：試合敗北'),
  } as Record<string, Label>,
  auditTitle: (name: string) => l(`${name}: audit log`, `${name}：監査ログ`),
  noAudit: l('No organiser changes yet.', 'まだ運営の操作はありません。'),
  choosesPlayDraw: (who: string) =>
    l(`${who} (higher seed) chooses to play or draw`, `${who}（上位シード）が先攻・後攻を選択`),
  finishWithOpenTables: (round: number, open: number) =>
    l(
      `Round ${round} still has ${open} ${open === 1 ? 'match' : 'matches'} without a result; finishing now leaves ${open === 1 ? 'it' : 'them'} unplayed. To finish anyway, run \`/league finish confirm:True\`.`,
      `第${round}ラウンドに結果のない対戦が${open}件あります。今終了するとそれらは未実施のままです。それでも終了するには \`/league finish confirm:True\` を実行してください。`,
    ),
  nothingToUndo: l('There is no organiser change to undo.', '取り消せる運営の操作はありません。'),
  undoneBy: (seq: number) => l(`undone by #${seq}`, `#${seq}で取り消し`),
  listTitle: l('Leagues in this server', 'このサーバーのリーグ'),
  exportDone: (name: string) => l(`Standings of "${name}" as CSV.`, `「${name}」の順位表（CSV）`),
  exportRoundsDone: (name: string) =>
    l(`Pairings and results of every round of "${name}" as CSV.`, `「${name}」の全ラウンドの対戦と結果（CSV）`),
  exportJsonDone: (name: string) =>
    l(
      `"${name}" as JSON: settings, players, rounds and standings.`,
      `「${name}」のJSON：設定・プレイヤー・ラウンド・順位`,
    ),
  info: {
    game: l('Game', 'ゲーム'),
    format: l('Format', '形式'),
    matchLength: l('Matches', '対戦'),
    phase: l('Status', '状態'),
    players: l('Players', 'プレイヤー'),
    rounds: l('Rounds', 'ラウンド'),
    dates: l('Dates', '期間'),
    organiser: l('Organiser', '運営'),
    timer: l('Round timer', 'ラウンド時間'),
    waitlist: l('Waitlist', 'キャンセル待ち'),
  },
  formats: {
    swiss: l('Swiss', 'スイス式'),
    'round-robin': l('Round robin', '総当たり'),
    ladder: l('Open ladder', 'オープンラダー'),
  } as Record<string, Label>,
  phases: {
    registration: l('registration', '参加登録中'),
    running: l('running', '進行中'),
    finished: l('finished', '終了'),
    frozen: l('frozen', '凍結'),
  } as Record<string, Label>,
  bo1: l('best of one', '1本先取'),
  bo3: l('best of three', '2本先取'),
  auto: l('automatic', '自動'),
  topCut: (n: number) => l(`top ${n}`, `トップ${n}`),
  cutByRecord: (losses: number) =>
    l(
      `top cut: everyone with at most ${losses} ${losses === 1 ? 'loss' : 'losses'}`,
      `トップカット：${losses}敗以下の全員`,
    ),
  minutes: (n: number) => l(`${n} min`, `${n}分`),
  // Ratings.
  leaderboardTitle: (game: string, season: string) => l(`${game} ratings${season}`, `${game} レーティング${season}`),
  provisional: l('provisional', '暫定'),
  noRatings: l('No rated games yet.', 'まだレーティング対象の対戦がありません。'),
  seasonStarted: (n: number, name: string) =>
    l(
      `Season ${n} "${name}" started: ratings moved halfway back to 1500 and everyone is provisional again.`,
      `シーズン${n}「${name}」を開始しました。レーティングは1500へ半分戻り、全員が暫定に戻りました。`,
    ),
  seasonEnded: (n: number, name: string) =>
    l(
      `Season ${n} "${name}" ended; its final leaderboard is kept.`,
      `シーズン${n}「${name}」を終了しました。最終順位は保存されます。`,
    ),
  noSeason: l('No season is running for this game.', 'このゲームで進行中のシーズンはありません。'),
  // Issue 22's organiser tools.
  infoJudges: l('Judges', 'ジャッジ'),
  infoLateEntry: (until: number, lose: boolean) =>
    l(
      until === 0 ? 'closed at round 1' : `until round ${until}${lose ? ', missed rounds lose' : ''}`,
      until === 0 ? '第1ラウンドで締切' : `第${until}ラウンドまで${lose ? '（欠席は敗北）' : ''}`,
    ),
  infoLateEntryTitle: l('Late entry', '途中参加'),
  infoDecklists: (required: boolean, published: boolean) =>
    l(
      `${required ? 'required' : 'optional'} · ${published ? 'published' : 'private'}`,
      `${required ? '提出必須' : '任意'}・${published ? '公開' : '非公開'}`,
    ),
  infoDecklistsTitle: l('Decklists', 'デッキリスト'),
  infoReportDeadline: (minutes: number | null) =>
    l(
      minutes === null ? 'a single report waits' : `a single report stands after ${minutes} min`,
      minutes === null ? '片方の報告は確定しない' : `片方の報告は${minutes}分で確定`,
    ),
  ownerOnly: l(
    'Only the league creator or a server manager (Manage Server) can name judges.',
    'ジャッジを指名できるのはリーグ作成者またはサーバー管理者のみです。',
  ),
  judgeAdded: (who: string) =>
    l(
      `${who} is now a judge of this league: they can run organiser commands and are called to disputes.`,
      `${who} をこのリーグのジャッジにしました。運営コマンドを使え、異議の際に呼ばれます。`,
    ),
  judgeRemoved: (who: string) => l(`${who} is no longer a judge of this league.`, `${who} をジャッジから外しました。`),
  judgeAddedAnnounce: (who: string) =>
    l(`${who} is a judge of this league.`, `${who} がこのリーグのジャッジになりました。`),
  playerNotInLeague: (who: string) => l(`${who} is not in this league.`, `${who} はこのリーグに参加していません。`),
  noDeckYet: (who: string) => l(`${who} has not submitted a decklist.`, `${who} はデッキリストを提出していません。`),
  deckPrivate: l(
    'Decklists are private until the organiser publishes them; you can read your own.',
    'デッキリストは運営が公開するまで非公開です。自分のリストは閲覧できます。',
  ),
  deckOf: (who: string, league: string) =>
    l(`Decklist of ${who} in "${league}":`, `「${league}」の ${who} のデッキリスト：`),
  deckCheckPassed: l("Deck check: legal under the game's deck rules.", 'デッキチェック：構築ルールに適合しています。'),
  deckCheckFailed: (problems: string) =>
    l(
      `Deck check: not legal under the game's deck rules now:\n${problems}`,
      `デッキチェック：構築ルールに適合していません：\n${problems}`,
    ),
  exportDecklistsDone: (name: string) => l(`Every decklist of "${name}".`, `「${name}」の全デッキリスト`),
  twoDifferent: l('Pick two different players.', '異なる2人を選んでください。'),
  decklistPolicyEmpty: l(
    'Say what to change: required, published, or both.',
    '変更する項目（required、published）を指定してください。',
  ),
  decklistPolicySet: (required: boolean | null, published: boolean | null) =>
    l(
      [
        required === null ? '' : required ? 'Decklists are required before round 1.' : 'Decklists are optional.',
        published === null
          ? ''
          : published
            ? 'Decklists are published: everyone can read them.'
            : 'Decklists are private.',
      ]
        .filter(Boolean)
        .join(' '),
      [
        required === null
          ? ''
          : required
            ? '第1ラウンド前のデッキリスト提出を必須にしました。'
            : 'デッキリストの提出を任意にしました。',
        published === null ? '' : published ? 'デッキリストを公開しました。' : 'デッキリストを非公開にしました。',
      ]
        .filter(Boolean)
        .join(''),
    ),
  decklistsPublished: l(
    'The organiser published the decklists: read any with /league deck player.',
    '運営がデッキリストを公開しました。/league deck player で閲覧できます。',
  ),
  paired: (a: string, b: string) => l(`${a} and ${b} are paired by hand.`, `${a} と ${b} を手動で対戦させました。`),
  swapped: (a: string, b: string) => l(`${a} and ${b} exchanged seats.`, `${a} と ${b} の席を入れ替えました。`),
  keptApart: (a: string, b: string) =>
    l(`${a} and ${b} will not be paired while any other pairing exists.`, `${a} と ${b} は可能な限り対戦させません。`),
  lateEntrySet: (until: number, lose: boolean) =>
    l(
      until === 0
        ? 'Entries close when round 1 starts.'
        : `Players may join until round ${until} has started${lose ? '; rounds they missed count as match losses' : ''}.`,
      until === 0
        ? '第1ラウンド開始で参加を締め切ります。'
        : `第${until}ラウンド開始まで途中参加できます${lose ? '（欠席したラウンドは試合敗北）' : ''}。`,
    ),
  lateJoined: (who: string, round: number, missed: number) =>
    l(
      `${who} joined late, during round ${round}${missed > 0 ? `, with ${missed} missed ${missed === 1 ? 'round' : 'rounds'} as match losses` : ''}; paired from the next round.`,
      `${who} が第${round}ラウンド中に途中参加しました${missed > 0 ? `（欠席${missed}ラウンドは試合敗北）` : ''}。次のラウンドから対戦します。`,
    ),
  clockPaused: l('The round clock is paused.', 'ラウンドの時計を停止しました。'),
  clockResumed: l('The round clock runs again.', 'ラウンドの時計を再開しました。'),
  clockPausedAnnounce: l('⏸ The organiser paused the round clock.', '⏸ 運営がラウンドの時計を停止しました。'),
  clockResumedAnnounce: (end: string) =>
    l(`▶ The round clock runs again: time is called ${end}.`, `▶ ラウンドの時計を再開しました。終了は ${end} です。`),
  extendNeedsTableAndMinutes: l('An extension needs a table and minutes.', '延長には卓番号と分数が必要です。'),
  extended: (table: number, minutes: number) =>
    l(`Table ${table} has ${minutes} more minutes.`, `${table}卓を${minutes}分延長しました。`),
  extendedAnnounce: (table: number, minutes: number, end: string) =>
    l(
      `Table ${table} gets ${minutes} extra minutes: its time is called ${end}.`,
      `${table}卓は${minutes}分延長されました。終了は ${end} です。`,
    ),
  reportDeadlineSet: (minutes: number | null) =>
    l(
      minutes === null
        ? 'A single report now waits for the opponent or an organiser.'
        : `A report the opponent leaves unanswered stands after ${minutes} minutes.`,
      minutes === null
        ? '片方のみの報告は相手か運営の対応を待ちます。'
        : `相手が${minutes}分応答しない報告は確定します。`,
    ),
  pairingsChanged: (round: number) =>
    l(`Round ${round}: the organiser changed these tables:`, `第${round}ラウンド：運営が次の卓を変更しました：`),
  timeWarning: (round: number, minutes: number) =>
    l(`⏳ Round ${round}: ${minutes} minutes left.`, `⏳ 第${round}ラウンド：残り${minutes}分です。`),
  extendedPlayOn: (tables: string) =>
    l(`Tables with extra time play on: ${tables}.`, `延長された卓は続行します：${tables}。`),
  tableTimeCalled: (table: number) =>
    l(`⏰ Time is called at table ${table} (its extension is over).`, `⏰ ${table}卓の延長時間が終了しました。`),
  reportReminder: (other: string, reporter: string, score: string, deadline: string | null) =>
    l(
      `${other}: ${reporter} reported ${score}. Confirm it with /league report${deadline ? `; without an answer it stands ${deadline}` : ''}.`,
      `${other}：${reporter} が ${score} と報告しました。/league report で確認してください${deadline ? `。応答がなければ ${deadline} に確定します` : ''}。`,
    ),
  singleReportStands: (table: number, text: string) =>
    l(
      `Table ${table}: the report stands (no answer before the deadline): ${text}`,
      `${table}卓：期限までに応答がなかったため報告が確定しました：${text}`,
    ),
  disputeEscalated: (people: string, round: number, table: number, minutes: number) =>
    l(
      `${people}: the dispute at round ${round}, table ${table} is still undecided after ${minutes} minutes. Any organiser or judge can decide it with /league result round:${round} table:${table} score:…`,
      `${people}：第${round}ラウンド${table}卓の異議が${minutes}分経っても未決定です。運営またはジャッジが /league result round:${round} table:${table} score:… で決定してください。`,
    ),
  judgeButton: l('Call a judge', 'ジャッジを呼ぶ'),
  judgeCalled: (who: string, judges: string, table: string) =>
    l(`${judges}: ${who} calls a judge${table}.`, `${judges}：${who} がジャッジを呼んでいます${table}。`),
  judgeCallSent: l('A judge is called; stay at your table.', 'ジャッジを呼びました。席でお待ちください。'),
  judgeCallTooSoon: l('A judge was called from here a moment ago.', '少し前にここからジャッジが呼ばれています。'),
  judgeCallOld: l('This league or round is over.', 'このリーグまたはラウンドは終了しています。'),
  leftServerDropped: (who: string) =>
    l(
      `${who} left the server and is dropped from the league.`,
      `${who} はサーバーを退出したため、リーグからドロップしました。`,
    ),
} as const;
