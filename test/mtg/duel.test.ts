// MTG through /duel on the fake Discord: a challenge, every decision answered through the bot's controls (picks,
// numbers, declarations, distributions) by random play, boards and hands drawn, to the end of the match.
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
  usedControls,
} from '../bot/bot-harness.ts';

describe('/duel with Magic: The Gathering on the fake Discord', () => {
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

  it('offers MTG in /duel and plays a match to its end through the controls', async () => {
    const matchId = await challengeAndAccept(h, 'mtg');
    const first = latestBoard(h, h.carol, matchId);
    expect(first.embeds[0]?.title).toContain('Magic: The Gathering');
    const declaredBefore = usedControls.get('f') ?? 0;
    const decisions = await playRandomly(h, matchId, { seed: 5, stop: (_turn, n) => n >= 3000, activity: 85 });
    expect(decisions).toBeGreaterThan(20);
    expect(h.bot.store.matches.match(matchId)?.status).toBe('finished');
    expect(h.carol.read(thread(h, matchId))).toMatch(/Result: /);
    // Attacks and blocks went through the declaration controls (select per slot, Done).
    expect(usedControls.get('f') ?? 0).toBeGreaterThan(declaredBefore);
    expect(rendered).toContain('board');
    expect(rendered).toContain('hand');
  }, 300_000);
});
