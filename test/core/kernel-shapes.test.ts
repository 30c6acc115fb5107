/**
 * The kernel asks decisions of every shape (core/decision-kinds.ts `DecisionAsk`): a kind may build a number, a
 * distribution or a declaration; the kernel validates the answer for its shape and hands it to `handle`.
 */
import { describe, expect, it } from 'vitest';
import { answerOf, ask, defineDecisionKind } from '../../src/engine/core/decision-kinds.ts';
import { IllegalAction } from '../../src/engine/core/errors.ts';
import { label } from '../../src/engine/core/label.ts';
import { createKernel, defineProcedure, emptyStack, type ProcedureState } from '../../src/engine/core/procedure.ts';

type S = ProcedureState & {
  x: number | null;
  split: Record<string, number> | null;
  declared: Record<string, string[]> | null;
};

const howMany = defineDecisionKind<S, { max: number }, number>({
  name: 'how-many',
  role: 'choice',
  build: (_s, p) => ({ shape: 'number', prompt: label('X?', 'X?'), min: 0, max: p.max, defaultOnTimeout: 0 }),
  handle: (_s, _p, _c, _seat, answer) => (answer.shape === 'number' ? answer.value : -1),
});

const divide = defineDecisionKind<S, { total: number }, Record<string, number>>({
  name: 'divide',
  role: 'choice',
  build: (_s, p) => ({
    shape: 'distribute',
    prompt: label('Divide', 'Divide'),
    total: p.total,
    targets: ['a', 'b'].map((id) => ({ id, kind: 'target', role: 'choice' as const, label: label(id, id) })),
    minEach: 0,
    maxEach: p.total,
    allowLess: false,
    defaultOnTimeout: { a: p.total },
  }),
  handle: (_s, _p, _c, _seat, answer) => (answer.shape === 'distribute' ? answer.split : {}),
});

const declare = defineDecisionKind<S, Record<string, never>, Record<string, string[]>>({
  name: 'declare',
  role: 'choice',
  build: () => ({
    shape: 'declare',
    prompt: label('Declare', 'Declare'),
    slots: [
      {
        id: 'u1',
        label: label('u1', 'u1'),
        options: [{ id: 'go', kind: 'go', role: 'choice', label: label('go', 'go') }],
        min: 0,
        max: 1,
      },
    ],
    draft: {},
    problem: null,
    canGoBack: false,
    defaultOnTimeout: {},
  }),
  handle: (_s, _p, _c, _seat, answer) => (answer.shape === 'declare' && 'declare' in answer ? answer.declare : {}),
});

const root = defineProcedure<S, Record<string, never>, null>({
  kind: 'root',
  first: 'a',
  steps: {
    a: () => ask(howMany, 'p1', { max: 5 }, 'b'),
    b(s, { ret }) {
      s.x = answerOf(howMany, ret);
      return ask(divide, 'p2', { total: s.x }, 'c');
    },
    c(s, { ret }) {
      s.split = answerOf(divide, ret);
      return ask(declare, 'p1', {}, 'd');
    },
    d(s, { ret }) {
      s.declared = answerOf(declare, ret);
      s.result = { kind: 'draw', reason: 'done', rule: 'test' };
      return { goto: 'a' };
    },
  },
});

describe('kernel decisions of every shape', () => {
  const kernel = createKernel<S>({ procedures: [root], decisions: [howMany, divide, declare], loopRule: 'test' });
  const start = (): S => {
    const s: S = {
      game: 'test',
      version: 0,
      result: null,
      procedures: emptyStack(),
      x: null,
      split: null,
      declared: null,
    };
    kernel.start(s, root, {});
    return s;
  };

  it('builds each shape whole and hands the validated answer to handle', () => {
    let s = start();
    const n = kernel.pending(s);
    expect(n).toMatchObject({ shape: 'number', min: 0, max: 5, player: 'p1', kind: 'how-many' });
    s = kernel.answer(s, 'p1', { decisionId: n?.id ?? '', choose: [], number: 3 });
    expect(s.x).toBe(3);
    const d = kernel.pending(s);
    expect(d).toMatchObject({ shape: 'distribute', total: 3 });
    s = kernel.answer(s, 'p2', { decisionId: d?.id ?? '', choose: [], split: { a: 1, b: 2 } });
    expect(s.split).toEqual({ a: 1, b: 2 });
    const c = kernel.pending(s);
    expect(c).toMatchObject({ shape: 'declare', draft: {}, problem: null });
    s = kernel.answer(s, 'p1', { decisionId: c?.id ?? '', choose: [], declare: { u1: ['go'] } });
    expect(s.declared).toEqual({ u1: ['go'] });
  });

  it('refuses an answer outside the shape before the game sees it (state untouched)', () => {
    const s = start();
    const n = kernel.pending(s);
    expect(() => kernel.answer(s, 'p1', { decisionId: n?.id ?? '', choose: [], number: 9 })).toThrow(IllegalAction);
    expect(() => kernel.answer(s, 'p1', { decisionId: n?.id ?? '', choose: ['x'] })).toThrow(IllegalAction);
    expect(s.x).toBeNull();
  });
});
