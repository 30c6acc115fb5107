// One /duel test shape for every game: a bot on the fake Discord that draws its images, a challenge accepted, the
// board titled with the game's name, a match played to its end by the game's own driver (random play through the
// controls, steered or watched as the game's test needs), a result posted, boards and hands checked and drawn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Renderer } from '../../src/bot/context.ts';
import { GAMES } from '../../src/engine/registry.ts';
import { renderAny } from '../../src/render/render.ts';
import { HandModelSchema, TableModelSchema } from '../../src/render/table-model.ts';
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

/** One board and one hand in this many is drawn; the others are checked against the renderer's schema only. */
export const DRAW_EVERY = 5;

/**
 * The duel's renderer. Every board and hand model of the match is parsed by the schema the renderer parses first
 * (render-job.ts), so a model the renderer would refuse still fails the duel; the pixels are drawn for the first of
 * each kind and every DRAW_EVERY-th after it, and a skipped one is answered with the last picture drawn of its kind
 * (the bot uploads it as before). Drawing every picture was 25–38% of a duel's CPU; the drawing code is tested in
 * test/render (each game's goldens, random table models in hidden-information.test.ts) and by the pictures drawn here.
 * `rendered` gets the kind of each picture drawn.
 */
function sampledRenderer(rendered: string[]): Renderer {
  const seen = new Map<string, number>();
  const lastDrawn = new Map<string, Buffer>();
  return async (kind, model) => {
    const n = seen.get(kind) ?? 0;
    seen.set(kind, n + 1);
    const last = lastDrawn.get(kind);
    if (last && n % DRAW_EVERY !== 0 && (kind === 'board' || kind === 'hand')) {
      (kind === 'board' ? TableModelSchema : HandModelSchema).parse(model);
      return last;
    }
    const r = await renderAny(kind, model, GAMES.styleOf);
    lastDrawn.set(kind, r.png);
    rendered.push(kind);
    return r.png;
  };
}

export function describeDuel(duel: DuelCase): void {
  describe(`/duel with ${duel.title} on the fake Discord`, () => {
    let h: BotHarness;
    const rendered: string[] = [];
    beforeAll(async () => {
      h = await startBotHarness({ images: sampledRenderer(rendered) });
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
