// A match of any game with an engine in the terminal (`npm run terminal -- --game <id>`): you play p1 against a
// random player when the terminal is interactive; otherwise two random players play a whole game and the public
// view is printed as it goes. Everything shown comes from the game's presenter over a per-viewer view.
import { createInterface } from 'node:readline/promises';
import { isPick, timeoutResponse } from '../engine/core/decision.ts';
import type { BaseState, GameId } from '../engine/core/game.ts';
import { nextInt, seedRng } from '../engine/core/rng.ts';
import { randomResponse } from '../engine/fuzz/random-play.ts';
import { GAMES, type GameRegistry } from '../engine/registry.ts';
import { describeTable } from './describe.ts';

export async function runTerminalMatch(game: GameId, registry: GameRegistry = GAMES): Promise<void> {
  const definition = registry.playable(game);
  const { module, presenter } = definition.play;
  const [a, b] = definition.precons();
  if (!a || !b) throw new Error(`data/decks/${game} needs two preconstructed decks`);
  const [deckA, deckB] = definition.play.fuzzDecks();
  if (!deckA || !deckB) throw new Error(`${definition.name.en} needs two decks`);
  const seed = process.env.ARBITER_SEED ?? String(Date.now());
  let s: BaseState = module.setup({ game, decks: { p1: deckA, p2: deckB } }, seed);
  const interactive = process.stdin.isTTY === true;
  const style = registry.styleOf(game);
  const names = { p1: 'p1', p2: 'p2' };
  console.log(`Arbiter · ${definition.name.en} · ${a.name.en} (p1) vs ${b.name.en} (p2) · seed ${seed}`);
  console.log(
    interactive
      ? 'You are p1. Type the number of an option; q to concede.\n'
      : 'No terminal input: two random players play a whole game.\n',
  );
  const rl = interactive ? createInterface({ input: process.stdin, output: process.stdout }) : null;
  let rng = seedRng(`terminal-${seed}`);
  let lastTurn = -1;
  let lastLog = 0;
  while (!s.result) {
    const p = module.pending(s);
    if (!p) break;
    const view = module.view(s, interactive ? { kind: 'player', seat: 'p1' } : { kind: 'spectator' });
    const log = presenter.log(view);
    for (const entry of log) if (entry.seq > lastLog) console.log(`  · ${entry.text.en}`);
    lastLog = log.at(-1)?.seq ?? lastLog;
    const table = presenter.table(view, { locale: 'en', names });
    if (table.turn !== lastTurn || (interactive && p.player === 'p1')) {
      console.log(`\n${describeTable(table, interactive ? presenter.handNames(view, 'p1', 'en') : null, style)}`);
      lastTurn = table.turn;
    }
    if (rl && p.player === 'p1' && !isPick(p)) {
      // The terminal lists options; other shapes (numbers, distributions, declarations) are played in Discord.
      console.log(`\n${p.prompt.en}\n  (a ${p.shape} decision: the terminal answers it with its default)`);
      s = module.apply(s, 'p1', timeoutResponse(p));
      continue;
    }
    if (rl && p.player === 'p1' && isPick(p)) {
      console.log(`\n${p.prompt.en}`);
      for (const [i, o] of p.options.entries()) console.log(`  ${i + 1}. ${o.label.en}`);
      const answer = (
        await rl.question(p.min === p.max && p.max === 1 ? '> ' : `> choose ${p.min}-${p.max}, separated by spaces: `)
      ).trim();
      if (answer === 'q') {
        s = module.concede(s, 'p1');
        break;
      }
      const picks = answer
        .split(/\s+/)
        .filter(Boolean)
        .map((x) => p.options[Number(x) - 1]?.id);
      if (picks.some((x) => !x)) {
        console.log('Please type option numbers from the list.');
        continue;
      }
      try {
        s = module.apply(s, 'p1', { decisionId: p.id, choose: picks.filter((x) => x !== undefined) });
      } catch (err) {
        console.log(`Not allowed: ${(err as Error).message}`);
      }
      continue;
    }
    const [response, next] = randomResponse(p, rng, 0.7);
    rng = next;
    s = module.apply(s, p.player, response);
    if (!interactive) [, rng] = nextInt(rng, 2);
  }
  rl?.close();
  const end = presenter.log(module.view(s, { kind: 'spectator' }));
  for (const entry of end) if (entry.seq > lastLog) console.log(`  · ${entry.text.en}`);
  const r = s.result;
  console.log(
    `\n${r ? (r.kind === 'win' ? `${r.winner} wins: ${module.describeResult(r).en} (${definition.name.en} ${r.rule})` : `Draw: ${module.describeResult(r).en}`) : 'Game stopped.'}`,
  );
}
