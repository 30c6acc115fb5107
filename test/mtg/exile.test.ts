/** The exile zone (CR 406): exiled cards are face up and public (406.3), in their owner's exile (406.2, 400.3). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mtg } from '../../src/engine/games/mtg/index.ts';
import { mtgScenarioPlan, parseMtgScenario } from '../../src/engine/games/mtg/scenario/hooks.ts';
import { mtgHiddenIds } from '../../src/engine/games/mtg/view.ts';
import { runPlan } from '../../src/engine/scenario/plan.ts';

const FILE = new URL('../scenarios/mtg/406.2-stolen-creature-exiled-to-its-owners-exile.yaml', import.meta.url);

describe('exile (CR 406)', () => {
  it('406.3: an exiled card is face up: every viewer sees which card it is, in its owner’s exile', () => {
    const result = runPlan(mtgScenarioPlan(parseMtgScenario(readFileSync(FILE, 'utf8'), 'exile')));
    expect(result.failures).toEqual([]);
    const s = result.state;
    const [exiled] = s.players.p2.exile;
    expect(exiled).toBeDefined();
    for (const viewer of [
      { kind: 'player', seat: 'p1' },
      { kind: 'player', seat: 'p2' },
      { kind: 'spectator' },
    ] as const) {
      const view = mtg.view(s, viewer);
      expect(view.players.p2.exile.map((o) => o.card)).toEqual(['dreadmaw-brute']);
      expect(view.players.p1.exile).toEqual([]);
      expect(mtgHiddenIds(s, viewer)).not.toContain(exiled);
    }
  });
});
