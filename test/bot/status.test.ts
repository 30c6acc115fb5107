// `/match status` outside a match thread lists the asker's active matches in the server, with links to their threads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BotHarness, challengeAndAccept, startBotHarness, thread } from './bot-harness.ts';

let h: BotHarness;

beforeAll(async () => {
  h = await startBotHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('/match status outside a match thread', () => {
  it("lists the asker's matches with links to their threads, or says there are none", async () => {
    const general = h.guild.channel('general');
    const none = await h.carol.slash('match status', {}, { in: general });
    await h.bot.idle();
    expect((await none.settled()).content).toMatch(/not playing any match in this server.*\/duel challenge/);

    const duel = await challengeAndAccept(h);
    const practice = (await h.alice.slash('duel practice', { game: 'nova' })).reply()?.id as string;
    await h.bot.idle();
    expect(h.bot.store.matches.match(practice)?.status).toBe('active');

    const mine = await h.alice.slash('match status', {}, { in: general });
    await h.bot.idle();
    const text = (await mine.settled()).content;
    expect(text).toMatch(/Your matches in this server \(2\)/);
    const link = (id: string) => `https://discord.com/channels/${h.guild.id}/${id}`;
    expect(text).toContain(`<#${duel}> NOVA · alice vs bob`);
    expect(text).toContain(link(duel));
    expect(text).toContain(`<#${practice}> NOVA · alice (1) vs alice (2) · your decision`);
    expect(text).toContain(link(practice));
    expect(mine.reply()?.ephemeral).toBe(true);

    // Bob's client is in Japanese; he is in one match. A deleted thread shows the match as paused.
    h.discord.deleteChannel(thread(h, duel));
    await h.discord.until(() => h.bot.store.pauses.isPaused(duel), 5_000);
    await h.bot.idle();
    const his = await h.bob.slash('match status', {}, { in: general });
    await h.bot.idle();
    const hisText = (await his.settled()).content;
    expect(hisText).toMatch(/あなたの対戦（1件）/);
    expect(hisText).toContain(`<#${duel}>`);
    expect(hisText).toContain('一時停止中：/match resume');
    expect(hisText).not.toContain(practice);

    // In the match's own thread it is still that match's board.
    const inThread = await h.carol.slash('match status', {}, { in: thread(h, practice) });
    await h.bot.idle();
    expect((await inThread.settled()).embeds[0]?.title).toContain('alice');
  });
});
