// Challenges that expire or are declined, saved decks used in a challenge, /match status, /settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamePrecons } from '../../src/engine/precons.ts';
import { type BotHarness, refreshed, startBotHarness, thread } from './bot-harness.ts';

let h: BotHarness;
let clock = Date.now();

beforeAll(async () => {
  h = await startBotHarness({ now: () => clock });
});
afterAll(async () => {
  await h?.close();
});

describe('challenges and commands', () => {
  it('a challenge expires; a declined one closes; nobody can challenge themselves', async () => {
    const old = (await h.alice.slash('duel challenge', { opponent: h.bob })).reply();
    if (!old) throw new Error('no challenge');
    clock += 11 * 60_000;
    await h.bob.click(old, old.buttons[0]?.customId as string);
    await h.bot.idle();
    expect(h.carol.read(h.guild.channel())).toMatch(/This challenge has expired/);
    expect(h.bob.messages(old).find((m) => m.id === old.id)?.buttons).toEqual([]);

    const next = (await h.alice.slash('duel challenge', { opponent: h.bob })).reply();
    if (!next) throw new Error('no challenge');
    await h.bob.click(next, next.buttons.find((b) => b.customId?.startsWith('c:decline:'))?.customId as string);
    await h.bot.idle();
    expect(h.carol.read(h.guild.channel())).toMatch(/bob declined the challenge/);

    const self = await h.alice.slash('duel challenge', { opponent: h.alice });
    expect(self.reply()?.ephemeral).toBe(true);
    expect(self.reply()?.content).toMatch(/cannot challenge yourself/);
  });

  it('a saved deck: import, list, validate, challenge with it, delete', async () => {
    const precon = gamePrecons('nova')[0];
    if (!precon) throw new Error('no precon');
    const text = Object.entries(precon.sections)
      .map(([section, cards]) => `[${section}]\n${cards.map((c) => `${c.count} ${c.card}`).join('\n')}`)
      .join('\n');
    const imported = await h.alice.slash('deck import', {
      name: 'My Embers',
      file: { filename: 'embers.txt', bytes: new TextEncoder().encode(text) },
    });
    await h.bot.idle();
    expect((await imported.settled()).content).toMatch(/Saved "My Embers" \(legal\)/);
    const listed = await h.alice.slash('deck list', {});
    await h.bot.idle();
    expect((await listed.settled()).content).toContain('My Embers');
    const choices = await h.alice.autocomplete('duel challenge', { opponent: h.bob, deck: 'emb' }, 'deck');
    expect(choices.map((c) => c.value)).toContain('My Embers');

    const challenge = (await h.alice.slash('duel challenge', { opponent: h.bob, deck: 'My Embers' })).reply();
    if (!challenge) throw new Error('no challenge');
    await h.bob.click(challenge, challenge.buttons[0]?.customId as string);
    await h.bot.idle();
    expect(h.bot.store.matches.match(challenge.id)?.status).toBe('active');

    const status = await h.carol.slash('match status', {}, { in: thread(h, challenge.id) });
    await h.bot.idle();
    const board = await status.settled();
    expect(board.embeds[0]?.title).toContain('alice vs bob');
    expect(board.embeds[0]?.description).toMatch(/Decision.* \(first or second\)/);
    const inThread = await h.alice.slash('duel challenge', { opponent: h.bob }, { in: thread(h, challenge.id) });
    expect(inThread.reply()?.content).toMatch(/in a text channel/);

    const bad = await h.alice.slash('deck import', { name: 'Broken', list: '3 no-such-card' });
    await h.bot.idle();
    expect((await bad.settled()).content).toMatch(/Saved "Broken" \(not legal yet\)/);
    const refused = await h.alice.slash('duel challenge', { opponent: h.bob, deck: 'Broken' });
    expect(refused.reply()?.content).toMatch(/is not legal/);
    const deleted = await h.alice.slash('deck delete', { name: 'Broken' });
    await h.bot.idle();
    expect((await deleted.settled()).content).toMatch(/Deleted "Broken"/);
  });

  it('the challenged player accepts with a deck of their choice', async () => {
    const precon = gamePrecons('nova')[1];
    if (!precon) throw new Error('no precon');
    const list = Object.entries(precon.sections)
      .map(([section, cards]) => `[${section}]\n${cards.map((c) => `${c.count} ${c.card}`).join('\n')}`)
      .join('\n');
    await h.bob.slash('deck import', { name: 'Bob Vigil', list });
    await h.bot.idle();
    const challenge = (await h.alice.slash('duel challenge', { opponent: h.bob })).reply();
    if (!challenge) throw new Error('no challenge');
    const choose = challenge.buttons.find((b) => b.customId?.startsWith('c:choose:'))?.customId as string;
    const carolTry = await h.carol.click(challenge, choose);
    expect(carolTry.reply()?.content).toMatch(/Only bob/);
    const picker = (await h.bob.click(challenge, choose)).reply();
    if (!picker?.selects[0]) throw new Error('no deck select');
    expect(picker.ephemeral).toBe(true);
    expect(picker.selects[0].options.map((o) => o.value)).toContain('Bob Vigil');
    await h.bob.select(picker, picker.selects[0].customId, ['Bob Vigil']);
    await h.bot.idle();
    // "The match is on" is said once, in public; the picker only confirms the deck.
    const confirmation = refreshed(h.bob, picker).content;
    expect(confirmation).toMatch(/Bob Vigil/);
    expect(confirmation).not.toMatch(/match is on|対戦が始まりました/);
    expect(h.bot.store.matches.match(challenge.id)?.status).toBe('active');
    const setup = h.bot.store.matches.setupOf(challenge.id);
    expect(setup.decks.p2.main?.length).toBe(precon.sections.main?.reduce((n, c) => n + c.count, 0));
    expect(h.carol.read(h.guild.channel())).toMatch(/alice vs bob: the match is on/);
  });

  it("/settings guild locale ja: public match messages in Japanese, ephemerals still in each player's language", async () => {
    const dana = h.discord.createUser('dana');
    const guild = h.discord.createGuild('日本サーバー', { owner: dana, members: [dana, h.alice] });
    await h.discord.until(() => h.bot.client.guilds.cache.has(guild.id), 2_000);
    const where = { in: guild.channel() };
    const saved = await dana.slash('settings guild', { locale: 'ja' }, where);
    expect(saved.reply()?.content).toMatch(/Settings saved/);
    const outcome = await h.alice.slash('duel practice', {}, where);
    await h.bot.idle();
    const matchId = outcome.reply()?.id as string;
    const board = h.alice.messages({ channelId: matchId }).find((m) => m.embeds[0]?.title?.includes('NOVA'));
    expect(board?.embeds[0]?.description).toMatch(/ターン/);
    expect(board?.buttons[0]?.label).toBe('手札 / 行動');
    const hand = await h.alice.click(board as { id: string; channelId: string }, `h:${matchId}`);
    await h.bot.idle();
    expect(hand.answer()?.embeds[0]?.title).toMatch(/^Hand/);
  });
});

describe('challenge expiry on a timer', () => {
  it('an unanswered challenge is greyed out when it expires; an accepted one is left alone', async () => {
    const quick = await startBotHarness({ challengeTtlMs: 300 });
    try {
      const open = (await quick.alice.slash('duel challenge', { opponent: quick.bob })).reply();
      const taken = (await quick.alice.slash('duel challenge', { opponent: quick.bob })).reply();
      if (!open || !taken) throw new Error('no challenge');
      await quick.bob.click(taken, taken.buttons[0]?.customId as string);
      await quick.bot.idle();
      await quick.discord.until(
        () => quick.carol.read(quick.guild.channel()).includes('This challenge has expired'),
        3_000,
      );
      expect(quick.bob.messages(open).find((m) => m.id === open.id)?.buttons).toEqual([]);
      expect(quick.bob.messages(taken).find((m) => m.id === taken.id)?.content).toMatch(/the match is on/);
    } finally {
      await quick.close();
    }
  });
});
