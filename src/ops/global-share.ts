// Discord's global rate limit belongs to the bot token, not to a connection: the processes that split a bot's
// shards (src/ops/shards.ts) split its budget too. Each process takes the share of its shards, and never sends more
// than that share in any second. Interaction callbacks and webhooks are outside the global limit (src/bot/rest.ts),
// so they are not shared.
//
// Static and simple rather than a budget negotiated through the database: a busy process cannot borrow an idle one's
// part, but nothing is asked of the database per request, and the shares never add up to more than the limit.
// discord.js's own throttle counts fixed one-second windows from a window's first request, so a window's last
// requests and the next window's first can fall within one second of each other; with one process at the full limit
// that is discord.js's own behaviour, but with several sharing it the overshoots add up. So each process also holds
// a send back while its share has been sent in the last second (`SendWindow`), where the request leaves.
import type { RESTOptions } from 'discord.js';

/** Discord's global rate limit of one bot token, in requests per second (larger bots can ask Discord for more). */
export const DISCORD_GLOBAL_REQUESTS_PER_SECOND = 50;

/** This process's part of the token's limit: its shards' share, at least one request per second. */
export function globalShare(limitPerSecond: number, running: { ids: readonly number[]; count: number }): number {
  return Math.max(1, Math.floor((limitPerSecond * running.ids.length) / running.count));
}

/** At most `perWindow` sends in any `windowMs`: a send waits until the oldest of the last `perWindow` is that old. */
export class SendWindow {
  private readonly sent: number[] = [];
  /** The time the next send was promised, so waiting callers line up instead of all waking at once. */
  private tail = Promise.resolve();

  constructor(
    readonly perWindow: number,
    readonly windowMs = 1_000,
    private readonly now: () => number = () => performance.now(),
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  /** Resolves when a request may leave, and counts it as sent then. */
  take(): Promise<void> {
    const turn = this.tail.then(async () => {
      if (this.sent.length >= this.perWindow) {
        const oldest = this.sent[this.sent.length - this.perWindow] as number;
        const wait = oldest + this.windowMs - this.now();
        if (wait > 0) await this.sleep(wait);
      }
      this.sent.push(this.now());
      if (this.sent.length > this.perWindow) this.sent.splice(0, this.sent.length - this.perWindow);
    });
    this.tail = turn;
    return turn;
  }
}

/** The parts of a discord.js REST manager the share sets (its options, read before each request). */
export interface SharedRest {
  options: {
    globalRequestsPerSecond: number;
    makeRequest: RESTOptions['makeRequest'];
  };
  globalRemaining: number;
}

/**
 * Gives a REST manager (the bot's global-limited one, before login) its process's share: discord.js's throttle at
 * the share, and each request held at the moment it leaves until the last second's sends are below the share.
 */
export function shareGlobalLimit(rest: SharedRest, perSecond: number): SendWindow {
  // A second and 50 ms: Discord's clock is not ours, and discord.js adds the same 50 ms to every reset it waits for.
  const window = new SendWindow(perSecond, 1_050);
  const send = rest.options.makeRequest;
  rest.options.globalRequestsPerSecond = perSecond;
  rest.globalRemaining = Math.min(rest.globalRemaining, perSecond);
  rest.options.makeRequest = async (url, init) => {
    await window.take();
    return send(url, init);
  };
  return window;
}
