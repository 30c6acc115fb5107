// /settings guild and /settings user end to end: managers change the server's timers and defaults, anyone may look,
// each player sets their own auto-pass, stops and language; bad values are refused with what was wrong and
// nothing is saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser } from '../../src/devtools/fake-discord/index.ts';
import { createRegistry, GAMES } from '../../src/engine/registry.ts';
import { type BotHarness, startBotHarness } from './bot-harness.ts';

let h: BotHarness;
let dana: FakeUser;
let where: { in: { channelId: string } };
let guildId: string;

beforeAll(async () => {
  h = await startBotHarness();
  dana = h.discord.createUser('dana');
  const guild = h.discord.createGuild('Settings Guild', { owner: dana, members: [dana, h.alice, h.bob] });
  await h.discord.until(() => h.bot.client.guilds.cache.has(guild.id), 2_000);
  where = { in: guild.channel() };
  guildId = guild.id;
});
afterAll(async () => {
  await h?.close();
});

const reply = async (user: FakeUser, command: string, options: Record<string, string | number | boolean>) => {
  const outcome = await user.slash(command, options, where);
  await h.bot.idle();
  const message = outcome.reply();
  expect(message?.ephemeral).toBe(true);
  return message?.content ?? '';
};

describe('/settings guild', () => {
  it('refuses as default a game that has cards but no engine yet', async () => {
    // Every game starts so: here Force of Will as it was before its engine.
    const poolOnly = createRegistry(
      GAMES.games.map((g) => {
        if (g.id !== 'fow') return g;
        const { play: _engine, ...cardsOnly } = g;
        return cardsOnly;
      }),
    );
    const p = await startBotHarness({ games: poolOnly });
    try {
      const owner = p.discord.createUser('olly');
      const guild = p.discord.createGuild('Pool Guild', { owner, members: [owner] });
      await p.discord.until(() => p.bot.client.guilds.cache.has(guild.id), 2_000);
      const outcome = await owner.slash('settings guild', { 'default-game': 'fow' }, { in: guild.channel() });
      await p.bot.idle();
      expect(outcome.reply()?.content).toMatch(/fow is not playable yet/);
    } finally {
      await p.close();
    }
  });

  it('a manager sets timers, timeouts, auto-pass default and default stops; the answer shows them', async () => {
    const text = await reply(dana, 'settings guild', {
      'decision-seconds': 45,
      'bank-seconds': 300,
      timeouts: 2,
      'auto-pass': true,
      stops: 'main1, End phase',
    });
    expect(text).toMatch(/Settings saved/);
    expect(text).toMatch(/Time per decision: 45 s/);
    expect(text).toMatch(/Bank time per player and match: 300 s/);
    expect(text).toMatch(/Timeouts in a row before conceding: 2/);
    expect(text).toMatch(/Stops \(nova\): main1 \(Main phase 1\), end \(End phase\)/);
    expect(text).toMatch(/can tell your opponent that you hold nothing you can play/);
    expect(h.bot.store.guilds.get(guildId)).toMatchObject({
      turnTimerSeconds: 45,
      bankSeconds: 300,
      timeoutsToConcede: 2,
      autoPass: { enabled: true, stops: { nova: ['main1', 'end'] } },
    });
  });

  it('refuses bad values with the reason, and saves nothing', async () => {
    const before = h.bot.store.guilds.get(guildId);
    expect(await reply(dana, 'settings guild', { 'decision-seconds': 5 })).toMatch(
      /must be 0 \(no timer\) or at least 10 seconds/,
    );
    const stops = await reply(dana, 'settings guild', { stops: 'main1, lunch', 'decision-seconds': 60 });
    expect(stops).toMatch(/Unknown step\(s\): lunch\. Steps you can stop at: standby, draw, main1/);
    // Not a manager: may look, may not change.
    expect(await reply(h.alice, 'settings guild', {})).toMatch(/Time per decision: 45 s/);
    expect(await reply(h.alice, 'settings guild', { 'decision-seconds': 600 })).toMatch(/Only server managers/);
    // Discord itself refuses values outside the option's range (min 0, max 3600).
    await expect(async () => dana.slash('settings guild', { 'decision-seconds': -1 }, where)).rejects.toThrow(
      /at least 0/,
    );
    expect(h.bot.store.guilds.get(guildId)).toEqual(before);
  });

  it('0 turns the timer off', async () => {
    expect(await reply(dana, 'settings guild', { 'decision-seconds': 0 })).toMatch(/Time per decision: off/);
  });
});

describe('/settings user', () => {
  it('auto-pass, stops and language per player; unknown steps refused; "default" goes back to the server', async () => {
    let text = await reply(h.alice, 'settings user', { 'auto-pass': 'off', stops: 'block', language: 'ja' });
    // The answer follows the language just chosen.
    expect(text).toMatch(/設定を保存しました/);
    // Japanese's full-width colon, and the language by its name (issue 26: "言語: ja").
    expect(text).toMatch(/自動パス：オフ/);
    expect(text).toMatch(/ストップ（nova）：block/);
    expect(text).toMatch(/言語：日本語/);
    expect(text).not.toMatch(/: ja\b|言語: /);
    expect(h.bot.store.preferences.get(guildId, h.alice.id)).toMatchObject({
      autoPass: false,
      locale: 'ja',
      stops: { nova: ['block'] },
    });
    // From now on the bot answers alice in Japanese, whatever her client's language.
    text = await reply(h.alice, 'settings user', { stops: 'lunch' });
    expect(text).toMatch(/不明なステップ：lunch/);
    expect(h.bot.store.preferences.get(guildId, h.alice.id).stops).toEqual({ nova: ['block'] });
    text = await reply(h.alice, 'settings user', { stops: 'their:end, my:main1' });
    expect(text).toMatch(/ストップ（nova）：their:end \(エンドフェイズ\), my:main1 \(メインフェイズ1\)/);
    text = await reply(h.alice, 'settings user', { 'auto-pass': 'default', stops: 'default', language: 'discord' });
    expect(text).toMatch(/Auto-pass: on \(server default\)/);
    expect(text).toMatch(/Stops \(nova\): main1 \(Main phase 1\), end \(End phase\) \(server default\)/);
    expect(text).toMatch(/can tell your opponent/);
    const prefs = h.bot.store.preferences.get(guildId, h.alice.id);
    expect(prefs.autoPass).toBeUndefined();
    expect(prefs.locale).toBeUndefined();
    expect(prefs.stops).toEqual({});
  });
});
