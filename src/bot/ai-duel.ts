// `/duel ai [game] [deck] [level]`: a match against the AI (issue 21). The person is p1 with their deck; the AI is
// p2 with another precon. The AI's seat is recorded in the store (migration 210); its answers are ordinary logged
// decisions, so replay, restart, export, /concede and /match resume work as in any match. It has no turn timer.
//
// `AiDriver` answers for AI seats: woken after every commit (turn-clock.ts), it asks the AI pool (worker threads:
// never the event loop) for the pending decision of an AI seat, commits it, and lets the match flow update the board,
// whose log then says what the AI did (the game's own log lines, named after the AI seat), never why.
import { type ChatInputCommandInteraction, MessageFlags } from 'discord.js';
import { defaultAnswer, forcedAnswer, respond } from '../ai/candidates.ts';
import { type AiLevel, isAiLevel } from '../ai/levels.ts';
import type { AiPool } from '../ai/pool.ts';
import { timeoutResponse } from '../engine/core/decision.ts';
import { IllegalAction } from '../engine/core/errors.ts';
import type { Label } from '../engine/core/label.ts';
import { isForced } from '../engine/core/search.ts';
import { aiPlayerId } from '../store/ai-seats.ts';
import { MatchNotPlayable } from '../store/match-errors.ts';
import { gameOf, startMatch } from './challenge.ts';
import type { BotContext } from './context.ts';
import { displayName } from './context.ts';
import { chooseDeck } from './decks.ts';
import { localeOf, T } from './i18n.ts';
import { refusedForPermissions } from './permissions.ts';

const WORDS = {
  started: (who: string, game: string, level: string): Label => ({
    en: `${who} plays ${game} against the AI (${level}).`,
    ja: `${who}さんがAI（${level}）と${game}で対戦します。`,
  }),
  noAi: (game: string): Label => ({
    en: `${game} has no AI opponent yet.`,
    ja: `${game}にはまだAI対戦相手がいません。`,
  }),
  level: {
    easy: { en: 'easy', ja: 'やさしい' },
    normal: { en: 'normal', ja: 'ふつう' },
    hard: { en: 'hard', ja: 'むずかしい' },
  },
};

/** The level when none is given. */
export const DEFAULT_AI_LEVEL: AiLevel = 'normal';

export async function duelAi(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const locale = localeOf(interaction.locale);
  const fail = (text: string) => interaction.reply({ content: text, flags: MessageFlags.Ephemeral });
  if (!interaction.guildId) return void (await fail(T.onlyInGuild[locale]));
  if (interaction.channel?.isThread()) return void (await fail(T.notInThread[locale]));
  const rawGame =
    interaction.options.getString('game') ?? (await ctx.store.guilds.get(interaction.guildId)).defaultGame;
  const game = gameOf(ctx, rawGame);
  if (!game) return void (await fail(T.gameUnavailable(rawGame)[locale]));
  if (!ctx.games.playable(game).play.module.search || !ctx.ai)
    return void (await fail(WORDS.noAi(ctx.games.get(game).name[locale])[locale]));
  const rawLevel = interaction.options.getString('level') ?? DEFAULT_AI_LEVEL;
  const level: AiLevel = isAiLevel(rawLevel) ? rawLevel : DEFAULT_AI_LEVEL;
  if (await refusedForPermissions(ctx, interaction, locale, fail)) return;
  const where = { guildId: interaction.guildId, userId: interaction.user.id, game };
  const mine = await chooseDeck(ctx.store, ctx.precons, where, interaction.options.getString('deck'));
  if (!mine.ok) return void (await fail(mine.reason[locale]));
  const theirs = await chooseDeck(ctx.store, ctx.precons, where, null, mine.ref);
  if (!theirs.ok) return void (await fail(theirs.reason[locale]));
  const name = await displayName(ctx, interaction.user.id);
  const shared = (await ctx.store.guilds.get(interaction.guildId)).locale;
  const gameName = ctx.games.get(game).name[shared];
  const response = await interaction.reply({
    content: WORDS.started(name, gameName, WORDS.level[level][shared])[shared],
    withResponse: true,
  });
  const message = response.resource?.message;
  if (!message) throw new Error('duel ai: the reply message was not returned');
  await startMatch(ctx, message, {
    guildId: interaction.guildId,
    channelId: interaction.channelId,
    game,
    players: { p1: interaction.user.id, p2: aiPlayerId(level) },
    decks: { p1: mine, p2: theirs },
    threadName: `${name} vs AI (${level})`,
    ai: { seat: 'p2', level },
  });
}

/** Answers for AI seats, one decision at a time per match, off the event loop. */
export class AiDriver {
  private readonly running = new Set<Promise<void>>();
  /** Matches with an AI decision in progress, and those woken again meanwhile. */
  private readonly deciding = new Set<string>();
  private readonly again = new Set<string>();
  private stopped = false;
  private context: BotContext | null = null;

  constructor(private readonly pool: AiPool) {}

  attach(ctx: BotContext): void {
    this.context = ctx;
  }

  /** After any change of a match: if an AI seat is to decide, it will (at once when the decision is forced). */
  wake(matchId: string): void {
    const ctx = this.context;
    if (!ctx || this.stopped) return;
    if (this.deciding.has(matchId)) {
      this.again.add(matchId);
      return;
    }
    this.deciding.add(matchId);
    const run = this.answer(ctx, matchId)
      .catch((error: unknown) => ctx.log(`AI in match ${matchId}: ${(error as Error).stack ?? error}`))
      .finally(() => {
        this.deciding.delete(matchId);
        this.running.delete(run);
        if (this.again.delete(matchId)) this.wake(matchId);
      });
    this.running.add(run);
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.pool.close();
    await this.idle();
  }

  private async answer(ctx: BotContext, matchId: string): Promise<void> {
    const { store } = ctx;
    const row = await store.matches.match(matchId);
    if (row?.status !== 'active' || (await store.pauses.isPaused(matchId))) return;
    const state = await store.matches.currentState(matchId);
    const game = store.requireGame(row.game);
    const search = game.search;
    const pending = state.result ? null : game.pending(state);
    if (!pending) return;
    const level = await store.aiSeats.levelOf(matchId, pending.player);
    if (!level) return;
    let response = respond(pending.id, isForced(pending) ? forcedAnswer(pending) : defaultAnswer(pending));
    if (!isForced(pending)) {
      try {
        const seed = `${matchId}:${state.version}`;
        // Re-dealt before it leaves this thread: the worker never holds the cards the AI's seat cannot know.
        const known = search ? search.determinize(state, pending.player, `bot:${seed}`) : state;
        const job = { game: row.game, state: known, seat: pending.player, level, seed };
        response = (await this.pool.decide(job)).response;
      } catch (error) {
        if (this.stopped) return;
        // A worker that failed must not stall the match: the rules' default answers this one decision.
        ctx.log(`AI in match ${matchId}: no answer from the AI (${(error as Error).message}); the default is played`);
      }
    }
    if (this.stopped) return;
    try {
      // A stale answer (the person conceded meanwhile) is refused by the store and dropped here.
      await store.matches.commitDecision(matchId, pending.player, response);
    } catch (error) {
      if (error instanceof MatchNotPlayable) return;
      if (!(error instanceof IllegalAction)) throw error;
      // Never expected (the AI answers within the kernel's limits): the rules' default keeps the match going.
      ctx.log(`AI in match ${matchId}: the game refused its answer (${error.message}); the default is played`);
      await store.matches.commitDecision(matchId, pending.player, timeoutResponse(pending));
    }
    await ctx.flow.changed(matchId);
  }
}
