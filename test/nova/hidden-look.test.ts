import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../src/engine/core/game.ts';
import { stringsIn } from '../../src/engine/fuzz/random-play.ts';
import { nova } from '../../src/engine/games/nova/index.ts';
import { parseNovaScenario, runNovaScenario } from '../../src/engine/games/nova/scenario/hooks.ts';
import type { NovaState } from '../../src/engine/games/nova/state.ts';

// Neris looks at the top 2 cards of her controller's main deck (NOVA 303.3, 303.6): only that player may learn them.
const position = `
rule: NOVA 303.3 — Neris's look is private
game: nova
setup:
  phase: standby
  p1:
    field: ["Neris, Tide Oracle"]
    deck: [Astral Convergence, Cataclysm Hymn, Mossback Tortoise]
script:
  - { passUntil: decision }
`;

const P1: Viewer = { kind: 'player', seat: 'p1' };
const P2: Viewer = { kind: 'player', seat: 'p2' };
const SPECTATOR: Viewer = { kind: 'spectator' };
const SECRET_NAMES = ['Astral Convergence', 'Cataclysm Hymn', 'アストラル・コンヴァージェンス', 'カタクリズム・ヒム'];

function lookingState(): NovaState {
  const r = runNovaScenario(parseNovaScenario(position));
  expect(r.failures).toEqual([]);
  expect(nova.pending(r.state)?.kind).toBe('order-deck');
  return r.state;
}

function seenBy(s: NovaState, viewer: Viewer): Set<string> {
  return stringsIn(nova.view(s, viewer));
}

function mentionsSecret(seen: Set<string>): boolean {
  return [...seen].some((text) => SECRET_NAMES.some((name) => text.includes(name)));
}

describe("Neris's look at the deck top is hidden information (NOVA 303.3)", () => {
  it('shows the looked-at cards to their controller while they choose the order', () => {
    const s = lookingState();
    const top2 = s.players.p1.zones.deck.slice(0, 2);
    const seen = seenBy(s, P1);
    for (const id of top2) expect(seen.has(id)).toBe(true);
    expect(nova.hiddenObjectIds?.(s, P1)).not.toEqual(expect.arrayContaining([top2[0]]));
    expect(nova.view(s, P1).lookingAt?.map((c) => c.name.en)).toEqual(['Astral Convergence', 'Cataclysm Hymn']);
    expect(mentionsSecret(seen)).toBe(true);
    // The third card was not looked at: it stays hidden from its owner too.
    const third = s.players.p1.zones.deck[2] as string;
    expect(seen.has(third)).toBe(false);
    expect(nova.hiddenObjectIds?.(s, P1)).toContain(third);
  });

  it('shows the opponent and spectators neither the cards nor their ids, in the view, the decision or the log', () => {
    const s = lookingState();
    const top2 = s.players.p1.zones.deck.slice(0, 2);
    for (const viewer of [P2, SPECTATOR]) {
      const seen = seenBy(s, viewer);
      for (const id of top2) {
        expect(seen.has(id)).toBe(false);
        expect(nova.hiddenObjectIds?.(s, viewer)).toContain(id);
      }
      expect(mentionsSecret(seen)).toBe(false);
      expect(nova.view(s, viewer).lookingAt).toBeUndefined();
      // The public log says that a look happened, not what was seen.
      expect(nova.view(s, viewer).log.some((e) => e.text.en.includes('looks at the top 2 cards'))).toBe(true);
    }
  });

  it('keeps the chosen order private after the cards go back, and hides them again from their owner', () => {
    let s = lookingState();
    const [first, second] = s.players.p1.zones.deck as [string, string];
    const p = nova.pending(s);
    if (!p) throw new Error('no decision');
    s = nova.apply(s, 'p1', { decisionId: p.id, choose: [second, first] });
    expect(s.players.p1.zones.deck.slice(0, 2)).toEqual([second, first]);
    for (const viewer of [P1, P2, SPECTATOR]) {
      const seen = seenBy(s, viewer);
      expect(seen.has(first)).toBe(false);
      expect(seen.has(second)).toBe(false);
    }
    expect(mentionsSecret(seenBy(s, P2))).toBe(false);
    expect(mentionsSecret(seenBy(s, SPECTATOR))).toBe(false);
    // Its controller's own log remembers the order (the owner may know what they put back, 303.6).
    expect(nova.view(s, P1).log.some((e) => e.text.en.includes('Cataclysm Hymn, Astral Convergence'))).toBe(true);
  });
});
