// NOVA's words for its log and its results: the structured events of log.ts rendered in English and Japanese when
// a view is made. Nothing here is stored, so any sentence may change without touching a match (docs/architecture.md).
import type { GameResult } from '../../core/game.ts';
import type { Label } from '../../core/label.ts';
import { novaCard } from './cards/pool.ts';
import { ADDED_PHASE_NAMES, SKIPPABLE_NAMES, STEP_NAMES } from './cards/text.ts';
import type { LoggedTarget, NovaLogEvent } from './log.ts';
import type { PhaseGroup } from './state.ts';
import { PHASE_NAMES } from './turn.ts';

const PHASE_GROUP_NAMES: Record<PhaseGroup, Label> = {
  standby: PHASE_NAMES.standby,
  draw: PHASE_NAMES.draw,
  main1: PHASE_NAMES.main1,
  attack: { en: 'Attack phase', ja: 'アタックフェイズ' },
  main2: PHASE_NAMES.main2,
  end: PHASE_NAMES.end,
};

/** A card's name; an id this process does not know (a custom card of a match not replayed here) shows as the id. */
function cardName(card: string): Label {
  try {
    return novaCard(card).name;
  } catch {
    return { en: card, ja: card };
  }
}

function names(cards: readonly string[], en: string, ja: string): Label {
  const all = cards.map(cardName);
  return { en: all.map((n) => n.en).join(en), ja: all.map((n) => n.ja).join(ja) };
}

function target(t: LoggedTarget): Label {
  if (t.kind === 'player') return { en: `player ${t.seat}`, ja: `プレイヤー${t.seat}` };
  if (t.kind === 'card') {
    const name = t.card ? cardName(t.card) : { en: 'a card', ja: 'カード' };
    return { en: `${name.en} (${t.controller ?? '?'})`, ja: `${name.ja}（${t.controller ?? '?'}）` };
  }
  const name = t.card ? cardName(t.card) : { en: 'an item', ja: '項目' };
  const what = t.ability ? { en: ' ability', ja: 'の能力' } : { en: '', ja: '' };
  return { en: `${name.en}${what.en} in the waiting area`, ja: `待機領域の${name.ja}${what.ja}` };
}

/** A player by seat, or a card by name: what an attack or damage is aimed at. */
function shortTarget(t: LoggedTarget): Label {
  if (t.kind === 'player') return { en: t.seat, ja: t.seat };
  return t.card ? cardName(t.card) : target(t);
}

/** The words of one log entry. */
export function novaLogText(e: NovaLogEvent): Label {
  switch (e.k) {
    case 'order-chosen':
      return {
        en: `${e.seat} chooses to go ${e.goesFirst ? 'first' : 'second'}. ${e.firstPlayer} is the first player.`,
        ja: `${e.seat}は${e.goesFirst ? '先攻' : '後攻'}を選んだ。`,
      };
    case 'mulligan':
      return {
        en: `${e.seat} ${e.mulligan ? 'mulligans' : 'keeps'}.`,
        ja: `${e.seat}は${e.mulligan ? '引き直した' : 'キープした'}。`,
      };
    case 'first-turn-moved':
      return { en: `${e.seat} takes the first turn (NOVA ${e.rule}).`, ja: `${e.seat}が先攻になった。` };
    case 'turn':
      return { en: `Turn ${e.number}: ${e.seat}.`, ja: `ターン${e.number}：${e.seat}` };
    case 'phase-skipped': {
      const phase = PHASE_GROUP_NAMES[e.phase];
      return { en: `${phase.en} is skipped.`, ja: `${phase.ja}はスキップされた。` };
    }
    case 'step-skipped': {
      const step = STEP_NAMES[e.step];
      return { en: `The ${step.en} is skipped.`, ja: `${step.ja}はスキップされた。` };
    }
    case 'turn-skipped':
      return { en: `${e.seat}'s turn is skipped.`, ja: `${e.seat}のターンはスキップされた。` };
    case 'drew':
      return {
        en: `${e.seat} draws ${e.count} card${e.count > 1 ? 's' : ''}.`,
        ja: `${e.seat}はカードを${e.count}枚引いた。`,
      };
    case 'drew-card': {
      const name = cardName(e.card);
      return { en: `You draw ${name.en}.`, ja: `${name.ja}を引いた。` };
    }
    case 'set-energy': {
      const name = cardName(e.card);
      return { en: `${e.seat} sets ${name.en} as energy.`, ja: `${e.seat}は${name.ja}をエナジーにセットした。` };
    }
    case 'energy-ability': {
      const name = cardName(e.card);
      const text = e.stock.map(([c, n]) => `${c}×${n}`).join(', ');
      return {
        en: `${e.seat} adds ${text} to the energy stock with ${name.en}.`,
        ja: `${e.seat}は${name.ja}でエナジーストックに${text}を加えた。`,
      };
    }
    case 'energy-left': {
      const text = e.stock.map(([c, n]) => `${c}×${n}`).join(', ');
      return { en: `${e.seat} has energy left: ${text}.`, ja: `${e.seat}のエナジー残り：${text}` };
    }
    case 'discarded': {
      const name = cardName(e.card);
      return e.asCost
        ? {
            en: `${e.seat} discards ${name.en} as an additional cost.`,
            ja: `${e.seat}は追加コストとして${name.ja}を捨てた。`,
          }
        : { en: `${e.seat} discards ${name.en}.`, ja: `${e.seat}は${name.ja}を捨てた。` };
    }
    case 'played': {
      const name = cardName(e.card);
      const targets = e.targets.map(target);
      const on =
        targets.length > 0
          ? {
              en: ` targeting ${targets.map((t) => t.en).join(', ')}`,
              ja: `（対象：${targets.map((t) => t.ja).join('、')}）`,
            }
          : { en: '', ja: '' };
      const what = e.ability
        ? { en: `activates ${name.en}`, ja: `${name.ja}の能力を起動した` }
        : { en: `plays ${name.en}`, ja: `${name.ja}をプレイした` };
      return { en: `${e.seat} ${what.en}${on.en}.`, ja: `${e.seat}は${what.ja}${on.ja}。` };
    }
    case 'trigger-removed': {
      const name = cardName(e.card);
      return {
        en: `${name.en}: its ability has no legal target and is removed.`,
        ja: `${name.ja}の能力は対象がないため取り除かれた。`,
      };
    }
    case 'fizzled': {
      const name = cardName(e.card);
      return { en: `${name.en} fails: its targets are gone.`, ja: `${name.ja}は対象不適切で解決されない。` };
    }
    case 'condition-unmet': {
      const name = cardName(e.card);
      return {
        en: `${name.en}: its controller controls a servant, so nothing happens.`,
        ja: `${name.ja}：サーバントをコントロールしているため何も起こらない。`,
      };
    }
    case 'entered': {
      const name = cardName(e.card);
      return { en: `${name.en} enters ${e.seat}'s field.`, ja: `${name.ja}が${e.seat}の場に出た。` };
    }
    case 'attached': {
      const [name, host] = [cardName(e.card), cardName(e.to)];
      return { en: `${name.en} is attached to ${host.en}.`, ja: `${name.ja}が${host.ja}に装備された。` };
    }
    case 'equip-failed': {
      const name = cardName(e.card);
      return {
        en: `${name.en} has nothing to equip and is put into the graveyard.`,
        ja: `${name.ja}は装備先がなく墓地に置かれた。`,
      };
    }
    case 'returned': {
      const name = cardName(e.card);
      return { en: `${name.en} returns to ${e.seat}'s field.`, ja: `${name.ja}が${e.seat}の場に戻った。` };
    }
    case 'destroyed': {
      const name = cardName(e.card);
      return { en: `${name.en} is destroyed.`, ja: `${name.ja}は破壊された。` };
    }
    case 'destruction-negated': {
      const name = cardName(e.card);
      return { en: `${name.en}'s destruction is negated.`, ja: `${name.ja}の破壊は無効になった。` };
    }
    case 'negated': {
      const name = cardName(e.card);
      return { en: `${name.en} is negated.`, ja: `${name.ja}は無効にされた。` };
    }
    case 'control': {
      const name = cardName(e.card);
      return { en: `${e.seat} takes control of ${name.en}.`, ja: `${e.seat}が${name.ja}のコントロールを得た。` };
    }
    case 'no-attack':
      return { en: `${e.seat} declares no attack.`, ja: `${e.seat}は攻撃しなかった。` };
    case 'attack': {
      const [name, at] = [cardName(e.card), shortTarget(e.target)];
      return { en: `${name.en} attacks ${at.en}.`, ja: `${name.ja}が${at.ja}を攻撃した。` };
    }
    case 'block': {
      const name = cardName(e.card);
      return { en: `${name.en} blocks.`, ja: `${name.ja}がブロックした。` };
    }
    case 'no-block':
      return { en: 'No block.', ja: 'ブロックなし。' };
    case 'battle': {
      const [a, b] = [cardName(e.card), cardName(e.other)];
      return { en: `${a.en} and ${b.en} battle.`, ja: `${a.ja}と${b.ja}がバトルした。` };
    }
    case 'no-battle': {
      const name = cardName(e.card);
      return { en: `${name.en}: the battle does not happen.`, ja: `${name.ja}：バトルは行われない。` };
    }
    case 'reduced': {
      const name = cardName(e.card);
      const left = e.nothingLeft
        ? { en: ' (no damage is dealt)', ja: '（ダメージは与えられない）' }
        : { en: '', ja: '' };
      return {
        en: `${name.en} reduces the damage by ${e.amount}${left.en}.`,
        ja: `${name.ja}の効果でダメージを${e.amount}軽減した${left.ja}。`,
      };
    }
    case 'damage': {
      const to = shortTarget(e.to);
      if (e.battle)
        return { en: `${to.en} takes ${e.amount} battle damage.`, ja: `${to.ja}は${e.amount}の戦闘ダメージを受けた。` };
      const source = cardName(e.source);
      return {
        en: `${source.en} deals ${e.amount} damage to ${to.en}.`,
        ja: `${source.ja}が${to.ja}に${e.amount}ダメージを与えた。`,
      };
    }
    case 'life-gained':
      return { en: `${e.seat} gains ${e.amount} LP.`, ja: `${e.seat}は${e.amount}LPを得た。` };
    case 'life-lost':
      return { en: `${e.seat} loses ${e.amount} LP.`, ja: `${e.seat}は${e.amount}LPを失った。` };
    case 'counters-moved': {
      const [from, to] = [cardName(e.from), cardName(e.to)];
      return {
        en: `${e.count} ${e.counter} counter${e.count > 1 ? 's' : ''} move from ${from.en} to ${to.en}.`,
        ja: `${from.ja}から${to.ja}に${e.counter}カウンターを${e.count}個移動した。`,
      };
    }
    case 'number-chosen': {
      const name = cardName(e.card);
      return {
        en: `${e.seat} chooses ${e.n} for ${name.en}.`,
        ja: `${e.seat}は${name.ja}の数値として${e.n}を選んだ。`,
      };
    }
    case 'draw-replaced': {
      const name = cardName(e.card);
      return {
        en: `${e.seat} replaces a draw with ${name.en}'s ability.`,
        ja: `${e.seat}は${name.ja}の能力でドローを置換した。`,
      };
    }
    case 'damage-replaced': {
      const name = cardName(e.card);
      const to = e.target ? cardName(e.target) : { en: e.seat, ja: e.seat };
      return {
        en: `${name.en}'s ability replaces ${e.amount} damage to ${to.en}.`,
        ja: `${name.ja}の能力が${to.ja}への${e.amount}ダメージを置換した。`,
      };
    }
    case 'move-replaced': {
      const name = cardName(e.card);
      return e.to === 'graveyard'
        ? {
            en: `${name.en} is not sent to the graveyard: its ability replaces it.`,
            ja: `${name.ja}は墓地に送られず、その能力で置換された。`,
          }
        : {
            en: `${name.en} is not put into the exclusion zone: its ability replaces it.`,
            ja: `${name.ja}は除外ゾーンに置かれず、その能力で置換された。`,
          };
    }
    case 'destruction-replaced': {
      const name = cardName(e.card);
      const target = cardName(e.target);
      return {
        en: `${name.en}'s ability replaces the destruction of ${target.en}.`,
        ja: `${name.ja}の能力が${target.ja}の破壊を置換した。`,
      };
    }
    case 'milled': {
      if (e.cards.length === 0)
        return {
          en: `${e.seat} has no cards in the deck to put into the graveyard.`,
          ja: `${e.seat}のデッキにカードがない。`,
        };
      const list = names(e.cards, ', ', '、');
      return {
        en: `${e.seat} puts ${list.en} from the top of the deck into the graveyard.`,
        ja: `${e.seat}はデッキの上から${list.ja}を墓地に置いた。`,
      };
    }
    case 'sent-to-graveyard': {
      const name = cardName(e.card);
      return { en: `${e.seat} sends ${name.en} to the graveyard.`, ja: `${e.seat}は${name.ja}を墓地に送った。` };
    }
    case 'excluded': {
      const name = cardName(e.card);
      return e.retired
        ? { en: `${name.en} retires.`, ja: `${name.ja}は退場した。` }
        : { en: `${name.en} is put into the exclusion zone.`, ja: `${name.ja}は除外ゾーンに置かれた。` };
    }
    case 'doubled': {
      const name = cardName(e.card);
      return {
        en: `${name.en}'s ${e.stat.toUpperCase()} is doubled (+${e.by}) until end of turn.`,
        ja: `${name.ja}の${e.stat === 'atk' ? '攻撃力' : '体力'}はターン終了時まで倍になった（+${e.by}）。`,
      };
    }
    case 'will-skip-turn':
      return { en: `${e.seat} will skip their next turn.`, ja: `${e.seat}は次のターンをスキップする。` };
    case 'will-skip-draw':
      return { en: `${e.seat} will skip their next draw phase.`, ja: `${e.seat}は次のドローフェイズをスキップする。` };
    case 'will-skip-phase': {
      const name = SKIPPABLE_NAMES[e.phase];
      return {
        en: `${e.seat} will skip their next ${name.en} phase.`,
        ja: `${e.seat}は次の${name.ja}フェイズをスキップする。`,
      };
    }
    case 'will-skip-step':
      return {
        en: `${e.seat} will skip their next ${STEP_NAMES[e.step].en}.`,
        ja: `${e.seat}は次の${STEP_NAMES[e.step].ja}をスキップする。`,
      };
    case 'no-attack-phase-to-skip': {
      const name = cardName(e.card);
      return {
        en: `${name.en}: this turn has no attack phase left to skip.`,
        ja: `${name.ja}：このターンにスキップできるアタックフェイズはない。`,
      };
    }
    case 'attack-phase-skipped':
      return { en: "This turn's attack phase will be skipped.", ja: 'このターンのアタックフェイズはスキップされる。' };
    case 'phase-added': {
      const phase = ADDED_PHASE_NAMES[e.phase];
      const en = phase.en.charAt(0).toUpperCase() + phase.en.slice(1);
      return { en: `${en} is added after this main phase.`, ja: `このメインフェイズの直後に${phase.ja}が追加された。` };
    }
    case 'attack-phase-added':
      return {
        en: 'An attack phase is added after this main phase.',
        ja: 'このメインフェイズの直後にアタックフェイズが追加された。',
      };
    case 'revealed': {
      const name = cardName(e.card);
      const then = e.taken
        ? { en: ' and puts it into their hand', ja: 'し、手札に加えた' }
        : { en: '; it stays on top', ja: '（デッキの一番上に残る）' };
      return {
        en: `${e.seat} reveals ${name.en} from the top of their main deck${then.en}.`,
        ja: `${e.seat}はメインデッキの一番上の${name.ja}を公開${e.taken ? then.ja : `した${then.ja}`}。`,
      };
    }
    case 'shuffled':
      return { en: `${e.seat} shuffles their main deck.`, ja: `${e.seat}はメインデッキをシャッフルした。` };
    case 'looked':
      return {
        en: `${e.seat} looks at the top ${e.count} card${e.count === 1 ? '' : 's'} of their main deck.`,
        ja: `${e.seat}はメインデッキの上から${e.count}枚を見た。`,
      };
    case 'looked-cards': {
      const list = names(e.cards, ', ', '、');
      return { en: `You look at: ${list.en} (top first).`, ja: `見たカード（上から）：${list.ja}` };
    }
    case 'put-back':
      return {
        en: `${e.seat} puts them back on top in an order of their choice.`,
        ja: `${e.seat}はそれらを好きな順番でデッキの上に戻した。`,
      };
    case 'deck-top': {
      const list = names(e.cards, ', ', '、');
      return { en: `Your deck's top, first to last: ${list.en}.`, ja: `デッキの上から：${list.ja}` };
    }
    case 'game-over':
      return novaResultText(e.result);
  }
}

/** The words for how a NOVA game ended (the reason codes the engine writes). */
export function novaResultText(r: GameResult): Label {
  const loser = r.kind === 'win' ? (r.winner === 'p1' ? 'p2' : 'p1') : null;
  switch (r.reason) {
    case 'conceded':
      return { en: `${loser} conceded.`, ja: `${loser}は投了した。` };
    case 'life-zero':
      return { en: `${loser}'s life reached 0.`, ja: `${loser}のライフが0になった。` };
    case 'failed-draw':
      return { en: `${loser} could not draw.`, ja: `${loser}はカードを引けなかった。` };
    case 'both-lost-caused':
      return {
        en: `Both players lost at once; ${loser} caused it and loses.`,
        ja: `両プレイヤーが同時に敗北条件を満たし、それを引き起こした${loser}が敗北した。`,
      };
    case 'both-lost':
      return { en: 'Both players lost at the same time.', ja: '両プレイヤーが同時に敗北条件を満たした。' };
    case 'loop-caused':
      return {
        en: `An endless loop no player can stop: ${loser}'s cards caused it, so ${loser} loses.`,
        ja: `誰も止められないループを${loser}のカードが発生させたため、${loser}の敗北となった。`,
      };
    case 'loop-both':
      return {
        en: "An endless loop no player can stop, driven by both players' cards: the game is a draw.",
        ja: '誰も止められないループが両プレイヤーのカードによって発生したため、引き分けとなった。',
      };
    case 'effect-win': {
      const name = r.card ? cardName(r.card) : { en: 'An effect', ja: '効果' };
      return {
        en: `${name.en} won the game for ${r.kind === 'win' ? r.winner : '?'}.`,
        ja: `${name.ja}の効果で勝利した。`,
      };
    }
    default:
      return { en: `The game ended (${r.reason}).`, ja: `ゲームが終了した（${r.reason}）。` };
  }
}
