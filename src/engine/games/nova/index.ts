import type { GameModule, PickDecision } from '../../core/game.ts';
import { determinizeNova } from './determinize.ts';
import { advance, applyResponse, concede, novaPending } from './engine.ts';
import { evaluateNova } from './evaluate.ts';
import { novaHiddenIdentities, novaHiddenObjectIds, novaInvariants } from './invariants.ts';
import { novaResultText } from './log-text.ts';
import { createNovaGame, validateNovaDeck } from './setup.ts';
import type { NovaState } from './state.ts';
import { type NovaView, novaLog, novaView } from './view.ts';

/** NOVA as a game module: everything the kernel, store, renderer and bot need. */
export const nova: GameModule<NovaState, NovaView, PickDecision> = {
  id: 'nova',
  name: { en: 'NOVA', ja: 'NOVA' },
  // 1: the pending decision, the log's words and the result's reason left the hashed state (issue 15).
  // 2: play, resolution and damage run as kernel frames (state.procedures replaces state.play, state.resolving and
  // state.damage): same play, another state shape.
  rulesVersion: 2,
  // Matches of versions 0 and 1 replay unchanged: the same decisions mean the same play, only the hashed state's
  // shape differs (docs/store.md "Rules versions").
  migrations: { 0: { kind: 'replay' }, 1: { kind: 'replay' } },
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
