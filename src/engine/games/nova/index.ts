import type { GameModule } from '../../core/game.ts';
import { determinizeNova } from './determinize.ts';
import { advance, applyResponse, concede } from './engine.ts';
import { evaluateNova } from './evaluate.ts';
import { novaHiddenIdentities, novaHiddenObjectIds, novaInvariants } from './invariants.ts';
import { createNovaGame, validateNovaDeck } from './setup.ts';
import type { NovaState } from './state.ts';
import { type NovaView, novaView } from './view.ts';

/** NOVA as a game module: everything the kernel, store, renderer and bot need. */
export const nova: GameModule<NovaState, NovaView> = {
  id: 'nova',
  name: { en: 'NOVA', ja: 'NOVA' },
  setup(setup, seed) {
    const s = createNovaGame(setup, seed);
    advance(s);
    return s;
  },
  pending: (s) => s.pending,
  apply: applyResponse,
  concede,
  view: novaView,
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
