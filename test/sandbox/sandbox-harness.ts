// The bot harness's shape over a running sandbox (`npm start` without a token): its fake Discord, its bot and its
// three people, so that the helpers written for the bot harness (playing through the controls, reading threads)
// drive the sandbox's own bot.

import type { Sandbox } from '../../src/sandbox/start.ts';
import type { BotHarness } from '../bot/bot-harness.ts';

export function sandboxHarness(
  sandbox: Sandbox,
  options: { dbPath: string; logs?: string[]; close?: () => Promise<void> },
): BotHarness {
  const { discord, bot, world } = sandbox.internals;
  const person = (key: string) => {
    const found = world.people.find((p) => p.key === key);
    if (!found) throw new Error(`the sandbox has no ${key}`);
    return found.user;
  };
  return {
    discord,
    bot,
    alice: person('alice'),
    bob: person('bob'),
    carol: person('carol'),
    guild: world.guild,
    dbPath: options.dbPath,
    logs: options.logs ?? [],
    restart: () => Promise.reject(new Error('restart the sandbox instead')),
    close: options.close ?? (() => sandbox.close()),
  };
}
