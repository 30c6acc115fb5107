// Force of Will through /duel on the fake Discord: a challenge, every decision answered through the bot's controls
// (picks, the Pierce distribution) by random play, boards and hands drawn, to the end of the match.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/engine/registry.ts';
import { renderAny } from '../../src/render/render.ts';
import {
  type BotHarness,
  challengeAndAccept,
  latestBoard,
  playRandomly,
  startBotHarness,
  thread,
} from '../bot/bot-harness.ts';

describe('/duel with Force of Will on the fake Discord', () => {
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

  it('offers Force of Will in /duel and plays a match to its end through the controls', async () => {
    const matchId = await challengeAndAccept(h, 'fow');
    const first = latestBoard(h, h.carol, matchId);
    expect(first.embeds[0]?.title).toContain('Force of Will');
    const decisions = await playRandomly(h, matchId, { seed: 5, stop: (_turn, n) => n >= 4000, activity: 85 });
    expect(decisions).toBeGreaterThan(20);
    expect(h.bot.store.matches.match(matchId)?.status).toBe('finished');
    expect(h.carol.read(thread(h, matchId))).toMatch(/Result: /);
    expect(rendered).toContain('board');
    expect(rendered).toContain('hand');
  }, 600_000);
});
