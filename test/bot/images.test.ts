// With images on (the render worker pool): the public board carries board.png, the owner's ephemeral hand.png;
// clicks are acknowledged before any rendering. Also measures ack and board-update latency on this machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardImageModel, namedTable } from '../../src/bot/presenter.ts';
import { novaCard } from '../../src/engine/games/nova/cards/pool.ts';
import { nova } from '../../src/engine/games/nova/index.ts';
import type { NovaState } from '../../src/engine/games/nova/state.ts';
import { novaTableModel } from '../../src/render/games/nova-table.ts';
import { untracedStrings } from '../../src/render/provenance.ts';
import { renderBoard } from '../../src/render/render.ts';
import { styleOf } from '../../src/render/styles/index.ts';
import { type BotHarness, current, latestBoard, openHand, refreshed, startBotHarness, thread } from './bot-harness.ts';

let h: BotHarness;

beforeAll(async () => {
  h = await startBotHarness({ images: true, mentions: false });
});
afterAll(async () => {
  await h?.close();
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

describe('images', () => {
  it('board.png on the public board, hand.png only in the ephemeral; acks come first', async () => {
    const challenge = await h.alice.slash('duel challenge', { opponent: h.bob, game: 'nova' });
    const message = challenge.reply();
    if (!message) throw new Error('no challenge');
    await h.bob.click(message, message.buttons[0]?.customId as string);
    await h.bot.idle();
    const matchId = message.id;
    const board = latestBoard(h, h.carol, matchId);
    expect(board.attachments.map((a) => a.filename)).toEqual(['board.png']);
    expect(board.embeds[0]?.image).toContain('board.png');

    const acks: number[] = [];
    const updates: number[] = [];
    let waitingSeen = 0;
    for (let i = 0; i < 6; i++) {
      const seat = current(h, matchId).pendingSeat;
      if (!seat) break;
      const user = seat === 'p1' ? h.alice : h.bob;
      const opened = await user.click(latestBoard(h, user, matchId), `h:${matchId}`);
      await h.bot.idle();
      const hand = opened.answer();
      if (!hand) throw new Error('no hand');
      expect(hand.attachments.map((a) => a.filename)).toEqual(['hand.png']);
      const option = hand.buttons.find((b) => b.customId?.startsWith('a:'))?.customId as string;
      const started = performance.now();
      const click = user.click(hand, option);
      await click;
      acks.push(performance.now() - started);
      await h.bot.idle();
      updates.push(performance.now() - started);
      const after = refreshed(user, hand);
      expect(after.ephemeral).toBe(true);
      // The clicker's ephemeral keeps a picture only while they still decide; otherwise it lists the hand.
      const stillDeciding = current(h, matchId).pendingSeat === seat;
      expect(after.attachments.map((a) => a.filename)).toEqual(stillDeciding ? ['hand.png'] : []);
      expect(after.embeds[0]?.image ?? null).toBe(stillDeciding ? 'attachment://hand.png' : null);
      expect(after.embeds[0]?.description).toBeTruthy();
      if (!stillDeciding) waitingSeen += 1;
    }
    console.log(
      `ack p50 ${median(acks).toFixed(1)} ms (max ${Math.max(...acks).toFixed(1)}), commit + ephemeral + board image p50 ${median(updates).toFixed(0)} ms (max ${Math.max(...updates).toFixed(0)})`,
    );
    expect(Math.max(...acks)).toBeLessThan(1_000);
    expect(waitingSeen).toBeGreaterThan(0);
    // The spectator never receives a hand image.
    const carolFiles = h.carol.messages(thread(h, matchId)).flatMap((m) => m.attachments.map((a) => a.filename));
    expect(carolFiles).not.toContain('hand.png');
  });

  it('an unchanged board image is neither drawn nor uploaded again, and the board always shows the current one', async () => {
    const matchId = h.bot.store.matches.guildMatches(h.guild.id, 'active')[0]?.matchId as string;
    const images = h.bot.context.images;
    if (!images) throw new Error('images are on');
    const uploads = new Set<string>();
    let kept = 0;
    for (let i = 0; i < 10; i++) {
      const seat = current(h, matchId).pendingSeat;
      if (!seat) break;
      const user = seat === 'p1' ? h.alice : h.bob;
      const hand = refreshed(user, await openHand(h, user, matchId));
      // Passing keeps the cards where they are: the image usually stays the same.
      const options = hand.buttons.filter((b) => b.customId?.startsWith('a:') && !b.disabled);
      const pass = options.find((b) => /pass|パス/i.test(b.label)) ?? options[0];
      const before = latestBoard(h, h.carol, matchId);
      await user.click(hand, pass?.customId as string);
      await h.bot.idle();
      const board = latestBoard(h, h.carol, matchId);
      const attachment = board.attachments.find((a) => a.filename === 'board.png');
      if (!attachment) throw new Error('the board lost its image');
      if (board.id === before.id && before.attachments[0]?.id === attachment.id) kept += 1;
      uploads.add(attachment.id);
      // Whatever was skipped, the image is the one the current state draws (from the spectator view).
      const state = h.bot.store.matches.currentState(matchId) as NovaState;
      const names = { p1: 'alice', p2: 'bob' };
      const table = namedTable(novaTableModel(nova.view(state, { kind: 'spectator' }), { locale: 'en', names }), names);
      const expected = (await renderBoard(boardImageModel(table), styleOf('nova'))).png;
      expect(Buffer.from(h.discord.attachmentBytes(board, 'board.png')).equals(expected)).toBe(true);
    }
    expect(kept).toBeGreaterThan(0);
    expect(images.hits).toBeGreaterThan(0);
  });

  it('the NOVA adapter draws nothing a spectator may not see', async () => {
    const matchId = h.bot.store.matches.guildMatches(h.guild.id, 'active')[0]?.matchId as string;
    const state = h.bot.store.matches.currentState(matchId) as NovaState;
    const model = novaTableModel(nova.view(state, { kind: 'spectator' }), {
      locale: 'en',
      names: { p1: 'alice', p2: 'bob' },
    });
    const { drawnText } = await renderBoard(model, styleOf(model.game));
    expect(untracedStrings(drawnText, model, 'nova')).toEqual([]);
    const handNames = (['p1', 'p2'] as const).flatMap((seat) =>
      state.players[seat].zones.hand.map((id) => novaCard(state.objects[id]?.card as string).name.en),
    );
    const visible = JSON.stringify(nova.view(state, { kind: 'spectator' }));
    const hiddenOnly = handNames.filter((name) => !visible.includes(name));
    expect(hiddenOnly.length).toBeGreaterThan(0);
    const drawn = drawnText.join('\n');
    expect(hiddenOnly.filter((name) => drawn.includes(name))).toEqual([]);
  });
});
