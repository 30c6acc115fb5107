/**
 * What the optional replacements whose choice is "put the top N cards of your main deck into your graveyard"
 * (NOVA 802.1.3.1.3) share, whatever they replace (a draw, draws.ts; damage, damage.ts; a move from the field,
 * moves.ts): the option that offers one, and carrying the choice out with its "if you do".
 */
import type { DecisionAsk } from '../../core/decision-kinds.ts';
import type { DecisionOption } from '../../core/game.ts';
import type { Label } from '../../core/label.ts';
import { novaCard } from './cards/pool.ts';
import { logPublic } from './log.ts';
import type { NovaState } from './state.ts';
import { setFrozen } from './triggers.ts';
import { moveCard } from './zones.ts';

/** "If you do, freeze this card / gain N LP", as the card data says it. */
export type IfYouDoData = { do: 'freeze-self' } | { do: 'gain-life'; amount: number };

/** An open optional replacement whose choice is to mill (802.1.3.1.3), then "if you do". */
export interface MillReplacement {
  /** `<object>:<ability index>`: the same card on the field with the same ability. */
  id: string;
  objectId: string;
  card: string;
  mill: number;
  ifYouDo: { freezeSelf: true } | { gainLife: number };
}

export function ifYouDoOf(data: IfYouDoData): MillReplacement['ifYouDo'] {
  return data.do === 'freeze-self' ? { freezeSelf: true } : { gainLife: data.amount };
}

/** "gain N LP" / "freeze (the card)": the words of a MillReplacement's "if you do". */
export function ifYouDoLabel(r: MillReplacement): Label {
  const name = novaCard(r.card).name;
  return 'gainLife' in r.ifYouDo
    ? { en: `gain ${r.ifYouDo.gainLife} LP`, ja: `${r.ifYouDo.gainLife}LPを得る` }
    : { en: `freeze ${name.en}`, ja: `${name.ja}をフリーズする` };
}

/** The option that takes replacement `r`: "(card): put the top N into your graveyard, then (then)". */
export function millOption(r: Pick<MillReplacement, 'id' | 'objectId' | 'card' | 'mill'>, then: Label): DecisionOption {
  const name = novaCard(r.card).name;
  return {
    id: `replace:${r.id}`,
    kind: 'yes',
    role: 'choice',
    objectId: r.objectId,
    cardName: name.en,
    label: {
      en: `${name.en}: put the top ${r.mill} into your graveyard, then ${then.en}`,
      ja: `${name.ja}：デッキの上から${r.mill}枚を墓地に置き、${then.ja}`,
    },
  };
}

/**
 * NOVA 802.1.3.2: the choice is carried out instead of the replaced event (the top `mill` cards of the deck of the
 * card's controller go to the graveyard), then "if you do" (802.1.3.1.3).
 */
export function millInstead(s: NovaState, r: MillReplacement): void {
  const holder = s.objects[r.objectId];
  if (!holder) return;
  const seat = holder.controller;
  const milled = s.players[seat].zones.deck.slice(0, r.mill).map((id) => moveCard(s, id, 'graveyard').card);
  logPublic(s, { k: 'milled', seat, cards: milled });
  if ('gainLife' in r.ifYouDo) {
    s.players[seat].life += r.ifYouDo.gainLife; // NOVA 918.7
    logPublic(s, { k: 'life-gained', seat, amount: r.ifYouDo.gainLife });
  } else if (s.objects[r.objectId]?.zone === 'field') setFrozen(s, r.objectId, true); // NOVA 904.2
}

/** A yes-or-no replacement question: one of `options`, `fallback` (let the event happen) when time runs out. */
export function replacementQuestion(prompt: Label, options: DecisionOption[], fallback: string): DecisionAsk {
  return { prompt, options, min: 1, max: 1, defaultOnTimeout: [fallback] };
}
