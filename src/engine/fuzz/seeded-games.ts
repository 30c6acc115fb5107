import { createHash } from 'node:crypto';
import type { Seat } from '../core/game.ts';
import { stateHash } from '../core/hash.ts';
import { seedRng } from '../core/rng.ts';
import { nova } from '../games/nova/index.ts';
import { gamePrecons, preconDeckList } from '../precons.ts';
import { randomResponse } from './random-play.ts';

/**
 * Seeded random NOVA games summarised one line each: seed, decks, decision count, a digest of every decision
 * offered, and the final state hash. Equal lines before and after a change mean the engine behaved the same in
 * every decision of those games (scripts/nova-seeded.ts; test/nova/seeded-games.test.ts pins a few).
 */
export function seededNovaGames(count: number): string[] {
  const precons = gamePrecons('nova');
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    // Every ordered pair of decks in turn, as test/nova/fuzz.test.ts does, so every precon card is played somewhere.
    const a = precons[i % precons.length] as (typeof precons)[number];
    const b = precons[(i + 1 + Math.floor(i / precons.length)) % precons.length] as (typeof precons)[number];
    const seed = `seeded-${i}`;
    let s = nova.setup({ game: 'nova', decks: { p1: preconDeckList(a), p2: preconDeckList(b) } }, seed);
    let rng = seedRng(`fuzz-${seed}`);
    const offered = createHash('sha256');
    let decisions = 0;
    while (!s.result && decisions < 50_000) {
      const p = nova.pending(s);
      if (!p) throw new Error(`${seed}: nothing pending`);
      offered.update(JSON.stringify(p));
      const [r, next] = randomResponse(p, rng, 0.7);
      rng = next;
      s = nova.apply(s, p.player as Seat, r);
      decisions += 1;
    }
    lines.push(`${seed} ${a.id}-${b.id} ${decisions} ${offered.digest('hex').slice(0, 16)} ${stateHash(s)}`);
  }
  return lines;
}
