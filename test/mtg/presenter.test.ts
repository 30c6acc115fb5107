import { describe, expect, it } from 'vitest';
import { seedRng } from '../../src/engine/core/rng.ts';
import { randomResponse } from '../../src/engine/fuzz/random-play.ts';
import { mtgPlay } from '../../src/engine/games/mtg/definition.ts';
import { mtg } from '../../src/engine/games/mtg/index.ts';
import type { MtgState } from '../../src/engine/games/mtg/state.ts';
import { HandModelSchema, TableModelSchema } from '../../src/render/table-model.ts';

/** A position some way into a random game between two precons. */
function midGame(): MtgState {
  const [p1, p2] = mtgPlay.fuzzDecks();
  let s = mtg.setup({ game: 'mtg', decks: { p1: p1 ?? {}, p2: p2 ?? {} } }, 'presenter');
  let rng = seedRng('presenter');
  for (let i = 0; i < 300 && !s.result; i++) {
    const p = mtg.pending(s);
    if (!p) break;
    const [r, next] = randomResponse(p, rng, 0.8);
    rng = next;
    s = mtg.apply(s, p.player, r);
  }
  return s;
}

describe('MTG presenter (table and hand models from a view)', () => {
  it('builds valid models; the public table names no card of a hand', () => {
    const s = midGame();
    expect(s.battlefield.length).toBeGreaterThan(0);
    const names = { p1: 'Ann', p2: 'Bo' };
    const table = mtgPlay.presenter.table(mtg.view(s, { kind: 'spectator' }), { locale: 'en', names });
    expect(TableModelSchema.safeParse(table).success).toBe(true);
    const text = JSON.stringify(table);
    for (const id of [...s.players.p1.hand, ...s.players.p2.hand]) expect(text).not.toContain(`"${id}"`);
    const lands = table.players.p1.areas[1]?.cards.length ?? 0;
    expect(lands).toBe(
      s.battlefield.filter(
        (id) =>
          s.objects[id]?.baseController === 'p1' &&
          ['plains', 'island', 'swamp', 'mountain', 'forest', 'cragmoor-crossing', 'saltmarsh-crossing'].includes(
            s.objects[id]?.card ?? '',
          ),
      ).length,
    );
    const hand = mtgPlay.presenter.hand(mtg.view(s, { kind: 'player', seat: 'p1' }), 'p1', {
      locale: 'ja',
      names,
      playableIds: new Set(),
    });
    expect(HandModelSchema.safeParse(hand).success).toBe(true);
    expect(hand.hand.cards).toHaveLength(s.players.p1.hand.length);
  });
});
