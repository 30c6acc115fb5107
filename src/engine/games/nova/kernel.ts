import { createKernel } from '../../core/procedure.ts';
import { playProcedure, playTransaction } from './actions.ts';
import { damageProcedure, damageReplacement } from './damage.ts';
import {
  additionalCostDecision,
  appearanceCostDecision,
  chooseDecision,
  costModeDecision,
  optionalCostDecision,
  orderDeckDecision,
  paymentDecision,
  paymentPlanDecision,
  targetDecision,
} from './decisions.ts';
import { resolveProcedure } from './resolve.ts';
import type { NovaState } from './state.ts';

/**
 * NOVA's procedures that run as kernel frames (core/procedure.ts), and the decisions they ask: a card or ability
 * being played (actions.ts) with its costs, targets and payment, an item resolving (resolve.ts) with its choices on
 * resolution, and damage through its replacements (damage.ts). NOVA's `advance` (engine.ts) runs them on its own
 * working copy.
 */
export const novaKernel = createKernel<NovaState>({
  procedures: [playTransaction, playProcedure, resolveProcedure, damageProcedure, damageReplacement.procedure],
  decisions: [
    costModeDecision,
    appearanceCostDecision,
    additionalCostDecision,
    targetDecision,
    paymentDecision,
    paymentPlanDecision,
    chooseDecision,
    optionalCostDecision,
    orderDeckDecision,
    damageReplacement.order,
  ],
  loopRule: '924.1.3',
});
