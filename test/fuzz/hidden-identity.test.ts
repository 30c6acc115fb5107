import { describe, expect, it } from 'vitest';
import { asPick } from '../../src/engine/core/decision.ts';
import type { Viewer } from '../../src/engine/core/game.ts';
import { forget, identityLeaks, knows, learn } from '../../src/engine/core/hidden.ts';
import { fuzzGame } from '../../src/engine/fuzz/random-play.ts';
import { toyGame } from '../store/toy-game.ts';
import { setFlipGame } from './face-down-toy.ts';

const SETUP = { game: 'nova' as const, decks: { p1: {}, p2: {} } };
const OPTS = { checkViews: true, maxDecisions: 500, activity: 0.9 };
const P1: Viewer = { kind: 'player', seat: 'p1' };
const P2: Viewer = { kind: 'player', seat: 'p2' };

describe('identityLeaks (core/hidden.ts)', () => {
  const secret = { objectId: 'o7', card: 'fern', names: ['Fern Lantern', 'シダの灯'] };

  it('finds a hidden card drawn face up, even when the viewer knows another copy of it', () => {
    const view = { row: [{ id: 'o7', card: 'fern', name: 'Fern Lantern' }], hand: [{ id: 'o2', card: 'fern' }] };
    expect(identityLeaks(view, { hidden: [secret], knownCards: ['fern'] })).toEqual([
      'hidden object o7 shown with its card fern',
    ]);
  });

  it('finds names inside sentences and card ids anywhere, in either language', () => {
    expect(identityLeaks({ log: ['p2 draws Fern Lantern.'] }, { hidden: [secret], knownCards: [] })).toHaveLength(1);
    expect(identityLeaks({ log: ['p2はシダの灯を引いた。'] }, { hidden: [secret], knownCards: [] })).toHaveLength(1);
    expect(identityLeaks({ x: { y: ['fern'] } }, { hidden: [secret], knownCards: [] })).toHaveLength(1);
  });

  it('forgives a loose name the viewer knows through another object, and a face-down object without its card', () => {
    const view = { row: [{ id: 'o7', faceDown: true }], log: ['p1 flips Fern Lantern.'] };
    expect(identityLeaks(view, { hidden: [secret], knownCards: ['fern'] })).toEqual([]);
    expect(identityLeaks(view, { hidden: [secret], knownCards: [] })).toHaveLength(1);
  });
});

describe('Knowledge (who has seen which object)', () => {
  it('learns per seat, forgets shuffled or vanished objects, and leaves no field when empty', () => {
    let k = learn(undefined, 'p1', ['o1', 'o2']);
    k = learn(k, 'p1', ['o2', 'o3']);
    expect(k).toEqual({ p1: ['o1', 'o2', 'o3'] });
    expect(knows(k, 'p1', 'o3')).toBe(true);
    expect(knows(k, 'p2', 'o3')).toBe(false);
    expect(forget(k, ['o1'], (id) => id !== 'o3')).toEqual({ p1: ['o2'] });
    expect(forget(k, ['o1', 'o2', 'o3'])).toBeUndefined();
  });
});

describe('the fuzzer checks hidden identities, not only ids', () => {
  it('passes a game whose face-down cards show only their id and face to the opponent', () => {
    const game = setFlipGame();
    let faceDownSeen = 0;
    let peeked = 0;
    for (let i = 0; i < 10; i++) {
      const r = fuzzGame(game, SETUP, `honest-${i}`, OPTS);
      expect(r.failures).toEqual([]);
      expect(r.finished).toBe(true);
    }
    // A test of the test: the games had face-down cards hidden from a player, and peeks that revealed some.
    let s = game.setup(SETUP, 'count');
    for (let n = 0; n < 40 && !s.result; n++) {
      const p = asPick(game.pending(s));
      if (!p) break;
      const pick = p.options.find((o) => o.id.startsWith(n % 3 === 2 ? 'peek' : 'set')) ?? p.options[0];
      s = game.apply(s, p.player, { decisionId: p.id, choose: [pick?.id ?? ''] });
      const rowHidden = game.hiddenIdentities(s, P2).hidden.filter((h) => s.zones.p1.row.includes(h.objectId));
      faceDownSeen += rowHidden.length;
      peeked += s.known?.p1?.length ?? 0;
    }
    expect(faceDownSeen).toBeGreaterThan(0);
    expect(peeked).toBeGreaterThan(0);
  });

  it("passes the store's toy game, whose hands are hidden card values without object ids", () => {
    const main = ['n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'n8', 'n9', 'n1', 'n2', 'n3'];
    const r = fuzzGame(toyGame, { game: 'nova', decks: { p1: { main }, p2: { main } } }, 'toy', OPTS);
    expect(r.failures).toEqual([]);
    expect(r.decisions).toBeGreaterThan(5);
  });

  it('fails a view that shows face-down cards to everyone', () => {
    const failures = [0, 1, 2].flatMap((i) => fuzzGame(setFlipGame('face-down'), SETUP, `leak-${i}`, OPTS).failures);
    expect(failures.some((f) => /view shows the hidden object c\d+ shown with its card/.test(f))).toBe(true);
  });

  it("fails a view whose log names a card on top of the opponent's deck", () => {
    const failures = fuzzGame(setFlipGame('log'), SETUP, 'leak-log', OPTS).failures;
    expect(failures[0]).toMatch(/the p[12] view shows the name ".+ Lantern" of hidden object c\d+/);
  });

  it('lets a player who peeked see that card, and nobody else', () => {
    const game = setFlipGame();
    let s = game.setup(SETUP, 'peek');
    const play = (prefix: string) => {
      const p = asPick(game.pending(s));
      const o = p?.options.find((x) => x.id.startsWith(prefix));
      if (!p || !o) throw new Error(`no ${prefix} option`);
      s = game.apply(s, p.player, { decisionId: p.id, choose: [o.id] });
      return o.objectId ?? '';
    };
    const set = play('set'); // p1 sets a card face down
    expect(game.view(s, P2).rows.p1[0]).toEqual({ id: set, faceDown: true, owner: 'p1' });
    play('peek'); // p2 peeks at it
    const card = s.objects[set]?.card ?? '';
    expect(game.view(s, P2).rows.p1[0]).toMatchObject({ id: set, card });
    expect(game.hiddenIdentities(s, P2).hidden.map((h) => h.objectId)).not.toContain(set);
    expect(game.hiddenIdentities(s, { kind: 'spectator' }).hidden.map((h) => h.objectId)).toContain(set);
    expect(JSON.stringify(game.view(s, { kind: 'spectator' }))).not.toContain(`"${card}"`);
    expect(game.view(s, P1).rows.p1[0]).toMatchObject({ id: set, card }); // its owner always knew it
  });
});
