import { describe, expect, it } from 'vitest';
import type { GameModule, Viewer } from '../../src/engine/core/game.ts';
import { viewLeaks } from '../../src/engine/fuzz/random-play.ts';
import { novaCard } from '../../src/engine/games/nova/cards/pool.ts';
import { nova } from '../../src/engine/games/nova/index.ts';
import {
  parseNovaScenario as parseScenario,
  runNovaScenario as runScenario,
} from '../../src/engine/games/nova/scenario/hooks.ts';
import type { NovaState } from '../../src/engine/games/nova/state.ts';
import type { NovaView } from '../../src/engine/games/nova/view.ts';
import { gamePrecons, preconDeckList } from '../../src/engine/precons.ts';

const P1: Viewer = { kind: 'player', seat: 'p1' };
const P2: Viewer = { kind: 'player', seat: 'p2' };

// Neris: p1 looks at the top 2 of their deck and puts them back in an order of their choice (NOVA 303.3, 303.6).
const position = `
rule: NOVA 303.6 — the looker remembers the cards they put back
game: nova
setup:
  phase: standby
  p1:
    field: ["Neris, Tide Oracle"]
    deck: [Astral Convergence, Cataclysm Hymn, Mossback Tortoise]
script:
  - { passUntil: decision }
`;

function afterLook(): NovaState {
  const r = runScenario(parseScenario(position));
  expect(r.failures).toEqual([]);
  const p = nova.pending(r.state);
  if (p?.kind !== 'order-deck') throw new Error('expected the order-deck decision');
  const [a, b] = p.options.map((o) => o.id);
  return nova.apply(r.state, 'p1', { decisionId: p.id, choose: [b ?? '', a ?? ''] });
}

const hiddenIds = (s: NovaState, viewer: Viewer) => nova.hiddenIdentities(s, viewer).hidden.map((h) => h.objectId);

describe('NOVA hidden identities and knowledge', () => {
  it('the looker knows the cards they put back on top; the rest of the deck and the opponent stay in the dark', () => {
    const s = afterLook();
    const [top, second, third] = s.players.p1.zones.deck as [string, string, string];
    expect(s.known?.p1).toEqual(expect.arrayContaining([top, second]));
    expect(hiddenIds(s, P1)).not.toContain(top);
    expect(hiddenIds(s, P1)).not.toContain(second);
    expect(hiddenIds(s, P1)).toContain(third); // not looked at (NOVA 303.3)
    expect(hiddenIds(s, P2)).toEqual(expect.arrayContaining([top, second, third]));
    // Their ids stay hidden from everyone: p1 knows the cards by position, the view shows no deck object.
    expect(nova.hiddenObjectIds(s, P1)).toContain(top);
    // p1's own log names them, which is legitimate: the views are clean for every viewer.
    expect(viewLeaks(nova, s, 'after the look')).toEqual([]);
  });

  it("would flag the looker's log line if the game forgot what the looker saw", () => {
    const s = afterLook();
    const { known: _forgotten, ...forgetful } = s;
    expect(viewLeaks(nova, forgetful, 'forgetful')).toEqual(
      expect.arrayContaining([expect.stringMatching(/p1 view shows the name "Cataclysm Hymn"/)]),
    );
  });

  it("catches a view that names a card in the opponent's hand", () => {
    const [a, b] = gamePrecons('nova');
    if (!a || !b) throw new Error('precons missing');
    let s = nova.setup({ game: 'nova', decks: { p1: preconDeckList(a), p2: preconDeckList(b) } }, 'leak');
    // Past the first-player choice: both hands are dealt.
    const p = nova.pending(s);
    if (!p) throw new Error('nothing pending');
    s = nova.apply(s, p.player, { decisionId: p.id, choose: ['first'] });
    const leaky: GameModule<NovaState, NovaView> = {
      ...nova,
      view(state, viewer) {
        const v = nova.view(state, viewer);
        if (viewer.kind !== 'player') return v;
        const theirs = state.players[viewer.seat === 'p1' ? 'p2' : 'p1'].zones.hand;
        const names = theirs.map((id) => novaCard(state.objects[id]?.card ?? '').name);
        return {
          ...v,
          log: [...v.log, { seq: 0, text: { en: `Hint: ${names.map((n) => n.en).join(', ')}`, ja: '' } }],
        };
      },
    };
    expect(viewLeaks(nova, s, 'honest')).toEqual([]);
    const leaks = viewLeaks(leaky, s, 'leaky');
    // Only cards not also visible elsewhere can be flagged by name; at this point nothing else is public.
    expect(leaks.length).toBeGreaterThan(0);
    expect(leaks.every((l) => /the p[12] view shows the name/.test(l))).toBe(true);
  });
});
