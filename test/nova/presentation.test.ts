import { describe, expect, it } from 'vitest';
import { canonicalJson, stateHash } from '../../src/engine/core/hash.ts';
import { seedRng } from '../../src/engine/core/rng.ts';
import { randomResponse } from '../../src/engine/fuzz/random-play.ts';
import { nova } from '../../src/engine/games/nova/index.ts';
import type { NovaState } from '../../src/engine/games/nova/state.ts';
import { gamePrecons, preconDeckList } from '../../src/engine/precons.ts';

/** Every state of one seeded random game, in order. */
function statesOfAGame(seed: string): NovaState[] {
  const [a, b] = gamePrecons('nova');
  let s = nova.setup({ game: 'nova', decks: { p1: preconDeckList(a!), p2: preconDeckList(b!) } }, seed);
  const states = [s];
  let rng = seedRng(seed);
  for (let i = 0; i < 5000 && !s.result; i++) {
    const p = nova.pending(s);
    if (!p) break;
    const [r, next] = randomResponse(p, rng, 0.7);
    rng = next;
    s = nova.apply(s, p.player, r);
    states.push(s);
  }
  return states;
}

describe('NOVA keeps words out of its states', () => {
  const states = statesOfAGame('presentation');

  it('stores no prompt, option label, log line or result reason: they are rendered when shown', () => {
    expect(states.at(-1)?.result).not.toBeNull();
    let checked = 0;
    for (const s of states) {
      expect(Object.hasOwn(s, 'pending')).toBe(false);
      const stored = canonicalJson(s); // what a snapshot holds, log included
      const p = nova.pending(s);
      if (p) {
        expect(stored).not.toContain(p.prompt.en);
        expect(stored).not.toContain(p.prompt.ja);
        for (const o of p.options) if (o.label.en.length > 12) expect(stored).not.toContain(o.label.en);
      }
      const previous = states[states.indexOf(s) - 1]?.log.at(-1)?.seq ?? 0;
      for (const line of nova.log(s, { kind: 'omniscient' }, previous)) {
        expect(stored).not.toContain(line.text.en);
        expect(stored).not.toContain(line.text.ja);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
    const result = states.at(-1)?.result;
    if (result) expect(typeof result.reason).toBe('string');
  });

  it('hashes the rules state only: the log may change without changing the hash', () => {
    for (const s of states.filter((_s, i) => i % 50 === 1)) {
      expect(s.log.length).toBeGreaterThan(0);
      expect(stateHash({ ...s, log: [] })).toBe(stateHash(s));
      expect(stateHash({ ...s, turn: { ...s.turn, number: s.turn.number + 1 } })).not.toBe(stateHash(s));
    }
  });

  it('builds each pending decision once per state, as the same object for every caller', () => {
    const s = states[Math.floor(states.length / 2)] as NovaState;
    const p = nova.pending(s);
    expect(p).not.toBeNull();
    expect(nova.pending(s)).toBe(p);
    // A state changed in place (as a scenario position is built) gets its decision rebuilt, not a stale one.
    const copy = { ...s };
    const before = nova.pending(copy);
    copy.version += 1;
    expect(nova.pending(copy)).not.toBe(before);
    expect(nova.pending(copy)?.id).toBe(`v${s.version + 1}`);
  });
});
