// A declaration the game refuses as a whole (core/decision.ts: asked again with the draft kept and the problem named)
// must never be the AI's answer: it scores like whatever is declared after it, so a player without memory that
// preferred it declared the other refused block next, then the first again. The MTG arena's easy-against-random game
// 35 (seed s21) spent 6,000 decisions in one declare-blockers step so: Emberkin Raider can't block (CR 509.1b), and
// Emberkin with Gatewarden Recruit on the same attacker was refused for the same reason.
import { describe, expect, it } from 'vitest';
import { candidates, respond } from '../../src/ai/candidates.ts';
import { greedyAnswer } from '../../src/ai/greedy.ts';
import { searchAnswer } from '../../src/ai/ismcts.ts';
import { aiGame } from '../../src/ai/world.ts';
import type { BaseState, PendingDecision } from '../../src/engine/core/game.ts';
import type { MtgState } from '../../src/engine/games/mtg/state.ts';
import { GAMES } from '../../src/engine/registry.ts';
import { respond as answer, choose, duel, pendingOf, put } from '../mtg/helpers.ts';

const g = aiGame(GAMES.playable('mtg'));

/** p1 attacks with a deathtouch Adder; p2 has Emberkin Raider (can't block) and Gatewarden Recruit untapped. */
function blockersAsked(): { s: MtgState; raider: string } {
  let s = duel(['mirewhisper-adder'], ['emberkin-raider', 'gatewarden-recruit']);
  const adder = put(s, 'p1', 'mirewhisper-adder', 'battlefield');
  const raider = put(s, 'p2', 'emberkin-raider', 'battlefield');
  put(s, 'p2', 'gatewarden-recruit', 'battlefield');
  for (let i = 0; i < 4; i++) s = choose(s, 'pass'); // to the declare-attackers step
  s = answer(s, { declare: { [adder]: ['attack'] } });
  s = choose(choose(s, 'pass'), 'pass');
  return { s, raider };
}

/** Whether answering `p` in `s` with this candidate is refused (the same declaration asked again). */
function refused(s: MtgState, p: PendingDecision, key: string): boolean {
  const c = candidates(p).find((x) => x.key === key);
  if (!c) throw new Error(`no candidate ${key}`);
  const next = g.module.pending(g.module.apply(s, p.player, respond(p.id, c.answer)));
  return next?.kind === p.kind && next.shape === 'declare' && next.problem !== null;
}

describe('the AI and a declaration the game refuses', () => {
  it('the position offers refused blocks (else this test guards nothing)', () => {
    const { s, raider } = blockersAsked();
    const p = pendingOf(s);
    expect(p.kind).toBe('blockers');
    const keys = candidates(p).map((c) => c.key);
    expect(keys.filter((k) => k.includes(`${raider}=`)).some((k) => refused(s, p, k))).toBe(true);
  });

  it('easy never declares a refused block, so it leaves the step at once', () => {
    let s: BaseState = blockersAsked().s;
    let asked = 0;
    for (let p = g.module.pending(s); p?.kind === 'blockers'; p = g.module.pending(s)) {
      asked += 1;
      expect(asked, 'easy keeps declaring blocks the game refuses').toBe(1);
      s = g.module.apply(s, p.player, respond(p.id, greedyAnswer(g, s, p)));
    }
    expect(asked).toBe(1);
  });

  // 300 iterations: ~3 s quiet, 55 s at load 20 (past the 30 s default, isolated or sharing modules).
  it('search never declares a refused block either', { timeout: 120_000 }, () => {
    const { s } = blockersAsked();
    const p = pendingOf(s);
    const report = searchAnswer(g, s, p, 'p2', 'refused', { iterations: 300, playoutDepth: 20 });
    const next = g.module.pending(g.module.apply(s, 'p2', respond(p.id, report.answer)));
    expect(next?.kind === 'blockers' && next.shape === 'declare' && next.problem).toBeFalsy();
    expect(Object.keys(report.visits).filter((key) => refused(s, p, key))).toEqual([]);
  });
});
