// `/duel ai` on the fake Discord for the games beyond NOVA and MTG (Force of Will, Phantom Magic Vision, Aquarian
// Age): a person plays a whole match against the easy AI through the controls (random choices), the AI answering
// on its worker thread; the match ends, its log replays, and the board names the AI in what it did.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BotHarness, current, rng, startBotHarness, thread } from '../bot/bot-harness.ts';
import { playAgainstAi } from './ai-harness.ts';

let h: BotHarness;

beforeAll(async () => {
  // Force of Will honours a lower starting life (a shorter match); the others play at their rules' own.
  h = await startBotHarness({ matchOptions: { startingLife: 1000 } });
});
afterAll(async () => {
  await h?.close();
});

describe('/duel ai in every game', () => {
  it.each(['fow', 'pmv', 'aqa'])(
    'plays a %s match against the easy AI to the end',
    async (game) => {
      const outcome = await h.alice.slash('duel ai', { game, level: 'easy' });
      await h.bot.idle();
      const message = outcome.reply();
      if (!message) throw new Error('no /duel ai message');
      expect(message.content).toMatch(/against the AI \(easy\)/);
      const matchId = message.id;
      expect(h.bot.store.matches.match(matchId)?.players.p2).toBe('ai:easy');
      await playAgainstAi(h, matchId, rng(11), () => false);
      expect(current(h, matchId).state.result).not.toBeNull();
      expect(h.bot.store.matches.match(matchId)?.status).toBe('finished');
      const exported = h.bot.store.exportMatch(matchId);
      expect(new Set(exported.decisions.map((d) => ('seat' in d.decision ? d.decision.seat : null)))).toEqual(
        new Set(['p1', 'p2']),
      );
      expect(h.bot.store.inspectMatch(matchId).replayProblem).toBeNull();
      const transcript = h.carol.read(thread(h, matchId));
      expect(transcript).toMatch(/AI \(easy\)/);
      expect(transcript).toMatch(/Result:/);
      expect(h.logs.filter((l) => l.includes('AI in match'))).toEqual([]);
    },
    900_000,
  );
});
