// The deck-list reader against hostile and clumsy input (issue 25 items 1 and 8, issue 26 item 11): linear time,
// no prototype keys, every line ending, full-width digits and invisible characters, and counts as people write them.
import { describe, expect, it } from 'vitest';
import { readDeckText } from '../../src/bot/decks.ts';

describe('readDeckText', () => {
  it('refuses [__proto__] as a section name and keeps [constructor] as a plain key (both crashed the import)', () => {
    const read = readDeckText('[__proto__]\n4 fusebug');
    expect(read.list).toBeNull();
    expect(read.problems.map((p) => [p.line, p.text])).toEqual([[1, '[__proto__]']]);
    expect(read.problems[0]?.reason.en).toMatch(/section name/);
    const named = readDeckText('[constructor]\n2 fusebug\n[toString]\n1 fusebug');
    expect(named.list).toEqual({ constructor: ['fusebug', 'fusebug'], tostring: ['fusebug'] });
    expect(Object.keys(named.list ?? {})).toEqual(['constructor', 'tostring']);
    expect(Object.getPrototypeOf(named.list)).toBe(Object.prototype);
  });

  it('reads CR, LF and CRLF line ends alike', () => {
    const expected = { main: ['a', 'a', 'b'], side: ['c'] };
    for (const end of ['\n', '\r\n', '\r']) {
      const read = readDeckText(['[main]', '2 a', '1 b', '[side]', '1 c'].join(end));
      expect(read.list).toEqual(expected);
      expect(read.linesOf('side', 'c')[0]?.line).toBe(5);
    }
  });

  it('reads full-width digits and drops zero-width and right-to-left characters', () => {
    const read = readDeckText('４ cinderpaw-kit\n2 fuse\u200bbug\n\u202e1 ember-whelp\n1\u00a0x\u200d ashen-oracle');
    expect(read.problems).toEqual([]);
    expect(read.list).toEqual({
      main: [
        'cinderpaw-kit',
        'cinderpaw-kit',
        'cinderpaw-kit',
        'cinderpaw-kit',
        'fusebug',
        'fusebug',
        'ember-whelp',
        'ashen-oracle',
      ],
    });
  });

  it('accepts 4x and 4 x, and refuses counts it cannot read instead of taking them for card names', () => {
    expect(readDeckText('4x a\n4 x b\n4X c\n2 xeno-drake').list).toEqual({
      main: [...Array(4).fill('a'), ...Array(4).fill('b'), ...Array(4).fill('c'), 'xeno-drake', 'xeno-drake'],
    });
    for (const bad of ['x ember-whelp', 'x4 ember-whelp', '-1 ember-whelp', '1.5 ember-whelp', '0x ember-whelp']) {
      const read = readDeckText(`2 fusebug\n${bad}`);
      expect(read.list, bad).toBeNull();
      expect(
        read.problems.map((p) => [p.line, p.reason.en]),
        bad,
      ).toEqual([[2, 'the number of copies must be 1 to 60']]);
    }
  });

  it('is linear: 80,000 lines naming one card read in well under a second', () => {
    // The quadratic reader took 5.5 s for 40,000 such lines (reliability review, D1); a linear one takes a few tens of ms.
    const text = Array.from({ length: 80_000 }, () => '1 fusebug').join('\n');
    const started = performance.now();
    const read = readDeckText(text);
    const took = performance.now() - started;
    expect(read.list?.main).toHaveLength(80_000);
    expect(read.linesOf('main', 'fusebug')).toHaveLength(80_000);
    expect(took).toBeLessThan(1000);
  });
});
