// A search taken from a queue searches for its share of the budget (src/ai/queue-budget.ts), so ten AI matches on
// one thread wait about three budgets for the last answer, not ten.
import { describe, expect, it } from 'vitest';
import type { AiJob } from '../../src/ai/job.ts';
import { BOT_BUDGETS } from '../../src/ai/player.ts';
import { jobForQueue, MIN_QUEUED_SEARCH_MILLIS, shareOfBudget } from '../../src/ai/queue-budget.ts';
import { preconDeckList } from '../../src/engine/precons.ts';
import { GAMES } from '../../src/engine/registry.ts';

const budget = { iterations: 5_000, millis: 1_000, playoutDepth: 40 };

describe('the budget of a queued search', () => {
  it('is whole when nothing waits, and divided by the jobs waiting per thread otherwise', () => {
    expect(shareOfBudget(budget, 0, 1)).toEqual(budget);
    expect(shareOfBudget(budget, 1, 1).millis).toBe(500);
    expect(shareOfBudget(budget, 9, 1).millis).toBe(100);
    expect(shareOfBudget(budget, 2, 2).millis).toBe(500);
    // Only the time shrinks: the iteration cap and the playout stay.
    expect(shareOfBudget(budget, 9, 1)).toMatchObject({ iterations: 5_000, playoutDepth: 40 });
  });

  it('never goes below the floor, nor above the budget', () => {
    expect(shareOfBudget(budget, 1_000, 1).millis).toBe(MIN_QUEUED_SEARCH_MILLIS);
    expect(shareOfBudget({ ...budget, millis: 20 }, 5, 1).millis).toBe(20);
  });

  it('keeps the wait of ten jobs asked at once on one thread to about three budgets', () => {
    let total = 0;
    for (let waiting = 9; waiting >= 0; waiting--) total += shareOfBudget(budget, waiting, 1).millis ?? 0;
    expect(total).toBeLessThan(3 * budget.millis);
    expect(total).toBeGreaterThan(2.5 * budget.millis);
  });

  it("shares the bot's budget of the job's level, leaves a deterministic budget and easy alone", () => {
    const nova = GAMES.playable('nova');
    const deck = preconDeckList(nova.precons()[0] as ReturnType<typeof nova.precons>[number]);
    const state = nova.play.module.setup({ game: 'nova', decks: { p1: deck, p2: deck } }, 'queue');
    const job: AiJob = { game: 'nova', state, seat: 'p2', level: 'hard', seed: 's' };
    expect(jobForQueue(job, 2, 1).budget).toEqual({ ...BOT_BUDGETS.hard, millis: 1_000 });
    expect(jobForQueue({ ...job, level: 'easy' }, 5, 1)).toEqual({ ...job, level: 'easy' });
    const counted = { iterations: 300, playoutDepth: 20 };
    expect(jobForQueue({ ...job, budget: counted }, 5, 1).budget).toEqual(counted);
  });
});
