/**
 * The graceful-stop test's worker (test/ops/sigterm.test.ts), after the SIGKILL test's (test/store/crash-bot-child.ts):
 * the real bot (createBot, discord.js, the store on a database file) with a local fake Discord and 20 pairs of
 * players in one process, playing 20 NOVA matches at once through the real controls, until SIGTERM. The signal is
 * handled as `npm start` handles it (src/ops/shutdown.ts): the bot stops gracefully and the process exits 0.
 *
 * Lines on stdout (written synchronously, so they are out before anything that follows):
 *   `started`                          all 20 matches are active
 *   `c <match> <seq> <hash>`           a commit returned (the bot may tell Discord about it from here)
 *   `k <match> <version> <seat>`       a decision click acknowledged by the bot (a deferred update)
 *   `r <kind>`                         an interaction answered with the "restarting" notice
 *   `signal`                           SIGTERM arrived
 * The bot's structured log goes to stderr as JSON lines.
 * Usage: node --import tsx test/ops/sigterm-child.ts <db path>
 */
import { writeSync } from 'node:fs';
import { createBot } from '../../src/bot/create-bot.ts';
import { FakeDiscord, type FakeUser, type MessageView } from '../../src/devtools/fake-discord/index.ts';
import { timeoutResponse } from '../../src/engine/core/decision.ts';
import { createLogger } from '../../src/ops/logger.ts';
import { stopOnSignals } from '../../src/ops/shutdown.ts';

const [dbPath] = process.argv.slice(2);
if (!dbPath) throw new Error('usage: sigterm-child.ts <db path>');
const MATCHES = 20;

function write(fd: number, line: string): void {
  let rest = Buffer.from(`${line}\n`);
  while (rest.length > 0) {
    try {
      rest = rest.subarray(writeSync(fd, rest));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
    }
  }
}
const say = (line: string) => write(1, line);

let seed = 7;
const random = (n: number) => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) % n;
};

const discord = await FakeDiscord.start();
const pairs: [FakeUser, FakeUser][] = [];
for (let i = 0; i < MATCHES; i++) pairs.push([discord.createUser(`p${i}a`), discord.createUser(`p${i}b`)]);
const guild = discord.createGuild('Stop', { members: pairs.flat() });
const logging = createLogger({
  level: 'info',
  pretty: false,
  destination: { write: (line) => write(2, line.trimEnd()) },
});
const bot = createBot({
  token: discord.botToken,
  restUrl: discord.restUrl,
  rest: { globalRequestsPerSecond: 10_000 },
  boardChannelLimit: { requests: 10_000, windowMs: 1_000 },
  dbPath,
  images: false,
  registerCommands: true,
  logging,
  challengeCooldownMs: 0,
  seedFor: () => `stop-${random(1e9)}`,
});
const matches = bot.store.matches;
const commit = matches.commitDecision.bind(matches);
matches.commitDecision = (matchId, seat, submission) => {
  const result = commit(matchId, seat, submission);
  if (result.kind === 'applied') say(`c ${matchId} ${result.seq} ${result.stateHash}`);
  return result;
};
let signalled = false;
process.on('SIGTERM', () => {
  signalled = true;
  say('signal');
});
stopOnSignals({ logger: logging.logger, stop: () => bot.stop() });
await bot.start();
bot.store.guilds.update(guild.id, { autoPass: { enabled: false, stops: {} } });

const RESTARTING = /restarting/i;
const module = bot.context.games.playable('nova').play.module;

async function start([a, b]: [FakeUser, FakeUser]): Promise<string> {
  const challenge = await a.slash('duel challenge', { opponent: b, game: 'nova' }, { in: guild.channel() });
  const offer = challenge.reply();
  const accept = offer?.buttons.find((x) => x.customId?.startsWith('c:accept:'))?.customId;
  if (!offer || !accept) throw new Error(`no challenge: ${offer?.content ?? challenge.state}`);
  await b.click(offer, accept);
  for (let i = 0; i < 1000 && matches.match(offer.id)?.status !== 'active'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return offer.id;
}

/** Plays one match through the controls until it ends or the bot stops answering. */
async function play(matchId: string, [a, b]: [FakeUser, FakeUser]): Promise<void> {
  const users = { p1: a, p2: b };
  for (;;) {
    if (matches.match(matchId)?.status !== 'active') return;
    const pending = module.pending(matches.currentState(matchId));
    if (!pending) return;
    const user = users[pending.player];
    const board = user
      .messages({ channelId: matchId })
      .filter((m) => !m.ephemeral && m.buttons.some((x) => x.customId === `h:${matchId}`))
      .at(-1);
    if (!board) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      continue;
    }
    const opened = await user.click(board, `h:${matchId}`);
    if (opened.callbackType === 4 && RESTARTING.test(opened.reply()?.content ?? '')) {
      say('r hand');
      return;
    }
    if (opened.state !== 'acknowledged') return;
    let hand: MessageView | undefined;
    for (let i = 0; i < 300; i++) {
      hand = opened.answer();
      if (hand && !hand.loading) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const options = (hand?.buttons ?? []).filter((x) => x.customId?.startsWith('a:') && x.disabled !== true);
    const option = options[random(Math.max(1, options.length))]?.customId;
    if (hand && option) {
      const clicked = await user.click(hand, option);
      const [, , version] = option.split(':');
      if (clicked.callbackType === 6) say(`k ${matchId} ${version} ${pending.player}`);
      else if (RESTARTING.test(clicked.reply()?.content ?? '')) {
        say('r option');
        return;
      } else if (clicked.state !== 'acknowledged') return;
    } else {
      // A decision the simple player cannot click (a multi-pick, a number): the answer a timeout would take.
      if (signalled) return;
      matches.commitDecision(matchId, pending.player, timeoutResponse(pending));
      await bot.context.flow.changed(matchId);
    }
    // Wait until the click's work is done, as a person would wait for the board, but never past a stop.
    for (let i = 0; i < 50 && module.pending(matches.currentState(matchId))?.id === pending.id; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

const ids = await Promise.all(pairs.map(start));
say('started');
await Promise.all(ids.map((id, i) => play(id, pairs[i] as [FakeUser, FakeUser]).catch(() => {})));
// Every match ended before the signal came: idle until it does.
await new Promise(() => {});
