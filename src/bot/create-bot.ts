// Builds the bot: a discord.js Client with one `interactionCreate` entry point, the store (restored at start) and
// the renderer. Tests pass the fake Discord's REST URL and token; `npm start` passes the environment's.
import { randomUUID } from 'node:crypto';
import {
  Client,
  Events,
  GatewayIntentBits,
  type Interaction,
  MessageFlags,
  Options,
  type RESTOptions,
  Status,
} from 'discord.js';
import { commandDefinitions } from '../../commands/definitions.ts';
import { type AiBudgets, AiPool } from '../ai/pool.ts';
import type { GameResult } from '../engine/core/game.ts';
import { allPrecons, GAMES, type GameRegistry } from '../engine/registry.ts';
import { DISCORD_GLOBAL_REQUESTS_PER_SECOND, globalShare, shareGlobalLimit } from '../ops/global-share.ts';
import { createLogger, type LogFields, type Logging, silentLogging } from '../ops/logger.ts';
import type { InteractionKind, Metrics } from '../ops/metrics.ts';
import {
  clientShardOptions,
  ownsGuild,
  runningShards,
  type ShardSetting,
  SINGLE_SHARD,
  settleShards,
  shardOf,
} from '../ops/shards.ts';
import { RenderPool } from '../render/worker-pool.ts';
import type { StoreConfigInput } from '../store/config.ts';
import type { StoreContract } from '../store/contract.ts';
import type { MatchInfo } from '../store/match-records.ts';
import { openDatabase } from '../store/open-database.ts';
import { loadPreconDecks } from '../store/precon-decks.ts';
import { RulesIndexStore } from '../store/rules-index.ts';
import { contractOf } from '../store/sqlite-contract.ts';
import { openStore, type Store } from '../store/store.ts';
import { AiDriver } from './ai-duel.ts';
import { BoardUpdater } from './board.ts';
import { MAX_OPEN_MATCHES } from './challenge.ts';
import type { ChannelLimit } from './channel-pacer.ts';
import { type BotClock, realBotClock } from './clock.ts';
import type { BotContext, Renderer } from './context.ts';
import { decodeControl } from './custom-id.ts';
import { localeOf, T } from './i18n.ts';
import { ImageCache } from './image-cache.ts';
import { sweepInactive } from './inactivity.ts';
import { type LeagueService, leagueServiceOf } from './league/league-service.ts';
import { TurnNotifier } from './notify.ts';
import { withPendingMemo } from './pending-memo.ts';
import { PermissionNotices } from './permissions.ts';
import { useInteractionAwareRest } from './rest.ts';
import { checkThreadsAtBoot, onChannelDeleted } from './resume.ts';
import { routeInteraction } from './router.ts';
import { importRulesAtStart } from './rules-commands.ts';
import { MatchFlow } from './turn-clock.ts';

export interface CreateBotOptions {
  token: string;
  /** API base URL (the fake Discord's `restUrl` in tests); Discord's own when absent. */
  restUrl?: string;
  rest?: Partial<RESTOptions>;
  /** An open SQLite store, or the database file to open (ARBITER_DB, default ./var/arbiter.db). */
  store?: Store;
  /**
   * A store opened by `openStoreContract` (PostgreSQL with ARBITER_DATABASE_URL): the bot uses it instead of a
   * SQLite store, and keeps only the rules index in the local SQLite file of `dbPath`. Closed by `stop()`.
   */
  contract?: StoreContract;
  dbPath?: string;
  /** The rest of the store's settings (snapshots, synchronous, guild retention: storeConfigFromEnv); defaults else. */
  storeConfig?: Omit<StoreConfigInput, 'path'>;
  /** true: render through a worker pool; false: no images; or a renderer of your own. */
  images?: boolean | Renderer;
  /** See BotContext.handPictureWaitMs; production passes ARBITER_HAND_PICTURE_WAIT_MS (120 ms by default). */
  handPictureWaitMs?: number;
  /** The AI's search budgets (src/ai/player.ts BOT_BUDGETS by default); a test plays whole matches on smaller ones. */
  aiBudgets?: AiBudgets;
  now?: () => number;
  /** Drives turn timers (tests pass a manual clock); the real clock over `now` by default. */
  clock?: BotClock;
  challengeTtlMs?: number;
  /** A challenger's wait between two challenges (default 30 s; 0 for none). */
  challengeCooldownMs?: number;
  /** Register the slash commands at start: globally (true) or in one guild. Production uses commands/deploy.ts. */
  registerCommands?: boolean | { guildId: string };
  preconRoot?: string;
  /** The games hosted (default: every game in src/engine/registry.ts); tests add a toy game. */
  games?: GameRegistry;
  /** Game options for every new match (MatchSetup.options, e.g. NOVA's startingLife for short test games). */
  matchOptions?: Record<string, unknown>;
  /** The seed of a new match (random by default); tests fix it to replay the same game. */
  seedFor?: (matchId: string) => string;
  /** Board posts/edits per channel and window (Discord's: 5 per 5 s); tests that play fast lift it. */
  boardChannelLimit?: ChannelLimit;
  /**
   * Edit boards through the token of a click on them (default true: outside the global and per-channel limits,
   * board.ts). false sends every board through the channel, as tests of that route want.
   */
  boardHandles?: boolean;
  /** Where the bot's own messages go (tests collect them); the structured logger's warnings by default. */
  log?: (message: string) => void;
  /** The structured logger (src/ops/logger.ts); JSON lines on stdout at info by default. */
  logging?: Logging;
  /** Metrics to report to (src/ops/metrics.ts); none by default. */
  metrics?: Metrics;
  onMatchEnd?: (match: MatchInfo, result: GameResult) => void;
  /** Active matches one person may have in a server at once, practice included (default 5). */
  maxOpenMatches?: number;
  /** How long `stop()` waits for work in flight before closing the store anyway (default 10 s). */
  drainMs?: number;
  /** The gateway shards this process runs (ARBITER_SHARDS, ARBITER_SHARD_IDS; src/ops/shards.ts): one by default. */
  shards?: ShardSetting;
  /** The bot token's global rate limit in requests/s (ARBITER_GLOBAL_RATE_LIMIT; Discord's 50 by default). */
  globalRateLimit?: number;
}

export interface Bot {
  client: Client;
  /** The store the bot runs on (SQLite or PostgreSQL). */
  contract: StoreContract;
  /** The synchronous SQLite store under `contract` (tests read it); throws when the bot runs on PostgreSQL. */
  readonly store: Store;
  context: BotContext;
  /** Leagues: `tick()` runs the round timer now (a timer calls it every minute). */
  leagues: LeagueService;
  /** Restores active matches, logs in, waits until ready (and registers commands if asked). */
  start(): Promise<void>;
  /** Waits until every interaction handler and board update started so far has finished. */
  idle(): Promise<void>;
  /**
   * A graceful stop: answers new interactions with a short "restarting" notice, stops the timers, waits (at most
   * `drainMs`) for the handlers, board updates, league work and renders in flight, snapshots every active match (so
   * the next start replays nothing), then logs out and closes the store.
   */
  stop(): Promise<void>;
  /** Why the bot should not get traffic now (gateway not connected, database not writable, stopping); [] if ready. */
  readiness(): Promise<string[]>;
}

export function createBot(options: CreateBotOptions): Bot {
  // A caller that collects the bot's messages (a test) gets no other lines unless it asks for the logger too.
  const logging = options.logging ?? (options.log ? silentLogging() : createLogger());
  const logger = logging.logger;
  const log = options.log ?? ((message: string) => logger.warn(message));
  // News rather than trouble: the caller's `log` when it collects messages (tests), else an info line with fields.
  const info = (message: string, fields: Record<string, unknown> = {}) =>
    options.log ? options.log(message) : logger.info(fields, message);
  const metrics = options.metrics;
  const ownsStore = !options.store;
  const games = options.games ?? GAMES;
  const path = options.dbPath ?? './var/arbiter.db';
  // On PostgreSQL the local file holds only the rules index (a read-only copy per process, docs/deploy.md).
  const sqlite = options.contract
    ? null
    : (options.store ??
      openStore(
        { ...options.storeConfig, path },
        // The store's resolver answers undefined for a game that is not loaded (it then skips, never throws). The bot
        // reaches every game through it (`store.requireGame`), each state's decision built once (pending-memo.ts).
        (id) => withPendingMemo(games.find(id)?.play?.module),
        { log, onCommit: storeCommitHook(metrics, logger) },
      ));
  const store = sqlite ? contractOf(sqlite) : (options.contract as StoreContract);
  const rulesDb = sqlite
    ? sqlite.db
    : openDatabase({ path, synchronous: options.storeConfig?.synchronous ?? 'NORMAL' });
  const rules = new RulesIndexStore(rulesDb);
  const shards = options.shards ?? SINGLE_SHARD;
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    // The bot addresses messages by id (REST), never through the cache: keep a few per channel, not discord.js's 200,
    // and sweep messages older than an hour (issue 25 item 10: memory flat over many matches).
    makeCache: Options.cacheWithLimits({ ...Options.DefaultMakeCacheSettings, MessageManager: 25 }),
    sweepers: { ...Options.DefaultSweeperSettings, messages: { interval: 900, lifetime: 3600 } },
    rest: { ...(options.restUrl ? { api: options.restUrl } : {}), ...options.rest },
    ...clientShardOptions(shards),
  });
  /** The shard an interaction or a guild's events come through. */
  const shardOfGuild = (guildId: string | null) => shardOf(guildId, runningShards(client).count);
  // Interaction callbacks and webhook edits bypass the client's global throttle, as Discord exempts them (rest.ts).
  const rest = useInteractionAwareRest(client);
  const pool =
    options.images === true || options.images === undefined
      ? new RenderPool(
          undefined,
          (id) => games.styleOf(id),
          (kind, ms) => {
            metrics?.rendered(kind, ms);
            logger.debug({ kind, ms: round(ms) }, 'rendered');
          },
        )
      : null;
  const renderer: Renderer | null =
    typeof options.images === 'function'
      ? options.images
      : pool
        ? async (kind, model, json, due) => (await pool.render(kind, model, json, due)).png
        : null;
  const boards = new BoardUpdater(options.boardChannelLimit, options.boardHandles ?? true);
  // A board edit through a click's token that would wait for a rate limit goes through the channel instead.
  rest.rejectOnRateLimitWhen((limit) => boards.isHandleEdit(limit.url));
  const flow = new MatchFlow(options.clock ?? realBotClock(options.now ?? Date.now));
  const timers = new Set<NodeJS.Timeout>();
  const context: BotContext = {
    client,
    store,
    rules,
    renderer,
    images: renderer ? new ImageCache(renderer) : null,
    handPictureWaitMs: options.handPictureWaitMs,
    games,
    precons: options.preconRoot ? loadPreconDecks(options.preconRoot, games.ids()) : allPrecons(games),
    now: options.now ?? Date.now,
    challengeTtlMs: options.challengeTtlMs ?? 10 * 60_000,
    challengeCooldownMs: options.challengeCooldownMs ?? 30_000,
    challengeCooldowns: new Map(),
    maxOpenMatches: options.maxOpenMatches ?? MAX_OPEN_MATCHES,
    boards,
    flow,
    notifier: new TurnNotifier(),
    permissions: new PermissionNotices({ client, store, now: options.now ?? Date.now, log }),
    resuming: new Set(),
    ai: new AiDriver(new AiPool(undefined, options.aiBudgets)),
    log,
    ...(metrics ? { metrics } : {}),
    seedFor: options.seedFor ?? (() => randomUUID()),
    ownsGuild: (guildId) => ownsGuild(client, guildId),
    later(ms, task) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        task().catch((error: unknown) => log(`timer: ${(error as Error).message}`));
      }, ms);
      timer.unref();
      timers.add(timer);
    },
    ...(options.matchOptions ? { matchOptions: options.matchOptions } : {}),
    // Leagues record matches the bot hosted (docs/leagues.md), then the caller's own hook runs.
    onMatchEnd(match, result) {
      leagueServiceOf(context).matchEnded(match, result);
      options.onMatchEnd?.(match, result);
    },
  };
  const leagues = leagueServiceOf(context);
  boards.attach(context);
  context.ai?.attach(context);
  flow.attach(context);

  const running = new Set<Promise<void>>();
  let stopping = false;
  /** The store this bot opened is closed (after `stop()`); a store the caller gave stays the caller's. */
  let closed = false;
  client.on(Events.InteractionCreate, (interaction: Interaction) => {
    const kind = interactionKind(interaction);
    const shard = shardOfGuild(interaction.guildId);
    metrics?.interactionReceived(interaction.id, kind, shard);
    logging.scope.run({ ...logFieldsOf(interaction), shard }, () => {
      if (stopping) {
        // Stopping: a short notice, so the user knows to retry in a minute (on the next process); nothing is done.
        metrics?.interactionDone(kind, 'refused', shard);
        logger.info({ kind }, 'interaction refused: stopping');
        track(refuseWhileStopping(interaction));
        return;
      }
      const started = performance.now();
      const run = routeInteraction(context, interaction).finally(() => {
        metrics?.interactionDone(kind, 'handled', shard);
        logger.debug(
          { kind, name: interactionName(interaction), ms: round(performance.now() - started) },
          'interaction',
        );
      });
      running.add(run);
      void run.finally(() => running.delete(run));
    });
  });
  metrics?.listen(client);
  metrics?.watch({
    matches: () => store.matchCounts(),
    renderQueue: () => pool?.queued ?? 0,
    shards: () => client.ws.shards.map((s) => ({ id: s.id, ready: s.status === Status.Ready })),
  });
  client.on(Events.Error, (error) => log(`client error: ${error.message}`));
  // A deleted match thread or channel pauses its matches (docs/bot.md, "Deleted threads").
  const track = (run: Promise<void>) => {
    running.add(run);
    void run.catch((error: unknown) => log(`${(error as Error).message}`)).finally(() => running.delete(run));
  };
  client.on(Events.ThreadDelete, (thread) => track(onChannelDeleted(context, thread.guildId, thread.id)));
  client.on(Events.ChannelDelete, (channel) => {
    if (!channel.isDMBased()) track(onChannelDeleted(context, channel.guildId, channel.id));
  });
  // Leaving a guild starts its retention clock (docs/store.md). An outage emits GuildUnavailable, not GuildDelete.
  client.on(Events.GuildCreate, (guild) => track(store.guilds.markJoined(guild.id)));
  client.on(Events.GuildDelete, (guild) => track(store.guilds.markLeft(guild.id)));

  const idle = async () => {
    while (running.size > 0) await Promise.all(running);
    await context.ai?.idle();
    await flow.idle();
    await boards.idle();
    await leagues.idle();
    await context.ai?.idle();
    while (running.size > 0) await Promise.all(running);
  };

  return {
    client,
    contract: store,
    get store(): Store {
      if (!sqlite) throw new Error('bot.store is the SQLite store; this bot runs on PostgreSQL (use bot.contract)');
      return sqlite;
    },
    context,
    leagues,
    async start() {
      const imported = importRulesAtStart(rules);
      for (const problem of imported.problems) log(`rules import: ${problem}`);
      // A process running some of the shards restores its matches on first use instead: the boot restore reads every
      // guild's matches, and another process committing to its own between a row and its log would read as a broken
      // log and freeze a match that is fine (src/ops/shards.ts). A budget below zero defers every match.
      const report = await store.matches.restoreActiveMatches(shards.ids === 'all' ? undefined : -1);
      if (report.restored + report.frozen.length + report.deferred > 0) {
        const deferred = report.deferred > 0 ? ` (${report.deferred} more on first use)` : '';
        info(
          `restored ${report.restored} match(es), froze ${report.frozen.length} in ${report.ms.toFixed(0)} ms${deferred}`,
          { restored: report.restored, frozen: report.frozen.length, replayed: report.replayed, ms: round(report.ms) },
        );
      }
      const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
      await settleShards(client, options.token, shards);
      // One global budget per bot token, split by shards between the processes (src/ops/global-share.ts). A process
      // running every shard at Discord's usual limit keeps discord.js's own throttle, as does a caller that set it.
      const limit = options.globalRateLimit ?? DISCORD_GLOBAL_REQUESTS_PER_SECOND;
      const toRun = runningShards(client);
      const sharing = toRun.ids.length < toRun.count || limit !== DISCORD_GLOBAL_REQUESTS_PER_SECOND;
      if (sharing && options.rest?.globalRequestsPerSecond === undefined) {
        shareGlobalLimit(rest, globalShare(limit, toRun));
      }
      await client.login(options.token);
      await ready;
      const running = runningShards(client);
      if (running.count > 1) {
        const perSecond = rest.options.globalRequestsPerSecond;
        info(
          `running shard(s) ${running.ids.join(', ')} of ${running.count}, ${perSecond} requests/s of the global limit`,
          {
            ...running,
            globalPerSecond: perSecond,
          },
        );
      }
      /** Timer work of a match whose guild another process's shard serves is that process's. */
      const ownMatches = async (matchIds: string[]) => {
        const own: string[] = [];
        for (const matchId of matchIds) {
          const guildId = (await store.matches.match(matchId))?.guildId;
          if (guildId !== undefined && ownsGuild(client, guildId)) own.push(matchId);
        }
        return own;
      };
      track(checkThreadsAtBoot(context));
      // Results a crash kept from being announced (result message, onMatchEnd): once each, through the board.
      const unannounced = await ownMatches(await store.posts.unannounced());
      if (unannounced.length > 0) info(`announcing the result of ${unannounced.length} finished match(es)`);
      for (const matchId of unannounced) track(boards.request(matchId));
      const timed = await flow.rearmAll();
      if (timed > 0) info(`re-armed the clocks of ${timed} match(es)`);
      // The AI answers whatever it was asked before the restart (the re-armed clocks usually wake it already).
      for (const matchId of await ownMatches(await store.aiSeats.activeMatchIds())) context.ai?.wake(matchId);
      // Data of guilds the bot left more than the retention period ago is deleted at start and then daily, by the
      // process that runs shard 0 (a departed guild has no gateway, so no shard to follow; one process suffices).
      const purgeDeparted = async () => {
        const gone = await store.purgeDepartedGuilds();
        if (gone.length > 0) info(`deleted the data of ${gone.length} departed guild(s)`);
        context.later(24 * 60 * 60_000, purgeDeparted);
      };
      if (running.ids.includes(0)) await purgeDeparted();
      // Abandoned matches end after the server's inactivity limit, warned a day before (inactivity.ts).
      const sweep = async () => {
        await sweepInactive(context);
        context.later(60 * 60_000, sweep);
      };
      await sweep();
      const leagueTimer = async () => {
        await leagues.tick();
        context.later(60_000, leagueTimer);
      };
      context.later(60_000, leagueTimer);
      if (options.registerCommands) {
        const body = commandDefinitions(games);
        const guildId = typeof options.registerCommands === 'object' ? options.registerCommands.guildId : undefined;
        if (guildId) await client.application?.commands.set(body, guildId);
        else await client.application?.commands.set(body);
      }
    },
    idle,
    async readiness() {
      const problems: string[] = [];
      if (stopping) problems.push('stopping');
      if (client.ws.status !== Status.Ready) problems.push(`gateway: ${Status[client.ws.status] ?? client.ws.status}`);
      const db = closed ? 'database: closed' : await store.writeProblem();
      if (db) problems.push(db);
      return problems;
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      const stopStarted = performance.now();
      logger.info('stopping: new interactions get a restarting notice; draining work in flight');
      flow.stop();
      await context.ai?.stop();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      // Drain: a handler that committed a decision still edits its ephemeral and the board before the store closes.
      let waited: NodeJS.Timeout | undefined;
      const limit = new Promise<'late'>((resolve) => {
        waited = setTimeout(() => resolve('late'), options.drainMs ?? 10_000);
      });
      const drained = await Promise.race([idle().then(() => 'drained' as const), limit]);
      clearTimeout(waited);
      if (drained === 'late') log(`stop: work still running after ${options.drainMs ?? 10_000} ms; closing anyway`);
      // Renders nobody waits for any more (a drain that ran late) get a moment to finish before the workers go.
      if (pool && !(await pool.flush(1_000))) logger.warn('stop: render jobs still running; closing the pool anyway');
      // Every active match in memory gets a snapshot at its latest decision: the next start replays nothing.
      const snapshots = closed ? 0 : await store.matches.snapshotLive();
      await client.destroy();
      await pool?.close();
      if (ownsStore) {
        closed = true;
        await store.close();
        if (!sqlite) rulesDb.close();
      }
      logger.info({ drained, snapshots, ms: round(performance.now() - stopStarted) }, 'stopped');
    },
  };
}

/** The store's commit hook: the commit-time metric and a debug line. */
export function storeCommitHook(metrics: Metrics | undefined, logger: Logging['logger']) {
  return (commit: { game: string; matchId: string; seq: number; ms: number }) => {
    metrics?.committed(commit.game, commit.ms);
    logger.debug({ match: commit.matchId, seq: commit.seq, ms: round(commit.ms) }, 'decision committed');
  };
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}

function interactionKind(interaction: Interaction): InteractionKind {
  if (interaction.isChatInputCommand()) return 'command';
  if (interaction.isAutocomplete()) return 'autocomplete';
  if (interaction.isMessageComponent()) return 'component';
  if (interaction.isModalSubmit()) return 'modal';
  return 'other';
}

/** A name for the log: the command, or the custom_id's tag (never the rest of it: ids of cards and options). */
function interactionName(interaction: Interaction): string {
  if (interaction.isChatInputCommand() || interaction.isAutocomplete()) {
    const sub = interaction.options.getSubcommand(false);
    return `/${interaction.commandName}${sub ? ` ${sub}` : ''}`;
  }
  if (interaction.isMessageComponent() || interaction.isModalSubmit()) return interaction.customId.split(':')[0] ?? '';
  return '';
}

/** The ids every line logged while this interaction is handled carries. */
function logFieldsOf(interaction: Interaction): LogFields {
  const fields: LogFields = { interaction: interaction.id, user: interaction.user.id };
  if (interaction.guildId) fields.guild = interaction.guildId;
  if (interaction.isMessageComponent()) {
    const control = decodeControl(interaction.customId);
    if (control && 'matchId' in control) fields.match = control.matchId;
  }
  return fields;
}

/** The answer to an interaction that arrives while the bot stops: a short private notice, nothing else. */
async function refuseWhileStopping(interaction: Interaction): Promise<void> {
  if (interaction.isAutocomplete()) {
    await interaction.respond([]).catch(() => {});
    return;
  }
  if (!interaction.isRepliable()) return;
  const content = T.restarting[localeOf(interaction.locale)];
  await interaction.reply({ content, flags: MessageFlags.Ephemeral }).catch(() => {});
}
