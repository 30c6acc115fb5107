/**
 * Swiss pairing as a minimum-cost perfect matching (solved as maximum-weight matching on the complete graph).
 * With an odd player count a virtual BYE player joins, so "who gets the bye" is decided by the same matching.
 *
 * The cost of a pairing is lexicographic, most important first:
 *   1. repeated pairings: each earlier meeting of the two players (a second bye counts as meeting BYE again);
 *   2. the bye goes to the lowest-ranked player who can take it;
 *   3. players are paired inside their score group: each table costs (point difference)².
 * Rematches are expensive, never forbidden, so a pairing always exists (4 players in round 4 included).
 */
import { InvalidData } from '../engine/core/errors.ts';
import { maximumWeightMatching, type WeightedEdge } from './matching.ts';

export interface SwissEntrant {
  id: string;
  /** Match points so far. */
  points: number;
  /** Everyone this player has played, once per meeting (a rematch appears twice). */
  opponents: readonly string[];
  /** Byes already received. */
  byes: number;
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
 */
export function pairSwissRound(entrants: readonly SwissEntrant[]): SwissPairing {
  const ids = new Set(entrants.map((e) => e.id));
  if (ids.size !== entrants.length) throw new InvalidData('Swiss pairing: a player is listed twice');
  if (entrants.length === 0) return { tables: [], bye: null, repeatedBye: false };

  const hasBye = entrants.length % 2 === 1;
  const vertexCount = entrants.length + (hasBye ? 1 : 0);
  const byeVertex = hasBye ? entrants.length : -1;
  const meetings = entrants.map((e) => countMeetings(e.opponents));

  let worstTable = 0;
  for (const a of entrants) for (const b of entrants) worstTable = Math.max(worstTable, (a.points - b.points) ** 2);
  // Each level must outweigh everything the levels below it can add up to.
  const scoreLevel = 1;
  const byeLevel = (worstTable * Math.floor(vertexCount / 2) + 1) * scoreLevel;
  const repeatLevel = byeLevel * vertexCount;

  const costs: WeightedEdge[] = [];
  for (let i = 0; i < entrants.length; i++) {
    const a = entrants[i]!;
    for (let j = i + 1; j < entrants.length; j++) {
      const b = entrants[j]!;
      const repeats = meetings[i]!.get(b.id) ?? 0;
      costs.push({ a: i, b: j, weight: repeats * repeatLevel + (a.points - b.points) ** 2 * scoreLevel });
    }
    if (hasBye) {
      const placesAboveBottom = entrants.length - 1 - i;
      costs.push({ a: i, b: byeVertex, weight: a.byes * repeatLevel + placesAboveBottom * byeLevel });
    }
  }
  const maxCost = costs.reduce((max, c) => Math.max(max, c.weight), 0);
  if (!Number.isSafeInteger(maxCost * (vertexCount / 2 + 1))) {
    throw new InvalidData('Swiss pairing: point totals too large to weigh exactly');
  }
  // Maximising (maxCost + 1 - cost) over perfect matchings minimises the total cost.
  const edges = costs.map((c) => ({ a: c.a, b: c.b, weight: maxCost + 1 - c.weight }));
  const mate = maximumWeightMatching(vertexCount, edges, { maxCardinality: true });

  const tables: SwissTable[] = [];
  let bye: string | null = null;
  let repeatedBye = false;
  for (let i = 0; i < entrants.length; i++) {
    const partner = mate[i]!;
    if (partner === byeVertex) {
      bye = entrants[i]!.id;
      repeatedBye = entrants[i]!.byes > 0;
    } else if (partner > i) {
      const b = entrants[partner]!.id;
      tables.push({ a: entrants[i]!.id, b, earlierMeetings: meetings[i]!.get(b) ?? 0 });
    } else if (partner < 0) {
      throw new Error('Swiss pairing: the matching left a player unpaired (bug in the matcher)');
    }
  }
  return { tables, bye, repeatedBye };
}

function countMeetings(opponents: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const o of opponents) counts.set(o, (counts.get(o) ?? 0) + 1);
  return counts;
}
