import { describe, expect, it } from 'vitest';
import { UnsupportedRule } from '../../src/engine/core/errors.ts';
import { nova } from '../../src/engine/games/nova/index.ts';
import { isForced, LOOP_WATCH_AFTER } from '../../src/engine/games/nova/loops.ts';
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

  it('still names 924.1.3 as unsupported for a forced loop that grows every time (no position repeats)', () => {
    let s = wispPosition('growing-wisp', '- { do: add-counter, counter: echo, count: 1 }');
    expect(() => {
      s = answerForced(s, 2000);
    }).toThrow(UnsupportedRule);
    try {
      answerForced(s, 2000);
    } catch (error) {
      expect((error as UnsupportedRule).rule).toBe('924.1.3');
    }
    expect(s.result).toBeNull();
  });

  it('keeps no watch in ordinary states, so their hashes are as before', () => {
    const s = wispPosition('loop-wisp', '');
    const p = nova.pending(s);
    if (!p) throw new Error('nothing pending');
    const next = nova.apply(s, p.player, { decisionId: p.id, choose: [p.options[0]?.id ?? ''] });
    expect(next.loopWatch?.forced).toBe(1);
    expect('loopWatch' in s).toBe(false);
  });
});
