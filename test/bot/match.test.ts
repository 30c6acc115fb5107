// Two people play NOVA through the real bot and the real discord.js client against the fake Discord: challenge,
// accept in a thread, act only through their ephemeral controls, concede, result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageEvent } from '../../src/devtools/fake-discord/index.ts';
import { novaCard } from '../../src/engine/games/nova/cards/pool.ts';
import { nova } from '../../src/engine/games/nova/index.ts';
import type { NovaState } from '../../src/engine/games/nova/state.ts';
import { gamePrecons } from '../../src/engine/precons.ts';
import {
  actRandomly,
  type BotHarness,
  challengeAndAccept,
  concedeConfirmed,
  current,
  latestBoard,
  openHand,
  playRandomly,
  refreshed,
  rng,
  startBotHarness,
  thread,
  userFor,
} from './bot-harness.ts';

let h: BotHarness;

beforeAll(async () => {
  h = await startBotHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Every card name (en and ja) that the spectator view showed at some point. */
const seenBySpectator = new Set<string>();
function noteSpectatorView(matchId: string): void {
  const state = h.bot.store.matches.currentState(matchId);
  const text = JSON.stringify(nova.view(state as NovaState, { kind: 'spectator' }));
  for (const name of deckNames()) if (text.includes(name)) seenBySpectator.add(name);
}
let cachedNames: string[] | null = null;
function deckNames(): string[] {
  if (cachedNames) return cachedNames;
  const names = new Set<string>();
  for (const deck of gamePrecons('nova'))
    for (const cards of Object.values(deck.sections))
      for (const { card } of cards) {
        const def = novaCard(card);
        names.add(def.name.en);
        names.add(def.name.ja);
      }
  cachedNames = [...names];
  return cachedNames;
}

describe('a NOVA match in a thread', () => {
  it('challenge → accept → play through ephemeral controls → concede → result', async () => {
    const matchId = await challengeAndAccept(h);
    const board = latestBoard(h, h.carol, matchId);
    expect(board.embeds[0]?.title).toContain('alice vs bob');

    const decisions = await playRandomly(h, matchId, {
      seed: 7,
      stop: (turn, n) => turn >= 5 || n >= 150,
      afterEach: () => noteSpectatorView(matchId),
    });
    expect(decisions).toBeGreaterThan(5);

    const { confirmation, clicked } = await concedeConfirmed(h.alice, thread(h, matchId), () => h.bot.idle());
    expect(confirmation.ephemeral).toBe(true);
    expect(clicked.reply()?.content).toBe('alice conceded.');
    expect(h.bot.store.matches.match(matchId)?.status).toBe('finished');
    noteSpectatorView(matchId);
    const transcript = h.carol.read(thread(h, matchId));
    expect(transcript).toMatch(/Result: bob wins/);

    // Hidden information: no card name that only ever sat in a hand, a deck or a character deck reaches what
    // carol (a spectator) can read, in the thread or in #general.
    const hiddenOnly = deckNames().filter((n) => !seenBySpectator.has(n));
    expect(hiddenOnly.length).toBeGreaterThan(0);
    const result = h.carol
      .messages(thread(h, matchId))
      .find((m) => m.attachments.some((a) => a.filename === 'match-log.txt'));
    if (!result) throw new Error('no match log attached to the result');
    const logFile = new TextDecoder().decode(h.discord.attachmentBytes(result, 'match-log.txt'));
    expect(logFile).toMatch(/conceded|投了/);
    const publicText = `${transcript}\n${h.carol.read(h.guild.channel())}\n${logFile}`;
    expect(hiddenOnly.filter((n) => publicText.includes(n))).toEqual([]);
    // Public components carry only the hand button and challenge answers, never an option id.
    const publicIds = [thread(h, matchId), h.guild.channel()].flatMap((c) =>
      h.carol
        .messages(c)
        .flatMap((m) => [...m.buttons.map((b) => b.customId ?? ''), ...m.selects.map((x) => x.customId)]),
    );
    expect(publicIds.filter((id) => !/^[hc]:/.test(id))).toEqual([]);
    // ... while the players' own ephemerals did show their hands.
    expect(h.alice.read(thread(h, matchId))).toMatch(/Hand · alice/);
  });

  it('/concede asks first: "Keep playing" changes nothing, only the asker counts, and a late answer says so', async () => {
    const matchId = await challengeAndAccept(h);
    const where = thread(h, matchId);
    const decisions = () => h.bot.store.matches.match(matchId)?.decisionCount;
    const before = decisions();
    const ask = async (user: typeof h.alice) => {
      const asked = await user.slash('concede', {}, { in: where });
      await h.bot.idle();
      return asked.settled();
    };
    // The confirmation's own buttons: "Concede" ends in :y, "Keep playing" in :n (labels are in the clicker's language).
    const idOf = (message: { buttons: { customId?: string | null }[] }, answer: 'y' | 'n') =>
      message.buttons.find((b) => b.customId?.startsWith('v:') && b.customId.endsWith(`:${answer}`))
        ?.customId as string;

    // The command alone commits nothing: an ephemeral with the two buttons.
    const first = await ask(h.alice);
    expect(first.ephemeral).toBe(true);
    expect(first.content).toMatch(/Concede this match\?/);
    expect(first.buttons.map((b) => b.label)).toEqual(['Concede', 'Keep playing']);
    expect(h.bot.store.matches.match(matchId)?.status).toBe('active');
    expect(decisions()).toBe(before);

    // "Keep playing" closes the question and the match goes on.
    const kept = await h.alice.click(first, idOf(first, 'n'));
    await h.bot.idle();
    expect(kept.reply()?.content).toBe('You keep playing.');
    expect(kept.reply()?.buttons).toEqual([]);
    expect(h.bot.store.matches.match(matchId)?.status).toBe('active');
    expect(decisions()).toBe(before);

    // Only the asker's click counts: alice's "Concede" id, as a modified client could put it on bob's own
    // confirmation, is refused to bob and concedes nothing.
    const alices = await ask(h.alice);
    const bobs = await ask(h.bob);
    const forgedId = idOf(alices, 'y');
    expect(forgedId).toContain(h.alice.id);
    const record = h.discord.store.message(bobs.channelId, bobs.id);
    record.components = [
      ...record.components,
      { type: 1, components: [{ type: 2, style: 4, label: 'forged', custom_id: forgedId }] },
    ];
    const forged = await h.bob.click(bobs, forgedId);
    await h.bot.idle();
    // bob's client is in Japanese.
    expect(forged.answer()?.content).toBe('この確認に答えられるのは、投了を申し出たプレイヤーだけです。');
    expect(h.bot.store.matches.match(matchId)?.status).toBe('active');

    // Alice confirms: she concedes, bob wins.
    const conceded = await h.alice.click(alices, forgedId);
    await h.bot.idle();
    expect(conceded.reply()?.content).toBe('alice conceded.');
    expect(h.bot.store.matches.match(matchId)?.status).toBe('finished');
    const result = h.bot.store.matches.currentState(matchId).result;
    expect(result).toMatchObject({ kind: 'win', winner: 'p2' });

    // Bob's confirmation outlived the match: it says so, and the result stands.
    const late = await h.bob.click(bobs, idOf(bobs, 'y'));
    await h.bot.idle();
    expect(late.reply()?.content).toBe('この対戦はすでに終了しているため、投了できません。');
    expect(late.reply()?.buttons).toEqual([]);
    expect(h.bot.store.matches.currentState(matchId).result).toEqual(result);
  });

  it('a non-player gets an explanation; a stale click gets fresh controls; a double click applies once', async () => {
    const matchId = await challengeAndAccept(h);
    const carolTry = await h.carol.click(latestBoard(h, h.carol, matchId), `h:${matchId}`);
    await h.bot.idle();
    expect(carolTry.answer()?.ephemeral).toBe(true);
    expect(carolTry.answer()?.content).toMatch(/not a player/);

    // A second ephemeral supersedes the first: the first says so and keeps no live-looking controls (issue 26).
    const { pendingSeat } = current(h, matchId);
    const user = userFor(h, pendingSeat as 'p1' | 'p2');
    const first = await openHand(h, user, matchId);
    const second = await openHand(h, user, matchId);
    const superseded = refreshed(user, first);
    expect(superseded.content).toMatch(/out of date: a newer one|古くなりました/);
    expect(superseded.buttons).toEqual([]);
    // Answered elsewhere (here straight through the store, as a timeout would): a click on the ephemeral's old
    // controls is stale, applies nothing, and the ephemeral shows fresh controls.
    const [a, b] = second.buttons.filter((x) => x.customId?.startsWith('a:'));
    if (!a?.customId || !b?.customId) throw new Error('expected two options');
    const count = () => h.bot.store.matches.match(matchId)?.decisionCount ?? 0;
    const before = count();
    const pending = h.bot.store.requireGame('nova').pending(current(h, matchId).state);
    if (!pending || !('options' in pending)) throw new Error('expected a pick');
    h.bot.store.matches.commitDecision(matchId, pending.player, {
      decisionId: pending.id,
      choose: [a.customId.split(':').slice(3).join(':')],
    });
    expect(count()).toBe(before + 1);
    await user.click(second, b.customId);
    await h.bot.idle();
    expect(count()).toBe(before + 1);
    const stale = refreshed(user, second);
    expect(stale.content).toMatch(/out of date|古くなって/);
    expect(
      stale.buttons.some((x) => x.customId?.includes(`:${current(h, matchId).state.version}:`)) ||
        stale.buttons.length === 0,
    ).toBe(true);
    await h.bot.context.flow.changed(matchId);

    // Double click: the same button twice before the first answer lands is applied once.
    const next = current(h, matchId);
    const clicker = userFor(h, next.pendingSeat as 'p1' | 'p2');
    const hand = await openHand(h, clicker, matchId);
    const option = hand.buttons.find((x) => x.customId?.startsWith('a:'))?.customId as string;
    const mid = count();
    await Promise.all([clicker.click(hand, option), clicker.click(hand, option)]);
    await h.bot.idle();
    expect(count()).toBe(mid + 1);
    expect(refreshed(clicker, hand).content).not.toMatch(/out of date|古くなって/);
    expect(h.logs.filter((l) => l.includes('failed'))).toEqual([]);
  });

  it('after a restart (new client, same database) the old buttons still work', async () => {
    const matchId = await challengeAndAccept(h);
    await playRandomly(h, matchId, { seed: 11, stop: (_turn, n) => n >= 4 });
    const { pendingSeat } = current(h, matchId);
    const user = userFor(h, pendingSeat as 'p1' | 'p2');
    const hand = await openHand(h, user, matchId);
    const oldBoard = latestBoard(h, h.carol, matchId);
    const before = h.bot.store.matches.match(matchId)?.decisionCount ?? 0;

    await h.restart();

    const option = hand.buttons.find((x) => x.customId?.startsWith('a:'))?.customId;
    if (option) {
      await user.click(hand, option);
    } else {
      const select = hand.selects[0];
      if (!select) throw new Error('no control on the ephemeral');
      await user.select(hand, select.customId, [select.options[0]?.value as string]);
    }
    await h.bot.idle();
    expect(h.bot.store.matches.match(matchId)?.decisionCount).toBe(before + 1);
    // The board from before the restart still opens the hand.
    const again = await h.carol.click(oldBoard, `h:${matchId}`);
    await h.bot.idle();
    expect(again.state).toBe('acknowledged');
    const next = current(h, matchId).pendingSeat as 'p1' | 'p2';
    const reopened = await userFor(h, next).click(oldBoard, `h:${matchId}`);
    await h.bot.idle();
    expect(reopened.answer()?.embeds[0]?.title).toMatch(/Hand|手札/);
  });

  it('/duel practice: one person plays both seats', async () => {
    const outcome = await h.alice.slash('duel practice', { game: 'nova' });
    await h.bot.idle();
    const message = outcome.reply();
    if (!message) throw new Error('no practice message');
    const matchId = message.id;
    const pick = rng(3);
    for (let i = 0; i < 6; i++) {
      const hand = await openHand(h, h.alice, matchId);
      expect(await actRandomly(h, h.alice, hand, pick)).toBe(true);
    }
    expect(h.bot.store.matches.match(matchId)?.decisionCount).toBe(6);
    const hand = await openHand(h, h.bob, matchId);
    expect(hand.content).toMatch(/プレイヤーではありません/); // bob's client is in Japanese

    // A burst of board updates coalesces: the one in flight, then one more with the latest state.
    let writes = 0;
    const count = (e: MessageEvent) => {
      if (e.channelId === matchId && e.kind !== 'delete') writes += 1;
    };
    h.discord.events.on('message', count);
    await Promise.all(Array.from({ length: 10 }, () => h.bot.context.boards.request(matchId)));
    await h.bot.idle();
    h.discord.events.off('message', count);
    expect(writes).toBeGreaterThanOrEqual(1);
    expect(writes).toBeLessThanOrEqual(2);
  });
});
