// Random games of one engine, for profiling and instruction counts (docs/architecture.md "Speed"):
//   npx tsx scripts/random-games.ts --game mtg [--games 5] [--in-place] [--from 0]
// plays the bench's random games (the first two fuzz decks, the fuzzer's random player) through `apply`, or with
// --in-place through the owned-state path, and prints the decisions played. Under callgrind, run it with two game
// counts and divide the difference in instructions by the difference in decisions: start-up cancels out.
//   node --cpu-prof --import tsx scripts/random-games.ts --game fow --games 20
import { parseArgs } from 'node:util';
import { cloneJson } from '../src/engine/core/clone.ts';
import type { MatchSetup } from '../src/engine/core/game.ts';
import { seedRng } from '../src/engine/core/rng.ts';
import { randomResponse } from '../src/engine/fuzz/random-play.ts';
import { GAMES } from '../src/engine/registry.ts';

const { values } = parseArgs({
  options: {
    game: { type: 'string', default: 'mtg' },
    games: { type: 'string', default: '5' },
    from: { type: 'string', default: '0' },
    'in-place': { type: 'boolean', default: false },
  },
});
const definition = GAMES.playableGames().find((g) => g.id === values.game);
if (!definition) throw new Error(`no playable game ${values.game}`);
const game = definition.play.module;
const [a, b] = definition.play.fuzzDecks();
if (!a || !b) throw new Error(`${definition.id}: no decks`);
const setup: MatchSetup = { game: definition.id, decks: { p1: a, p2: b } };
const inPlace = values['in-place'] ? game.search?.simulateInPlace : undefined;
if (values['in-place'] && !inPlace) throw new Error(`${definition.id} has no owned-state path`);
let decisions = 0;
// CPU time and decisions after the first game (the JIT's warm-up): steadier than the wall clock on a shared machine.
let warm = { decisions: 0, cpu: 0 };
const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const from = Number(values.from);
for (let i = from; i < from + Number(values.games); i++) {
  if (i === from + 1) warm = { decisions, cpu: cpuMs() };
  const seed = `bench-${i}`;
  // As the bench: setup's state may share objects with the deck lists, so the owned path starts from a copy.
  let s = inPlace ? cloneJson(game.setup(setup, seed)) : game.setup(setup, seed);
  let rng = seedRng(`fuzz-${seed}`);
  for (let d = 0; !s.result && d < 50_000; d++) {
    const p = game.pending(s);
    if (!p) throw new Error(`game ${seed}: nothing pending`);
    const [r, next] = randomResponse(p, rng, 0.7);
    rng = next;
    s = inPlace ? inPlace(s, p.player, r) : game.apply(s, p.player, r);
    decisions += 1;
  }
}
const after = decisions - warm.decisions;
const rate =
  after > 0
    ? `; after the first game ${Math.round((1000 * after) / (cpuMs() - warm.cpu))} decisions per CPU second`
    : '';
console.log(`${definition.id}${inPlace ? ' in place' : ''}: ${values.games} games, ${decisions} decisions${rate}`);
