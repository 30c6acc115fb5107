import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breakLines } from '../../src/render/wrap.ts';

// One unit per character keeps the expectations readable.
const measure = (s: string) => Array.from(s).length;

describe('line breaking', () => {
  it('breaks English at spaces', () => {
    expect(breakLines('Deal 100 damage to a target servant.', 16, measure)).toEqual([
      'Deal 100 damage',
      'to a target',
      'servant.',
    ]);
  });

  it('splits a word longer than the line by characters', () => {
    expect(breakLines('Runeboundcolossus', 8, measure)).toEqual(['Runeboun', 'dcolossu', 's']);
  });

  it('breaks Japanese between characters but never starts a line with closing punctuation', () => {
    const lines = breakLines('このカードを場に置く。カードを1枚引く。', 6, measure);
    expect(lines.join('')).toBe('このカードを場に置く。カードを1枚引く。');
    for (const line of lines) expect(line.startsWith('。')).toBe(false);
    expect(lines[1]).toBe('場に置く。');
  });

  it('never ends a line with an opening bracket', () => {
    const lines = breakLines('あいうえ「お」かきく', 5, measure);
    for (const line of lines) expect(line.endsWith('「')).toBe(false);
  });

  it('keeps explicit newlines as paragraph breaks', () => {
    expect(breakLines('Gale\nQuick Chant', 40, measure)).toEqual(['Gale', 'Quick Chant']);
  });

  it('loses no visible character and never exceeds the width', () => {
    const text = fc.array(fc.constantFrom('a', 'bc', ' ', 'カ', '。', '「', 'ー', '漢', 'word', '\n'), {
      maxLength: 40,
    });
    fc.assert(
      fc.property(text, fc.integer({ min: 3, max: 20 }), (parts, width) => {
        const source = parts.join('');
        const lines = breakLines(source, width, measure);
        const visible = (s: string) => s.replace(/\s/g, '');
        expect(visible(lines.join(''))).toBe(visible(source));
        for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(width);
      }),
    );
  });
});
