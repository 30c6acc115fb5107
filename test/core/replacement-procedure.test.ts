import { describe, expect, it } from 'vitest';
import { asPick } from '../../src/engine/core/decision.ts';
import { label } from '../../src/engine/core/label.ts';
import {
  call,
  createKernel,
  defineProcedure,
  emptyStack,
  type ProcedureState,
  resultOf,
} from '../../src/engine/core/procedure.ts';
import { replacementProcedure } from '../../src/engine/core/replacement.ts';

/** Damage to a player; "halve" (rounded down) and "minus" (by 1) replacements whose order changes the result. */
type Damage = { to: 'p1' | 'p2'; amount: number };
type Shield = { id: string; owner: 'p1' | 'p2'; op: 'halve' | 'minus' };
type S = ProcedureState & { shields: Shield[]; life: number; dealt: number[] };

const damage = replacementProcedure<S, Damage, Shield>({
  kind: 'damage-replacement',
  replacements: (s) => s.shields,
  applies: (r, e) => e.amount > 0 && r.owner === e.to,
  apply: (r, e) => ({ ...e, amount: r.op === 'halve' ? Math.floor(e.amount / 2) : Math.max(0, e.amount - 1) }),
  affectedPlayer: (e) => e.to,
  describe: (_s, r) => label(r.op, r.op),
});

/** Deals the queued amounts one after another, each through the replacement loop. */
const dealAll = defineProcedure<S, { queue: number[] }>({
  kind: 'deal-all',
  first: 'next',
  steps: {
    next: (_s, { data }) => {
      const amount = data.queue.shift();
      if (amount === undefined) return { return: null };
      return call(damage.procedure, { event: { to: 'p1', amount }, applied: [] }, 'deal');
    },
    deal: (s, { ret }) => {
      const { event } = resultOf(damage.procedure, ret);
      s.life -= event.amount;
      s.dealt.push(event.amount);
      return { goto: 'next' };
    },
  },
});

const kernel = createKernel<S>({
  procedures: [dealAll, damage.procedure],
  decisions: [damage.order],
  loopRule: 'TEST',
});

const start = (shields: Shield[], queue: number[]): S => {
  const s: S = { game: 'nova', version: 0, result: null, procedures: emptyStack(), shields, life: 20, dealt: [] };
  kernel.start(s, dealAll, { queue });
  return s;
};
const both: Shield[] = [
  { id: 'h', owner: 'p1', op: 'halve' },
  { id: 'm', owner: 'p1', op: 'minus' },
];

describe('the replacement loop as a procedure (CR 616.1, NOVA 802.1.3)', () => {
  it('asks the affected player when the order matters, and applies the chosen one first', () => {
    const s = start(both, [5]);
    const p = asPick(kernel.pending(s));
    expect(p).toMatchObject({ player: 'p1', kind: 'damage-replacement-order', min: 1, max: 1 });
    expect(p?.options.map((o) => [o.id, o.label.en])).toEqual([
      ['h', 'halve'],
      ['m', 'minus'],
    ]);
    // halve first: 5 → 2 → 1; minus first: 5 → 4 → 2.
    expect(kernel.answer(s, 'p1', { decisionId: 'v0', choose: ['h'] }).dealt).toEqual([1]);
    expect(kernel.answer(s, 'p1', { decisionId: 'v0', choose: ['m'] }).dealt).toEqual([2]);
  });

  it('does not ask when the order cannot matter, nor when nothing applies', () => {
    // 2 damage: halve → 1 → minus → 0, or minus → 1 → halve → 0: the same event with the same replacements used.
    const s = start(both, [2, 0]);
    expect(kernel.pending(s)).toBeNull();
    expect(s.dealt).toEqual([0, 0]);
    expect(s.procedures.frames).toEqual([]);
  });

  it('a save and restore while it waits changes nothing', () => {
    const s = start(both, [7, 9]);
    const restored = JSON.parse(JSON.stringify(s)) as S;
    const a = kernel.answer(s, 'p1', { decisionId: 'v0', choose: ['m'] });
    const b = kernel.answer(restored, 'p1', { decisionId: 'v0', choose: ['m'] });
    expect(b).toEqual(a);
    expect(a.dealt).toEqual([3]); // 7 → 6 → 3; then 9 waits for its own choice
    expect(kernel.pending(a)?.kind).toBe('damage-replacement-order');
  });
});

describe('the replacement loop under the decision name and prompt a game gives it', () => {
  const named = replacementProcedure<S, Damage, Shield>({
    kind: 'named-replacement',
    decision: 'replacement',
    prompt: (_s, e) => label(`${e.amount} damage: which first?`, `${e.amount}ダメージ`),
    replacements: (s) => s.shields,
    applies: (r, e) => e.amount > 0 && r.owner === e.to,
    apply: (r, e) => ({ ...e, amount: r.op === 'halve' ? Math.floor(e.amount / 2) : Math.max(0, e.amount - 1) }),
    affectedPlayer: (e) => e.to,
    describe: (_s, r) => label(r.op, r.op),
  });
  const one = defineProcedure<S, { amount: number }>({
    kind: 'one',
    first: 'go',
    steps: {
      go: (_s, { data }) => call(named.procedure, { event: { to: 'p1', amount: data.amount }, applied: [] }, 'deal'),
      deal: (s, { ret }) => {
        s.dealt.push(resultOf(named.procedure, ret).event.amount);
        return { return: null };
      },
    },
  });
  const k = createKernel<S>({ procedures: [one, named.procedure], decisions: [named.order], loopRule: 'TEST' });

  it('offers the decision under the given kind with the given prompt, built from the event as it stands', () => {
    const s: S = {
      game: 'nova',
      version: 0,
      result: null,
      procedures: emptyStack(),
      shields: both,
      life: 20,
      dealt: [],
    };
    k.start(s, one, { amount: 5 });
    const p = k.pending(s);
    expect(p?.kind).toBe('replacement');
    expect(p?.prompt.en).toBe('5 damage: which first?');
    expect(k.answer(s, 'p1', { decisionId: 'v0', choose: ['h'] }).dealt).toEqual([1]); // 5 → 2 → 1
  });
});
