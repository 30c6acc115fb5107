import { describe, expect, it } from 'vitest';
import { nestAttachments, pipsFromCounts } from '../../src/render/adapter-helpers.ts';
import { card } from './fixtures/build.ts';

describe('adapter helpers', () => {
  it('turns NOVA cost counts into pips, coloured first, generic last', () => {
    const order = ['red', 'blue', 'green', 'white', 'black'];
    expect(pipsFromCounts({ red: 2, blue: 0, generic: 3 }, order)).toEqual([
      { colour: 'red', text: '' },
      { colour: 'red', text: '' },
      { colour: 'generic', text: '3' },
    ]);
    expect(pipsFromCounts({ red: 0, generic: 0 }, order)).toEqual([{ colour: 'generic', text: '0' }]);
    expect(pipsFromCounts({}, order)).toEqual([]); // a NOVA character has no cost at all
    expect(pipsFromCounts(undefined, order)).toEqual([]);
  });

  it('nests attachments under their host and keeps orphans visible', () => {
    const knight = card('Knight', ['blue'], { id: 'k' });
    const blade = card('Blade', ['green'], { id: 'b' });
    const orphan = card('Ring', ['white'], { id: 'r' });
    const hosts: Record<string, string | null> = { k: null, b: 'k', r: 'gone' };
    const nested = nestAttachments([blade, knight, orphan], (id) => hosts[id] ?? null);
    expect(nested.map((c) => c.id)).toEqual(['k', 'r']);
    expect(nested[0]!.attachments.map((c) => c.id)).toEqual(['b']);
    expect(knight.attachments).toEqual([]); // the input is not mutated
  });
});
