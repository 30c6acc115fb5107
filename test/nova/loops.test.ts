import { describe, expect, it } from 'vitest';
import { nova } from '../../src/engine/games/nova/index.ts';
import { endLoopWithoutDecision, isForced, LOOP_WATCH_AFTER } from '../../src/engine/games/nova/loops.ts';
import { parseNovaScenario } from '../../src/engine/games/nova/scenario/hooks.ts';
import { buildNovaPosition } from '../../src/engine/games/nova/scenario/position.ts';
import type { NovaState } from '../../src/engine/games/nova/state.ts';

/** A position with p1's servant that is destroyed at once (0 HP) and negates its own destruction when destroyed. */
function wispPosition(id: string, extraEffect: string): NovaState {
  return buildNovaPosition(
    parseNovaScenario(`
rule: loops
game: nova
cards:
  - id: test-${id}
    name: { en: Test ${id}, ja: テスト・${id} }
    type: servant
    color: white
    cost: { white: 1 }
    atk: 0
    hp: 0
    abilities:
      - kind: triggered
        when: destroyed
        effects:
          ${extraEffect}
          - { do: negate-destruction, to: { what: destroyed-servant, side: yours, mode: choose } }
    text: { en: "x", ja: "x" }
setup:
  p1: { field: [Test ${id}] }
`),
  );
}

function answerForced(s: NovaState, limit: number): NovaState {
  let state = s;
  for (let i = 0; i < limit; i++) {
    const p = nova.pending(state);
    if (!p || !isForced(p)) break;
    state = nova.apply(state, p.player, { decisionId: p.id, choose: p.options.map((o) => o.id) });
  }
  return state;
}

describe('NOVA 924 loops', () => {
  it('ends a forced loop that repeats a position once the watch has started (924.1.3)', () => {
    const s = answerForced(wispPosition('loop-wisp', ''), 1000);
    expect(s.result).toMatchObject({ kind: 'win', winner: 'p2', rule: '924.1.3' });
    expect(s.version).toBeGreaterThan(LOOP_WATCH_AFTER);
    expect(s.version).toBeLessThan(LOOP_WATCH_AFTER + 10);
    expect(s.loopWatch).toBeUndefined();
  });

  it('ends a forced loop that grows every time (no position repeats) after the watched span, its causer losing (924.1.3, R108)', () => {
    const s = answerForced(wispPosition('growing-wisp', '- { do: add-counter, counter: echo, count: 1 }'), 2000);
    expect(s.result).toMatchObject({ kind: 'win', winner: 'p2', reason: 'loop-caused', rule: '924.1.3' });
    // Not before the watch has compared its whole span: LOOP_WATCH_AFTER forced decisions, then 200 positions.
    expect(s.version).toBeGreaterThan(LOOP_WATCH_AFTER + 200);
    expect(s.loopWatch).toBeUndefined();
  });

  it('keeps no watch in ordinary states, so their hashes are as before', () => {
    const s = wispPosition('loop-wisp', '');
    const p = nova.pending(s);
    if (!p) throw new Error('nothing pending');
    const next = nova.apply(s, p.player, { decisionId: p.id, choose: [p.options[0]?.id ?? ''] });
    expect(next.loopWatch?.forced).toBe(1);
    expect('loopWatch' in s).toBe(false);
  });

  it("ends a loop that never reaches a decision with its causer's loss, both → a draw, none → unset (924.1.3, R112)", () => {
    const position = (waiting: string) =>
      buildNovaPosition(
        parseNovaScenario(`
rule: loops without decisions
game: nova
setup:
  p1:
    field: [Mossback Tortoise]
  waiting:
${waiting}`),
      );
    const p1Waits = position('    - { card: Flare Lance, controller: p1, targets: [p2] }\n');
    endLoopWithoutDecision(p1Waits);
    expect(p1Waits.result).toMatchObject({ kind: 'win', winner: 'p2', reason: 'loop-caused', rule: '924.1.3' });
    const bothWait = position(
      '    - { card: Flare Lance, controller: p1, targets: [p2] }\n    - { card: Flare Lance, controller: p2, targets: [p1] }\n',
    );
    endLoopWithoutDecision(bothWait);
    expect(bothWait.result).toMatchObject({ kind: 'draw', reason: 'loop-both' });
    const nothing = position('    []\n');
    endLoopWithoutDecision(nothing);
    expect(nothing.result).toBeNull(); // the kernel then throws UnsupportedRule('924.1.3')
  });
});
