// Seeded NOVA random games, for checking that a speed change keeps behaviour identical:
//   npx tsx scripts/nova-seeded.ts [--games 30] [--out file.json]   prints (and writes) one line per game:
//   seed, decks, decision count, a digest of every pending decision offered, and the final state hash.
// Run it before and after a change and diff the outputs; any difference is a behaviour change.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Seat } from '../src/engine/core/game.ts';
import { stateHash } from '../src/engine/core/hash.ts';
import { seedRng } from '../src/engine/core/rng.ts';
import { randomResponse } from '../src/engine/fuzz/random-play.ts';
import { nova } from '../src/engine/games/nova/index.ts';
import { expandDeck, novaPrecons } from '../src/engine/games/nova/precon.ts';

const { values } = parseArgs({ options: { games: { type: 'string', default: '30' }, out: { type: 'string' } } });
const precons = novaPrecons();
const lines: string[] = [];
for (let i = 0; i < Number(values.games); i++) {
  // Every ordered pair of decks in turn, as test/nova/fuzz.test.ts does, so every precon card is played somewhere.
  const a = precons[i % precons.length] as (typeof precons)[number];
  const b = precons[(i + 1 + Math.floor(i / precons.length)) % precons.length] as (typeof precons)[number];
  const seed = `seeded-${i}`;
  let s = nova.setup({ game: 'nova', decks: { p1: expandDeck(a), p2: expandDeck(b) } }, seed);
  let rng = seedRng(`fuzz-${seed}`);
  const offered = createHash('sha256');
  let decisions = 0;
  while (!s.result && decisions < 50_000) {
    const p = s.pending;
    if (!p) throw new Error(`${seed}: nothing pending`);
    offered.update(JSON.stringify(p));
    const [r, next] = randomResponse(p, rng, 0.7);
    rng = next;
    s = nova.apply(s, p.player as Seat, r);
    decisions += 1;
  }
  const line = `${seed} ${a.id}-${b.id} ${decisions} ${offered.digest('hex').slice(0, 16)} ${stateHash(s)}`;
  console.log(line);
  lines.push(line);
}
if (values.out) writeFileSync(values.out, `${lines.join('\n')}\n`);
