import { describe, expect, it } from 'vitest';
import { wilson } from '../../src/ai/arena.ts';
import { candidates } from '../../src/ai/candidates.ts';
import { decide } from '../../src/ai/player.ts';
import { type AiGame, aiGame, positionKey } from '../../src/ai/world.ts';
import { validateAnswer } from '../../src/engine/core/decision.ts';
import type { BaseState, DecisionOption, PendingDecision, Seat } from '../../src/engine/core/game.ts';
import { type RngState, seedRng } from '../../src/engine/core/rng.ts';
import { isForced } from '../../src/engine/core/search.ts';
import { randomResponse } from '../../src/engine/fuzz/random-play.ts';
import type { AqaState } from '../../src/engine/games/aqa/state.ts';
import type { FowState } from '../../src/engine/games/fow/state.ts';
import type { MtgState } from '../../src/engine/games/mtg/state.ts';
import type { NovaState } from '../../src/engine/games/nova/state.ts';
import type { PmvState } from '../../src/engine/games/pmv/state.ts';
import { preconDeckList } from '../../src/engine/precons.ts';
import { GAMES } from '../../src/engine/registry.ts';

const SMALL = { iterations: 24, playoutDepth: 20 };
/** Every game whose engine has search hooks, so an AI opponent. */
const SEARCHABLE = GAMES.playableGames()
  .filter((g) => g.play.module.search)
  .map((g) => g.id);

function start(gameId: string, seed: string): { g: AiGame; state: BaseState } {
  const definition = GAMES.playable(gameId);
  const g = aiGame(definition);
  const precons = definition.precons();
  const decks = {
    p1: preconDeckList(precons[0] as (typeof precons)[number]),
    p2: preconDeckList(precons[1 % precons.length] as (typeof precons)[number]),
  };
  return { g, state: g.module.setup({ game: gameId, decks }, seed) };
}

/** States where `seat` has a real choice (more than one candidate), reached by random play. */
function choicesOf(
  gameId: string,
  seat: Seat,
  count: number,
  seed: string,
  every = 7,
): { g: AiGame; states: BaseState[] } {
  const { g, state } = start(gameId, seed);
  let s = state;
  let rng: RngState = seedRng(seed);
  const states: BaseState[] = [];
  // Every `every`th real choice of `seat` (counting choices, not decisions, so a short game still yields `count`).
  let choices = 0;
  for (let n = 0; n < 4000 && !s.result && states.length < count; n++) {
    const p = g.module.pending(s) as PendingDecision;
    if (p.player === seat && !isForced(p) && candidates(p).length > 1 && choices++ % every === 0) states.push(s);
    const [r, next] = randomResponse(p, rng, 0.7);
    rng = next;
    s = g.module.apply(s, p.player, r);
  }
  return { g, states };
}

/**
 * The same position with the opponent's hidden cards moved: each card of the opponent's hand and deck that `seat`
 * cannot know is handed to the next such object (a rotation), and the game's RNG (future shuffles) changed.
 */
function withOpponentHiddenMoved<S extends BaseState & { objects: Record<string, { card: string }> }>(
  g: AiGame<S>,
  s: S,
  seat: Seat,
  opponentIds: readonly string[],
): S {
  const hidden = new Set(g.module.hiddenIdentities(s, { kind: 'player', seat }).hidden.map((h) => h.objectId));
  const ids = opponentIds.filter((id) => hidden.has(id));
  const out = structuredClone(s);
  ids.forEach((id, i) => {
    const from = ids[(i + 1) % ids.length] as string;
    (out.objects[id] as { card: string }).card = (s.objects[from] as { card: string }).card;
  });
  (out as { rng?: unknown }).rng = { a: 12345, b: 67890 };
  return out;
}

describe('candidates', () => {
  const base = { id: 'v9', player: 'p1' as const, kind: 'k', role: 'choice' as const, prompt: { en: '', ja: '' } };
  const options = (n: number): DecisionOption[] =>
    Array.from({ length: n }, (_, i) => ({ id: `o${i}`, kind: 'k', role: 'choice', label: { en: '', ja: '' } }));
  const decisions: PendingDecision[] = [
    { ...base, options: options(3), min: 1, max: 1, ordered: false, defaultOnTimeout: ['o0'] },
    { ...base, options: options(12), min: 0, max: 12, ordered: false, defaultOnTimeout: [] },
    { ...base, options: options(4), min: 4, max: 4, ordered: true, defaultOnTimeout: ['o0', 'o1', 'o2', 'o3'] },
    { ...base, shape: 'number', min: 0, max: 40, step: 2, defaultOnTimeout: 0 },
    {
      ...base,
      shape: 'distribute',
      total: 7,
      targets: options(3),
      minEach: 1,
      maxEach: 5,
      allowLess: false,
      defaultOnTimeout: { o0: 5, o1: 1, o2: 1 },
    },
    {
      ...base,
      shape: 'declare',
      slots: ['a', 'b', 'c'].map((id) => ({ id, label: { en: id, ja: id }, options: options(2), min: 0, max: 1 })),
      draft: { a: ['o0'] },
      problem: { rule: '508.1c', code: 'x' },
      canGoBack: false,
      defaultOnTimeout: {},
    },
  ];

  it('offers several answers of every shape, each one the kernel accepts, and never the refused draft', () => {
    for (const p of decisions) {
      const offered = candidates(p);
      expect(offered.length).toBeGreaterThan(1);
      expect(offered.length).toBeLessThanOrEqual(16);
      expect(new Set(offered.map((c) => c.key)).size).toBe(offered.length);
      for (const c of offered) expect(() => validateAnswer(p, 'p1', { decisionId: p.id, ...c.answer })).not.toThrow();
      if (p.shape === 'declare')
        expect(
          offered.some((c) => JSON.stringify(c.answer.declare) === JSON.stringify({ a: ['o0'], b: [], c: [] })),
        ).toBe(false);
    }
  });

  it('at priority, never offers an option that only makes mana, energy or will (MTG, NOVA, Force of Will)', () => {
    const act = (id: string, kind: string): DecisionOption => ({ id, kind, role: 'choice', label: { en: '', ja: '' } });
    const priority: PendingDecision = {
      ...base,
      role: 'priority',
      options: [
        act('pass', 'pass'),
        act('play:o4', 'play'),
        act('mana:o2:0', 'mana'),
        act('energy:o7', 'energy-ability'),
        act('will:o42:0:B', 'will'),
      ],
      min: 1,
      max: 1,
      ordered: false,
      defaultOnTimeout: ['pass'],
    };
    expect(candidates(priority).map((c) => c.key)).toEqual(['c:pass', 'c:play:o4']);
    // Elsewhere (a payment) the same kinds are the answers.
    expect(candidates({ ...priority, role: 'choice' }).map((c) => c.key)).toContain('c:will:o42:0:B');
  });

  it('offers the same answers for the same decision (so sampled worlds share branches)', () => {
    for (const p of decisions) expect(candidates(p)).toEqual(candidates(structuredClone(p)));
  });
});

describe('the AI never sees hidden information', () => {
  const cases: { game: string; opponentIds: (s: BaseState) => string[] }[] = [
    {
      game: 'nova',
      opponentIds: (s) => {
        const z = (s as NovaState).players.p2.zones;
        return [...z.hand, ...z.deck];
      },
    },
    {
      game: 'mtg',
      opponentIds: (s) => {
        const p = (s as MtgState).players.p2;
        return [...p.hand, ...p.library];
      },
    },
    {
      game: 'fow',
      opponentIds: (s) => {
        const p = (s as FowState).players.p2;
        return [...p.hand, ...p.main, ...p.standby];
      },
    },
    {
      game: 'pmv',
      opponentIds: (s) => {
        const p = (s as PmvState).players.p2;
        return [...p.hand, ...p.deck, ...p.nodes];
      },
    },
    {
      game: 'aqa',
      opponentIds: (s) => {
        const p = (s as AqaState).sides.p2;
        return [...p.hand, ...p.deck];
      },
    },
  ];
  it('covers every game with an AI', () => {
    expect(cases.map((c) => c.game).sort()).toEqual([...SEARCHABLE].sort());
    expect(SEARCHABLE.length).toBe(5);
  });
  for (const { game, opponentIds } of cases) {
    it(`${game}: answers the same when only the opponent's hidden cards (hand, deck order) and future shuffles differ`, () => {
      const { g, states } = choicesOf(game, 'p1', 5, `hidden-${game}`);
      expect(states.length).toBeGreaterThanOrEqual(3);
      const typed = g as AiGame<BaseState & { objects: Record<string, { card: string }> }>;
      for (const s of states) {
        const real = s as BaseState & { objects: Record<string, { card: string }> };
        const moved = withOpponentHiddenMoved(typed, real, 'p1', opponentIds(s));
        // The variant really differs, and looks the same to p1.
        expect(JSON.stringify(moved.objects)).not.toBe(JSON.stringify(real.objects));
        expect(g.module.view(moved, { kind: 'player', seat: 'p1' })).toEqual(
          g.module.view(real, { kind: 'player', seat: 'p1' }),
        );
        for (const level of ['easy', 'normal'] as const) {
          const ask = (state: BaseState) =>
            decide({ game: g, state, seat: 'p1', level, seed: 'same', budget: SMALL }).response;
          expect(ask(moved)).toEqual(ask(real));
        }
      }
    }, 300_000);
  }
});

describe('decide', () => {
  for (const game of SEARCHABLE)
    it(`${game}: is deterministic for a seed and answers every decision of a game legally`, () => {
      const { g, state } = start(game, `legal-${game}`);
      let s = state;
      let searched = 0;
      for (let n = 0; n < 100 && !s.result; n++) {
        const p = g.module.pending(s) as PendingDecision;
        const level = p.player === 'p1' ? 'easy' : 'normal';
        const ask = () => decide({ game: g, state: s, seat: p.player, level, seed: `n${n}`, budget: SMALL });
        const answer = ask();
        if (answer.how === 'search') {
          searched += 1;
          if (searched <= 3) expect(ask().response).toEqual(answer.response);
        }
        s = g.module.apply(s, p.player, answer.response); // throws on an illegal answer
      }
      expect(searched).toBeGreaterThan(0);
    }, 300_000);

  it('answers a forced decision at once, without search', () => {
    const { g, states } = choicesOf('nova', 'p2', 1, 'forced');
    let s = states[0] as BaseState;
    for (let n = 0; n < 200; n++) {
      const p = g.module.pending(s) as PendingDecision;
      if (isForced(p)) {
        expect(decide({ game: g, state: s, seat: p.player, level: 'hard', seed: 'f' }).how).toBe('forced');
        return;
      }
      s = g.module.apply(s, p.player, decide({ game: g, state: s, seat: p.player, level: 'easy', seed: 'f' }).response);
    }
    throw new Error('no forced decision in 200');
  });
});

describe('wilson', () => {
  it('gives the textbook interval', () => {
    const { low, high } = wilson(95, 100);
    expect(low).toBeCloseTo(0.8882, 3);
    expect(high).toBeCloseTo(0.9785, 3);
    expect(wilson(0, 0)).toEqual({ low: 0, high: 1 });
  });
});

describe('an action the game rewinds to the same position', () => {
  it('is never chosen, at any level, though it scores as well as anything else', () => {
    const { g, states } = choicesOf('nova', 'p1', 40, 'idle', 1);
    const s = states.find((x) => {
      const p = g.module.pending(x) as PendingDecision;
      return p.role === 'priority' && candidates(p).length >= 3;
    });
    if (!s) throw new Error('no priority decision with three answers');
    const p = g.module.pending(s) as PendingDecision;
    const idle = candidates(p)[1]?.answer.choose[0] as string;
    // A game where that answer is started and rewound (the position comes back, only the counters move on), and
    // every position is worth the same: without the check, easy takes the first action and search may too.
    const rewinding: AiGame = {
      ...g,
      hooks: {
        ...g.hooks,
        simulate: (state, seat, response) =>
          response.choose[0] === idle
            ? { ...state, version: state.version + 1 }
            : g.hooks.simulate(state, seat, response),
      },
      evaluate: () => 0,
    };
    expect(positionKey({ ...s, version: s.version + 1 })).toBe(positionKey(s));
    for (const level of ['easy', 'normal'] as const) {
      const answer = decide({ game: rewinding, state: s, seat: 'p1', level, seed: 'idle', budget: SMALL }).response;
      expect(answer.choose).not.toContain(idle);
    }
  });
});
