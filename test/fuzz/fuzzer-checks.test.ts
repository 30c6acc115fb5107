// Each check of the fuzzer still catches what it is for (issue: the fuzzer ten times faster without weakening a
// check): the "set and flip" toy with one fault planted at a time must fail, with the fault named; the honest toy
// passes. And a run played on threads reports what a run one game after another reports.
import { describe, expect, it } from 'vitest';
import type { GameModule, MatchSetup } from '../../src/engine/core/game.ts';
import { fuzzInParallel } from '../../src/engine/fuzz/parallel.ts';
import { type FuzzGameResult, fuzzGame } from '../../src/engine/fuzz/random-play.ts';
import { fuzzRegisteredGame, runReport } from '../../src/engine/fuzz/run-games.ts';
import { GAMES } from '../../src/engine/registry.ts';
import { type SetFlipState, type SetFlipView, setFlipGame } from './face-down-toy.ts';

const SETUP: MatchSetup = { game: 'nova', decks: { p1: {}, p2: {} } };
const OPTS = { checkViews: true, maxDecisions: 500, activity: 0.9 };
type Toy = GameModule<SetFlipState, SetFlipView>;

/** The first failure of a few games of `game` (each fault shows within the first decisions of any game). */
function firstFailure(game: Toy): string | undefined {
  for (let i = 0; i < 3; i++) {
    const failures = fuzzGame(game, SETUP, `planted-${i}`, OPTS).failures;
    if (failures.length > 0) return failures[0];
  }
  return undefined;
}

describe('the fuzzer catches each planted fault', () => {
  const honest = setFlipGame();

  it('passes the honest toy (the faults below are the only difference)', () => {
    expect(firstFailure(honest)).toBeUndefined();
  });

  it('a broken invariant, at the decision that broke it', () => {
    const game: Toy = { ...honest, invariants: (s) => (s.version >= 5 ? ['planted: a card in two places'] : []) };
    expect(firstFailure(game)).toBe('decision 5: planted: a card in two places');
  });

  it("a hidden object's id in a view", () => {
    const game: Toy = {
      ...honest,
      view: (s, viewer) => ({ ...honest.view(s, viewer), log: s.version >= 3 ? [...s.zones.p2.deck] : [] }),
    };
    expect(firstFailure(game)).toMatch(/^decision 3: hidden object c\d+ appears in the p1 view$/);
  });

  it("a hidden card's name in the log, in the spectator's view too", () => {
    const game: Toy = {
      ...honest,
      view: (s, viewer) =>
        viewer.kind === 'spectator'
          ? { ...honest.view(s, viewer), log: [`next: ${s.zones.p1.deck[0] ? 'Moss Lantern' : ''}`] }
          : honest.view(s, viewer),
    };
    const failures = [0, 1, 2].flatMap((i) => fuzzGame(game, SETUP, `planted-${i}`, OPTS).failures);
    expect(failures.some((f) => /the spectator view shows the name "Moss Lantern"/.test(f))).toBe(true);
  });

  it('a decision nobody can answer', () => {
    const game: Toy = {
      ...honest,
      pending: (s) => {
        const p = honest.pending(s);
        return p && s.version === 4 && p.shape !== 'number' && p.shape !== 'distribute' && p.shape !== 'declare'
          ? { ...p, min: p.options.length + 1, max: p.options.length + 1 }
          : p;
      },
    };
    expect(firstFailure(game)).toBe('decision 4: decision turn cannot be answered');
  });

  it('a game whose replay differs (it reads something besides its state)', () => {
    let applied = 0;
    const game: Toy = {
      ...honest,
      apply: (s, seat, r) => {
        applied += 1;
        const next = honest.apply(s, seat, r);
        return applied === 4 ? { ...next, score: { ...next.score, p1: next.score.p1 + 1 } } : next;
      },
    };
    const result = fuzzGame(game, SETUP, 'planted-replay', OPTS);
    expect(result.failures).toEqual(['replay produced a different state hash']);
  });

  // The replay goes through a game's owned-state path when it has one (no copy per decision): a fault on either
  // path is still a replay that differs.
  const withOwnedPath = (simulateInPlace: Toy['apply'], apply: Toy['apply'] = honest.apply): Toy => ({
    ...honest,
    apply,
    search: { determinize: (s) => s, evaluate: () => 0, simulate: honest.apply, simulateInPlace },
  });
  const faultAt = (n: number): Toy['apply'] => {
    let applied = 0;
    return (s, seat, r) => {
      applied += 1;
      const next = honest.apply(s, seat, r);
      return applied === n ? { ...next, score: { ...next.score, p1: next.score.p1 + 1 } } : next;
    };
  };

  it('a game whose owned-state path disagrees with apply (the replay takes it)', () => {
    // Gone another way, the replay may meet an answer it refuses: a failure too.
    const result = fuzzGame(withOwnedPath(faultAt(4)), SETUP, 'planted-replay', OPTS);
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]).toMatch(/^replay (produced a different state hash|threw: IllegalAction)/);
  });

  it('a game whose replay differs, when it has an owned-state path', () => {
    const result = fuzzGame(withOwnedPath(honest.apply, faultAt(4)), SETUP, 'planted-replay', OPTS);
    expect(result.failures).toEqual(['replay produced a different state hash']);
    expect(fuzzGame(withOwnedPath(honest.apply), SETUP, 'planted-replay', OPTS).failures).toEqual([]);
  });
});

describe('a run on threads reports what a run one game after another reports', () => {
  const played = (decisions: number, failures: string[] = []): FuzzGameResult => ({
    seed: 's',
    decisions,
    finished: failures.length === 0,
    failures,
    finalHash: '',
  });

  it('counts up to the first failing game by number, whichever game finished first', () => {
    // Games 3 and 5 fail; a thread finished 5 before 3, and game 6 was never played.
    const results = new Map([0, 1, 2, 4, 5].map((i) => [i, played(10 + i, i === 5 ? ['late'] : [])]));
    results.set(3, played(7, ['first']));
    const run = runReport(7, (i) => results.get(i));
    expect(run).toMatchObject({ games: 4, finished: 3, decisions: 10 + 11 + 12 + 7 });
    expect(run.failed?.index).toBe(3);
    expect(() => runReport(7, (i) => (i === 2 ? undefined : played(1)))).toThrow(/game 2 has no result/);
  });

  // Starting the threads (each loads the registry through tsx) is most of this test's few seconds.
  it('plays the same games on two threads as on one', async () => {
    const options = { checkViews: true, maxDecisions: 120, activity: 0.7 };
    const alone = fuzzRegisteredGame(GAMES, 'aqa', 3, 'jobs', options);
    const threaded = await fuzzInParallel({ game: 'aqa', seed: 'jobs', options }, 3, 2);
    expect(threaded).toEqual(alone);
    expect(alone.decisions).toBeGreaterThan(100);
  });
});
