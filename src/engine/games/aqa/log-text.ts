/**
 * Words for Aquarian Age's structured log and results, rendered at view time (never stored). Card names come from
 * the pool; every entry names only public cards (view.ts).
 */
import type { GameResult, Seat } from '../../core/game.ts';
import { type Label, label } from '../../core/label.ts';
import { cardOf, type LogEntry, type Phase } from './state.ts';

const PHASE_WORDS: Record<Phase | 'setup', Label> = {
  setup: label('before the game', 'ゲーム開始前'),
  draw: label('draw phase', 'ドローフェイズ'),
  faction: label('faction phase', '勢力フェイズ'),
  main: label('main phase', 'メインフェイズ'),
  power: label('power card phase', 'パワーカードフェイズ'),
  discard: label('discard phase', 'ディスカードフェイズ'),
  end: label('end of turn', 'ターン終了時'),
};

export function phaseWords(phase: Phase | 'setup'): Label {
  return PHASE_WORDS[phase];
}

const KIND_WORDS: Record<string, Label> = {
  phase: label('a phase', 'フェイズ'),
  'faction-check': label('a faction check', '勢力チェック'),
  set: label('a character set', 'キャラクターのセット'),
  break: label('a break', 'ブレイク'),
  permanent: label('a permanent set', 'パーマネントのセット'),
  use: label('a card use', 'カードの使用'),
  effect: label('an effect', 'エフェクト'),
  attack: label('an attack', 'アタック'),
  guard: label('a guard', 'ガード'),
};

const name = (card: string | null): Label => (card ? cardOf(card).name : label('—', '—'));
const who = (seat: Seat): Label =>
  label(seat === 'p1' ? 'Player 1' : 'Player 2', seat === 'p1' ? 'プレイヤー1' : 'プレイヤー2');

function targetName(t: string | null): Label {
  if (t === null) return label('', '');
  if (t === 'p1' || t === 'p2') return who(t);
  return name(t);
}

export function logLine(e: LogEntry): Label {
  switch (e.type) {
    case 'phase':
      return label(
        `${who(e.seat).en}: ${PHASE_WORDS[e.phase].en} ${e.edge}s.`,
        `${who(e.seat).ja}：${PHASE_WORDS[e.phase].ja}${e.edge === 'start' ? '開始' : '終了'}。`,
      );
    case 'declared': {
      const t = targetName(e.target);
      const on = e.target ? label(` → ${t.en}`, ` → ${t.ja}`) : label('', '');
      return label(
        `${who(e.seat).en} declares ${KIND_WORDS[e.kind]?.en ?? e.kind}: ${name(e.card).en}${on.en}.`,
        `${who(e.seat).ja}が${KIND_WORDS[e.kind]?.ja ?? e.kind}を宣言：${name(e.card).ja}${on.ja}。`,
      );
    }
    case 'resolved':
      return label(
        `${KIND_WORDS[e.kind]?.en ?? e.kind} resolves: ${name(e.card).en}.`,
        `${KIND_WORDS[e.kind]?.ja ?? e.kind}を解決：${name(e.card).ja}。`,
      );
    case 'failed':
      return label(
        `${KIND_WORDS[e.kind]?.en ?? e.kind} fails (§${e.rule}): ${name(e.card).en}.`,
        `${KIND_WORDS[e.kind]?.ja ?? e.kind}は失敗（${e.rule}）：${name(e.card).ja}。`,
      );
    case 'drew':
      return label(`${who(e.seat).en} draws ${e.count}.`, `${who(e.seat).ja}が${e.count}枚ドロー。`);
    case 'revealed':
      return e.to === 'field'
        ? label(
            `Damage judgment (${who(e.seat).en}): ${name(e.card).en} enters the field.`,
            `ダメージ判定（${who(e.seat).ja}）：${name(e.card).ja}が場に出る。`,
          )
        : label(
            `Damage judgment (${who(e.seat).en}): ${name(e.card).en} to the damage zone.`,
            `ダメージ判定（${who(e.seat).ja}）：${name(e.card).ja}をダメージ置き場へ。`,
          );
    case 'entered':
      return label(`${name(e.card).en} enters the field.`, `${name(e.card).ja}が場に出る。`);
    case 'controlled':
      return label(
        `${name(e.card).en} becomes a controlled character.`,
        `${name(e.card).ja}が支配キャラクターになる。`,
      );
    case 'power':
      return label(
        `${name(e.card).en} gets ${e.count} power card(s).`,
        `${name(e.card).ja}にパワーカード${e.count}枚。`,
      );
    case 'battle':
      return label(
        `Battle: ${name(e.attacker).en} against ${name(e.guard).en}.`,
        `バトル：${name(e.attacker).ja}対${name(e.guard).ja}。`,
      );
    case 'discarded':
      return label(`${name(e.card).en} is discarded (§${e.rule}).`, `${name(e.card).ja}を捨て札（${e.rule}）。`);
    case 'moved':
      return label(
        `${name(e.card).en} is moved onto ${name(e.to).en} (§11-2).`,
        `${name(e.card).ja}を${name(e.to).ja}に移動（11-2）。`,
      );
    case 'to-damage':
      return label(
        `${name(e.card).en} goes to the damage zone (§${e.rule}).`,
        `${name(e.card).ja}をダメージ置き場へ（${e.rule}）。`,
      );
    case 'removed-from-game':
      return label(
        `${name(e.card).en} is removed from the game (§24-2).`,
        `${name(e.card).ja}をゲームから除外（24-2）。`,
      );
    case 'bind':
      return label(
        `${name(e.card).en} stays through Bind ${e.count}.`,
        `${name(e.card).ja}はバインド${e.count}で場に残る。`,
      );
    case 'hand-discard':
      return label(
        `${who(e.seat).en} discards ${name(e.card).en} from hand.`,
        `${who(e.seat).ja}が手札から${name(e.card).ja}を捨て札。`,
      );
    case 'lost':
      return label(
        `${who(e.seat).en} meets a losing condition (${e.reason}).`,
        `${who(e.seat).ja}が敗北条件を満たす（${e.reason}）。`,
      );
    case 'redrew':
      return label(`${who(e.seat).en} redraws the opening hand.`, `${who(e.seat).ja}が初期手札を引き直す。`);
    case 'conceded':
      return label(`${who(e.seat).en} concedes.`, `${who(e.seat).ja}が投了。`);
  }
}

const RESULT_WORDS: Record<string, Label> = {
  conceded: label('The other player conceded.', '相手が投了しました。'),
  'damage-zone': label(
    'The loser had 10 or more cards in the damage zone.',
    '敗者のダメージ置き場が10枚以上になりました。',
  ),
  'empty-deck': label(
    'The loser had to take a card from an empty deck.',
    '敗者は空のデッキからカードを引く必要がありました。',
  ),
  'both-lost': label('Both players met a losing condition at once.', '両プレイヤーが同時に敗北条件を満たしました。'),
};

export function describeResult(result: GameResult): Label {
  return RESULT_WORDS[result.reason] ?? label(result.reason, result.reason);
}
