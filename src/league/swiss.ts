/**
 * Swiss pairing as a minimum-cost perfect matching (solved as maximum-weight matching on the complete graph).
 * With an odd player count a virtual BYE player joins, so "who gets the bye" is decided by the same matching.
 *
 * The cost of a pairing is lexicographic, most important first:
 *   0. players the organiser keeps apart: they meet only when every pairing without them is impossible (for
 *      events too large to weigh that exactly, a kept-apart table costs more than any one rematch);
 *   1. repeated pairings: each earlier meeting of the two players (a second bye counts as meeting BYE again);
 *   2. the bye goes to the lowest-ranked player who can take it;
 *   3. players are paired inside their score group: each table costs (point difference)².
 * Rematches are expensive, never forbidden, so a pairing always exists (4 players in round 4 included).
 */
import { InvalidData } from '../engine/core/errors.ts';
import { seedRng, shuffle } from '../engine/core/rng.ts';
import { type EdgeArrays, maximumWeightMatching } from './matching.ts';

export interface SwissEntrant {
  id: string;
  /** Match points so far. */
  points: number;
  /** Everyone this player has played, once per meeting (a rematch appears twice). */
  opponents: readonly string[];
  /** Byes already received. */
  byes: number;
  /** Players the organiser keeps this one apart from. */
  avoid?: readonly string[];
}

export interface SwissTable {
  /** The better-ranked player of the two. */
  a: string;
  b: string;
  /** How many times these two have met before (0 unless no rematch-free pairing existed). */
  earlierMeetings: number;
}

export interface SwissPairing {
  /** Tables in standings order: table 1 holds the best-ranked player. */
  tables: SwissTable[];
  bye: string | null;
  /** True when the bye player had a bye before (only when every alternative was worse). */
  repeatedBye: boolean;
}

/**
 * Pairs one Swiss round. `entrants` are the active players in current standings order (best first);
 * that order decides who gets the bye. Deterministic: the same input always gives the same pairing.
 * Without `shuffleSeed`, equal choices follow the standings (1v2, 3v4 inside a group); with it, players with
 * equal points are pairing candidates in a seeded random order, as the MTR pairs a score group at random.
 */
export function pairSwissRound(entrants: readonly SwissEntrant[], shuffleSeed?: string): SwissPairing {
  const ids = new Set(entrants.map((e) => e.id));
  if (ids.size !== entrants.length) throw new InvalidData('Swiss pairing: a player is listed twice');
  if (entrants.length === 0) return { tables: [], bye: null, repeatedBye: false };

  const hasBye = entrants.length % 2 === 1;
  const vertexCount = entrants.length + (hasBye ? 1 : 0);
  const byeVertex = hasBye ? entrants.length : -1;
  const meetings = entrants.map((e) => countMeetings(e.opponents));
  const apart = entrants.map((e) => new Set(e.avoid ?? []));
  const keptApart = (i: number, j: number) => apart[i]!.has(entrants[j]!.id) || apart[j]!.has(entrants[i]!.id);

  const points = entrants.map((e) => e.points);
  const worstTable = (Math.max(...points) - Math.min(...points)) ** 2;
  // Each level must outweigh everything the levels below it can add up to.
  const byeLevel = worstTable * Math.floor(vertexCount / 2) + 1;
  const repeatLevel = byeLevel * vertexCount;
  // Counted in meetings: more than all tables of any pairing can repeat together (exact), or, if that cannot be
  // weighed in safe integers, more than any two players can have met (a kept-apart table loses to any one rematch).
  const allMeetings = entrants.reduce((sum, e) => sum + e.opponents.length + e.byes, 0) + 1;
  const oneTableMeetings = 1 + Math.max(0, ...entrants.map((e) => e.opponents.length + e.byes));
  const exactApart = Number.isSafeInteger((allMeetings + 1) * repeatLevel * (vertexCount / 2 + 1));
  const apartMeetings = exactApart ? allMeetings : oneTableMeetings;
  const tableCost = (i: number, j: number) =>
    ((meetings[i]!.get(entrants[j]!.id) ?? 0) + (keptApart(i, j) ? apartMeetings : 0)) * repeatLevel +
    (points[i]! - points[j]!) ** 2;
  const byeCost = (i: number) => entrants[i]!.byes * repeatLevel + (entrants.length - 1 - i) * byeLevel;

  let maxCost = 0;
  for (let i = 0; i < entrants.length; i++) {
    for (let j = i + 1; j < entrants.length; j++) maxCost = Math.max(maxCost, tableCost(i, j));
    if (hasBye) maxCost = Math.max(maxCost, byeCost(i));
  }
  if (!Number.isSafeInteger(maxCost * (vertexCount / 2 + 1))) {
    throw new InvalidData('Swiss pairing: point totals too large to weigh exactly');
  }
  // Maximising (maxCost + 1 - cost) over perfect matchings minimises the total cost.
  // Vertex v stands for entrant entrantAt[v]; the order only decides between equally good pairings.
  const entrantAt = shuffleSeed === undefined ? entrants.map((_, i) => i) : shuffleWithinGroups(points, shuffleSeed);
  // Typed arrays, not edge objects: 2,048 players make 2.1 million edges (issue 22, D8: memory in bounds).
  const edgeCount = (entrants.length * (entrants.length - 1)) / 2 + (hasBye ? entrants.length : 0);
  const edges: EdgeArrays = {
    a: new Int32Array(edgeCount),
    b: new Int32Array(edgeCount),
    weight: new Float64Array(edgeCount),
  };
  let k = 0;
  for (let u = 0; u < entrants.length; u++) {
    const i = entrantAt[u]!;
    for (let v = u + 1; v < entrants.length; v++) {
      edges.a[k] = u;
      edges.b[k] = v;
      edges.weight[k++] = maxCost + 1 - tableCost(i, entrantAt[v]!);
    }
    if (hasBye) {
      edges.a[k] = u;
      edges.b[k] = byeVertex;
      edges.weight[k++] = maxCost + 1 - byeCost(i);
    }
  }
  const mate = maximumWeightMatching(vertexCount, edges, { maxCardinality: true });

  const pairs: [number, number][] = [];
  let bye: string | null = null;
  let repeatedBye = false;
  for (let u = 0; u < entrants.length; u++) {
    const partner = mate[u]!;
    const i = entrantAt[u]!;
    if (partner === byeVertex) {
      bye = entrants[i]!.id;
      repeatedBye = entrants[i]!.byes > 0;
    } else if (partner < 0) {
      throw new Error('Swiss pairing: the matching left a player unpaired (bug in the matcher)');
    } else if (partner > u) {
      const j = entrantAt[partner]!;
      pairs.push(i < j ? [i, j] : [j, i]);
    }
  }
  // Table 1 holds the best-ranked player.
  pairs.sort((x, y) => x[0] - y[0]);
  const tables = pairs.map(([i, j]) => {
    const b = entrants[j]!.id;
    return { a: entrants[i]!.id, b, earlierMeetings: meetings[i]!.get(b) ?? 0 };
  });
  return { tables, bye, repeatedBye };
}

/** Entrant indices with each run of equal points shuffled (standings list equal points together). */
function shuffleWithinGroups(points: readonly number[], seed: string): number[] {
  const order: number[] = [];
  let rng = seedRng(seed);
  for (let start = 0; start < points.length; ) {
    let end = start;
    while (end < points.length && points[end] === points[start]) end++;
    const group = Array.from({ length: end - start }, (_, k) => start + k);
    const [shuffled, next] = shuffle(group, rng);
    order.push(...shuffled);
    rng = next;
    start = end;
  }
  return order;
}

function countMeetings(opponents: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const o of opponents) counts.set(o, (counts.get(o) ?? 0) + 1);
  return counts;
}
