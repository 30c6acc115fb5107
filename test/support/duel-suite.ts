// One /duel test shape for every game: a bot on the fake Discord that draws its images, a challenge accepted, the
// board titled with the game's name, a match played to its end by the game's own driver (random play through the
// controls, steered or watched as the game's test needs), a result posted, boards and hands drawn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/engine/registry.ts';
import { renderAny } from '../../src/render/render.ts';
import { type BotHarness, challengeAndAccept, latestBoard, startBotHarness, thread } from '../bot/bot-harness.ts';

export interface DuelCase {
  /** The game's id in /duel. */
  game: string;
  /** Its name, as the board's title shows it. */
  title: string;
  /** What the match shows beyond reaching its end (the `it` title). */
  it: string;
  /** Plays the match on the harness and returns how many decisions it answered. */
  play(h: BotHarness, matchId: string): Promise<number>;
  /** Fewer decisions than this is a match that ended too early to have tested anything. */
  minDecisions?: number;
  /** Checks after the match has ended (the game's own log lines, what was seen on the way). */
  after?(h: BotHarness, matchId: string): void;
  timeoutMs?: number;
}

export function describeDuel(duel: DuelCase): void {
  describe(`/duel with ${duel.title} on the fake Discord`, () => {
    let h: BotHarness;
    const rendered: string[] = [];
    beforeAll(async () => {
      h = await startBotHarness({
        images: async (kind, model) => {
          const r = await renderAny(kind, model, GAMES.styleOf);
          rendered.push(kind);
          return r.png;
        },
      });
    });
    afterAll(async () => {
      await h?.close();
    });

    it(
      duel.it,
      async () => {
        const matchId = await challengeAndAccept(h, duel.game);
        expect(latestBoard(h, h.carol, matchId).embeds[0]?.title).toContain(duel.title);
        const decisions = await duel.play(h, matchId);
        expect(decisions).toBeGreaterThan(duel.minDecisions ?? 20);
        expect(h.bot.store.matches.match(matchId)?.status).toBe('finished');
        expect(h.carol.read(thread(h, matchId))).toMatch(/Result: /);
        duel.after?.(h, matchId);
        expect(rendered).toContain('board');
        expect(rendered).toContain('hand');
      },
      duel.timeoutMs ?? 600_000,
    );
  });
}
