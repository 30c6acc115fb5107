// `/deck import`: the largest list accepted (a 16 KiB file of one card on every line, the reader's worst case) read
// and checked against NOVA's deck rules, and the event loop's longest stall meanwhile (issue 25 item 1).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setImmediate } from 'node:timers/promises';
import { MAX_DECK_TEXT } from '../src/bot/deck-commands.ts';
import { readDeckText } from '../src/bot/decks.ts';
import { deckProblemsOf, GAMES } from '../src/engine/registry.ts';
import { type BenchFigure, percentiles } from './figure.ts';

export async function bench(): Promise<BenchFigure[]> {
  const nova = GAMES.get('nova');
  const line = '1 fusebug\n';
  const text = line.repeat(Math.floor(MAX_DECK_TEXT / line.length));
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const times: number[] = [];
  delay.enable();
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    const read = readDeckText(text, (id) => nova.pool.byId(id)?.name.en);
    if (read.list) deckProblemsOf(nova, read.list);
    times.push(performance.now() - t);
    await setImmediate();
  }
  delay.disable();
  const p = percentiles(times);
  return [
    {
      area: 'deck import',
      name: `largest accepted file (${text.length} B, 1 card a line) p50`,
      value: p.p50,
      unit: 'ms',
    },
    { area: 'deck import', name: 'largest accepted file p99', value: p.p99, unit: 'ms' },
    { area: 'deck import', name: 'event-loop delay meanwhile, max', value: delay.max / 1e6, unit: 'ms' },
  ];
}
