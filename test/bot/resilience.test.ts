// When Discord gets in the way: DMs (on, and closed: 50007), a deleted match thread and /match resume, missing
// permissions, the challenger cooldown, a configured challenge expiry, and rate-limited (429) board updates. The real
// bot and discord.js client against the fake Discord, acting only through what users can click and type.
import { PermissionFlagsBits, RESTEvents } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presenterFor } from '../../src/bot/game-presenters.ts';
import { type FakeUser, ManualClock } from '../../src/devtools/fake-discord/index.ts';
import type { Seat } from '../../src/engine/core/game.ts';
import { GAMES, gameModule } from '../../src/engine/registry.ts';
import {
  type BotHarness,
  challengeAndAccept,
  current,
  latestBoard,
  openHand,
  playRandomly,
  startBotHarness,
  thread,
} from './bot-harness.ts';

function ownerDms(h: BotHarness): string {
  const ownerId = h.guild.record.ownerId;
  return h.discord.read(h.discord.store.dmChannel(ownerId).id, ownerId);
}

/** Card names in `seat`'s hand, as that seat's own view shows them. */
function handNames(h: BotHarness, matchId: string, seat: Seat): string[] {
  const state = h.bot.store.matches.currentState(matchId);
  const view = gameModule(state.game).view(state, { kind: 'player', seat });
  return presenterFor(GAMES, 'nova').handNames(view, seat, 'en');
}

describe('DMs, deleted threads, permissions', () => {
  let h: BotHarness;
  beforeAll(async () => {
    // The channel route: these tests are about what Discord refuses there (board handles: board-handles.test.ts).
    h = await startBotHarness({ matchOptions: { startingLife: 400 }, boardHandles: false });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('DMs on: "your decision" with a hand snapshot from the player\'s own view only; none for others', async () => {
    const on = await h.alice.slash('settings user', { dms: true });
    await h.bot.idle();
    expect((await on.settled()).content).toMatch(/DM notifications: on/);
    expect(h.alice.read(h.alice.dm())).toMatch(/DM notifications are on for your matches/);
    expect(h.bot.store.preferences.get(h.guild.id, h.alice.id).dmNotifications).toBe(true);
    const matchId = await challengeAndAccept(h);
    let checked = 0;
    await playRandomly(h, matchId, {
      seed: 5,
      stop: (_turn, n) => n >= 40,
      activity: 60,
      afterEach: () => {
        const dms = h.alice.messages(h.alice.dm()).filter((m) => m.content.includes('Your decision'));
        if (dms.length === 0 || checked === dms.length) return;
        checked = dms.length;
        // The newest DM shows alice's hand at the time it was sent: only cards she can see.
        const text = JSON.stringify(dms.at(-1));
        const mine = new Set(handNames(h, matchId, 'p1'));
        for (const name of handNames(h, matchId, 'p2')) if (!mine.has(name)) expect(text).not.toContain(name);
      },
    });
    const dms = h.alice.messages(h.alice.dm()).filter((m) => m.content.includes('Your decision'));
    expect(dms.length).toBeGreaterThan(0);
    expect(dms[0]?.content).toMatch(/Your decision in NOVA · alice vs bob/);
    expect(dms[0]?.embeds[0]?.title).toMatch(/Hand · alice/);
    expect(dms[0]?.buttons[0]?.url).toContain(`/channels/${h.guild.id}/${matchId}`);
    // bob did not ask for DMs.
    expect(h.bob.messages(h.bob.dm())).toEqual([]);
    await h.alice.slash('settings user', { dms: false });
    await h.bot.idle();
  }, 60_000);

  it('DMs closed: 50007 turns the preference off with a note, one notice in the thread, the game goes on', async () => {
    const on = await h.bob.slash('settings user', { dms: true });
    await h.bot.idle();
    expect((await on.settled()).content).toMatch(/DM通知：オン/);
    h.bob.setDmsOpen(false);
    const matchId = await challengeAndAccept(h);
    const decisions = await playRandomly(h, matchId, { seed: 8, stop: (_turn, n) => n >= 60, activity: 60 });
    expect(decisions).toBe(60);
    const notices = h.carol
      .messages(thread(h, matchId))
      .filter((m) => m.content.includes('could not send you a direct message'));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.content).toContain(`<@${h.bob.id}>`);
    // The notice is public: it names nothing from anyone's hand.
    for (const name of [...handNames(h, matchId, 'p1'), ...handNames(h, matchId, 'p2')]) {
      expect(notices[0]?.content).not.toContain(name);
    }
    const prefs = h.bot.store.preferences.get(h.guild.id, h.bob.id);
    expect(prefs.dmNotifications).toBe(false);
    expect(prefs.dmNotificationsOff?.reason).toBe('dms-closed');
    // Turning them on again with DMs still closed is refused at once, in an ephemeral.
    const shown = await h.bob.slash('settings user', {});
    await h.bot.idle();
    expect((await shown.settled()).content).toMatch(/DM通知：オフ（\d{4}-\d\d-\d\dにオフ：DMが閉じられていて/);
    const again = await h.bob.slash('settings user', { dms: true });
    await h.bot.idle();
    expect((await again.settled()).content).toMatch(/DM通知はオフのまま/);
    h.bob.setDmsOpen(true);
  }, 60_000);

  it('a deleted thread pauses the match (across a restart); /match resume posts a fresh thread and play goes on', async () => {
    const matchId = await challengeAndAccept(h);
    await playRandomly(h, matchId, { seed: 3, stop: (_turn, n) => n >= 6 });
    const before = h.bot.store.matches.match(matchId)?.decisionCount ?? 0;
    const stateBefore = current(h, matchId).state.version;
    h.discord.deleteChannel({ id: matchId });
    await h.discord.until(() => h.bot.store.pauses.get(matchId) !== null, 3_000, 'the pause');
    await h.bot.idle();
    expect(h.bot.store.pauses.get(matchId)?.reason).toBe('thread-deleted');
    expect(h.carol.read(h.guild.channel())).toMatch(
      /thread of the match alice vs bob \(NOVA\) was deleted.*\/match resume/,
    );

    await h.restart();
    expect(h.bot.store.pauses.get(matchId)?.reason).toBe('thread-deleted');
    // carol is not a player (nor a manager): nothing of hers to resume.
    const carol = await h.carol.slash('match resume', {});
    await h.bot.idle();
    expect((await carol.settled()).content).toMatch(/no paused match of yours/);

    const resumed = await h.bob.slash('match resume', {});
    await h.bot.idle();
    const newThread = h.bot.store.matches.match(matchId)?.threadId;
    expect(newThread).toBeTruthy();
    expect(newThread).not.toBe(matchId);
    expect((await resumed.settled()).content).toContain(`<#${newThread}>`);
    expect(h.bot.store.pauses.get(matchId)).toBeNull();
    expect(current(h, matchId).state.version).toBe(stateBefore);
    expect(latestBoard(h, h.carol, matchId).channelId).toBe(newThread);

    await playRandomly(h, matchId, { seed: 4, stop: (_turn, n) => n >= 10 });
    expect(h.bot.store.matches.match(matchId)?.decisionCount).toBe(before + 10);
    // Commands in the new thread find the match.
    const status = await h.carol.slash('match status', {}, { in: thread(h, matchId) });
    await h.bot.idle();
    expect((await status.settled()).embeds[0]?.title).toContain('alice vs bob');
    const again = await h.alice.slash('match resume', { match: matchId });
    await h.bot.idle();
    expect((await again.settled()).content).toMatch(/not paused/);
  }, 60_000);

  it('a thread deleted while the bot was down: the match is paused at boot and the players are told', async () => {
    const matchId = await challengeAndAccept(h);
    await h.bot.idle();
    // Gone without a THREAD_DELETE reaching the bot (as if it happened while the bot was offline).
    h.discord.store.removeChannel(matchId);
    await h.restart();
    await h.discord.until(() => h.bot.store.pauses.get(matchId) !== null, 3_000, 'the pause at boot');
    await h.bot.idle();
    expect(h.bot.store.pauses.get(matchId)?.reason).toBe('thread-deleted');
    const notices = h.carol.messages(h.guild.channel()).filter((m) => m.content.includes('was deleted'));
    expect(notices.at(-1)?.content).toContain(`<@${h.alice.id}>`);
  });

  it('missing permissions: the user and the server owner are told which; nothing is lost', async () => {
    const general = h.guild.channel();
    h.discord.denyBotPermissions(general, PermissionFlagsBits.CreatePublicThreads);
    const refused = await h.alice.slash('duel challenge', { opponent: h.bob });
    await h.bot.idle();
    expect(refused.reply()?.ephemeral).toBe(true);
    expect(refused.reply()?.content).toMatch(/missing the permission\(s\) \*\*Create Public Threads\*\*/);
    expect(ownerDms(h)).toMatch(/missing the permission\(s\) \*\*Create Public Threads\*\* in <#\d+>/);

    // A challenge posted before the permission went: accepting is refused the same way, and the challenge stays.
    h.discord.denyBotPermissions(general, 0n);
    const challenge = (await h.alice.slash('duel challenge', { opponent: h.bob })).reply();
    if (!challenge) throw new Error('no challenge');
    h.discord.denyBotPermissions(general, PermissionFlagsBits.CreatePublicThreads);
    const accept = challenge.buttons[0]?.customId as string;
    const early = await h.bob.click(challenge, accept);
    await h.bot.idle();
    expect(early.reply()?.content).toMatch(/公開スレッドの作成/);
    expect(h.bot.store.matches.match(challenge.id)).toBeNull();
    h.discord.denyBotPermissions(general, 0n);
    await h.bob.click(challenge, accept);
    await h.bot.idle();
    expect(h.bot.store.matches.match(challenge.id)?.status).toBe('active');

    // Mid-match: the thread loses Embed Links. The click is committed; the clicker is told; the board catches up.
    const matchId = challenge.id;
    h.discord.denyBotPermissions(general, PermissionFlagsBits.EmbedLinks);
    const seat = current(h, matchId).pendingSeat as Seat;
    const user: FakeUser = seat === 'p1' ? h.alice : h.bob;
    const hand = await openHand(h, user, matchId);
    const before = h.bot.store.matches.match(matchId)?.decisionCount ?? 0;
    const option = hand.buttons.find((b) => b.customId?.startsWith('a:'))?.customId as string;
    await user.click(hand, option);
    await h.bot.idle();
    expect(h.bot.store.matches.match(matchId)?.decisionCount).toBe(before + 1);
    const told = user
      .messages(thread(h, matchId))
      .filter((m) => m.ephemeral && /Embed Links|埋め込みリンク/.test(m.content));
    expect(told).toHaveLength(1);
    expect(ownerDms(h)).toMatch(/missing the permission\(s\) \*\*Embed Links\*\*/);
    h.discord.denyBotPermissions(general, 0n);
    await playRandomly(h, matchId, { seed: 9, stop: (_turn, n) => n >= 1 });
    const board = latestBoard(h, h.carol, matchId);
    const pending = current(h, matchId).pendingSeat as Seat;
    expect(board.embeds[0]?.description).toContain(pending === 'p1' ? 'alice' : 'bob');
  }, 60_000);

  it('a rate-limited (429) board update waits for retry-after and still lands; the click was acknowledged at once', async () => {
    const matchId = await challengeAndAccept(h);
    await playRandomly(h, matchId, { seed: 11, stop: (_turn, n) => n >= 3 });
    const statuses: number[] = [];
    const listener = (_request: unknown, response: { status: number }) => statuses.push(response.status);
    h.bot.client.rest.on(RESTEvents.Response, listener);
    const where = thread(h, matchId).id;
    h.discord.rateLimit('PATCH', `/channels/${where}/messages/:messageId`, { times: 2, retryAfterSeconds: 0.2 });
    h.discord.rateLimit('POST', `/channels/${where}/messages`, { times: 2, retryAfterSeconds: 0.2 });
    const seat = current(h, matchId).pendingSeat as Seat;
    const user = seat === 'p1' ? h.alice : h.bob;
    const hand = await openHand(h, user, matchId);
    const option = hand.buttons.find((b) => b.customId?.startsWith('a:'))?.customId as string;
    const started = performance.now();
    const click = await user.click(hand, option);
    expect(click.state).toBe('acknowledged');
    await h.bot.idle();
    const waited = performance.now() - started;
    h.bot.client.rest.off(RESTEvents.Response, listener);
    expect(statuses).toContain(429);
    expect(waited).toBeGreaterThanOrEqual(200);
    // The board shows the state after the click.
    const state = current(h, matchId);
    const names = { p1: 'alice', p2: 'bob' };
    const board = latestBoard(h, h.carol, matchId);
    if (state.pendingSeat) expect(board.embeds[0]?.description).toContain(names[state.pendingSeat]);
    const log = presenterFor(GAMES, 'nova').log(gameModule('nova').view(state.state, { kind: 'spectator' }));
    const lastLine =
      log
        .at(-1)
        ?.text.en.replace(/\bp1\b/g, 'alice')
        .replace(/\bp2\b/g, 'bob') ?? '';
    expect(board.embeds[0]?.fields.find((f) => f.name === 'Log')?.value).toContain(lastLine.slice(0, 60));
  }, 60_000);
});

describe('challenges: cooldown and configured expiry', () => {
  let h: BotHarness;
  let clock = Date.now();
  beforeAll(async () => {
    h = await startBotHarness({ now: () => clock, challengeCooldownMs: 60_000, challengeTtlMs: 2 * 60_000 });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('a challenger waits for the cooldown and is told how long; others are not held back', async () => {
    const first = await h.alice.slash('duel challenge', { opponent: h.bob });
    expect(first.reply()?.ephemeral).toBe(false);
    const early = await h.alice.slash('duel challenge', { opponent: h.carol });
    expect(early.reply()?.ephemeral).toBe(true);
    expect(early.reply()?.content).toMatch(/another challenge in 60 s/);
    clock += 45_000;
    const later = await h.alice.slash('duel challenge', { opponent: h.carol });
    expect(later.reply()?.content).toMatch(/another challenge in 15 s/);
    const bob = await h.bob.slash('duel challenge', { opponent: h.carol });
    expect(bob.reply()?.ephemeral).toBe(false);
    clock += 15_001;
    const again = await h.alice.slash('duel challenge', { opponent: h.carol });
    expect(again.reply()?.ephemeral).toBe(false);
    expect(again.reply()?.content).toMatch(/challenges you to a game of NOVA/);
  });

  it('a challenge expires after the configured time', async () => {
    clock += 60_001;
    const challenge = (await h.alice.slash('duel challenge', { opponent: h.bob })).reply();
    if (!challenge) throw new Error('no challenge');
    expect(challenge.content).toMatch(/expires in 2 minutes/);
    clock += 2 * 60_000 + 1;
    await h.bob.click(challenge, challenge.buttons[0]?.customId as string);
    await h.bot.idle();
    expect(h.bob.messages(challenge).find((m) => m.id === challenge.id)?.content).toMatch(/has expired/);
    expect(h.bot.store.matches.match(challenge.id)).toBeNull();
    // Challengers whose cooldown is over are forgotten (bob's challenge was more than 60 s ago).
    expect([...h.bot.context.challengeCooldowns.keys()]).toEqual([`${h.guild.id}:${h.alice.id}`]);
  });
});

describe('a paused match and the turn timer', () => {
  it('no timeout while paused; the resumed decision gets a fresh deadline', async () => {
    const clock = new ManualClock();
    const h = await startBotHarness({ clock });
    try {
      h.bot.store.guilds.update(h.guild.id, { turnTimerSeconds: 30, bankSeconds: 60 });
      const matchId = await challengeAndAccept(h);
      expect(h.bot.store.clocks.get(matchId)?.timing?.deadline).toBe(clock.now() + 90_000);
      h.discord.deleteChannel({ id: matchId });
      await h.discord.until(() => h.bot.store.pauses.get(matchId) !== null, 3_000, 'the pause');
      clock.advance(10 * 60_000);
      await h.bot.idle();
      expect(h.bot.store.matches.match(matchId)?.decisionCount).toBe(0);
      expect(h.bot.store.clocks.get(matchId)?.timeouts).toEqual({ p1: 0, p2: 0 });
      await h.alice.slash('match resume', {});
      await h.bot.idle();
      expect(h.bot.store.pauses.get(matchId)).toBeNull();
      expect(h.bot.store.clocks.get(matchId)?.timing?.deadline).toBe(clock.now() + 90_000);
      clock.advance(90_000);
      await h.bot.idle();
      // The timer works again: the default was taken once the fresh deadline passed.
      expect(h.bot.store.matches.match(matchId)?.decisionCount).toBe(1);
    } finally {
      await h.close();
    }
  }, 30_000);
});
