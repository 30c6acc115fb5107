// Admin commands on the store: abort, inspect and export a match; export and delete a server's data. Only server
// managers may; a replay goes to players only once the match is over.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeUser } from '../../src/devtools/fake-discord/driver.ts';
import { type BotHarness, challengeAndAccept, thread as inThread, startBotHarness } from './bot-harness.ts';

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('admin commands', () => {
  it('refuse non-managers, then let the owner inspect, abort and export a match, and export and delete the data', async () => {
    const matchId = await challengeAndAccept(h);
    const thread = inThread(h, matchId);
    // The guild's owner has every permission, Manage Server included.
    const ownerRecord = h.discord.store.users.get(h.guild.record.ownerId);
    if (!ownerRecord) throw new Error('no guild owner');
    const admin = new FakeUser(h.discord, ownerRecord);

    // A player who is not a manager: refused, nothing changes.
    const refused = await h.alice.slash('match abort', { reason: 'testing' }, { in: thread });
    await h.bot.idle();
    expect(refused.reply()?.content).toMatch(/Manage Server/);
    expect(h.bot.store.matches.match(matchId)?.status).toBe('active');

    // A player may not take the replay of a running match (it would show the opponent's hand).
    const early = await h.alice.slash('match export', {}, { in: thread });
    await h.bot.idle();
    expect(early.reply()?.content).toMatch(/hidden card/);

    const inspected = await admin.slash('match inspect', {}, { in: thread });
    await h.bot.idle();
    expect(inspected.reply()?.content).toMatch(/status active/);
    expect(inspected.reply()?.content).toMatch(/reproduces every logged hash/);

    const aborted = await admin.slash('match abort', { reason: 'players left' }, { in: thread });
    await h.bot.idle();
    expect(aborted.reply()?.content).toMatch(/aborted/);
    expect(h.bot.store.matches.match(matchId)?.status).toBe('aborted');

    // Once it is over, a player gets the replay as a JSON file: their own list and choices, not the seed or the
    // opponent's (they would show the cards the opponent kept hidden).
    const replay = await h.alice.slash('match export', {}, { in: thread });
    await h.bot.idle();
    const message = replay.reply();
    if (!message) throw new Error('no export reply');
    const json = JSON.parse(Buffer.from(h.discord.attachmentBytes(message, `match-${matchId}.json`)).toString('utf8'));
    expect(json.seed).toBeNull();
    expect(json.setup.decks.p2).toEqual({});
    expect(Object.keys(json.setup.decks.p1)).toContain('main');
    expect(Array.isArray(json.decisions)).toBe(true);
    // A server manager who did not play it gets it whole.
    const whole = await admin.slash('match export', {}, { in: thread });
    await h.bot.idle();
    const wholeMessage = whole.reply();
    if (!wholeMessage) throw new Error('no export reply');
    const full = JSON.parse(
      Buffer.from(h.discord.attachmentBytes(wholeMessage, `match-${matchId}.json`)).toString('utf8'),
    );
    expect(full.seed).toBeTruthy();
    expect(Object.keys(full.setup.decks.p2)).toContain('main');

    const exported = await admin.slash('arbiter export-data', {}, { in: thread });
    await h.bot.idle();
    const exportMessage = exported.reply();
    if (!exportMessage) throw new Error('no data export');
    const data = Buffer.from(h.discord.attachmentBytes(exportMessage, `arbiter-${h.guild.id}.json`)).toString('utf8');
    expect(data).toContain(matchId);

    const unconfirmed = await admin.slash('arbiter delete-data', { confirm: false }, { in: thread });
    await h.bot.idle();
    expect(unconfirmed.reply()?.content).toMatch(/confirm/);
    expect(h.bot.store.matches.match(matchId)).not.toBeNull();
    const deleted = await admin.slash('arbiter delete-data', { confirm: true }, { in: thread });
    await h.bot.idle();
    expect(deleted.reply()?.content).toMatch(/Deleted/);
    expect(h.bot.store.matches.match(matchId)).toBeNull();
  });
  it("export-data includes each league's submitted decklists, for the server's managers", async () => {
    const ownerRecord = h.discord.store.users.get(h.guild.record.ownerId);
    if (!ownerRecord) throw new Error('no guild owner');
    const admin = new FakeUser(h.discord, ownerRecord);
    const precon = JSON.parse(readFileSync('data/decks/nova/nova-dusk-vigil.json', 'utf8')) as {
      sections: Record<string, { card: string; count: number }[]>;
    };
    const list = Object.entries(precon.sections)
      .map(([section, cards]) => [`[${section}]`, ...cards.map((c) => `${c.count} ${c.card}`)].join('\n'))
      .join('\n');
    const file = { filename: 'deck.txt', bytes: new TextEncoder().encode(list), contentType: 'text/plain' };
    const run = async (user: FakeUser, command: string, options: Record<string, unknown> = {}) => {
      const outcome = await user.slash(command, options as never, { in: h.guild.channel() });
      await h.bot.idle();
      return (await outcome.settled()).content ?? '';
    };
    await run(admin, 'league create', { name: 'Lists', game: 'nova', format: 'swiss' });
    for (const player of [h.alice, h.bob]) await run(player, 'league join');
    expect(await run(h.alice, 'league deck', { file })).toMatch(/Decklist saved/);

    const exported = await admin.slash('arbiter export-data', {}, { in: h.guild.channel() });
    await h.bot.idle();
    const message = await exported.settled();
    const data = JSON.parse(
      Buffer.from(h.discord.attachmentBytes(message, `arbiter-${h.guild.id}.json`)).toString('utf8'),
    ) as { parts: { leagues: { leagues: { name: string; decklists: { player: string; deck: string }[] }[] } } };
    const league = data.parts.leagues.leagues.find((l) => l.name === 'Lists');
    expect(league?.decklists).toEqual([
      expect.objectContaining({ player: h.alice.id, deck: list, hidden: false, droppedAfterRound: null }),
    ]);
  });
});
