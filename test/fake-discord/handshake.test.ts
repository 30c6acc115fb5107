import { ChannelType, Client, Events, GatewayIntentBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botPermissions } from '../../src/devtools/fake-discord/payloads.ts';
import { type Harness, startHarness } from './harness.ts';

describe('fake Discord: login and a slash command round trip', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('logs the real client in: READY carries the bot user and application, GUILD_CREATE the guild', () => {
    expect(h.client.user?.id).toBe(h.discord.botUserId);
    expect(h.client.application?.id).toBe(h.discord.applicationId);
    const guild = h.client.guilds.cache.get(h.guild.id);
    expect(guild?.name).toBe('Arbiter Test');
    expect(guild?.channels.cache.find((c) => c.name === 'general')?.type).toBe(ChannelType.GuildText);
    // Without the privileged GuildPresences intent, GUILD_CREATE carries the bot's own member only (as on Discord);
    // the guild's size is still the whole count.
    expect([...(guild?.members.cache.keys() ?? [])]).toEqual([h.discord.botUserId]);
    expect(guild?.memberCount).toBe(4);
    // The bot's managed role: tagged with the bot, held by it, and the permissions discord.js computes from the roles
    // are those the fake enforces.
    const role = guild?.roles.cache.find((r) => r.managed);
    expect(role?.tags?.botId).toBe(h.discord.botUserId);
    expect(guild?.members.me?.roles.cache.has(role?.id ?? '')).toBe(true);
    expect(guild?.members.me?.permissions.bitfield).toBe(botPermissions);
  });

  it('sends every member in GUILD_CREATE to a client with the GuildPresences intent', async () => {
    const client = new Client({
      intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildPresences],
      rest: { api: h.discord.restUrl },
    });
    try {
      const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
      await client.login(h.discord.botToken);
      await ready;
      const members = client.guilds.cache.get(h.guild.id)?.members.cache;
      expect(members?.has(h.alice.id)).toBe(true);
      expect(members?.has(h.bob.id)).toBe(true);
    } finally {
      await client.destroy();
    }
  });

  it('sends GUILD_CREATE for a guild made while the bot is online; later joiners default to its first channel', async () => {
    const carol = h.discord.createUser('carol');
    const created = new Promise<string>((resolve) => h.client.once(Events.GuildCreate, (g) => resolve(g.name)));
    const lobby = h.discord.createGuild('Lobby', { channels: ['lobby', 'matches'] });
    expect(await created).toBe('Lobby');
    lobby.join(carol);
    expect(carol.defaultChannelId).toBe(lobby.channel('lobby').id);
    expect(() => lobby.channel('general')).toThrow(/has no channel #general/);
  });

  it('answers guild, member, user and channel look-ups, and 10007 for a non-member', async () => {
    const guild = await h.client.guilds.fetch({ guild: h.guild.id, force: true });
    expect(guild.memberCount).toBe(4);
    const member = await guild.members.fetch({ user: h.alice.id, force: true });
    expect(member.user.username).toBe('alice');
    expect((await h.client.users.fetch(h.bob.id, { force: true })).username).toBe('bob');
    const stranger = h.discord.createUser('stranger');
    await expect(guild.members.fetch({ user: stranger.id, force: true })).rejects.toMatchObject({ code: 10007 });
    const channels = await guild.channels.fetch();
    expect(channels.map((c) => c?.name)).toContain('general');
  });

  it('registers application commands through REST', () => {
    expect([...h.discord.store.commands.values()].map((c) => c.body.name).sort()).toEqual([
      'card',
      'deck',
      'duel',
      'ping',
    ]);
  });

  it('delivers a slash command with subcommand, user and string options, and shows the reply', async () => {
    h.onInteraction(async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      const opponent = interaction.options.getUser('opponent', true);
      const game = interaction.options.getString('game', true);
      await interaction.reply(
        `${interaction.user.username} challenges ${opponent.username} to ${game} (${interaction.options.getSubcommand()}, ${interaction.locale})`,
      );
    });
    const outcome = await h.alice.slash('duel challenge', { opponent: h.bob, game: 'nova' });
    expect(outcome.state).toBe('acknowledged');
    expect(outcome.callbackType).toBe(4);
    expect(outcome.reply()?.content).toBe('alice challenges bob to nova (challenge, en-US)');
    expect(h.bob.read(h.guild.channel())).toContain('Arbiter: alice challenges bob to nova');
  });

  it('refuses, in the driver, what the Discord client would not send', () => {
    expect(() => h.alice.slash('nope')).toThrow(/no slash command \/nope/);
    expect(() => h.alice.slash('duel challenge', { opponent: h.bob })).toThrow(/needs option\(s\) game/);
    expect(() => h.alice.slash('duel challenge', { opponent: h.bob, game: 'chess' })).toThrow(
      /must be one of nova, mtg/,
    );
    expect(() => h.alice.slash('duel challenge', { opponent: h.bob, game: 'nova', stakes: 11 })).toThrow(/at most 10/);
  });

  it('answers heartbeats and resumes a dropped session, replaying what was missed', async () => {
    h.onInteraction(async (interaction) => {
      if (interaction.isChatInputCommand()) await interaction.reply('pong');
    });
    const resumed = new Promise<void>((resolve) => h.client.once(Events.ShardResume, () => resolve()));
    h.discord.dropConnections();
    // Sent while the bot is offline: only a RESUME replay can deliver it.
    const outcome = h.alice.slash('ping');
    await resumed;
    expect((await outcome).state).toBe('acknowledged');
    expect(h.discord.connectedSessions).toBe(1);
  });
});
