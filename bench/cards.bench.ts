// Card look-up: autocomplete over every pool for every typed prefix of every name, and one card face render.
import { cardPool, gamesWithCardPools, searchCards } from '../src/engine/cards-registry.ts';
import { cardFace } from '../src/render/games/card-faces.ts';
import { renderCard } from '../src/render/render.ts';
import { styleOf } from '../src/render/styles/index.ts';
import { type BenchFigure, percentiles } from './figure.ts';

export async function bench(): Promise<BenchFigure[]> {
  const games = gamesWithCardPools();
  const prefixes: string[] = [];
  for (const game of games)
    for (const card of cardPool(game)?.cards ?? [])
      for (const name of [card.name.en, card.name.ja])
        for (let n = 1; n <= name.length; n++) prefixes.push(name.slice(0, n));
  const search: number[] = [];
  for (const p of prefixes) {
    const t = performance.now();
    searchCards(games, p);
    search.push(performance.now() - t);
  }
  const renders: number[] = [];
  for (const game of games) {
    const card = cardPool(game)?.cards[0];
    const face = card && cardFace(game, card, 'ja');
    if (!face) continue;
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await renderCard(face, styleOf(game));
      renders.push(performance.now() - t);
    }
  }
  const s = percentiles(search);
  const r = percentiles(renders);
  return [
    { area: 'cards', name: `autocomplete, all pools (${prefixes.length} prefixes) p50`, value: s.p50, unit: 'ms' },
    { area: 'cards', name: 'autocomplete, all pools p99', value: s.p99, unit: 'ms' },
    { area: 'cards', name: 'card face render (5 games × 5, Japanese) p50', value: r.p50, unit: 'ms' },
    { area: 'cards', name: 'card face render p99', value: r.p99, unit: 'ms' },
  ];
}
