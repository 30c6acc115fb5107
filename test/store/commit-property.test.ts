import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stateHash } from '../../src/engine/core/hash.ts';
import { replay } from '../../src/engine/core/replay.ts';
import { SLOW_UNDER_LOAD, tempStore } from './temp-store.ts';
import { type ToyState, toyGame, toyMove, toySetup } from './toy-game.ts';

/** What a user (or Discord) can do to a match, in any order: answer, click twice, answer late, restart the bot. */
type Action =
  | { kind: 'answer'; pick: number }
  | { kind: 'repeat' }
  | { kind: 'late'; pick: number }
  | { kind: 'restart' }
  | { kind: 'concede'; seat: 'p1' | 'p2' };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 10, arbitrary: fc.record({ kind: fc.constant('answer' as const), pick: fc.nat(5) }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'repeat' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('late' as const), pick: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('concede' as const), seat: fc.constantFrom('p1', 'p2') }) },
);

describe('commitDecision under any sequence of clicks, repeats, late answers and restarts', () => {
  it('logs exactly the applied decisions, and the live state always equals the replay of the log', {
    timeout: SLOW_UNDER_LOAD,
  }, () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), fc.string({ maxLength: 8 }), (actions, seed) => {
        const handle = tempStore({ snapshotEvery: 4 });
        try {
          handle.store.matches.createMatch({
            matchId: 'm',
            guildId: 'g',
            channelId: 'c',
            game: 'nova',
            format: 'toy',
            players: { p1: 'a', p2: 'b' },
          });
          let state = handle.store.matches.startMatch('m', toySetup(60), seed) as ToyState;
          let applied = 0;
          let previous: ReturnType<typeof toyMove> | null = null;
          let older: ReturnType<typeof toyMove> | null = null;
          for (const a of actions) {
            if (state.result) break;
            const matches = handle.store.matches;
            if (a.kind === 'restart') {
              const report = handle.reopen().matches.restoreActiveMatches();
              expect(report.frozen).toEqual([]);
              state = handle.store.matches.currentState('m') as ToyState;
            } else if (a.kind === 'concede') {
              expect(matches.commitDecision('m', a.seat, 'concede').kind).toBe('applied');
              applied++;
              state = matches.currentState('m') as ToyState;
            } else if (a.kind === 'answer') {
              const move = toyMove(state, a.pick);
              const r = matches.commitDecision('m', move.seat, move.response);
              expect(r.kind).toBe('applied');
              applied++;
              state = r.state as ToyState;
              [older, previous] = [previous, move];
            } else if (a.kind === 'repeat' && previous) {
              expect(matches.commitDecision('m', previous.seat, previous.response).kind).toBe('duplicate');
            } else if (a.kind === 'late' && older) {
              // Another option for an already answered decision: never applied.
              const late = { ...older.response, choose: [`cycle${a.pick % 3}`] };
              const same = late.choose[0] === older.response.choose[0];
              expect(matches.commitDecision('m', older.seat, late).kind).toBe(same ? 'duplicate' : 'stale');
            }
          }
          const exported = handle.store.exportMatch('m');
          expect(exported.decisions).toHaveLength(applied);
          const decisions = exported.decisions.map(
            (d) => d.decision as Exclude<typeof d.decision, { unreadable: string }>,
          );
          const replayed = replay(toyGame, exported.setup!, exported.seed!, decisions);
          expect(stateHash(replayed)).toBe(stateHash(state));
          expect(toyGame.invariants?.(state)).toEqual([]);
          expect(exported.decisions.at(-1)?.stateHash ?? exported.initialHash).toBe(stateHash(state));
        } finally {
          handle.cleanup();
        }
      }),
      { numRuns: 60 },
    );
  });
});
