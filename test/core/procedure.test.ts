import { describe, expect, it } from 'vitest';
import { cloneJson } from '../../src/engine/core/clone.ts';
import { asPick } from '../../src/engine/core/decision.ts';
import { answerOf, ask, defineDecisionKind, defineDeclarationKind } from '../../src/engine/core/decision-kinds.ts';
import { IllegalAction, UnsupportedRule } from '../../src/engine/core/errors.ts';
import type { DecisionResponse } from '../../src/engine/core/game.ts';
import { stateHash } from '../../src/engine/core/hash.ts';
import { label } from '../../src/engine/core/label.ts';
import {
  call,
  createKernel,
  defineProcedure,
  emptyStack,
  inTransaction,
  type Procedure,
  type ProcedureState,
  pushFrame,
  resultOf,
  rewind,
  transactionProcedure,
} from '../../src/engine/core/procedure.ts';

/** A counting game: the kernel's test bed. (`game` pretends to be NOVA until game ids are open to test games.) */
type CountState = ProcedureState & { total: number; trail: string[]; tokens: string[] };

const fresh = (): CountState => ({
  game: 'nova',
  version: 0,
  result: null,
  procedures: emptyStack(),
  total: 0,
  trail: [],
  tokens: [],
});

/** "Add how much?" 1..max; an answer of exactly 2 is refused as a whole (a stand-in for a rule on the whole answer). */
const howMuch = defineDecisionKind<CountState, { max: number }, number>({
  name: 'how-much',
  role: 'choice',
  build: (_s, payload) => ({
    prompt: label('How much?', 'いくつ?'),
    options: Array.from({ length: payload.max }, (_, i) => ({
      id: `n${i + 1}`,
      kind: 'number',
      role: 'choice' as const,
      label: label(`${i + 1}`, `${i + 1}`),
    })),
    min: 1,
    max: 1,
    defaultOnTimeout: ['n1'],
  }),
  handle: (s, _payload, chosen) => {
    const n = Number((chosen[0] ?? 'n0').slice(1));
    if (n === 2) throw new IllegalAction(label('Not two.', '2以外。'));
    s.trail.push(`answered ${n}`);
    return n;
  },
});

/** Doubles its input, through a nested call to itself when asked to (depth). */
const double: Procedure<CountState, { n: number; depth: number }, number> = defineProcedure<
  CountState,
  { n: number; depth: number },
  number
>({
  kind: 'double',
  first: 'go',
  steps: {
    go: (s, { data }) => {
      s.trail.push(`double ${data.n} at ${data.depth}`);
      if (data.depth > 0) return call(double, { n: data.n, depth: data.depth - 1 }, 'inner');
      return { return: data.n * 2 };
    },
    inner: (_s, { ret }) => ({ return: resultOf(double, ret) }),
  },
});

/** Takes a token, asks, and is rewound when the answer is 3 (the "illegal play"). */
const risky = defineProcedure<CountState, { token: string }, string>({
  kind: 'risky',
  first: 'take',
  steps: {
    take: (s, { data }) => {
      s.tokens.push(data.token);
      s.total += 100;
      return ask(howMuch, 'p2', { max: 3 }, 'check');
    },
    check: (_s, { ret }) => (answerOf(howMuch, ret) === 3 ? rewind('TEST 721.1') : { return: 'kept' }),
  },
});

const tx = transactionProcedure<CountState>();

/** The root: add a doubled number, ask how much more, once in a transaction; the game ends at 30 or more. */
const root = defineProcedure<CountState, { round: number }>({
  kind: 'root',
  first: 'start',
  steps: {
    start: (_s, { data }) => call(double, { n: data.round, depth: data.round % 3 }, 'doubled'),
    doubled: (s, { ret }) => {
      s.total += resultOf(double, ret);
      return ask(howMuch, 'p1', { max: 4 }, 'added');
    },
    added: (s, { data, ret }) => {
      s.total += answerOf(howMuch, ret);
      data.round += 1;
      if (data.round === 2) return inTransaction(tx, risky, { token: `t${data.round}` }, 'after-risk');
      return { goto: 'end-check' };
    },
    'after-risk': (s, { ret }) => {
      const r = resultOf(tx, ret);
      s.trail.push(r.rewound ? `rewound by ${r.rule}` : 'kept');
      return { goto: 'end-check' };
    },
    'end-check': (s) => {
      if (s.total >= 30) s.result = { kind: 'win', winner: 'p1', reason: 'done', rule: 'TEST' };
      return { goto: 'start' };
    },
  },
});

const kernel = createKernel<CountState>({
  procedures: [root, double, risky, tx],
  decisions: [howMuch],
  loopRule: 'TEST 104.4b',
});

const begin = (): CountState => {
  const s = fresh();
  kernel.start(s, root, { round: 0 });
  return s;
};

const pick = (s: CountState, id: string): DecisionResponse => ({ decisionId: `v${s.version}`, choose: [id] });

/** Plays a fixed list of answers (each answered by whoever is asked). */
function play(answers: string[], pause?: (s: CountState) => CountState): CountState[] {
  let s = begin();
  const states = [s];
  for (const a of answers) {
    const p = kernel.pending(s);
    if (!p) break;
    s = kernel.answer(s, p.player, pick(s, a));
    if (pause) s = pause(s);
    states.push(s);
  }
  return states;
}

describe('procedure stack: the driver', () => {
  it('runs calls, returns and gotos until the first decision, and derives the pending decision from the frame', () => {
    const s = begin();
    expect(s.total).toBe(0); // round 0 doubles 0
    expect(s.trail).toEqual(['double 0 at 0']);
    expect(kernel.describe(s)).toBe('root:added?how-much');
    const p = asPick(kernel.pending(s));
    expect(p).toMatchObject({ id: 'v0', player: 'p1', kind: 'how-much', min: 1, max: 1 });
    expect(p?.options.map((o) => o.id)).toEqual(['n1', 'n2', 'n3', 'n4']);
    expect(kernel.check(s)).toEqual([]);
  });

  it('hands a nested call result up through every frame (call → call → return → return)', () => {
    const [, after] = play(['n4']);
    // round 1: depth 1, so double calls double once before returning 1 * 2.
    expect(after?.trail).toEqual(['double 0 at 0', 'answered 4', 'double 1 at 1', 'double 1 at 0']);
    expect(after?.total).toBe(4 + 2);
    expect(kernel.describe(after as CountState)).toBe('root:added?how-much');
  });

  it('refuses a stale, foreign or illegal answer and leaves the state untouched', () => {
    const s = begin();
    const before = stateHash(s);
    expect(() => kernel.answer(s, 'p1', { decisionId: 'v9', choose: ['n1'] })).toThrow(IllegalAction);
    expect(() => kernel.answer(s, 'p2', pick(s, 'n1'))).toThrow(IllegalAction);
    expect(() => kernel.answer(s, 'p1', pick(s, 'n2'))).toThrow(/Not two/);
    expect(stateHash(s)).toBe(before);
  });

  it('clears a returned value after the one step that reads it', () => {
    const s = begin();
    for (const f of s.procedures.frames) expect(f.ret).toBeUndefined();
    const after = kernel.answer(s, 'p1', pick(s, 'n1'));
    for (const f of after.procedures.frames) expect(f.ret).toBeUndefined();
  });

  it('stops at the depth cap and names the stack', () => {
    const deep = createKernel<CountState>({
      procedures: [root, double, risky, tx],
      decisions: [howMuch],
      loopRule: 'TEST',
      maxDepth: 3,
    });
    const s = fresh();
    expect(() => deep.start(s, double, { n: 1, depth: 5 })).toThrow(
      'procedure stack deeper than 3 calling "double": double:inner > double:inner > double:inner',
    );
  });

  it('ends a loop that never asks anything with the result the game sets in endLoop (FoW 1301.1c)', () => {
    const spin = defineProcedure<CountState, { n: number }>({
      kind: 'spin',
      first: 'a',
      steps: { a: () => ({ goto: 'a' }) },
    });
    const endLoop = (d: CountState) => {
      d.result = { kind: 'draw', reason: 'loop', rule: 'TEST 1301.1c' };
    };
    const k = createKernel<CountState>({ procedures: [spin], decisions: [], loopRule: 'TEST', maxSteps: 50, endLoop });
    const s = fresh();
    k.start(s, spin, { n: 0 });
    expect(s.result).toEqual({ kind: 'draw', reason: 'loop', rule: 'TEST 1301.1c' });
    const quiet = createKernel<CountState>({
      procedures: [spin],
      decisions: [],
      loopRule: 'TEST',
      maxSteps: 50,
      endLoop: () => {},
    });
    expect(() => quiet.start(fresh(), spin, { n: 0 })).toThrow(UnsupportedRule);
  });

  it('reports a loop that never asks anything as an unsupported rule', () => {
    const spin = defineProcedure<CountState, { n: number }>({
      kind: 'spin',
      first: 'a',
      steps: { a: () => ({ goto: 'b' }), b: () => ({ goto: 'a' }) },
    });
    const k = createKernel<CountState>({ procedures: [spin], decisions: [], loopRule: 'TEST 104.4b', maxSteps: 50 });
    const err = (() => {
      try {
        k.start(fresh(), spin, { n: 0 });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(UnsupportedRule);
    expect((err as UnsupportedRule).rule).toBe('TEST 104.4b');
  });

  it('lists each procedure version (1 unless the definition says otherwise)', () => {
    const v2 = defineProcedure<CountState, { n: number }>({
      kind: 'v2',
      version: 2,
      first: 'a',
      steps: { a: () => ({ return: null }) },
    });
    const k = createKernel<CountState>({ procedures: [root, v2], decisions: [], loopRule: 'T' });
    expect(k.versions()).toEqual({ root: 1, v2: 2 });
  });

  it('refuses two procedures or two decision kinds of the same name, and an await of an unknown kind', () => {
    expect(() => createKernel<CountState>({ procedures: [double, double], decisions: [], loopRule: 'T' })).toThrow(
      /registered twice/,
    );
    expect(() => createKernel<CountState>({ procedures: [], decisions: [howMuch, howMuch], loopRule: 'T' })).toThrow(
      /registered twice/,
    );
    const k = createKernel<CountState>({ procedures: [root, double], decisions: [], loopRule: 'T' });
    expect(() => k.start(fresh(), root, { round: 0 })).toThrow('no decision kind "how-much" is registered');
  });

  it('check() reports frames the registry does not know and a stack with nothing awaited', () => {
    const s = begin();
    const broken = cloneJson(s);
    broken.procedures.frames.push({ id: 99, kind: 'nope', step: 'x', data: {} });
    expect(kernel.check(broken)).toEqual([
      'frame 0 awaits a decision below the top'.replace('0', String(s.procedures.frames[0]?.id)),
      'frame 99: unknown procedure "nope"',
      'frame 99: id not below nextFrameId',
      'the stack is not empty but nothing awaits a decision: root:added?how-much > nope:x',
    ]);
  });

  it('check() reports frame data that would not survive a save', () => {
    const s = begin();
    const bottom = s.procedures.frames[0];
    if (!bottom) throw new Error('no frame');
    bottom.data.round = Number.NaN;
    expect(kernel.check(s)).toEqual(['a frame would not survive a save: frames[0].data.round: NaN is not JSON']);
  });

  it('gives a child its own copy of the data it was called with', () => {
    const shared = { n: 3, depth: 0 };
    const s = fresh();
    kernel.start(s, double, shared);
    shared.n = 99;
    expect(s.trail).toEqual(['double 3 at 0']);
  });
});

describe('procedure stack: a game driving the kernel itself', () => {
  it('pushFrame begins a procedure without running it; run then drives it', () => {
    const s = fresh();
    pushFrame(s, root, { round: 0 });
    expect(kernel.describe(s)).toBe('root:start');
    expect(s.trail).toEqual([]);
    expect(s.procedures.nextFrameId).toBe(2);
    kernel.run(s);
    expect(kernel.describe(s)).toBe('root:added?how-much');
    expect(stateHash(s)).toBe(stateHash(begin()));
  });

  it('pushFrame refuses to go past the depth cap', () => {
    const s = fresh();
    for (let i = 0; i < 3; i++) pushFrame(s, double, { n: 1, depth: 0 }, 3);
    expect(() => pushFrame(s, double, { n: 1, depth: 0 }, 3)).toThrow(/deeper than 3/);
  });

  it('receive hands the answer to the awaiting frame without running on; run goes on as answer would', () => {
    const s = begin();
    const draft = cloneJson(s);
    kernel.receive(draft, 'p1', ['n4']);
    expect(draft.trail).toEqual(['double 0 at 0', 'answered 4']); // handled, nothing after it ran
    expect(kernel.describe(draft)).toBe('root:added');
    expect(kernel.pending(draft)).toBeNull();
    draft.version += 1;
    kernel.run(draft);
    expect(draft).toEqual(kernel.answer(s, 'p1', pick(s, 'n4')));
  });
});

describe('procedure stack: transactions (CR 721)', () => {
  it('rewinds everything the body did when it returns rewind, keeping the decision count', () => {
    // round 0 answer 1, round 1 answer 1 → round 2 opens the transaction: the body takes a token, then asks p2.
    const states = play(['n1', 'n1']);
    const beforeTx = states[1] as CountState;
    const inTx = states[2] as CountState;
    expect(kernel.describe(inTx)).toBe('root:after-risk > transaction:end > risky:check?how-much');
    expect(inTx.tokens).toEqual(['t2']);
    expect(inTx.total).toBe(beforeTx.total + 1 + 100); // the answer, then the body's +100
    const rewound = kernel.answer(inTx, 'p2', pick(inTx, 'n3'));
    expect(rewound.tokens).toEqual([]);
    // Back to the total before the play (4), then round 2's double of 2 is added before the next question.
    expect(rewound.total).toBe(inTx.total - 100 + 4);
    expect(rewound.trail.slice(-4)).toEqual([
      'rewound by TEST 721.1',
      'double 2 at 2',
      'double 2 at 1',
      'double 2 at 0',
    ]);
    expect(rewound.trail).not.toContain('answered 3'); // the answer's own changes are rewound too
    expect(rewound.version).toBe(inTx.version + 1);
    expect(kernel.describe(rewound)).toBe('root:added?how-much');
  });

  it('keeps what the body did when it finishes normally', () => {
    const states = play(['n1', 'n1', 'n1']);
    const after = states[3] as CountState;
    expect(after.tokens).toEqual(['t2']);
    expect(after.trail).toContain('kept');
  });

  it('restores keys the body added and removes nothing it did not add', () => {
    const addKey = defineProcedure<CountState & { extra?: number }, { token: string }, null>({
      kind: 'risky',
      first: 'take',
      steps: {
        take: (s) => {
          s.extra = 1;
          return rewind('TEST');
        },
      },
    });
    const txx = transactionProcedure<CountState & { extra?: number }>();
    const starter = defineProcedure<CountState & { extra?: number }, { token: string }>({
      kind: 'root',
      first: 'a',
      steps: {
        a: () => inTransaction(txx, addKey, { token: 'x' }, 'b'),
        b: () => ask(howMuch, 'p1', { max: 1 }, 'a'),
      },
    });
    const k = createKernel<CountState & { extra?: number }>({
      procedures: [starter, addKey, txx],
      decisions: [howMuch],
      loopRule: 'T',
    });
    const s: CountState & { extra?: number } = fresh();
    k.start(s, starter, { token: '' });
    expect('extra' in s).toBe(false);
    expect(s.total).toBe(0);
  });
});

describe('procedure stack: saving at any pause', () => {
  const answers = ['n1', 'n4', 'n3', 'n1', 'n3', 'n4', 'n1', 'n4', 'n3', 'n4', 'n4'];
  it('a JSON round trip at every pause changes nothing: same hashes as the uninterrupted run', () => {
    const straight = play(answers).map(stateHash);
    const paused = play(answers, (s) => JSON.parse(JSON.stringify(s)) as CountState).map(stateHash);
    expect(paused).toEqual(straight);
    expect(straight.length).toBeGreaterThan(6);
    const last = play(answers).at(-1) as CountState;
    expect(last.result?.kind).toBe('win');
    expect(kernel.pending(last)).toBeNull();
  });
});

describe('declaration kinds: a compound declaration answered as a whole', () => {
  /** Up to three tokens, each sent (`go`) or kept; at most two may go (a restriction on the whole, CR 508.1c style). */
  const sendTokens = defineDeclarationKind<CountState, Record<string, never>, { sent: string[] } | { back: true }>({
    name: 'send-tokens',
    role: 'choice',
    build: () => ({
      prompt: label('Send tokens.', 'トークンを送る。'),
      slots: ['a', 'b', 'c'].map((id) => ({
        id,
        label: label(id, id),
        options: [{ id: 'go', kind: 'go', role: 'choice' as const, label: label('Go', '行く') }],
        min: 0,
        max: 1,
      })),
      canGoBack: true,
      defaultOnTimeout: {},
    }),
    check: (_s, _payload, declare) => {
      const going = Object.keys(declare).filter((k) => declare[k]?.includes('go'));
      return going.length > 2 ? { rule: 'TEST 1', code: 'too-many', slots: going } : null;
    },
    handle: (s, _payload, answer) => {
      s.trail.push('back' in answer ? 'back' : 'accepted');
      return 'back' in answer
        ? { back: true }
        : { sent: Object.keys(answer.declare).filter((k) => answer.declare[k]?.includes('go')) };
    },
  });
  const sender = defineProcedure<CountState, Record<string, never>, null>({
    kind: 'sender',
    first: 'ask',
    steps: {
      ask: () => ask(sendTokens, 'p1', {}, 'answered'),
      answered(s, { ret }) {
        const answer = answerOf(sendTokens, ret);
        if ('back' in answer) return { goto: 'ask' };
        s.tokens = answer.sent;
        return { return: null };
      },
    },
  });
  const kernel = createKernel<CountState>({ procedures: [sender], decisions: [sendTokens], loopRule: 'TEST 9' });
  const started = () => {
    const s = fresh();
    kernel.start(s, sender, {});
    return s;
  };
  const declare = (s: CountState, map: Record<string, string[]>) =>
    kernel.answer(s, 'p1', { decisionId: `v${s.version}`, choose: [], declare: map });
  const control = (s: CountState, which: 'reset' | 'back') =>
    kernel.answer(s, 'p1', { decisionId: `v${s.version}`, choose: [], control: which });

  it('refuses an illegal whole as a logged decision: the same declaration, the draft kept, the problem named', () => {
    const s = started();
    expect(kernel.pending(s)).toMatchObject({ shape: 'declare', kind: 'send-tokens', draft: {}, problem: null });
    const all = { a: ['go'], b: ['go'], c: ['go'] };
    const refused = declare(s, all);
    expect(refused.version).toBe(1);
    expect(refused.trail).toEqual([]); // handle never saw it
    expect(kernel.pending(refused)).toMatchObject({
      id: 'v1',
      draft: all,
      problem: { rule: 'TEST 1', code: 'too-many', slots: ['a', 'b', 'c'] },
    });
    // The retry lives in the state: it survives a save and restore, and the input state is unchanged.
    expect(kernel.pending(JSON.parse(JSON.stringify(refused)) as CountState)).toEqual(kernel.pending(refused));
    expect(kernel.pending(s)).toMatchObject({ problem: null });
    // Reset clears it (also logged); then a legal whole is accepted and handed to the asking step.
    const reset = control(refused, 'reset');
    expect(kernel.pending(reset)).toMatchObject({ id: 'v2', draft: {}, problem: null });
    const done = declare(reset, { a: ['go'], c: ['go'] });
    expect(done.tokens).toEqual(['a', 'c']);
    expect(done.trail).toEqual(['accepted']);
    expect(kernel.pending(done)).toBeNull();
  });

  it('back reaches the asking step; malformed answers throw and change nothing', () => {
    const s = declare(started(), { a: ['go'], b: ['go'], c: ['go'] });
    const back = control(s, 'back');
    expect(back.trail).toEqual(['back']);
    expect(kernel.pending(back)).toMatchObject({ id: 'v2', draft: {}, problem: null }); // asked afresh
    expect(() => declare(back, { d: ['go'] })).toThrow(IllegalAction);
    expect(() => declare(back, { a: ['stay'] })).toThrow(IllegalAction);
    expect(() => kernel.answer(back, 'p1', { decisionId: 'v2', choose: ['go'] })).toThrow(IllegalAction);
    expect(() => kernel.answer(back, 'p2', { decisionId: 'v2', choose: [], declare: {} })).toThrow(IllegalAction);
    expect(back.version).toBe(2);
  });
});
