import { createHash } from 'node:crypto';
import type { BaseState, GameModule, Seat } from '../core/game.ts';
import { stateHash } from '../core/hash.ts';
import { seedRng } from '../core/rng.ts';
import { nova } from '../games/nova/index.ts';
import { gamePrecons, preconDeckList } from '../precons.ts';
import { randomResponse } from './random-play.ts';

export interface SeededGamesOptions {
  /** Game i is seeded `${seedPrefix}${i}`. */
  seedPrefix: string;
  /** A game still going after this many decisions is summarised where it stands. */
  maxDecisions: number;
}

/**
 * Seeded random games of any engine summarised one line each: seed, decks, decision count, a digest of every
 * decision offered, and the final state hash. Equal lines before and after a change mean the engine behaved the
 * same in every decision of those games (`npx tsx scripts/seeded.ts --game <id>`; scripts/nova-seeded.ts and
 * test/nova/seeded-games.test.ts for NOVA's pinned games).
 */
export function seededGames<S extends BaseState>(
  game: GameModule<S>,
  count: number,
  options: SeededGamesOptions,
): string[] {
  const precons = gamePrecons(game.id);
  if (precons.length === 0) throw new Error(`${game.id} has no precons to play`);
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    // Every ordered pair of decks in turn, as the fuzz tests do, so every precon card is played somewhere.
    const a = precons[i % precons.length] as (typeof precons)[number];
    const b = precons[(i + 1 + Math.floor(i / precons.length)) % precons.length] as (typeof precons)[number];
    const seed = `${options.seedPrefix}${i}`;
    let s = game.setup({ game: game.id, decks: { p1: preconDeckList(a), p2: preconDeckList(b) } }, seed);
    let rng = seedRng(`fuzz-${seed}`);
    const offered = createHash('sha256');
    let decisions = 0;
    while (!s.result && decisions < options.maxDecisions) {
      const p = game.pending(s);
      if (!p) throw new Error(`${seed}: nothing pending`);
      offered.update(JSON.stringify(p));
      const [r, next] = randomResponse(p, rng, 0.7);
      rng = next;
      s = game.apply(s, p.player as Seat, r);
      decisions += 1;
    }
    lines.push(`${seed} ${a.id}-${b.id} ${decisions} ${offered.digest('hex').slice(0, 16)} ${stateHash(s)}`);
  }
  return lines;
}

/** NOVA's pinned form (seeds `seeded-i`, up to 50,000 decisions): test/nova/seeded-games.txt records four. */
export function seededNovaGames(count: number): string[] {
  return seededGames(nova, count, { seedPrefix: 'seeded-', maxDecisions: 50_000 });
}
