// Open matches do not pile up (issue 25 item 4; reliability review D4): a person has at most a few active matches in a
// server, an abandoned match ends after the server's inactivity limit with a warning a day before, and a boot with
// many open matches restores them in bounded time, the rest on first use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, sweepInactive } from '../../src/bot/inactivity.ts';
import {
  type BotHarness,
  challengeAndAccept,
  current,
  openHand,
  startBotHarness,
  thread,
  userFor,
} from './bot-harness.ts';

let h: BotHarness;
// The store stamps matches with the real clock; the bot's clock starts there and is moved by hand.
let now = Date.now();
beforeAll(async () => {
  h = await startBotHarness({ now: () => now, maxOpenMatches: 3 });
});
afterAll(async () => {
  await h?.close();
});

const practice = async () => {
  const answer = await h.carol.slash('duel practice', { game: 'nova' });
  await h.bot.idle();
  return answer;
};

describe('open matches', () => {
  it('a person has at most the cap of active matches; practice counts', async () => {
    for (let i = 0; i < 3; i++) expect((await practice()).reply()?.ephemeral).toBe(false);
    const refused = await practice();
    expect(refused.reply()?.ephemeral).toBe(true);
    expect(refused.reply()?.content).toBe(
      'carol already has 3 matches going in this server: finish or /concede one first.',
    );
    expect(h.bot.store.matches.activeMatchesOf(h.guild.id, h.carol.id)).toHaveLength(3);
    // A challenge to someone at the cap is refused too.
    const challenge = await h.alice.slash('duel challenge', { opponent: h.carol, game: 'nova' });
    await h.bot.idle();
    expect(challenge.reply()?.content).toMatch(/^carol already has 3 matches going/);
  });

  it('an abandoned match ends after the inactivity limit, warned a day before; a decision voids the warning', async () => {
    const abandoned = await challengeAndAccept(h);
    const kept = await challengeAndAccept(h);
    expect(h.bot.store.guilds.get(h.guild.id).inactiveDays).toBe(7);

    now += 5 * DAY_MS;
    expect(await sweepInactive(h.bot.context)).toEqual({ warned: [], ended: [] });
    now += DAY_MS + 60_000;
    // A process that does not run this guild's shard leaves its matches to the process that does (src/ops/shards.ts).
    expect(await sweepInactive({ ...h.bot.context, ownsGuild: () => false })).toEqual({ warned: [], ended: [] });
    const warned = await sweepInactive(h.bot.context);
    expect(warned.warned).toEqual(expect.arrayContaining([abandoned, kept]));
    expect(warned.ended).toEqual([]);
    await h.bot.idle();
    expect(h.alice.read(thread(h, abandoned))).toMatch(
      /No decision in this match for 6 days: it ends without a result in a day/,
    );
    // Warned once only.
    expect((await sweepInactive(h.bot.context)).warned).toEqual([]);

    // Someone acts in one of them: its warning no longer counts.
    const { pendingSeat } = current(h, kept);
    if (!pendingSeat) throw new Error('nobody to decide');
    const hand = await openHand(h, userFor(h, pendingSeat), kept);
    const option = hand.buttons.find((b) => b.customId?.startsWith('a:'))?.customId as string;
    await userFor(h, pendingSeat).click(hand, option);
    await h.bot.idle();

    now += DAY_MS;
    const ended = await sweepInactive(h.bot.context);
    await h.bot.idle();
    expect(ended.ended).toContain(abandoned);
    expect(ended.ended).not.toContain(kept);
    expect(h.bot.store.matches.match(abandoned)).toMatchObject({
      status: 'aborted',
      statusReason: 'inactive for 7 days',
    });
    expect(h.bot.store.matches.match(kept)?.status).toBe('active');
    expect(h.alice.read(thread(h, abandoned))).toMatch(/This match ended without a result: no decision for 7 days\./);
  });

  it('boot restores within its time budget and the rest on first use', () => {
    const active = h.bot.store.matches.guildMatches(h.guild.id, 'active').map((m) => m.matchId);
    expect(active.length).toBeGreaterThan(0);
    const none = h.bot.store.matches.restoreActiveMatches(-1);
    expect(none).toMatchObject({ restored: 0, deferred: active.length });
    for (const id of active) expect(h.bot.store.matches.isLive(id)).toBe(false);
    // First use restores and checks it.
    expect(h.bot.store.matches.currentState(active[0] as string).result).toBeNull();
    expect(h.bot.store.matches.isLive(active[0] as string)).toBe(true);
    expect(h.bot.store.matches.restoreActiveMatches()).toMatchObject({ restored: active.length, deferred: 0 });
  });
});
