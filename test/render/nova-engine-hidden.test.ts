// Issue 5 with the real engine: random NOVA games, the public board drawn at many points through the NOVA
// adapter. Nothing drawn may be untraceable to the spectator view's model, and no card that only a hidden zone
// holds (a hand, a deck, a character deck) may have its name drawn.
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../src/engine/core/game.ts';
import { seedRng } from '../../src/engine/core/rng.ts';
import { randomResponse } from '../../src/engine/fuzz/random-play.ts';
import { novaCard } from '../../src/engine/games/nova/cards/pool.ts';
import { nova } from '../../src/engine/games/nova/index.ts';
import type { NovaState } from '../../src/engine/games/nova/state.ts';
import { gamePrecons, preconDeckList } from '../../src/engine/precons.ts';
import { novaTableModel } from '../../src/render/games/nova-table.ts';
import { untracedStrings } from '../../src/render/provenance.ts';
import { renderBoard } from '../../src/render/render.ts';
import { styleOf } from '../../src/render/styles/index.ts';

const GAMES = 3;
const DECISIONS = 240;
const SNAPSHOT_EVERY = 30;

/** Names (English and Japanese) of cards that sit only in zones the public may not look at. */
function hiddenOnlyNames(state: NovaState): string[] {
  const names = (id: string) => Object.values(novaCard(state.objects[id]?.card as string).name);
  const hidden = (['p1', 'p2'] as const).flatMap((seat) => {
    const z = state.players[seat].zones;
    return [...z.hand, ...z.deck, ...z.charDeck].flatMap(names);
  });
  const visible = JSON.stringify(nova.view(state, { kind: 'spectator' }));
  return [...new Set(hidden)].filter((n) => !visible.includes(n));
}

describe('public NOVA boards of random games', () => {
  it('draw only what the spectator view holds', async () => {
    const [first, second] = gamePrecons('nova');
    if (!first || !second) throw new Error('need two NOVA precons');
    let checked = 0;
    let secrets = 0;
    for (let g = 0; g < GAMES; g += 1) {
      const seed = `render-hidden-${g}`;
      let state = nova.setup({ game: 'nova', decks: { p1: preconDeckList(first), p2: preconDeckList(second) } }, seed);
      let rng = seedRng(seed);
      for (let d = 0; d < DECISIONS && !state.result; d += 1) {
        const pending = nova.pending(state);
        if (!pending) break;
        const [response, next] = randomResponse(pending, rng, 0.7);
        rng = next;
        state = nova.apply(state, pending.player as Seat, response);
        if (d % SNAPSHOT_EVERY !== 0) continue;
        const model = novaTableModel(nova.view(state, { kind: 'spectator' }), { locale: g % 2 ? 'ja' : 'en' });
        const { drawnText } = await renderBoard(model, styleOf(model.game));
        expect(untracedStrings(drawnText, model, 'nova')).toEqual([]);
        const drawn = drawnText.join('\n');
        const hiddenOnly = hiddenOnlyNames(state);
        secrets += hiddenOnly.length;
        expect(hiddenOnly.filter((n) => drawn.includes(n))).toEqual([]);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(GAMES * 2);
    expect(secrets).toBeGreaterThan(0); // the check had hidden names to look for
  }, 120_000);
});
