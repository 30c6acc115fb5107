// Issue 26 item 4 for Force of Will, Phantom Magic Vision and Aquarian Age: default stops where a player could
// meaningfully act (own main phase, being attacked, the end of the opponent's turn), as NOVA and MTG have. Over
// seeded random play: the defaults never pass a priority of the player's own main phase where they could act, never
// one with something waiting, and ask far fewer priorities in the opponent's turn than full control.
import { describe, expect, it } from 'vitest';
import { passChoice } from '../../src/bot/auto-pass.ts';
import { defaultStops, resourceKinds, stepsFor, untilDecisionStops } from '../../src/bot/game-steps.ts';
import type { Seat } from '../../src/engine/core/game.ts';
import { seedRng } from '../../src/engine/core/rng.ts';
import { randomResponse } from '../../src/engine/fuzz/random-play.ts';
import { GAMES } from '../../src/engine/registry.ts';
import { SeatModeSchema } from '../../src/store/match-clocks.ts';

const MAIN: Record<string, string> = { fow: 'main', pmv: 'main', aqa: 'main' };

describe('default stops', () => {
  for (const id of ['fow', 'pmv', 'aqa'] as const) {
    it(`${id}: asked in the own main phase and when something waits; the opponent's turn mostly passed`, () => {
      const game = GAMES.playable(id);
      const { module } = game.play;
      const steps = stepsFor(GAMES, id);
      if (!steps) throw new Error(`${id} has no steps`);
      const stops = defaultStops(GAMES, id);
      // Not the fallback of every step (full control).
      expect(stops.length).toBeLessThan(steps.steps.length);
      const decks = game.play.fuzzDecks();
      let s = module.setup({ game: id, decks: { p1: decks[0] ?? {}, p2: decks[1] ?? decks[0] ?? {} } }, 'stops-1');
      let rng = seedRng('stops-1');
      let theirAskedDefault = 0;
      let theirAskedFull = 0;
      let ownMain = 0;
      for (let n = 0; n < 1500 && !s.result; n++) {
        const p = module.pending(s);
        if (!p) break;
        if (p.role === 'priority' && p.shape === undefined) {
          const position = steps.position(s);
          const input = {
            pending: p,
            position,
            stops,
            untilDecision: untilDecisionStops(GAMES, id),
            resourceKinds: resourceKinds(id),
            mode: SeatModeSchema.parse({}),
          };
          const byDefault = passChoice({ ...input, autoPass: true }).passId === null;
          const byFull = passChoice({ ...input, autoPass: false }).passId === null;
          const couldAct = p.options.some((o) => o.role !== 'pass' && !resourceKinds(id).includes(o.kind));
          if (position.active === p.player && position.step === MAIN[id] && couldAct) {
            ownMain += 1;
            expect(byDefault, `${id} decision ${n}: own main phase passed`).toBe(true);
          }
          if (position.waiting > 0 && couldAct) expect(byDefault, `${id} decision ${n}: something waits`).toBe(true);
          if (position.active !== p.player) {
            if (byDefault) theirAskedDefault += 1;
            if (byFull) theirAskedFull += 1;
          }
        }
        const [r, next] = randomResponse(p, rng, 0.8);
        rng = next;
        s = module.apply(s, p.player as Seat, r);
      }
      expect(ownMain).toBeGreaterThan(0);
      expect(theirAskedFull).toBeGreaterThan(0);
      expect(theirAskedDefault).toBeLessThan(theirAskedFull);
    }, 120_000);
  }
});
