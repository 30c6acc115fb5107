// Paces the board's requests in each channel. Discord allows about 5 message posts/edits per channel every 5 s; a
// board that exceeds it gets 429s and lands late. The pacer keeps a sliding window of the requests sent per
// channel and makes the next one wait for a free slot (BoardUpdater coalesces meanwhile, so the wait ends in one
// edit of the latest state).
//
// Background requests (removing the button of a previous board: cosmetic, the button still works) yield to
// everyone's boards: they wait until the channel has two free slots (one stays for the next board) *and* the
// client's global bucket (50 requests/s, shared by every match) is at least half free, and give up their turn when
// their match wants a board.
import type { REST } from 'discord.js';

export interface ChannelLimit {
  /** Requests per channel within `windowMs`. */
  requests: number;
  windowMs: number;
}

export const DISCORD_CHANNEL_LIMIT: ChannelLimit = { requests: 5, windowMs: 5_000 };

/** Channels tracked before the quiet ones are swept (a sweep is one pass over them). */
const FORGET_AT = 64;

/** How long a background request waits between two looks at the buckets. */
const BACKGROUND_POLL_MS = 100;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class ChannelPacer {
  private readonly sent = new Map<string, number[]>();

  /** Channels with requests remembered (a test of the bound). */
  get tracked(): number {
    return this.sent.size;
  }

  constructor(
    private readonly limit: ChannelLimit = DISCORD_CHANNEL_LIMIT,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Milliseconds until the channel has `slots` free slots (0: now). */
  waitMs(channelId: string, slots = 1): number {
    const now = this.now();
    const times = (this.sent.get(channelId) ?? []).filter((t) => t > now - this.limit.windowMs);
    if (times.length === 0) this.sent.delete(channelId);
    else this.sent.set(channelId, times);
    const keep = this.limit.requests - slots; // the requests that may still be in the window
    if (times.length <= keep) return 0;
    return (times[times.length - keep - 1] as number) + this.limit.windowMs - now;
  }

  /** Waits until the channel has a free slot, without taking it; true when it had to wait. */
  async untilFree(channelId: string): Promise<boolean> {
    let waited = false;
    for (let wait = this.waitMs(channelId); wait > 0; wait = this.waitMs(channelId)) {
      waited = true;
      await sleep(wait);
    }
    return waited;
  }

  /** Waits for a slot in the channel and takes it. */
  async take(channelId: string): Promise<void> {
    await this.untilFree(channelId);
    this.record(channelId);
  }

  /**
   * A background request's slot: waits while the channel is full or the global bucket is more than half used;
   * false (nothing taken) as soon as `yieldTo()` says more urgent work is waiting.
   */
  async takeSpare(channelId: string, rest: REST, yieldTo: () => boolean): Promise<boolean> {
    for (;;) {
      if (yieldTo()) return false;
      // Two free slots: taking one still leaves one for the match's next board.
      const wait = this.waitMs(channelId, Math.min(2, this.limit.requests));
      if (wait <= 0 && globalHeadroom(rest)) {
        this.record(channelId);
        return true;
      }
      await sleep(Math.min(Math.max(wait, 1), BACKGROUND_POLL_MS));
    }
  }

  private record(channelId: string): void {
    // Channels with nothing in the window are forgotten (a finished match's thread is never asked again).
    if (this.sent.size > FORGET_AT) {
      const since = this.now() - this.limit.windowMs;
      for (const [id, times] of this.sent) if ((times.at(-1) ?? 0) <= since) this.sent.delete(id);
    }
    const times = this.sent.get(channelId) ?? [];
    times.push(this.now());
    this.sent.set(channelId, times);
  }
}

/** Whether at least half of this second's global requests are left (the bucket resets every second). */
function globalHeadroom(rest: REST): boolean {
  if (Date.now() >= rest.globalReset) return true;
  return rest.globalRemaining >= rest.options.globalRequestsPerSecond / 2;
}
