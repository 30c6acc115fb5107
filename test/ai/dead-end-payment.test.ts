// An answer whose only sequel is taking the action back is a dead end: Force of Will offers any will from a source
// that makes any (Wellspring Dryad's mana counters), so {L} for a rune's {R} leaves only "cancel" (903.2j), forced.
// FoW normal against easy (seed s21, game 9): easy, far behind (every answer scored alike), played the rune, paid
// {L}, was made to cancel, and played it again, 6,000 decisions in one turn. Neither easy nor search answers with a
// dead end while another answer goes through (world.ts `settle` reports the forced cancel).
import { describe, expect, it } from 'vitest';
import { answerKey, candidates } from '../../src/ai/candidates.ts';
import { greedyAnswer } from '../../src/ai/greedy.ts';
import { searchAnswer } from '../../src/ai/ismcts.ts';
import { aiGame, settle, step } from '../../src/ai/world.ts';
import type { BaseState, PendingDecision } from '../../src/engine/core/game.ts';
import { GAMES } from '../../src/engine/registry.ts';
import { loadScenario, runScenario } from '../../src/engine/scenario/runner.ts';

const g = aiGame(GAMES.playable('fow'));

/** p1 has played Rune of Kindling at its own Gloamfang Stalker (a loss: it dies) and pays {R} from the Dryad's last mana counter. */
function payingForTheRune(): { s: BaseState; p: PendingDecision } {
  const scenario = loadScenario(`
rule: AI test — a payment that leaves only cancel
game: fow
setup:
  p1: { ruler: { card: aurelle-ember-warden, counters: { mana: 0 } }, runes: [rune-of-kindling], field: [{ card: wellspring-dryad, counters: { mana: 1 } }, gloamfang-stalker] }
  p2: { field: [bastion-golem] }
script:
  - { player: p1, choose: rune, card: rune-of-kindling }
  - { player: p1, choose: target, target: gloamfang-stalker }
`);
  const { state, failures } = runScenario(scenario);
  expect(failures).toEqual([]);
  const p = g.module.pending(state);
  if (!p) throw new Error('nothing pending');
  return { s: state, p };
}

const symbolOf = (p: PendingDecision, key: string) => {
  const c = candidates(p).find((x) => x.key === key);
  if (!c) throw new Error(`no candidate ${key}`);
  return c;
};

describe('a payment that can only be taken back', () => {
  it('is offered, and leads only to a forced cancel (else this guards nothing)', () => {
    const { s, p } = payingForTheRune();
    expect(p.kind).toBe('pay');
    const keys = candidates(p).map((c) => c.key);
    const light = keys.find((k) => k.endsWith(':L'));
    const fire = keys.find((k) => k.endsWith(':R'));
    if (!light || !fire) throw new Error(`no {L} and {R} among ${keys.join(' ')}`);
    expect(settle(g, step(g, s, p, symbolOf(p, light).answer)).rewound).toBe(true);
    expect(settle(g, step(g, s, p, symbolOf(p, fire).answer)).rewound).toBe(false);
  });

  it('is neither easy answer nor the search answer, though taking the play back scores better', () => {
    const { s, p } = payingForTheRune();
    expect(answerKey(p, greedyAnswer(g, s, p))).toMatch(/:R$/);
    const report = searchAnswer(g, s, p, 'p1', 'dead-end', { iterations: 40, playoutDepth: 10 });
    expect(answerKey(p, report.answer)).toMatch(/:R$/);
    expect(Object.keys(report.visits).filter((k) => !k.endsWith(':R') && report.visits[k])).toEqual([]);
  });
});
