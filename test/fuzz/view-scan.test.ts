// The fuzzer's fast view check (src/engine/fuzz/view-scan.ts) must give exactly what the plain checks give: the ids
// `stringsIn` finds and the lines `identityLeaks` writes, in the same order. Compared on planted corner cases, on
// random views built from awkward strings, and on real views of every engine with and without the viewer's knowledge.
import { describe, expect, it } from 'vitest';
import type { Seat, Viewer } from '../../src/engine/core/game.ts';
import { type HiddenIdentity, identityLeaks } from '../../src/engine/core/hidden.ts';
import { nextInt, type RngState, seedRng } from '../../src/engine/core/rng.ts';
import { randomResponse, stringsIn } from '../../src/engine/fuzz/random-play.ts';
import { ViewScanner } from '../../src/engine/fuzz/view-scan.ts';
import { GAMES } from '../../src/engine/registry.ts';

/** The plain checks, as the fuzzer ran them before ViewScanner. */
function plain(view: unknown, ids: readonly string[], hidden: HiddenIdentity[], known: ReadonlySet<string>) {
  const strings = stringsIn(view);
  return {
    ids: ids.filter((id) => strings.has(id)),
    identities: identityLeaks(view, { hidden, knownCards: [...known] }),
  };
}

function expectSame(
  scanner: ViewScanner,
  view: unknown,
  ids: readonly string[],
  hidden: HiddenIdentity[],
  known: ReadonlySet<string> = new Set(),
) {
  const expected = plain(view, ids, hidden, known);
  expect(scanner.scan(view, ids, hidden, known)).toEqual(expected);
  return expected;
}

const fern: HiddenIdentity = { objectId: 'o7', card: 'fern', names: ['Fern Lantern', 'シダの灯'] };

describe('ViewScanner gives the plain checks’ results', () => {
  it('on planted leaks of every kind, in the same order', () => {
    const scanner = new ViewScanner();
    const view = {
      row: [{ id: 'o7', card: 'fern', name: 'Fern Lantern' }],
      log: ['p2 draws Fern Lantern.', 'p1はシダの灯を引いた。'],
      x: { y: ['fern'], o9: 'hand' },
    };
    const found = expectSame(scanner, view, ['o9', 'o7', 'o3'], [fern, { ...fern, objectId: 'o8' }]);
    // A test of the test: every kind was planted and found.
    expect(found.ids).toEqual(['o9', 'o7']);
    expect(found.identities).toHaveLength(7);
    expect(found.identities[0]).toBe('hidden object o7 shown with its card fern');
    // The same view again (answers remembered per string), and with the card known (only the attached leak stays).
    expectSame(scanner, view, ['o9'], [fern]);
    expect(expectSame(scanner, view, [], [fern], new Set(['fern'])).identities).toHaveLength(1);
    // An object's own attached leak is listed before those of the objects it holds, whatever the order of keys.
    const nested = { inner: { id: 'o7', card: 'fern' }, id: 'o8', name: 'Fern Lantern' };
    const order = expectSame(scanner, nested, [], [fern, { ...fern, objectId: 'o8' }], new Set(['fern']));
    expect(order.identities).toEqual([
      'hidden object o8 shown with its card fern',
      'hidden object o7 shown with its card fern',
    ]);
  });

  it('on strings JSON escapes, names JSON writes outside strings, and views that are not plain data', () => {
    const scanner = new ViewScanner();
    const odd = (card: string, ...names: string[]): HiddenIdentity => ({ objectId: `o-${card}`, card, names });
    const hidden = [
      odd('fern', 'n Lantern', 'Fern'), // "n Lantern" is in the JSON of "\n Lantern" but not in its raw text
      odd('birch', 'true', '1', 'null'), // written between strings by JSON
      odd(',comma', 'Comma'), // a card id that can follow a closing quote
      odd('moss', 'say "moss"', 'back\\slash'), // names JSON escapes
      odd('kelp', 'Kelp'),
      odd('', ''),
    ];
    const views: unknown[] = [
      { log: ['\n Lantern', 'quoted "fern', 'fern" at the start'], n: 1, t: true, z: null },
      { a: 'x', b: [1, 2], c: ',comma' },
      { 'say "moss"': 1, k: 'a back\\slash' },
      { kelp: undefined, f: () => 1 }, // keys JSON leaves out, which stringsIn still counts
      { when: new Date(0), list: new Map([['Kelp', 'kelp']]) },
      { toJSON: () => ({ note: 'Kelp' }) },
      ['"fern"', { '"fern': 'fern"' }],
      'Fern',
      42,
      null,
    ];
    for (const view of views) expectSame(scanner, view, ['kelp', 'o-fern', 'fern'], hidden);
  });

  it('on random views of awkward strings', () => {
    const pieces = ['fern', 'Fern', 'Lantern', ' ', '"', '\\', '\n', 'シダ', 'の灯', 'o7', 'true', ',', '1', 'n', ':'];
    const hidden: HiddenIdentity[] = [
      fern,
      { objectId: 'o8', card: 'true', names: ['n', 'Lantern', 'シダ'] },
      { objectId: 'o9', card: 'F"', names: ['"Fern', 'rn L'] },
    ];
    let rng: RngState = seedRng('view-scan');
    const roll = (n: number) => {
      const [v, next] = nextInt(rng, n);
      rng = next;
      return v;
    };
    const text = () => Array.from({ length: 1 + roll(3) }, () => pieces[roll(pieces.length)]).join('');
    const value = (depth: number): unknown => {
      const kind = depth > 2 ? roll(2) : roll(4);
      if (kind === 0) return text();
      if (kind === 1) return roll(3) === 0 ? roll(100) : true;
      if (kind === 2) return Array.from({ length: roll(4) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: roll(4) }, () => [text(), value(depth + 1)]));
    };
    const scanner = new ViewScanner();
    let leaky = 0;
    for (let i = 0; i < 400; i++) {
      const known = new Set(roll(4) === 0 ? ['fern'] : []);
      leaky += expectSame(scanner, value(0), ['o7', 'fern', 'true'], hidden, known).identities.length > 0 ? 1 : 0;
    }
    expect(leaky).toBeGreaterThan(100);
    expect(leaky).toBeLessThan(400);
  });

  for (const game of GAMES.playableGames()) {
    it(`on ${game.id} views during a random game, known cards remembered or not`, () => {
      const module = game.play.module;
      const [p1, p2] = game.play.fuzzDecks();
      if (!p1 || !p2) throw new Error(`${game.id} has no fuzz decks`);
      let state = module.setup({ game: game.id, decks: { p1, p2 } }, 'view-scan');
      let rng = seedRng('view-scan');
      const scanner = new ViewScanner();
      const viewers: Viewer[] = [{ kind: 'player', seat: 'p1' }, { kind: 'player', seat: 'p2' }, { kind: 'spectator' }];
      let forgotten = 0;
      for (let n = 0; n < 60 && !state.result; n++) {
        for (const viewer of viewers) {
          const view = module.view(state, viewer);
          const secrets = module.hiddenIdentities(state, viewer);
          const ids = module.hiddenObjectIds(state, viewer);
          expectSame(scanner, view, ids, secrets.hidden, new Set(secrets.knownCards));
          // Without what the viewer knows, the names of cards they can see count as leaks: many positives to agree on.
          forgotten += expectSame(scanner, view, ids, secrets.hidden).identities.length;
        }
        const pending = module.pending(state);
        if (!pending) break;
        const [response, next] = randomResponse(pending, rng, 0.7);
        rng = next;
        state = module.apply(state, pending.player as Seat, response);
      }
      expect(forgotten).toBeGreaterThan(0);
    });
  }
});
