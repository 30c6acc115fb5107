// The real bot (createBot) against the fake Discord, with a temporary database, three people (alice and bob play,
// carol watches) and helpers that play a match the way a person would: through the ephemeral controls.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { ChannelLimit } from '../../src/bot/channel-pacer.ts';
import type { BotClock } from '../../src/bot/clock.ts';
import type { Renderer } from '../../src/bot/context.ts';
import { type Bot, type CreateBotOptions, createBot } from '../../src/bot/create-bot.ts';
import { stepsFor } from '../../src/bot/game-steps.ts';
import type { Clock } from '../../src/devtools/fake-discord/clock.ts';
import {
  FakeDiscord,
  type FakeUser,
  type InteractionOutcome,
  type MessageView,
} from '../../src/devtools/fake-discord/index.ts';
import type { BaseState, Seat } from '../../src/engine/core/game.ts';
import type { GameRegistry } from '../../src/engine/registry.ts';

export interface BotHarness {
  discord: FakeDiscord;
  bot: Bot;
  alice: FakeUser;
  bob: FakeUser;
  carol: FakeUser;
  guild: ReturnType<FakeDiscord['createGuild']>;
  dbPath: string;
  logs: string[];
  /**
   * Stops the bot and starts a new one on the same database (a deploy or a crash-restart). `meanwhile` runs while
   * no bot is up (e.g. writes what a crashed process committed before it died).
   */
  restart(meanwhile?: () => void | Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** The boards' per-channel pacing the harness gives the bot unless a test asks for another: lifted in practice. */
export const LIFTED_CHANNEL_LIMIT: ChannelLimit = { requests: 10_000, windowMs: 1_000 };

export async function startBotHarness(
  options: {
    images?: boolean | Renderer;
    now?: () => number;
    matchOptions?: Record<string, unknown>;
    challengeTtlMs?: number;
    /** Drives turn timers (a ManualClock); the real clock otherwise. */
    clock?: BotClock;
    /**
     * The test guild's auto-pass default. Off unless asked: most tests count the decisions of a seeded random
     * game played through the controls, and auto-pass has tests of its own.
     */
    autoPass?: boolean;
    /** 0 unless a test is about the cooldown (the tests challenge back to back). */
    challengeCooldownMs?: number;
    /** Lifted unless a test is about the cap (tests leave matches open as they go). */
    maxOpenMatches?: number;
    /** Board requests per channel; lifted unless a test is about it (the tests play faster than people). */
    boardChannelLimit?: ChannelLimit;
    /** Board edits through click tokens (default on, as in production); off tests the channel route. */
    boardHandles?: boolean;
    /** The fake Discord's clock (interaction tokens expire by it); real time by default. */
    discordClock?: Clock;
    onMatchEnd?: CreateBotOptions['onMatchEnd'];
    /** The games the bot hosts (default: the registry's); a test adds a toy game. */
    games?: GameRegistry;
    /** "Your decision" mentions in the thread (default on, as in production); off where a test counts requests. */
    mentions?: boolean;
    /** How long "My hand" waits for its picture (default: until it is drawn, so tests see it at once). */
    handPictureWaitMs?: number;
    /** The AI's search budgets (the bot's by default; test/ai plays whole matches at normal and hard on smaller). */
    aiBudgets?: CreateBotOptions['aiBudgets'];
    /** The structured logger and metrics (test/ops). */
    ops?: Pick<CreateBotOptions, 'logging' | 'metrics'>;
  } = {},
) {
  const discord = await FakeDiscord.start(options.discordClock ? { clock: options.discordClock } : {});
  const alice = discord.createUser('alice');
  const bob = discord.createUser('bob', { locale: 'ja' });
  const carol = discord.createUser('carol');
  const guild = discord.createGuild('Arbiter Test', { members: [alice, bob, carol] });
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-bot-'));
  const dbPath = join(dir, 'arbiter.db');
  const logs: string[] = [];
  let seeds = 0;
  const make = () =>
    createBot({
      token: discord.botToken,
      restUrl: discord.restUrl,
      rest: { globalRequestsPerSecond: 10_000 },
      boardChannelLimit: options.boardChannelLimit ?? LIFTED_CHANNEL_LIMIT,
      dbPath,
      images: options.images ?? false,
      registerCommands: true,
      log: (m) => logs.push(m),
      seedFor: () => `bot-test-${seeds++}`,
      ...(options.matchOptions ? { matchOptions: options.matchOptions } : {}),
      ...(options.challengeTtlMs ? { challengeTtlMs: options.challengeTtlMs } : {}),
      challengeCooldownMs: options.challengeCooldownMs ?? 0,
      maxOpenMatches: options.maxOpenMatches ?? 1000,
      ...(options.now ? { now: options.now } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.onMatchEnd ? { onMatchEnd: options.onMatchEnd } : {}),
      ...(options.boardHandles === false ? { boardHandles: false } : {}),
      ...(options.games ? { games: options.games } : {}),
      ...(options.handPictureWaitMs !== undefined ? { handPictureWaitMs: options.handPictureWaitMs } : {}),
      ...(options.aiBudgets ? { aiBudgets: options.aiBudgets } : {}),
      ...options.ops,
    });
  const h: BotHarness = {
    discord,
    bot: make(),
    alice,
    bob,
    carol,
    guild,
    dbPath,
    logs,
    async restart(meanwhile) {
      await h.bot.idle();
      await h.bot.stop();
      await meanwhile?.();
      h.bot = make();
      h.bot.context.notifier.setMentions(options.mentions ?? true);
      await h.bot.start();
    },
    async close() {
      await h.bot.idle();
      await h.bot.stop();
      await discord.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  h.bot.context.notifier.setMentions(options.mentions ?? true);
  h.bot.store.guilds.update(guild.id, { autoPass: { enabled: options.autoPass ?? false, stops: {} } });
  await h.bot.start();
  return h;
}

/** The match's thread: the one it started in (id = match id), or the one `/match resume` gave it. */
export function thread(h: BotHarness, matchId: string) {
  const id = h.bot.store.matches.match(matchId)?.threadId ?? matchId;
  return { channelId: id, id };
}

/**
 * `/concede` as a player does it: the command, then "Concede" on the confirmation it answers with. Returns the
 * confirmation (as it was) and the click's outcome. `idle` waits for the bot (`bot.idle`).
 */
export async function concedeConfirmed(
  user: FakeUser,
  where: { channelId: string },
  idle: () => Promise<void>,
): Promise<{ confirmation: MessageView; clicked: InteractionOutcome }> {
  const asked = await user.slash('concede', {}, { in: where });
  await idle();
  const confirmation = await asked.settled();
  const yes = confirmation.buttons.find((b) => b.customId?.startsWith('v:') && b.customId.endsWith(':y'))?.customId;
  if (!yes) throw new Error(`/concede asked for no confirmation: ${confirmation.content}`);
  const clicked = await user.click(confirmation, yes);
  await idle();
  return { confirmation, clicked };
}

/** The newest public board of the match (the message carrying its "My hand / act" button). */
export function latestBoard(h: BotHarness, user: FakeUser, matchId: string): MessageView {
  const board = user
    .messages(thread(h, matchId))
    .filter((m) => !m.ephemeral && m.buttons.some((b) => b.customId === `h:${matchId}`))
    .at(-1);
  if (!board) throw new Error(`no board with a hand button in match ${matchId}`);
  return board;
}

export function current(h: BotHarness, matchId: string): { state: BaseState; pendingSeat: Seat | null } {
  const state = h.bot.store.matches.currentState(matchId);
  const game = h.bot.context.games.playable(state.game).play.module;
  return { state, pendingSeat: game.pending(state)?.player ?? null };
}

/** Clicks "My hand / act" and returns the ephemeral it opens. */
export async function openHand(h: BotHarness, user: FakeUser, matchId: string): Promise<MessageView> {
  const outcome = await user.click(latestBoard(h, user, matchId), `h:${matchId}`);
  await h.bot.idle();
  const reply = outcome.answer();
  if (!reply) throw new Error('the hand button opened nothing');
  return reply;
}

export function refreshed(user: FakeUser, message: MessageView): MessageView {
  const now = user.messages(message).find((m) => m.id === message.id);
  if (!now) throw new Error(`message ${message.id} is gone`);
  return now;
}

/** A small deterministic random source for picking controls. */
export function rng(seed: number): (n: number) => number {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

type Raw = Record<string, unknown>;

/** How often each control kind (custom_id tag: a, n, m, o, p) was used by `actRandomly`, for coverage checks. */
export const usedControls = new Map<string, number>();

function rawComponents(h: BotHarness, message: MessageView): Raw[] {
  const record = h.discord.store.message(message.channelId, message.id);
  const out: Raw[] = [];
  for (const row of record.components as Raw[]) out.push(...((row.components as Raw[] | undefined) ?? []));
  return out;
}

/** Picks one of the decision controls on an ephemeral at random and uses it, as its owner. */
export async function actRandomly(
  h: BotHarness,
  user: FakeUser,
  message: MessageView,
  pick: (n: number) => number,
  activity = 0,
): Promise<boolean> {
  const live = rawComponents(h, message).filter((c) => c.disabled !== true);
  const slots = live.filter((c) => String(c.custom_id ?? '').startsWith('l:'));
  const done = live.find((c) => String(c.custom_id ?? '').startsWith('f:'));
  if (slots.length > 0 && done) return declareRandomly(h, user, message, slots, String(done.custom_id), pick);
  const ids = live.map((c) => String(c.custom_id ?? ''));
  const click = async (id: string) => {
    usedControls.set(id.slice(0, 1), (usedControls.get(id.slice(0, 1)) ?? 0) + 1);
    await user.click(message, id);
    await h.bot.idle();
    return true;
  };
  // A distribution: one more to a random target while any "+" is open, then Done (the bot checks the whole).
  if (ids.some((id) => id.startsWith('s:'))) {
    const plus = ids.filter((id) => id.startsWith('s:') && id.endsWith(':+'));
    const done = ids.find((id) => id.startsWith('f:'));
    return click(plus.length > 0 ? (plus[pick(plus.length)] as string) : (done ?? ''));
  }
  // A number too wide for buttons: the modal, answered with the smallest allowed value.
  const wide = ids.find((id) => id.startsWith('U:'));
  if (wide) {
    const [, matchId, version] = wide.split(':');
    const state = h.bot.store.matches.currentState(matchId ?? '');
    const pending = state ? h.bot.store.requireGame(state.game).pending(state) : null;
    if (pending?.shape !== 'number') return false;
    await click(wide);
    await user.submitModal(`N:${matchId}:${version}`, { value: String(pending.min) });
    await h.bot.idle();
    return true;
  }
  const controls = rawComponents(h, message).filter((c) => {
    const id = String(c.custom_id ?? '');
    return c.disabled !== true && /^[anompqu]:/.test(id);
  });
  const decisive = controls.filter((c) => !String(c.custom_id).startsWith('p:'));
  let pool = decisive.length > 0 ? decisive : controls;
  if (pool.length === 0) return false;
  // Like the fuzzer's activity: usually prefer doing something (primary buttons: play, attack) over passing, so
  // matches end in fewer decisions.
  const active = pool.filter((c) => c.type !== 2 || c.style === 1);
  if (active.length > 0 && pick(100) < activity) pool = active;
  const c = pool[pick(pool.length)] as Raw;
  const id = String(c.custom_id);
  usedControls.set(id.slice(0, 1), (usedControls.get(id.slice(0, 1)) ?? 0) + 1);
  if (c.type === 3) {
    const options = (c.options as Raw[]).map((o) => String(o.value));
    const min = Number(c.min_values ?? 1);
    const max = Number(c.max_values ?? 1);
    const count = min + pick(max - min + 1);
    const chosen: string[] = [];
    const left = [...options];
    for (let i = 0; i < count; i++) chosen.push(left.splice(pick(left.length), 1)[0] as string);
    await user.select(message, id, chosen);
  } else {
    await user.click(message, id);
  }
  await h.bot.idle();
  return true;
}

/**
 * A declaration (one select per slot, then Done): a random choice in each slot shown, then the whole sent. The
 * engine may refuse the whole; that is itself a decision, and the next call tries again.
 */
async function declareRandomly(
  h: BotHarness,
  user: FakeUser,
  message: MessageView,
  slots: Raw[],
  done: string,
  pick: (n: number) => number,
): Promise<boolean> {
  let current = message;
  for (const c of slots) {
    const options = (c.options as Raw[]).map((o) => String(o.value));
    const min = Number(c.min_values ?? 1);
    const max = Number(c.max_values ?? 1);
    const count = min + pick(max - min + 1);
    const left = [...options];
    const chosen: string[] = [];
    for (let i = 0; i < count; i++) chosen.push(left.splice(pick(left.length), 1)[0] as string);
    await user.select(current, String(c.custom_id), chosen);
    await h.bot.idle();
    current = refreshed(user, current);
  }
  usedControls.set('f', (usedControls.get('f') ?? 0) + 1);
  await user.click(current, done);
  await h.bot.idle();
  return true;
}

export async function challengeAndAccept(h: BotHarness, game = 'nova'): Promise<string> {
  const challenge = await h.alice.slash('duel challenge', { opponent: h.bob, game });
  expect(challenge.state).toBe('acknowledged');
  const message = challenge.reply();
  if (!message) throw new Error('no challenge message');
  const accept = message.buttons.find((b) => b.customId?.startsWith('c:accept:'))?.customId as string;
  // Someone else cannot accept for bob.
  const carolTry = await h.carol.click(message, accept);
  await h.bot.idle();
  expect(carolTry.reply()?.ephemeral).toBe(true);
  expect(carolTry.reply()?.content).toMatch(/Only bob can answer/);
  await h.bob.click(message, accept);
  await h.bot.idle();
  const matchId = message.id;
  expect(h.bot.store.matches.match(matchId)?.status).toBe('active');
  return matchId;
}

export function userFor(h: BotHarness, seat: Seat): FakeUser {
  return seat === 'p1' ? h.alice : h.bob;
}

export interface PlayOptions {
  seed: number;
  stop: (turn: number, decisions: number) => boolean;
  /** 0–100: how often to prefer a primary (doing) control over passing. */
  activity?: number;
  /** Called before the first decision and after each one. */
  afterEach?: () => void;
}

/**
 * The ephemeral to answer decision `version` on: the bot updates a player's ephemeral after each answer, so the last
 * one is reused while it holds this decision's controls; otherwise "My hand" opens a new one.
 */
export async function handFor(
  h: BotHarness,
  matchId: string,
  user: FakeUser,
  version: number,
  last: { user: FakeUser; hand: MessageView } | null,
): Promise<MessageView> {
  const reusable: MessageView | null = last?.user === user ? refreshed(user, last.hand) : null;
  const fresh: boolean | undefined =
    reusable?.buttons.some((b) => b.customId?.includes(`:${version}:`)) ||
    reusable?.selects.some((x) => x.customId.includes(`:${version}:`));
  return fresh && reusable ? reusable : await openHand(h, user, matchId);
}

/** Plays random legal options through the ephemeral controls until `stop` says so; returns the decisions made. */
export async function playRandomly(h: BotHarness, matchId: string, options: PlayOptions): Promise<number> {
  const pick = rng(options.seed);
  let decisions = 0;
  let last: { user: FakeUser; hand: MessageView } | null = null;
  options.afterEach?.();
  for (;;) {
    const { state, pendingSeat } = current(h, matchId);
    const turn = stepsFor(h.bot.context.games, state.game)?.position(state).turn ?? 0;
    if (state.result || !pendingSeat || options.stop(turn, decisions)) break;
    const user = userFor(h, pendingSeat);
    const hand = await handFor(h, matchId, user, state.version, last);
    last = { user, hand };
    expect(hand.ephemeral).toBe(true);
    const before = h.bot.store.matches.match(matchId)?.decisionCount ?? 0;
    expect(await actRandomly(h, user, hand, pick, options.activity ?? 0)).toBe(true);
    if ((h.bot.store.matches.match(matchId)?.decisionCount ?? 0) > before) decisions += 1;
    options.afterEach?.();
  }
  return decisions;
}
