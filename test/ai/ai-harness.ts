// Playing a person's side of a match against the AI on the fake Discord (bot-ai*.test.ts).
import { expect } from 'vitest';
import type { MessageView } from '../../src/devtools/fake-discord/index.ts';
import { actRandomly, type BotHarness, current, openHand, refreshed } from '../bot/bot-harness.ts';

/** Alice's decisions through her controls until the game ends or `stop` says so; the AI answers in between. */
export async function playAgainstAi(
  h: BotHarness,
  matchId: string,
  pick: (n: number) => number,
  stop: (n: number) => boolean,
): Promise<number> {
  let n = 0;
  let hand: MessageView | null = null;
  for (;;) {
    await h.bot.idle();
    const { state, pendingSeat } = current(h, matchId);
    if (state.result || stop(n)) return n;
    // After idle the AI has answered: only alice's decisions are left waiting.
    expect(pendingSeat).toBe('p1');
    const reusable: MessageView | null = hand ? refreshed(h.alice, hand) : null;
    const fresh: boolean | undefined =
      reusable?.buttons.some((b) => b.customId?.includes(`:${state.version}:`)) ||
      reusable?.selects.some((x) => x.customId.includes(`:${state.version}:`));
    const controls: MessageView = fresh && reusable ? reusable : await openHand(h, h.alice, matchId);
    hand = controls;
    expect(await actRandomly(h, h.alice, controls, pick, 80)).toBe(true);
    n += 1;
  }
}
