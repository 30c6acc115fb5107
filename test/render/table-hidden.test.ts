// Issue 26 item 6 added graveyard tops, attacks and usable resources to the board: the board and hand models a
// game's adapter builds for one viewer must still carry none of the identities that viewer may not know (the
// other seat's hand, every deck, face-down cards), for every game, over seeded random play.
import { describe, expect, it } from 'vitest';
import type { Seat, Viewer } from '../../src/engine/core/game.ts';
import { identityLeaks } from '../../src/engine/core/hidden.ts';
import { seedRng } from '../../src/engine/core/rng.ts';
import { randomResponse } from '../../src/engine/fuzz/random-play.ts';
import { GAMES } from '../../src/engine/registry.ts';
import { TableModelSchema } from '../../src/render/table-model.ts';

const VIEWERS: Viewer[] = [{ kind: 'player', seat: 'p1' }, { kind: 'player', seat: 'p2' }, { kind: 'spectator' }];

describe('board models carry no hidden identity', () => {
  for (const game of GAMES.playableGames()) {
    it(`${game.id}: every viewer's table (and a player's own hand) over seeded random play`, () => {
      const { module, presenter } = game.play;
      const decks = game.play.fuzzDecks();
      let s = module.setup({ game: game.id, decks: { p1: decks[0] ?? {}, p2: decks[1] ?? decks[0] ?? {} } }, 'hide-1');
      let rng = seedRng('hide-1');
      let checked = 0;
      let sawCombat = false;
      let sawTop = false;
      // A card a viewer has seen stays known to them (a face-up card then turned face down, PMV P34: the log line
      // of its turning names it), as the fuzzer's view check remembers it: every decision adds what each viewer sees.
      const seen = new Map(VIEWERS.map((v) => [v, new Set<string>()]));
      for (let n = 0; n < 1500 && !s.result; n++) {
        const p = module.pending(s);
        if (!p) break;
        for (const viewer of VIEWERS)
          for (const card of module.hiddenIdentities(s, viewer).knownCards) seen.get(viewer)?.add(card);
        if (n % 5 === 0) {
          for (const viewer of VIEWERS) {
            const view = module.view(s, viewer);
            const now = module.hiddenIdentities(s, viewer);
            const secrets = { ...now, knownCards: [...(seen.get(viewer) ?? [])] };
            for (const locale of ['en', 'ja'] as const) {
              const options = { locale, names: { p1: 'Ann', p2: 'Bo' } };
              const table = presenter.table(view, options);
              // What the renderer accepts (the new parts within the schema's limits).
              TableModelSchema.parse(table);
              expect(identityLeaks(table, secrets), `${game.id} decision ${n} ${viewer.kind}`).toEqual([]);
              if (table.combat) sawCombat = true;
              if (table.players.p1.zones.some((z) => z.top) || table.players.p2.zones.some((z) => z.top)) sawTop = true;
              if (viewer.kind === 'player') {
                const hand = presenter.hand(view, viewer.seat, { ...options, playableIds: new Set() });
                // The cards themselves: a card's rules text may name another card ("a Light Magic Stone").
                const cards = [hand.hand, ...hand.privateZones].flatMap((zone) => zone.cards.map((c) => c.card));
                expect(identityLeaks(cards, secrets)).toEqual([]);
              }
            }
          }
          checked += 1;
        }
        const [r, next] = randomResponse(p, rng, 0.8);
        rng = next;
        s = module.apply(s, p.player as Seat, r);
      }
      expect(checked).toBeGreaterThan(20);
      // The new parts were on the boards checked, so the check covered them.
      expect(sawCombat).toBe(true);
      expect(sawTop).toBe(true);
    }, 120_000);

    it(`${game.id}: the check catches the other seat's hand drawn for p1`, () => {
      const { module, presenter } = game.play;
      const decks = game.play.fuzzDecks();
      let s = module.setup({ game: game.id, decks: { p1: decks[0] ?? {}, p2: decks[1] ?? decks[0] ?? {} } }, 'hide-2');
      let rng = seedRng('hide-2');
      // An adapter fed the omniscient view instead of p1's: p2's hand reaches a model meant for p1.
      const options = { locale: 'en' as const, names: { p1: 'Ann', p2: 'Bo' }, playableIds: new Set<string>() };
      const wrongHand = () => presenter.hand(module.view(s, { kind: 'omniscient' }), 'p2', options);
      for (let n = 0; n < 200 && wrongHand().hand.cards.length === 0; n++) {
        const p = module.pending(s);
        if (!p) break;
        const [r, next] = randomResponse(p, rng, 0.8);
        rng = next;
        s = module.apply(s, p.player as Seat, r);
      }
      const wrong = wrongHand();
      const cards = wrong.hand.cards.map((c) => c.card);
      expect(cards.length).toBeGreaterThan(0);
      expect(identityLeaks(cards, module.hiddenIdentities(s, { kind: 'player', seat: 'p1' }))).not.toEqual([]);
    });
  }
});
