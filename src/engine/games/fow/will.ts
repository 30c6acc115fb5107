/**
 * Will (907, 1003) and its payment through the kernel's single-unit solver (core/payment-solver.ts): every will in
 * the pool and every way to make one is a unit source whose "colours" are the will's attribute and trait; a cost is
 * its attribute symbols (moon and time are traits, 907.6) plus its free part (203.4).
 */
import type { Seat } from '../../core/game.ts';
import { solvePayment, type UnitCost, type UnitSource } from '../../core/payment-solver.ts';
import type { Ability, Cost, WillSymbol } from './cards/schema.ts';
import {
  type FowState,
  faceOf,
  hasKeyword,
  isJResonator,
  jRulerOf,
  log,
  objectOf,
  ownAbilities,
  type Will,
  type WillCoin,
} from './state.ts';

const ATTRS = ['L', 'R', 'U', 'G', 'B'] as const;

/** 907.4, 907.6a–b: the will a produced symbol is. */
export function willOf(symbol: WillSymbol): Will {
  if (symbol === 'moon' || symbol === 'time') return { attr: null, trait: symbol };
  return { attr: symbol, trait: null };
}

function colorsOfWill(w: Will): string[] {
  return [...(w.attr ? [w.attr] : []), ...(w.trait ? [w.trait] : [])];
}

/** A way to make one will now: a will ability of an object (907.1) or a will coin (1119.2). */
export type WillUse = { id: string; source: string; ability: number; symbol: WillSymbol; coin: boolean };

/** The produce options of a will ability ("any" is one of the five attributes, 907.4). */
export function symbolsOf(one: readonly (WillSymbol | 'any')[]): WillSymbol[] {
  const out: WillSymbol[] = [];
  for (const s of one) {
    if (s === 'any') out.push(...ATTRS);
    else out.push(s);
  }
  return [...new Set(out)];
}

/** 907.1: an activated ability with no target that only produces will. */
export function isWillAbility(a: Ability): boolean {
  return a.kind === 'activated' && a.effects.length > 0 && a.effects.every((e) => e.do === 'produce');
}

/**
 * 905.3: a J/resonator's ability with (Rest) in its cost needs it on the field since the start of the turn
 * ([Swiftness] 1107.2 lifts that).
 */
export function restReady(s: FowState, id: string): boolean {
  const o = objectOf(s, id);
  if (o.rested) return false; // 1013.2
  if (o.zone !== 'field' || !isJResonator(s, id)) return true;
  return o.fieldSince < s.turn.number || hasKeyword(s, id, 'swiftness');
}

/** How many times a source can be used now for will (a counter per use; rest once). */
function usesLeft(s: FowState, id: string, cost: { rest: boolean; removeManaCounter: boolean }): number {
  if (cost.rest && !restReady(s, id)) return 0;
  if (cost.removeManaCounter)
    return cost.rest ? Math.min(1, objectOf(s, id).counters.mana ?? 0) : (objectOf(s, id).counters.mana ?? 0);
  return 1;
}

/** The will abilities `seat` can use now, one option per symbol (907.2). */
export function willUses(s: FowState, seat: Seat): WillUse[] {
  const out: WillUse[] = [];
  // 902.1b: the ruler's will ability only from the ruler area (ruling F-DESTROY-RULER: not from the graveyard).
  const own = jRulerOf(s, seat);
  const sources = s.field.filter((id) => objectOf(s, id).controller === seat && id !== own);
  if (own !== null) sources.push(own);
  for (const id of sources) {
    const o = objectOf(s, id);
    if (o.zone === 'ruler' && o.controller !== seat) continue;
    ownAbilities(s, id).forEach((a, i) => {
      if (a.kind !== 'activated' || !isWillAbility(a)) return;
      if (usesLeft(s, id, a.cost) === 0) return;
      const produce = a.effects[0];
      if (produce?.do !== 'produce') return;
      for (const symbol of symbolsOf(produce.one))
        out.push({ id: `will:${id}:${i}:${symbol}`, source: id, ability: i, symbol, coin: false });
    });
  }
  for (const coin of s.players[seat].coins)
    for (const symbol of coin.choices)
      out.push({ id: `will:${coin.id}:0:${symbol}`, source: coin.id, ability: 0, symbol, coin: true });
  return out;
}

/** 907.3: uses a will ability; it resolves at once and its will goes to the pool (1003). */
export function useWill(s: FowState, seat: Seat, use: WillUse): void {
  const p = s.players[seat];
  if (use.coin) {
    // 1119.2: "banish this": the token leaves the item area.
    p.coins = p.coins.filter((c: WillCoin) => c.id !== use.source);
  } else {
    const o = objectOf(s, use.source);
    const a = faceOf(s, use.source).abilities[use.ability];
    if (a?.kind !== 'activated') throw new Error(`no will ability ${use.id}`);
    if (a.cost.rest) o.rested = true; // 1013.2
    if (a.cost.removeManaCounter) o.counters.mana = (o.counters.mana ?? 0) - 1;
  }
  p.pool.push(willOf(use.symbol));
  // 803.6, ruling F-BATTLE-LOCK: a will ability is an ability the non-turn player played during the battle.
  if (s.battle && seat !== s.turn.active) s.battle.opponentActed = true;
  log(s, {
    type: 'will',
    seat,
    amount: 1,
    target: use.symbol,
    ...(use.coin ? {} : { object: use.source, card: objectOf(s, use.source).card }),
  });
}

/**
 * 907.1: will made by a spell or by a triggered ability that is not a will ability: it goes to the pool (1003) as the
 * effect resolves on the chase (a spell making will is not a will ability).
 */
export function produceWill(s: FowState, seat: Seat, symbol: WillSymbol, source: string): void {
  s.players[seat].pool.push(willOf(symbol));
  const o = s.objects[source];
  log(s, {
    type: 'will',
    seat,
    amount: 1,
    target: symbol,
    rule: '907.1',
    ...(o ? { object: source, card: o.card } : {}),
  });
}

export function unitCost(cost: Cost): UnitCost {
  const colored: Record<string, number> = {};
  for (const sym of cost.will) colored[sym] = (colored[sym] ?? 0) + 1;
  return { colored, generic: cost.free };
}

export function addCosts(a: Cost, b: Cost): Cost {
  return { will: [...a.will, ...b.will], free: a.free + b.free };
}

export const NO_COST: Cost = { will: [], free: 0 };

export function isFree(cost: Cost): boolean {
  return cost.will.length === 0 && cost.free === 0;
}

/** 1003.1, 1003.4: pays from the pool when it holds enough, all or nothing; false (nothing spent) otherwise. */
export function payFromPool(s: FowState, seat: Seat, cost: Cost): boolean {
  const pool = s.players[seat].pool;
  const sources: UnitSource[] = pool.map((w, i) => ({ id: String(i), colors: colorsOfWill(w) }));
  const paid = solvePayment(unitCost(cost), sources);
  if (!paid) return false;
  const spent = new Set(paid.map(Number));
  s.players[seat].pool = pool.filter((_, i) => !spent.has(i));
  return true;
}

/** The units a cost asks for, in the solver's order (attribute symbols first, then free). */
function unitsOf(cost: Cost): (string | null)[] {
  const units: (string | null)[] = [];
  for (const [color, n] of Object.entries(unitCost(cost).colored)) for (let i = 0; i < n; i++) units.push(color);
  for (let i = 0; i < cost.free; i++) units.push(null);
  return units;
}

/**
 * A plan to pay `cost` from the pool and the will sources: `auto` sources only rest a magic stone or another card
 * (never a counter or a coin, which the player spends by choice). The uses to make, or null when none pays it.
 */
function plan(s: FowState, seat: Seat, cost: Cost, autoOnly: boolean): WillUse[] | null {
  const pool = s.players[seat].pool;
  const units: UnitSource[] = pool.map((w, i) => ({ id: `pool:${i}`, colors: colorsOfWill(w) }));
  const bySource = new Map<string, WillUse[]>();
  for (const use of willUses(s, seat)) {
    if (autoOnly && use.coin) continue;
    if (!use.coin) {
      const a = faceOf(s, use.source).abilities[use.ability];
      if (autoOnly && a?.kind === 'activated' && a.cost.removeManaCounter) continue;
    }
    const key = `${use.source}:${use.ability}`;
    bySource.set(key, [...(bySource.get(key) ?? []), use]);
  }
  for (const [key, uses] of bySource) {
    const first = uses[0];
    if (!first) continue;
    let times = 1;
    if (!first.coin) {
      const a = faceOf(s, first.source).abilities[first.ability];
      if (a?.kind === 'activated') times = usesLeft(s, first.source, a.cost);
    }
    for (let t = 0; t < times; t++)
      units.push({ id: `${key}#${t}`, colors: uses.flatMap((u) => colorsOfWill(willOf(u.symbol))) });
  }
  const paid = solvePayment(unitCost(cost), units);
  if (!paid) return null;
  const needs = unitsOf(cost);
  const out: WillUse[] = [];
  paid.forEach((unitId, i) => {
    if (unitId.startsWith('pool:')) return;
    const key = unitId.slice(0, unitId.indexOf('#'));
    const need = needs[i];
    const uses = bySource.get(key) ?? [];
    const use =
      uses.find((u) => need === null || need === undefined || colorsOfWill(willOf(u.symbol)).includes(need)) ?? uses[0];
    if (use) out.push(use);
  });
  return out;
}

/** Whether `cost` could be paid now with everything `seat` has (for offering a play). */
export function canAfford(s: FowState, seat: Seat, cost: Cost): boolean {
  return isFree(cost) || plan(s, seat, cost, false) !== null;
}

/** Whether auto-pay can pay it (without spending counters or coins). */
export function canAutoPay(s: FowState, seat: Seat, cost: Cost): boolean {
  return isFree(cost) || plan(s, seat, cost, true) !== null;
}

/** Auto-pay: makes the planned will one source at a time, then pays from the pool; false (nothing done) if none. */
export function autoPay(s: FowState, seat: Seat, cost: Cost): boolean {
  const uses = plan(s, seat, cost, true);
  if (!uses) return false;
  for (const use of uses) useWill(s, seat, use);
  return payFromPool(s, seat, cost);
}
