// Discord: "Interaction endpoints are not bound to the bot's Global Rate Limit." The bot's REST client sends the
// interaction callback and the interaction webhook (the deferred reply's edit) outside discord.js's global
// throttle; channel messages (the board) still wait for it.
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { useInteractionAwareRest } from '../../src/bot/rest.ts';
import { FakeDiscord } from '../../src/devtools/fake-discord/index.ts';

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

describe('interaction requests and the global rate limit', () => {
  it('a saturated global bucket delays channel messages but not the interaction callback and webhook edit', async () => {
    const discord = await FakeDiscord.start();
    const alice = discord.createUser('alice');
    const guild = discord.createGuild('Rest', { members: [alice] });
    // One request a second: after one channel message the global bucket is empty for about a second.
    const client = new Client({
      intents: [GatewayIntentBits.Guilds],
      rest: { api: discord.restUrl, globalRequestsPerSecond: 1 },
    });
    const rest = useInteractionAwareRest(client);
    close = async () => {
      await client.destroy();
      await discord.close();
    };
    const channel = guild.channel();
    const events: string[] = [];
    let edited = Promise.resolve();
    client.on(Events.InteractionCreate, (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      edited = (async () => {
        await interaction.deferReply();
        await interaction.editReply('done');
        events.push('interaction edited');
      })();
    });
    const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    await client.login(discord.botToken);
    await ready;
    await client.application?.commands.set([{ name: 'ping', description: 'Ping' }]);
    const text = await client.channels.fetch(channel.id);
    if (!text?.isSendable()) throw new Error('no channel');

    await text.send('first'); // takes this second's one global request
    const started = performance.now();
    const second = text.send('second').then(() => {
      events.push('channel message');
      return performance.now() - started;
    });
    const outcome = await alice.slash('ping');
    await outcome.settled();
    await edited;
    expect(outcome.reply()?.content).toBe('done');
    const channelMs = await second;
    expect(events).toEqual(['interaction edited', 'channel message']);
    expect(channelMs).toBeGreaterThan(300); // waited for the global bucket
    expect(rest.isInteractionRoute(`/webhooks/${client.application?.id}/token/messages/@original`)).toBe(true);
    expect(rest.isInteractionRoute(`/channels/${channel.id}/messages`)).toBe(false);
  });
});
