import { type EnergySource, solvePayment } from '../../core/energy-solver.ts';
import type { Seat } from '../../core/game.ts';
import { novaCard } from './cards/pool.ts';
import { COLORS, type Color, type Cost, type NovaCard } from './cards/schema.ts';
import { actionRestricted } from './characteristics.ts';
import { logPublic } from './log.ts';
import type { NovaState } from './state.ts';
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

/** Where energy can come from right now, in the order we would rather spend it (floating energy first). */
function sources(s: NovaState, seat: Seat): (EnergySource & { pay: () => void })[] {
  const out: (EnergySource & { pay: () => void })[] = [];
  const p = s.players[seat];
  for (const color of COLORS) {
    for (let i = 0; i < p.stock[color]; i++) {
      out.push({ id: `stock:${color}:${i}`, colors: [color], pay: () => void (p.stock[color] -= 1) });
    }
  }
  // NOVA 310.4: every energy-zone card has "[F]: add 1 energy of this card's colour"; frozen ones cannot (A49).
  for (const id of p.zones.energy) {
    const o = obj(s, id);
    if (o.frozen) continue;
    const color = novaCard(o.card).color;
    out.push({ id, colors: [color], pay: () => void (o.frozen = true) });
  }
  // Energy abilities of servants (NOVA 801.6.4.1), usable mid-payment (902.2).
  for (const o of fieldObjects(s, seat)) {
    if (o.frozen || o.destroyed) continue;
    const def = novaCard(o.card);
    def.abilities.forEach((a) => {
      if (a.kind !== 'activated' || !a.energyAbility) return;
      if (a.cost.freezeSelf && actionRestricted(s, o)) return; // NOVA 203.4
      if (a.cost.energy || a.cost.sendSelfToGraveyard || a.cost.removeCounters) return;
      const add = a.effects.find((e) => e.do === 'add-energy');
      if (add?.do !== 'add-energy' || add.count !== 1) return;
      out.push({ id: `${o.id}:ability`, colors: [add.color], pay: () => void (o.frozen = true) });
    });
  }
  return out;
}

function asSolverCost(cost: Cost): { colored: Record<string, number>; generic: number } {
  const colored: Record<string, number> = {};
  for (const c of COLORED) if (cost[c] > 0) colored[c] = cost[c];
  return { colored, generic: cost.generic };
}

/** NOVA 103.3–103.4 / 902.4: can this cost be paid with what the player has? `except` excludes a source object. */
export function canPay(s: NovaState, seat: Seat, cost: Cost, except?: string): boolean {
  const list = sources(s, seat).filter((x) => !except || !x.id.startsWith(except));
  return solvePayment(asSolverCost(cost), list) !== null;
}

/** Pays the cost, freezing cards and spending stock; throws if it cannot (callers check canPay first). */
export function pay(s: NovaState, seat: Seat, cost: Cost): void {
  const list = sources(s, seat);
  const plan = solvePayment(asSolverCost(cost), list);
  if (!plan) throw new Error('pay() called for a cost that cannot be paid');
  const byId = new Map(list.map((x) => [x.id, x]));
  for (const id of plan) byId.get(id)?.pay();
  if (plan.length > 0) {
    const left = Object.entries(s.players[seat].stock).filter(([, n]) => n > 0);
    // NOVA 902.4: leftover energy is announced.
    if (left.length > 0) {
      const text = left.map(([c, n]) => `${c}×${n}`).join(', ');
      logPublic(s, { en: `${seat} has energy left: ${text}.`, ja: `${seat}のエナジー残り：${text}` });
    }
  }
}

/** NOVA 110.2: required energy is a presence check on the energy zone; frozen cards count (A11). */
export function hasRequiredEnergy(s: NovaState, seat: Seat, color: Color, count: number): boolean {
  return s.players[seat].zones.energy.filter((id) => novaCard(obj(s, id).card).color === color).length >= count;
}
