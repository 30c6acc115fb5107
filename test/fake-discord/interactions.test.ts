import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  ChannelType,
  EmbedBuilder,
  MessageFlags,
  ModalBuilder,
  Routes,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
  UserSelectMenuBuilder,
} from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations } from '../../src/devtools/fake-discord/conformance.ts';
import type { MessageEvent } from '../../src/devtools/fake-discord/index.ts';
import { type Harness, startHarness } from './harness.ts';

const challengeRow = () =>
  new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId('accept').setLabel('Accept').setStyle(ButtonStyle.Success),
    new ButtonBuilder().setCustomId('decline').setLabel('Decline').setStyle(ButtonStyle.Danger),
  );

describe('fake Discord: interaction responses from the real client', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });
  afterEach(() => {
    // Every handler here should succeed; a DiscordAPIError would mean the fake refused valid use.
    expect(h.errors).toEqual([]);
  });

  it('defer then edit: the user sees "thinking" until the edit lands', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    h.onInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.deferReply();
      await gate;
      await interaction.editReply({
        content: 'done',
        embeds: [new EmbedBuilder().setTitle('Board').setDescription('turn 1')],
      });
    });
    const outcome = await h.alice.slash('ping');
    expect(outcome.callbackType).toBe(5);
    expect(outcome.reply()?.loading).toBe(true);
    expect(h.alice.read(h.guild.channel())).toContain('Arbiter: (thinking…)');
    release();
    const reply = await outcome.settled();
    expect(reply.content).toBe('done');
    expect(reply.embeds[0]?.title).toBe('Board');
    expect(h.bob.read(h.guild.channel())).toContain('[embed] Board\n    turn 1');
  });

  it('update on a button click edits the message the button is on', async () => {
    h.onInteraction(async (interaction) => {
      if (interaction.isChatInputCommand()) {
        await interaction.reply({ content: 'bob, do you accept?', components: [challengeRow()] });
      } else if (interaction.isButton()) {
        await interaction.update({
          content: `${interaction.user.username} pressed ${interaction.customId}`,
          components: [],
        });
      }
    });
    const challenge = await h.alice.slash('duel challenge', { opponent: h.bob, game: 'mtg' });
    const message = challenge.reply();
    if (!message) throw new Error('no reply');
    expect(message.buttons.map((b) => b.label)).toEqual(['Accept', 'Decline']);
    expect(h.bob.read(message)).toContain('[Accept] [Decline]');
    const click = await h.bob.click(message, 'accept');
    expect(click.callbackType).toBe(7);
    const after = h.bob.messages(message).find((m) => m.id === message.id);
    expect(after?.content).toBe('bob pressed accept');
    expect(after?.buttons).toEqual([]);
    expect(() => h.bob.click(message, 'accept')).toThrow(/has no button "accept"/);
  });

  it('deferUpdate then editReply edits the component message; followUp posts a new one', async () => {
    h.onInteraction(async (interaction) => {
      if (interaction.isChatInputCommand()) {
        await interaction.reply({ content: 'pick', components: [challengeRow()] });
      } else if (interaction.isButton()) {
        await interaction.deferUpdate();
        await interaction.editReply({ content: 'picked' });
        await interaction.followUp({ content: 'your secret hand', flags: MessageFlags.Ephemeral });
        await interaction.followUp('a public note');
      }
    });
    const message = (await h.alice.slash('ping')).reply();
    if (!message) throw new Error('no reply');
    const click = await h.alice.click(message, 'decline');
    expect(click.callbackType).toBe(6);
    await h.discord.until(() => h.alice.read(message).includes('a public note'));
    const aliceSees = h.alice.read(message);
    expect(aliceSees).toContain('Arbiter: picked');
    expect(aliceSees).toContain('your secret hand (only you can see this)');
    expect(h.bob.read(message)).not.toContain('secret hand');
    expect(h.bob.read(message)).toContain('a public note');
  });

  it('ephemeral replies are visible to their user only, and never reach the bot over REST', async () => {
    h.onInteraction(async (interaction) => {
      if (interaction.isChatInputCommand())
        await interaction.reply({ content: 'only alice', flags: MessageFlags.Ephemeral });
    });
    const outcome = await h.alice.slash('ping');
    expect(outcome.reply()?.ephemeral).toBe(true);
    expect(h.alice.read(h.guild.channel())).toContain('only alice');
    expect(h.bob.read(h.guild.channel())).not.toContain('only alice');
    const channel = await h.client.channels.fetch(h.guild.channel().id);
    if (!channel?.isTextBased()) throw new Error('not a text channel');
    const fetched = await channel.messages.fetch({ limit: 100, cache: false });
    expect(fetched.some((m) => m.content === 'only alice')).toBe(false);
  });

  it('string select: the bot receives the chosen values', async () => {
    h.onInteraction(async (interaction) => {
      if (interaction.isChatInputCommand()) {
        const select = new StringSelectMenuBuilder()
          .setCustomId('game')
          .setPlaceholder('Choose a game')
          .addOptions({ label: 'NOVA', value: 'nova' }, { label: 'Magic', value: 'mtg' });
        await interaction.reply({
          content: 'which?',
          components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(select)],
        });
      } else if (interaction.isStringSelectMenu()) {
        await interaction.update({ content: `chose ${interaction.values.join(',')}`, components: [] });
      }
    });
    const message = (await h.alice.slash('ping')).reply();
    if (!message) throw new Error('no reply');
    expect(h.alice.read(message)).toContain('[select Choose a game: NOVA | Magic]');
    expect(() => h.alice.select(message, 'game', ['chess'])).toThrow(/no option chess/);
    await h.alice.select(message, 'game', ['mtg']);
    expect(h.alice.messages(message).find((m) => m.id === message.id)?.content).toBe('chose mtg');
  });

  it('user select: the bot receives the picked users, resolved', async () => {
    h.onInteraction(async (interaction) => {
      if (interaction.isChatInputCommand()) {
        const pick = new UserSelectMenuBuilder().setCustomId('opponent').setPlaceholder('Opponent');
        await interaction.reply({
          content: 'who?',
          components: [new ActionRowBuilder<UserSelectMenuBuilder>().addComponents(pick)],
        });
      } else if (interaction.isUserSelectMenu()) {
        await interaction.update({ content: `vs ${interaction.users.first()?.username}`, components: [] });
      }
    });
    const message = (await h.alice.slash('ping')).reply();
    if (!message) throw new Error('no reply');
    await h.alice.select(message, 'opponent', [h.bob]);
    expect(h.alice.messages(message).find((m) => m.id === message.id)?.content).toBe('vs bob');
  });

  it('attachment option: the bot downloads the file the user attached', async () => {
    h.onInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      const file = interaction.options.getAttachment('file', true);
      const text = await (await fetch(file.url)).text();
      await interaction.reply(`${file.name}: ${text.split('\n').length} lines`);
    });
    const deck = {
      filename: 'deck.txt',
      bytes: new TextEncoder().encode('4 Ember Hound\n2 Stone Warden'),
      contentType: 'text/plain',
    };
    const outcome = await h.alice.slash('deck', { file: deck });
    await h.idle();
    expect(outcome.reply()?.content).toBe('deck.txt: 2 lines');
  });

  it('autocomplete: the focused option reaches the bot and its choices come back', async () => {
    h.onInteraction(async (interaction) => {
      if (!interaction.isAutocomplete()) return;
      const typed = interaction.options.getFocused();
      await interaction.respond(
        ['Ember Hound', 'Emberfall', 'Stone Warden']
          .filter((n) => n.startsWith(typed))
          .map((n) => ({ name: n, value: n })),
      );
    });
    const choices = await h.alice.autocomplete('card', { name: 'Ember' }, 'name');
    expect(choices.map((c) => c.name)).toEqual(['Ember Hound', 'Emberfall']);
  });

  it('modal: shown from a button, submitted by the user, answered by the bot', async () => {
    h.onInteraction(async (interaction) => {
      if (interaction.isChatInputCommand()) {
        await interaction.reply({ content: 'report', components: [challengeRow()] });
      } else if (interaction.isButton()) {
        const input = new TextInputBuilder()
          .setCustomId('score')
          .setLabel('Score')
          .setStyle(TextInputStyle.Short)
          .setMaxLength(5);
        await interaction.showModal(
          new ModalBuilder()
            .setCustomId('report')
            .setTitle('Report result')
            .addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(input)),
        );
      } else if (interaction.isModalSubmit()) {
        await interaction.reply(`score ${interaction.fields.getTextInputValue('score')}`);
      }
    });
    const message = (await h.alice.slash('ping')).reply();
    if (!message) throw new Error('no reply');
    expect(() => h.alice.submitModal('report', { score: '2-1' })).toThrow(/no modal "report" is open/);
    const click = await h.alice.click(message, 'accept');
    expect(click.callbackType).toBe(9);
    expect(click.modal?.title).toBe('Report result');
    expect(() => h.bob.submitModal('report', { score: '2-1' })).toThrow(/no modal/);
    expect(() => h.alice.submitModal('report', { score: '2-1-0-0-0' })).toThrow(/takes 0–5 characters, got 9/);
    const conformance = h.discord.checkConformance();
    const checkedBefore = conformance.snapshot().violations.length;
    const submitted = await h.alice.submitModal('report', { score: '2-1' });
    const answer = submitted.reply();
    expect(answer?.content).toBe('score 2-1');
    expect(() => h.alice.submitModal('report', { score: '2-1' })).toThrow(/no modal "report" is open/);
    // The answer's metadata names the click that showed the modal (Discord's ModalSubmitInteractionMetadata).
    const fetched = (await h.client.rest.get(Routes.channelMessage(answer?.channelId ?? '', answer?.id ?? ''))) as {
      interaction_metadata?: { type: number; triggering_interaction_metadata?: Record<string, unknown> };
    };
    expect(fetched.interaction_metadata?.type).toBe(5);
    expect(fetched.interaction_metadata?.triggering_interaction_metadata).toMatchObject({
      id: click.id,
      type: 3,
      interacted_message_id: message.id,
      user: { id: h.alice.id },
    });
    expect(describeViolations(conformance.snapshot().violations.slice(checkedBefore))).toBe('');
  });

  it('files: a reply with an attachment, readable by name and by its URL', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    h.onInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.reply({
        content: 'board',
        files: [new AttachmentBuilder(png, { name: 'board.png' })],
        embeds: [new EmbedBuilder().setImage('attachment://board.png')],
      });
    });
    const reply = (await h.alice.slash('ping')).reply();
    if (!reply) throw new Error('no reply');
    expect(reply.attachments.map((a) => a.filename)).toEqual(['board.png']);
    expect(h.alice.read(reply)).toContain('[file board.png]');
    expect(Buffer.from(h.discord.attachmentBytes(reply, 'board.png'))).toEqual(png);
    const fetched = await h.client.channels.fetch(reply.channelId);
    if (!fetched?.isTextBased()) throw new Error('not text');
    const message = await fetched.messages.fetch(reply.id);
    // The embed shows the file, so the bot gets it at the embed's URL and not under `attachments` (as on Discord).
    expect(message.attachments.size).toBe(0);
    const url = message.embeds[0]?.image?.url ?? '';
    expect(Buffer.from(await (await fetch(url)).arrayBuffer())).toEqual(png);
  });

  it('threads and DMs: the bot opens a private thread for two players and DMs one of them', async () => {
    h.onInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand() || interaction.channel?.type !== ChannelType.GuildText) return;
      await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      const thread = await interaction.channel.threads.create({
        name: 'alice vs bob',
        type: ChannelType.PrivateThread,
      });
      await thread.members.add(interaction.user.id);
      await thread.send('match starts');
      await interaction.user.send('your hand: 3 cards');
      await interaction.editReply(`go to <#${thread.id}>`);
    });
    const outcome = await h.alice.slash('ping');
    await outcome.settled();
    const thread = h.guild.threads().find((t) => t.name === 'alice vs bob');
    if (!thread) throw new Error('no thread');
    expect(h.alice.read(thread)).toContain('Arbiter: match starts');
    expect(() => h.bob.read(thread)).toThrow(/cannot see channel/);
    expect(h.discord.channelsVisibleTo(h.bob.id).some((c) => c.id === thread.id)).toBe(false);
    expect(h.alice.read(h.alice.dm())).toContain('your hand: 3 cards');
    expect(h.client.channels.cache.get(thread.id)?.isThread()).toBe(true);
  });

  it('a public thread started from the reply is visible to every member', async () => {
    h.onInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      const response = await interaction.reply({ content: 'match lobby', withResponse: true });
      const thread = await response.resource?.message?.startThread({ name: 'lobby thread' });
      await thread?.send('welcome');
    });
    const outcome = await h.alice.slash('ping');
    await h.idle();
    const thread = h.guild.threads().find((t) => t.name === 'lobby thread');
    expect(thread?.id).toBe(outcome.reply()?.id);
    if (!thread) throw new Error('no thread');
    expect(h.bob.read(thread)).toBe('Arbiter: welcome');
  });

  it('a slash command in a DM carries the user (no member) and gets its reply there', async () => {
    h.onInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.reply(`dm from ${interaction.user.username}, in guild: ${interaction.inGuild()}`);
    });
    const outcome = await h.alice.slash('ping', {}, { in: h.alice.dm() });
    expect(outcome.reply()?.content).toBe('dm from alice, in guild: false');
    expect(() => h.bob.read(h.alice.dm())).toThrow(/cannot see channel/);
  });

  it('announces message create, update and delete per channel for a sandbox to follow', async () => {
    const seen: string[] = [];
    const listener = (event: MessageEvent) => seen.push(`${event.kind}:${event.message.content}`);
    h.discord.events.on('message', listener);
    h.onInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.reply('one');
      await interaction.editReply('two');
      await interaction.deleteReply();
    });
    const outcome = await h.alice.slash('ping');
    await h.idle();
    h.discord.events.off('message', listener);
    expect(seen).toEqual(['create:one', 'update:two', 'delete:two']);
    expect(outcome.reply()).toBeUndefined();
  });

  it('user messages reach the bot as MESSAGE_CREATE, blank without the MessageContent intent unless it is mentioned', async () => {
    const next = () =>
      new Promise<string>((resolve) =>
        h.client.once('messageCreate', (m) => resolve(`${m.author.username}:${m.content}`)),
      );
    let seen = next();
    h.alice.say(h.guild.channel(), 'hello bot');
    expect(await seen).toBe('alice:');
    seen = next();
    h.alice.say(h.guild.channel(), `hello <@${h.discord.botUserId}>`);
    expect(await seen).toBe(`alice:hello <@${h.discord.botUserId}>`);
    seen = next();
    h.alice.say(h.alice.dm(), 'hello in private');
    expect(await seen).toBe('alice:hello in private');
  });

  it('withResponse returns the created message, and fetchReply reads @original', async () => {
    const ids: string[] = [];
    h.onInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      const response = await interaction.reply({ content: 'with response', withResponse: true });
      ids.push(response.resource?.message?.id ?? 'none');
      ids.push((await interaction.fetchReply()).id);
    });
    const outcome = await h.alice.slash('ping');
    await h.idle();
    expect(ids).toEqual([outcome.reply()?.id, outcome.reply()?.id]);
  });
});
