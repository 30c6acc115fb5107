/**
 * Round robin by Berger tables (FIDE C.05 Annex 1). Seats are numbered 1..N (N even; with an odd field the
 * last seat is the bye). In round r the last seat meets seat x = 1 + (r-1)·N/2 mod (N-1), and the other seats
 * pair as (x+k, x-k) around the circle, so every pair meets exactly once in N-1 rounds.
 */
export interface RoundRobinTable {
  a: string;
  /** null: `a` has the bye this round. */
  b: string | null;
}

export function bergerRounds(players: readonly string[]): RoundRobinTable[][] {
  if (new Set(players).size !== players.length) throw new RangeError('round robin: a player is listed twice');
  if (players.length < 2) return [];
  const seats: (string | null)[] = [...players];
  if (seats.length % 2 === 1) seats.push(null);
  const n = seats.length;
  const ring = n - 1;
  const seat = (k: number) => seats[(((k - 1) % ring) + ring) % ring]!;
  const last = seats[n - 1]!;
  const rounds: RoundRobinTable[][] = [];
  for (let r = 1; r <= ring; r++) {
    const x = 1 + (((r - 1) * (n / 2)) % ring);
    // The fixed seat alternates between first and second place, as in the printed tables.
    const pairs: [string | null, string | null][] = [r % 2 === 1 ? [seat(x), last] : [last, seat(x)]];
    for (let k = 1; k < n / 2; k++) pairs.push([seat(x + k), seat(x - k)]);
    rounds.push(pairs.map(([a, b]) => toTable(a, b)));
  }
  return rounds;
}

function toTable(a: string | null, b: string | null): RoundRobinTable {
  if (a === null) return { a: b!, b: null };
  return { a, b };
}
