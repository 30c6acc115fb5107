/**
 * Mana abilities (CR 605) and costs (CR 117, 601.2f-h, 602.2b) for the payment solver (core/payment-solver.ts).
 * A mana ability resolves at once (605.3b): its mana goes to the pool (106.4) and stays there until the step ends.
 */
import type { Seat } from '../../core/game.ts';
import { type ManaSymbol, manaCostFromSymbols } from '../../core/mana.ts';
import { autoPay, type ManaSource, type PaymentProgress, settle } from '../../core/payment-solver.ts';
import type { MtgCard } from './cards/schema.ts';
import { cardOfObject, controllerOf, hasAbility, isSummoningSick, log, type MtgState, objectOf } from './state.ts';

/** CR 305.6: the intrinsic mana ability of each basic land type. */
const BASIC_MANA: Record<string, string> = { Plains: 'W', Island: 'U', Swamp: 'B', Mountain: 'R', Forest: 'G' };

/** One way to use a mana ability: which ability ('basic' for 305.6), which mana, what else it costs. */
export type ManaUse = { ability: number | 'basic'; type: string; life: number };

/** CR 605.1a: an activated ability with no target that adds mana; the uses of each of a card's mana abilities. */
export function manaUsesOf(card: MtgCard): ManaUse[] {
  const out: ManaUse[] = [];
  for (const sub of card.subtypes) {
    const type = BASIC_MANA[sub];
    if (type) out.push({ ability: 'basic', type, life: 0 });
  }
  card.abilities.forEach((a, i) => {
    if (a.kind !== 'activated') return;
    const first = a.effects[0];
    if (a.effects.length !== 1 || first?.do !== 'add-mana') return;
    for (const type of first.one) out.push({ ability: i, type, life: a.cost.life ?? 0 });
  });
  return out;
}

export function isManaAbility(card: MtgCard, index: number): boolean {
  const a = card.abilities[index];
  return a?.kind === 'activated' && a.effects.length === 1 && a.effects[0]?.do === 'add-mana';
}

/** Can `seat` use this mana ability of this permanent now (untapped, 302.6, life 119.4)? */
export function canUseMana(s: MtgState, seat: Seat, id: string, use: ManaUse): boolean {
  const o = objectOf(s, id);
  if (o.zone !== 'battlefield' || controllerOf(s, id) !== seat || o.tapped) return false; // every mana ability here taps
  if (isSummoningSick(s, id)) return false; // CR 302.6
  if (use.ability !== 'basic' && !hasAbility(s, id, `activated:${use.ability}`)) return false; // CR 613.1f
  return s.players[seat].life >= use.life; // CR 119.4
}

/** The mana sources a player can use now, in battlefield order, with the uses behind each option. */
export function manaSources(s: MtgState, seat: Seat): { sources: ManaSource[]; uses: Map<string, ManaUse[]> } {
  const sources: ManaSource[] = [];
  const uses = new Map<string, ManaUse[]>();
  for (const id of s.battlefield) {
    const ok = manaUsesOf(cardOfObject(s, id)).filter((u) => canUseMana(s, seat, id, u));
    if (ok.length === 0) continue;
    // A use that costs life is a choice the player makes, never auto-paid.
    sources.push({ id, options: ok.map((u) => (u.life > 0 ? { mana: [u.type], auto: false } : { mana: [u.type] })) });
    uses.set(id, ok);
  }
  return { sources, uses };
}

/** CR 605.3b: activates a mana ability; it resolves at once, its mana joining the pool. */
export function useMana(s: MtgState, seat: Seat, id: string, use: ManaUse): void {
  const o = objectOf(s, id);
  o.tapped = true; // CR 107.5
  if (use.life > 0) {
    s.players[seat].life -= use.life; // CR 119.4
    log(s, { type: 'life-paid', seat, amount: use.life });
  }
  s.players[seat].pool.push({ type: use.type, source: id });
}

export function manaCost(symbols: readonly string[], x: number): ManaSymbol[] {
  return manaCostFromSymbols(symbols, x);
}

export function progressOf(s: MtgState, seat: Seat): PaymentProgress {
  return { pool: s.players[seat].pool, lifeFor: [] };
}

/** CR 601.2h: pays the cost from the pool when it can be paid in full; false (nothing spent) when it cannot. */
export function payFromPool(s: MtgState, seat: Seat, cost: readonly ManaSymbol[]): boolean {
  const player = s.players[seat];
  const settlement = settle(cost, progressOf(s, seat), player.life);
  if (!settlement) return false;
  player.pool = player.pool.filter((_, i) => settlement.symbolOfPoolMana[i] === null);
  return true;
}

/** Auto-pay: taps the solver's plan (sources without riders, one at a time) and pays; false when none exists. */
export function autoPayCost(s: MtgState, seat: Seat, cost: readonly ManaSymbol[]): boolean {
  const { sources, uses } = manaSources(s, seat);
  const plan = autoPay(cost, progressOf(s, seat), sources, s.players[seat].life);
  if (!plan) return false;
  for (const tap of plan.taps) {
    const use = uses.get(tap.source)?.[tap.option];
    if (!use) throw new Error(`auto-pay chose an unknown source ${tap.source}`);
    useMana(s, seat, tap.source, use);
  }
  return payFromPool(s, seat, cost);
}
