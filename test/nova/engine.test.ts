import { describe, expect, it } from 'vitest';
import { IllegalAction, InvalidData } from '../../src/engine/core/errors.ts';
import { stateHash } from '../../src/engine/core/hash.ts';
import { replay } from '../../src/engine/core/replay.ts';
import { seedRng } from '../../src/engine/core/rng.ts';
import { randomResponse } from '../../src/engine/fuzz/random-play.ts';
import { nova } from '../../src/engine/games/nova/index.ts';
import type { NovaState } from '../../src/engine/games/nova/state.ts';
import { gamePrecons, preconDeckList } from '../../src/engine/precons.ts';

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const [a, b] = gamePrecons('nova');
if (!a || !b) throw new Error('NOVA preconstructed decks are missing');
const setup = { game: 'nova' as const, decks: { p1: preconDeckList(a), p2: preconDeckList(b) } };

function answer(s: NovaState, choose: string[]): NovaState {
  const p = nova.pending(s);
  if (!p) throw new Error('nothing pending');
  return nova.apply(s, p.player, { decisionId: p.id, choose });
}

describe('NOVA game module', () => {
  it('starts with a first-or-second choice for a random player and 2000 life each (NOVA 007.4–007.5)', () => {
    const s = nova.setup(setup, 'start');
    expect(nova.pending(s)?.kind).toBe('first-player');
    expect(s.players.p1.life).toBe(2000);
    expect(s.players.p2.life).toBe(2000);
    expect(s.players.p1.zones.deck).toHaveLength(40);
    const seats = new Set(Array.from({ length: 20 }, (_, i) => nova.pending(nova.setup(setup, `coin-${i}`))?.player));
    expect(seats).toEqual(new Set(['p1', 'p2']));
  });

  it('deals 7 cards and asks the first player about a mulligan first (NOVA 007.6.1.2)', () => {
    let s = nova.setup(setup, 'mull');
    const chooser = nova.pending(s)?.player;
    s = answer(s, ['first']);
    expect(s.players.p1.zones.hand).toHaveLength(7);
    expect(s.players.p2.zones.hand).toHaveLength(7);
    expect(nova.pending(s)).toMatchObject({ kind: 'mulligan', player: chooser });
  });

  it('gives the first turn to the second player when only the first player mulligans (NOVA 007.6.1.2, 402.4.1)', () => {
    let s = nova.setup(setup, 'swap');
    const first = nova.pending(s)?.player;
    const second = first === 'p1' ? 'p2' : 'p1';
    s = answer(s, ['first']);
    s = answer(s, ['mulligan']);
    s = answer(s, ['keep']);
    expect(s.turn.active).toBe(second);
    expect(s.turn.number).toBe(1);
    // The player who actually takes turn 1 skips the draw (A21): hand stays at 7 into main phase 1.
    while (s.turn.phase !== 'main1') s = answer(s, ['pass']);
    expect(s.players[second].zones.hand).toHaveLength(7);
  });

  it('never modifies the state it is given', () => {
    const s = nova.setup(setup, 'pure');
    const before = stateHash(s);
    answer(s, ['first']);
    expect(stateHash(s)).toBe(before);
  });

  it('never writes to a state it is given, through whole random games (copy-on-write, working-copy.ts)', () => {
    // Every input is deep-frozen first: a write anywhere in it throws (ES modules are strict). The frozen run must
    // also end exactly where an unfrozen replay of the same decisions ends.
    for (const seed of ['cow-1', 'cow-2', 'cow-3']) {
      let s = deepFreeze(nova.setup(setup, seed));
      let rng = seedRng(seed);
      const log = [];
      for (let i = 0; i < 3000 && !s.result; i++) {
        const p = nova.pending(s);
        if (!p) break;
        const [response, next] = randomResponse(p, rng, 0.7);
        rng = next;
        log.push({ seat: p.player, response });
        s = deepFreeze(nova.apply(s, p.player, response));
      }
      expect(s.result).not.toBeNull();
      expect(stateHash(replay(nova, setup, seed, log))).toBe(stateHash(s));
    }
  });

  it('hands out states whose card objects are frozen, so writing through a read accessor fails loudly', () => {
    const s = answer(nova.setup(setup, 'sealed'), ['first']);
    const id = s.players.p1.zones.hand[0] as string;
    expect(() => {
      (s.objects[id] as { damage: number }).damage = 5;
    }).toThrow(TypeError);
  });

  it('refuses stale, foreign and unknown answers with IllegalAction and leaves the state as it was', () => {
    const s = nova.setup(setup, 'bad');
    const p = nova.pending(s);
    if (!p) throw new Error('nothing pending');
    const other = p.player === 'p1' ? 'p2' : 'p1';
    expect(() => nova.apply(s, p.player, { decisionId: 'v99', choose: ['first'] })).toThrow(IllegalAction);
    expect(() => nova.apply(s, other, { decisionId: p.id, choose: ['first'] })).toThrow(IllegalAction);
    expect(() => nova.apply(s, p.player, { decisionId: p.id, choose: ['nonsense'] })).toThrow(IllegalAction);
    expect(() => nova.apply(s, p.player, { decisionId: p.id, choose: ['first', 'second'] })).toThrow(IllegalAction);
    expect(() => nova.apply(s, p.player, { decisionId: p.id, choose: [] })).toThrow(IllegalAction);
    expect(s.version).toBe(0);
  });

  it('replays a match exactly from setup, seed and decisions', () => {
    let s = nova.setup(setup, 'replay');
    const log = [];
    for (let i = 0; i < 300 && !s.result; i++) {
      const p = nova.pending(s);
      if (!p) break;
      const response = { decisionId: p.id, choose: p.defaultOnTimeout };
      log.push({ seat: p.player, response });
      s = nova.apply(s, p.player, response);
    }
    expect(stateHash(replay(nova, setup, 'replay', log))).toBe(stateHash(s));
  });

  it('ends the game for the other player on concession (NOVA 003.2.3)', () => {
    const s = nova.concede(nova.setup(setup, 'concede'), 'p2');
    expect(s.result).toMatchObject({ kind: 'win', winner: 'p1', rule: '003.2.3' });
    expect(nova.pending(s)).toBeNull();
  });

  it('names every deck-construction problem (NOVA 006)', () => {
    const problems = nova.validateDeck({ main: Array(5).fill('flare-lance'), character: ['flare-lance', 'nope'] });
    const rules = problems.map((p) => p.rule).sort();
    expect(rules).toEqual(['006', '006.1.1', '006.1.2', '006.1.3'].sort());
    expect(() => nova.setup({ game: 'nova', decks: { p1: { main: [] }, p2: setup.decks.p2 } }, 'x')).toThrow(
      InvalidData,
    );
  });

  it('accepts a main deck of spells alone, but no character in it (NOVA 006.1.1, docs/rulings R61, A5)', () => {
    const spells = ['flare-lance', 'emberstorm', 'bloom-surge', 'hush-verse', 'mending-light'];
    const more = ['undertow-of-knowing', 'cataclysm-hymn', 'puppeteers-pact', 'blood-covenant', 'stillwater-edict'];
    const main = [...spells, ...more].flatMap((id) => Array(4).fill(id));
    expect(nova.validateDeck({ main, character: [] })).toEqual([]);
    const withCharacter = [...main.slice(1), 'sister-vaela'];
    expect(nova.validateDeck({ main: withCharacter }).map((p) => p.rule)).toEqual(['006.1.1']);
  });

  it('accepts a side deck of up to 15 known cards and keeps it out of the game (NOVA 007.1, docs/rulings R61, A4)', () => {
    const main = setup.decks.p1.main ?? [];
    const side = Array(15).fill('flare-lance');
    expect(nova.validateDeck({ ...setup.decks.p1, side })).toEqual([]);
    const rules = nova.validateDeck({ ...setup.decks.p1, side: [...side, 'nope'] }).map((p) => p.rule);
    expect(rules).toEqual(['007.1', '007.1']);
    const s = nova.setup({ game: 'nova', decks: { p1: { ...setup.decks.p1, side }, p2: setup.decks.p2 } }, 'side');
    const cards = Object.values(s.objects).filter((o) => o.owner === 'p1');
    expect(cards.length).toBe(main.length + (setup.decks.p1.character ?? []).length);
  });

  it('shows no hand, deck or character-deck card of the opponent in a player view', () => {
    let s = nova.setup(setup, 'views');
    s = answer(s, ['first']);
    const view = JSON.stringify(nova.view(s, { kind: 'player', seat: 'p1' }));
    for (const id of [...s.players.p2.zones.hand, ...s.players.p2.zones.charDeck, ...s.players.p1.zones.deck]) {
      expect(view).not.toContain(`"${id}"`);
    }
    for (const id of s.players.p1.zones.hand) expect(view).toContain(`"${id}"`);
    const spectator = nova.view(s, { kind: 'spectator' });
    expect(spectator.players.p1.hand).toBeUndefined();
    expect(spectator.players.p2.hand).toBeUndefined();
  });
});
