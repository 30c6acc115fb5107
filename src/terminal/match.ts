// A NOVA match in the terminal (`npm run terminal`): you play p1 against a random player when the terminal is
// interactive; otherwise two random players play a whole game and the public view is printed as it goes.
import { createInterface } from 'node:readline/promises';
import { nextInt, seedRng } from '../engine/core/rng.ts';
import { randomResponse } from '../engine/fuzz/random-play.ts';
import { nova } from '../engine/games/nova/index.ts';
import { expandDeck, novaPrecons } from '../engine/games/nova/precon.ts';
import type { NovaState } from '../engine/games/nova/state.ts';
import { describeNovaView } from './describe.ts';

export async function runTerminalMatch(): Promise<void> {
  const precons = novaPrecons();
  const [a, b] = precons;
  if (!a || !b) throw new Error('data/decks/nova needs two preconstructed decks');
  const seed = process.env.ARBITER_SEED ?? String(Date.now());
  let s: NovaState = nova.setup({ game: 'nova', decks: { p1: expandDeck(a), p2: expandDeck(b) } }, seed);
  const interactive = process.stdin.isTTY === true;
  console.log(`Arbiter · NOVA · ${a.name.en} (p1) vs ${b.name.en} (p2) · seed ${seed}`);
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
    const p = nova.pending(s);
    if (!p) break;
    const view = nova.view(s, interactive ? { kind: 'player', seat: 'p1' } : { kind: 'spectator' });
    for (const entry of view.log) if (entry.seq > lastLog) console.log(`  · ${entry.text.en}`);
    lastLog = view.log.at(-1)?.seq ?? lastLog;
    if (view.turn.number !== lastTurn || (interactive && p.player === 'p1')) {
      console.log(`\n${describeNovaView(view)}`);
      lastTurn = view.turn.number;
    }
    if (rl && p.player === 'p1') {
      console.log(`\n${p.prompt.en}`);
      for (const [i, o] of p.options.entries()) console.log(`  ${i + 1}. ${o.label.en}`);
      const answer = (
        await rl.question(p.min === p.max && p.max === 1 ? '> ' : `> choose ${p.min}-${p.max}, separated by spaces: `)
      ).trim();
      if (answer === 'q') {
        s = nova.concede(s, 'p1');
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
        s = nova.apply(s, 'p1', { decisionId: p.id, choose: picks as string[] });
      } catch (err) {
        console.log(`Not allowed: ${(err as Error).message}`);
      }
      continue;
    }
    const [response, next] = randomResponse(p, rng, 0.7);
    rng = next;
    s = nova.apply(s, p.player, response);
    if (!interactive) [, rng] = nextInt(rng, 2);
  }
  rl?.close();
  const end = nova.view(s, { kind: 'spectator' });
  for (const entry of end.log) if (entry.seq > lastLog) console.log(`  · ${entry.text.en}`);
  const r = s.result;
  console.log(
    `\n${r ? (r.kind === 'win' ? `${r.winner} wins: ${nova.describeResult(r).en} (NOVA ${r.rule})` : `Draw: ${nova.describeResult(r).en}`) : 'Game stopped.'}`,
  );
}
