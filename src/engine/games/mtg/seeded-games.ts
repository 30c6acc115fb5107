// Seeded random MTG games, one line each: seed, decks, decision count, a digest of every decision offered, and the
// final state hash. Equal output before and after a speed change means the engine behaved the same in every
// decision of those games:  npx tsx src/engine/games/mtg/seeded-games.ts [--games 20] > before.txt
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Seat } from '../../core/game.ts';
import { stateHash } from '../../core/hash.ts';
import { seedRng } from '../../core/rng.ts';
import { randomResponse } from '../../fuzz/random-play.ts';
import { gamePrecons, preconDeckList } from '../../precons.ts';
import { mtg } from './index.ts';

export function seededMtgGames(count: number): string[] {
  const precons = gamePrecons('mtg');
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = precons[i % precons.length] as (typeof precons)[number];
    const b = precons[(i + 1 + Math.floor(i / precons.length)) % precons.length] as (typeof precons)[number];
    const seed = `mtg-seeded-${i}`;
    let s = mtg.setup({ game: 'mtg', decks: { p1: preconDeckList(a), p2: preconDeckList(b) } }, seed);
    let rng = seedRng(`fuzz-${seed}`);
    const offered = createHash('sha256');
    let decisions = 0;
    while (!s.result && decisions < 20_000) {
      const p = mtg.pending(s);
      if (!p) throw new Error(`${seed}: nothing pending`);
      offered.update(JSON.stringify(p));
      const [r, next] = randomResponse(p, rng, 0.7);
      rng = next;
      s = mtg.apply(s, p.player as Seat, r);
      decisions += 1;
    }
    lines.push(`${seed} ${a.id}-${b.id} ${decisions} ${offered.digest('hex').slice(0, 16)} ${stateHash(s)}`);
  }
  return lines;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { games: { type: 'string', default: '20' } } });
  const started = performance.now();
  for (const line of seededMtgGames(Number(values.games))) console.log(line);
  console.error(`${((performance.now() - started) / 1000).toFixed(1)} s`);
}
