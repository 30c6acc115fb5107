// Ruling R123: an optional replacement of a card's move from the field (NOVA 802.1.3.1.3) stops the resolution or
// the payment that makes the move; the paused game is plain data, so a saved copy answers exactly as the live one.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stateHash } from '../../src/engine/core/hash.ts';
import { nova } from '../../src/engine/games/nova/index.ts';
import { parseNovaScenario, runNovaScenario } from '../../src/engine/games/nova/scenario/hooks.ts';
import type { NovaState } from '../../src/engine/games/nova/state.ts';

/** A scenario file's setup and script up to (not including) its first answer to the move replacement. */
function pausedAt(file: string): NovaState {
  const text = readFileSync(new URL(`../scenarios/nova/${file}`, import.meta.url), 'utf8');
  const cut = text.slice(0, text.indexOf('  - { player: p1, do: yes'));
  const result = runNovaScenario(parseNovaScenario(`${cut}expect: {}\n`, file));
  expect(result.failures).toEqual([]);
  return result.state;
}

describe('NOVA optional replacements of a move from the field (R123)', () => {
  for (const file of [
    '802.1.3.1.3-mirewake-revenant-may-replace-a-send-to-the-graveyard.yaml',
    '802.1.3.1.3-veilbound-sentry-may-replace-its-exclusion.yaml',
    '902.12-emberveil-penitent-replaced-exclusion-cost-is-still-paid.yaml',
  ])
    it(`pauses as data and goes on where it stopped: ${file}`, () => {
      const s = pausedAt(file);
      const p = nova.pending(s);
      expect(p?.kind).toBe('move-replacement');
      const saved = JSON.parse(JSON.stringify(s)) as NovaState;
      expect(stateHash(saved)).toBe(stateHash(s));
      const pendingSaved = nova.pending(saved);
      expect(pendingSaved).toEqual(p);
      for (const choice of p?.options.map((o) => o.id) ?? []) {
        const live = nova.apply(s, 'p1', { decisionId: p?.id ?? '', choose: [choice] });
        const again = nova.apply(saved, 'p1', { decisionId: p?.id ?? '', choose: [choice] });
        expect(stateHash(again)).toBe(stateHash(live));
        expect(nova.pending(live)?.kind).not.toBe('move-replacement');
      }
    });
});
