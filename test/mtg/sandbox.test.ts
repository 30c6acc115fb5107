// MTG end to end in the sandbox (`npm start` without a token): Alice challenges Bob with `/duel challenge game:mtg`,
// Bob accepts, and both play through the sandbox's controls (picks, numbers, declarations, distributions) at
// random until the match ends; the result is posted in the match thread. One seeded game of 16 turns (~90 answers
// through the controls, ~390 engine decisions with auto-pass): the sandbox proof, so it plays to the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../src/sandbox/start.ts';
import { type BotHarness, current, playRandomly, thread } from '../bot/bot-harness.ts';
import { sandboxHarness } from '../sandbox/sandbox-harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'arbiter-sandbox-mtg-'));
const dbPath = join(dir, 'arbiter.db');
let sandbox: Sandbox | undefined;
const SEED = 'mtg-sandbox-1';

afterAll(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<BotHarness> {
  // A fixed seed: the same game every run (a match's seed is random by default).
  sandbox = await startSandbox({ port: 0, dbPath, images: false, log: () => {}, seedFor: () => SEED });
  return sandboxHarness(sandbox, {
    dbPath,
    close: async () => {
      await sandbox?.close();
      sandbox = undefined;
    },
  });
}

describe('MTG in the sandbox', () => {
  it('/duel challenge game:mtg plays a match to its end through the controls', async () => {
    const h = await start();
    const challenge = await h.alice.slash('duel challenge', { opponent: h.bob, game: 'mtg' });
    const message = challenge.reply();
    const accept = message?.buttons.find((b) => b.customId?.startsWith('c:accept:'))?.customId;
    if (!message || !accept) throw new Error('no challenge to accept');
    await h.bob.click(message, accept);
    await h.bot.idle();
    const matchId = message.id;
    expect(h.bot.store.matches.match(matchId)?.status).toBe('active');
    // The kinds of the decisions met on the way (each answered through the controls or by auto-pass).
    const kinds = new Set<string>();
    const decisions = await playRandomly(h, matchId, {
      seed: 17,
      stop: () => false,
      activity: 85,
      afterEach: () => {
        const { state } = current(h, matchId);
        const p = h.bot.context.games.playable(state.game).play.module.pending(state);
        if (p) kinds.add(p.kind);
      },
    });
    expect(h.bot.store.matches.match(matchId)?.status).toBe('finished');
    expect(h.carol.read(thread(h, matchId))).toMatch(/Result: /);
    // The game ended by its rules, not by a cap on the number of decisions.
    expect(current(h, matchId).state.result).toBeTruthy();
    expect(decisions).toBeGreaterThan(50);
    for (const kind of ['play-first', 'mulligan', 'priority', 'pay', 'target', 'attackers', 'blockers', 'scry'])
      expect(kinds).toContain(kind);
  }, 300_000);
});
