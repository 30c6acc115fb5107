// What every handler gets: the Discord client, the store, the renderer (or none), the clock and the board updater.
import type { Client } from 'discord.js';
import type { GameResult } from '../engine/core/game.ts';
import type { GameRegistry } from '../engine/registry.ts';
import type { Metrics } from '../ops/metrics.ts';
import type { RenderKind } from '../render/render.ts';
import type { RenderDue } from '../render/worker-pool.ts';
import { aiDisplayName, isAiPlayerId } from '../store/ai-seats.ts';
import type { StoreContract } from '../store/contract.ts';
import type { MatchInfo } from '../store/match-records.ts';
import type { PreconDeck } from '../store/precon-decks.ts';
import type { RulesIndexStore } from '../store/rules-index.ts';
import type { AiDriver } from './ai-duel.ts';
import type { BoardUpdater } from './board.ts';
import type { ImageCache } from './image-cache.ts';
import type { TurnNotifier } from './notify.ts';
import type { PermissionNotices } from './permissions.ts';
import type { MatchFlow } from './turn-clock.ts';

/** Renders one model to a PNG (through the worker pool in production). */
/**
 * Draws a model; `json` is `JSON.stringify(model)` when the caller has it (the pool sends it instead of the object);
 * `due` says when someone will look at the image (the pool draws the job due first; worker-pool.ts).
 */
export type Renderer = (kind: RenderKind, model: unknown, json?: string, due?: RenderDue) => Promise<Buffer>;

export interface BotContext {
  client: Client;
  /** The store on SQLite or PostgreSQL (src/store/contract.ts); every call is awaited. */
  store: StoreContract;
  /** The rules index (`/rules`): a local SQLite in each process, the store's own file on SQLite. */
  rules: RulesIndexStore;
  renderer: Renderer | null;
  /** The board and hand images through `renderer`, an unchanged model drawn once (image-cache.ts); null without images. */
  images: ImageCache | null;
  /**
   * How long "My hand / act" waits for the hand's picture before it sends the hand without it and edits the picture in
   * later (play.ts `addLatePicture`); undefined: it waits for the picture (tests).
   */
  handPictureWaitMs?: number | undefined;
  /** The games this bot hosts (the default registry, or a test's with a toy game). */
  games: GameRegistry;
  precons: readonly PreconDeck[];
  now(): number;
  challengeTtlMs: number;
  /** Time a challenger waits between two challenges in a guild; `challengeCooldowns` holds when each last challenged. */
  challengeCooldownMs: number;
  /** Active matches one person may have in a server at once (challenge.ts; default 5). */
  maxOpenMatches: number;
  challengeCooldowns: Map<string, number>;
  boards: BoardUpdater;
  /** After any commit: auto-pass, turn timer, board update (turn-clock.ts). */
  flow: MatchFlow;
  /** DMs to players who asked for them ("your decision", with their hand). */
  notifier: TurnNotifier;
  /** Missing-permission messages for users and server managers. */
  permissions: PermissionNotices;
  /** Answers for AI seats (`/duel ai`); absent when the bot hosts no AI. */
  ai?: AiDriver;
  /** Matches a `/match resume` is working on (a second one at the same time is refused). */
  resuming: Set<string>;
  seedFor(matchId: string): string;
  /**
   * Whether this process runs the shard of the guild (its clicks arrive here): timers of a guild's matches and
   * leagues run only where this is true (src/ops/shards.ts). Always true with one shard.
   */
  ownsGuild(guildId: string): boolean;
  /** Runs `task` after `ms` unless the bot stops first (timers never keep the process alive). */
  later(ms: number, task: () => Promise<void>): void;
  matchOptions?: Record<string, unknown>;
  log(message: string): void;
  /** Where latencies and counts are reported (src/ops/metrics.ts); absent when nobody collects them. */
  metrics?: Metrics;
  /** Called once when a match ends (the leagues hook). */
  onMatchEnd?: (match: MatchInfo, result: GameResult) => void;
}

/** A Discord user's display name, from the client's cache or fetched once. */
export async function displayName(ctx: Pick<BotContext, 'client'>, userId: string): Promise<string> {
  if (isAiPlayerId(userId)) return aiDisplayName(userId);
  const cached = ctx.client.users.cache.get(userId);
  const user = cached ?? (await ctx.client.users.fetch(userId).catch(() => null));
  return user?.globalName ?? user?.username ?? `user ${userId}`;
}
