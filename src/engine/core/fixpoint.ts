import { UnsupportedRule } from './errors.ts';

/**
 * State-based checks repeat until a full pass changes nothing (NOVA 501.1, CR 704.3). Each check returns
 * true when it changed the state. A loop that never settles is a bug or an unsupported rule, never silent.
 */
export function runUntilStable<S>(
  state: S,
  checks: ReadonlyArray<(s: S) => boolean>,
  rule: string,
  limit = 1000,
): void {
  for (let i = 0; i < limit; i++) {
    let changed = false;
    for (const check of checks) if (check(state)) changed = true;
    if (!changed) return;
  }
  throw new UnsupportedRule(rule, `state-based checks did not settle after ${limit} passes`);
}
