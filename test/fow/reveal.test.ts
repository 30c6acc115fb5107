// Ruling F-REVEAL: the reveal window of [Trigger] and [Stealth] leaks no hidden identity. The reveal scenarios are
// replayed step by step and every view checked the way the fuzzer checks it (hidden ids, hidden card names).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BaseState } from '../../src/engine/core/game.ts';
import { type SeenCards, viewLeaks } from '../../src/engine/fuzz/random-play.ts';
import { fow } from '../../src/engine/games/fow/index.ts';
import type { FowLogEntry, FowState } from '../../src/engine/games/fow/state.ts';
import { loadScenario } from '../../src/engine/scenario/runner.ts';
import { choose, optionIds, passUntil, pending, put } from './helpers.ts';

const FILES = [
  '1113.2b-trigger-revealed-on-attack.yaml',
  '708.2-reveal-window-leaks-nothing.yaml',
  '708.4-trigger-from-standby-free.yaml',
  '708.4-trigger-from-hand-needs-its-cost.yaml',
  '1114.2-stealth-played-free.yaml',
  '1113.2b-trigger-on-a-chant-cancels-it.yaml',
  '1114.2-stealth-on-a-chant-played-free.yaml',
  '708.2-chant-window-leaks-nothing.yaml',
  '708.4-chant-trigger-needs-its-cost.yaml',
];

const isFow = (s: BaseState): s is FowState => s.game === 'fow';

describe('F-REVEAL: the reveal window leaks nothing', () => {
  for (const file of FILES) {
    it(file, () => {
      const text = readFileSync(new URL(`../scenarios/fow/${file}`, import.meta.url), 'utf8');
      const { plan } = loadScenario(text, file);
      let s = plan.start;
      const seen: SeenCards = new Map();
      const leaks: string[] = [];
      const reveals = new Set<string>();
      for (const [i, step] of plan.steps.entries()) {
        if (step.kind !== 'apply') continue;
        s = step.apply(s);
        if (!isFow(s)) throw new Error('not a Force of Will state');
        leaks.push(...viewLeaks(fow, s, `step ${i + 1}`, seen));
        const p = fow.pending(s);
        // Being asked to reveal depends only on public counts: the asked player holds some card.
        if (p?.kind === 'reveal') {
          reveals.add(p.id); // a refused step leaves the same decision pending
          const held = s.players[p.player].hand.length + s.players[p.player].standby.length;
          expect(held).toBeGreaterThan(0);
        }
      }
      expect(leaks).toEqual([]);
      expect(reveals.size).toBe(1);
    });
  }
});

// Ruling F-FABLE-CHOICE: 1005.1 with two Fable cards in the extra deck (a legal deck with the pool's Grimoire 1
// rulers holds one, so the second is put there, as a Grimoire above 1 would bring it).
describe('1005.1: choosing one of several Fable cards to reveal', () => {
  it('the controller chooses; the opponent learns the chosen card only, and no view leaks the other', () => {
    const file = '1005.1-judgment-reveal-lasts-its-resolution.yaml';
    const { plan } = loadScenario(readFileSync(new URL(`../scenarios/fow/${file}`, import.meta.url), 'utf8'), file);
    if (!isFow(plan.start)) throw new Error('not a Force of Will state');
    let s: FowState = structuredClone(plan.start);
    const [bell] = s.players.p1.extra;
    const lantern = put(s, 'p1', 'tale-of-the-ember-lantern', 'extra');
    s.known = { ...s.known, p2: (s.known.p2 ?? []).filter((id) => id !== lantern) };
    s = choose(s, 'judgment');
    s = passUntil(s, (x) => fow.pending(x)?.kind === 'reveal-fable');
    const p = pending(s);
    expect(p.player).toBe('p1');
    expect(JSON.stringify(p.prompt)).toContain('1005.1');
    expect(optionIds(s).sort()).toEqual([`card:${bell}`, `card:${lantern}`].sort());
    const seen: SeenCards = new Map();
    expect(viewLeaks(fow, s, 'asked', seen)).toEqual([]);
    s = choose(s, `card:${lantern}`);
    expect(s.known.p2 ?? []).toContain(lantern);
    expect(s.known.p2 ?? []).not.toContain(bell);
    expect(s.log.filter((e: FowLogEntry) => e.type === 'reveal-extra').map((e: FowLogEntry) => e.object)).toEqual([
      lantern,
    ]);
  });
});
