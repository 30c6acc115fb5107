import { createKernel } from '../../core/procedure.ts';
import { damageProcedure, damageReplacement } from './damage.ts';
import { chooseDecision, optionalCostDecision, orderDeckDecision } from './decisions.ts';
import { resolveProcedure } from './resolve.ts';
import type { NovaState } from './state.ts';

/**
 * NOVA's procedures that run as kernel frames (core/procedure.ts), and the decisions they ask: an item resolving
 * (resolve.ts) with its choices on resolution, and damage through its replacements (damage.ts). NOVA's `advance`
 * (engine.ts) runs them on its own working copy; `play` is still a fixed slot.
 */
export const novaKernel = createKernel<NovaState>({
  procedures: [resolveProcedure, damageProcedure, damageReplacement.procedure],
  decisions: [chooseDecision, optionalCostDecision, orderDeckDecision, damageReplacement.order],
  loopRule: '924.1.3',
});
