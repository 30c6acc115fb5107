// Phantom Magic Vision through /duel on the fake Discord: a challenge, every decision answered through the bot's
// controls by random play, boards and hands drawn, to the end of the match.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pmv } from '../../src/engine/games/pmv/index.ts';
import type { PmvState } from '../../src/engine/games/pmv/state.ts';
import { GAMES } from '../../src/engine/registry.ts';
import { renderAny } from '../../src/render/render.ts';
import {
  type BotHarness,
  challengeAndAccept,
  current,
  latestBoard,
  playRandomly,
  startBotHarness,
  thread,
} from '../bot/bot-harness.ts';

describe('/duel with Phantom Magic Vision on the fake Discord', () => {
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

  it('offers Phantom Magic Vision in /duel and plays a match to its end through the controls', async () => {
    const matchId = await challengeAndAccept(h, 'pmv');
    const first = latestBoard(h, h.carol, matchId);
    expect(first.embeds[0]?.title).toContain('Phantom Magic Vision');
    let sawAttack = false;
    let sawNested = false;
    let sawGraze = false;
    const decisions = await playRandomly(h, matchId, {
      seed: 11,
      stop: (_turn, n) => n >= 4000,
      activity: 85,
      afterEach: () => {
        const { state } = current(h, matchId);
        const s = state as PmvState;
        if (s.interferences.some((i) => i.attack)) sawAttack = true;
        if (s.interferences.length > 1) sawNested = true;
        if (pmv.pending(s)?.kind === 'graze') sawGraze = true;
      },
    });
    expect(decisions).toBeGreaterThan(20);
    expect(sawAttack).toBe(true);
    expect(sawGraze).toBe(true);
    // The harness seeds matches deterministically: this match holds a nested interference (§1.12.7) too.
    expect(sawNested).toBe(true);
    expect(h.bot.store.matches.match(matchId)?.status).toBe('finished');
    expect(h.carol.read(thread(h, matchId))).toMatch(/Result: /);
    expect(rendered).toContain('board');
    expect(rendered).toContain('hand');
  }, 600_000);
});
