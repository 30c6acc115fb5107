// "Take back the last source" (NOVA 804.2.4, option `back`) is an undo of the AI's own last pick, like "cancel" of
// its own play: a player without memory that takes it back picks it again. NOVA normal with look-ahead leaves (seed
// s21, game 13) paid a black source and took it back from decision 1,384 until the arena stopped the game at 6,000:
// the look-ahead scores "take back" like the completion it leads to, and a deterministic leaf breaks no tie by
// chance. The AI now takes back a pick only when nothing else is offered (candidates.ts TAKE_BACK), as with cancel.
import { describe, expect, it } from 'vitest';
import { answerKey, candidates, respond, TAKE_BACK } from '../../src/ai/candidates.ts';
import { greedyAnswer } from '../../src/ai/greedy.ts';
import { searchAnswer } from '../../src/ai/ismcts.ts';
import { decide } from '../../src/ai/player.ts';
import { type AiGame, aiGame } from '../../src/ai/world.ts';
import type { BaseState, PendingDecision, PickDecision } from '../../src/engine/core/game.ts';
import { GAMES } from '../../src/engine/registry.ts';
import { easyGameUntil } from './easy-positions.ts';

const def = GAMES.playable('nova');
const g: AiGame = aiGame(def);

/** An easy-against-easy NOVA game's first payment of two sources or more, with one source already picked by hand. */
const halfPaid = (): { s: BaseState; p: PickDecision } =>
  easyGameUntil(def, g, 'take-back', 2_000, (s, p) => {
    const units = pickOptions(p).filter((o) => o.id.startsWith('unit:'));
    if (p.kind !== 'payment' || units.length === 0) return undefined;
    const picked = g.module.apply(s, p.player, respond(p.id, { choose: [units[0]?.id ?? ''] }));
    const q = g.module.pending(picked);
    // Still paying after one pick: the cost had two sources or more.
    return q?.kind === 'payment' && isPick(q) ? { s: picked, p: q } : undefined;
  });

function isPick(p: PendingDecision): p is PickDecision {
  return p.shape === undefined || p.shape === 'pick';
}

function pickOptions(p: PendingDecision): PickDecision['options'] {
  return isPick(p) ? p.options : [];
}

describe('taking back a pick of its own', () => {
  const { s, p } = halfPaid();
  const backKey = `c:${TAKE_BACK}`;

  it('the payment offers it, and other ways on (else this guards nothing)', () => {
    expect(p.options.find((o) => o.id === TAKE_BACK)?.role).toBe('passive');
    expect(p.options.filter((o) => o.id !== TAKE_BACK && o.role !== 'passive').length).toBeGreaterThan(0);
  });

  it('is not a candidate while another answer goes on', () => {
    expect(candidates(p).map((c) => c.key)).not.toContain(backKey);
  });

  it('is neither easy nor search answer, with either leaf', () => {
    expect(answerKey(p, greedyAnswer(g, s, p))).not.toBe(backKey);
    for (const leaf of ['random', 'lookahead'] as const) {
      const report = searchAnswer(g, s, p, p.player, 'take-back', { iterations: 30, playoutDepth: 10, leaf });
      expect(answerKey(p, report.answer)).not.toBe(backKey);
      expect(Object.keys(report.visits)).not.toContain(backKey);
    }
  });

  it('normal with look-ahead leaves finishes the payment in as many decisions as the sources left', () => {
    let t = s;
    let decisions = 0;
    for (let q = g.module.pending(t); q?.kind === 'payment' && decisions < 20; q = g.module.pending(t)) {
      const budget = { iterations: 20, playoutDepth: 10, leaf: 'lookahead' as const };
      const answer = decide({ game: g, state: t, seat: q.player, level: 'normal', seed: `pay:${decisions}`, budget });
      t = g.module.apply(t, q.player, answer.response);
      decisions += 1;
    }
    expect(decisions).toBeLessThan(p.options.length + 1);
    expect(g.module.pending(t)?.kind).not.toBe('payment');
  });
});
