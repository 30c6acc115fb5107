// When a match ends, the message its thread hangs from (the challenge, practice or AI line in the server's channel)
// stops saying "the match is on" and says how it ended (issue 26 item 7: the channel kept announcing a match that
// was over and never got a result line). Best effort: a starter message deleted or not editable changes nothing.
import type { BaseState, GameModule, Seat } from '../engine/core/game.ts';
import type { Label, Locale } from '../engine/core/label.ts';
import type { MatchInfo } from '../store/match-records.ts';
import type { BotContext } from './context.ts';

const l = (en: string, ja: string): Label => ({ en, ja });

const WORDS = {
  won: (a: string, b: string, game: string, winner: string, thread: string) =>
    l(
      `${a} vs ${b} (${game}): ${winner} won. The whole match is in ${thread}.`,
      `${a} 対 ${b}（${game}）：${winner}さんの勝ち。対戦の全記録は ${thread} にあります。`,
    ),
  drawn: (a: string, b: string, game: string, thread: string) =>
    l(
      `${a} vs ${b} (${game}): a draw. The whole match is in ${thread}.`,
      `${a} 対 ${b}（${game}）：引き分け。対戦の全記録は ${thread} にあります。`,
    ),
};

/** The line the starter message shows once the match has a result; null while it has none. */
export function finishedLine(
  game: GameModule,
  state: BaseState,
  names: Record<Seat, string>,
  threadId: string,
  locale: Locale,
): string | null {
  const r = state.result;
  if (!r) return null;
  const thread = `<#${threadId}>`;
  const gameName = game.name[locale];
  return r.kind === 'win'
    ? WORDS.won(names.p1, names.p2, gameName, names[r.winner], thread)[locale]
    : WORDS.drawn(names.p1, names.p2, gameName, thread)[locale];
}

/** Edits the starter message (its id is the thread's: Discord threads started from a message share its id). */
export async function announceOnStarter(ctx: BotContext, row: MatchInfo, line: string): Promise<void> {
  const threadId = row.threadId ?? row.matchId;
  try {
    const channel = await ctx.client.channels.fetch(row.channelId);
    if (!channel || !('messages' in channel)) return;
    await channel.messages.edit(threadId, { content: line });
  } catch (error) {
    ctx.log(`result line for match ${row.matchId} in its channel: ${(error as Error).message}`);
  }
}
