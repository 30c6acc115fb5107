// Seeded random games of any engine, for checking that a speed change keeps behaviour identical:
//   npx tsx scripts/seeded.ts --game <id> [--games 20] [--out file.txt]   prints (and writes) one line per game:
//   seed, decks, decision count, a digest of every pending decision offered, and the final state hash.
// Run it before and after a change and diff the outputs; any difference is a behaviour change. NOVA's pinned games
// keep their own script and seeds (scripts/nova-seeded.ts).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { seededGames } from '../src/engine/fuzz/seeded-games.ts';
import { GAMES } from '../src/engine/registry.ts';
import { oneLineErrors } from './cli.ts';

oneLineErrors('seeded');

const { values } = parseArgs({
  options: {
    game: { type: 'string' },
    games: { type: 'string', default: '20' },
    out: { type: 'string' },
    'max-decisions': { type: 'string', default: '20000' },
  },
});
if (!values.game) throw new Error('--game is required (one of the games with an engine)');
const game = GAMES.playable(values.game).play.module;
const started = performance.now();
const lines = seededGames(game, Number(values.games), {
  // MTG's lines since stop 21 were recorded with this prefix; every game uses the same form.
  seedPrefix: `${game.id}-seeded-`,
  maxDecisions: Number(values['max-decisions']),
});
for (const line of lines) console.log(line);
if (values.out) writeFileSync(values.out, `${lines.join('\n')}\n`);
console.error(`${lines.length} games in ${((performance.now() - started) / 1000).toFixed(1)} s`);
