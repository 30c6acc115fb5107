// Helpers the four deck-rules tests share: problems reduced to where they are and what they cite, after checking
// that every message exists in both languages with the same numbers.
import { expect } from 'vitest';
import type { DeckProblem } from '../../src/engine/core/game.ts';

export interface Cited {
  section: string;
  rule: string;
  card?: string;
}

const numbers = (s: string) => (s.match(/\d+/g) ?? []).sort();

/** Section, rule and card of each problem, in order; every message must be written in English and Japanese. */
export function cited(problems: readonly DeckProblem[]): Cited[] {
  for (const p of problems) {
    expect(p.message.en.length, p.rule).toBeGreaterThan(0);
    expect(p.message.ja, p.message.en).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    // Counts and limits read the same in both languages.
    expect(numbers(p.message.ja), p.message.en).toEqual(numbers(p.message.en));
  }
  return problems.map(({ section, rule, card }) => (card === undefined ? { section, rule } : { section, rule, card }));
}

/** `n` copies of each id, in order. */
export function copies(n: number, ...ids: string[]): string[] {
  return ids.flatMap((id) => Array<string>(n).fill(id));
}
