import { UnsupportedRule } from './errors.ts';
import { type ManaCost, type ManaSymbol, type ManaType, PHYREXIAN_LIFE, TWOBRID_GENERIC } from './mana.ts';

/**
 * Paying costs. Two entry points share one bipartite matcher:
 * - `solvePayment`: single-unit sources (NOVA energy 103.3–103.4, Force of Will will, Phantom Magic Vision nodes);
 * - the mana solver below (MTG CR 106, 107.4, 601.2g–h, 605): hybrid, {2/W}, Phyrexian and {C} symbols, sources
 *   that make one of several colours or several mana at once, restricted mana, incremental payment one source at
 *   a time, and a deterministic auto-pay. Nothing here lists every way to pay.
 */

// ---------------------------------------------------------------------------------------------------------------
// Single-unit sources

export interface UnitSource {
  id: string;
  /** Colours this source can make (one unit). "generic-only" sources use the colour "colorless". */
  colors: readonly string[];
}

export interface UnitCost {
  colored: Readonly<Record<string, number>>;
  generic: number;
}

/**
 * Returns the source id paying each unit (coloured units first, then generic ones), or null when the cost cannot be
 * paid. Sources are tried in the order given, so callers list the ones they would rather spend first (floating
 * energy before cards, cards before creatures).
 */
export function solvePayment(cost: UnitCost, sources: readonly UnitSource[]): string[] | null {
  const units: (string | null)[] = [];
  for (const [color, n] of Object.entries(cost.colored)) for (let i = 0; i < n; i++) units.push(color);
  for (let i = 0; i < cost.generic; i++) units.push(null);
  if (units.length > sources.length) return null;
  const sourceOfUnit = maximumMatching(
    units.length,
    sources.length,
    (unit, source) => {
      const need = units[unit];
      const s = sources[source];
      if (!s || need === undefined) return false;
      return need === null || s.colors.includes(need);
    },
    { stopAtFirstMiss: true },
  );
  if (sourceOfUnit.some((s) => s === null)) return null;
  return sourceOfUnit.map((s) => (s === null ? '' : (sources[s]?.id ?? '')));
}

/**
 * Kuhn's augmenting paths, left vertices in order, right vertices tried in order: the right vertex matched to each
 * left one, or null (all the rest too when `stopAtFirstMiss` gives up at the first miss). A left vertex once matched
 * stays matched, so the matched left set is the greedy best in left order (matchable sets form a matroid). Stops once
 * `enough` are matched. Sizes are tiny: a cost rarely exceeds ten units.
 */
function maximumMatching(
  left: number,
  right: number,
  accepts: (l: number, r: number) => boolean,
  { enough = left, stopAtFirstMiss = false }: { enough?: number; stopAtFirstMiss?: boolean } = {},
): (number | null)[] {
  const rightOfLeft: (number | null)[] = new Array<number | null>(left).fill(null);
  const leftOfRight: (number | null)[] = new Array<number | null>(right).fill(null);
  const tryAssign = (l: number, visited: boolean[]): boolean => {
    for (let r = 0; r < right; r++) {
      if (visited[r] || !accepts(l, r)) continue;
      visited[r] = true;
      const holder = leftOfRight[r];
      if (holder === null || holder === undefined || tryAssign(holder, visited)) {
        leftOfRight[r] = l;
        rightOfLeft[l] = r;
        return true;
      }
    }
    return false;
  };
  let matched = 0;
  for (let l = 0; l < left && matched < enough; l++) {
    if (tryAssign(l, new Array<boolean>(right).fill(false))) matched += 1;
    else if (stopAtFirstMiss) break;
  }
  return rightOfLeft;
}

// ---------------------------------------------------------------------------------------------------------------
// Mana

/** What one activation of a source can add (CR 106.4, 605.1a). */
export interface ManaOption {
  mana: readonly ManaType[];
  /** False when this way of using the source has a rider (damage, a trigger, "spend only …"): never auto-paid. */
  auto?: boolean;
  /** CR 106.6: a restriction on spending the mana this option makes (instead of the source's). */
  restriction?: string;
}

/** Something the player may use once for mana: a land, a creature's mana ability, a mana-making artifact. */
export interface ManaSource {
  id: string;
  /** Its choices: [[W],[U]] for a dual land, [[C,C]] for a land making two, [[R,R],[G,G]] for "one of two pairs". */
  options: readonly ManaOption[];
  /** False when its ability costs more than tapping or asks a choice beyond the colour: never auto-paid. */
  auto?: boolean;
  /** CR 106.6: a restriction on spending the mana it makes, judged by the caller's `spendable`. */
  restriction?: string;
}

function restrictionOf(source: ManaSource, option: number): string | undefined {
  return source.options[option]?.restriction ?? source.restriction;
}

/** A mana already made for this payment (in the pool, CR 601.2g), with its restriction. */
export interface PoolMana {
  type: ManaType;
  source: string;
  restriction?: string;
}

/** A payment under way: the mana made for it so far, and the Phyrexian symbols (by index) paid with life. */
export interface PaymentProgress {
  pool: readonly PoolMana[];
  lifeFor: readonly number[];
}

export const NO_PROGRESS: PaymentProgress = { pool: [], lifeFor: [] };

export interface PaymentRules {
  /**
   * CR 106.6: may mana with this restriction pay this symbol (of the cost being paid)? The caller knows what is
   * being paid for. Without it, restricted mana pays nothing.
   */
  spendable?(restriction: string, symbol: ManaSymbol): boolean;
}

/** One source used once, choosing one of its options. */
export interface ManaTap {
  source: string;
  option: number;
}

/** One unit a cost needs: a symbol (or one of the units of a generic or a {2/W} paid with two) and what pays it. */
interface Demand {
  symbol: ManaSymbol;
  index: number;
  /** null: any type. */
  types: readonly ManaType[] | null;
  /** A Phyrexian symbol, which 2 life may pay instead. */
  life: boolean;
}

/** One unit that could pay: a pool mana, a unit a source would make, or 2 life. */
interface Supply {
  types: readonly ManaType[];
  /** Index into the sources (-1 for pool mana and life). */
  source: number;
  restriction?: string | undefined;
  life?: true;
}

/** More than this many combinations of {2/W} halves and coupled source options is refused, not searched. */
const MAX_BRANCHES = 4096;

function assertSupported(cost: ManaCost): void {
  if (cost.some((s) => s.kind === 'snow')) throw new UnsupportedRule('107.4h', 'snow mana symbols {S}');
}

/**
 * The cost as unit demands once each {2/W} symbol has chosen its colour (mask bit set) or two generic. Phyrexian
 * symbols already paid with life are left out.
 */
function demandsOf(cost: ManaCost, lifeFor: readonly number[], twobridMask: number): Demand[] {
  const out: Demand[] = [];
  let twobrid = 0;
  cost.forEach((symbol, index) => {
    switch (symbol.kind) {
      case 'generic':
        for (let i = 0; i < symbol.amount; i++) out.push({ symbol, index, types: null, life: false });
        return;
      case 'mana':
        out.push({ symbol, index, types: [symbol.type], life: false });
        return;
      case 'hybrid':
        out.push({ symbol, index, types: symbol.types, life: false });
        return;
      case 'twobrid': {
        const byColor = (twobridMask >> twobrid) & 1;
        twobrid += 1;
        if (byColor) out.push({ symbol, index, types: [symbol.type], life: false });
        else for (let i = 0; i < TWOBRID_GENERIC; i++) out.push({ symbol, index, types: null, life: false });
        return;
      }
      case 'phyrexian':
        if (!lifeFor.includes(index)) out.push({ symbol, index, types: [symbol.type], life: true });
        return;
      case 'snow':
        throw new UnsupportedRule('107.4h', 'snow mana symbols {S}');
    }
  });
  return out;
}

function twobridCount(cost: ManaCost): number {
  return cost.filter((s) => s.kind === 'twobrid').length;
}

/** Twobrid masks, colour halves first (they cost less mana), then by mask: a deterministic order for auto-pay. */
function twobridMasks(cost: ManaCost): number[] {
  const n = twobridCount(cost);
  const masks = Array.from({ length: 1 << n }, (_, m) => m);
  const bits = (m: number): number => m.toString(2).replaceAll('0', '').length;
  return masks.sort((a, b) => bits(b) - bits(a) || a - b);
}

/**
 * A source whose options differ in more than one colour of one mana (several mana, or different restrictions) is
 * branched on; "one mana of one of these colours" is a single supply that can be any of them.
 */
function isCoupled(source: ManaSource): boolean {
  if (source.options.length < 2) return false;
  const restriction = restrictionOf(source, 0);
  return source.options.some((o, i) => o.mana.length !== 1 || restrictionOf(source, i) !== restriction);
}

/** Every way to choose the options of the coupled sources, first options first. */
function couplings(sources: readonly ManaSource[]): Map<number, number>[] {
  let out: Map<number, number>[] = [new Map()];
  sources.forEach((s, i) => {
    if (!isCoupled(s)) return;
    out = out.flatMap((m) => s.options.map((_, o) => new Map([...m, [i, o]])));
    if (out.length > MAX_BRANCHES) throw new UnsupportedRule('601.2g', 'too many mana abilities with several outputs');
  });
  return out;
}

function lifeSupplies(life: number, lifeFor: readonly number[]): Supply[] {
  const left = Math.floor((life - PHYREXIAN_LIFE * lifeFor.length) / PHYREXIAN_LIFE);
  return Array.from({ length: Math.max(0, left) }, () => ({ types: [], source: -1, life: true as const }));
}

/** Pool mana first, then each source's units (one supply for "one of these colours"), then life. */
function suppliesOf(
  pool: readonly PoolMana[],
  sources: readonly ManaSource[],
  coupling: ReadonlyMap<number, number>,
  life: Supply[],
): Supply[] {
  const out: Supply[] = pool.map((p) => ({ types: [p.type], source: -1, restriction: p.restriction }));
  sources.forEach((s, i) => {
    const chosen = coupling.get(i) ?? (s.options.length === 1 ? 0 : undefined);
    if (chosen !== undefined) {
      const restriction = restrictionOf(s, chosen);
      for (const type of s.options[chosen]?.mana ?? []) out.push({ types: [type], source: i, restriction });
    } else if (s.options.length > 1) {
      const types = [...new Set(s.options.flatMap((o) => o.mana))];
      out.push({ types, source: i, restriction: restrictionOf(s, 0) });
    }
  });
  return [...out, ...life];
}

function accepts(rules: PaymentRules, d: Demand, s: Supply): boolean {
  if (s.life) return d.life;
  if (s.restriction !== undefined && !(rules.spendable?.(s.restriction, d.symbol) ?? false)) return false;
  return d.types === null || s.types.some((t) => d.types?.includes(t));
}

/** A full matching of demands to supplies for one branch, supplies preferred in order; null if none. */
function matchBranch(
  rules: PaymentRules,
  demands: readonly Demand[],
  supplies: readonly Supply[],
): (number | null)[] | null {
  if (demands.length > supplies.length) return null;
  // From the supply side, in order: the matched supplies are the earliest set that can pay.
  const demandOfSupply = maximumMatching(
    supplies.length,
    demands.length,
    (s, d) => {
      const supply = supplies[s];
      const demand = demands[d];
      return !!supply && !!demand && accepts(rules, demand, supply);
    },
    { enough: demands.length },
  );
  const covered = demandOfSupply.filter((d) => d !== null).length;
  return covered === demands.length ? demandOfSupply : null;
}

interface Solution {
  demands: Demand[];
  supplies: Supply[];
  demandOfSupply: (number | null)[];
  coupling: Map<number, number>;
}

/** The first branch (twobrid halves, then coupled options, in a fixed order) that pays the whole cost. */
function solve(
  cost: ManaCost,
  progress: PaymentProgress,
  sources: readonly ManaSource[],
  life: number,
  rules: PaymentRules,
): Solution | null {
  assertSupported(cost);
  const masks = twobridMasks(cost);
  const coupled = couplings(sources);
  if (masks.length * coupled.length > MAX_BRANCHES)
    throw new UnsupportedRule('601.2g', 'too many combinations of {2/C} symbols and mana abilities');
  if (PHYREXIAN_LIFE * progress.lifeFor.length > life) return null; // CR 119.4
  const lifeUnits = lifeSupplies(life, progress.lifeFor);
  for (const mask of masks) {
    const demands = demandsOf(cost, progress.lifeFor, mask);
    for (const coupling of coupled) {
      const supplies = suppliesOf(progress.pool, sources, coupling, lifeUnits);
      const demandOfSupply = matchBranch(rules, demands, supplies);
      if (demandOfSupply) return { demands, supplies, demandOfSupply, coupling };
    }
  }
  return null;
}

/**
 * CR 601.2g–h: can the cost still be paid with the mana made so far, the given sources (each used at most once)
 * and life (`life` is the life total; each Phyrexian symbol paid with life costs 2 and a player cannot pay more life
 * than they have, 119.4)? Mana made beyond the cost stays in the pool (106.4).
 */
export function canStillPay(
  cost: ManaCost,
  progress: PaymentProgress,
  sources: readonly ManaSource[],
  life: number,
  rules: PaymentRules = {},
): boolean {
  return solve(cost, progress, sources, life, rules) !== null;
}

/** Uses a source: its option's mana joins the pool (CR 605.3b: a mana ability resolves at once). */
export function tapSource(progress: PaymentProgress, source: ManaSource, option: number): PaymentProgress {
  const made = source.options[option]?.mana;
  if (!made) throw new Error(`source ${source.id} has no option ${option}`);
  const restriction = restrictionOf(source, option);
  const pool = made.map(
    (type): PoolMana =>
      restriction === undefined ? { type, source: source.id } : { type, source: source.id, restriction },
  );
  return { pool: [...progress.pool, ...pool], lifeFor: progress.lifeFor };
}

/** Pays a Phyrexian symbol with 2 life (CR 107.4f). */
export function payLifeFor(cost: ManaCost, progress: PaymentProgress, index: number): PaymentProgress {
  if (cost[index]?.kind !== 'phyrexian' || progress.lifeFor.includes(index))
    throw new Error(`symbol ${index} is not an unpaid Phyrexian symbol`);
  return { pool: progress.pool, lifeFor: [...progress.lifeFor, index] };
}

/**
 * The uses of a source that keep the cost payable (what the bot offers as "tap this"): every source and option,
 * in the given order, after which the rest of the sources and life can still pay.
 */
export function usefulTaps(
  cost: ManaCost,
  progress: PaymentProgress,
  sources: readonly ManaSource[],
  life: number,
  rules: PaymentRules = {},
): ManaTap[] {
  const out: ManaTap[] = [];
  sources.forEach((s, i) => {
    const rest = sources.filter((_, j) => j !== i);
    s.options.forEach((_, option) => {
      if (canStillPay(cost, tapSource(progress, s, option), rest, life, rules)) out.push({ source: s.id, option });
    });
  });
  return out;
}

/** Auto-pay's plan: which sources to use with which option, and which Phyrexian symbols to pay with life. */
export interface AutoPayment {
  taps: ManaTap[];
  lifeFor: number[];
}

/**
 * A deterministic way to finish paying, or null. It only uses sources and options that are safe to choose for the
 * player (no rider, no cost beyond tapping, no choice beyond the colour), spends pool mana first, then sources in
 * the order given, and pays life for a Phyrexian symbol only when mana cannot. Offer it as a default; never apply it
 * unasked (which source stays untapped matters later).
 */
export function autoPay(
  cost: ManaCost,
  progress: PaymentProgress,
  sources: readonly ManaSource[],
  life: number,
  rules: PaymentRules = {},
): AutoPayment | null {
  const safe = sources
    .filter((s) => s.auto !== false)
    .map((s) => ({ s, options: s.options.flatMap((o, index) => (o.auto === false ? [] : [{ o, index }])) }))
    .filter((x) => x.options.length > 0);
  const trimmed: ManaSource[] = safe.map(({ s, options }) => ({ ...s, options: options.map((x) => x.o) }));
  const solution = solve(cost, progress, trimmed, life, rules);
  if (!solution) return null;
  const taps: ManaTap[] = [];
  const lifeFor: number[] = [];
  const used = new Map<number, number>();
  solution.demandOfSupply.forEach((d, s) => {
    if (d === null) return;
    const supply = solution.supplies[s];
    const demand = solution.demands[d];
    if (!supply || !demand) return;
    if (supply.life) {
      lifeFor.push(demand.index);
      return;
    }
    if (supply.source < 0 || used.has(supply.source)) return;
    const source = trimmed[supply.source];
    if (!source) return;
    const coupled = solution.coupling.get(supply.source);
    // A "one of these colours" source takes the first option that pays this demand.
    const option =
      coupled ??
      Math.max(
        0,
        source.options.findIndex((o) => o.mana.some((t) => demand.types === null || demand.types.includes(t))),
      );
    used.set(supply.source, option);
  });
  for (const [i, option] of [...used].sort((a, b) => a[0] - b[0])) {
    const entry = safe[i];
    const original = entry?.options[option];
    if (entry && original) taps.push({ source: entry.s.id, option: original.index });
  }
  return { taps, lifeFor: lifeFor.sort((a, b) => a - b) };
}

/** Which pool mana pays which symbol, and what is left over in the pool (CR 106.4a). */
export interface Settlement {
  /** For each pool mana (by index), the index of the cost symbol it pays, or null when it is left over. */
  symbolOfPoolMana: (number | null)[];
  lifeFor: readonly number[];
}

/**
 * CR 601.2h: pays the cost with the mana made so far and the life chosen (`life` is the life total); null when
 * that does not pay it all (a cost is never paid in part).
 */
export function settle(
  cost: ManaCost,
  progress: PaymentProgress,
  life: number,
  rules: PaymentRules = {},
): Settlement | null {
  // Only the Phyrexian symbols already chosen for life may take life now.
  const solution = solve(cost, progress, [], Math.min(life, PHYREXIAN_LIFE * progress.lifeFor.length), rules);
  if (!solution) return null;
  const symbolOfPoolMana = progress.pool.map((_, i) => {
    const d = solution.demandOfSupply[i];
    return d === null || d === undefined ? null : (solution.demands[d]?.index ?? null);
  });
  return { symbolOfPoolMana, lifeFor: progress.lifeFor };
}

/**
 * What is still owed once the mana made so far is counted (for display): pool mana goes to the hardest symbols
 * first (one colour, then a choice of colours, then generic), and what is left over pays {2/W} symbols two at a
 * time. Generic amounts still owed come first, as costs are written (CR 202.1).
 */
export function remaining(cost: ManaCost, progress: PaymentProgress, rules: PaymentRules = {}): ManaSymbol[] {
  assertSupported(cost);
  const rank = (d: Demand): number => (d.types === null ? 2 : d.types.length === 1 ? 0 : 1);
  const allColor = (1 << twobridCount(cost)) - 1;
  const demands = demandsOf(cost, progress.lifeFor, allColor).sort((a, b) => rank(a) - rank(b));
  const supplies = suppliesOf(progress.pool, [], new Map(), []);
  const supplyOfDemand = maximumMatching(demands.length, supplies.length, (d, s) => {
    const demand = demands[d];
    const supply = supplies[s];
    return !!demand && !!supply && accepts(rules, demand, supply);
  });
  const usedSupply = new Set(supplyOfDemand.filter((s): s is number => s !== null));
  const spare = supplies.flatMap((s, i) => (usedSupply.has(i) ? [] : [s]));
  let generic = 0;
  const owed: Demand[] = [];
  demands.forEach((d, i) => {
    if (supplyOfDemand[i] !== null) return;
    if (d.types === null) {
      generic += 1;
      return;
    }
    if (d.symbol.kind === 'twobrid') {
      const twoHalf: Demand = { symbol: d.symbol, index: d.index, types: null, life: false };
      let paid = 0;
      while (paid < TWOBRID_GENERIC) {
        const at = spare.findIndex((s) => accepts(rules, twoHalf, s));
        if (at < 0) break;
        spare.splice(at, 1);
        paid += 1;
      }
      if (paid === 0) owed.push(d);
      else generic += TWOBRID_GENERIC - paid;
      return;
    }
    owed.push(d);
  });
  const symbols = owed.sort((a, b) => a.index - b.index).map((d) => d.symbol);
  return generic > 0 ? [{ kind: 'generic', amount: generic }, ...symbols] : symbols;
}
