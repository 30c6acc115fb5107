// `/card` for every game with a card pool, through the real bot on the fake Discord: autocomplete over the right
// pool in both languages, the rendered face, the generated text in the asker's language, keyword rules, errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPool, findCard } from '../../src/engine/cards-registry.ts';
import type { GameId } from '../../src/engine/core/game.ts';
import { createRegistry, GAMES } from '../../src/engine/registry.ts';
import { renderAny } from '../../src/render/render.ts';
import type { CardFace } from '../../src/render/table-model.ts';
import { type BotHarness, startBotHarness } from './bot-harness.ts';

let h: BotHarness;
const faces: CardFace[] = [];

beforeAll(async () => {
  // The real card renderer, in-process, keeping each face model so the test can check what was drawn.
  h = await startBotHarness({
    images: async (kind, model) => {
      expect(kind).toBe('card');
      faces.push(model as CardFace);
      return (await renderAny('card', model)).png;
    },
  });
});
afterAll(async () => {
  await h?.close();
});

interface Case {
  game: GameId;
  /** What the user types, in English and in Japanese, and the card id both must offer. */
  typedEn: string;
  typedJa: string;
  id: string;
  /** A rule number the card's keyword rules must show (none when the card has no keyword). */
  keywordRule?: RegExp;
}

const CASES: Case[] = [
  { game: 'nova', typedEn: 'tusk', typedJa: 'ボア', id: 'tuskbreaker-boar', keywordRule: /1004/ },
  { game: 'mtg', typedEn: 'venom', typedJa: '毒牙', id: 'venomtusk-boar', keywordRule: /702\.19/ },
  { game: 'fow', typedEn: 'leviathan', typedJa: '大海竜', id: 'tidecaller-leviathan', keywordRule: /1109/ },
  { game: 'pmv', typedEn: 'gorou', typedJa: '吾朗', id: 'gorou-the-gate-breaker', keywordRule: /10\.5/ },
  { game: 'aqa', typedEn: 'veil walk', typedJa: '帳を歩む', id: 'veil-walker', keywordRule: /18-2-a|6-2/ },
];

describe('/card', () => {
  for (const c of CASES) {
    it(`${c.game}: autocomplete, face, text in the asker's language, keyword rules`, async () => {
      const pool = cardPool(c.game);
      const card = pool?.byId(c.id);
      if (!pool || !card) throw new Error(`${c.game} has no ${c.id}`);
      for (const typed of [c.typedEn, c.typedJa]) {
        const choices = await h.alice.autocomplete('card', { name: typed, game: c.game }, 'name');
        expect(choices.length, typed).toBeLessThanOrEqual(25);
        expect(
          choices.map((x) => x.value),
          typed,
        ).toContain(`${c.game}:${c.id}`);
        // Only the chosen game's pool is offered.
        for (const x of choices) expect(String(x.value)).toMatch(new RegExp(`^${c.game}:`));
      }
      // English for alice, Japanese for bob (his client is in Japanese).
      for (const [user, locale] of [
        [h.alice, 'en'],
        [h.bob, 'ja'],
      ] as const) {
        const before = faces.length;
        const shown = await user.slash('card', { name: `${c.game}:${c.id}`, game: c.game });
        await h.bot.idle();
        const reply = shown.reply();
        const embed = reply?.embeds[0];
        expect(embed?.title).toBe(card.name[locale]);
        expect(embed?.description).toBe(pool.text(card)[locale]);
        expect(reply?.attachments.map((a) => a.filename)).toEqual(['card.png']);
        expect(faces.length).toBe(before + 1);
        expect(faces.at(-1)).toMatchObject({ game: c.game, locale, name: card.name[locale] });
        if (c.keywordRule) expect(embed?.fields?.map((f) => f.name).join(' ')).toMatch(c.keywordRule);
      }
      // A typed name (not an autocomplete value) works too, in either language.
      const typed = await h.alice.slash('card', { name: card.name.ja, game: c.game });
      await h.bot.idle();
      expect(typed.reply()?.embeds[0]?.title).toBe(card.name.en);
    });
  }

  it('offers every pool when no game is chosen, under 25 choices, and answers fast', async () => {
    const started = performance.now();
    const choices = await h.alice.autocomplete('card', { name: 'a' }, 'name');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(choices.length).toBe(25);
    const games = new Set(choices.map((x) => String(x.value).split(':')[0]));
    expect(games.size).toBeGreaterThan(1);
    const all = await h.alice.autocomplete('card', { name: '' }, 'name');
    expect(all.length).toBe(25);
  });

  it('finds a card by name without a game, and says clearly when there is no such card', async () => {
    const card = findCard('mtg', 'Kiln Bolt');
    expect(card?.id).toBe('kiln-bolt');
    const shown = await h.alice.slash('card', { name: 'kiln bolt' });
    await h.bot.idle();
    expect(shown.reply()?.embeds[0]?.title).toBe('Kiln Bolt');

    // An autocomplete value keeps its game even if the game option was changed afterwards.
    const switched = await h.alice.slash('card', { name: 'mtg:kiln-bolt', game: 'fow' });
    await h.bot.idle();
    expect(switched.reply()?.embeds[0]?.title).toBe('Kiln Bolt');

    const unknown = await h.alice.slash('card', { name: 'Kiln Blot', game: 'mtg' });
    await h.bot.idle();
    expect(unknown.reply()?.content).toBe(
      'No Magic: The Gathering card is called "Kiln Blot". Did you mean: Kiln Bolt, Kiln Warchief?',
    );
    const ja = await h.bob.slash('card', { name: 'そんなカード', game: 'mtg' });
    await h.bot.idle();
    expect(ja.reply()?.content).toMatch(/「そんなカード」というマジック：ザ・ギャザリングカードは見つかりません。/);
  });

  it('still refuses /duel challenge and practice for games that have cards but no engine, naming the game', async () => {
    // Every game starts as a pool without an engine: a bot whose registry has Force of Will's pool only.
    const poolOnly = createRegistry(
      GAMES.games.map((g) => {
        if (g.id !== 'fow') return g;
        const { play: _engine, ...cardsOnly } = g;
        return cardsOnly;
      }),
    );
    const p = await startBotHarness({ games: poolOnly });
    try {
      const refused = await p.alice.slash('duel challenge', { opponent: p.bob, game: 'fow' });
      await p.bot.idle();
      expect(refused.reply()?.content).toBe('fow is not playable yet.');
      expect(refused.reply()?.ephemeral).toBe(true);
      const practice = await p.alice.slash('duel practice', { game: 'fow' });
      await p.bot.idle();
      expect(practice.reply()?.content).toBe('fow is not playable yet.');
      // Its cards are still shown.
      const first = cardPool('fow')?.cards[0]?.name.en ?? 'missing';
      const card = await p.alice.slash('card', { name: first, game: 'fow' });
      await p.bot.idle();
      expect(card.reply()?.embeds[0]?.title).toBe(first);
    } finally {
      await p.close();
    }
  });
});
