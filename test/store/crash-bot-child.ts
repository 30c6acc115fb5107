/**
 * The whole-bot crash test's worker: the real bot (createBot, discord.js, the store on a database file) with a local
 * fake Discord and two players in one process, playing `game` through the real controls until it is killed. Around
 * every commit it prints `w <match>` (entering the write), then `c <match> <seq> <hash>` once the commit returned (the
 * point where the bot tells Discord) or `e <match>` when nothing was applied, so the test knows where each kill landed.
 * Usage: node --import tsx test/store/crash-bot-child.ts <db path> <game> <seed>
 */
import { writeSync } from 'node:fs';
import { createBot } from '../../src/bot/create-bot.ts';
import { FakeDiscord } from '../../src/devtools/fake-discord/index.ts';
import { timeoutResponse } from '../../src/engine/core/decision.ts';
import type { Seat } from '../../src/engine/core/game.ts';

const [dbPath, game, seedText] = process.argv.slice(2);
if (!dbPath || !game) throw new Error('usage: crash-bot-child.ts <db path> <game> <seed>');

/** Synchronous and retried, as in crash-child.ts: the line must be out before the next commit. */
function say(line: string): void {
  let rest = Buffer.from(`${line}\n`);
  while (rest.length > 0) {
    try {
      rest = rest.subarray(writeSync(1, rest));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
    }
  }
}

let seed = Number(seedText ?? 1) >>> 0 || 1;
const random = (n: number) => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) % n;
};

const discord = await FakeDiscord.start();
const alice = discord.createUser('alice');
const bob = discord.createUser('bob');
const guild = discord.createGuild('Crash', { members: [alice, bob] });
const bot = createBot({
  token: discord.botToken,
  restUrl: discord.restUrl,
  rest: { globalRequestsPerSecond: 10_000 },
  boardChannelLimit: { requests: 10_000, windowMs: 1_000 },
  dbPath,
  images: false,
  registerCommands: true,
  log: (m) => say(`log ${m.split('\n')[0]}`),
  challengeCooldownMs: 0,
  maxOpenMatches: 10_000,
  seedFor: () => `crash-${seed}-${random(1e9)}`,
});
const matches = bot.store.matches;
// The ack point is the contract's commit: the bot's code awaits it and only then tells Discord. (The synchronous
// store's commit runs inside the contract's BEGIN IMMEDIATE transaction, so its return is not yet durable.)
const contractMatches = bot.contract.matches;
const commit = contractMatches.commitDecision.bind(contractMatches);
contractMatches.commitDecision = async (matchId, seat, submission) => {
  say(`w ${matchId}`);
  let applied = false;
  try {
    const result = await commit(matchId, seat, submission);
    if (result.kind === 'applied') {
      applied = true;
      say(`c ${matchId} ${result.seq} ${result.stateHash}`);
    }
    return result;
  } finally {
    if (!applied) say(`e ${matchId}`);
  }
};
await bot.start();
bot.store.guilds.update(guild.id, { autoPass: { enabled: random(2) === 0, stops: {} } });
say('ready');

const seats: Record<Seat, typeof alice> = { p1: alice, p2: bob };
const module = bot.context.games.playable(game).play.module;
for (;;) {
  const challenge = await alice.slash('duel challenge', { opponent: bob, game }, { in: guild.channel() });
  const offer = challenge.reply();
  const accept = offer?.buttons.find((b) => b.customId?.startsWith('c:accept:'))?.customId;
  if (!offer || !accept) throw new Error(`no challenge: ${offer?.content ?? challenge.state}`);
  await bob.click(offer, accept);
  await bot.idle();
  const matchId = offer.id;
  for (;;) {
    if (matches.match(matchId)?.status !== 'active') break;
    const pending = module.pending(matches.currentState(matchId));
    if (!pending) break;
    const user = seats[pending.player];
    const board = user
      .messages({ channelId: matchId })
      .filter((m) => !m.ephemeral && m.buttons.some((b) => b.customId === `h:${matchId}`))
      .at(-1);
    const hand = board ? (await user.click(board, `h:${matchId}`)).answer() : undefined;
    await bot.idle();
    const options = (hand?.buttons ?? []).filter((b) => b.customId?.startsWith('a:') && b.disabled !== true);
    const option = options[random(Math.max(1, options.length))]?.customId;
    if (hand && option) await user.click(hand, option);
    else {
      // A decision the simple player cannot click (a multi-pick, a number): the answer a timeout would take.
      await contractMatches.commitDecision(matchId, pending.player, timeoutResponse(pending));
      await bot.context.flow.changed(matchId);
    }
    await bot.idle();
  }
}
