import { Client, Events, GatewayIntentBits, type Interaction } from 'discord.js';
import { FakeDiscord, type FakeDiscordOptions } from '../../src/devtools/fake-discord/index.ts';

/** A fake Discord with one guild, two people and a real discord.js client logged in to it. */
export interface Harness {
  discord: FakeDiscord;
  client: Client;
  guild: ReturnType<FakeDiscord['createGuild']>;
  alice: ReturnType<FakeDiscord['createUser']>;
  bob: ReturnType<FakeDiscord['createUser']>;
  /** Replaces the bot's interaction handler for the next test. */
  onInteraction(handler: (interaction: Interaction) => Promise<void> | void): void;
  /** Resolves when every handler started so far has finished (its REST calls included). */
  idle(): Promise<void>;
  /** Errors thrown by handlers, so a test can assert on DiscordAPIErrors the bot received. */
  errors: unknown[];
  close(): Promise<void>;
}

export const testCommands = [
  {
    name: 'duel',
    description: 'Duels',
    options: [
      {
        type: 1,
        name: 'challenge',
        description: 'Challenge someone',
        options: [
          { type: 6, name: 'opponent', description: 'Who', required: true },
          {
            type: 3,
            name: 'game',
            description: 'Which game',
            required: true,
            choices: [
              { name: 'NOVA', value: 'nova' },
              { name: 'Magic', value: 'mtg' },
            ],
          },
          { type: 4, name: 'stakes', description: 'Points', min_value: 0, max_value: 10 },
        ],
      },
    ],
  },
  { name: 'ping', description: 'Ping' },
  {
    name: 'deck',
    description: 'Import a deck',
    options: [{ type: 11, name: 'file', description: 'Deck list', required: true }],
  },
  {
    name: 'card',
    description: 'Look up a card',
    options: [{ type: 3, name: 'name', description: 'Card name', required: true, autocomplete: true }],
  },
];

export async function startHarness(options: FakeDiscordOptions = {}): Promise<Harness> {
  const discord = await FakeDiscord.start(options);
  const alice = discord.createUser('alice');
  const bob = discord.createUser('bob', { locale: 'ja' });
  const guild = discord.createGuild('Arbiter Test', { members: [alice, bob] });
  const client = new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.DirectMessages],
    rest: { api: discord.restUrl },
  });
  let handler: (interaction: Interaction) => Promise<void> | void = () => {};
  const errors: unknown[] = [];
  const running = new Set<Promise<void>>();
  client.on(Events.InteractionCreate, (interaction) => {
    const run = (async () => {
      try {
        await handler(interaction);
      } catch (error) {
        errors.push(error);
      }
    })();
    running.add(run);
    void run.finally(() => running.delete(run));
  });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(discord.botToken);
  await ready;
  await client.application?.commands.set(testCommands);
  return {
    discord,
    client,
    guild,
    alice,
    bob,
    errors,
    async idle() {
      while (running.size > 0) await Promise.all(running);
    },
    onInteraction(next) {
      handler = next;
      errors.length = 0;
    },
    async close() {
      await client.destroy();
      await discord.close();
    },
  };
}
