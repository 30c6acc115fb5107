import { cloneJson } from './clone.ts';
import type { BaseState, DecisionResponse, PendingDecision, Seat } from './game.ts';
import { type RngState, seedRng, shuffle } from './rng.ts';

/**
 * Hooks for search (the AI, issue 21). A game provides them beside its `GameModule`; the search itself is generic.
 * All are pure: state in, state out.
 */
export interface SearchHooks<S extends BaseState> {
  /**
   * A full state consistent with everything `seat` knows: the identities hidden from `seat` are dealt again among
   * the same objects (object ids stay, so option ids match across sampled worlds), what `seat` has seen is kept, and
   * the game's RNG is reseeded from `seed` (the searcher must not know future shuffles). `seat`'s view of the result
   * equals its view of `state`.
   */
  determinize(state: S, seat: Seat, seed: string): S;
  /** The position's worth for `seat` in [-1, 1] (1: won). Cheap, no look-ahead; `evaluate(s, a) = -evaluate(s, b)`. */
  evaluate(state: S, seat: Seat): number;
  /**
   * `apply` for search: the same rules state (everything but presentation), without what search does not read
   * (log text, freezing of returned objects). States it returns may be given to `apply` again and vice versa.
   */
  simulate(state: S, seat: Seat, response: DecisionResponse): S;
  /**
   * `simulate` on a state the caller owns and drops (a playout's world after its first step): the state itself is
   * changed and returned, with no copy. Never on a state anyone else holds (the real game, a state kept by a search
   * tree, `determinize`'s input). After an IllegalAction (the answer refused) the state is as it was; after any other
   * error it is part-changed and must be dropped. Absent where a game has none: use `simulate`.
   */
  simulateInPlace?(state: S, seat: Seat, response: DecisionResponse): S;
}

/**
 * A decision with exactly one legal answer: every option must be chosen, in an order that cannot matter. Search
 * plays these without branching; the scenario runner and loop detection skip them.
 */
export function isForced(p: PendingDecision): boolean {
  if (p.shape === 'number') return p.min === p.max;
  if (p.shape === 'distribute' || p.shape === 'declare') return false; // several answers unless proven otherwise
  return p.min === p.options.length && (!p.ordered || p.options.length <= 1);
}

/** An object and the card it is, as a determinisation sees it. */
export interface Identity {
  objectId: string;
  card: string;
}

/**
 * The kernel part of determinisation: within each pool (objects whose cards the seat cannot tell apart, such as
 * the opponent's hand and deck together), the cards are shuffled among the pool's objects. Objects keep their ids;
 * only which card each one is changes. Returns objectId → new card for every pooled object. The deal reads only
 * the pool's cards as a multiset (and the RNG): two states that differ only in where the pool's cards really are
 * deal the same, so a searcher's worlds cannot depend on what it may not know.
 */
export function redealIdentities(
  pools: readonly (readonly Identity[])[],
  rng: RngState,
): [Map<string, string>, RngState] {
  const dealt = new Map<string, string>();
  let r = rng;
  for (const pool of pools) {
    // Sorted first, so the deal depends on which cards the pool holds, not on where they really are.
    const [cards, next] = shuffle(pool.map((i) => i.card).sort(), r);
    r = next;
    pool.forEach((identity, i) => {
      dealt.set(identity.objectId, cards[i] as string);
    });
  }
  return [dealt, r];
}

/**
 * The RNG a determinised world plays on: from the search's seed, never from the game's own state, so sampled worlds
 * do not share the real game's future shuffles. The re-deal uses one stream; the world keeps another.
 */
export function determinizationRngs(seed: string): { redeal: RngState; world: RngState } {
  return { redeal: seedRng(`determinize-redeal:${seed}`), world: seedRng(`determinize-world:${seed}`) };
}

/** What `redealUnknown` needs of a state: objects that are cards, the RNG, and (if the game keeps it) what each seat saw. */
export interface RedealableState {
  objects: Record<string, { card: string }>;
  rng: RngState;
  known?: Partial<Record<Seat, readonly string[]>>;
}

/**
 * `determinize` for a game whose hidden cards are objects with a `card` (MTG, Force of Will, Phantom Magic Vision,
 * Aquarian Age): a copy of `state` where the objects of each pool, less those `seat` has seen (`known`), are dealt
 * their cards again among themselves (redealIdentities), and the RNG is reseeded from `seed`.
 */
export function redealUnknown<S extends RedealableState>(
  state: S,
  seat: Seat,
  seed: string,
  pools: (s: S) => (readonly string[])[],
): S {
  const s = cloneJson(state);
  const known = new Set(s.known?.[seat] ?? []);
  const identities = (ids: readonly string[]) =>
    ids.filter((id) => !known.has(id)).map((id) => ({ objectId: id, card: s.objects[id]?.card ?? '' }));
  const [dealt, rng] = redealIdentities(pools(s).map(identities), seedRng(seed));
  for (const [id, card] of dealt) {
    const o = s.objects[id];
    if (o) o.card = card;
  }
  s.rng = rng;
  return s;
}

/** A finished game's worth for `seat` (1 won, -1 lost, 0 drawn), or null while it goes on: `evaluate`'s first line. */
export function outcomeValue(state: BaseState, seat: Seat): number | null {
  if (!state.result) return null;
  return state.result.kind === 'draw' ? 0 : state.result.winner === seat ? 1 : -1;
}
