import { canonicalJson } from './hash.ts';

/**
 * Continuous effects folded into characteristics (MTG CR 613 as its first user; any game with layered effects can
 * reuse it). The kernel owns the fold: layer by layer, characteristic-defining effects first, then timestamp order,
 * overridden by dependency worked out by trial application, with dependency loops back in timestamp order. The game
 * owns the layer names, the characteristics type and what each op does. Effects are plain JSON records (no
 * functions in state); computed characteristics are never stored in the state (memoise with `memoisePerState`).
 */

/** Characteristics of every object the effects may see, by object id (all zones: CDAs work everywhere, CR 604.3). */
export type World<C> = Readonly<Record<string, C>>;

/** Which objects an effect changes. */
export type AffectedSet<F> =
  /** Fixed when the effect was made: effects of resolving spells and abilities (CR 611.2c). */
  | { locked: readonly string[] }
  /** Read again against the characteristics of the moment: static abilities (CR 611.3a). */
  | { filter: F };

export interface ContinuousEffect<Op, F> {
  id: string;
  /** Earlier applies first within a layer (CR 613.6). Simultaneous ones get distinct numbers from the game (613.6j). */
  timestamp: number;
  /** From a characteristic-defining ability: applied first in its layer and depends only on other CDAs (613.2, 613.7a). */
  cda?: boolean;
  affects: AffectedSet<F>;
  /** One part per layer it touches (CR 613.5): "becomes a 2/2 artifact creature" has a type part and a P/T part. */
  parts: readonly { layer: string; op: Op }[];
}

/** What a game supplies. Every hook is pure. */
export interface LayerRules<C, Op, F, E extends ContinuousEffect<Op, F> = ContinuousEffect<Op, F>> {
  /** Layer names in the order they apply (MTG: '1' … '6', '7a' … '7e'). */
  layers: readonly string[];
  /** One object's characteristics after the op. */
  apply(op: Op, partial: C): C;
  /** Does a filter take in this object, judged on the characteristics so far? */
  matches(filter: F, id: string, world: World<C>): boolean;
  /** Does the effect exist now, e.g. its source still has the ability that makes it? Default: yes. */
  exists?(effect: E, world: World<C>): boolean;
  /** The op as it acts on one object, read from the world (a count, copied values). Default: the op itself. */
  resolve?(op: Op, effect: E, id: string, world: World<C>): Op;
  /**
   * Could another effect change whether this one exists, what it applies to or what it does in this layer (CR 613.7a)?
   * False (a fixed set of objects, a fixed op, nothing gating it) means it depends on nothing, and no trial is run for
   * it. Default: yes.
   */
  mayDepend?(effect: E, layer: string): boolean;
}

/** The characteristics and, for tests and debugging, which effect parts applied in which order. */
export interface LayerResult<C> {
  characteristics: Record<string, C>;
  applied: { layer: string; effect: string }[];
}

export function foldLayers<C, Op, F, E extends ContinuousEffect<Op, F>>(
  rules: LayerRules<C, Op, F, E>,
  base: World<C>,
  effects: readonly E[],
): LayerResult<C> {
  let world: Record<string, C> = { ...base };
  const applied: { layer: string; effect: string }[] = [];
  // CR 613.5: once an effect starts to apply, its other parts keep applying, to the same objects, even if the
  // ability that made it is lost on the way.
  const started = new Map<string, readonly string[]>();
  for (const layer of rules.layers) {
    let pending = effects.filter((e) => e.parts.some((p) => p.layer === layer));
    while (pending.length > 0) {
      const live = pending.filter((e) => started.has(e.id) || existsNow(rules, e, world));
      if (live.length === 0) break; // The rest do not exist (their source lost the ability).
      const next = pickNext(rules, layer, live, world, started);
      const affected = affectedBy(rules, next, world, started);
      world = applyPart(rules, next, layer, affected, world);
      if (!started.has(next.id)) started.set(next.id, affected);
      applied.push({ layer, effect: next.id });
      pending = pending.filter((e) => e !== next);
    }
  }
  return { characteristics: world, applied };
}

/**
 * Memoises a pure function of a state object (the state is immutable once handed out), so characteristics are
 * computed once per state and never stored in it.
 */
export function memoisePerState<S extends object, R>(compute: (state: S) => R): (state: S) => R {
  const cache = new WeakMap<S, R>();
  return (state) => {
    const hit = cache.get(state);
    if (hit !== undefined) return hit;
    const value = compute(state);
    cache.set(state, value);
    return value;
  };
}

function existsNow<C, Op, F, E extends ContinuousEffect<Op, F>>(
  rules: LayerRules<C, Op, F, E>,
  effect: E,
  world: World<C>,
): boolean {
  return rules.exists ? rules.exists(effect, world) : true;
}

function affectedBy<C, Op, F, E extends ContinuousEffect<Op, F>>(
  rules: LayerRules<C, Op, F, E>,
  effect: E,
  world: World<C>,
  started: ReadonlyMap<string, readonly string[]>,
): readonly string[] {
  const fixed = started.get(effect.id);
  if (fixed) return fixed.filter((id) => id in world);
  const affects = effect.affects;
  if ('locked' in affects) return affects.locked.filter((id) => id in world); // CR 611.2c
  return Object.keys(world).filter((id) => rules.matches(affects.filter, id, world));
}

function opFor<C, Op, F, E extends ContinuousEffect<Op, F>>(
  rules: LayerRules<C, Op, F, E>,
  effect: E,
  layer: string,
  id: string,
  world: World<C>,
): Op | undefined {
  const part = effect.parts.find((p) => p.layer === layer);
  if (!part) return undefined;
  return rules.resolve ? rules.resolve(part.op, effect, id, world) : part.op;
}

function applyPart<C, Op, F, E extends ContinuousEffect<Op, F>>(
  rules: LayerRules<C, Op, F, E>,
  effect: E,
  layer: string,
  affected: readonly string[],
  world: World<C>,
): Record<string, C> {
  const out: Record<string, C> = { ...world };
  // Every object reads the same world: the effect acts on all of them at once.
  for (const id of affected) {
    const partial = world[id];
    const op = opFor(rules, effect, layer, id, world);
    if (partial !== undefined && op !== undefined) out[id] = rules.apply(op, partial);
  }
  return out;
}

/** What an effect would do in a world: whether it exists, what it applies to, and the op it applies to each. */
interface Footprint<Op> {
  exists: boolean;
  ids: readonly string[];
  ops: readonly (Op | undefined)[];
}

function footprint<C, Op, F, E extends ContinuousEffect<Op, F>>(
  rules: LayerRules<C, Op, F, E>,
  effect: E,
  layer: string,
  world: World<C>,
  started: ReadonlyMap<string, readonly string[]>,
): Footprint<Op> {
  if (!started.has(effect.id) && !existsNow(rules, effect, world)) return { exists: false, ids: [], ops: [] };
  const ids = affectedBy(rules, effect, world, started);
  return { exists: true, ids, ops: ids.map((id) => opFor(rules, effect, layer, id, world)) };
}

function sameFootprint<Op>(x: Footprint<Op>, y: Footprint<Op>): boolean {
  if (x.exists !== y.exists || x.ids.length !== y.ids.length) return false;
  if (x.ids.some((id, i) => id !== y.ids[i])) return false;
  // An op the game did not rewrite is the same object; only rewritten ones are compared as JSON.
  return x.ops.every((op, i) => op === y.ops[i] || canonicalJson(op) === canonicalJson(y.ops[i]));
}

/**
 * The next effect to apply (CR 613.7b–c): CDAs before others (613.2), an effect waits until everything it depends
 * on has applied, and among those ready the earliest timestamp goes first. Effects in a dependency loop ignore the
 * dependencies among themselves (613.7b). Called again after each effect, so the order is worked out afresh (613.7c).
 */
function pickNext<C, Op, F, E extends ContinuousEffect<Op, F>>(
  rules: LayerRules<C, Op, F, E>,
  layer: string,
  live: readonly E[],
  world: World<C>,
  started: ReadonlyMap<string, readonly string[]>,
): E {
  const byOrder = [...live].sort(
    (x, y) => Number(!x.cda) - Number(!y.cda) || x.timestamp - y.timestamp || compare(x.id, y.id),
  );
  const first = byOrder[0] as E;
  if (byOrder.length === 1) return first;
  // Only an effect that reads the world can depend on another (CR 613.7a); with none, timestamp order stands.
  const mayDepend = byOrder.map((a) => !rules.mayDepend || rules.mayDepend(a, layer));
  if (!mayDepend.some(Boolean)) return first;
  // CR 613.7a: A depends on B when both or neither come from CDAs and applying B (on trial) changes whether A
  // exists, what it applies to, or what it does to any of those.
  const trials = new Map<number, World<C>>();
  const trialOf = (j: number, b: E): World<C> => {
    const hit = trials.get(j);
    if (hit) return hit;
    const made = applyPart(rules, b, layer, affectedBy(rules, b, world, started), world);
    trials.set(j, made);
    return made;
  };
  const edges = byOrder.map((a, i) => {
    if (!mayDepend[i]) return [];
    const before = footprint(rules, a, layer, world, started);
    return byOrder.flatMap((b, j) => {
      if (i === j || !!a.cda !== !!b.cda) return [];
      return sameFootprint(before, footprint(rules, a, layer, trialOf(j, b), started)) ? [] : [j];
    });
  });
  const component = stronglyConnected(edges);
  const ready = byOrder.find((_, i) => (edges[i] ?? []).every((j) => component[j] === component[i]));
  // The condensation of the dependency graph has no cycle, so some effect is always ready.
  return ready ?? first;
}

/** Tarjan's strongly connected components: a component id per node; nodes in one dependency loop share it. */
function stronglyConnected(edges: readonly (readonly number[])[]): number[] {
  const index: (number | undefined)[] = edges.map(() => undefined);
  const low: number[] = edges.map(() => 0);
  const component: number[] = edges.map(() => -1);
  const stack: number[] = [];
  const onStack: boolean[] = edges.map(() => false);
  let counter = 0;
  let components = 0;
  const visit = (v: number): void => {
    index[v] = counter;
    low[v] = counter;
    counter += 1;
    stack.push(v);
    onStack[v] = true;
    for (const w of edges[v] ?? []) {
      const wIndex = index[w];
      if (wIndex === undefined) {
        visit(w);
        low[v] = Math.min(low[v] ?? 0, low[w] ?? 0);
      } else if (onStack[w]) {
        low[v] = Math.min(low[v] ?? 0, wIndex);
      }
    }
    if (low[v] === index[v]) {
      let w: number | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack[w] = false;
        component[w] = components;
      } while (w !== v);
      components += 1;
    }
  };
  for (let v = 0; v < edges.length; v++) if (index[v] === undefined) visit(v);
  return component;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
