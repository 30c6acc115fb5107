/**
 * Time source for the fake. Discord's interaction rules are about time (3 s to acknowledge,
 * 15 min token life), so tests inject a ManualClock and advance it instead of waiting.
 */
export interface Clock {
  now(): number;
  /** Calls `fire` after `ms`; returns a function that cancels the timer. */
  setTimer(ms: number, fire: () => void): () => void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimer(ms, fire) {
    const timer = setTimeout(fire, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

interface PendingTimer {
  dueAt: number;
  fire: () => void;
}

/** A clock that only moves when told to; timers fire synchronously inside `advance`. */
export class ManualClock implements Clock {
  #now: number;
  readonly #timers = new Set<PendingTimer>();

  constructor(start = Date.UTC(2026, 0, 1)) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimer(ms: number, fire: () => void): () => void {
    const timer = { dueAt: this.#now + ms, fire };
    this.#timers.add(timer);
    return () => this.#timers.delete(timer);
  }

  advance(ms: number): void {
    if (!(ms >= 0)) throw new Error(`ManualClock.advance needs a non-negative number of ms, got ${ms}`);
    const target = this.#now + ms;
    for (;;) {
      const due = [...this.#timers].filter((t) => t.dueAt <= target).sort((a, b) => a.dueAt - b.dueAt)[0];
      if (!due) break;
      this.#timers.delete(due);
      this.#now = due.dueAt;
      due.fire();
    }
    this.#now = target;
  }
}
