// Ruling F-REPLACE-ORDER: the choice of replacement (910.2) and what the return to hand shows the opponent.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BaseState } from '../../src/engine/core/game.ts';
import { fow } from '../../src/engine/games/fow/index.ts';
import type { FowLogEntry, FowState } from '../../src/engine/games/fow/state.ts';
import { loadScenario } from '../../src/engine/scenario/runner.ts';

const isFow = (s: BaseState): s is FowState => s.game === 'fow';

/** Plays a scenario's steps: all of them, or with `toReplacement` up to its first replacement question (910.2). */
function play(file: string, toReplacement = false): FowState {
  const text = readFileSync(new URL(`../scenarios/fow/${file}`, import.meta.url), 'utf8');
  const { plan } = loadScenario(text, file);
  let s = plan.start;
  for (const step of plan.steps) {
    if (step.kind !== 'apply') continue;
    if (toReplacement && isFow(s) && fow.pending(s)?.kind === 'replacement') break;
    s = step.apply(s);
  }
  if (!isFow(s)) throw new Error('not a Force of Will state');
  return s;
}

describe('910.2: replacement effects on one destroy event', () => {
  it('the card returned to the hand instead of being destroyed stays known to the opponent', () => {
    const s = play('910.2-controller-chooses-return-to-hand.yaml');
    const [returned] = s.players.p1.hand;
    expect(returned).toBeDefined();
    expect(s.objects[returned ?? '']?.card).toBe('gloamfang-stalker');
    expect(s.known.p2 ?? []).toContain(returned);
    const log: FowLogEntry[] = s.log;
    expect(log.some((e) => e.type === 'destroy-replaced-to-hand' && e.rule === '910.1')).toBe(true);
    expect(log.some((e) => e.type === 'destroyed')).toBe(false);
  });

  it('the question names the card and offers exactly the two kinds, the shield first (its timestamp is earlier)', () => {
    const p = fow.pending(play('910.2-controller-chooses-return-to-hand.yaml', true));
    expect(p?.kind).toBe('replacement');
    expect(p?.player).toBe('p1');
    const ids = p && (p.shape === undefined || p.shape === 'pick') ? p.options.map((o) => o.id) : [];
    expect(ids).toEqual(['replace:shield', 'replace:to-hand']);
  });
});

// Ruling F-PREVENT-NUMBER: two kinds of prevention on one damage event (910.2a's second sentence).
describe('910.2a: every replacement on a damage event is a prevention', () => {
  it("the damaged card's controller is asked, the prompt names 910.2a and the Screen's option its 300 (1018.1a)", () => {
    const p = fow.pending(play('910.2a-all-preventions-the-damaged-cards-controller-chooses.yaml', true));
    expect(p?.player).toBe('p2');
    expect(JSON.stringify(p?.prompt)).toContain('910.2a');
    const options = p && (p.shape === undefined || p.shape === 'pick') ? p.options : [];
    expect(options.map((o) => o.id)).toEqual(['replace:prevent', 'replace:prevent-next']); // the Veil resolved first
    expect(JSON.stringify(options[1]?.label)).toContain('Prevent 300 of that damage (1018.1a)');
  });

  it('the Screen chosen first prevents 300 and is used up; the Veil prevents the rest (910.3)', () => {
    const s = play('910.2a-all-preventions-the-damaged-cards-controller-chooses.yaml');
    const log: FowLogEntry[] = s.log;
    const prevented = log.filter((e) => e.type === 'prevented').map((e) => [e.amount, e.rule]);
    expect(prevented.slice(-2)).toEqual([
      [300, '1018.1a'],
      [300, '1018'],
    ]);
    expect(s.effects.some((e) => e.preventNext !== undefined)).toBe(false);
  });
});
