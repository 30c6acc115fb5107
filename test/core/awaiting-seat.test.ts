import { describe, expect, it } from 'vitest';
import type { BaseState, GameModule, Seat } from '../../src/engine/core/game.ts';
import type { Kernel, ProcedureState } from '../../src/engine/core/procedure.ts';
import { seedRng } from '../../src/engine/core/rng.ts';
import { randomResponse } from '../../src/engine/fuzz/random-play.ts';
import { aqa, aqaKernel } from '../../src/engine/games/aqa/index.ts';
import { fow, fowKernel } from '../../src/engine/games/fow/index.ts';
import { mtg, mtgKernel } from '../../src/engine/games/mtg/index.ts';
import { nova } from '../../src/engine/games/nova/index.ts';
import { novaKernel } from '../../src/engine/games/nova/kernel.ts';
import { pmv, pmvKernel } from '../../src/engine/games/pmv/index.ts';
import { gamePrecons, preconDeckList } from '../../src/engine/precons.ts';

// Views learn whose decision it is from `awaitingSeat` instead of building the whole pending decision; a seat that
// differed would put the "your decision" marks on the wrong player, so it must equal `pending(s)?.player` always.
function check<S extends ProcedureState & BaseState>(game: GameModule<S>, kernel: Kernel<S>): void {
  const id = game.id;
  const [a, b] = gamePrecons(id);
  if (!a || !b) throw new Error(`${id} has fewer than two precons`);
  for (const seed of ['seat-a', 'seat-b']) {
    let s = game.setup({ game: id, decks: { p1: preconDeckList(a), p2: preconDeckList(b) } }, seed);
    let rng = seedRng(seed);
    for (let i = 0; i < 300 && !s.result; i++) {
      const pending = kernel.pending(s);
      expect(kernel.awaitingSeat(s)).toBe(pending?.player ?? null);
      if (!pending) break;
      const [response, next] = randomResponse(pending, rng, 0.7);
      rng = next;
      s = game.apply(s, pending.player as Seat, response);
    }
    expect(kernel.awaitingSeat(s)).toBe(kernel.pending(s)?.player ?? null);
  }
}

describe("awaitingSeat is the pending decision's player", () => {
  it('nova', () => check(nova, novaKernel));
  it('mtg', () => check(mtg, mtgKernel));
  it('fow', () => check(fow, fowKernel));
  it('pmv', () => check(pmv, pmvKernel));
  it('aqa', () => check(aqa, aqaKernel));
});
