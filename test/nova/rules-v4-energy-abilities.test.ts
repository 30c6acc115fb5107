// Matches recorded under NOVA rules version 4 or earlier used energy abilities only while paying (the old ruling
// R37). Version 5 also offers them to a player holding priority (NOVA 801.6.3.1), which changes every priority
// decision's options, so their migration sets `energyAbilities: 'in-payment'` (index.ts) and they keep playing as
// they were recorded.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { MatchSetup } from '../../src/engine/core/game.ts';
import { seedRng } from '../../src/engine/core/rng.ts';
import { randomResponse } from '../../src/engine/fuzz/random-play.ts';
import { nova } from '../../src/engine/games/nova/index.ts';
import { gamePrecons, preconDeckList } from '../../src/engine/precons.ts';

/** Plays seeded game `i` as src/engine/fuzz/seeded-games.ts does, with these setup options. */
function seededGame(i: number, options: MatchSetup['options']): string {
  const precons = gamePrecons('nova');
  const a = precons[i % precons.length] as (typeof precons)[number];
  const b = precons[(i + 1 + Math.floor(i / precons.length)) % precons.length] as (typeof precons)[number];
  const setup: MatchSetup = {
    game: 'nova',
    decks: { p1: preconDeckList(a), p2: preconDeckList(b) },
    ...(options ? { options } : {}),
  };
  let s = nova.setup(setup, `seeded-${i}`);
  let rng = seedRng(`fuzz-seeded-${i}`);
  const offered = createHash('sha256');
  let decisions = 0;
  while (!s.result && decisions < 50_000) {
    const p = nova.pending(s);
    if (!p) throw new Error('nothing pending');
    offered.update(JSON.stringify(p));
    const [r, next] = randomResponse(p, rng, 0.7);
    rng = next;
    s = nova.apply(s, p.player, r);
    decisions += 1;
  }
  return `seeded-${i} ${a.id}-${b.id} ${decisions} ${offered.digest('hex').slice(0, 16)}`;
}

describe('NOVA matches recorded under rules version 4', () => {
  // test/nova/seeded-games-v4.txt: the pins as version 4 recorded them (seed, decks, decisions, offered digest, hash).
  const pins = readFileSync(new URL('./seeded-games-v4.txt', import.meta.url), 'utf8')
    .trim()
    .split('\n');
  const asRecorded = pins.map((line) => line.split(' ').slice(0, 4).join(' '));

  it('their migration keeps energy abilities inside payments', () => {
    for (const v of [0, 1, 2, 3, 4])
      expect(nova.migrations?.[v]?.setupOptions).toMatchObject({ energyAbilities: 'in-payment' });
  });

  it("plays version 4's seeded games decision for decision, every decision offered the same", () => {
    const games = pins.slice(0, 2).map((_, i) => seededGame(i, { energyAbilities: 'in-payment' }));
    expect(games).toEqual(asRecorded.slice(0, 2));
  });

  it('without the option the same seeds play differently (the option is what carries the old way)', () => {
    expect(seededGame(0, undefined)).not.toEqual(asRecorded[0]);
  });
});
