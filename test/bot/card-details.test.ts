// "Card details" (issue 26 item 6): the rules text, keywords and current state of field cards, reachable from the
// board, for every game, from the clicker's own projection. The first part walks seeded random play of every game
// through the engine (cheap) and checks the details of every face-up card on the table against the card's pool
// entry and its table state, and that no hidden object is offered; the second clicks through the fake Discord.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardDetailLines, fieldCards } from '../../src/bot/card-details.ts';
import type { Seat, Viewer } from '../../src/engine/core/game.ts';
import { seedRng } from '../../src/engine/core/rng.ts';
import { randomResponse } from '../../src/engine/fuzz/random-play.ts';
import { GAMES } from '../../src/engine/registry.ts';
import {
  type BotHarness,
  challengeAndAccept,
  latestBoard,
  playRandomly,
  refreshed,
  startBotHarness,
} from './bot-harness.ts';

const NAMES = { p1: 'Ann', p2: 'Bo' };
const VIEWERS: Viewer[] = [{ kind: 'spectator' }, { kind: 'player', seat: 'p1' }];

describe('card details of field cards, every game', () => {
  for (const game of GAMES.playableGames()) {
    it(`${game.id}: rules text, keywords and state from the viewer's table, never a hidden card`, () => {
      const { module, presenter } = game.play;
      const style = GAMES.styleOf(game.id);
      const decks = game.play.fuzzDecks();
      let s = module.setup({ game: game.id, decks: { p1: decks[0] ?? {}, p2: decks[1] ?? decks[0] ?? {} } }, 'det-1');
      let rng = seedRng('det-1');
      const seen = { cards: 0, text: 0, keywords: 0, states: 0, changedStat: 0, attached: 0 };
      for (let n = 0; n < 1200 && !s.result; n++) {
        const p = module.pending(s);
        if (!p) break;
        if (n % 25 === 0) {
          for (const viewer of VIEWERS) {
            const hidden = new Set(module.hiddenIdentities(s, viewer).hidden.map((h) => h.objectId));
            for (const locale of ['en', 'ja'] as const) {
              const table = presenter.table(module.view(s, viewer), { locale, names: NAMES });
              for (const entry of fieldCards(table)) {
                expect(hidden.has(entry.card.id), `${game.id}: hidden ${entry.card.id} offered`).toBe(false);
                const { title, lines } = cardDetailLines(entry, game.pool, style, NAMES, locale);
                const all = lines.join('\n');
                seen.cards += 1;
                expect(title).toBe(entry.card.name);
                expect(all).toContain(NAMES[entry.seat]);
                const printed = entry.card.cardId ? game.pool.byId(entry.card.cardId) : undefined;
                expect(printed, `${game.id}: ${entry.card.name} has no pool entry`).toBeDefined();
                if (!printed) continue;
                const text = game.pool.text(printed)[locale];
                if (text) {
                  expect(all).toContain(text);
                  seen.text += 1;
                }
                for (const k of game.pool.keywords(printed)) {
                  expect(all).toContain(k.name[locale]);
                  seen.keywords += 1;
                }
                for (const state of entry.card.states) {
                  expect(all).toContain(style.states[state][locale]);
                  seen.states += 1;
                }
                for (const stat of entry.card.stats) {
                  expect(all).toContain(`${stat.label} ${stat.value}`);
                  if (stat.base !== undefined && stat.base !== stat.value) {
                    expect(all).toContain(`${stat.base}`);
                    seen.changedStat += 1;
                  }
                }
                if (entry.host) {
                  expect(all).toContain(entry.host);
                  seen.attached += 1;
                }
                if (entry.card.damage > 0) expect(all).toContain(String(entry.card.damage));
                for (const c of entry.card.counters) if (c.count !== 0) expect(all).toContain(`${c.name} ×${c.count}`);
              }
            }
          }
        }
        const [r, next] = randomResponse(p, rng, 0.8);
        rng = next;
        s = module.apply(s, p.player as Seat, r);
      }
      expect(seen.cards, JSON.stringify(seen)).toBeGreaterThan(20);
      expect(seen.text, JSON.stringify(seen)).toBeGreaterThan(5);
      expect(seen.states, JSON.stringify(seen)).toBeGreaterThan(0);
    }, 60_000);
  }
});

describe('card details through the board', () => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await startBotHarness({ matchOptions: { startingLife: 400 } });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('a spectator opens "Card details", picks a field card and reads its text and state', async () => {
    const matchId = await challengeAndAccept(h, 'nova');
    await playRandomly(h, matchId, { seed: 3, stop: (turn) => turn >= 5, activity: 90 });
    const board = latestBoard(h, h.carol, matchId);
    const button = board.buttons.find((b) => b.customId === `i:${matchId}:0`);
    expect(button?.label).toBe('Card details');
    const opened = await h.carol.click(board, `i:${matchId}:0`);
    await h.bot.idle();
    const view = opened.reply();
    if (!view) throw new Error('no card details');
    expect(view.ephemeral).toBe(true);
    const select = view.selects[0];
    if (!select) throw new Error(`no card select: ${view.content}`);
    const option = select.options[0];
    if (!option) throw new Error('an empty select');
    await h.carol.select(view, select.customId, [option.value]);
    await h.bot.idle();
    const shown = refreshed(h.carol, view);
    const embed = shown.embeds[0];
    expect(embed?.title).toBe(option.label);
    const pool = GAMES.playable('nova').pool;
    const card = pool.cards.find((c) => c.name.en === option.label.replace(/ \(\d+\)$/, ''));
    if (!card) throw new Error(`no pool card named ${option.label}`);
    expect(embed?.description).toContain(pool.text(card).en);
    expect(embed?.description).toMatch(/\*\*Now:\*\* /);
    // The select stays, the picked card marked.
    expect(shown.selects[0]?.options.length).toBe(select.options.length);
  }, 60_000);
});
