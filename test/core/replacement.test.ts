import { describe, expect, it } from 'vitest';
import type { Seat } from '../../src/engine/core/game.ts';
import {
  applyReplacement,
  type ReplacementRules,
  runReplacements,
  settleReplacements,
  startReplacement,
} from '../../src/engine/core/replacement.ts';

/** A toy damage event: reductions apply only while some damage is left (a fully reduced damage is not dealt). */
interface Damage {
  to: Seat;
  amount: number;
  fromSpell: boolean;
}
interface Reduction {
  id: string;
  by: number;
  spellsOnly?: boolean;
}
const rules: ReplacementRules<Damage, Reduction> = {
  applies: (r, e) => e.amount > 0 && (!r.spellsOnly || e.fromSpell),
  apply: (r, e) => ({ ...e, amount: Math.max(0, e.amount - r.by) }),
  affectedPlayer: (e) => e.to,
};
const shield: Reduction = { id: 'shield', by: 200 };
const ward: Reduction = { id: 'ward', by: 100, spellsOnly: true };

describe('replacement effects (kernel)', () => {
  it('applies nothing when nothing applies', () => {
    const r = settleReplacements(startReplacement<Damage>({ to: 'p1', amount: 300, fromSpell: false }), [ward], rules);
    expect(r.step).toEqual({ kind: 'done' });
    expect(r.progress).toEqual({ event: { to: 'p1', amount: 300, fromSpell: false }, applied: [] });
  });

  it('applies a single replacement once, without asking', () => {
    const r = settleReplacements(startReplacement<Damage>({ to: 'p1', amount: 300, fromSpell: true }), [ward], rules);
    expect(r.step.kind).toBe('done');
    expect(r.progress.event.amount).toBe(200);
    expect(r.progress.applied).toEqual(['ward']);
  });

  it('applies each replacement at most once (NOVA 802.1.3.3.3)', () => {
    const r = settleReplacements(startReplacement<Damage>({ to: 'p1', amount: 900, fromSpell: true }), [ward], rules);
    expect(r.progress.event.amount).toBe(800);
    expect(() => applyReplacement(r.progress, ward, [ward], rules)).toThrow(/does not apply/);
  });

  it('does not ask when every order ends the same way', () => {
    const r = settleReplacements(
      startReplacement<Damage>({ to: 'p2', amount: 500, fromSpell: true }),
      [shield, ward],
      rules,
    );
    expect(r.step.kind).toBe('done');
    expect(r.progress.event.amount).toBe(200);
    expect([...r.progress.applied].sort()).toEqual(['shield', 'ward']);
  });

  it('asks the affected player when the order changes the outcome (NOVA 802.1.3.3.1)', () => {
    // 100 damage: the ward first leaves nothing for the shield to reduce (the shield survives); the shield first
    // uses the shield up.
    const r = settleReplacements(
      startReplacement<Damage>({ to: 'p2', amount: 100, fromSpell: true }),
      [shield, ward],
      rules,
    );
    expect(r.step).toEqual({ kind: 'choose', chooser: 'p2', options: [shield, ward] });
    const wardFirst = settleReplacements(
      applyReplacement(r.progress, ward, [shield, ward], rules),
      [shield, ward],
      rules,
    );
    expect(wardFirst.step.kind).toBe('done');
    expect(wardFirst.progress).toEqual({ event: { to: 'p2', amount: 0, fromSpell: true }, applied: ['ward'] });
    const shieldFirst = settleReplacements(
      applyReplacement(r.progress, shield, [shield, ward], rules),
      [shield, ward],
      rules,
    );
    expect(shieldFirst.progress.applied).toEqual(['shield']);
  });

  it('runs to the end with a synchronous chooser, asking only when it matters', () => {
    const asked: Seat[] = [];
    const end = runReplacements({ to: 'p1', amount: 100, fromSpell: true } as Damage, [shield, ward], rules, (p, o) => {
      asked.push(p);
      return o.find((x) => x.id === 'ward') as Reduction;
    });
    expect(asked).toEqual(['p1']);
    expect(end).toEqual({ event: { to: 'p1', amount: 0, fromSpell: true }, applied: ['ward'] });
  });

  it('refuses a replacement that no longer applies', () => {
    const p = applyReplacement(
      startReplacement<Damage>({ to: 'p1', amount: 100, fromSpell: true }),
      ward,
      [ward, shield],
      rules,
    );
    expect(() => applyReplacement(p, shield, [ward, shield], rules)).toThrow(/does not apply/);
  });
});
