import { UnsupportedRule } from '../../core/errors.ts';
import type { Seat } from '../../core/game.ts';
import type { Label } from '../../core/label.ts';
import { type UnitSource as EnergySource, solvePayment } from '../../core/payment-solver.ts';
import { novaCard } from './cards/pool.ts';
import { COLORS, type Color, type Cost, type NovaCard } from './cards/schema.ts';
import { actionRestricted } from './characteristics.ts';
import { logPublic } from './log.ts';
import type { NovaState } from './state.ts';
import { setFrozen } from './triggers.ts';
import { writableObj } from './working-copy.ts';
import { fieldObjects, obj } from './zones.ts';

const COLORED = ['red', 'blue', 'green', 'white', 'black'] as const;

export function emptyStock(): Record<Color, number> {
  return { red: 0, blue: 0, green: 0, white: 0, black: 0, colorless: 0 };
}

/**
 * NOVA 902.7: cost modification. A reduction of a colour the cost lacks reduces generic instead (902.7.2);
 * a coloured reduction larger than that colour's part spills into generic (902.7.3).
 */
export function effectiveCost(s: NovaState, seat: Seat, card: NovaCard): Cost {
  const cost: Cost = { ...(card.cost ?? { red: 0, blue: 0, green: 0, white: 0, black: 0, generic: 0 }) };
  if (card.type !== 'spell') return cost;
  for (const src of fieldObjects(s, seat)) {
    for (const a of novaCard(src.card).abilities) {
      if (a.kind !== 'spell-cost-reduction') continue;
      let left = a.amount;
      if (a.color !== 'colorless') {
        const fromColor = Math.min(cost[a.color], left);
        cost[a.color] -= fromColor;
        left -= fromColor;
      }
      cost.generic = Math.max(0, cost.generic - left);
    }
  }
  return cost;
}

/**
 * One unit of energy the player could spend. `kind` groups interchangeable units (a unit of red in the stock, any
 * standby red energy card); a payment choice only matters between kinds (NOVA 804.2.4, 902.4).
 */
export type EnergyUnit = EnergySource & { pay: () => void; kind: string; color: Color; label: Label };

/** Where energy can come from right now, in the order we would rather spend it (floating energy first). */
export function sources(s: NovaState, seat: Seat): EnergyUnit[] {
  const out: EnergyUnit[] = [];
  const p = s.players[seat];
  for (const color of COLORS) {
    for (let i = 0; i < p.stock[color]; i++) {
      out.push({
        id: `stock:${color}:${i}`,
        colors: [color],
        color,
        kind: `stock:${color}`,
        label: { en: `${color} (stock)`, ja: `${color}（ストック）` },
        pay: () => void (p.stock[color] -= 1),
      });
    }
  }
  // NOVA 310.4: every energy-zone card has "[F]: add 1 energy of this card's colour"; frozen ones cannot (A49).
  for (const id of p.zones.energy) {
    const o = obj(s, id);
    if (o.frozen) continue;
    const def = novaCard(o.card);
    const color = def.color;
    out.push({
      id,
      colors: [color],
      color,
      kind: `energy:${color}`,
      label: { en: `${color} (${def.name.en})`, ja: `${color}（${def.name.ja}）` },
      pay: () => void (writableObj(s, id).frozen = true),
    });
  }
  // Energy abilities of servants (NOVA 801.6.4.1), usable mid-payment (902.2).
  for (const o of fieldObjects(s, seat)) {
    if (o.frozen || o.destroyed) continue;
    const def = novaCard(o.card);
    def.abilities.forEach((a) => {
      if (a.kind !== 'activated' || !a.energyAbility) return;
      if (a.cost.freezeSelf && actionRestricted(s, o)) return; // NOVA 203.4
      if (a.cost.energy || a.cost.sendSelfToGraveyard || a.cost.exileSelf || a.cost.removeCounters || a.cost.discard)
        return;
      const add = a.effects.find((e) => e.do === 'add-energy');
      if (add?.do !== 'add-energy' || add.count !== 1) return;
      out.push({
        id: `${o.id}:ability`,
        colors: [add.color],
        color: add.color,
        kind: `ability:${o.id}`,
        label: { en: `${add.color} (${def.name.en}'s ability)`, ja: `${add.color}（${def.name.ja}の能力）` },
        pay: () => setFrozen(s, o.id, true), // NOVA 904.3, 801.4.6.1
      });
    });
  }
  return out;
}

export function solverCost(cost: Cost): { colored: Record<string, number>; generic: number } {
  const colored: Record<string, number> = {};
  for (const c of COLORED) if (cost[c] > 0) colored[c] = cost[c];
  return { colored, generic: cost.generic };
}

/** Is this unit made by the excluded object (its own energy ability)? Exact ids: "o1" must not exclude "o12". */
function fromObject(u: EnergyUnit, except?: string): boolean {
  return !!except && (u.id === except || u.id === `${except}:ability`);
}

/** NOVA 103.3–103.4 / 902.4: can this cost be paid with what the player has? `except` excludes a source object. */
export function canPay(
  s: NovaState,
  seat: Seat,
  cost: Cost,
  except?: string,
  /** The seat's sources(), when the caller already has them for this unchanged state. */
  units?: readonly EnergyUnit[],
): boolean {
  const list = (units ?? sources(s, seat)).filter((x) => !fromObject(x, except));
  return solvePayment(solverCost(cost), list) !== null;
}

/** One way to pay a cost, up to interchangeable units: how many units of each kind, and which units exactly. */
export interface PaymentPlan {
  /** Stable id: the kinds and counts, e.g. "energy:green*1,energy:red*1". */
  id: string;
  /** One short text per unit: "red", "green (stock)", "green (Rootcaller Druid)". */
  units: Label[];
  ids: string[];
}

const MAX_PLANS = 200;

function unitText(u: EnergyUnit): Label {
  return u.kind.startsWith('energy:') ? { en: u.color, ja: u.color } : u.label;
}

/**
 * NOVA 804.2.4 / 801.6 / 902.4 as rules version 2 asked it (matches recorded before version 3 replay with it): the
 * payer picks one whole way to pay among every way that differs in kind (a colour, the stock or an energy card, a
 * servant's energy ability); units of one kind are interchangeable. Version 3 pays one source at a time instead.
 */
export function paymentPlans(s: NovaState, seat: Seat, cost: Cost, except?: string): PaymentPlan[] {
  const list = sources(s, seat).filter((x) => !fromObject(x, except));
  const total = COLORED.reduce((n, c) => n + cost[c], cost.generic);
  const kinds: { kind: string; color: Color; units: EnergyUnit[] }[] = [];
  for (const u of list) {
    const k = kinds.find((x) => x.kind === u.kind);
    if (k) k.units.push(u);
    else kinds.push({ kind: u.kind, color: u.color, units: [u] });
  }
  const plans: PaymentPlan[] = [];
  const used: number[] = kinds.map(() => 0);
  const walk = (i: number, left: number): void => {
    if (i === kinds.length) {
      if (left !== 0) return;
      const covers = COLORED.every(
        (c) => kinds.reduce((n, k, j) => n + (k.color === c ? (used[j] ?? 0) : 0), 0) >= cost[c],
      );
      if (!covers) return;
      const chosen = kinds.flatMap((k, j) => k.units.slice(0, used[j] ?? 0));
      if (plans.length >= MAX_PLANS) throw new UnsupportedRule('804.2.4', 'too many different ways to pay one cost');
      plans.push({
        id: kinds
          .flatMap((k, j) => ((used[j] ?? 0) > 0 ? [`${k.kind}*${used[j]}`] : []))
          .sort()
          .join(','),
        units: chosen.map(unitText),
        ids: chosen.map((u) => u.id),
      });
      return;
    }
    const k = kinds[i] as { units: EnergyUnit[] };
    for (let n = Math.min(k.units.length, left); n >= 0; n--) {
      used[i] = n;
      walk(i + 1, left - n);
    }
    used[i] = 0;
  };
  walk(0, total);
  return plans;
}

// ---------------------------------------------------------------------------------------------------------------
// Paying one source at a time (rules version 3): nothing here lists the ways to pay.

/** The sources the payer may still pick: not the excluded object's own ability (804.2.3), not one already picked. */
function openUnits(s: NovaState, seat: Seat, except: string | undefined, chosen: readonly string[]): EnergyUnit[] {
  return sources(s, seat).filter((u) => !fromObject(u, except) && !chosen.includes(u.id));
}

/**
 * What is still owed once `picked` units pay: each pays its own colour while that colour is owed, else the generic
 * part; null when one of them has nothing left to pay. Every NOVA source makes one unit of one colour, and such a
 * unit is never better spent on generic while its colour is owed, so this is the best use of the picked units.
 */
export function owedAfter(cost: Cost, picked: readonly EnergyUnit[]): Cost | null {
  const owed: Cost = { ...cost };
  for (const u of picked) {
    if (u.color !== 'colorless' && owed[u.color] > 0) owed[u.color] -= 1;
    else if (owed.generic > 0) owed.generic -= 1;
    else return null;
  }
  return owed;
}

function unitsOwed(cost: Cost): number {
  return COLORED.reduce((n, c) => n + cost[c], cost.generic);
}

/**
 * NOVA 804.2.4: is the way to pay a choice? It is when two ways to pay differ in the kinds of energy they spend (a
 * colour; the stock, an energy card or a servant's ability). Without listing them: the solver's own payment spends
 * `n` units of each kind; another way exists exactly when the cost can be paid with fewer than `n` of some kind
 * (every way spends as many units as the cost has, so one that spends at least `n` of every kind is the same).
 */
export function paymentIsAChoice(s: NovaState, seat: Seat, cost: Cost, except?: string): boolean {
  const list = openUnits(s, seat, except, []);
  const plan = solvePayment(solverCost(cost), list);
  if (!plan) return false;
  const spent = new Map<string, number>();
  for (const id of plan) {
    const kind = list.find((u) => u.id === id)?.kind ?? '';
    spent.set(kind, (spent.get(kind) ?? 0) + 1);
  }
  for (const [kind, n] of spent) {
    let allowed = n - 1;
    const fewer = list.filter((u) => u.kind !== kind || allowed-- > 0);
    if (solvePayment(solverCost(cost), fewer)) return true;
  }
  return false;
}

/**
 * NOVA 804.2.4: the sources the payer may pick next, after `chosen`: one per kind (units of a kind are
 * interchangeable, docs/rulings/nova.md R5), each only if the cost can still be paid in full after it.
 */
export function nextSources(
  s: NovaState,
  seat: Seat,
  cost: Cost,
  except: string | undefined,
  chosen: readonly string[],
): EnergyUnit[] {
  const all = sources(s, seat);
  const picked = chosen.map((id) => all.find((u) => u.id === id)).filter((u): u is EnergyUnit => u !== undefined);
  const open = openUnits(s, seat, except, chosen);
  const out: EnergyUnit[] = [];
  for (const u of open) {
    if (out.some((x) => x.kind === u.kind)) continue;
    const owed = owedAfter(cost, [...picked, u]);
    if (!owed) continue;
    const rest = open.filter((x) => x !== u);
    if (unitsOwed(owed) === 0 || solvePayment(solverCost(owed), rest)) out.push(u);
  }
  return out;
}

/** The units `chosen` and the solver's choice for the rest pay together (auto-pay), or null when they cannot. */
export function autoPayment(
  s: NovaState,
  seat: Seat,
  cost: Cost,
  except: string | undefined,
  chosen: readonly string[],
): string[] | null {
  const all = sources(s, seat);
  const picked = chosen.map((id) => all.find((u) => u.id === id)).filter((u): u is EnergyUnit => u !== undefined);
  if (picked.length !== chosen.length) return null;
  const owed = owedAfter(cost, picked);
  if (!owed) return null;
  const rest = solvePayment(solverCost(owed), openUnits(s, seat, except, chosen));
  return rest ? [...chosen, ...rest] : null;
}

/** How many units the cost takes in all. */
export function costUnits(cost: Cost): number {
  return unitsOwed(cost);
}

/** The words for one unit offered as a source: its colour, and where it comes from unless an energy card. */
export function sourceText(u: EnergyUnit): Label {
  return unitText(u);
}

/**
 * Pays the cost, freezing cards and spending stock; throws if it cannot (callers check canPay first). With
 * `chosen`, exactly those units pay (the player's choice, NOVA 804.2.4); otherwise the engine's own plan, used
 * only when every way to pay spends the same kinds of energy.
 */
export function pay(s: NovaState, seat: Seat, cost: Cost, chosen?: readonly string[]): void {
  const all = sources(s, seat);
  const list = chosen ? all.filter((x) => chosen.includes(x.id)) : all;
  const plan = solvePayment(solverCost(cost), list);
  if (!plan) throw new Error('pay() called for a cost that cannot be paid');
  const byId = new Map(list.map((x) => [x.id, x]));
  for (const id of plan) byId.get(id)?.pay();
  if (plan.length > 0) {
    const left = Object.entries(s.players[seat].stock).filter(([, n]) => n > 0);
    // NOVA 902.4: leftover energy is announced.
    if (left.length > 0) logPublic(s, { k: 'energy-left', seat, stock: left.map(([c, n]) => [c as Color, n]) });
  }
}

/** NOVA 110.2: required energy is a presence check on the energy zone; frozen cards count (A11). */
export function hasRequiredEnergy(s: NovaState, seat: Seat, color: Color, count: number): boolean {
  return s.players[seat].zones.energy.filter((id) => novaCard(obj(s, id).card).color === color).length >= count;
}
