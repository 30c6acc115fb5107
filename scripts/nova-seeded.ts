// Seeded NOVA random games, for checking that a speed change keeps behaviour identical:
//   npx tsx scripts/nova-seeded.ts [--games 30] [--out file.txt]   prints (and writes) one line per game:
//   seed, decks, decision count, a digest of every pending decision offered, and the final state hash.
// Run it before and after a change and diff the outputs; any difference is a behaviour change.
// After an intended rules change, re-record the pinned games: --games 4 --out test/nova/seeded-games.txt
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { seededNovaGames } from '../src/engine/fuzz/seeded-games.ts';

const { values } = parseArgs({ options: { games: { type: 'string', default: '30' }, out: { type: 'string' } } });
const lines = seededNovaGames(Number(values.games));
for (const line of lines) console.log(line);
if (values.out) writeFileSync(values.out, `${lines.join('\n')}\n`);
