/**
 * Recommended number of Swiss rounds and playoff size for a player count
 * (MTR Appendix E; below 9 players, where the MTR plays single elimination, we use ⌈log₂ n⌉ Swiss rounds).
 */
export interface EventShape {
  swissRounds: number;
  /** Players in the single-elimination top cut (0: none). */
  topCut: number;
}

const MTR_TABLE: readonly { upTo: number; swissRounds: number; topCut: number }[] = [
  { upTo: 16, swissRounds: 5, topCut: 4 },
  { upTo: 32, swissRounds: 5, topCut: 8 },
  { upTo: 64, swissRounds: 6, topCut: 8 },
  { upTo: 128, swissRounds: 7, topCut: 8 },
  { upTo: 226, swissRounds: 8, topCut: 8 },
  { upTo: 409, swissRounds: 9, topCut: 8 },
];

export function recommendedEventShape(players: number): EventShape {
  if (!Number.isInteger(players) || players < 0)
    throw new RangeError(`player count must be a whole number, got ${players}`);
  if (players <= 1) return { swissRounds: 0, topCut: 0 };
  if (players <= 8) return { swissRounds: Math.ceil(Math.log2(players)), topCut: 0 };
  const row = MTR_TABLE.find((r) => players <= r.upTo);
  return row ? { swissRounds: row.swissRounds, topCut: row.topCut } : { swissRounds: 10, topCut: 8 };
}
