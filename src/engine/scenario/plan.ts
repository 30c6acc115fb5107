// Running a scenario plan (docs/scenarios.md): the loop every game shares. A game's scenario hooks turn its file
// into a plan (position, steps, expectations); this file plays the steps and gathers the failures.
import { parse as parseYaml } from 'yaml';
import { IllegalAction } from '../core/errors.ts';
import type { ScenarioPlan } from '../definition.ts';

/** The scripted option is not offered to the player: for a scenario, the engine refused it. */
export class NotOffered extends Error {}

export interface ScenarioResult<S> {
  ok: boolean;
  rule: string;
  failures: string[];
  state: S;
}

/** The YAML of a scenario file, or an error naming the file. */
export function readScenarioYaml(text: string, file: string): unknown {
  try {
    return parseYaml(text);
  } catch (e) {
    throw new Error(`${file}: not valid YAML: ${(e as Error).message}`);
  }
}

/** Plays a plan: expectations mid-script and at the end, or the refusal of the step `expectIllegalAt` names. */
export function runPlan<S>(plan: ScenarioPlan<S>): ScenarioResult<S> {
  let s = plan.start;
  const failures: string[] = [];
  for (const [i, step] of plan.steps.entries()) {
    const n = i + 1;
    if (step.kind === 'check') {
      failures.push(...step.check(s).map((f) => `after step ${n - 1}: ${f}`));
      continue;
    }
    try {
      s = step.apply(s);
      if (plan.expectIllegalAt === n) failures.push(`step ${n} was expected to be illegal but was accepted`);
    } catch (err) {
      if (plan.expectIllegalAt === n && (err instanceof IllegalAction || err instanceof NotOffered))
        return { ok: failures.length === 0, rule: plan.rule, failures, state: s };
      failures.push(`step ${n} (${step.describe}): ${(err as Error).message}`);
      return { ok: false, rule: plan.rule, failures, state: s };
    }
  }
  if (plan.expectIllegalAt !== undefined) failures.push(`step ${plan.expectIllegalAt} was expected to be rejected`);
  failures.push(...plan.check(s));
  return { ok: failures.length === 0, rule: plan.rule, failures, state: s };
}
