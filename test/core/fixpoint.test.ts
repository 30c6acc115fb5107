import { describe, expect, it } from 'vitest';
import { answerOf, ask, defineDecisionKind } from '../../src/engine/core/decision-kinds.ts';
import { UnsupportedRule } from '../../src/engine/core/errors.ts';
import { runUntilStable, settleStateChecks, stateCheckProcedure } from '../../src/engine/core/fixpoint.ts';
import { label } from '../../src/engine/core/label.ts';
import {
  call,
  createKernel,
  defineProcedure,
  emptyStack,
  type ProcedureState,
  resultOf,
} from '../../src/engine/core/procedure.ts';

/** Units that die at 0 toughness; a "mourner" loses 1 toughness for each other unit that dies (a chain). */
type Unit = { id: string; toughness: number; mourner?: boolean };
type Board = { units: Unit[]; graveyard: string[]; seen: string[][] };

describe('runUntilStable (NOVA rules processing: each check sees the ones before it)', () => {
  it('repeats passes until none changes anything', () => {
    const s = { n: 0 };
    let calls = 0;
    const step = (x: { n: number }): boolean => {
      calls += 1;
      if (x.n >= 3) return false;
      x.n += 1;
      return true;
    };
    runUntilStable(s, [step], 'TEST');
    expect(s.n).toBe(3);
    expect(calls).toBe(4); // three changing passes and one quiet one
  });

  it('throws UnsupportedRule when the checks never settle', () => {
    expect(() => runUntilStable({}, [() => true], 'TEST 704.3', 10)).toThrow(UnsupportedRule);
  });
});

const collect = (b: Board): string[] => b.units.filter((u) => u.toughness <= 0).map((u) => u.id);
const perform = (b: Board, dying: string[]): void => {
  b.seen.push(dying);
  b.units = b.units.filter((u) => !dying.includes(u.id));
  b.graveyard.push(...dying);
  for (const u of b.units) if (u.mourner) u.toughness -= dying.length;
};

describe('settleStateChecks (CR 704.3: collect all, perform all at once, repeat)', () => {
  it('performs every action of a pass together, then looks again', () => {
    const b: Board = {
      units: [
        { id: 'a', toughness: 0 },
        { id: 'b', toughness: 0 },
        { id: 'm', toughness: 2, mourner: true },
        { id: 'c', toughness: 1 },
      ],
      graveyard: [],
      seen: [],
    };
    expect(settleStateChecks(b, collect, perform, 'TEST 704.3')).toBe(2);
    // a and b die together (one pass); the mourner sees both at once and dies in the next pass.
    expect(b.seen).toEqual([['a', 'b'], ['m']]);
    expect(b.units.map((u) => u.id)).toEqual(['c']);
  });

  it('throws UnsupportedRule when it never settles', () => {
    const b: Board = { units: [], graveyard: [], seen: [] };
    expect(() =>
      settleStateChecks(
        b,
        () => ['x'],
        () => undefined,
        'TEST 704.3',
        5,
      ),
    ).toThrow(/did not settle after 5/);
  });
});

describe('stateCheckProcedure (the same loop as frames, with a choice inside a pass)', () => {
  type S = ProcedureState & Board & { keep: string | null };
  // A legend-rule-like choice: when two units die in one pass, their owner picks one to keep (TEST rule).
  const keepOne = defineDecisionKind<S, { ids: string[] }, string>({
    name: 'keep-one',
    role: 'choice',
    build: (_s, p) => ({
      prompt: label('Keep which?', 'どれを残す?'),
      options: p.ids.map((id) => ({ id, kind: 'card', role: 'choice' as const, label: label(id, id) })),
      min: 1,
      max: 1,
      defaultOnTimeout: p.ids.slice(0, 1),
    }),
    handle: (_s, _p, chosen) => chosen[0] ?? '',
  });
  const checks = stateCheckProcedure<S, string>({
    kind: 'sba',
    rule: 'TEST 704.3',
    collect,
    choose: (_s, found) => (found.length > 1 ? ask(keepOne, 'p1', { ids: found }, 'unused') : null),
    perform: (s, found, answer) => {
      const kept = typeof answer === 'string' ? answer : null;
      if (kept) {
        s.keep = kept;
        const unit = s.units.find((u) => u.id === kept);
        if (unit) unit.toughness = 1;
      }
      perform(
        s,
        found.filter((id) => id !== kept),
      );
    },
  });
  const root = defineProcedure<S, { passes: number }>({
    kind: 'root',
    first: 'check',
    steps: {
      check: () => call(checks, { found: [], passes: 0 }, 'done'),
      done: (_s, { data, ret }) => {
        data.passes = resultOf(checks, ret);
        return ask(keepOne, 'p2', { ids: ['end'] }, 'check');
      },
    },
  });
  const kernel = createKernel<S>({ procedures: [root, checks], decisions: [keepOne], loopRule: 'TEST' });

  it('pauses inside a pass for the choice, then performs the whole pass with it and goes on', () => {
    const s: S = {
      game: 'nova',
      version: 0,
      result: null,
      procedures: emptyStack(),
      units: [
        { id: 'a', toughness: 0 },
        { id: 'b', toughness: 0 },
        { id: 'm', toughness: 1, mourner: true },
      ],
      graveyard: [],
      seen: [],
      keep: null,
    };
    kernel.start(s, root, { passes: 0 });
    expect(kernel.describe(s)).toBe('root:done > sba:perform?keep-one');
    const after = kernel.answer(s, 'p1', { decisionId: 'v0', choose: ['b'] });
    expect(after.keep).toBe('b');
    expect(after.seen).toEqual([['a'], ['m']]);
    expect(after.units.map((u) => u.id)).toEqual(['b']);
    expect(kernel.describe(after)).toBe('root:check?keep-one');
    expect(after.procedures.frames[0]?.data).toEqual({ passes: 2 });
    expect(answerOf(keepOne, 'x')).toBe('x');
  });
});
