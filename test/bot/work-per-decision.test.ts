// The bot's own work per decision (issue 26 item 8): with 50 matches on 2 cores, every store read and engine call
// repeated per decision is CPU the hand picture waits for. A match is played through the controls with auto-pass on
// (each answer followed by the turn clock's automatic passes) and what the bot asks of the store is counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BotHarness, challengeAndAccept, openHand, startBotHarness, userFor } from './bot-harness.ts';

let h: BotHarness;
/** Calls made while the turn clock's work (auto-pass and timing after a commit) runs. */
const inFlow = { runs: 0, stateReads: 0, commits: 0, aiLevelReads: 0, transactions: 0 };
let flowRunning = 0;
/** Decisions the game built, and the distinct states they were built for. */
let decisionsBuilt = 0;
const statesAsked = new Set<object>();

beforeAll(async () => {
  h = await startBotHarness({ mentions: false, autoPass: true });
  const { store, flow, games } = h.bot.context;
  const nova = games.playable('nova').play.module;
  const pending = nova.pending;
  nova.pending = (state) => {
    decisionsBuilt++;
    statesAsked.add(state);
    return pending(state);
  };
  const counted =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>, count: () => void) =>
    (...args: A): Promise<R> => {
      if (flowRunning > 0) count();
      return fn(...args);
    };
  store.matches.currentState = counted(store.matches.currentState, () => inFlow.stateReads++);
  store.matches.commitDecision = counted(store.matches.commitDecision, () => inFlow.commits++);
  const commitRun = store.matches.commitRun;
  store.matches.commitRun = async (...args) => {
    const run = await commitRun(...args);
    if (flowRunning > 0 && run.kind === 'committed') inFlow.commits += run.count;
    return run;
  };
  // The SQLite contract opens a transaction per call it makes atomic (the store's own prepared ones nest inside).
  const db = h.bot.store.db;
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn: Parameters<typeof transaction>[0]) => {
    if (flowRunning > 0) inFlow.transactions++;
    return transaction(fn);
  }) as typeof db.transaction;
  store.aiSeats.levelOf = counted(store.aiSeats.levelOf, () => inFlow.aiLevelReads++);
  const afterCommit = flow.afterCommit.bind(flow);
  flow.afterCommit = async (...args) => {
    flowRunning++;
    inFlow.runs++;
    try {
      await afterCommit(...args);
    } finally {
      flowRunning--;
    }
  };
});
afterAll(async () => {
  await h?.close();
});

describe('work per decision', () => {
  it('reads the state once per clock run, a current state without a transaction, and builds a decision once', async () => {
    const matchId = await challengeAndAccept(h);
    for (let i = 0; i < 16; i++) {
      // Through the bot's own game (the test's asking builds nothing the bot would not).
      const state = await h.bot.context.store.matches.currentState(matchId);
      const seat = h.bot.context.store.requireGame('nova').pending(state)?.player;
      if (!seat) break;
      const user = userFor(h, seat);
      const hand = await openHand(h, user, matchId);
      const option = hand.buttons.find((b) => b.customId?.startsWith('a:') && !b.disabled)?.customId;
      if (!option) break;
      await user.click(hand, option);
      await h.bot.idle();
    }
    // The play reached automatic passes (else the counts below say nothing).
    expect(inFlow.runs).toBeGreaterThan(5);
    expect(inFlow.commits).toBeGreaterThan(inFlow.runs);
    // Before: one read per pass committed and one more per run; the run's commit reads it in the store.
    expect(inFlow.stateReads).toBeLessThanOrEqual(inFlow.runs);
    // A run's automatic passes are committed in one transaction (before: one per pass, 86 for 17 runs).
    expect(inFlow.transactions).toBeLessThanOrEqual(inFlow.runs);
    // Whether the AI plays a seat is read at most once per seat and run (before: once per pass and once more).
    expect(inFlow.aiLevelReads).toBeLessThanOrEqual(2 * inFlow.runs);
    // Each state's decision is built once, however many parts of the bot ask for it (before: ~3.5 times a state).
    expect(statesAsked.size).toBeGreaterThan(inFlow.commits);
    expect(decisionsBuilt).toBe(statesAsked.size);

    // A read of a match's state held in memory and still at the row's count and hash opens no transaction (the check
    // is one statement); before, each of the ~12 reads a decision was a transaction around the whole row.
    const db = h.bot.store.db;
    const transaction = db.transaction.bind(db);
    let transactions = 0;
    db.transaction = ((fn: Parameters<typeof transaction>[0]) => {
      transactions++;
      return transaction(fn);
    }) as typeof db.transaction;
    try {
      const state = await h.bot.context.store.matches.currentState(matchId);
      for (let i = 0; i < 5; i++) expect(await h.bot.context.store.matches.currentState(matchId)).toBe(state);
      expect(transactions).toBe(0);
    } finally {
      db.transaction = transaction as typeof db.transaction;
    }
  });
});
