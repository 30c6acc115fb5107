import { describe, expect, it } from 'vitest';
import { aqa } from '../../src/engine/games/aqa/index.ts';
import { aqaScenarioPlan } from '../../src/engine/games/aqa/scenario.ts';

/** The scenario format's own setup fields (docs/scenarios.md, "aqa"): a later turn, a phase, the discard pile. */
describe('Aquarian Age scenario setup', () => {
  it('starts a later turn at the phase asked for, on the right player', () => {
    const plan = aqaScenarioPlan(
      { rule: 'test', game: 'aqa', setup: { turn: 4, phase: 'power', p2: { faction: ['ember-courier'] } } },
      'inline',
    );
    const s = plan.start;
    expect(s.turn).toEqual({ number: 4, active: 'p2', phase: 'power' });
    // The power phase's start declaration is on the chain, p1 (the other player) answering first (ruling G19).
    expect(s.chain.map((d) => d.kind)).toEqual(['phase']);
    expect(aqa.pending(s)?.player).toBe('p1');
    // p2 drew for turn 4 on top of the opening hand.
    expect(s.sides.p2.hand.length).toBe(8);
  });

  it('refuses a seat that does not agree with the turn number, saying why', () => {
    expect(() => aqaScenarioPlan({ rule: 'test', game: 'aqa', setup: { turn: 3, active: 'p2' } }, 'inline')).toThrow(
      /turn 3 is p1's/,
    );
  });

  it('fills the discard pile bottom first and can leave the opening hand out', () => {
    const plan = aqaScenarioPlan(
      {
        rule: 'test',
        game: 'aqa',
        setup: { p1: { discard: ['ruin-hound', 'spare-harness'], hand: ['ash-recall'], openingHand: false } },
      },
      'inline',
    );
    const s = plan.start;
    const cards = (ids: string[]) => ids.map((id) => s.objects[id]?.card);
    expect(cards(s.sides.p1.discard)).toEqual(['ruin-hound', 'spare-harness']);
    expect(cards(s.sides.p1.hand)).toEqual(['ash-recall']);
    expect(s.sides.p1.deck.length).toBe(37);
  });
});
