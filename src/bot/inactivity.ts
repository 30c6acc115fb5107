// Abandoned matches end: an active match with no decision for the server's `inactiveDays` (default 7) is aborted,
// without a result, after a warning posted in its thread a day before. A decision after the warning voids it.
// The sweep runs at start and then hourly (create-bot.ts); `ctx.now` is its clock, so tests move time by hand.
import type { Locale } from '../engine/core/label.ts';
import { isAiPlayerId } from '../store/ai-seats.ts';
import type { IdleMatch } from '../store/match-inactivity.ts';
import type { BotContext } from './context.ts';

export const DAY_MS = 24 * 60 * 60_000;
/** How long before the end the warning is posted. */
export const INACTIVITY_NOTICE_MS = DAY_MS;

const WORDS = {
  warning: (mentions: string, days: number) => ({
    en: `${mentions} No decision in this match for ${days - 1} days: it ends without a result in a day unless someone acts.`,
    ja: `${mentions} この対戦は${days - 1}日間進行していません。1日以内に誰も操作しなければ、結果なしで終了します。`,
  }),
  ended: (days: number) => ({
    en: `This match ended without a result: no decision for ${days} days.`,
    ja: `この対戦は${days}日間進行がなかったため、結果なしで終了しました。`,
  }),
  reason: (days: number) => `inactive for ${days} days`,
};

/** Warns the matches that reach their limit within a day, and ends those warned a day ago. Returns what it did. */
export async function sweepInactive(ctx: BotContext): Promise<{ warned: string[]; ended: string[] }> {
  const now = ctx.now();
  const done = { warned: [] as string[], ended: [] as string[] };
  // The shortest limit is 2 days, so nothing unchanged for less than a day is ever due.
  for (const match of await ctx.store.inactivity.idleSince(now - DAY_MS)) {
    // Another process's shard serves this guild: its sweep warns and ends the match.
    if (!ctx.ownsGuild(match.guildId)) continue;
    const settings = await ctx.store.guilds.get(match.guildId);
    const limit = settings.inactiveDays * DAY_MS;
    const idle = now - match.lastChange;
    const warnedAt = await ctx.store.inactivity.warnedAt(match.matchId, match.lastChange);
    if (warnedAt === null) {
      if (idle < limit - INACTIVITY_NOTICE_MS) continue;
      await ctx.store.inactivity.warned(match.matchId, now, match.lastChange);
      await post(ctx, match, settings.locale, (mentions) => WORDS.warning(mentions, settings.inactiveDays));
      done.warned.push(match.matchId);
    } else if (idle >= limit && now - warnedAt >= INACTIVITY_NOTICE_MS) {
      await ctx.store.matches.abort(match.matchId, WORDS.reason(settings.inactiveDays));
      ctx.boards.ended(match.matchId);
      ctx.notifier.forget(match.matchId);
      ctx.log(`match ${match.matchId} ended: ${WORDS.reason(settings.inactiveDays)}`);
      await post(ctx, match, settings.locale, () => WORDS.ended(settings.inactiveDays));
      done.ended.push(match.matchId);
    }
  }
  return done;
}

/** Posts in the match's thread (best effort: a deleted thread is the deleted-thread rules' business). */
async function post(
  ctx: BotContext,
  match: IdleMatch,
  locale: Locale,
  words: (mentions: string) => { en: string; ja: string },
): Promise<void> {
  // People only: an AI seat (`ai:<level>`) is no Discord user, and Discord refuses a message mentioning it.
  const players = [...new Set([match.players.p1, match.players.p2])].filter((id) => !isAiPlayerId(id));
  const channel = await ctx.client.channels.fetch(match.threadId ?? match.matchId).catch(() => null);
  if (!channel?.isSendable()) return;
  await channel
    .send({ content: words(players.map((id) => `<@${id}>`).join(' '))[locale], allowedMentions: { users: players } })
    .catch((error: unknown) => ctx.log(`inactivity notice for ${match.matchId}: ${(error as Error).message}`));
}
