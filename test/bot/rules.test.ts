// `/rules` and `/card` through the real bot and discord.js against the fake Discord: answers from our own reference
// and the official documents, autocomplete, cross-reference buttons, card faces.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeUser } from '../../src/devtools/fake-discord/driver.ts';
import { type BotHarness, startBotHarness } from './bot-harness.ts';

let h: BotHarness;
beforeAll(async () => {
  // The official documents too (RULES_DIR), read from the shared seeds beside the repository.
  process.env.RULES_DIR = fileURLToPath(new URL('../../../shared/seeds/', import.meta.url));
  h = await startBotHarness();
});
afterAll(async () => {
  delete process.env.RULES_DIR;
  await h?.close();
});

describe('/rules and /card', () => {
  it('finds a NOVA keyword by its English name and by its Japanese term, and a rule by its number', async () => {
    for (const query of ['pierce', '貫通']) {
      const answer = await h.alice.slash('rules', { query, game: 'nova' });
      await h.bot.idle();
      const embed = answer.reply()?.embeds[0];
      expect(embed?.title, query).toMatch(/1004/);
    }
    const byNumber = await h.alice.slash('rules', { query: '502.1', game: 'nova', private: true });
    await h.bot.idle();
    expect(byNumber.reply()?.embeds[0]?.title).toMatch(/^502\.1/);
    expect(byNumber.reply()?.ephemeral).toBe(true);
  });

  it('without a game: the match of this thread first, then every game, the answer labelled with its game', async () => {
    // In a general channel, the server's default is NOVA; an MTG rule is still found, and says it is MTG's.
    const everywhere = await h.alice.slash('rules', { query: 'CR 702.9b' });
    await h.bot.idle();
    expect(everywhere.reply()?.embeds[0]?.title).toMatch(/^702\.9b/);
    const reply = everywhere.reply();
    if (!reply) throw new Error('no answer');
    const raw = h.discord.store.message(reply.channelId, reply.id).embeds[0] as { author?: { name?: string } };
    expect(raw.author?.name).toBe('Magic: The Gathering');
    // A number NOVA lacks but no game has: the nearest rule, and the answer says so.
    const nearest = await h.alice.slash('rules', { query: '502.99', game: 'nova' });
    await h.bot.idle();
    expect(nearest.reply()?.content).toMatch(/NOVA has no rule 502\.99; the nearest is 502/);
  });

  it('offers at most 25 autocomplete choices, and says so when nothing matches', async () => {
    const choices = await h.alice.autocomplete('rules', { query: 'dam', game: 'nova' }, 'query');
    expect(choices.length).toBeGreaterThan(0);
    expect(choices.length).toBeLessThanOrEqual(25);
    const none = await h.alice.slash('rules', { query: 'zzqxv', game: 'nova' });
    await h.bot.idle();
    expect(none.reply()?.content).toMatch(/No rule matches/);
  });

  it('opens a cross-reference from its button', async () => {
    const answer = await h.alice.slash('rules', { query: '308.5', game: 'nova' });
    await h.bot.idle();
    const message = answer.reply();
    const button = message?.buttons.find((b) => b.customId?.startsWith('rule:'));
    if (!message || !button?.customId) throw new Error('rule 308.5 refers to 407.5 and should show it as a button');
    const opened = await h.bob.click(message, button.customId);
    await h.bot.idle();
    expect(opened.reply()?.embeds[0]?.title).toBeTruthy();
  });

  it('shows a card with its generated text and the rules of its keyword', async () => {
    const choices = await h.alice.autocomplete('card', { name: 'tusk' }, 'name');
    expect(choices.map((c) => c.value)).toContain('nova:tuskbreaker-boar');
    const shown = await h.alice.slash('card', { name: 'Tuskbreaker Boar', game: 'nova' });
    await h.bot.idle();
    const embed = shown.reply()?.embeds[0];
    expect(embed?.title).toBe('Tuskbreaker Boar');
    expect(embed?.description).toBe('Pierce.');
    expect(embed?.fields?.[0]?.name).toMatch(/1004/);
    const unknown = await h.alice.slash('card', { name: 'No Such Card', game: 'nova' });
    await h.bot.idle();
    expect(unknown.reply()?.content).toMatch(/No NOVA card/);
  });

  it('lets only a server manager import the rules again, and reports what was imported', async () => {
    const refused = await h.alice.slash('arbiter import-rules', {}, { in: h.guild.channel('general') });
    await h.bot.idle();
    expect(refused.reply()?.content).toMatch(/Manage Server/);
    const ownerRecord = h.discord.store.users.get(h.guild.record.ownerId);
    if (!ownerRecord) throw new Error('no guild owner');
    const owner = new FakeUser(h.discord, ownerRecord);
    const report = await owner.slash('arbiter import-rules', { force: true }, { in: h.guild.channel('general') });
    await h.bot.idle();
    expect(report.reply()?.content).toMatch(/nova: official imported/);
    expect(report.reply()?.content).toMatch(/mtg: official imported .*2019-01-25/);
  });
});
