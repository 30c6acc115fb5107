// The "done means": `/duel ai` plays a whole NOVA match at normal and at hard on the fake Discord, the AI's
// answers coming from search on the bot's own worker pool (the real path: AiDriver → AiPool → worker → ISMCTS).
// Only the budget is the test's: a few iterations a decision in place of the bot's 1 s / 3 s (hard still three times
// normal's), so that a whole match fits in `npm test`; the time limits stay, as in the bot. Life 600, not NOVA's 2000,
// for the same reason (not 400: alice's random play paid Ashen Revenant's 400 LP alternative cost and lost at once).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiBudgets } from '../../src/ai/pool.ts';
import { type BotHarness, rng, startBotHarness, thread } from '../bot/bot-harness.ts';
import { playAgainstAi } from './ai-harness.ts';

const TEST_BUDGETS: AiBudgets = {
  normal: { iterations: 6, millis: 1_000, playoutDepth: 20 },
  hard: { iterations: 18, millis: 3_000, playoutDepth: 30 },
};

let h: BotHarness;

beforeAll(async () => {
  h = await startBotHarness({ matchOptions: { startingLife: 600 }, aiBudgets: TEST_BUDGETS });
});
afterAll(async () => {
  await h?.close();
});

describe('/duel ai at the searching levels', () => {
  for (const level of ['normal', 'hard'] as const)
    it(`plays a whole NOVA match against the ${level} AI`, async () => {
      const outcome = await h.alice.slash('duel ai', { game: 'nova', level });
      await h.bot.idle();
      const matchId = outcome.reply()?.id;
      if (!matchId) throw new Error('no /duel ai message');
      expect(h.bot.store.aiSeats.levelOf(matchId, 'p2')).toBe(level);
      await playAgainstAi(h, matchId, rng(level === 'normal' ? 11 : 12), () => false);
      expect(h.bot.store.matches.match(matchId)?.status).toBe('finished');
      const exported = h.bot.store.exportMatch(matchId);
      const aiDecisions = exported.decisions.filter((d) => 'seat' in d.decision && d.decision.seat === 'p2');
      expect(aiDecisions.length).toBeGreaterThan(10);
      expect(h.bot.store.inspectMatch(matchId).replayProblem).toBeNull();
      expect(h.carol.read(thread(h, matchId))).toMatch(new RegExp(`AI \\(${level}\\) (plays|sets|attacks)`));
      // Every answer came from the worker: none fell back to the rules' default after a failure.
      expect(h.logs.filter((l) => l.includes('AI in match'))).toEqual([]);
    }, 600_000); // 235 s at load 20 (the searching levels' matches are CPU-bound); a timeout only catches a hang
});
