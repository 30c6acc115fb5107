import type { GameModule, PickDecision } from '../../core/game.ts';
import { determinizeNova } from './determinize.ts';
import { advance, applyResponse, concede, novaPending } from './engine.ts';
import { evaluateNova } from './evaluate.ts';
import { novaHiddenIdentities, novaHiddenObjectIds, novaInvariants } from './invariants.ts';
import { novaResultText } from './log-text.ts';
import { createNovaGame, validateNovaDeck } from './setup.ts';
import type { NovaState } from './state.ts';
import { type NovaView, novaLog, novaView } from './view.ts';

/** Matches recorded before rules version 5 used energy abilities only while paying (R37 old), and keep doing so. */
const REPLAY_IN_PAYMENT = { kind: 'replay', setupOptions: { energyAbilities: 'in-payment' } } as const;
/** Matches recorded before rules version 3 also answered each payment with a whole plan, and keep doing so. */
const REPLAY_OLD_PAYMENTS = {
  kind: 'replay',
  setupOptions: { paymentRules: 'plans', energyAbilities: 'in-payment' },
} as const;

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
  // 5: activated energy abilities, including every energy-zone card's (310.4), are offered whenever the player holds
  // priority (NOVA 801.6.3.1, ruling R37), not only while paying: a priority decision has more options.
  rulesVersion: 5,
  // Matches of versions 0 to 4 replay: the same decisions mean the same play, only the hashed state's shape differs
  // (docs/store.md "Rules versions"); before version 3 their logged payments are whole plans, so they keep paying so;
  // before version 5 energy abilities are used only while paying, so they keep playing so (the options they were
  // offered stay the options a replay and a resumed match offer).
  migrations: {
    0: REPLAY_OLD_PAYMENTS,
    1: REPLAY_OLD_PAYMENTS,
    2: REPLAY_OLD_PAYMENTS,
    3: REPLAY_IN_PAYMENT,
    4: REPLAY_IN_PAYMENT,
  },
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
    simulate: (s, seat, response) => applyResponse(s, seat, response, 'simulate'),
    simulateInPlace: (s, seat, response) => applyResponse(s, seat, response, 'in-place'),
  },
};
