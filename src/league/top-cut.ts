/**
 * Single-elimination top cut (MTR 10.4): seeds from the final Swiss standings, 1v8, 4v5, 2v7, 3v6 for a top 8,
 * so the 1/8 winner meets the 4/5 winner. Fields that are not a power of two give the top seeds byes.
 */
export interface BracketMatch {
  /** Seed numbers (1 = best); `b` is null when `a` has a bye into the next round. */
  seedA: number;
  seedB: number | null;
  a: string;
  b: string | null;
}

/** Bracket order of seeds for a power-of-two size: [1, 2] → [1, 4, 2, 3] → [1, 8, 4, 5, 2, 7, 3, 6] … */
export function bracketSeedOrder(size: number): number[] {
  if (!Number.isInteger(Math.log2(size)) || size < 2)
    throw new RangeError(`bracket size must be 2, 4, 8…, got ${size}`);
  let order = [1, 2];
  while (order.length < size) {
    const next = order.length * 2 + 1;
    order = order.flatMap((seed) => [seed, next - seed]);
  }
  return order;
}

/** First round of the cut: `seeded` are the qualifying players, best first. */
export function topCutFirstRound(seeded: readonly string[]): BracketMatch[] {
  if (seeded.length < 2) throw new RangeError('a top cut needs at least 2 players');
  const size = 2 ** Math.ceil(Math.log2(seeded.length));
  const order = bracketSeedOrder(size);
  const matches: BracketMatch[] = [];
  for (let i = 0; i < size; i += 2) {
    const seedA = order[i]!;
    const seedB = order[i + 1]!;
    const b = seeded[seedB - 1] ?? null;
    matches.push({ seedA, seedB: b === null ? null : seedB, a: seeded[seedA - 1]!, b });
  }
  return matches;
}

/** Next round: winners of adjacent matches meet; each winner keeps their seed. Returns [] after the final. */
export function nextBracketRound(previous: readonly BracketMatch[], winners: readonly string[]): BracketMatch[] {
  if (winners.length !== previous.length) throw new RangeError('one winner per bracket match is needed');
  const advanced = previous.map((m, i) => {
    const w = winners[i]!;
    if (w === m.a) return { seed: m.seedA, player: m.a };
    if (w === m.b && m.seedB !== null) return { seed: m.seedB, player: m.b };
    throw new RangeError(`${w} did not play bracket match ${i + 1}`);
  });
  return pairAdjacent(advanced);
}

/** Bracket order is kept by pairing winners of matches 1 and 2, 3 and 4, … */
function pairAdjacent(advanced: readonly { seed: number; player: string }[]): BracketMatch[] {
  if (advanced.length < 2) return [];
  const next: BracketMatch[] = [];
  for (let i = 0; i < advanced.length; i += 2) {
    const x = advanced[i]!;
    const y = advanced[i + 1]!;
    next.push({ seedA: x.seed, seedB: y.seed, a: x.player, b: y.player });
  }
  return next;
}

/** The next round's pairs from the winners listed in bracket order (the form the league stores). */
export function winnersMeet(winners: readonly string[]): [string, string][] {
  if (winners.length % 2 === 1 && winners.length > 1)
    throw new RangeError('a bracket round has an even number of matches');
  return pairAdjacent(winners.map((player) => ({ seed: 0, player }))).map((m) => [m.a, m.b!]);
}

/**
 * The next round of a cut from the winners still in the event, in bracket order. MTR 2.10: when a player drops
 * after the cut nobody is advanced in their place; in single elimination the highest-ranked remaining player gets
 * a bye instead. So an odd field gives `best` (the highest Swiss rank among `remaining`) a bye, listed first, and
 * the others meet in bracket order. Returns [] when fewer than two players remain (the cut is over).
 */
export function nextCutRound(
  remaining: readonly string[],
  best: (players: readonly string[]) => string,
): BracketMatch[] {
  if (remaining.length < 2) return [];
  const byePlayer = remaining.length % 2 === 1 ? best(remaining) : null;
  const playing = remaining.filter((p) => p !== byePlayer);
  const pairs = pairAdjacent(playing.map((player) => ({ seed: 0, player })));
  return byePlayer === null ? pairs : [{ seedA: 0, seedB: null, a: byePlayer, b: null }, ...pairs];
}
