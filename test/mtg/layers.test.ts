/** MTG characteristics through the kernel's layer fold (CR 613) as the engine reads them mid-step. */
import { describe, expect, it } from 'vitest';
import { legalActions } from '../../src/engine/games/mtg/actions.ts';
import { manaSources } from '../../src/engine/games/mtg/mana.ts';
import {
  addCounters,
  attach,
  hasKeyword,
  isSummoningSick,
  keywordsOf,
  moveObject,
  powerOf,
  toughnessOf,
} from '../../src/engine/games/mtg/state.ts';
import { duel, put } from './helpers.ts';

describe('characteristics through the layers', () => {
  it('613.3d: counters added to the same state object show at once (the fold is not stale)', () => {
    const s = duel(['gatewarden-recruit']);
    const recruit = put(s, 'p1', 'gatewarden-recruit', 'battlefield');
    expect(powerOf(s, recruit)).toBe(1);
    addCounters(s, recruit, '+1/+1', 2);
    expect([powerOf(s, recruit), toughnessOf(s, recruit)]).toEqual([3, 4]);
    addCounters(s, recruit, '-1/-1', 1);
    expect([powerOf(s, recruit), toughnessOf(s, recruit)]).toEqual([2, 3]);
  });

  it('604.1: a static ability entering or leaving in the same state object changes what others have', () => {
    const s = duel(['cinderclaw-raider', 'kiln-warchief']);
    const raider = put(s, 'p1', 'cinderclaw-raider', 'battlefield', true);
    expect(isSummoningSick(s, raider)).toBe(true);
    const chief = put(s, 'p1', 'kiln-warchief', 'hand');
    moveObject(s, chief, 'battlefield');
    expect(powerOf(s, raider)).toBe(3);
    expect(hasKeyword(s, raider, 'haste')).toBe(true);
    expect(isSummoningSick(s, raider)).toBe(false); // CR 702.10b
    moveObject(s, chief, 'graveyard');
    expect(powerOf(s, raider)).toBe(2);
    expect(keywordsOf(s, raider)).toEqual([]);
  });

  it('613.6a: a permanent takes a new timestamp each time it enters', () => {
    const s = duel(['fernstep-elk']);
    const elk = put(s, 'p1', 'fernstep-elk', 'hand');
    moveObject(s, elk, 'battlefield');
    const first = s.objects[elk]?.timestamp;
    moveObject(s, elk, 'hand');
    expect(s.objects[elk]?.timestamp).toBeUndefined();
    moveObject(s, elk, 'battlefield');
    expect(s.objects[elk]?.timestamp).toBeGreaterThan(first ?? Number.POSITIVE_INFINITY);
  });

  it('613.1f: a creature that loses all abilities has neither its activated nor its mana abilities (ruling B36)', () => {
    const s = duel(['rootweave-druid', 'tidewhisper-adept', 'stillwater-shroud']);
    const druid = put(s, 'p1', 'rootweave-druid', 'battlefield');
    const adept = put(s, 'p1', 'tidewhisper-adept', 'battlefield');
    const shroud = put(s, 'p1', 'stillwater-shroud', 'battlefield');
    const acts = () => legalActions(s, 'p1').map((o) => o.id);
    expect(acts()).toContain(`act:${adept}:0`);
    expect(manaSources(s, 'p1').sources.map((x) => x.id)).toContain(druid);
    attach(s, shroud, adept);
    expect(acts()).not.toContain(`act:${adept}:0`);
    attach(s, shroud, druid);
    expect(acts()).toContain(`act:${adept}:0`);
    expect(manaSources(s, 'p1').sources.map((x) => x.id)).not.toContain(druid);
  });
});
