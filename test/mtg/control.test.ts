/** Control change (CR 613.1b, layer 2): who controls a permanent is read through the layers, and what follows it. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lastKnown } from '../../src/engine/core/events.ts';
import { possibleAttackers } from '../../src/engine/games/mtg/decisions.ts';
import {
  controllerOf,
  creaturesOf,
  gainControl,
  isSummoningSick,
  type MtgLogEntry,
  type MtgState,
  moveObject,
  objectOf,
  permanentsOf,
} from '../../src/engine/games/mtg/state.ts';
import { choose, duel, passUntil, pendingOf, put, respond } from './helpers.ts';

const passBoth = (s: MtgState) => choose(choose(s, 'pass'), 'pass');

describe('gain control until end of turn (613.1b, 514.2, 302.6)', () => {
  it('Borrowed Fury: the creature is untapped, can attack with haste, and goes back in the cleanup step', () => {
    let s = duel(['borrowed-fury'], ['slagpit-ogre']);
    for (let i = 0; i < 3; i++) put(s, 'p1', 'mountain', 'battlefield');
    const ogre = put(s, 'p2', 'slagpit-ogre', 'battlefield');
    objectOf(s, ogre).tapped = true;
    const fury = put(s, 'p1', 'borrowed-fury', 'hand');
    s = choose(s, `cast:${fury}`);
    s = choose(s, `obj:${ogre}`);
    s = choose(s, 'auto');
    s = passBoth(s);
    expect(controllerOf(s, ogre)).toBe('p1');
    expect(objectOf(s, ogre).owner).toBe('p2');
    expect(objectOf(s, ogre).tapped).toBe(false);
    expect(creaturesOf(s, 'p1')).toContain(ogre);
    expect(creaturesOf(s, 'p2')).not.toContain(ogre);
    // CR 302.6: p1 has controlled it only since now, but it has haste (702.10b).
    expect(isSummoningSick(s, ogre)).toBe(false);
    for (let i = 0; i < 4; i++) s = choose(s, 'pass'); // main 1 and beginning of combat end
    expect(pendingOf(s).shape).toBe('declare');
    expect(possibleAttackers(s, 'p1')).toContain(ogre);
    s = respond(s, { declare: { [ogre]: ['attack'] } });
    expect(s.combat?.attackers[ogre]).toBeDefined();
    s = passUntil(s, 'upkeep', 'p2');
    // CR 514.2: the control change ended with the turn; p2 had it back before their turn began (302.6).
    expect(controllerOf(s, ogre)).toBe('p2');
    expect(isSummoningSick(s, ogre)).toBe(false);
    expect(s.log.some((e: MtgLogEntry) => e.type === 'control-returns' && e.object === ogre && e.seat === 'p2')).toBe(
      true,
    );
  });

  it('302.6: without haste, a creature whose control changed this turn cannot attack', () => {
    const s = duel([], ['slagpit-ogre']);
    const ogre = put(s, 'p2', 'slagpit-ogre', 'battlefield');
    expect(isSummoningSick(s, ogre)).toBe(false);
    gainControl(s, ogre, 'p1', 'end-of-turn');
    expect(isSummoningSick(s, ogre)).toBe(true);
    expect(possibleAttackers(s, 'p1')).not.toContain(ogre);
  });
});

describe('gain control for good (613.1b, 613.2 timestamps, 400.7)', () => {
  it('Tidebound Allegiance: control stays past the turn; p1 may attack with it on their next turn', () => {
    let s = duel(['tidebound-allegiance'], ['slagpit-ogre']);
    for (let i = 0; i < 5; i++) put(s, 'p1', 'island', 'battlefield');
    const ogre = put(s, 'p2', 'slagpit-ogre', 'battlefield');
    const spell = put(s, 'p1', 'tidebound-allegiance', 'hand');
    s = choose(s, `cast:${spell}`);
    s = choose(s, `obj:${ogre}`);
    s = choose(s, 'auto');
    s = passBoth(s);
    expect(controllerOf(s, ogre)).toBe('p1');
    expect(permanentsOf(s, 'p1')).toContain(ogre);
    s = passUntil(s, 'main1', 'p2');
    expect(controllerOf(s, ogre)).toBe('p1');
    // CR 502.3: p2's untap step does not untap what p1 controls.
    s = passUntil(s, 'main1', 'p1');
    expect(isSummoningSick(s, ogre)).toBe(false);
  });

  it('613.2: of two control changes, the later timestamp wins; when the later ends, the earlier applies again', () => {
    const s = duel([], ['slagpit-ogre']);
    const ogre = put(s, 'p2', 'slagpit-ogre', 'battlefield');
    gainControl(s, ogre, 'p1', 'indefinite');
    gainControl(s, ogre, 'p2', 'end-of-turn');
    expect(controllerOf(s, ogre)).toBe('p2');
    const t = passUntil(s, 'upkeep', 'p2');
    expect(controllerOf(t, ogre)).toBe('p1');
  });

  it('400.7: a control change follows only the object; the card returns to its owner and its owner controls it', () => {
    const s = duel([], ['slagpit-ogre']);
    const ogre = put(s, 'p2', 'slagpit-ogre', 'battlefield');
    gainControl(s, ogre, 'p1', 'indefinite');
    expect(s.controls).toHaveLength(1);
    moveObject(s, ogre, 'hand');
    expect(s.controls).toHaveLength(0);
    expect(controllerOf(s, ogre)).toBe('p2');
  });

  it('506.4: a creature whose controller changes is removed from combat', () => {
    let s = duel(['slagpit-ogre']);
    const ogre = put(s, 'p1', 'slagpit-ogre', 'battlefield');
    for (let i = 0; i < 4; i++) s = choose(s, 'pass'); // main 1 and beginning of combat end
    expect(pendingOf(s).shape).toBe('declare');
    s = respond(s, { declare: { [ogre]: ['attack'] } });
    expect(s.combat?.attackers[ogre]).toBeDefined();
    gainControl(s, ogre, 'p2', 'end-of-turn');
    expect(s.combat?.attackers[ogre]).toBeUndefined();
  });
});

/** The source with the bodies of the two functions allowed to read the field (the layers' input and the reader). */
function withoutReaders(text: string): string {
  let out = text;
  for (const head of ['function printedCharacteristics(', 'export function controllerOf(']) {
    const start = out.indexOf(head);
    if (start < 0) throw new Error(`state.ts has no ${head}`);
    const end = out.indexOf('\n}\n', start);
    out = out.slice(0, start) + out.slice(end + 3);
  }
  return out;
}

describe('one reader of control', () => {
  it('no engine, AI or render file reads the object field baseController except controllerOf (and the layers)', () => {
    const dirs = ['src/engine/games/mtg', 'src/engine/games/mtg/scenario', 'src/ai/policies', 'src/render/games'];
    const offenders: string[] = [];
    let scanned = 0;
    for (const dir of dirs)
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
        const raw = readFileSync(join(dir, file), 'utf8');
        const text = dir === 'src/engine/games/mtg' && file === 'state.ts' ? withoutReaders(raw) : raw;
        scanned += 1;
        text.split('\n').forEach((line) => {
          // Writes (`.baseController = x`: a spell cast or a permanent put onto the battlefield, CR 110.2) are allowed.
          if (/\.baseController\b(?!\s*=[^=])/.test(line)) offenders.push(`${dir}/${file}: ${line.trim()}`);
        });
      }
    expect(scanned).toBeGreaterThan(15);
    expect(offenders).toEqual([]);
  });
});

describe('a control-changing Aura (613.1b, 303.4e, 611.3b)', () => {
  function tether(s0: MtgState, creature: string): MtgState {
    for (let i = 0; i < 5; i++) put(s0, 'p1', 'island', 'battlefield');
    const aura = put(s0, 'p1', 'mindlash-tether', 'hand');
    return passBoth(choose(choose(choose(s0, `cast:${aura}`), `obj:${creature}`), 'auto'));
  }

  it('its controller controls the enchanted creature while it is attached; 302.6 restarts; leaving ends it', () => {
    const s0 = duel(['mindlash-tether'], ['slagpit-ogre']);
    const ogre = put(s0, 'p2', 'slagpit-ogre', 'battlefield');
    let s = tether(s0, ogre);
    expect(controllerOf(s, ogre)).toBe('p1');
    expect(isSummoningSick(s, ogre)).toBe(true);
    expect(possibleAttackers(s, 'p1')).not.toContain(ogre);
    const aura = s.battlefield.find((id) => objectOf(s, id).card === 'mindlash-tether') ?? '';
    s = structuredClone(s);
    moveObject(s, aura, 'graveyard');
    expect(controllerOf(s, ogre)).toBe('p2');
    expect(permanentsOf(s, 'p1')).not.toContain(ogre);
    // CR 302.6: p2's continuous control starts now (before p2's next turn begins, so it can attack then).
    expect(objectOf(s, ogre).controlledSince).toBe(s.turn.number);
  });

  it('608.2g: last-known information is read before the object leaves, through the layers (control and counters)', () => {
    const s0 = duel(['mindlash-tether'], ['slagpit-ogre']);
    const ogre = put(s0, 'p2', 'slagpit-ogre', 'battlefield');
    const s = structuredClone(tether(s0, ogre));
    objectOf(s, ogre).counters = { '+1/+1': 2 };
    const left = moveObject(s, ogre, 'graveyard');
    expect(lastKnown(s.events, left)).toMatchObject({ controller: 'p1', power: 6, toughness: 5 });
  });
});
