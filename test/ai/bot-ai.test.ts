// `/duel ai` on the fake Discord: a person plays a NOVA match against the easy AI to the end through the controls
// (random choices), the AI answering on its worker thread; a restart in the middle resumes the AI.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeoutResponse } from '../../src/engine/core/decision.ts';
import { availableGames, gameModule } from '../../src/engine/registry.ts';
import { openStore } from '../../src/store/store.ts';
import { type BotHarness, concedeConfirmed, current, rng, startBotHarness, thread } from '../bot/bot-harness.ts';
import { playAgainstAi } from './ai-harness.ts';

let h: BotHarness;

beforeAll(async () => {
  h = await startBotHarness({ matchOptions: { startingLife: 400 } });
  // A turn timer, which the AI's seat must not get.
  h.bot.store.guilds.update(h.guild.id, { turnTimerSeconds: 60 });
});
afterAll(async () => {
  await h?.close();
});

describe('/duel ai', () => {
  it('plays a NOVA match against the easy AI to the end, across a restart, with ordinary logged decisions', async () => {
    const outcome = await h.alice.slash('duel ai', { game: 'nova', level: 'easy' });
    await h.bot.idle();
    const message = outcome.reply();
    if (!message) throw new Error('no /duel ai message');
    expect(message.content).toMatch(/against the AI \(easy\)/);
    const matchId = message.id;
    const row = h.bot.store.matches.match(matchId);
    expect(row?.players.p2).toBe('ai:easy');
    expect(h.bot.store.aiSeats.levelOf(matchId, 'p2')).toBe('easy');
    expect(h.bot.store.aiSeats.levelOf(matchId, 'p1')).toBeNull();

    const pick = rng(7);
    const before = await playAgainstAi(h, matchId, pick, (n) => n >= 15);
    expect(before).toBe(15);
    // The AI's seat is never timed.
    const timing = h.bot.store.clocks.get(matchId)?.timing;
    if (timing) expect(timing.seat).toBe('p1');

    // A restart while the AI has a decision to make: while the bot is down, alice's answers (her defaults, as a
    // crashed process would have committed them) hand the decision to the AI; the restarted bot must answer it.
    let aiWaiting = 0;
    await h.restart(() => {
      const store = openStore({ path: h.dbPath }, (id) => (availableGames().includes(id) ? gameModule(id) : undefined));
      try {
        store.matches.restoreActiveMatches();
        const game = gameModule('nova');
        for (let i = 0; i < 200; i++) {
          const pending = game.pending(store.matches.currentState(matchId));
          if (!pending || pending.player === 'p2') break;
          store.matches.commitDecision(matchId, 'p1', timeoutResponse(pending));
        }
        aiWaiting = store.matches.match(matchId)?.decisionCount ?? 0;
        expect(game.pending(store.matches.currentState(matchId))?.player).toBe('p2');
      } finally {
        store.close();
      }
    });
    await h.bot.idle();
    expect(h.bot.store.matches.match(matchId)?.decisionCount).toBeGreaterThan(aiWaiting);
    expect(current(h, matchId).pendingSeat ?? 'p1').toBe('p1');
    await playAgainstAi(h, matchId, pick, () => false);
    const end = h.bot.store.matches.match(matchId);
    expect(end?.status).toBe('finished');
    // Both seats decided many times, and the log replays to the final state (the AI's decisions are ordinary).
    const exported = h.bot.store.exportMatch(matchId);
    expect(new Set(exported.decisions.map((d) => ('seat' in d.decision ? d.decision.seat : null)))).toEqual(
      new Set(['p1', 'p2']),
    );
    expect(h.bot.store.inspectMatch(matchId).replayProblem).toBeNull();
    // The public board names the AI in the log lines of what it did.
    const transcript = h.carol.read(thread(h, matchId));
    expect(transcript).toMatch(/AI \(easy\) (plays|sets|activates|attacks|declares)/);
    expect(transcript).toMatch(/Result:/);
    expect(h.logs.filter((l) => l.includes('AI in match'))).toEqual([]);
  }, 240_000);

  it('plays MTG at the default level (normal), and the person can concede like in any match', async () => {
    const outcome = await h.alice.slash('duel ai', { game: 'mtg' });
    await h.bot.idle();
    const matchId = outcome.reply()?.id as string;
    expect(h.bot.store.matches.match(matchId)?.players.p2).toBe('ai:normal');
    expect(h.bot.store.aiSeats.levelOf(matchId, 'p2')).toBe('normal');
    // Whatever the AI had to answer is answered: the match waits for alice (or is over).
    expect(current(h, matchId).pendingSeat ?? 'p1').toBe('p1');
    const { clicked } = await concedeConfirmed(h.alice, thread(h, matchId), () => h.bot.idle());
    expect(clicked.state).toBe('acknowledged');
    expect(h.bot.store.matches.match(matchId)?.status).toBe('finished');
    expect(h.bot.store.matches.currentState(matchId).result).toMatchObject({ kind: 'win', winner: 'p2' });
  }, 120_000);
});
