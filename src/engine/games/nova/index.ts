import type { GameModule, PickDecision } from '../../core/game.ts';
import { determinizeNova } from './determinize.ts';
import { advance, applyResponse, concede, novaPending } from './engine.ts';
import { evaluateNova } from './evaluate.ts';
import { novaHiddenIdentities, novaHiddenObjectIds, novaInvariants } from './invariants.ts';
import { novaResultText } from './log-text.ts';
import { createNovaGame, validateNovaDeck } from './setup.ts';
import type { NovaState } from './state.ts';
import { type NovaView, novaLog, novaView } from './view.ts';

/** Matches recorded before rules version 3 answered each payment with a whole plan, and keep doing so. */
const REPLAY_WITH_PLANS = { kind: 'replay', setupOptions: { paymentRules: 'plans' } } as const;

/** NOVA as a game module: everything the kernel, store, renderer and bot need. */
export const nova: GameModule<NovaState, NovaView, PickDecision> = {
  id: 'nova',
  name: { en: 'NOVA', ja: 'NOVA' },
  // 1: the pending decision, the log's words and the result's reason left the hashed state (issue 15).
  // 2: play, resolution and damage run as kernel frames (state.procedures replaces state.play, state.resolving and
  // state.damage): same play, another state shape.
  // 3: a payment is asked one energy source at a time, with auto-pay and cancel (NOVA 804.2.4), instead of as one
  // choice among every way to pay; a play runs inside a transaction that a cancelled payment rewinds.
  // 4: the game and its turn are the root frame and each priority processing a window frame (turn-procedure.ts);
  // `state.await` is gone: same play, another state shape.
  rulesVersion: 4,
  // Matches of versions 0 to 3 replay: the same decisions mean the same play, only the hashed state's shape differs
  // (docs/store.md "Rules versions"); before version 3 their logged payments are whole plans, so they keep paying so.
  migrations: { 0: REPLAY_WITH_PLANS, 1: REPLAY_WITH_PLANS, 2: REPLAY_WITH_PLANS, 3: { kind: 'replay' } },
  setup(setup, seed) {
    const s = createNovaGame(setup, seed);
    advance(s);
    return s;
  },
  pending: novaPending,
  apply: applyResponse,
  concede,
  view: novaView,
  log: novaLog,
  describeResult: novaResultText,
  validateDeck: validateNovaDeck,
  invariants: (s) => novaInvariants(s),
  hiddenObjectIds: novaHiddenObjectIds,
  hiddenIdentities: novaHiddenIdentities,
  search: {
    determinize: determinizeNova,
    evaluate: evaluateNova,
    simulate: (s, seat, response) => applyResponse(s, seat, response, true),
  },
};
