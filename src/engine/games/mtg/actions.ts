/**
 * What a player with priority may do (CR 117.1): pass, play a land (305), cast a spell (601; sorcery timing 307.1),
 * activate an ability (602) or a mana ability (605.3a). Only actions that could be completed are offered: a cost no
 * source could pay or a spell without a legal target would only be rewound (721).
 */
import type { DecisionOption, Seat } from '../../core/game.ts';
import { label } from '../../core/label.ts';
import type { ManaSymbol } from '../../core/mana.ts';
import { canStillPay, type ManaSource, NO_PROGRESS } from '../../core/payment-solver.ts';
import type { MtgCard } from './cards/schema.ts';
import { canUseMana, isManaAbility, manaCost, manaSources, manaUsesOf, progressOf } from './mana.ts';
import {
  cardOf,
  cardOfObject,
  controllerOf,
  creaturesOf,
  hasAbility,
  isSummoningSick,
  isType,
  type MtgState,
  objectOf,
  readOnlyPass,
} from './state.ts';
import { hasLegalTargets, targetSpecs } from './targets.ts';

const option = (s: MtgState, id: string, kind: string, role: DecisionOption['role'], en: string, ja: string) => {
  const n = cardOfObject(s, id).name;
  return { id: '', kind, role, label: label(`${en} ${n.en}`, `${n.ja}${ja}`), objectId: id, cardName: n.en };
};

export const isMainPhase = (s: MtgState) => s.turn.step === 'main1' || s.turn.step === 'main2';

/** CR 307.1, 302.1: a sorcery-speed action needs the player's own main phase with an empty stack. */
export function sorceryTiming(s: MtgState, seat: Seat): boolean {
  return s.turn.active === seat && isMainPhase(s) && s.stack.length === 0;
}

/** Is there a legal choice for every target phrase (CR 601.2c), for some mode (700.2)? */
function hasTargets(s: MtgState, seat: Seat, card: MtgCard, ability: number | null, self: string | null): boolean {
  const modal = ability === null ? card.effects.find((e) => e.do === 'choose-one') : undefined;
  const modes = modal?.do === 'choose-one' ? modal.modes.map((_, i) => i) : [null];
  return modes.some((mode) =>
    // "Another target" needs a second distinct choice besides the first (CR 601.2c).
    targetSpecs(card, ability, mode).every((spec) =>
      hasLegalTargets(s, seat, spec, self, card.id, spec.another ? 2 : 1),
    ),
  );
}

/** The least mana a cost can be paid with: a Phyrexian symbol may take life instead (CR 107.4f), {2/W} one W (107.4e). */
function leastMana(cost: readonly ManaSymbol[]): number {
  let n = 0;
  for (const symbol of cost) n += symbol.kind === 'generic' ? symbol.amount : symbol.kind === 'phyrexian' ? 0 : 1;
  return n;
}

/**
 * CR 601.2g-h: can `seat` pay these mana symbols now? `sources` are the player's mana sources (`manaSources`), given
 * when one pass asks for many costs. A cost needing more mana than the pool and every source together could make is
 * refused before the solver is asked.
 */
export function canPayMana(
  s: MtgState,
  seat: Seat,
  symbols: readonly string[],
  sources: readonly ManaSource[] = manaSources(s, seat).sources,
): boolean {
  const cost = manaCost(symbols, 0);
  let most = s.players[seat].pool.length;
  for (const source of sources) most += Math.max(0, ...source.options.map((o) => o.mana.length));
  if (leastMana(cost) > most) return false;
  return canStillPay(
    cost,
    s.players[seat].pool.length > 0 ? progressOf(s, seat) : NO_PROGRESS,
    sources,
    s.players[seat].life,
  );
}

/** CR 702.33a: the cost a card is cast for from where it is: its mana cost from a hand, flashback from a graveyard. */
export function castingCost(s: MtgState, id: string): readonly string[] | null {
  const o = objectOf(s, id);
  const card = cardOf(o.card);
  if (o.zone === 'hand') return card.manaCost ?? [];
  return o.zone === 'graveyard' && card.flashback ? card.flashback : null;
}

export function canCast(s: MtgState, seat: Seat, id: string, sources?: readonly ManaSource[]): boolean {
  const card = cardOfObject(s, id);
  const cost = castingCost(s, id);
  if (cost === null || objectOf(s, id).owner !== seat) return false;
  if (isType(card, 'land')) return false;
  // CR 307.1, 302.1; 702.8a: flash lets it be cast any time its controller could cast an instant.
  if (!isType(card, 'instant') && !card.keywords.includes('flash') && !sorceryTiming(s, seat)) return false;
  if (card.additionalCost && creaturesOf(s, seat).length === 0) return false; // CR 601.2h: the sacrifice must be possible
  // Both must hold; the mana is asked first, as it is the cheaper question (most of a hand is unaffordable).
  if (!canPayMana(s, seat, cost, sources)) return false;
  return hasTargets(s, seat, card, null, id);
}

export function canActivate(
  s: MtgState,
  seat: Seat,
  id: string,
  index: number,
  sources?: readonly ManaSource[],
): boolean {
  const o = objectOf(s, id);
  const card = cardOf(o.card);
  const a = card.abilities[index];
  if (a?.kind !== 'activated' || isManaAbility(card, index)) return false;
  // CR 702.28a: cycling works only while the card is in its owner's hand; every other ability on the battlefield.
  if (o.zone !== (a.cycling ? 'hand' : 'battlefield') || controllerOf(s, id) !== seat) return false; // CR 602.2
  if (!hasAbility(s, id, `activated:${index}`)) return false; // CR 613.1f: an ability it lost
  if (a.equip && !sorceryTiming(s, seat)) return false; // CR 702.6a: equip only as a sorcery
  if (a.outlast && !sorceryTiming(s, seat)) return false; // CR 702.106a: outlast only as a sorcery
  if (a.cost.tap && (o.tapped || isSummoningSick(s, id))) return false; // CR 302.6
  if (a.cost.life !== undefined && s.players[seat].life < a.cost.life) return false; // CR 119.4
  if (!hasTargets(s, seat, card, index, null)) return false;
  if (a.cost.mana.length === 0) return true;
  // A {T} ability cannot use its own source's mana to pay for itself (the source is tapped as a cost).
  return canPayMana(s, seat, a.cost.mana, sources);
}

/** CR 117: what a player with priority may do, read in one pass over the unchanged state. */
export function legalActions(s: MtgState, seat: Seat): DecisionOption[] {
  return readOnlyPass(s, () => priorityOptions(s, seat));
}

function priorityOptions(s: MtgState, seat: Seat): DecisionOption[] {
  const out: DecisionOption[] = [{ id: 'pass', kind: 'pass', role: 'pass', label: label('Pass', 'パス') }];
  const player = s.players[seat];
  // The state does not change in this pass: the player's mana sources are listed once for every cost asked about.
  const { sources } = manaSources(s, seat);
  for (const id of player.hand) {
    const card = cardOfObject(s, id);
    if (isType(card, 'land')) {
      // CR 305.2, 305.1: one land a turn, in a main phase of your turn with an empty stack.
      if (sorceryTiming(s, seat) && player.landsPlayed < 1)
        out.push({ ...option(s, id, 'land', 'play', 'Play', 'をプレイ'), id: `land:${id}` });
    } else if (canCast(s, seat, id, sources))
      out.push({ ...option(s, id, 'cast', 'play', 'Cast', 'を唱える'), id: `cast:${id}` });
    // CR 702.28a: cycling, activated from the hand.
    card.abilities.forEach((a, i) => {
      if (a.kind === 'activated' && a.cycling && canActivate(s, seat, id, i, sources))
        out.push({ ...option(s, id, 'activate', 'act', 'Cycle', 'をサイクリング'), id: `act:${id}:${i}` });
    });
  }
  // CR 702.33a: flashback, cast from the graveyard.
  for (const id of player.graveyard)
    if (cardOfObject(s, id).flashback && canCast(s, seat, id, sources))
      out.push({ ...option(s, id, 'cast', 'play', 'Flashback', 'をフラッシュバック'), id: `cast:${id}` });
  for (const id of s.battlefield) {
    const o = objectOf(s, id);
    if (controllerOf(s, id) !== seat) continue;
    const card = cardOf(o.card);
    card.abilities.forEach((_, i) => {
      if (canActivate(s, seat, id, i, sources))
        out.push({ ...option(s, id, 'activate', 'act', 'Activate', 'の能力を起動'), id: `act:${id}:${i}` });
    });
    manaUsesOf(card).forEach((use, i) => {
      if (!canUseMana(s, seat, id, use)) return;
      const o2 = option(s, id, 'mana', 'act', `Tap for {${use.type}}:`, `で{${use.type}}を出す`);
      out.push({ ...o2, id: `mana:${id}:${i}` });
    });
  }
  return out;
}
