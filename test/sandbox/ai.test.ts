// `/duel ai` in the sandbox: Alice starts a NOVA match against the easy AI and the AI answers on its worker thread;
// the match thread is deleted (the match pauses), the sandbox restarts, and `/match resume` gives the match a new
// thread in which the AI answers again; left alone, the match is warned of its inactivity there. The AI's seat
// (`ai:easy`) is never a Discord user: the notices mention the person only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DAY_MS, sweepInactive } from '../../src/bot/inactivity.ts';
import { type Sandbox, startSandbox } from '../../src/sandbox/start.ts';
import { playAgainstAi } from '../ai/ai-harness.ts';
import { type BotHarness, current, openHand, rng } from '../bot/bot-harness.ts';
import { sandboxHarness } from './sandbox-harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'arbiter-sandbox-ai-'));
const dbPath = join(dir, 'arbiter.db');
const open: Sandbox[] = [];

afterAll(async () => {
  for (const sandbox of open) await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The sandbox's parts as the bot tests' harness (no restart through it: this file restarts the sandbox itself). */
async function start(logs: string[]): Promise<BotHarness> {
  const sandbox = await startSandbox({ port: 0, dbPath, images: false, log: (m) => logs.push(m) });
  open.push(sandbox);
  return sandboxHarness(sandbox, {
    dbPath,
    logs,
    close: async () => {
      open.splice(open.indexOf(sandbox), 1);
      await sandbox.close();
    },
  });
}

function p2Decisions(h: BotHarness, matchId: string): number {
  return h.bot.store.exportMatch(matchId).decisions.filter((d) => 'seat' in d.decision && d.decision.seat === 'p2')
    .length;
}

describe('/duel ai in the sandbox', () => {
  it('the AI answers, and after a deleted thread and a restart, /match resume has it deciding again', async () => {
    const logs: string[] = [];
    const first = await start(logs);
    const outcome = await first.alice.slash('duel ai', { game: 'nova', level: 'easy' });
    await first.bot.idle();
    const matchId = outcome.reply()?.id;
    if (!matchId) throw new Error('no /duel ai message');
    expect(first.bot.store.matches.match(matchId)?.players.p2).toBe('ai:easy');
    // Whoever chooses the order (NOVA 007.5: a random player), Alice goes first if she may (so the AI's first
    // decisions are short), then plays through her controls until the AI has answered; after each of her moves
    // playAgainstAi checks that the AI answered whatever fell to it.
    if (current(first, matchId).pendingSeat === 'p1') {
      const order = await openHand(first, first.alice, matchId);
      const goFirst = order.buttons.find((b) => b.label === 'Go first')?.customId;
      if (goFirst) await first.alice.click(order, goFirst);
    }
    const pick = rng(11);
    await playAgainstAi(first, matchId, pick, (n) => n >= 20 || p2Decisions(first, matchId) > 0);
    expect(p2Decisions(first, matchId)).toBeGreaterThan(0);

    // The match thread is deleted: the match pauses; then the sandbox restarts.
    first.discord.deleteChannel({ id: matchId });
    await first.discord.until(() => first.bot.store.pauses.get(matchId) !== null, 3_000, 'the pause');
    await first.bot.idle();
    // The notice names the person only (Discord refuses a mention of the AI's seat, which is no user).
    expect(first.alice.read(first.guild.channel())).toMatch(/thread of the match .* was deleted.*\/match resume/);
    const paused = first.bot.store.matches.match(matchId)?.decisionCount ?? 0;
    const aiBefore = p2Decisions(first, matchId);
    await first.close();

    const second = await start(logs);
    await second.bot.idle();
    expect(second.bot.store.pauses.get(matchId)?.reason).toBe('thread-deleted');
    expect(second.bot.store.matches.match(matchId)?.decisionCount).toBe(paused);
    const resumed = await second.alice.slash('match resume', {}, { in: second.guild.channel() });
    await second.bot.idle();
    const newThread = second.bot.store.matches.match(matchId)?.threadId;
    expect((await resumed.settled()).content).toContain(`<#${newThread}>`);
    expect(second.bot.store.pauses.get(matchId)).toBeNull();
    expect(current(second, matchId).pendingSeat).toBe('p1');
    // Alice plays on in the new thread, and the AI answers her there.
    await playAgainstAi(second, matchId, pick, (n) => n >= 20 || p2Decisions(second, matchId) > aiBefore);
    expect(p2Decisions(second, matchId)).toBeGreaterThan(aiBefore);
    // Left alone for six days: the inactivity warning reaches the thread, naming the person only.
    const later = Date.now() + 6 * DAY_MS + 60_000;
    expect((await sweepInactive({ ...second.bot.context, now: () => later })).warned).toContain(matchId);
    expect(second.alice.read({ channelId: newThread ?? '' })).toMatch(/No decision in this match for 6 days/);
    expect(logs.filter((l) => l.includes('AI in match') || l.includes('inactivity notice'))).toEqual([]);
  }, 120_000);
});
