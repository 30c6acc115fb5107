// The bot as the league tests run it: the real bot on the fake Discord, the client's global throttle and the boards'
// per-channel pacing lifted (as test/bot/bot-harness.ts lifts it: the players concede in seconds, faster than people;
// board-pacing.test.ts tests the pacing), no challenger cooldown (players challenge back to back; the cooldown has its
// own test in resilience.test.ts), commands registered, and a clock the test moves.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Bot, type CreateBotOptions, createBot } from '../../src/bot/create-bot.ts';
import type { FakeDiscord } from '../../src/devtools/fake-discord/index.ts';
import { LIFTED_CHANNEL_LIMIT } from './bot-harness.ts';

export function leagueTestBot(
  discord: FakeDiscord,
  dir: string,
  now: () => number,
  options: Partial<Pick<CreateBotOptions, 'images' | 'log' | 'boardChannelLimit'>> = {},
): Bot {
  return createBot({
    token: discord.botToken,
    restUrl: discord.restUrl,
    rest: { globalRequestsPerSecond: 10_000 },
    challengeCooldownMs: 0,
    dbPath: join(dir, 'arbiter.db'),
    images: false,
    registerCommands: true,
    now,
    log: () => {},
    boardChannelLimit: LIFTED_CHANNEL_LIMIT,
    ...options,
  });
}

/** Lets the bot finish what it started, then stops it, the fake Discord and the database folder. */
export async function stopLeagueTest(bot: Bot | undefined, discord: FakeDiscord | undefined, dir: string | undefined) {
  await bot?.idle();
  await bot?.stop();
  await discord?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
