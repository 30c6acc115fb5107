import {
  AttachmentBuilder,
  ChannelType,
  type ChatInputCommandInteraction,
  DiscordAPIError,
  Events,
  type InteractionReplyOptions,
  MessageFlags,
  PermissionFlagsBits,
  RESTEvents,
  Routes,
} from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/devtools/fake-discord/index.ts';
import { type Harness, startHarness } from './harness.ts';

/** Runs `attempt` as the bot's answer to /ping and returns the DiscordAPIError it raised (or null). */
async function errorFrom(h: Harness, attempt: (i: ChatInputCommandInteraction) => Promise<unknown>) {
  let caught: unknown = null;
  h.onInteraction(async (interaction) => {
    if (!interaction.isChatInputCommand()) return;
    try {
      await attempt(interaction);
    } catch (error) {
      caught = error;
    }
    if (!interaction.replied && !interaction.deferred) await interaction.reply('fallback');
  });
  await h.alice.slash('ping');
  await h.idle();
  if (caught !== null && !(caught instanceof DiscordAPIError)) throw caught;
  return caught as DiscordAPIError | null;
}

const row = (n: number, make: (i: number) => object) => ({
  type: 1,
  components: Array.from({ length: n }, (_, i) => make(i)),
});
const button = (i: number, extra: object = {}) => ({ type: 2, style: 1, custom_id: `b${i}`, label: `B${i}`, ...extra });
const options = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `o${i}`, value: `v${i}` }));

describe('fake Discord enforces message limits with 50035 naming the field', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  const cases: [string, InteractionReplyOptions | Record<string, unknown>, string][] = [
    ['content over 2,000 characters', { content: 'x'.repeat(2001) }, 'data.content[BASE_TYPE_MAX_LENGTH]'],
    [
      '6 action rows',
      { content: 'x', components: Array.from({ length: 6 }, (_, r) => row(1, (i) => button(r * 10 + i))) },
      'data.components[BASE_TYPE_MAX_LENGTH]',
    ],
    [
      '6 buttons in a row',
      { content: 'x', components: [row(6, (i) => button(i))] },
      'data.components[0].components[BASE_TYPE_MAX_LENGTH]',
    ],
    [
      'custom_id over 100',
      { content: 'x', components: [row(1, (i) => button(i, { custom_id: 'c'.repeat(101) }))] },
      'data.components[0].components[0].custom_id[BASE_TYPE_MAX_LENGTH]',
    ],
    [
      'button label over 80',
      { content: 'x', components: [row(1, (i) => button(i, { label: 'l'.repeat(81) }))] },
      'data.components[0].components[0].label[BASE_TYPE_MAX_LENGTH]',
    ],
    [
      'duplicate custom_id',
      { content: 'x', components: [row(2, () => button(0))] },
      'data.components[0].components[1].custom_id[COMPONENT_CUSTOM_ID_DUPLICATED]',
    ],
    [
      '26 select options',
      { content: 'x', components: [row(1, () => ({ type: 3, custom_id: 's', options: options(26) }))] },
      'data.components[0].components[0].options[BASE_TYPE_MAX_LENGTH]',
    ],
    [
      'select sharing a row',
      {
        content: 'x',
        components: [
          row(1, () => ({ type: 3, custom_id: 's', options: options(2) })),
          { type: 1, components: [{ type: 3, custom_id: 't', options: options(2) }, button(1)] },
        ],
      },
      'data.components[1].components[COMPONENT_LAYOUT_WIDTH_EXCEEDED]',
    ],
    ['11 embeds', { embeds: Array.from({ length: 11 }, () => ({ title: 't' })) }, 'data.embeds[BASE_TYPE_MAX_LENGTH]'],
    [
      'description over 4,096',
      { embeds: [{ description: 'd'.repeat(4097) }] },
      'data.embeds[0].description[BASE_TYPE_MAX_LENGTH]',
    ],
    [
      '26 fields',
      { embeds: [{ fields: Array.from({ length: 26 }, () => ({ name: 'n', value: 'v' })) }] },
      'data.embeds[0].fields[BASE_TYPE_MAX_LENGTH]',
    ],
    [
      'embeds over 6,000 in total',
      { embeds: [{ description: 'd'.repeat(3500) }, { description: 'd'.repeat(3500) }] },
      'data.embeds[MAX_EMBED_SIZE_EXCEEDED]',
    ],
  ];

  it.each(cases)('%s', async (_name, body, field) => {
    h.discord.expectRefusal();
    const error = await errorFrom(h, (i) => i.reply(body as InteractionReplyOptions));
    expect(error?.code).toBe(50035);
    expect(error?.status).toBe(400);
    expect(error?.message).toContain(field);
    // The refused reply did not use up the acknowledgement: the fallback reply went through.
    expect(h.alice.lastMessage(h.guild.channel()).content).toBe('fallback');
  });

  // Raw modal payloads (the builders of discord.js would refuse some of these before sending).
  const input = (extra: object = {}) => ({ type: 4, custom_id: 'list', style: 2, label: 'List', ...extra });
  const modal = (components: object[], extra: object = {}) => ({
    title: 'Import',
    custom_id: 'm',
    components,
    ...extra,
  });
  const inRow = (extra: object = {}) => ({ type: 1, components: [input(extra)] });
  const modalCases: [string, object, string][] = [
    ['modal title over 45', modal([inRow()], { title: 't'.repeat(46) }), 'data.title[BASE_TYPE_MAX_LENGTH]'],
    [
      '6 modal rows',
      modal(Array.from({ length: 6 }, (_, i) => inRow({ custom_id: `f${i}` }))),
      'data.components[BASE_TYPE_MAX_LENGTH]',
    ],
    [
      'text input label over 45',
      modal([inRow({ label: 'l'.repeat(46) })]),
      'data.components[0].components[0].label[BASE_TYPE_MAX_LENGTH]',
    ],
    [
      'text input without a label',
      modal([inRow({ label: undefined })]),
      'data.components[0].components[0].label[BASE_TYPE_REQUIRED]',
    ],
    [
      'max_length over 4,000',
      modal([inRow({ max_length: 4001 })]),
      'data.components[0].components[0].max_length[BASE_TYPE_MAX]',
    ],
    [
      'pre-filled value over 4,000',
      modal([inRow({ value: 'v'.repeat(4001) })]),
      'data.components[0].components[0].value[BASE_TYPE_MAX_LENGTH]',
    ],
    [
      'placeholder over 100',
      modal([inRow({ placeholder: 'p'.repeat(101) })]),
      'data.components[0].components[0].placeholder[BASE_TYPE_MAX_LENGTH]',
    ],
    [
      'unknown text input style',
      modal([inRow({ style: 3 })]),
      'data.components[0].components[0].style[BASE_TYPE_CHOICES]',
    ],
    [
      'two text inputs in one row',
      modal([{ type: 1, components: [input(), input({ custom_id: 'b' })] }]),
      'data.components[0].components[BASE_TYPE_BAD_LENGTH]',
    ],
    [
      'duplicate text input custom_id',
      modal([inRow(), inRow()]),
      'data.components[1].components[0].custom_id[COMPONENT_CUSTOM_ID_DUPLICATED]',
    ],
    ['no rows', modal([]), 'data.components[BASE_TYPE_MIN_LENGTH]'],
  ];

  it.each(modalCases)('a modal (callback type 9): %s', async (_name, body, field) => {
    h.discord.expectRefusal();
    const error = await errorFrom(h, (i) => i.showModal({ toJSON: () => body } as never));
    expect(error?.code).toBe(50035);
    expect(error?.message).toContain(field);
    // The refused modal did not acknowledge the interaction.
    expect(h.alice.lastMessage(h.guild.channel()).content).toBe('fallback');
  });

  it('accepts a modal at the limits (45-character title and labels, 4,000-character value, 100-character placeholder)', async () => {
    const body = modal(
      [inRow({ label: 'l'.repeat(45), max_length: 4000, value: 'v'.repeat(4000), placeholder: 'p'.repeat(100) })],
      { title: 't'.repeat(45) },
    );
    expect(await errorFrom(h, (i) => i.showModal({ toJSON: () => body } as never))).toBeNull();
    expect(h.discord.interactions.openModal(h.alice.id, 'm')?.modalOpen).toBe(true);
    let received = '';
    h.onInteraction(async (interaction) => {
      if (!interaction.isModalSubmit()) return;
      received = interaction.fields.getTextInputValue('list');
      await interaction.reply('saved');
    });
    const submitted = await h.alice.submitModal('m', { list: 'x'.repeat(4000) });
    expect(submitted.state).toBe('acknowledged');
    expect(received).toHaveLength(4000);
  });

  it('accepts exactly-at-limit messages (5 rows of 5 buttons, 25 options, 2,000 characters)', async () => {
    const full = Array.from({ length: 5 }, (_, r) => row(5, (i) => button(r * 5 + i, { label: 'l'.repeat(80) })));
    expect(await errorFrom(h, (i) => i.reply({ content: 'x'.repeat(2000), components: full as never }))).toBeNull();
    const select = [row(1, () => ({ type: 3, custom_id: 's', options: options(25) }))];
    expect(await errorFrom(h, (i) => i.reply({ content: 'x', components: select as never }))).toBeNull();
  });

  it('checks edits and channel messages too (no `data.` prefix there)', async () => {
    h.discord.expectRefusal(3);
    const edit = await errorFrom(h, async (i) => {
      await i.deferReply();
      await i.editReply({ content: 'x'.repeat(2001) });
    });
    expect(edit?.message).toContain('content[BASE_TYPE_MAX_LENGTH]');
    const channel = await h.client.channels.fetch(h.guild.channel().id);
    if (!channel?.isSendable()) throw new Error('not sendable');
    await expect(channel.send({ content: 'x'.repeat(2001) })).rejects.toMatchObject({ code: 50035 });
    await expect(channel.send({ content: '' })).rejects.toMatchObject({ code: 50006 });
  });

  it("the bot edits and deletes its own channel messages, but not a user's (50005)", async () => {
    const channel = await h.client.channels.fetch(h.guild.channel().id);
    if (!channel?.isSendable()) throw new Error('not sendable');
    const sent = await channel.send('draft');
    await sent.edit('final');
    expect(h.bob.lastMessage(h.guild.channel()).content).toBe('final');
    expect(h.bob.lastMessage(h.guild.channel()).edited).toBe(true);
    await sent.delete();
    expect(h.bob.read(h.guild.channel())).not.toContain('final');
    const said = h.alice.say(h.guild.channel(), 'mine');
    const theirs = await channel.messages.fetch(said.id);
    await expect(theirs.edit('hijacked')).rejects.toMatchObject({ code: 50005 });
  });

  it('autocomplete offers at most 25 choices', async () => {
    let caught: unknown = null;
    h.onInteraction(async (interaction) => {
      if (!interaction.isAutocomplete()) return;
      const many = Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `c${i}` }));
      h.discord.expectRefusal();
      await interaction.respond(many).catch((error: unknown) => {
        caught = error;
      });
      await interaction.respond(many.slice(0, 25));
    });
    const choices = await h.alice.autocomplete('card', { name: 'c' }, 'name');
    expect(choices).toHaveLength(25);
    expect((caught as DiscordAPIError).message).toContain('data.choices[BASE_TYPE_MAX_LENGTH]');
  });
});

describe('fake Discord enforces interaction and delivery rules with Discord error codes', () => {
  const clock = new ManualClock();
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ clock });
  });
  afterAll(async () => {
    await h.close();
  });

  it('no acknowledgement within 3 s: the interaction failed, and a late reply gets 10062', async () => {
    let received: ChatInputCommandInteraction | null = null;
    h.onInteraction((interaction) => {
      if (interaction.isChatInputCommand()) received = interaction;
    });
    const outcome = h.alice.slash('ping');
    await h.discord.until(() => received !== null);
    clock.advance(2_999);
    await Promise.race([outcome, new Promise((resolve) => setTimeout(resolve, 20))]);
    expect(h.discord.interactions.get((received as unknown as ChatInputCommandInteraction).id)?.state).toBe('pending');
    const failures: string[] = [];
    h.discord.events.once('interaction', (event) => failures.push(`${event.state}:${event.userId}`));
    clock.advance(2);
    expect((await outcome).state).toBe('failed');
    expect(failures).toEqual([`failed:${h.alice.id}`]);
    const late = received as unknown as ChatInputCommandInteraction;
    await expect(late.reply('too late')).rejects.toMatchObject({ code: 10062, status: 404 });
  });

  it('a second acknowledgement gets 40060', async () => {
    const error = await errorFrom(h, async (i) => {
      await i.reply('first');
      await i.client.rest.post(Routes.interactionCallback(i.id, i.token), {
        body: { type: 4, data: { content: 'second' } },
        auth: false,
      });
    });
    expect(error?.code).toBe(40060);
    expect(error?.message).toBe('Interaction has already been acknowledged.');
  });

  it('a callback type the interaction cannot take (update on a slash command) is refused and does not acknowledge', async () => {
    const error = await errorFrom(h, (i) =>
      i.client.rest.post(Routes.interactionCallback(i.id, i.token), {
        body: { type: 7, data: { content: 'edit what?' } },
        auth: false,
      }),
    );
    expect(error?.code).toBe(50035);
    expect(error?.message).toContain('type[INTERACTION_RESPONSE_TYPE_INVALID]');
    expect(h.alice.lastMessage(h.guild.channel()).content).toBe('fallback');
  });

  it('a follow-up before any acknowledgement gets 10015 Unknown Webhook', async () => {
    const error = await errorFrom(h, (i) =>
      i.client.rest.post(Routes.webhook(i.applicationId, i.token), { body: { content: 'early' }, auth: false }),
    );
    expect(error?.code).toBe(10015);
  });

  it('the token works for 15 minutes, then follow-ups and edits get 50027', async () => {
    let saved: ChatInputCommandInteraction | null = null;
    h.onInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      saved = interaction;
      await interaction.reply('started');
    });
    await h.alice.slash('ping');
    await h.idle();
    const interaction = saved as unknown as ChatInputCommandInteraction;
    clock.advance(14 * 60_000);
    await expect(interaction.followUp('still fine')).resolves.toBeDefined();
    clock.advance(60_001);
    await expect(interaction.followUp('too late')).rejects.toMatchObject({ code: 50027, status: 401 });
    await expect(interaction.editReply('too late')).rejects.toMatchObject({ code: 50027 });
  });

  it('a user with closed DMs cannot be messaged: 50007', async () => {
    h.bob.setDmsOpen(false);
    const user = await h.client.users.fetch(h.bob.id);
    await expect(user.send('your hand')).rejects.toMatchObject({ code: 50007, status: 403 });
    h.bob.setDmsOpen(true);
    await expect(user.send('your hand')).resolves.toBeDefined();
    expect(h.bob.read(h.bob.dm())).toContain('your hand');
  });

  it('a route set to rate-limit answers 429 with retry_after; discord.js waits and retries', async () => {
    const statuses: number[] = [];
    const listener = (_request: unknown, response: { status: number }) => statuses.push(response.status);
    h.client.rest.on(RESTEvents.Response, listener);
    h.discord.rateLimit('POST', '/channels/:channelId/messages', { times: 1, retryAfterSeconds: 0.05 });
    const channel = await h.client.channels.fetch(h.guild.channel().id);
    if (!channel?.isSendable()) throw new Error('not sendable');
    await channel.send('after the wait');
    h.client.rest.off(RESTEvents.Response, listener);
    expect(statuses).toEqual([429, 200]);
    expect(h.alice.messages(h.guild.channel()).filter((m) => m.content === 'after the wait')).toHaveLength(1);
  });

  it('permissions denied to the bot in a channel: app_permissions, CHANNEL_UPDATE, 50013 and 50001', async () => {
    const general = h.guild.channel();
    h.discord.denyBotPermissions(general, PermissionFlagsBits.AttachFiles | PermissionFlagsBits.CreatePublicThreads);
    let appPermissions = 0n;
    h.onInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      appPermissions = interaction.appPermissions.bitfield;
      await interaction.reply({ content: 'ok', flags: MessageFlags.Ephemeral });
    });
    await h.alice.slash('ping');
    await h.idle();
    expect(appPermissions & PermissionFlagsBits.AttachFiles).toBe(0n);
    expect(appPermissions & PermissionFlagsBits.SendMessages).toBe(PermissionFlagsBits.SendMessages);
    const channel = await h.client.channels.fetch(general.id);
    if (!channel || channel.type !== ChannelType.GuildText) throw new Error('not a text channel');
    // discord.js computes the same from the overwrite it received.
    await h.discord.until(
      () => channel.permissionsFor(h.discord.botUserId)?.has(PermissionFlagsBits.AttachFiles) === false,
    );
    const file = new AttachmentBuilder(Buffer.from('x'), { name: 'board.png' });
    await expect(channel.send({ files: [file] })).rejects.toMatchObject({ code: 50013, status: 403 });
    const plain = await channel.send('text still works');
    await expect(plain.startThread({ name: 'match' })).rejects.toMatchObject({ code: 50013 });
    h.discord.denyBotPermissions(general, PermissionFlagsBits.ViewChannel);
    await expect(channel.send('hidden')).rejects.toMatchObject({ code: 50001 });
    h.discord.denyBotPermissions(general, 0n);
    await expect(channel.send({ files: [file] })).resolves.toBeDefined();
  });

  it('archiving a thread needs Manage Threads (50013 without); a message reopens it unless it is locked', async () => {
    const general = h.guild.channel();
    const channel = await h.client.channels.fetch(general.id);
    if (!channel || channel.type !== ChannelType.GuildText) throw new Error('not a text channel');
    const thread = await channel.threads.create({ name: 'round 1 table 1' });
    h.discord.denyBotPermissions(general, PermissionFlagsBits.ManageThreads);
    await h.discord.until(
      () => channel.permissionsFor(h.discord.botUserId)?.has(PermissionFlagsBits.ManageThreads) === false,
    );
    await expect(thread.setArchived(true)).rejects.toMatchObject({ code: 50013, status: 403 });
    h.discord.denyBotPermissions(general, 0n);
    const archived = await thread.setArchived(true);
    expect(archived.archived).toBe(true);
    expect(h.discord.store.channel(thread.id).archived).toBe(true);
    await thread.send('still here');
    expect(h.discord.store.channel(thread.id).archived).toBe(false);
    await thread.edit({ archived: true, locked: true });
    await expect(thread.send('closed')).rejects.toMatchObject({ code: 50083 });
  });

  it('a deleted thread: THREAD_DELETE reaches the bot, REST answers 10003', async () => {
    const channel = await h.client.channels.fetch(h.guild.channel().id);
    if (!channel || channel.type !== ChannelType.GuildText) throw new Error('not a text channel');
    const thread = await (await channel.send('match')).startThread({ name: 'a match' });
    const deleted = new Promise<string>((resolve) => h.client.once(Events.ThreadDelete, (t) => resolve(t.id)));
    h.discord.deleteChannel(thread);
    expect(await deleted).toBe(thread.id);
    await expect(
      h.client.rest.post(`/channels/${thread.id}/messages`, { body: { content: 'x' } }),
    ).rejects.toMatchObject({ code: 10003, status: 404 });
  });
});
