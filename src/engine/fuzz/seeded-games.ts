import { createHash } from 'node:crypto';
import { InvalidData } from '../core/errors.ts';
import type { BaseState, GameModule, Seat } from '../core/game.ts';
import { stateHash } from '../core/hash.ts';
import { seedRng } from '../core/rng.ts';
import { nova } from '../games/nova/index.ts';
import { gamePrecons, type PreconDeck, preconDeckList } from '../precons.ts';
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
    const seed = `${options.seedPrefix}${i}`;
    const partner = acceptedPartner(game, precons, a, i + 1 + Math.floor(i / precons.length), seed);
    const b = partner.b;
    let s = partner.state;
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

/**
 * The first precon from position `from` on that the game accepts against `a`, with the state it sets up: a game may
 * refuse a pair (MTG plays one format a match, CR 100.2: Constructed against Limited is refused with InvalidData).
 * Where every pair is accepted this is the precon at `from`, so the lines of such games do not change.
 */
export function acceptedPartner<S extends BaseState>(
  game: GameModule<S>,
  precons: readonly PreconDeck[],
  a: PreconDeck,
  from: number,
  seed: string,
): { b: PreconDeck; state: S } {
  let refusal: unknown;
  for (let k = 0; k < precons.length; k++) {
    const b = precons[(from + k) % precons.length] as PreconDeck;
    try {
      return { b, state: game.setup({ game: game.id, decks: { p1: preconDeckList(a), p2: preconDeckList(b) } }, seed) };
    } catch (err) {
      if (!(err instanceof InvalidData)) throw err;
      refusal = err;
    }
  }
  throw refusal;
}

/** NOVA's pinned form (seeds `seeded-i`, up to 50,000 decisions): test/nova/seeded-games.txt records four. */
export function seededNovaGames(count: number): string[] {
  return seededGames(nova, count, { seedPrefix: 'seeded-', maxDecisions: 50_000 });
}
