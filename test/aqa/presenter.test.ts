// The Aquarian Age presenter: every board and hand model built from a per-viewer view is valid for the renderer,
// shows the declarations waiting (with whether responses are open), and a board never holds a hand card's object.
import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../src/engine/core/game.ts';
import { seedRng } from '../../src/engine/core/rng.ts';
import { randomResponse } from '../../src/engine/fuzz/random-play.ts';
import { aqaPlay } from '../../src/engine/games/aqa/definition.ts';
import { gamePrecons, preconDeckList } from '../../src/engine/precons.ts';
import { HandModelSchema, TableModelSchema } from '../../src/render/table-model.ts';

const VIEWERS: Viewer[] = [{ kind: 'player', seat: 'p1' }, { kind: 'player', seat: 'p2' }, { kind: 'spectator' }];

describe('Aquarian Age presenter', () => {
  it('builds valid boards and hands for every viewer through a random game, the chain shown top first', () => {
    const [a, b] = gamePrecons('aqa').map(preconDeckList);
    const game = aqaPlay.module;
    let s = game.setup({ game: 'aqa', decks: { p1: a ?? {}, p2: b ?? {} } }, 'presenter');
    let rng = seedRng('presenter');
    let sawChain = false;
    for (let i = 0; i < 600 && !s.result; i++) {
      for (const viewer of VIEWERS) {
        const view = game.view(s, viewer);
        const table = TableModelSchema.parse(
          aqaPlay.presenter.table(view, { locale: i % 2 ? 'ja' : 'en', names: { p1: 'alice', p2: 'bob' } }),
        );
        expect(table.players.p1.life).toBeNull();
        if (s.chain.length > 0) {
          sawChain = true;
          if (i % 2 === 0) expect(table.stack.name).toMatch(/responses open/);
          expect(table.stack.items).toHaveLength(s.chain.length);
          expect(table.stack.items[0]?.id).toBe(s.chain.at(-1)?.id);
        }
        const board = JSON.stringify(table);
        for (const seat of ['p1', 'p2'] as const)
          for (const id of s.sides[seat].hand) expect(board).not.toContain(`"${id}"`);
        if (viewer.kind === 'player') {
          const hand = HandModelSchema.parse(
            aqaPlay.presenter.hand(view, viewer.seat, {
              locale: 'en',
              names: { p1: 'alice', p2: 'bob' },
              playableIds: new Set(),
            }),
          );
          expect(hand.hand.cards).toHaveLength(s.sides[viewer.seat].hand.length);
        }
      }
      const p = game.pending(s);
      if (!p) break;
      const [r, next] = randomResponse(p, rng, 0.7);
      rng = next;
      s = game.apply(s, p.player, r);
    }
    expect(sawChain).toBe(true);
  });
});
