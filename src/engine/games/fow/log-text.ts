/** Words for Force of Will's structured log and results, rendered at view time (never stored). */
import type { GameResult, Seat } from '../../core/game.ts';
import { type Label, label } from '../../core/label.ts';
import { FOW_CARDS } from './cards/pool.ts';
import { ATTRIBUTES, WEATHERS } from './cards/text.ts';
import { cardOf, type FowLogEntry, type Phase } from './state.ts';

const PHASE_WORDS: Record<string, Label> = {
  draw: label('draw phase', 'ドローフェイズ'),
  recovery: label('recovery phase', 'リカバリーフェイズ'),
  main: label('main phase', 'メインフェイズ'),
  end: label('end phase', 'エンドフェイズ'),
  pregame: label('before the game', 'ゲーム開始前'),
};

export function phaseWords(phase: Phase | string): Label {
  return PHASE_WORDS[phase] ?? label(phase, phase);
}

/** A gem's attribute in words (1027.1). */
const GEM_WORDS: Readonly<Record<string, Label | undefined>> = ATTRIBUTES;
const gem = (attribute: string | undefined): Label => GEM_WORDS[attribute ?? ''] ?? label('?', '?');

const who = (seat: Seat | undefined): Label =>
  seat === 'p1' ? label('Player 1', 'プレイヤー1') : seat === 'p2' ? label('Player 2', 'プレイヤー2') : label('?', '?');

function targetWords(target: string | undefined): Label {
  if (target === 'p1' || target === 'p2') return who(target);
  return label('a J/resonator', 'J/リゾネイター');
}

/** Why a play was rewound (play.ts `RewindReason`). */
const REWIND_WORDS: Record<string, Label> = {
  cancelled: label('the player cancelled it', 'プレイヤーが取り消しました'),
  'no-target': label('it has no legal target', '適正な対象がありません'),
  unpaid: label('its cost could not be paid', 'コストを支払えませんでした'),
  'quickcast-lost': label('it lost Quickcast outside main timing', 'メインタイミング外で即攻を失いました'),
  'already-rested': label(
    'the card to rest for its cost is already rested',
    'コストとしてレストするカードが既にレストしています',
  ),
  'no-mana-counter': label('there is no mana counter to remove', '取り除く魔力カウンターがありません'),
  'left-hand': label('the card is no longer in the hand', 'カードが手札にありません'),
};

export function logLine(e: FowLogEntry): Label {
  const p = who(e.seat);
  const n = e.card ? cardOf(e.card).name : label('a card', 'カード');
  switch (e.type) {
    case 'first':
      if (e.rule === '1033.2')
        return label(
          `${p.en} goes first: their effect restarted the game (1033.2).`,
          `${p.ja}が先攻です：ゲームをやり直した効果のコントローラーです（1033.2）。`,
        );
      return label(`${p.en} goes first (chosen at random, 403.4).`, `${p.ja}が先攻です（無作為、403.4）。`);
    case 'restart':
      return label(
        `${p.en} restarts the game: it ends with no winner, no loser and no draw, and a new game begins with the decks as they began (${e.rule}).`,
        `${p.ja}はゲームをやり直しました：勝者も敗者も引き分けもなく終了し、開始時のデッキで新たなゲームを始めます（${e.rule}）。`,
      );
    case 'will-coin':
      return label(`${p.en} gets a will coin (Energize, 1119.2).`, `${p.ja}はウィルコインを得ました（後抗、1119.2）。`);
    case 'exchange':
      return label(`${p.en} exchanges ${e.amount} card(s).`, `${p.ja}は${e.amount}枚交換しました。`);
    case 'turn':
      return label(`Turn ${e.amount}: ${p.en}.`, `ターン${e.amount}：${p.ja}`);
    case 'extra-turn':
      return label(
        `${p.en} will take an extra turn after this one (${e.rule}).`,
        `${p.ja}はこのターンの後に追加ターンを得ます（${e.rule}）。`,
      );
    case 'extra-turn-later': {
      const after = targetWords(e.target);
      return e.target === e.seat
        ? label(
            `${p.en} will take an extra turn after their next turn (${e.rule}).`,
            `${p.ja}は次の自分のターンの後に追加ターンを得ます（${e.rule}）。`,
          )
        : label(
            `${p.en} will take an extra turn after ${after.en}'s next turn (${e.rule}).`,
            `${p.ja}は${after.ja}の次のターンの後に追加ターンを得ます（${e.rule}）。`,
          );
    }
    case 'skip-next':
      return label(
        `${p.en} will skip their next ${phaseWords(e.phase ?? '').en.toLowerCase()} (${e.rule}).`,
        `${p.ja}は次の${phaseWords(e.phase ?? '').ja}をスキップします（${e.rule}）。`,
      );
    case 'skip-this-turn':
      return label(
        `${p.en} will skip the ${phaseWords(e.phase ?? '').en.toLowerCase()} of this turn (${e.rule}).`,
        `${p.ja}はこのターンの${phaseWords(e.phase ?? '').ja}をスキップします（${e.rule}）。`,
      );
    case 'skipped':
      return label(
        `${p.en} skips the ${phaseWords(e.phase ?? '').en.toLowerCase()} (${e.rule}).`,
        `${p.ja}は${phaseWords(e.phase ?? '').ja}をスキップしました（${e.rule}）。`,
      );
    case 'unsealed':
      return label(
        `The [Seal] abilities of cards ${p.en} controls are unsealed until end of turn (${e.rule}).`,
        `ターン終了時まで、${p.ja}がコントロールするカードの[封印]は解除されています（${e.rule}）。`,
      );
    case 'unsealed-for-the-game':
      return label(
        `The [Seal] abilities of cards ${p.en} controls are unsealed for the rest of the game (${e.rule}).`,
        `このゲームの間、${p.ja}がコントロールするカードの[封印]は解除されています（${e.rule}）。`,
      );
    case 'unsealed-card':
      return label(
        `The [Seal] abilities of ${n.en} are unsealed (${e.rule}).`,
        `${n.ja}の[封印]は解除されました（${e.rule}）。`,
      );
    case 'weather': {
      const w = e.target === 'rainy' ? WEATHERS.rainy : label(e.target ?? '?', e.target ?? '?');
      return label(`${p.en} becomes ${w.en} (${e.rule}).`, `${p.ja}は${w.ja}になりました（${e.rule}）。`);
    }
    case 'worn':
      return label(
        `${p.en}'s J/ruler wears ${n.en} (${e.rule}).`,
        `${p.ja}のJ/ルーラーは${n.ja}を纏いました（${e.rule}）。`,
      );
    case 'gem':
      return label(
        `${p.en} gains a ${gem(e.target).en.toLowerCase()} gem (${e.rule}).`,
        `${p.ja}は${gem(e.target).ja}の宝石を得ました（${e.rule}）。`,
      );
    case 'phase':
      return label(`${phaseWords(e.phase ?? '').en}.`, `${phaseWords(e.phase ?? '').ja}。`);
    case 'draw':
      return label(`${p.en} draws ${e.amount}.`, `${p.ja}は${e.amount}枚引きました。`);
    case 'will':
      return label(`${p.en} produces {${e.target}}.`, `${p.ja}は{${e.target}}を生み出しました。`);
    case 'play':
      return label(
        `${p.en} plays ${n.en}${e.rule === '1109' ? ' (awakened)' : ''}.`,
        `${p.ja}は${n.ja}をプレイしました${e.rule === '1109' ? '（覚醒）' : ''}。`,
      );
    case 'activate':
      return label(`${p.en} uses an ability of ${n.en}.`, `${p.ja}は${n.ja}の能力をプレイしました。`);
    case 'judgment':
      return label(`${p.en} plays Judgment with ${n.en}.`, `${p.ja}は${n.ja}でジャッジメントしました。`);
    case 'j-ruler':
      return label(`${n.en} becomes a J-ruler.`, `${n.ja}がJルーラーになりました。`);
    case 'inverted':
      return label(`${n.en} is inverted: its Despair face is up (${e.rule}).`, `${n.ja}は転化しました（${e.rule}）。`);
    case 'inverted-removed':
      return label(
        `${n.en} is inverted and removed from the game (${e.rule}).`,
        `${n.ja}は転化してゲームから除外されました（${e.rule}）。`,
      );
    case 'second-j-ruler':
      return label(`${n.en} becomes its 2nd J-ruler (${e.rule}).`, `${n.ja}は第2Jルーラーになりました（${e.rule}）。`);
    case 'triggered':
      return label(`${n.en}'s ability triggers.`, `${n.ja}の能力が誘発しました。`);
    case 'resolve':
      return label(`${n.en} resolves.`, `${n.ja}が解決されました。`);
    case 'cancelled':
      return label(`${n.en} is cancelled.`, `${n.ja}は無効になりました。`);
    case 'call':
      return label(`${p.en} calls ${n.en}.`, `${p.ja}は${n.ja}をコールしました。`);
    case 'standby':
      return label(`${p.en} sets a card in the standby area.`, `${p.ja}は待機エリアにカードを置きました。`);
    case 'battle':
      return label(`${p.en} starts a battle.`, `${p.ja}はバトルを開始しました。`);
    case 'attack':
      return label(
        `${n.en} attacks ${targetWords(e.target).en}.`,
        `${n.ja}が${targetWords(e.target).ja}に攻撃しました。`,
      );
    case 'abandon':
      return label(`${p.en} abandons the attack.`, `${p.ja}は攻撃を放棄しました。`);
    case 'block':
      return label(`${n.en} blocks.`, `${n.ja}がブロックしました。`);
    case 'damage':
      return label(
        `${n.en} deals ${e.amount} damage to ${targetWords(e.target).en}.`,
        `${n.ja}は${targetWords(e.target).ja}に${e.amount}ダメージを与えました。`,
      );
    case 'destroyed':
      return label(`${n.en} is destroyed (${e.rule}).`, `${n.ja}は破壊されました（${e.rule}）。`);
    case 'rune':
      return label(`${p.en} reveals the rune ${n.en}.`, `${p.ja}はルーン${n.ja}を公開しました。`);
    case 'shifted':
      return label(`${n.en} turns its future face up (Shift).`, `${n.ja}は未来の面になりました（時変）。`);
    case 'banish':
      return label(`${p.en} banishes ${n.en}.`, `${p.ja}は${n.ja}を破棄しました。`);
    case 'discard':
      return label(`${p.en} discards ${n.en}.`, `${p.ja}は${n.ja}を捨てました。`);
    case 'counters':
      return label(
        `${n.en} gets ${e.amount} ${e.target} counter(s).`,
        `${n.ja}に${e.target}カウンターが${e.amount}個置かれました。`,
      );
    case 'counters-moved':
      return label(
        `${e.amount} ${e.target} counter(s) move onto ${n.en} (1022.4).`,
        `${e.target}カウンター${e.amount}個が${n.ja}に移動しました（1022.4）。`,
      );
    case 'foresee':
      return label(`${p.en} foresees (${e.amount} kept on top).`, `${p.ja}は選別しました（${e.amount}枚を上に）。`);
    case 'mill':
      return label(
        `${p.en} puts ${e.amount} card(s) from the deck into the graveyard.`,
        `${p.ja}はデッキから${e.amount}枚を墓地に置きました。`,
      );
    case 'gain-life':
      return label(`${p.en} gains ${e.amount} life.`, `${p.ja}は${e.amount}ライフを得ました。`);
    case 'life-set':
      return label(`${p.en}'s life becomes ${e.amount}.`, `${p.ja}のライフは${e.amount}になりました。`);
    case 'force':
      return label(`Force: the dice total ${e.amount}.`, `フォース：出目の合計は${e.amount}。`);
    case 'attach':
      return label(`${n.en} is attached.`, `${n.ja}が設置されました。`);
    case 'reveal':
      return label(
        `${p.en} reveals ${n.en} (${e.rule === '1114.2' ? 'Stealth' : 'Trigger'}, ${e.rule}).`,
        `${p.ja}は${n.ja}を公開しました（${e.rule === '1114.2' ? '潜伏' : '発動条件'}、${e.rule}）。`,
      );
    case 'token':
      return label(
        `${p.en} creates a ${n.en} token (${e.rule}).`,
        `${p.ja}は${n.ja}・トークンを作成しました（${e.rule}）。`,
      );
    case 'reveal-extra':
      return label(
        `${p.en} reveals ${n.en} from their extra deck (${e.rule}).`,
        `${p.ja}はエキストラデッキの${n.ja}を公開しました（${e.rule}）。`,
      );
    case 'trigger-failed':
      return label(
        `${n.en} cannot be played and goes to the graveyard (708.3a).`,
        `${n.ja}はプレイできないため墓地に置かれました（708.3a）。`,
      );
    case 'removed-from-battle':
      return label(`${n.en} is rested and removed from battle.`, `${n.ja}はレストされ、バトルから取り除かれました。`);
    case 'conceded':
      return label(`${p.en} concedes.`, `${p.ja}は投了しました。`);
    case 'healed':
      return label(
        `${p.en}'s ruler ${n.en} is healed and no longer astral (${e.rule}).`,
        `${p.ja}のルーラー${n.ja}は回復し、アストラル状態ではなくなりました（${e.rule}）。`,
      );
    case 'search':
      return e.card
        ? label(
            `${p.en} searches their main deck and reveals ${n.en}, putting it into their hand (${e.rule}).`,
            `${p.ja}はメインデッキを探し、${n.ja}を公開して手札に加えました（${e.rule}）。`,
          )
        : label(
            `${p.en} searches their main deck and finds nothing (${e.rule}).`,
            `${p.ja}はメインデッキを探しましたが、何も選びませんでした（${e.rule}）。`,
          );
    case 'prevented':
      return label(
        `${e.amount} damage from ${n.en} is prevented (${e.rule}).`,
        `${n.ja}からの${e.amount}ダメージは軽減されました（${e.rule}）。`,
      );
    case 'became-copy': {
      const of = e.target && FOW_CARDS.has(e.target) ? cardOf(e.target).name : label('a card', 'カード');
      return label(
        `${n.en} becomes a copy of ${of.en} (${e.rule}).`,
        `${n.ja}は${of.ja}のコピーになりました（${e.rule}）。`,
      );
    }
    case 'copied':
      // 1017.1b: an ability's copy (the card named is its source); otherwise a chant's (1017.1).
      if (e.rule === '1017.1b')
        return label(
          `${p.en} copies an ability of ${n.en}; the copy goes on top of the chase with the same targets (${e.rule}).`,
          `${p.ja}は${n.ja}の能力をコピーしました：コピーは同じ対象を持ってチェイスの一番上に置かれます（${e.rule}）。`,
        );
      return label(
        `${p.en} copies ${n.en}; the copy goes on top of the chase with the same targets (${e.rule}).`,
        `${p.ja}は${n.ja}をコピーしました：コピーは同じ対象を持ってチェイスの一番上に置かれます（${e.rule}）。`,
      );
    case 'copy-not-played':
      return label(
        `${p.en} does not play the copy of ${n.en}, so it ceases to exist (${e.rule}).`,
        `${p.ja}は${n.ja}のコピーをプレイしなかったため、そのコピーは消滅しました（${e.rule}）。`,
      );
    case 'not-added':
      return label(
        `${n.en}'s target is no longer legal: it goes to the graveyard instead of onto the field (${e.rule}).`,
        `${n.ja}の対象が適正でないため、場に出ずに墓地に置かれました（${e.rule}）。`,
      );
    case 'illegal-addition':
      return label(
        `${n.en} is attached to no card it may be added to: it is put into the graveyard (${e.rule}).`,
        `${n.ja}は適正に設置されていないため、墓地に置かれました（${e.rule}）。`,
      );
    case 'copy-gone':
      return label(
        `The copy of ${n.en} leaves the chase and ceases to exist: it does not come onto the field (${e.rule}).`,
        `${n.ja}のコピーはチェイスエリアを離れて消滅しました：場には出ません（${e.rule}）。`,
      );
    case 'destroy-replaced':
      return label(
        `${n.en} would be destroyed; instead its damage is removed and it is rested (${e.rule}).`,
        `${n.ja}は破壊される代わりに、ダメージをすべて取り除かれ、レストしました（${e.rule}）。`,
      );
    case 'became-type':
      return label(
        `${n.en} becomes a regalia until end of turn; it is no longer a resonator (${e.rule}).`,
        `${n.ja}はターン終了時までレガリアになり、リゾネイターではなくなります（${e.rule}）。`,
      );
    case 'damage-redirected':
      return label(
        `Damage that would be dealt to ${n.en} is dealt to ${p.en} instead (${e.rule}).`,
        `${n.ja}に与えられるダメージは、代わりに${p.ja}に与えられます（${e.rule}）。`,
      );
    case 'removed-instead':
      return label(
        `${n.en} would be put into a graveyard; instead it is removed from the game (${e.rule}).`,
        `${n.ja}は墓地に置かれる代わりに、ゲームから除外されました（${e.rule}）。`,
      );
    case 'destroy-replaced-to-hand':
      return label(
        `${n.en} would be destroyed; instead it returns to its owner's hand (${e.rule}).`,
        `${n.ja}は破壊される代わりに、オーナーの手札に戻りました（${e.rule}）。`,
      );
    case 'summon':
      return label(
        `${p.en} summons ${n.en}: it goes onto the chase as a resonator spell (${e.rule}).`,
        `${p.ja}は${n.ja}を召喚しました：リゾネイター呪文としてチェイスに置かれます（${e.rule}）。`,
      );
    case 'shuffle':
      return label(
        `${p.en} shuffles their main deck (${e.rule}).`,
        `${p.ja}はメインデッキをシャッフルしました（${e.rule}）。`,
      );
    case 'rewound': {
      const why = REWIND_WORDS[e.reason ?? ''] ?? label('it could not be completed', '完了できませんでした');
      const what = e.card ? n : label('a card or ability', 'カードまたは能力');
      return label(
        `${p.en}'s play of ${what.en} is taken back: ${why.en} (${e.rule}).`,
        `${p.ja}の${what.ja}のプレイは巻き戻されました：${why.ja}（${e.rule}）。`,
      );
    }
    default:
      return label(e.type, e.type);
  }
}

export function describeResult(result: GameResult): Label {
  const end = result.kind === 'win' ? who(result.winner) : label('', '');
  switch (result.reason) {
    case 'life':
      return label(
        `${end.en} wins: the opponent's life reached 0 (${result.rule}).`,
        `${end.ja}の勝利：相手のライフが0になりました（${result.rule}）。`,
      );
    case 'deck-out':
      return label(
        `${end.en} wins: the opponent could not draw in the draw phase (${result.rule}).`,
        `${end.ja}の勝利：相手はドローフェイズにドローできませんでした（${result.rule}）。`,
      );
    case 'conceded':
      return label(
        `${end.en} wins: the opponent conceded (${result.rule}).`,
        `${end.ja}の勝利：相手が投了しました（${result.rule}）。`,
      );
    case 'both-lost':
      return label(
        `A draw: both players lost at once (${result.rule}).`,
        `引き分け：両プレイヤーが同時に敗北しました（${result.rule}）。`,
      );
    case 'loop':
      return label(
        `A draw: a loop no player can stop (${result.rule}).`,
        `引き分け：どのプレイヤーも止められないループです（${result.rule}）。`,
      );
    default:
      return label(`Game over (${result.reason}, ${result.rule}).`, `ゲーム終了（${result.reason}、${result.rule}）。`);
  }
}
