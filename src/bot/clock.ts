// The bot's time source for turn timers. Production uses the real clock; tests inject one they advance by hand
// (the fake Discord's ManualClock has this shape), so no test sleeps.
export interface BotClock {
  now(): number;
  /** Calls `fire` after `ms`; returns a function that cancels it. Timers never keep the process alive. */
  setTimer(ms: number, fire: () => void): () => void;
}

/** setTimeout caps its delay at 2^31-1 ms (24.8 days); a longer timer is re-armed when it fires early. */
const MAX_DELAY = 2_147_483_647;

export function realBotClock(now: () => number = Date.now): BotClock {
  return {
    now,
    setTimer(ms, fire) {
      const timer = setTimeout(fire, Math.min(Math.max(0, ms), MAX_DELAY));
      timer.unref();
      return () => clearTimeout(timer);
    },
  };
}

/** Drops the entries of a `key → time` map older than `cutoff`, so a map of recent events stays small. */
export function forgetBefore(times: Map<string, number>, cutoff: number): void {
  for (const [key, at] of times) if (at < cutoff) times.delete(key);
}
