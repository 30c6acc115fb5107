import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../src/engine/core/game.ts';
import { nova } from '../../src/engine/games/nova/index.ts';
import { parseNovaScenario, runNovaScenario } from '../../src/engine/games/nova/scenario/hooks.ts';

// NOVA 305.3, 306.3, 307.3 (docs/rulings R62, A17, A18): every player's graveyard, exclusion zone and retired area are
// public: both players (and spectators) see all of them, the exclusion zone like the others.
const position = `
rule: NOVA 306.3 — public piles
game: nova
setup:
  p1:
    graveyard: [Flare Lance]
    retired: [Sister Vaela]
  p2:
    graveyard: [Bloom Surge]
    retired: ["Kaelis, Ember Regent"]
`;

describe('NOVA public piles (A17, A18)', () => {
  it('shows both players each graveyard, exclusion zone and retired area', () => {
    const r = runNovaScenario(parseNovaScenario(position));
    expect(r.failures).toEqual([]);
    const s = structuredClone(r.state);
    // Put a card into each player's exclusion zone (no card in the pool exiles from hand).
    for (const seat of ['p1', 'p2'] as const) {
      const id = s.players[seat].zones.deck.shift() as string;
      s.players[seat].zones.exclusion.push(id);
      s.objects[id] = { ...s.objects[id], zone: 'exclusion' } as (typeof s.objects)[string];
    }
    const viewers: Viewer[] = [{ kind: 'player', seat: 'p1' }, { kind: 'player', seat: 'p2' }, { kind: 'spectator' }];
    for (const viewer of viewers) {
      const v = nova.view(s, viewer);
      for (const seat of ['p1', 'p2'] as const) {
        const p = s.players[seat].zones;
        expect(v.players[seat].graveyard.map((c) => c.id)).toEqual(p.graveyard);
        expect(v.players[seat].exclusion.map((c) => c.id)).toEqual(p.exclusion);
        expect(v.players[seat].retired.map((c) => c.id)).toEqual(p.retired);
      }
    }
  });
});
