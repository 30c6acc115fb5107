// The bot's own words, in English and Japanese. Game text (option labels, prompts, log lines) comes from the
// engine already in both languages, and the names of a game's decision kinds from its definition
// (game-presenters.ts); this file holds only what the bot itself says.
import type { Label, Locale } from '../engine/core/label.ts';

/** Discord sends `ja` for Japanese clients; everything else reads English. */
export function localeOf(discordLocale: string | null | undefined): Locale {
  return discordLocale?.startsWith('ja') ? 'ja' : 'en';
}

/** The client's own language of an interaction whose locale a user's language setting replaced (router.ts). */
export const clientLocales = new WeakMap<object, string>();

const l = (en: string, ja: string): Label => ({ en, ja });

export const T = {
  accept: l('Accept', '受ける'),
  decline: l('Decline', '断る'),
  acceptWithDeck: l('Accept with my deck…', 'デッキを選んで受ける…'),
  chooseYourDeck: l('Choose your deck', 'デッキを選んでください'),
  challenge: (from: string, to: string, game: string, minutes: number) =>
    l(
      `${to}, ${from} challenges you to a game of ${game}. The challenge expires in ${minutes} minutes.`,
      `${to}さん、${from}さんから${game}の対戦の申し込みです。${minutes}分で期限切れになります。`,
    ),
  challengeSelf: l(
    'You cannot challenge yourself: try /duel practice.',
    '自分自身には挑戦できません。/duel practice をお試しください。',
  ),
  challengeBot: l('Bots cannot play.', 'ボットは対戦できません。'),
  onlyOpponent: (who: string) =>
    l(`Only ${who} can answer this challenge.`, `この申し込みに答えられるのは${who}さんだけです。`),
  expired: l('This challenge has expired.', 'この申し込みは期限切れです。'),
  declined: (who: string) => l(`${who} declined the challenge.`, `${who}さんが申し込みを断りました。`),
  accepted: (a: string, b: string) =>
    l(`${a} vs ${b}: the match is on in the thread below.`, `${a} 対 ${b}：スレッドで対戦が始まりました。`),
  /** The deck picker's own answer once the public message says the match is on (said once, not twice). */
  acceptedWithDeck: (deck: string) => l(`You accepted with ${deck}.`, `${deck}で受けました。`),
  unknownDeck: (deck: string) => l(`No deck named "${deck}".`, `「${deck}」というデッキはありません。`),
  illegalDeck: (deck: string, why: string) =>
    l(`The deck "${deck}" is not legal: ${why}`, `デッキ「${deck}」は使えません：${why}`),
  deckTooLong: l('That deck name is too long for a challenge.', 'デッキ名が長すぎます。'),
  gameUnavailable: (game: string) => l(`${game} is not playable yet.`, `${game}はまだ遊べません。`),
  handButton: l('My hand / act', '手札 / 行動'),
  notAPlayer: l(
    'You are not a player in this match; you can watch the board in this thread.',
    'あなたはこの対戦のプレイヤーではありません。スレッドで観戦できます。',
  ),
  outOfDate: l(
    'This choice is out of date; here are your current options.',
    'この選択肢は古くなっています。現在の選択肢はこちらです。',
  ),
  waitingFor: (who: string) => l(`Waiting for ${who}.`, `${who}さんの選択を待っています。`),
  matchOver: l('This match is over.', 'この対戦は終了しています。'),
  matchNotActive: (status: string) => l(`This match is ${status}.`, `この対戦は現在「${status}」です。`),
  noMatchHere: l('There is no match in this channel.', 'このチャンネルには対戦がありません。'),
  yourMatches: (n: number) =>
    l(
      `There is no match in this channel. Your matches in this server (${n}):`,
      `このチャンネルには対戦がありません。このサーバーでのあなたの対戦（${n}件）：`,
    ),
  noMatchesOfYours: l(
    'There is no match in this channel, and you are not playing any match in this server. Start one with /duel challenge or /duel practice.',
    'このチャンネルには対戦がなく、このサーバーで進行中のあなたの対戦もありません。/duel challenge か /duel practice で始められます。',
  ),
  yourDecision: l('your decision', 'あなたの選択待ち'),
  pausedMatch: l('paused: /match resume', '一時停止中：/match resume'),
  moreMatches: (n: number) => l(`…and ${n} more.`, `…ほか${n}件。`),
  conceded: (who: string) => l(`${who} conceded.`, `${who}さんが投了しました。`),
  concedeAsk: l(
    'Concede this match? It ends now and your opponent wins.',
    'この対戦を投了しますか？対戦はここで終わり、相手の勝ちになります。',
  ),
  concedeConfirm: l('Concede', '投了する'),
  keepPlaying: l('Keep playing', '対戦を続ける'),
  keptPlaying: l('You keep playing.', '対戦を続けます。'),
  concedeNotYours: l(
    'Only the player who asked to concede can answer this.',
    'この確認に答えられるのは、投了を申し出たプレイヤーだけです。',
  ),
  concedeTooLate: l(
    'This match is already over: there is nothing to concede.',
    'この対戦はすでに終了しているため、投了できません。',
  ),
  previous: l('◀ Previous', '◀ 前へ'),
  next: l('Next ▶', '次へ ▶'),
  chooseNone: l('Choose none', '選ばない'),
  orderSoFar: (list: string) => l(`Order so far: ${list}`, `ここまでの順番：${list}`),
  chosenSoFar: (list: string) => l(`Chosen so far: ${list}`, `ここまでの選択：${list}`),
  done: (n: number) => l(`Done (${n})`, `決定（${n}）`),
  finish: l('Done', '決定'),
  reset: l('Reset', 'やり直す'),
  back: l('◀ Back', '◀ 戻る'),
  enterNumber: (min: number, max: number) => l(`Enter a number (${min}–${max})`, `数を入力（${min}〜${max}）`),
  numberField: l('Number', '数'),
  notANumber: l('That is not a whole number.', '整数ではありません。'),
  assigned: (sum: number, total: number) => l(`Assigned ${sum} of ${total}`, `割り振り ${sum}／${total}`),
  amountOf: (name: string, n: number) => l(`${name}: ${n}`, `${name}：${n}`),
  slotPlaceholder: (name: string) => l(`${name}: choose`, `${name}：選択`),
  problem: (text: string, rule: string) => l(`Not allowed (${rule}): ${text}`, `できません（${rule}）：${text}`),
  problemCode: (code: string) => l(`rule broken: ${code}`, `違反：${code}`),
  selectPlaceholder: (min: number, max: number) =>
    l(min === max ? `Choose ${min}` : `Choose ${min}–${max}`, min === max ? `${min}個選ぶ` : `${min}〜${max}個選ぶ`),
  turn: l('Turn', 'ターン'),
  phase: l('Phase', 'フェイズ'),
  olderBoard: (turn: number, lives: string) =>
    l(
      `Turn ${turn} ended · ${lives} · an older board: the current one is further down.`,
      `ターン${turn}終了 · ${lives} · 古い盤面です。最新の盤面は下にあります。`,
    ),
  /** One attack of the attack under way, on a private prompt: "Ember Wolf → Alice" (blocked by …). */
  attackLine: (attacker: string, target: string, blockers: readonly string[]) =>
    l(
      `${attacker} → ${target}${blockers.length > 0 ? ` (blocked by ${blockers.join(', ')})` : ''}`,
      `${attacker} → ${target}${blockers.length > 0 ? `（ブロック：${blockers.join('、')}）` : ''}`,
    ),
  decision: l('Decision', '選択'),
  life: l('Life', 'ライフ'),
  hand: l('Hand', '手札'),
  log: l('Log', 'ログ'),
  result: l('Result', '結果'),
  wins: (who: string) => l(`${who} wins`, `${who}さんの勝ち`),
  draw: l('Draw', '引き分け'),
  practice: (who: string) => l(`${who} is practising both seats.`, `${who}さんが一人二役で練習中です。`),
  somethingWrong: l(
    'Something went wrong; the match is unchanged. Please try again.',
    '問題が発生しました。対戦は変わっていません。もう一度お試しください。',
  ),
  restarting: l(
    'Arbiter is restarting; nothing was changed. Please try again in a minute.',
    'Arbiterは再起動中です。何も変更されていません。1分ほどしてからもう一度お試しください。',
  ),
  deckSaved: (name: string, legal: boolean) =>
    l(
      `Saved "${name}"${legal ? ' (legal).' : ' (not legal yet).'}`,
      `「${name}」を保存しました${legal ? '（使用可能）' : '（まだ使えません）'}。`,
    ),
  deckDeleted: (name: string) => l(`Deleted "${name}".`, `「${name}」を削除しました。`),
  noDecks: l(
    'You have no saved decks; the preconstructed decks are always available.',
    '保存したデッキはありません。構築済みデッキはいつでも使えます。',
  ),
  deckLegal: l('This deck is legal.', 'このデッキは使用可能です。'),
  badDeckFile: (why: string) => l(`I could not read that deck list: ${why}`, `デッキリストを読めませんでした：${why}`),
  deckJson: (why: string) => l(`the JSON could not be read: ${why}`, `JSONを読めません：${why}`),
  deckBadCount: (max: number) => l(`the number of copies must be 1 to ${max}`, `枚数は1〜${max}にしてください`),
  deckEmpty: l('the list has no cards', 'リストにカードがありません'),
  deckNotSaved: l(
    'Nothing was saved: these lines could not be read.',
    '保存しませんでした。次の行を読めませんでした。',
  ),
  deckLine: (line: number, text: string) => l(`line ${line} (\`${text}\`)`, `${line}行目（\`${text}\`）`),
  deckMoreProblems: (n: number) => l(`…and ${n} more.`, `…ほか${n}件。`),
  deckMayBeCut: (max: number) =>
    l(
      `Your list is ${max.toLocaleString('en')} characters long, the most this form holds: if it was cut off, use /deck import with the file option.`,
      `リストがこの入力欄の上限（${max}文字）に達しています。途中で切れている場合は /deck import の file オプションを使ってください。`,
    ),
  deckNameMissing: l('Give the deck a name.', 'デッキ名を入力してください。'),
  deckEdit: l('Edit and try again', '編集してやり直す'),
  deckDraftGone: l(
    'That draft is no longer here (the bot restarted); run /deck import again.',
    'その下書きはもうありません（ボットが再起動しました）。もう一度 /deck import を実行してください。',
  ),
  deckFormTitle: (game: string) => l(`Import a ${game} deck`, `${game}のデッキを読み込む`),
  deckFormName: l('Deck name', 'デッキ名'),
  deckFormList: l('Deck list (lines of "N card-id", or JSON)', 'デッキリスト（1行に「枚数 カードID」かJSON）'),
  deckFormPlaceholder: l(
    '3 ember-whelp\n1 fusebug\n[character]\n1 sister-vaela\n(over 4,000 characters: use the file option)',
    '3 ember-whelp\n1 fusebug\n[character]\n1 sister-vaela\n（4,000文字を超えるときは file オプション）',
  ),
  settingsSaved: l('Settings saved.', '設定を保存しました。'),
  notInThread: l(
    'Start challenges in a text channel: the match gets its own thread.',
    '対戦の申し込みはテキストチャンネルで行ってください。対戦ごとにスレッドが作られます。',
  ),
  onlyInGuild: l('This command works in a server only.', 'このコマンドはサーバー内でのみ使えます。'),
  // Turn timer (turn-clock.ts).
  timedOut: (who: string, kind: string, n: number, limit: number) =>
    l(
      `⏱️ ${who} ran out of time (${kind}): the default answer was taken. Timeouts in a row: ${n} of ${limit}.`,
      `⏱️ ${who}さんの持ち時間が切れました（${kind}）。既定の選択を行いました。連続タイムアウト：${n}/${limit}回。`,
    ),
  timeoutConceded: (who: string, n: number) =>
    l(
      `⏱️ ${who} ran out of time ${n} times in a row and concedes.`,
      `⏱️ ${who}さんは${n}回連続で時間切れとなったため、投了となりました。`,
    ),
  answerBy: (unixSeconds: number, bank: string) =>
    l(
      `⏱️ Answer <t:${unixSeconds}:R> (bank time left: ${bank}).`,
      `⏱️ 回答期限 <t:${unixSeconds}:R>（残りの持ち時間：${bank}）。`,
    ),
  clockPublic: (unixSeconds: number) => l(`⏱️ Time runs out <t:${unixSeconds}:R>`, `⏱️ 期限 <t:${unixSeconds}:R>`),
  // Priority controls (auto-pass.ts).
  passUntilDecision: l('Pass until my next decision', '次の選択までパス'),
  passToEndOfTurn: l('Pass to end of turn', 'ターン終了までパス'),
  holdPriority: (on: boolean) => l(`Hold priority: ${on ? 'on' : 'off'}`, `優先権を保持：${on ? 'オン' : 'オフ'}`),
  logButton: l('Log', 'ログ'),
  // "Card details" (card-details.ts).
  cardDetailsButton: l('Card details', 'カード詳細'),
  cardSide: (player: string, area: string) => l(`${player}'s ${area}`, `${player}の${area}`),
  printed: (base: number) => l(`printed ${base}`, `元の値 ${base}`),
  damageMarked: (n: number) => l(`${n} damage`, `ダメージ ${n}`),
  cardState: l('Now:', '現在：'),
  attachedTo: l('Attached to:', '付いている先：'),
  attachments: l('Attached:', '付いているカード：'),
  faceDownCard: l('a face-down card', '裏向きのカード'),
  keywords: l('Keywords:', 'キーワード：'),
  grantedKeyword: l('from an effect', '効果による'),
  lostKeywords: l('Printed, lost now:', '印刷されているが今は失っている：'),
  noRulesText: l('(no rules text)', '（ルールテキストなし）'),
  noFieldCards: l('No face-up cards are on the table.', '表向きのカードは場にありません。'),
  pickCard: (from: number, to: number, total: number) =>
    l(`Card details: cards ${from}–${to} of ${total}`, `カード詳細：${total}枚中 ${from}～${to}枚目`),
  cardGone: l(
    'That card is no longer on the table; pick another.',
    'そのカードはもう場にありません。別のカードを選んでください。',
  ),
  moreCards: (n: number) =>
    l(`${n} more cards are on the table than the menus hold.`, `メニューに入りきらないカードがあと${n}枚あります。`),
  logPage: (page: number, pages: number, entries: number) =>
    l(`Page ${page} of ${pages} · ${entries} entries`, `${page} / ${pages}ページ・全${entries}件`),
  logOldest: l('⏮ First', '⏮ 最初'),
  logOlder: l('◀ Older', '◀ 前'),
  logNewer: l('Newer ▶', '次 ▶'),
  logNewest: l('Latest ⏭', '最新 ⏭'),
  fullControl: (on: boolean) => l(`Full control: ${on ? 'on' : 'off'}`, `フルコントロール：${on ? 'オン' : 'オフ'}`),
  fullControlNow: (on: boolean) =>
    on
      ? l(
          'Full control is on: you are asked at every priority, in every step of both turns. (/settings user auto-pass)',
          'フルコントロールをオンにしました：両方のターンのすべてのステップで、優先権のたびに確認されます。（/settings user auto-pass）',
        )
      : l(
          "Full control is off: you are asked at your stops (your main phases, when attacked, the end of the opponent's turn), when something waits to resolve, and at every decision the rules give you.",
          'フルコントロールをオフにしました：ストップ（自分のメインフェイズ、アタックされたとき、相手のターンの終了時）、解決を待つものがあるとき、ルール上の選択のときに確認されます。',
        ),
  passingUntil: (mode: 'decision' | 'end-of-turn') =>
    mode === 'decision'
      ? l('You pass until your next decision.', '次の選択までパスします。')
      : l('You pass to the end of this turn.', 'このターンの終了までパスします。'),
  holding: (on: boolean) =>
    on
      ? l(
          'Holding priority: after an action you keep priority.',
          '優先権を保持します：行動の後も優先権を持ち続けます。',
        )
      : l(
          'Not holding priority: after an action that waits to resolve, you pass if auto-pass is on.',
          '優先権を保持しません：自動パスがオンなら、解決を待つ行動の後にパスします。',
        ),
  // /settings (settings-command.ts).
  settingsGuildTitle: l('Server settings', 'サーバー設定'),
  settingsUserTitle: l('Your settings in this server', 'このサーバーでのあなたの設定'),
  settingsOnlyManagers: l(
    'Only server managers (Manage Server) can change server settings.',
    'サーバー設定を変更できるのはサーバー管理者（サーバー管理権限）だけです。',
  ),
  settingLocale: l('Language of public match messages', '対戦の公開メッセージの言語'),
  settingDefaultGame: l('Default game', '既定のゲーム'),
  settingDecisionTime: l('Time per decision', '1回の選択の持ち時間'),
  settingBankTime: l('Bank time per player and match', '1試合あたりの予備の持ち時間'),
  settingTimeouts: l('Timeouts in a row before conceding', '投了となる連続タイムアウト回数'),
  settingAutoPass: l('Auto-pass', '自動パス'),
  settingStops: (game: string) => l(`Stops (${game})`, `ストップ（${game}）`),
  settingLanguage: l('Language', '言語'),
  settingDms: l('Direct messages', 'ダイレクトメッセージ'),
  on: l('on', 'オン'),
  off: l('off', 'オフ'),
  none: l('none', 'なし'),
  timerOff: l('off (no timer)', 'オフ（タイマーなし）'),
  seconds: (n: number) => l(`${n} s`, `${n}秒`),
  gameDefault: (value: string) => l(`the game's defaults: ${value}`, `ゲームの既定：${value}`),
  fromServer: (value: string) => l(`${value} (server default)`, `${value}（サーバーの既定）`),
  fromDiscord: l('your Discord language', 'Discordの言語'),
  autoPassWarning: l(
    '⚠️ Auto-pass answers at once when pass is your only option, so the speed of your pass can tell your opponent that you hold nothing you can play. Turn auto-pass off (full control) to be asked every time.',
    '⚠️ 自動パスはパスしか選べないときにすぐ答えるため、その速さから、プレイできるカードがないことが相手に分かることがあります。毎回確認したい場合は自動パスをオフ（フルコントロール）にしてください。',
  ),
  autoPassExplained: l(
    'Auto-pass passes for you when pass is your only option, at steps that are not your stops, and right after you play something that waits to resolve (unless you hold priority). You are always asked when something waits to resolve and at every decision the rules give you. Off: full control.',
    '自動パスは、パスしか選べないとき、ストップ以外のステップ、解決を待つものをプレイした直後（優先権を保持していない場合）に、あなたの代わりにパスします。解決を待つものがあるときとルール上の選択では必ず確認されます。オフにするとフルコントロールです。',
  ),
  decisionTimeTooShort: (min: number) =>
    l(
      `The time per decision must be 0 (no timer) or at least ${min} seconds.`,
      `1回の選択の持ち時間は0（タイマーなし）か${min}秒以上にしてください。`,
    ),
  unknownStops: (words: string, valid: string) =>
    l(
      `Unknown step(s): ${words}. Steps you can stop at: ${valid} (or "none").`,
      `不明なステップ：${words}。ストップできるステップ：${valid}（または「none」）。`,
    ),
  noStepsForGame: (game: string) =>
    l(`${game} has no steps to stop at yet.`, `${game}にはまだストップできるステップがありません。`),
  settingsNothingChanged: l(
    'Nothing was changed: give at least one option to change a setting.',
    '変更はありません。設定を変えるにはオプションを指定してください。',
  ),
} as const;
