import { describe, expect, it } from 'vitest';
import { knows } from '../../src/engine/core/hidden.ts';
import { stringsIn } from '../../src/engine/fuzz/random-play.ts';
import { nova } from '../../src/engine/games/nova/index.ts';
import { parseNovaScenario, runNovaScenario } from '../../src/engine/games/nova/scenario/hooks.ts';
import type { NovaState } from '../../src/engine/games/nova/state.ts';

// NOVA 910.1: a revealed card is seen by every player; one left on top of the deck stays known to both (docs/rulings
// R86) until a shuffle (920.1, 920.2) makes the deck's order unknown again.
const position = (script: string, deck = 'Cataclysm Hymn, Mossback Tortoise, Mossback Tortoise') => `
rule: NOVA 910.1 — a reveal is public
game: nova
setup:
  p1:
    hand: [Augur's Tide, Churning Current]
    energy: [blue, blue]
    deck: [${deck}]
script:
${script}
`;
const REVEAL = `  - { player: p1, do: play, card: Augur's Tide }
  - { player: p1, do: pass }
  - { player: p2, do: pass }`;
const SHUFFLE = `  - { player: p1, do: play, card: Churning Current }
  - { player: p1, do: pass }
  - { player: p2, do: pass }`;

function run(script: string, deck?: string): NovaState {
  const r = runNovaScenario(parseNovaScenario(position(script, deck)));
  expect(r.failures).toEqual([]);
  return r.state;
}

describe('NOVA reveal (910) and shuffle (920)', () => {
  it('a revealed card that stays on top is known to both players and named in both views', () => {
    const s = run(REVEAL);
    const top = s.players.p1.zones.deck[0] as string;
    expect(s.objects[top]?.card).toBe('cataclysm-hymn');
    expect(knows(s.known, 'p1', top)).toBe(true);
    expect(knows(s.known, 'p2', top)).toBe(true);
    const seen = stringsIn(nova.view(s, { kind: 'player', seat: 'p2' }));
    expect([...seen].some((t) => t.includes('Cataclysm Hymn'))).toBe(true);
  });

  it('a revealed servant taken into the hand is known to the opponent and public to spectators', () => {
    const s = run(REVEAL, 'Tuskbreaker Boar, Mossback Tortoise');
    const taken = s.players.p1.zones.hand.find((id) => s.objects[id]?.card === 'tuskbreaker-boar') as string;
    expect(knows(s.known, 'p2', taken)).toBe(true);
    const hidden = nova.hiddenIdentities(s, { kind: 'spectator' }).hidden.map((h) => h.objectId);
    expect(hidden).not.toContain(taken);
    expect(nova.hiddenIdentities(s, { kind: 'spectator' }).hidden.length).toBeGreaterThan(0); // the rest stays hidden
  });

  it('a shuffle forgets what the reveal showed', () => {
    const s = run(`${REVEAL}\n${SHUFFLE}`);
    for (const id of s.players.p1.zones.deck) {
      expect(knows(s.known, 'p1', id)).toBe(false);
      expect(knows(s.known, 'p2', id)).toBe(false);
    }
  });
});
