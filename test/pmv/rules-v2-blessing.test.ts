// Rules version 3 discards the card whose effect an unpaid Blessing nullified (§12.2.3, docs/rulings/pmv.md P43).
// A match recorded under version 2 (test/pmv/fixtures/pmv-v2-blessing.json, written by version 2's code) replays
// with the migration's setup option to every hash it stored; without it, the Blessing discards the character.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DecisionResponse, MatchSetup, Seat } from '../../src/engine/core/game.ts';
import { stateHash } from '../../src/engine/core/hash.ts';
import { pmv } from '../../src/engine/games/pmv/index.ts';
import type { PmvState } from '../../src/engine/games/pmv/state.ts';

type Fixture = {
  rulesVersion: number;
  setup: MatchSetup;
  seed: string;
  decisions: { seat: Seat; response: DecisionResponse; hash: string }[];
};
const fixture = JSON.parse(readFileSync('test/pmv/fixtures/pmv-v2-blessing.json', 'utf8')) as Fixture;
const blessing = fixture.decisions.findIndex((d) => d.response.choose?.includes('no-resist'));

/** Replays the fixture's decisions; the index of the first whose hash differs from the stored one (-1: none). */
function firstDivergence(options: Record<string, unknown>): { at: number; state: PmvState } {
  let s = pmv.setup({ ...fixture.setup, options: { ...fixture.setup.options, ...options } }, fixture.seed);
  for (const [i, d] of fixture.decisions.entries()) {
    s = pmv.apply(s, d.seat, d.response);
    if (stateHash(s) !== d.hash) return { at: i, state: s };
  }
  return { at: -1, state: s };
}

describe('PMV matches recorded under rules version 2 (§12.2.3, ruling P43)', () => {
  it('declare a replay with the option that keeps a nullified effect’s card', () => {
    expect(pmv.rulesVersion).toBe(3);
    for (const v of [1, 2])
      expect(pmv.migrations?.[v]).toEqual({ kind: 'replay', setupOptions: { discardNullifiedSource: false } });
    expect(fixture.rulesVersion).toBe(2);
    expect(blessing).toBeGreaterThan(0);
  });

  it('replay to every stored hash with the migration’s option, and play on', () => {
    const { at, state } = firstDivergence(pmv.migrations?.[2]?.setupOptions ?? {});
    expect(at).toBe(-1);
    expect(pmv.pending(state)).not.toBeNull();
  });

  it('under version 3’s rules, the same decisions discard the character at the unpaid Blessing', () => {
    const replayTo = (options: Record<string, unknown>) => {
      let s = pmv.setup({ ...fixture.setup, options: { ...fixture.setup.options, ...options } }, fixture.seed);
      for (const d of fixture.decisions.slice(0, blessing + 1)) s = pmv.apply(s, d.seat, d.response);
      return s.players.p1.netherworld.filter((id) => s.objects[id]?.card === 'shrine-warden-aoi').length;
    };
    expect(replayTo({})).toBe(replayTo({ discardNullifiedSource: false }) + 1);
  });
});
