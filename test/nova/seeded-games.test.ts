import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seededNovaGames } from '../../src/engine/fuzz/seeded-games.ts';

// Pins four seeded random games (decision count, every decision offered, final state hash), recorded before the
// engine speed work (issue 2): optimisations must not change a single decision. After an intended rules change,
// re-record with `npx tsx scripts/nova-seeded.ts --games 4 --out test/nova/seeded-games.txt` and say why.
const recorded = readFileSync(new URL('./seeded-games.txt', import.meta.url), 'utf8')
  .trim()
  .split('\n');

describe('NOVA seeded random games', () => {
  it('play exactly as recorded', () => {
    expect(seededNovaGames(recorded.length)).toEqual(recorded);
  });
});
