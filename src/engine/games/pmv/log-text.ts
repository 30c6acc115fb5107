/**
 * Words for Phantom Magic Vision's structured log and results, rendered at view time (never stored).
 */
import type { GameResult, Seat } from '../../core/game.ts';
import { type Label, label } from '../../core/label.ts';
import type { Race } from './cards/schema.ts';
import { PHASE_NAMES, RACE_NAMES } from './cards/text.ts';
import { cardOf, DECLARABLE_NAMES, type PmvLogEntry } from './state.ts';

const PHASE_WORDS: Record<string, Label> = {
  setup: label('before the game', 'ゲーム開始前'),
  'turn-start': label('turn start', 'ターン開始時'),
  ...PHASE_NAMES,
  'turn-end': label('turn end', 'ターン終了時'),
};

export function phaseWords(phase: string): Label {
  return PHASE_WORDS[phase] ?? label(phase, phase);
}

const who = (seat: string | undefined): Label => label(seat ?? '?', seat ?? '?');
const cardName = (id: string | undefined): Label => (id ? cardOf(id).name : label('a card', 'カード'));
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `${n}` : '±0');

/** §12.1.4: a declared race's words ("none": no race). */
function raceWords(race: string | undefined): Label {
  const known = RACE_NAMES[race as Race] as Label | undefined;
  return known ?? label('none', 'なし');
}

/** §12.1.3: a declared name's words, from its key (P55). */
function nameWords(key: string): Label {
  return DECLARABLE_NAMES.get(key) ?? label('an unknown name', '不明な名称');
}

function targetWords(e: PmvLogEntry): Label {
  if (e.targetCard) return cardOf(e.targetCard).name;
  if (e.target === 'p1' || e.target === 'p2') return who(e.target);
  return label('a target', '目標');
}

/** One log line in words. */
export function logLine(e: PmvLogEntry): Label {
  const p = who(e.seat);
  const c = cardName(e.card);
  const n = e.amount ?? 0;
  const rule = e.rule ? ` (§${e.rule})` : '';
  const ruleJa = e.rule ? `（${e.rule}）` : '';
  switch (e.type) {
    case 'starts':
      return label(`${p.en} is the starting player (§1.2.7.b).`, `${p.ja}が開始プレイヤーです。`);
    case 'turn':
      return label(`Turn ${n}: ${p.en}.`, `ターン${n}：${p.ja}`);
    case 'draw':
      return label(`${p.en} draws ${n} card${n === 1 ? '' : 's'}.`, `${p.ja}はカードを${n}枚引きました。`);
    case 'decked':
      return label(
        `${p.en} cannot draw from a short deck${rule}.`,
        `${p.ja}はデッキが足りずドローできません${ruleJa}。`,
      );
    case 'pass':
      return label(`${p.en} passes.`, `${p.ja}は優先権を放棄しました。`);
    case 'node-set':
      return label(`${p.en} sets a node.`, `${p.ja}はノードをセットしました。`);
    case 'node-sleep':
      return label(`${p.en} puts a node to sleep to pay.`, `${p.ja}はノード1枚をスリープにして支払いました。`);
    case 'node-discard':
      return label(
        `${p.en} discards a sleeping node (${c.en}) to pay.`,
        `${p.ja}はスリープのノード（${c.ja}）を破棄して支払いました。`,
      );
    case 'free-play':
      return label(
        `${p.en} plays ${c.en} without NODE and COST.`,
        `${p.ja}は${c.ja}を必要ノードとコストを無視してプレイしました。`,
      );
    case 'play':
      return label(`${p.en} plays ${c.en}.`, `${p.ja}は${c.ja}をプレイしました。`);
    case 'play-defend':
      return label(`${p.en} plays ${c.en} to defend (§10.3.4).`, `${p.ja}は${c.ja}を防御を兼ねてプレイしました。`);
    case 'use':
      return label(`${p.en} uses an effect of ${c.en}.`, `${p.ja}は${c.ja}の効果を使用しました。`);
    case 'resolve':
      return label(`${c.en} resolves.`, `${c.ja}が解決されます。`);
    case 'as-played':
      return label(
        `${p.en} resolves ${c.en} from the netherworld as if it were played${rule}.`,
        `${p.ja}は冥界の${c.ja}をプレイしたものとして解決します${ruleJa}。`,
      );
    case 'fizzle':
      return label(`${c.en} fails${rule}.`, `${c.ja}の効果は失敗しました${ruleJa}。`);
    case 'as-used':
      return label(
        `${p.en} resolves an effect of ${c.en} as if it were used${rule}.`,
        `${p.ja}は${c.ja}の効果を使用したものとして解決します${ruleJa}。`,
      );
    case 'target-changed': {
      const t = targetWords(e);
      return label(
        `${p.en} changes the target of ${c.en} to ${t.en}${rule}.`,
        `${p.ja}は${c.ja}の目標を${t.ja}に変更しました${ruleJa}。`,
      );
    }
    case 'nullified':
      return label(`The play of ${c.en} is nullified${rule}.`, `${c.ja}のプレイは無効になりました${ruleJa}。`);
    case 'attached':
      return label(
        `${c.en} is attached to ${targetWords(e).en}${rule}.`,
        `${c.ja}が${targetWords(e).ja}にセットされました${ruleJa}。`,
      );
    case 'enters':
      return label(`${c.en} enters ${p.en}'s field.`, `${c.ja}が${p.ja}の場に出ました。`);
    case 'attack':
      return label(`${p.en} attacks with ${c.en}${rule}.`, `${p.ja}は${c.ja}で攻撃しました${ruleJa}。`);
    case 'defend':
      return label(`${p.en} defends with ${c.en}${rule}.`, `${p.ja}は${c.ja}で防御しました${ruleJa}。`);
    case 'attack-cancelled':
      return label(`The attack is cancelled${rule}.`, `攻撃は取り消されました${ruleJa}。`);
    case 'battle':
      return label(`Battle: ${c.en} attacks${rule}.`, `戦闘：${c.ja}の攻撃${ruleJa}。`);
    case 'stealth':
      return label(
        `${c.en}'s Stealth cancels the defense${rule}.`,
        `${c.ja}の隠密により防御は取り消されました${ruleJa}。`,
      );
    case 'battle-damage':
      return label(
        `${c.en} deals ${n} battle damage to ${targetWords(e).en}${rule}.`,
        `${c.ja}は${targetWords(e).ja}に${n}点の戦闘ダメージを与えました${ruleJa}。`,
      );
    case 'effect-damage':
      return label(
        `${c.en} deals ${n} effect damage to ${targetWords(e).en}.`,
        `${c.ja}は${targetWords(e).ja}に${n}点の効果ダメージを与えました。`,
      );
    case 'resists':
      return label(
        `${c.en} receives no battle damage (Resistance)${rule}.`,
        `${c.ja}は戦闘ダメージを受けません（耐性）${ruleJa}。`,
      );
    case 'instant-death':
      return label(`Instant Death from ${c.en}${rule}.`, `${c.ja}の即死${ruleJa}。`);
    case 'doomed':
      return label(`${c.en} is doomed and discarded${rule}.`, `${c.ja}は決死状態になり破棄されました${ruleJa}。`);
    case 'graze':
      return label(
        `${p.en} grazes ${n} card${n === 1 ? '' : 's'} into nodes${rule}.`,
        `${p.ja}はグレイズで${n}枚をノードに加えました${ruleJa}。`,
      );
    case 'mana-charge':
      return label(
        `${c.en}'s Mana Charge adds ${n} node${n === 1 ? '' : 's'}${rule}.`,
        `${c.ja}のマナチャージでノードが${n}枚増えました${ruleJa}。`,
      );
    case 'modified':
      return label(
        `${c.en} gets ${signed(n)}/${signed(e.def ?? 0)}.`,
        `${c.ja}は${signed(n)}/${signed(e.def ?? 0)}を得ました。`,
      );
    case 'declare': {
      if (e.declaredName !== undefined) {
        const d = nameWords(e.declaredName);
        return label(
          `${p.en} declares the name ${d.en} for ${c.en}${rule}.`,
          `${p.ja}は${c.ja}で名称「${d.ja}」を宣言しました${ruleJa}。`,
        );
      }
      const r = raceWords(e.declared);
      return label(
        `${p.en} declares the race ${r.en} for ${c.en}${rule}.`,
        `${p.ja}は${c.ja}で種族「${r.ja}」を宣言しました${ruleJa}。`,
      );
    }
    case 'deck-to-netherworld':
      return label(
        `${c.en} goes from the top of ${p.en}'s deck into their netherworld${rule}.`,
        `${c.ja}は${p.ja}のデッキの上から冥界に置かれました${ruleJa}。`,
      );
    case 'as-far-as-possible':
      return label(`Only ${n} could be put: as far as possible${rule}.`, `${n}枚のみ置けました：可能な限り${ruleJa}。`);
    case 'placed-instead':
      return label(
        `${c.en} goes to the excluded area instead of the netherworld${rule}.`,
        `${c.ja}は冥界の代わりに除外領域に置かれました${ruleJa}。`,
      );
    case 'treated-as': {
      const en = [e.amount === undefined ? null : `ATK ${e.amount}`, e.def === undefined ? null : `DEF ${e.def}`];
      const ja = [e.amount === undefined ? null : `攻撃力${e.amount}`, e.def === undefined ? null : `耐久力${e.def}`];
      return label(
        `${c.en} is treated as having ${en.filter(Boolean).join(' and ')}${rule}.`,
        `${c.ja}は${ja.filter(Boolean).join('、')}として扱われます${ruleJa}。`,
      );
    }
    case 'group-modified':
      if (e.declaredName !== undefined) {
        const d = nameWords(e.declaredName);
        return label(
          `Characters named ${d.en} on ${p.en}'s field get ${signed(n)}/${signed(e.def ?? 0)}, those that enter later too${rule}.`,
          `${p.ja}の場の名称「${d.ja}」を含むキャラクターは、後から出たものも含め${signed(n)}/${signed(e.def ?? 0)}を得ます${ruleJa}。`,
        );
      }
      if (e.declared !== undefined) {
        const r = raceWords(e.declared);
        const kin =
          e.declared === 'none'
            ? { en: 'Characters with no race', ja: '種族なし' }
            : { en: `${r.en} characters`, ja: r.ja };
        return label(
          `${kin.en} on ${p.en}'s field get ${signed(n)}/${signed(e.def ?? 0)}, those that enter later too${rule}.`,
          `${p.ja}の場の${kin.ja}のキャラクターは、後から出たものも含め${signed(n)}/${signed(e.def ?? 0)}を得ます${ruleJa}。`,
        );
      }
      return label(
        `Characters on ${p.en}'s field get ${signed(n)}/${signed(e.def ?? 0)}, those that enter later too${rule}.`,
        `${p.ja}の場のキャラクターは、後から出たものも含め${signed(n)}/${signed(e.def ?? 0)}を得ます${ruleJa}。`,
      );
    case 'gain-lp':
      return label(`${p.en} gains ${n} LP.`, `${p.ja}は${n}LPを得ました。`);
    case 'pay-lp':
      // With a card: the LP cost of its activated effect (§1.9.4.a); without: a `pay-lp` effect.
      return e.card
        ? label(`${p.en} pays ${n} LP for ${c.en}${rule}.`, `${p.ja}は${c.ja}のために${n}LPを支払いました${ruleJa}。`)
        : label(`${p.en} pays ${n} LP.`, `${p.ja}は${n}LPを支払いました。`);
    case 'sleep-all':
      return label(
        `${p.en}'s opponent's characters go to sleep.`,
        `${p.ja}の相手のキャラクターはスリープ状態になりました。`,
      );
    case 'end-turn':
      return label(`${p.en} ends the turn${rule}.`, `${p.ja}はターンを終了させました${ruleJa}。`);
    case 'end-phase': {
      const ph = phaseWords(e.phase ?? '');
      return label(`${p.en} ends the ${ph.en}${rule}.`, `${p.ja}は${ph.ja}を終了させました${ruleJa}。`);
    }
    case 'x-chosen':
      return label(`${p.en} pays X = ${n} for ${c.en}${rule}.`, `${p.ja}は${c.ja}のXを${n}として支払います${ruleJa}。`);
    case 'returned':
      return label(`${c.en} returns to ${p.en}'s hand${rule}.`, `${c.ja}は${p.ja}の手札に戻りました${ruleJa}。`);
    case 'face-down':
      return label(
        `${c.en} is turned face down: from now on a 1/1 character with no name${rule}.`,
        `${c.ja}は裏向きになり、以後名前を持たない1/1のキャラクターとして扱われます${ruleJa}。`,
      );
    case 'defense-cancelled':
      return label(`${c.en}'s defense is cancelled${rule}.`, `${c.ja}の防御は取り消されました${ruleJa}。`);
    case 'set-lp':
      return label(`${p.en}'s LP become ${n}${rule}.`, `${p.ja}のライフポイントは${n}になりました${ruleJa}。`);
    case 'skip-phase': {
      const ph = phaseWords(e.phase ?? '');
      return label(`${p.en} will skip their next ${ph.en}${rule}.`, `${p.ja}は次の${ph.ja}をスキップします${ruleJa}。`);
    }
    case 'phase-skipped': {
      const ph = phaseWords(e.phase ?? '');
      return label(`${p.en}'s ${ph.en} is skipped${rule}.`, `${p.ja}の${ph.ja}はスキップされました${ruleJa}。`);
    }
    case 'extra-phase': {
      const ph = phaseWords(e.phase ?? '');
      return label(
        `${p.en} gets an extra ${ph.en} after this phase${rule}.`,
        `${p.ja}はこのフェイズの後に追加の${ph.ja}を得ました${ruleJa}。`,
      );
    }
    case 'no-damage':
      return label(
        `${c.en} receives no damage this turn${rule}.`,
        `このターン、${c.ja}はダメージを受けません${ruleJa}。`,
      );
    case 'damage-prevented':
      return label(`${c.en} receives no damage${rule}.`, `${c.ja}はダメージを受けませんでした${ruleJa}。`);
    case 'shuffled':
      return label(`${p.en} shuffles their deck${rule}.`, `${p.ja}はデッキをシャッフルしました${ruleJa}。`);
    case 'face-up':
      return label(
        `${c.en} is turned face up and enters anew${rule}.`,
        `${c.ja}は表向きになり、改めて場に出ました${ruleJa}。`,
      );
    case 'excluded':
      return label(`${c.en} is excluded from the game${rule}.`, `${c.ja}はゲームから除外されました${ruleJa}。`);
    case 'resist-paid':
      return label(`${p.en} pays ${n} for Resist${rule}.`, `${p.ja}は抵抗の${n}を支払いました${ruleJa}。`);
    case 'upkeep-paid':
      return label(
        `${p.en} pays ${n} to keep ${c.en}${rule}.`,
        `${p.ja}は${c.ja}の維持コスト${n}を支払いました${ruleJa}。`,
      );
    case 'upkeep-ignored':
      return label(
        `${p.en} ignores ${c.en}'s upkeep cost${rule}.`,
        `${p.ja}は${c.ja}の維持コストを無視しました${ruleJa}。`,
      );
    case 'reveal':
      return label(
        `${c.en} is chosen at random from ${p.en}'s hand and revealed${rule}.`,
        `${p.ja}の手札から無作為に選ばれた${c.ja}が公開されました${ruleJa}。`,
      );
    case 'sacrifice':
      return label(
        `${p.en} discards ${c.en} to save a doomed character${rule}.`,
        `${p.ja}は${c.ja}を捨て札にしました${ruleJa}。`,
      );
    case 'saved':
      return label(
        `${c.en} is no longer doomed; its damage is reset${rule}.`,
        `${c.ja}の決死状態は無効になりました${ruleJa}。`,
      );
    case 'not-saved':
      return label(
        `${c.en} has DEF 0 or less and stays doomed${rule}.`,
        `${c.ja}は耐久力0以下のため決死状態のままです${ruleJa}。`,
      );
    case 'gamma':
      return label(`${c.en}'s auto effect resolves${rule}.`, `${c.ja}の自動効果が解決されます${ruleJa}。`);
    case 'discard':
      return label(`${p.en} discards ${c.en}${rule}.`, `${p.ja}は${c.ja}を破棄しました${ruleJa}。`);
    case 'look-top':
      return label(
        `${p.en} looks at the top card of their deck: ${c.en}${rule}.`,
        `${p.ja}はデッキの一番上のカードを見ました：${c.ja}${ruleJa}。`,
      );
    case 'keep-top':
      return label(
        `${p.en} leaves the top card of their deck there.`,
        `${p.ja}はデッキの一番上のカードをそのままにしました。`,
      );
    case 'fortune-split':
      return label(
        `${p.en} takes ${n} revealed card${n === 1 ? '' : 's'} into their hand; ${e.def ?? 0} go to the netherworld${rule}.`,
        `${p.ja}は公開したカード${n}枚を手札に加え、${e.def ?? 0}枚を冥界に置きました${ruleJa}。`,
      );
    case 'popularity':
      return label(
        `${c.en} is attached to ${targetWords(e).en} as popularity${rule}.`,
        `${c.ja}が${targetWords(e).ja}に「人気」としてセットされました${ruleJa}。`,
      );
    case 'popularity-trimmed':
      return label(
        `${c.en} discards ${n} popularity, down to 1${rule}.`,
        `${c.ja}の「人気」${n}枚が破棄され、1枚になりました${ruleJa}。`,
      );
    case 'shielded':
      return label(
        `The next damage ${p.en} would take this turn is nullified${rule}.`,
        `このターン、${p.ja}が次に受けるダメージは無効になります${ruleJa}。`,
      );
    case 'damage-nullified':
      return label(`The damage to ${p.en} is nullified${rule}.`, `${p.ja}へのダメージは無効になりました${ruleJa}。`);
    case 'spell-break':
      return label(
        `Spell Break: ${p.en} puts ${c.en} from the sideboard onto the field for ${targetWords(e).en}${rule}.`,
        `スペルブレイク：${p.ja}は${targetWords(e).ja}に代えてサイドボードの${c.ja}を場に出しました${ruleJa}。`,
      );
    case 'attachments-moved':
      return label(
        `The attached cards move to ${c.en}${rule}.`,
        `セットされていたカードが${c.ja}に移りました${ruleJa}。`,
      );
    case 'transform':
      return label(`${p.en} transforms ${c.en}${rule}.`, `${p.ja}は${c.ja}を変身させました${ruleJa}。`);
    case 'untransform':
      return label(`${c.en} returns to its normal state${rule}.`, `${c.ja}は通常状態に戻りました${ruleJa}。`);
    case 'conceded':
      return label(`${p.en} concedes.`, `${p.ja}は投了しました。`);
    default:
      return label(e.type, e.type);
  }
}

const REASONS: Record<string, Label> = {
  conceded: label('the other player conceded (§12.7)', '相手が投了しました（12.7）'),
  life: label('LP 0 or less when priority was given (§1.5.3.a)', 'ライフポイントが0点以下（1.5.3.a）'),
  decked: label('a draw from a short deck (§1.5.3.b)', 'デッキ切れ（1.5.3.b）'),
  effect: label('an effect won the game (§1.5.2.a)', '効果によりゲームに勝利（1.5.2.a）'),
  'both-lost': label('both players lost at once (§1.5.4.a)', '両者が同時に敗北（1.5.4.a）'),
};

export function describeResult(result: GameResult): Label {
  const why = REASONS[result.reason] ?? label(result.reason, result.reason);
  if (result.kind === 'draw') return label(`Draw: ${why.en}.`, `引き分け：${why.ja}`);
  const w: Seat = result.winner;
  return label(`${w} wins: ${why.en}.`, `${w}の勝利：${why.ja}`);
}
