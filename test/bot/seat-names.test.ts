// Seat ids ("p1", "p2") are the engine's; a person reads display names. Every word the bot sends (message text,
// embeds, button and select labels) and every word of the board and hand images' models, through a whole NOVA and
// MTG match played through the controls, names people, never seats (issue 26 item 2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presenterFor } from '../../src/bot/game-presenters.ts';
import { namedTable, seatNames } from '../../src/bot/presenter.ts';
import type { MessageRecord } from '../../src/devtools/fake-discord/store.ts';
import { type BotHarness, challengeAndAccept, playRandomly, startBotHarness, thread } from './bot-harness.ts';

const SEAT_ID = /\bp[12]\b/;

/** The words of a message a person reads: never ids (custom_id, urls). */
function wordsOf(message: MessageRecord): string[] {
  const words: string[] = [message.content];
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') {
      if (!['custom_id', 'url', 'value', 'proxy_url', 'id'].includes(key)) words.push(value);
      return;
    }
    if (Array.isArray(value)) for (const v of value) walk(v, key);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  walk(message.embeds, 'embeds');
  walk(message.components, 'components');
  return words;
}

/** Strings of a render model a person reads (the model's seat and object ids are not drawn). */
function modelWords(model: unknown): string[] {
  const words: string[] = [];
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') {
      if (!['seat', 'controller', 'activeSeat', 'prioritySeat', 'id', 'objectIds', 'kind', 'card'].includes(key))
        words.push(value);
      return;
    }
    if (Array.isArray(value)) for (const v of value) walk(v, key);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  walk(model, '');
  return words;
}

let h: BotHarness;

beforeAll(async () => {
  h = await startBotHarness({ matchOptions: { startingLife: 400 } });
});
afterAll(async () => {
  await h?.close();
});

describe('no seat ids where people read', () => {
  for (const game of ['nova', 'mtg']) {
    it(`${game}: messages, labels and image models name players`, async () => {
      const matchId = await challengeAndAccept(h, game);
      const row = h.bot.store.matches.match(matchId);
      if (!row) throw new Error('no match');
      const names = await seatNames(h.bot.context, row);
      const module = h.bot.store.requireGame(game);
      const presenter = presenterFor(h.bot.context.games, game);
      const seen = new Map<string, number | null>();
      const found: string[] = [];
      let checked = 0;
      const check = () => {
        for (const message of h.discord.store.messagesIn(thread(h, matchId).channelId)) {
          if (seen.has(message.id) && seen.get(message.id) === message.editedAt) continue;
          seen.set(message.id, message.editedAt);
          for (const w of wordsOf(message)) {
            checked += 1;
            if (SEAT_ID.test(w)) found.push(w);
          }
        }
        const state = h.bot.store.matches.currentState(matchId);
        for (const locale of ['en', 'ja'] as const) {
          const table = namedTable(
            presenter.table(module.view(state, { kind: 'spectator' }), { locale, names }),
            names,
          );
          for (const w of modelWords(table)) if (SEAT_ID.test(w)) found.push(`image: ${w}`);
          for (const seat of ['p1', 'p2'] as const) {
            const hand = presenter.hand(module.view(state, { kind: 'player', seat }), seat, {
              locale,
              names,
              playableIds: new Set(),
            });
            for (const w of modelWords(hand)) if (SEAT_ID.test(w)) found.push(`hand image: ${w}`);
          }
        }
      };
      await playRandomly(h, matchId, { seed: 7, stop: (turn) => turn >= 14, activity: 85, afterEach: check });
      expect(checked).toBeGreaterThan(200);
      const unique = [...new Set(found)];
      expect(unique.filter((w) => !w.includes('image: ')).slice(0, 10)).toEqual([]);
      expect(unique.filter((w) => w.includes('image: ')).slice(0, 10)).toEqual([]);
    }, 120_000);
  }
});
