// `npm run fuzz -- --game nova --games N --seed S [--no-views] [--max-decisions N]`: random legal games with
// invariant, hidden-information and replay checks after every decision. Exit 1 on the first failing game.
import { parseArgs } from 'node:util';
import type { GameId, MatchSetup } from '../src/engine/core/game.ts';
import { fuzzGame } from '../src/engine/fuzz/random-play.ts';
import { expandDeck, novaPrecons } from '../src/engine/games/nova/precon.ts';
import { gameModule } from '../src/engine/registry.ts';

const { values } = parseArgs({
  options: {
    game: { type: 'string', default: 'nova' },
    games: { type: 'string', default: '100' },
    seed: { type: 'string', default: 'fuzz' },
    'no-views': { type: 'boolean', default: false },
    'max-decisions': { type: 'string', default: '20000' },
  },
});
const game = gameModule(values.game as GameId);
const precons = novaPrecons();
const total = Number(values.games);
let decisions = 0;
let finished = 0;
const started = performance.now();
for (let i = 0; i < total; i++) {
  const a = precons[i % precons.length];
  const b = precons[(i + 1) % precons.length];
  if (!a || !b) throw new Error('no preconstructed decks');
  const setup: MatchSetup = { game: values.game as GameId, decks: { p1: expandDeck(a), p2: expandDeck(b) } };
  const seed = `${values.seed}-${i}`;
  const r = fuzzGame(game, setup, seed, {
    checkViews: !values['no-views'],
    maxDecisions: Number(values['max-decisions']),
    activity: 0.7,
  });
  decisions += r.decisions;
  if (r.finished) finished += 1;
  if (r.failures.length > 0) {
    console.error(`game ${i} (seed ${seed}) failed after ${r.decisions} decisions:`);
    for (const f of r.failures.slice(0, 10)) console.error(`  - ${f}`);
    console.log(`${i} passed, 1 failed`);
    process.exit(1);
  }
}
const seconds = (performance.now() - started) / 1000;
console.log(
  `${total} games (${finished} finished), ${decisions} decisions in ${seconds.toFixed(1)} s; invariants, views and replay checked`,
);
console.log(`${total} passed, 0 failed`);
