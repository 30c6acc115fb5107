// The search budget of a job taken from a queue (issue 21: ten AI matches at once on one AI thread). A search that
// took its full budget while others wait makes each of them wait that long again, so the last of ten waited ten
// budgets (6.8 s median, 11.9 s p99 at load ~25 with a 1 s budget). Each job taken from the queue searches for its
// share of the budget instead: the budget divided by the jobs still waiting for the pool's threads (itself
// included), never below a floor. With n jobs asked at once the last answer comes after about budget x (1 + 1/2 +
// ... + 1/n) / threads (2.9 budgets for ten on one thread), and a job asked alone keeps its whole budget.
import type { SearchBudget } from './ismcts.ts';
import type { AiJob } from './job.ts';
import { BOT_BUDGETS } from './player.ts';

/** No search is cut below this: a few hundred iterations still beat the easy level's one-ply look-ahead. */
export const MIN_QUEUED_SEARCH_MILLIS = 60;

/** `budget` when `waiting` other jobs queue behind this one for `threads` threads. */
export function shareOfBudget(budget: SearchBudget, waiting: number, threads: number): SearchBudget {
  if (budget.millis === undefined || waiting <= 0) return budget;
  const share = budget.millis / (1 + waiting / Math.max(1, threads));
  return { ...budget, millis: Math.max(Math.min(budget.millis, MIN_QUEUED_SEARCH_MILLIS), Math.round(share)) };
}

/**
 * The job as a thread should run it: a searching level's budget (its own, else the pool's, by default the bot's)
 * shared with the queue.
 */
export function jobForQueue(
  job: AiJob,
  waiting: number,
  threads: number,
  budgets: Record<Exclude<AiJob['level'], 'easy'>, SearchBudget> = BOT_BUDGETS,
): AiJob {
  if (job.level === 'easy') return job;
  return { ...job, budget: shareOfBudget(job.budget ?? budgets[job.level], waiting, threads) };
}
