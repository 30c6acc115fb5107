// The play experience with default settings (issue 26): NOVA matches played through the fake Discord by two
// scripted players who act as people would with the bot's defaults (auto-pass on, the game's default stops). Each
// player answers in their newest ephemeral while it shows the current decision (the bot edits it when the decision
// comes back) and presses "My hand / act" only when it does not. Figures:
//   clicks per turn:  every click of both players (options, passes, "My hand / act") in one turn, median and max;
//   opponent's clicks: the clicks of the player whose turn it is not, in one turn, median and max (a turn with
//                      nothing to respond to should cost them at most 3);
//   decision returned: the opponent's click that hands the decision back → the player's ephemeral edited to show
//                      it (at the fake Discord), p50 and p99.
// The scripted player picks the first primary (doing) option, else the first option; after 30 clicks in one turn
// it passes, so no turn runs forever.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBot } from '../src/bot/create-bot.ts';
import { stepsFor } from '../src/bot/game-steps.ts';
import { FakeDiscord, type FakeUser, type MessageView } from '../src/devtools/fake-discord/index.ts';
import type { Seat } from '../src/engine/core/game.ts';
import { type BenchFigure, percentiles } from './figure.ts';

const MATCHES = Number(process.env.BENCH_PLAY_MATCHES ?? 4);
const TURNS = Number(process.env.BENCH_PLAY_TURNS ?? 12);

export async function bench(): Promise<BenchFigure[]> {
  const discord = await FakeDiscord.start();
  const alice = discord.createUser('alice');
  const bob = discord.createUser('bob');
  discord.createGuild('Bench', { members: [alice, bob] });
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-play-bench-'));
  let seeds = 0;
  const bot = createBot({
    token: discord.botToken,
    restUrl: discord.restUrl,
    rest: { globalRequestsPerSecond: 10_000 },
    boardChannelLimit: { requests: 10_000, windowMs: 1_000 },
    dbPath: join(dir, 'arbiter.db'),
    images: false,
    registerCommands: true,
    log: () => {},
    seedFor: () => `play-bench-${seeds++}`,
    matchOptions: { startingLife: 800 },
    challengeCooldownMs: 0,
  });
  await bot.start();
  const perTurn: number[] = [];
  const opponentPerTurn: number[] = [];
  const returned: number[] = [];
  try {
    for (let m = 0; m < MATCHES; m++) {
      const matchId = await startMatch(bot, alice, bob);
      const result = await play(discord, bot, matchId, { p1: alice, p2: bob });
      perTurn.push(...result.perTurn);
      opponentPerTurn.push(...result.opponentPerTurn);
      returned.push(...result.returned);
    }
  } finally {
    await bot.idle();
    await bot.stop();
    await discord.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const clicks = percentiles(perTurn);
  const opponent = percentiles(opponentPerTurn);
  const back = percentiles(returned);
  const area = 'play';
  return [
    { area, name: 'clicks per turn, defaults: median', value: clicks.p50, unit: 'clicks' },
    { area, name: 'clicks per turn, defaults: max', value: Math.max(...perTurn), unit: 'clicks' },
    { area, name: "opponent's clicks per turn: median", value: opponent.p50, unit: 'clicks' },
    { area, name: "opponent's clicks per turn: max", value: Math.max(...opponentPerTurn), unit: 'clicks' },
    { area, name: 'decision returned → ephemeral shows it p50', value: back.p50, unit: 'ms' },
    { area, name: 'decision returned → ephemeral shows it p99', value: back.p99, unit: 'ms' },
  ];
}

async function startMatch(bot: ReturnType<typeof createBot>, alice: FakeUser, bob: FakeUser): Promise<string> {
  const challenge = await alice.slash('duel challenge', { opponent: bob, game: 'nova' });
  const message = challenge.reply();
  const accept = message?.buttons.find((b) => b.customId?.startsWith('c:accept:'))?.customId;
  if (!message || !accept) throw new Error('no challenge');
  await bob.click(message, accept);
  await bot.idle();
  return message.id;
}

async function play(
  discord: FakeDiscord,
  bot: ReturnType<typeof createBot>,
  matchId: string,
  users: Record<Seat, FakeUser>,
): Promise<{ perTurn: number[]; opponentPerTurn: number[]; returned: number[] }> {
  const game = bot.store.requireGame('nova');
  const steps = stepsFor(bot.context.games, 'nova');
  if (!steps) throw new Error('no steps');
  const latest: Partial<Record<Seat, MessageView>> = {};
  const clicks = new Map<number, { total: number; opponent: number }>();
  const returned: number[] = [];
  let lastDecider: Seat | null = null;
  let lastClickAt = 0;
  for (let i = 0; i < 4000; i++) {
    const state = bot.store.matches.currentState(matchId);
    const pending = state.result ? null : game.pending(state);
    const at = steps.position(state);
    if (!pending || at.turn > TURNS) break;
    const seat = pending.player;
    const user = users[seat];
    const count = clicks.get(at.turn) ?? { total: 0, opponent: 0 };
    clicks.set(at.turn, count);
    const tally = () => {
      count.total += 1;
      if (seat !== at.active) count.opponent += 1;
    };
    const kept = latest[seat] ? refreshed(user, latest[seat]) : null;
    const live = kept && holdsVersion(kept, state.version) ? kept : null;
    if (live && lastDecider && lastDecider !== seat) {
      const record = discord.store.message(live.channelId, live.id);
      if (record.editedAt !== null) returned.push(Math.max(0, record.editedAt - lastClickAt));
    }
    let hand = live;
    if (!hand) {
      const board = user
        .messages({ channelId: matchId })
        .filter((m) => !m.ephemeral && m.buttons.some((b) => b.customId === `h:${matchId}`))
        .at(-1);
      if (!board) break;
      const opened = await user.click(board, `h:${matchId}`);
      await bot.idle();
      tally();
      hand = opened.answer() ?? null;
      if (!hand) break;
    }
    latest[seat] = hand;
    const options = hand.buttons.filter((b) => b.customId?.startsWith(`a:${matchId}:${state.version}:`));
    const doing = count.total < 30 ? options.find((b) => b.style === 1) : undefined;
    const pass = options.find((b) => /pass|パス/i.test(b.label));
    const choice = doing ?? (count.total >= 30 ? pass : undefined) ?? options[0];
    lastDecider = seat;
    lastClickAt = Date.now();
    if (choice?.customId) {
      await user.click(hand, choice.customId);
    } else {
      const select = hand.selects.find((s) => s.customId.includes(`:${state.version}:`));
      const done = hand.buttons.find((b) => b.customId?.startsWith(`f:${matchId}:${state.version}`));
      if (select) await user.select(hand, select.customId, [select.options[0]?.value ?? '']);
      else if (done?.customId) await user.click(hand, done.customId);
      else break;
    }
    await bot.idle();
    tally();
  }
  const turns = [...clicks.values()];
  return { perTurn: turns.map((t) => t.total), opponentPerTurn: turns.map((t) => t.opponent), returned };
}

function holdsVersion(message: MessageView, version: number): boolean {
  // The priority controls (x:) are there while waiting too: only a decision's own controls count.
  const ids = [...message.buttons.map((b) => b.customId ?? ''), ...message.selects.map((s) => s.customId)];
  return ids.some((id) => !id.startsWith('x:') && (id.includes(`:${version}:`) || id.endsWith(`:${version}`)));
}

function refreshed(user: FakeUser, message: MessageView): MessageView | null {
  return user.messages(message).find((m) => m.id === message.id) ?? null;
}
