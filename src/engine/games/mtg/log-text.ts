/**
 * Words for MTG's structured log, declaration problems and results, rendered at view time (never stored).
 */
import type { DecisionProblem, GameResult, Seat } from '../../core/game.ts';
import { type Label, label } from '../../core/label.ts';
import { cardOf, type MtgLogEntry } from './state.ts';

const STEP_WORDS: Record<string, Label> = {
  untap: label('untap step', 'アンタップ・ステップ'),
  upkeep: label('upkeep', 'アップキープ'),
  draw: label('draw step', 'ドロー・ステップ'),
  main1: label('first main phase', '第1メイン・フェイズ'),
  'beginning-of-combat': label('beginning of combat', '戦闘開始ステップ'),
  'declare-attackers': label('declare attackers', '攻撃クリーチャー指定ステップ'),
  'declare-blockers': label('declare blockers', 'ブロック・クリーチャー指定ステップ'),
  'first-strike-damage': label('first-strike damage', '先制攻撃ダメージ・ステップ'),
  'combat-damage': label('combat damage', '戦闘ダメージ・ステップ'),
  'end-of-combat': label('end of combat', '戦闘終了ステップ'),
  main2: label('second main phase', '第2メイン・フェイズ'),
  end: label('end step', '終了ステップ'),
  cleanup: label('cleanup', 'クリンナップ・ステップ'),
  pregame: label('before the game', 'ゲーム開始前'),
};

export function stepWords(step: string): Label {
  return STEP_WORDS[step] ?? label(step, step);
}

/** The words for a refused attack or block (CR 508.1c, 509.1b, 702.9b). */
export function combatProblemText(problem: DecisionProblem): Label {
  const [code, arg] = problem.code.split(':');
  switch (code) {
    case 'cant-attack-unless':
      return label(
        `A creature there can't attack unless the defending player controls an ${arg} (CR ${problem.rule}).`,
        `防御プレイヤーが${arg}をコントロールしていないと攻撃できないクリーチャーがいます（${problem.rule}）。`,
      );
    case 'cant-block':
      return label(
        `A creature there can't block (CR ${problem.rule}).`,
        `ブロックできないクリーチャーがいます（${problem.rule}）。`,
      );
    case 'flying':
      return label(
        `A creature with flying can be blocked only by creatures with flying or reach (CR ${problem.rule}).`,
        `飛行を持つクリーチャーは飛行か到達を持つクリーチャーでしかブロックできません（${problem.rule}）。`,
      );
    case 'defender':
      return label(
        `A creature with defender can't attack (CR ${problem.rule}).`,
        `防衛を持つクリーチャーは攻撃できません（${problem.rule}）。`,
      );
    case 'menace':
      return label(
        `A creature with menace can't be blocked except by two or more creatures (CR ${problem.rule}).`,
        `威迫を持つクリーチャーは2体以上のクリーチャーでしかブロックできません（${problem.rule}）。`,
      );
    case 'protection':
      return label(
        `That attacker has protection from a colour of the blocker and can't be blocked by it (CR ${problem.rule}).`,
        `その攻撃クリーチャーはブロック・クリーチャーの色からのプロテクションを持ち、ブロックされません（${problem.rule}）。`,
      );
    case 'fear':
      return label(
        `A creature with fear can be blocked only by artifact creatures and/or black creatures (CR ${problem.rule}).`,
        `畏怖を持つクリーチャーはアーティファクト・クリーチャーか黒のクリーチャーでしかブロックできません（${problem.rule}）。`,
      );
    case 'intimidate':
      return label(
        `A creature with intimidate can be blocked only by artifact creatures and/or creatures that share a colour with it (CR ${problem.rule}).`,
        `威嚇を持つクリーチャーはアーティファクト・クリーチャーかそれと色を共有するクリーチャーでしかブロックできません（${problem.rule}）。`,
      );
    case 'landwalk':
      return label(
        `That attacker can't be blocked while the defending player controls a ${arg} (landwalk, CR ${problem.rule}).`,
        `防御プレイヤーが${arg}をコントロールしている間、その攻撃クリーチャーはブロックされません（土地渡り、${problem.rule}）。`,
      );
    case 'power-at-most':
      return label(
        `That attacker can't be blocked by creatures with power ${arg} or less (CR ${problem.rule}).`,
        `その攻撃クリーチャーはパワー${arg}以下のクリーチャーではブロックできません（${problem.rule}）。`,
      );
    default:
      return label(
        `That declaration is not allowed (CR ${problem.rule}).`,
        `その宣言はできません（${problem.rule}）。`,
      );
  }
}

const who = (seat: Seat | undefined): Label => label(seat ?? '?', seat ?? '?');
const cardName = (id: string | undefined): Label => (id ? cardOf(id).name : label('a card', 'カード'));

/** One log line in words. */
export function logLine(e: MtgLogEntry): Label {
  const p = who(e.seat);
  const c = cardName(e.card);
  const n = e.amount ?? 0;
  switch (e.type) {
    case 'toss':
      return label(`${p.en} chooses who plays first (CR 103.2).`, `${p.ja}が先攻・後攻を選びます。`);
    case 'starts':
      return label(`${p.en} plays first.`, `${p.ja}が先攻です。`);
    case 'keep':
      return label(`${p.en} keeps ${n} cards.`, `${p.ja}は${n}枚でキープしました。`);
    case 'mulligan':
      return label(`${p.en} mulligans to ${n}.`, `${p.ja}は${n}枚にマリガンしました。`);
    case 'turn':
      return label(`Turn ${n}: ${p.en}.`, `ターン${n}：${p.ja}`);
    case 'draw':
      return label(`${p.en} draws ${n}.`, `${p.ja}が${n}枚引きました。`);
    case 'land':
      return label(`${p.en} plays ${c.en}.`, `${p.ja}が${c.ja}をプレイしました。`);
    case 'cast':
      return label(`${p.en} casts ${c.en}.`, `${p.ja}が${c.ja}を唱えました。`);
    case 'activate':
      return label(`${p.en} activates ${c.en}.`, `${p.ja}が${c.ja}の能力を起動しました。`);
    case 'resolve':
      return label(`${c.en} resolves.`, `${c.ja}が解決されました。`);
    case 'fizzle':
      return label(
        `${c.en} does not resolve: its targets are gone (CR 608.2b).`,
        `${c.ja}は対象不適正で解決されません（608.2b）。`,
      );
    case 'countered':
      return label(`${c.en} is countered.`, `${c.ja}が打ち消されました。`);
    case 'damage-player':
      return label(`${c.en} deals ${n} damage to ${p.en}.`, `${c.ja}が${p.ja}に${n}点のダメージ。`);
    case 'damage-creature':
      return label(`${c.en} deals ${n} damage to a creature.`, `${c.ja}がクリーチャーに${n}点のダメージ。`);
    case 'gain-life':
      return label(`${p.en} gains ${n} life.`, `${p.ja}は${n}点のライフを得ました。`);
    case 'lose-life':
    case 'life-paid':
      return label(`${p.en} loses ${n} life.`, `${p.ja}は${n}点のライフを失いました。`);
    case 'dies':
      return label(`${c.en} dies (CR ${e.rule ?? '704'}).`, `${c.ja}が死亡しました（${e.rule ?? '704'}）。`);
    case 'destroyed':
      return label(`${c.en} is destroyed.`, `${c.ja}が破壊されました。`);
    case 'proliferate-poison':
      return label(
        `${p.en} gets another poison counter (CR 701.26a).`,
        `${p.ja}に毒カウンターが1個追加されました（701.26a）。`,
      );
    case 'damage-poison':
      return label(
        `${c.en} deals ${n} infect damage to ${p.en}: ${n} poison counter(s) (CR 702.89b).`,
        `${c.ja}が${p.ja}に感染ダメージを${n}点与え、毒カウンターが${n}個置かれました（702.89b）。`,
      );
    case 'damage-counters':
      return label(
        `${c.en} deals ${n} damage to a creature as -1/-1 counters (CR ${e.rule ?? '702.79a'}).`,
        `${c.ja}がクリーチャーに${n}点のダメージを-1/-1カウンターとして与えました（${e.rule ?? '702.79a'}）。`,
      );
    case 'flashback-exiled':
      return label(
        `${c.en} was cast with flashback: it is exiled as it leaves the stack (CR 702.33a).`,
        `${c.ja}はフラッシュバックで唱えられたため、スタックを離れる際に追放されます（702.33a）。`,
      );
    case 'exile':
      return label(`${c.en} is exiled.`, `${c.ja}が追放されました。`);
    case 'bounce':
      return label(`${c.en} returns to its owner's hand.`, `${c.ja}がオーナーの手札に戻りました。`);
    case 'sacrifice':
      return label(`${p.en} sacrifices ${c.en}.`, `${p.ja}が${c.ja}を生け贄に捧げました。`);
    case 'discard':
      return label(`${p.en} discards ${c.en}.`, `${p.ja}が${c.ja}を捨てました。`);
    case 'milled':
      return label(
        `${c.en} goes from ${p.en}'s library to the graveyard.`,
        `${c.ja}がライブラリーから墓地に置かれました。`,
      );
    case 'scry':
      return label(
        `${p.en} scries: ${n} on top, ${e.rule ?? 0} to the bottom.`,
        `${p.ja}が占術：上に${n}枚、下に${e.rule ?? 0}枚。`,
      );
    case 'surveil':
      return label(
        `${p.en} surveils: ${n} back on top, ${e.rule ?? 0} to the graveyard.`,
        `${p.ja}が諜報：上に${n}枚、墓地に${e.rule ?? 0}枚。`,
      );
    case 'surveilled':
      return label(
        `${p.en} puts ${c.en} into their graveyard (surveil).`,
        `${p.ja}が諜報で${c.ja}を墓地に置きました。`,
      );
    case 'fetched':
      return label(
        `${p.en} puts ${c.en} onto the battlefield tapped.`,
        `${p.ja}が${c.ja}をタップ状態で戦場に出しました。`,
      );
    case 'attacks':
      return label(`${c.en} attacks.`, `${c.ja}が攻撃しました。`);
    case 'blocks':
      return label(`${c.en} blocks.`, `${c.ja}がブロックしました。`);
    case 'combat-damage':
      return label('Combat damage is dealt.', '戦闘ダメージが与えられました。');
    case 'conceded':
      return label(`${p.en} concedes.`, `${p.ja}が投了しました。`);
    case 'trigger':
      return label(
        `${c.en}'s triggered ability goes on the stack (CR 603.3).`,
        `${c.ja}の誘発型能力がスタックに置かれました（603.3）。`,
      );
    case 'trigger-removed':
      return label(
        `${c.en}'s triggered ability has no legal target and is removed (CR 603.3d).`,
        `${c.ja}の誘発型能力は適正な対象がないため取り除かれました（603.3d）。`,
      );
    case 'adapt-none':
      return label(
        `${c.en} already has a +1/+1 counter: adapt does nothing (CR 701.42a).`,
        `${c.ja}には既に+1/+1カウンターが置かれているため、順応は何もしません（701.42a）。`,
      );
    case 'no-effect':
      return label(
        `${c.en}'s triggered ability does nothing: its condition no longer holds (CR 603.4).`,
        `${c.ja}の誘発型能力は条件を満たさなくなったため何もしません（603.4）。`,
      );
    case 'counters':
      return label(
        `${n} ${e.rule ?? ''} counter(s) on ${c.en}.`,
        `${c.ja}の上に${e.rule ?? ''}カウンターが${n}個置かれました。`,
      );
    case 'counters-annihilate':
      return label(
        `${n} +1/+1 and ${n} -1/-1 counters are removed from ${c.en} (CR 704.5q).`,
        `${c.ja}から+1/+1カウンターと-1/-1カウンターが${n}個ずつ取り除かれました（704.5q）。`,
      );
    case 'token':
      return label(`${p.en} creates a ${c.en} token.`, `${p.ja}が${c.ja}・トークンを生成しました。`);
    case 'token-gone':
      return label(`The ${c.en} token ceases to exist (CR 704.5d).`, `${c.ja}・トークンは消滅しました（704.5d）。`);
    case 'legend-rule':
      return label(
        `${c.en} goes to the graveyard by the legend rule (CR 704.5j).`,
        `${c.ja}はレジェンド・ルールにより墓地に置かれました（704.5j）。`,
      );
    case 'prevented':
      return label(
        `${e.amount ?? 0} damage from ${c.en} is prevented (CR ${e.rule ?? '615'}).`,
        `${c.ja}からの${e.amount ?? 0}点のダメージは軽減されました（${e.rule ?? '615'}）。`,
      );
    case 'shield':
      return label(`${c.en} sets up a prevention shield (CR 615).`, `${c.ja}が軽減の盾を作りました（615）。`);
    case 'becomes-creature':
      return label(
        `${c.en} becomes an artifact creature until end of turn (CR 613.1d).`,
        `${c.ja}はターン終了時までアーティファクト・クリーチャーになりました（613.1d）。`,
      );
    case 'regeneration-shield':
      return label(`${c.en} sets up a regeneration shield (CR 701.14a).`, `${c.ja}が再生の盾を作りました（701.14a）。`);
    case 'regenerated': {
      return label(
        `${c.en} regenerates: it is tapped, its damage is removed and it leaves combat (CR 701.14a).`,
        `${c.ja}は再生しました：タップされ、ダメージが取り除かれ、戦闘から取り除かれます（701.14a）。`,
      );
    }
    case 'attached': {
      const to = cardName(e.to);
      return label(`${c.en} becomes attached to ${to.en}.`, `${c.ja}が${to.ja}につけられました。`);
    }
    case 'unattached':
      return label(`${c.en} becomes unattached (CR ${e.rule}).`, `${c.ja}がはずれました（${e.rule}）。`);
    case 'aura-to-graveyard':
      return label(
        `${c.en} is put into its owner's graveyard (CR 704.5m).`,
        `${c.ja}はオーナーの墓地に置かれました（704.5m）。`,
      );
    case 'gain-control':
      return label(
        `${p.en} gains control of ${c.en} (CR ${e.rule ?? '613.1b'}).`,
        `${p.ja}が${c.ja}のコントロールを得ました（${e.rule ?? '613.1b'}）。`,
      );
    case 'control-returns':
      return label(
        `${p.en} controls ${c.en} again: the control change ended (CR ${e.rule ?? '514.2'}).`,
        `${c.ja}のコントロールが${p.ja}に戻りました（${e.rule ?? '514.2'}）。`,
      );
    case 'returned':
      return label(`${c.en} returns to the battlefield.`, `${c.ja}が戦場に戻りました。`);
    case 'enters-as-copy':
      return label(
        `A permanent enters the battlefield as a copy of ${c.en} (CR 706.5).`,
        `パーマネントが${c.ja}のコピーとして戦場に出ました（706.5）。`,
      );
    default:
      return label(e.type, e.type);
  }
}

const RESULT_WORDS: Record<string, Label> = {
  conceded: label('The other player conceded (CR 104.3a).', '相手が投了しました（104.3a）。'),
  life: label('A player reached 0 life (CR 704.5a).', 'ライフが0になりました（704.5a）。'),
  poison: label('A player got ten poison counters (CR 704.5c).', '毒カウンターが10個以上になりました（704.5c）。'),
  decked: label('A player drew from an empty library (CR 704.5b).', '空のライブラリーから引こうとしました（704.5b）。'),
  'both-lost': label('Both players lost at once: a draw (CR 104.4a).', '両者が同時に敗北し、引き分けです（104.4a）。'),
};

export function describeResult(result: GameResult): Label {
  return RESULT_WORDS[result.reason] ?? label(result.reason, result.reason);
}
