import { createKernel } from '../../core/procedure.ts';
import { playProcedure, playTransaction } from './actions.ts';
import { damageProcedure, damageReplacement, optionalDamageDecision } from './damage.ts';
import { NOVA_DECISIONS } from './decisions.ts';
import { destructionProcedure, destructionReplacementDecision } from './destruction.ts';
import { drawProcedure } from './draws.ts';
import { endLoopWithoutDecision } from './loops.ts';
import { moveProcedure, moveReplacementDecision } from './moves.ts';
import { resolveProcedure } from './resolve.ts';
import type { NovaState } from './state.ts';
import { novaGame, priorityWindow } from './turn-procedure.ts';

/**
 * NOVA's procedures, all kernel frames (core/procedure.ts): the game itself with its turn (turn-procedure.ts) at the
 * bottom, each priority processing as a window, a card or ability being played (actions.ts) inside its transaction,
 * an item resolving (resolve.ts), and damage through its replacements (damage.ts); and every decision they ask
 * (decisions.ts, once each: `target` answers both a play's and a placed trigger's target). NOVA's `advance`
 * (engine.ts) runs them on its own working copy.
 */
export const novaKernel = createKernel<NovaState>({
  procedures: [
    novaGame,
    priorityWindow,
    playTransaction,
    playProcedure,
    resolveProcedure,
    damageProcedure,
    damageReplacement.procedure,
    drawProcedure,
    destructionProcedure,
    moveProcedure,
  ],
  decisions: [
    ...new Set(Object.values(NOVA_DECISIONS)),
    damageReplacement.order,
    destructionReplacementDecision,
    optionalDamageDecision,
    moveReplacementDecision,
  ],
  loopRule: '924.1.3',
  // NOVA 924.1.3: a loop that never reaches a decision ends with its causer's loss (ruling R112).
  endLoop: (draft) => endLoopWithoutDecision(draft),
});
