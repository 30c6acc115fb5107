// Attachments as Discord keeps them: an embed's attachment://name becomes the file's CDN URL and the file leaves
// `attachments`; an edit keeps a file by id; an edit naming no file leaves the reference unresolved.
import { AttachmentBuilder, EmbedBuilder, type Message } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const png = Buffer.from('89504e470d0a1a0a', 'hex');
const boardEmbed = () => new EmbedBuilder().setTitle('Board').setImage('attachment://board.png');

async function post(): Promise<Message> {
  const channel = await h.client.channels.fetch(h.guild.channel().id);
  if (!channel?.isSendable()) throw new Error('not sendable');
  return channel.send({
    embeds: [boardEmbed()],
    files: [new AttachmentBuilder(png, { name: 'board.png' }), new AttachmentBuilder(png, { name: 'log.txt' })],
  });
}

const cdnUrl = /^http:\/\/127\.0\.0\.1:\d+\/attachments\/\d+\/(\d+)\/board\.png\?hm=/;

describe('attachments', () => {
  it('the embed shows board.png at its CDN URL; only the file no embed uses is listed', async () => {
    const sent = await post();
    const url = sent.embeds[0]?.image?.url ?? '';
    expect(url).toMatch(cdnUrl);
    expect([...sent.attachments.values()].map((a) => a.name)).toEqual(['log.txt']);
    // The URL serves the bytes.
    const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(bytes.equals(png)).toBe(true);
  });

  it('an edit that keeps the file by id keeps it in the embed', async () => {
    const sent = await post();
    const id = cdnUrl.exec(sent.embeds[0]?.image?.url ?? '')?.[1] as string;
    const edited = await sent.edit({ embeds: [boardEmbed().setTitle('Board, turn 2')], attachments: [{ id }] });
    expect(edited.embeds[0]?.image?.url).toMatch(cdnUrl);
    expect(cdnUrl.exec(edited.embeds[0]?.image?.url ?? '')?.[1]).toBe(id);
    expect(edited.attachments.size).toBe(0); // log.txt was not kept
  });

  it('an edit re-sending attachment://board.png with no file: unresolved, and the file listed on its own', async () => {
    const sent = await post();
    const edited = await sent.edit({ embeds: [boardEmbed().setTitle('Board, turn 2')] });
    expect(edited.embeds[0]?.image?.url).toBe('attachment://board.png');
    expect([...edited.attachments.values()].map((a) => a.name).sort()).toEqual(['board.png', 'log.txt']);
  });
});
