// Match threads are named so that rematches can be told apart (issue 26 item 7): who plays, the game, and from the
// second match of the same two people in a server on, a number. And the channel line a thread hangs from stops
// saying "the match is on" once the match is over.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadTitle } from '../../src/bot/challenge.ts';
import { type BotHarness, challengeAndAccept, concedeConfirmed, startBotHarness, thread } from './bot-harness.ts';

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness({ maxOpenMatches: 5 });
});
afterAll(async () => {
  await h?.close();
});

const nameOf = (matchId: string) => h.guild.threads().find((t) => t.id === matchId)?.name;

describe('match thread names', () => {
  it('names the game and numbers rematches of the same two people, in either seat order', async () => {
    const first = await challengeAndAccept(h, 'nova');
    expect(nameOf(first)).toBe('alice vs bob · NOVA');
    const second = await challengeAndAccept(h, 'mtg');
    expect(nameOf(second)).toBe('alice vs bob · Magic: The Gathering #2');
    const third = await challengeAndAccept(h, 'nova');
    expect(nameOf(third)).toBe('alice vs bob · NOVA #3');
    expect(new Set([first, second, third].map(nameOf)).size).toBe(3);
  });

  it('a practice match is not counted as a rematch of anyone', async () => {
    await h.carol.slash('duel practice', { game: 'nova' });
    await h.bot.idle();
    const names = h.guild.threads().map((t) => t.name);
    expect(names).toContain('carol · practice · NOVA');
  });

  it('the challenge line in the channel says how the match ended, once it has', async () => {
    const matchId = await challengeAndAccept(h, 'nova');
    const starter = () => h.carol.messages(h.guild.channel()).find((m) => m.id === matchId);
    expect(starter()?.content).toMatch(/the match is on/);
    await concedeConfirmed(h.alice, thread(h, matchId), () => h.bot.idle());
    expect(h.bot.store.matches.match(matchId)?.status).toBe('finished');
    expect(starter()?.content).toBe(`alice vs bob (NOVA): bob won. The whole match is in <#${matchId}>.`);
  });

  it('cuts the people, never the game or the number, to fit Discord’s 100 characters', async () => {
    const long = 'x'.repeat(150);
    const title = await threadTitle(h.bot.context, {
      guildId: h.guild.id,
      game: 'nova',
      players: { p1: h.alice.id, p2: h.bob.id },
      threadName: long,
    });
    expect(title).toHaveLength(100);
    expect(title.endsWith(' · NOVA #5')).toBe(true);
    expect(title).toContain('…');
  });
});
