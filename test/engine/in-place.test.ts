import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { forcedAnswer } from '../../src/ai/candidates.ts';
import { aiGame, settle, step } from '../../src/ai/world.ts';
import { cloneJson } from '../../src/engine/core/clone.ts';
import { IllegalAction } from '../../src/engine/core/errors.ts';
import type { BaseState, DecisionResponse, GameModule, MatchSetup, Seat } from '../../src/engine/core/game.ts';
import { canonicalJson, stateHash } from '../../src/engine/core/hash.ts';
import { seedRng } from '../../src/engine/core/rng.ts';
import { isForced } from '../../src/engine/core/search.ts';
import { randomResponse } from '../../src/engine/fuzz/random-play.ts';
import { acceptedPartner } from '../../src/engine/fuzz/seeded-games.ts';
import { aqa } from '../../src/engine/games/aqa/index.ts';
import { fow } from '../../src/engine/games/fow/index.ts';
import { mtg } from '../../src/engine/games/mtg/index.ts';
import { nova } from '../../src/engine/games/nova/index.ts';
import { pmv } from '../../src/engine/games/pmv/index.ts';
import { gamePrecons, preconDeckList } from '../../src/engine/precons.ts';
import { GAMES } from '../../src/engine/registry.ts';

// The kernel's owned-state path (procedure.ts AnswerOptions `inPlace`, search hooks' `simulateInPlace`) must play
// exactly as the copying path: the same decisions offered and the same final state, game after game. Whatever
// in-place mutation could break shows here: a cache keyed by the state object that misses a change (MTG's layer
// fold), a state sharing an object with the game's constants (changed in place, the next game would differ), and
// two parts of a state sharing one object. The copy per decision un-shared those; in place they stay shared, which
// is harmless only while nothing writes to them: the owned run freezes every object met twice in a state after each
// decision, so a later write through either path throws (ES modules are strict) and the test fails.

type Step<S> = (s: S, seat: Seat, response: DecisionResponse) => S;

interface Played {
  decisions: number;
  /** Digest of every pending decision offered, in order. */
  offered: string;
  hash: string;
}

/** Precon i against the next one the game accepts (MTG refuses Constructed against Limited, CR 100.2). */
function setupOf(game: GameModule, i: number): MatchSetup {
  const precons = gamePrecons(game.id);
  const a = precons[i % precons.length];
  if (!a) throw new Error(`${game.id} has no precons`);
  const { b } = acceptedPartner(game, precons, a, i + 1, `in-place-${i}`);
  return { game: game.id, decks: { p1: preconDeckList(a), p2: preconDeckList(b) } };
}

function play<S extends BaseState>(game: GameModule<S>, i: number, step: Step<S>, own: boolean): Played {
  const seed = `in-place-${i}`;
  const made = game.setup(setupOf(game, i), seed);
  // An owned path starts from its own copy: setup's state may share objects with the deck lists it was given.
  let s = own ? cloneJson(made) : made;
  let rng = seedRng(seed);
  const offered = createHash('sha256');
  let decisions = 0;
  while (!s.result && decisions < 3000) {
    const p = game.pending(s);
    if (!p) throw new Error(`${seed}: nothing pending`);
    offered.update(canonicalJson(p));
    const [r, next] = randomResponse(p, rng, 0.7);
    rng = next;
    s = step(s, p.player, r);
    decisions += 1;
    if (own) for (const o of sharedObjects(s)) deepFreeze(o);
  }
  return { decisions, offered: offered.digest('hex'), hash: stateHash(s) };
}

/** Objects met a second time in a walk of `value` (one object in two places of one state). */
function sharedObjects(value: unknown): object[] {
  const seen = new Set<object>();
  const found: object[] = [];
  const walk = (v: unknown): void => {
    if (v === null || typeof v !== 'object') return;
    if (seen.has(v)) {
      found.push(v);
      return;
    }
    seen.add(v);
    if (Array.isArray(v)) for (const x of v) walk(x);
    else for (const x of Object.values(v)) walk(x);
  };
  walk(value);
  return found;
}

function deepFreeze(value: object): void {
  if (Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) if (v !== null && typeof v === 'object') deepFreeze(v);
}

function check<S extends BaseState>(game: GameModule<S>, games: number): void {
  const inPlace = game.search?.simulateInPlace;
  if (!inPlace) throw new Error(`${game.id} has no simulateInPlace`);
  for (let i = 0; i < games; i++) {
    const copied = play(game, i, game.apply, false);
    const owned = play(game, i, inPlace, true);
    expect(owned, `${game.id} game ${i}`).toEqual(copied);
  }
}

describe('the owned-state path plays as the copying path', () => {
  // Two games each, both ways (~0.5 s per engine on a quiet core); IN_PLACE_GAMES=20 plays twenty.
  const games = Number(process.env.IN_PLACE_GAMES ?? 2);
  it('mtg', () => check(mtg, games));
  it('fow', () => check(fow, games));
  it('pmv', () => check(pmv, games));
  it('aqa', () => check(aqa, games));
  it('nova', () => check(nova, games));
});

describe('NOVA: an owned state still shares card objects with the states it came from', () => {
  // A NOVA working copy shares the card objects of its input until it writes one (working-copy.ts). The owned
  // path changes the state's own parts where they are, but an object it shares must still be copied before a
  // write: a playout's first step is a working copy of the world, and the bot's state is not the playout's.
  const inPlace = nova.search?.simulateInPlace;
  if (!inPlace) throw new Error('nova has no simulateInPlace');
  const simulate = nova.search?.simulate;
  if (!simulate) throw new Error('nova has no simulate');
  const playOn = (s: ReturnType<typeof nova.setup>, decisions: number, seed: string) => {
    let rng = seedRng(seed);
    for (let d = 0; d < decisions && !s.result; d++) {
      const p = nova.pending(s);
      if (!p) throw new Error('nothing pending');
      const [r, next] = randomResponse(p, rng, 0.7);
      rng = next;
      expect(inPlace(s, p.player, r)).toBe(s);
    }
  };

  it('leaves the input of its first (copying) step as it was', () => {
    // Mid-game, with cards on the field that the playout will damage, freeze or move; unfrozen, as a determinized
    // world is, so a write through a shared object would not throw, only change it.
    const start = cloneJson(nova.setup(setupOf(nova, 0), 'in-place-nova'));
    playOn(start, 150, 'before');
    const world = cloneJson(start);
    const before = canonicalJson(world);
    const p = nova.pending(world);
    if (!p) throw new Error('nothing pending');
    const [r] = randomResponse(p, seedRng('first'), 0.7);
    const playout = simulate(world, p.player, r);
    playOn(playout, 400, 'playout');
    expect(canonicalJson(world)).toBe(before);
  });

  it('leaves a copy made from it as it was when it goes on in place', () => {
    const s = cloneJson(nova.setup(setupOf(nova, 1), 'in-place-nova'));
    playOn(s, 100, 'own');
    const p = nova.pending(s);
    if (!p) throw new Error('nothing pending');
    const [r] = randomResponse(p, seedRng('copy'), 0.7);
    const copy = simulate(s, p.player, r);
    const copied = canonicalJson(copy);
    playOn(s, 400, 'on');
    expect(canonicalJson(copy)).toBe(copied);
  });
});

describe('simulateInPlace', () => {
  const start = () => cloneJson(mtg.setup(setupOf(mtg, 0), 'in-place-unit'));

  it('changes and returns the state it is given; apply leaves its input alone', () => {
    const s = start();
    const p = mtg.pending(s);
    if (!p) throw new Error('nothing pending');
    const [r] = randomResponse(p, seedRng('x'), 0.7);
    const before = canonicalJson(s);
    const copied = mtg.apply(s, p.player, r);
    expect(canonicalJson(s)).toBe(before);
    const inPlace = mtg.search?.simulateInPlace;
    if (!inPlace) throw new Error('mtg has no simulateInPlace');
    const owned = inPlace(s, p.player, r);
    expect(owned).toBe(s);
    expect(canonicalJson(owned)).toBe(canonicalJson(copied));
  });

  it('leaves the state as it was when the answer is refused (IllegalAction)', () => {
    const s = start();
    const p = mtg.pending(s);
    if (!p) throw new Error('nothing pending');
    const inPlace = mtg.search?.simulateInPlace;
    if (!inPlace) throw new Error('mtg has no simulateInPlace');
    const before = canonicalJson(s);
    expect(() => inPlace(s, p.player, { decisionId: p.id, choose: ['no-such-option'] })).toThrow(IllegalAction);
    expect(() => inPlace(s, p.player, { decisionId: 'stale', choose: [] })).toThrow(IllegalAction);
    expect(canonicalJson(s)).toBe(before);
  });
});

describe("the AI's settle (forced answers after its first copy made in place)", () => {
  // settle's first step copies; the later forced answers change that copy in place (src/ai/world.ts). It must reach
  // the state a copy per step reaches, and leave the state it started from as it was.
  const copyingSettle = (g: ReturnType<typeof aiGame>, start: BaseState): BaseState => {
    let s = start;
    for (let p = g.module.pending(s); p && !s.result && isForced(p); p = s.result ? null : g.module.pending(s))
      s = step(g, s, p, forcedAnswer(p));
    return s;
  };
  for (const id of ['mtg', 'fow', 'pmv', 'aqa', 'nova'] as const) {
    it(id, () => {
      const g = aiGame(GAMES.playable(id));
      let s = g.module.setup(setupOf(g.module, 0), 'settle');
      let rng = seedRng('settle');
      let chains = 0;
      for (let d = 0; d < 200 && !s.result; d++) {
        const p = g.module.pending(s);
        if (!p) throw new Error('nothing pending');
        if (isForced(p)) {
          const before = canonicalJson(s);
          const settled = settle(g, s);
          expect(stateHash(settled.state), `${id} decision ${d}`).toBe(stateHash(copyingSettle(g, s)));
          expect(canonicalJson(s)).toBe(before);
          if (settled.steps > 1) chains += 1;
        }
        const [r, next] = randomResponse(p, rng, 0.7);
        rng = next;
        s = g.module.apply(s, p.player, r);
      }
      expect(chains, 'chains of two forced answers or more met').toBeGreaterThan(0);
    }, 120_000);
  }
});
