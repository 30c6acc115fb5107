// Threads as Discord keeps them (issue 23): archived after their auto-archive duration without activity, and while
// archived, not edited (50083) until reopened; a message reopens an unlocked thread; durations outside Discord's four
// are refused.
import { ChannelType, Routes, type TextChannel, type ThreadChannel } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/devtools/fake-discord/index.ts';
import { type Harness, startHarness } from './harness.ts';

const MINUTE = 60_000;

describe('fake Discord: thread auto-archive', () => {
  let h: Harness;
  const clock = new ManualClock(Date.now());
  let general: TextChannel;
  beforeAll(async () => {
    h = await startHarness({ clock });
    general = (await h.client.channels.fetch(h.guild.channel().channelId)) as TextChannel;
  });
  afterAll(async () => {
    await h.close();
  });

  const fetchThread = (id: string) =>
    h.client.rest.get(Routes.channel(id)) as Promise<{ thread_metadata: Record<string, unknown> }>;

  it('archives a thread idle past its duration; an archived thread refuses edits with 50083 until reopened', async () => {
    const thread: ThreadChannel = await general.threads.create({
      name: 'match',
      type: ChannelType.PublicThread,
      autoArchiveDuration: 60,
    });
    expect((await fetchThread(thread.id)).thread_metadata).toMatchObject({
      archived: false,
      auto_archive_duration: 60,
    });
    const board = await thread.send('board');
    clock.advance(59 * MINUTE);
    await board.edit('board, turn 2');
    clock.advance(59 * MINUTE);
    // Activity (the edit does not count; the message does): 118 minutes after the last message, archived.
    clock.advance(2 * MINUTE);
    expect((await fetchThread(thread.id)).thread_metadata).toMatchObject({ archived: true });
    await expect(board.edit('board, turn 3')).rejects.toMatchObject({ code: 50083 });
    await expect(h.client.rest.patch(Routes.channel(thread.id), { body: { name: 'renamed' } })).rejects.toMatchObject({
      code: 50083,
    });
    // A message reopens it (the bot may send messages there); then edits work again.
    await thread.send('still here');
    expect((await fetchThread(thread.id)).thread_metadata).toMatchObject({ archived: false });
    await board.edit('board, turn 3');
    // Reopening and renaming in one request is allowed.
    clock.advance(61 * MINUTE);
    await h.client.rest.patch(Routes.channel(thread.id), { body: { archived: false, name: 'reopened' } });
    expect((await fetchThread(thread.id)).thread_metadata).toMatchObject({ archived: false });
  });

  it("defaults to a day, and refuses a duration that is not one of Discord's four", async () => {
    const thread = await general.threads.create({ name: 'plain', type: ChannelType.PublicThread });
    expect((await fetchThread(thread.id)).thread_metadata).toMatchObject({ auto_archive_duration: 1440 });
    h.discord.expectRefusal();
    await expect(
      h.client.rest.post(Routes.threads(general.id), { body: { name: 'odd', type: 11, auto_archive_duration: 30 } }),
    ).rejects.toMatchObject({ code: 50035 });
  });
});
