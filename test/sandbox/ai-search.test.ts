// The "done means" in the sandbox: `/duel ai` plays a whole NOVA match at normal and at hard there, the AI's
// answers coming from search on the bot's own worker pool (the sandbox's bot: AiDriver → AiPool → worker → ISMCTS).
// (Easy plays a whole match on the same bot in test/ai/bot-ai.test.ts; here it would add ~30-90 s for nothing new.)
// Only the budget is the test's, passed the way `createBot` takes it: a few iterations a decision in place of the
// bot's 1 s / 3 s (hard still three times normal's), the time limits kept, so that a whole match fits in `npm test`.
// The sandbox plays NOVA's own 2000 life (it takes no game options), so its matches are longer than
// test/ai/bot-ai-search.test.ts's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiBudgets } from '../../src/ai/pool.ts';
import { type Sandbox, startSandbox } from '../../src/sandbox/start.ts';
import { playAgainstAi } from '../ai/ai-harness.ts';
import { type BotHarness, rng, thread } from '../bot/bot-harness.ts';
import { sandboxHarness } from './sandbox-harness.ts';

const TEST_BUDGETS: AiBudgets = {
  normal: { iterations: 3, millis: 1_000, playoutDepth: 10 },
  hard: { iterations: 9, millis: 3_000, playoutDepth: 10 },
};

const dir = mkdtempSync(join(tmpdir(), 'arbiter-sandbox-ai-search-'));
const logs: string[] = [];
let sandbox: Sandbox;
let h: BotHarness;

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    dbPath: join(dir, 'arbiter.db'),
    images: false,
    log: (m) => logs.push(m),
    aiBudgets: TEST_BUDGETS,
    boardChannelLimit: { requests: 10_000, windowMs: 1_000 },
  });
  h = sandboxHarness(sandbox, { dbPath: join(dir, 'arbiter.db'), logs });
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('/duel ai at the searching levels in the sandbox', () => {
  for (const level of ['normal', 'hard'] as const)
    it(`plays a whole NOVA match against the ${level} AI`, async () => {
      const outcome = await h.alice.slash('duel ai', { game: 'nova', level });
      await h.bot.idle();
      const matchId = outcome.reply()?.id;
      if (!matchId) throw new Error('no /duel ai message');
      expect(h.bot.store.aiSeats.levelOf(matchId, 'p2')).toBe(level);
      await playAgainstAi(h, matchId, rng(level === 'normal' ? 21 : 22), () => false);
      expect(h.bot.store.matches.match(matchId)?.status).toBe('finished');
      const aiDecisions = h.bot.store
        .exportMatch(matchId)
        .decisions.filter((d) => 'seat' in d.decision && d.decision.seat === 'p2');
      expect(aiDecisions.length).toBeGreaterThan(10);
      expect(h.bot.store.inspectMatch(matchId).replayProblem).toBeNull();
      // The board names the AI's seat (its log lines are shown last-first and the match's seed is the sandbox's own,
      // so which of the AI's actions are still on the board at the end varies: test/ai/bot-ai*.test.ts pin those).
      expect(h.carol.read(thread(h, matchId))).toContain(`AI (${level})`);
      // Every answer came from the worker: none fell back to the rules' default after a failure.
      expect(logs.filter((l) => l.includes('AI in match'))).toEqual([]);
    }, 300_000);
});
