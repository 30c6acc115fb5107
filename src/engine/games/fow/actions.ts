/**
 * What a player holding priority may do (604): at any time, abilities (604.1a), [Quickcast] cards (604.1c) and
 * passing (604.1d); the turn player at main timing (701.2), playing cards, Judgment, calling a magic stone, setting
 * a card in the standby area and starting a battle (604.2). Option ids: `play:o12`, `act:o3:a0`, `will:o5:0:R`.
 */
import type { DecisionOption, Seat } from '../../core/game.ts';
import { type Label, label } from '../../core/label.ts';
import {
  activatedOf,
  banishable,
  canFillBrackets,
  incarnationOf,
  inheritanceOf,
  targetChoices,
  triggerCost,
  triggeredFormOf,
} from './abilities.ts';
import { canAttack, possibleAttackers } from './battle-rules.ts';
import type { Cost } from './cards/schema.ts';
import {
  anotherThanPrevious,
  cardOf,
  type FowState,
  faceOf,
  hasKeyword,
  isFirstJRuler,
  jRulerOf,
  magicStonesOf,
  objectOf,
  ownKeyword,
  playedEffects,
  targetsOf,
} from './state.ts';
import { addCosts, canAfford, restReady, willUses } from './will.ts';

/** 701.2: the turn player holds priority in the main phase, no battle, the chase empty. */
export function isMainTiming(s: FowState, seat: Seat): boolean {
  return s.turn.active === seat && s.turn.phase === 'main' && s.battle === null && s.chase.length === 0;
}

const nameOf = (card: string): Label => cardOf(card).name;

function option(
  id: string,
  kind: string,
  role: DecisionOption['role'],
  text: Label,
  objectId?: string,
  card?: string,
): DecisionOption {
  return {
    id,
    kind,
    role,
    label: text,
    ...(objectId ? { objectId } : {}),
    ...(card ? { cardName: cardOf(card).name.en } : {}),
  };
}

/** Every target of these effects has a legal choice now (903.2.g: otherwise it cannot be played). */
function targetsExist(s: FowState, seat: Seat, effects: Parameters<typeof targetsOf>[0], self: string | null): boolean {
  // 1017.2: "another target" needs a second card besides the one chosen before it (the same kind of target).
  return targetsOf(effects).every(
    (t, i) => targetChoices(s, seat, t, self).length > (anotherThanPrevious(effects, i) ? 1 : 0),
  );
}

/** 1109: the cost with the awakening cost added, when it can be paid only that way the plain cost is enough. */
export function printedCost(card: ReturnType<typeof cardOf>): Cost {
  return card.cost ?? { will: [], free: 0 };
}

/** 711.2a: the J/ruler's divinity minus the divinity of the revealed runes (0 without [Divinity]). */
export function remainingDivinity(s: FowState, seat: Seat): number {
  const p = s.players[seat];
  const own = jRulerOf(s, seat); // ruling F-DESTROY-RULER: no J/ruler, no divinity
  const ruler = own === null ? undefined : ownKeyword(s, own, 'divinity'); // 909.1d: none once abilities are lost
  const used = p.revealedRunes.reduce((n, id) => n + (cardOf(objectOf(s, id).card).divinity ?? 0), 0);
  return (ruler?.amount ?? 0) - used;
}

/** 712.2: the turn player at main timing cannot pass while a J/resonator that must attack ([Bloodlust]) can. */
export function mustAttack(s: FowState, seat: Seat): boolean {
  if (!isMainTiming(s, seat) || s.battleLocked) return false;
  return possibleAttackers(s, seat).some((id) => hasKeyword(s, id, 'bloodlust') && canAttack(s, id));
}

export function legalActions(s: FowState, seat: Seat): DecisionOption[] {
  const out: DecisionOption[] = [];
  const p = s.players[seat];
  const main = isMainTiming(s, seat);
  // Cards from the hand: main timing, [Quickcast] (709) or a [Trigger] card (604.1b, 708.4) at any time.
  for (const id of p.hand) {
    const card = cardOf(objectOf(s, id).card);
    const types = card.types;
    if (types.includes('rune') && !types.includes('chant')) continue;
    if (triggeredFormOf(card)) continue; // 906.2a: played only once triggered (revealed, 708.2)
    const quick = card.keywords.some((k) => k.keyword === 'quickcast');
    const trigger = triggerCost(card) !== null;
    if (!main && !quick && !trigger) continue;
    const brackets = incarnationOf(card);
    const future = card.back && !card.types.includes('ruler') ? (card.back.cost ?? null) : null; // 1117
    const payable =
      canAfford(s, seat, printedCost(card)) ||
      (brackets !== null && canFillBrackets(s, seat, brackets)) ||
      (future !== null && canAfford(s, seat, future));
    if (!payable || (trigger && banishable(s, seat).length === 0)) continue;
    // 903.2.g: a chant's targets, or a classified addition's (1406.2a), must exist to be offered.
    if ((types.includes('chant') || card.classified) && !targetsExist(s, seat, playedEffects(card), id)) continue;
    const n = nameOf(card.id);
    out.push(option(`play:${id}`, 'play', 'play', label(`Play ${n.en}`, `${n.ja}をプレイ`), id, card.id));
  }
  // 708.4–708.5: a [Trigger] card from the standby area, set before this turn, paying only its "cost." part.
  for (const id of p.standby) {
    const o = objectOf(s, id);
    const card = cardOf(o.card);
    if (!triggerCost(card) || (o.standbyTurn ?? s.turn.number) >= s.turn.number) continue;
    if (banishable(s, seat).length === 0 || !targetsExist(s, seat, card.effects, id)) continue;
    const n = nameOf(card.id);
    out.push(
      option(
        `play:${id}`,
        'play',
        'play',
        label(`Play ${n.en} from the standby area`, `${n.ja}を待機エリアからプレイ`),
        id,
        card.id,
      ),
    );
  }
  // 1115.2: [Remnant] chants from the graveyard.
  for (const id of p.graveyard) {
    const card = cardOf(objectOf(s, id).card);
    if (!card.keywords.some((k) => k.keyword === 'remnant')) continue;
    const quick = card.keywords.some((k) => k.keyword === 'quickcast');
    if ((!main && !quick) || !canAfford(s, seat, printedCost(card))) continue;
    if (!targetsExist(s, seat, card.effects, id)) continue;
    const n = nameOf(card.id);
    out.push(
      option(
        `play:${id}`,
        'play',
        'play',
        label(`Play ${n.en} from your graveyard (Remnant)`, `${n.ja}を墓地からプレイ（追憶）`),
        id,
        card.id,
      ),
    );
  }
  // 1126.2: [Inheritance] from the hand.
  for (const id of p.hand) {
    const card = cardOf(objectOf(s, id).card);
    const inh = inheritanceOf(card);
    if (!inh || !canAfford(s, seat, inh.cost) || !targetsExist(s, seat, inh.effects, null)) continue;
    const n = nameOf(card.id);
    out.push(option(`inherit:${id}`, 'activate', 'act', label(`Inheritance of ${n.en}`, `${n.ja}の継承`), id, card.id));
  }
  // 707: activated abilities of what the player controls (the ruler area and the field).
  const own = jRulerOf(s, seat); // 902.1b: a ruler's abilities work only in the ruler area (F-DESTROY-RULER)
  for (const id of [
    ...(own === null ? [] : [own]),
    ...s.field.filter((x) => objectOf(s, x).controller === seat && x !== own),
  ]) {
    const o = objectOf(s, id);
    if (o.controller !== seat) continue;
    for (const a of activatedOf(s, id)) {
      if (a.mainTiming && !main) continue;
      if (a.godsArt && p.godsArtsUsed.includes(a.godsArt)) continue; // 1112.2
      if (a.rest && !restReady(s, id)) continue;
      if (a.removeManaCounter && (o.counters.mana ?? 0) < 1) continue;
      if (!canAfford(s, seat, a.cost) || !targetsExist(s, seat, a.effects, id)) continue;
      const n = nameOf(o.card);
      out.push(
        option(
          `act:${id}:${a.key}`,
          'activate',
          'act',
          label(`Use ${n.en}'s ability`, `${n.ja}の能力を使う`),
          id,
          o.card,
        ),
      );
    }
  }
  // 907.2: will abilities resolve at once.
  for (const use of willUses(s, seat)) {
    const what = use.coin ? label('a will coin', 'ウィルコイン') : nameOf(objectOf(s, use.source).card);
    out.push(
      option(
        use.id,
        'will',
        'act',
        label(`Produce {${use.symbol}} with ${what.en}`, `${what.ja}で{${use.symbol}}を生み出す`),
        use.coin ? undefined : use.source,
        use.coin ? undefined : objectOf(s, use.source).card,
      ),
    );
  }
  if (main) {
    // 705.1, 710.1, ruling F-DESTROY-RULER: with no ruler or J-ruler there is nothing to rest for a call or Judgment.
    const ruler = own === null ? null : objectOf(s, own);
    // 705.1, 1125: Judgment: a recovered ruler in the ruler area with [Judgment], once per turn; 1304.5: a colossal
    // ruler's 1st J-ruler on the field, as a ruler does.
    const judges =
      ruler?.zone === 'ruler' || (ruler !== null && isFirstJRuler(s, ruler.id) && ruler.controller === seat);
    if (ruler && judges && !ruler.rested && !p.judgedThisTurn && hasKeyword(s, ruler.id, 'judgment')) {
      const j = faceOf(s, ruler.id).keywords.find((k) => k.keyword === 'judgment');
      const stonesOk = j?.minMagicStones === undefined || magicStonesOf(s, seat).length >= j.minMagicStones; // 705.2b
      if (j?.cost && stonesOk && canAfford(s, seat, j.cost))
        out.push(option('judgment', 'judgment', 'act', label('Judgment', 'ジャッジメント'), ruler.id, ruler.card));
    }
    // 710.1: call a magic stone: rest the recovered ruler or J-ruler, once per turn, not after Judgment.
    if (ruler && !p.calledThisTurn && !p.judgedThisTurn && !ruler.rested && p.stones.length > 0)
      out.push(option('call', 'call', 'act', label('Call a magic stone', '魔石をコールする'), ruler.id, ruler.card));
    // 711.1–711.2a: a face-down rune whose divinity fits the remaining divinity of the J/ruler ([Divinity] 1136).
    const left = remainingDivinity(s, seat);
    for (const id of p.runes) {
      if (p.revealedRunes.includes(id)) continue;
      const card = cardOf(objectOf(s, id).card);
      if ((card.divinity ?? Number.POSITIVE_INFINITY) > left) continue;
      if (!canAfford(s, seat, printedCost(card)) || !targetsExist(s, seat, card.effects, null)) continue;
      const n = nameOf(card.id);
      out.push(
        option(`rune:${id}`, 'rune', 'play', label(`Play the rune ${n.en}`, `ルーン${n.ja}をプレイ`), id, card.id),
      );
    }
    // 706.1: set a card from the hand face down in the standby area for {2}.
    if (p.hand.length > 0 && canAfford(s, seat, { will: [], free: 2 }))
      out.push(
        option(
          'standby',
          'standby',
          'act',
          label('Set a card in the standby area ({2})', '待機エリアにカードを置く（{2}）'),
        ),
      );
    // 704.1: start a battle (ruling F-BATTLE-OFFER: offered when some J/resonator could attack).
    if (!s.battleLocked && possibleAttackers(s, seat).length > 0)
      out.push(option('battle', 'battle', 'act', label('Start a battle', 'バトルを開始する')));
  }
  if (!mustAttack(s, seat)) out.push(option('pass', 'pass', 'pass', label('Pass', 'パス')));
  // 1008.2: while a card that cannot be chased is on the chase, nothing is played onto it; will abilities do not
  // use the chase (907.3) and triggered abilities still go there (602.1b).
  if (s.chase.some((i) => i.kind === 'card' && faceOf(s, i.source.id).cannotBeChased))
    return out.filter((o) => o.kind === 'will' || o.kind === 'pass');
  return out;
}

/** 1109: the awakening keyword of a card, if it has one the player can pay on top of the card's cost. */
export function awakeningCost(s: FowState, seat: Seat, cardId: string): Cost | null {
  const card = cardOf(cardId);
  const k = card.keywords.find((x) => x.keyword === 'awakening');
  if (!k?.cost) return null;
  return canAfford(s, seat, addCosts(printedCost(card), k.cost)) ? k.cost : null;
}
