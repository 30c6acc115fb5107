// No seat gets hidden information of a running match by any command, whatever their role, and a finished match's
// export shows a player nothing the opponent kept hidden (issue 25 item 2; reliability review D2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeUser, type InteractionOutcome } from '../../src/devtools/fake-discord/driver.ts';
import { timeoutResponse } from '../../src/engine/core/decision.ts';
import type { MatchExport, ReaderExport } from '../../src/store/match-export.ts';
import { type BotHarness, concedeConfirmed, startBotHarness, thread as threadOf } from './bot-harness.ts';

let h: BotHarness;
let owner: FakeUser;
beforeAll(async () => {
  h = await startBotHarness();
  const record = h.discord.store.users.get(h.guild.record.ownerId);
  if (!record) throw new Error('no guild owner');
  owner = new FakeUser(h.discord, record);
});
afterAll(async () => {
  await h?.close();
});

/** The owner (every permission, Manage Server included) challenges Bob, who accepts. */
async function ownerPlaysBob(): Promise<string> {
  const challenge = await owner.slash('duel challenge', { opponent: h.bob, game: 'nova' }, { in: h.guild.channel() });
  await h.bot.idle();
  const message = challenge.reply();
  const accept = message?.buttons.find((b) => b.customId?.startsWith('c:accept:'))?.customId;
  if (!message || !accept) throw new Error('no challenge');
  await h.bob.click(message, accept);
  await h.bot.idle();
  expect(h.bot.store.matches.match(message.id)?.status).toBe('active');
  return message.id;
}

function fileOf<T>(answer: InteractionOutcome, name: string): T {
  const message = answer.reply();
  if (!message) throw new Error('no answer');
  return JSON.parse(Buffer.from(h.discord.attachmentBytes(message, name)).toString('utf8')) as T;
}

describe('exports and hidden information', () => {
  it('refuses a server manager the replay of a match they are playing, and leaves it out of the data export', async () => {
    const matchId = await ownerPlaysBob();
    const thread = threadOf(h, matchId);
    const refused = await owner.slash('match export', {}, { in: thread });
    await h.bot.idle();
    expect(refused.reply()?.content).toMatch(/hidden card/);
    expect(refused.reply()?.attachments).toEqual([]);

    const data = await owner.slash('arbiter export-data', {}, { in: thread });
    await h.bot.idle();
    const exported = fileOf<{ parts: { matches: ReaderExport[] } }>(data, `arbiter-${h.guild.id}.json`);
    const running = exported.parts.matches.find((m) => m.matchId === matchId);
    expect(running).toMatchObject({ seed: null, setup: null, decisions: [], status: 'active' });
    expect(running?.redacted).toMatch(/not over/);
    // Neither the seed nor Bob's list is anywhere in the file.
    const live = h.bot.store.exportMatch(matchId);
    expect(JSON.stringify(exported)).not.toContain(JSON.stringify(live.seed));
    expect(JSON.stringify(exported)).not.toContain(JSON.stringify(live.setup?.decks.p2));

    // A few decisions of both seats (each the one a timeout would take), then the owner concedes.
    const game = h.bot.context.games.playable('nova').play.module;
    for (let i = 0; i < 6; i++) {
      const pending = game.pending(h.bot.store.matches.currentState(matchId));
      if (!pending) break;
      h.bot.store.matches.commitDecision(matchId, pending.player, timeoutResponse(pending));
    }
    await concedeConfirmed(owner, thread, () => h.bot.idle());
    expect(h.bot.store.matches.match(matchId)?.status).toBe('finished');

    // Over: the owner gets their own list and choices, not the seed, Bob's list or Bob's choices.
    const answer = await owner.slash('match export', {}, { in: thread });
    await h.bot.idle();
    const mine = fileOf<ReaderExport>(answer, `match-${matchId}.json`);
    const full: MatchExport = h.bot.store.exportMatch(matchId);
    expect(mine.seed).toBeNull();
    expect(mine.setup?.decks).toEqual({ p1: full.setup?.decks.p1, p2: {} });
    const bobs = full.decisions.filter((d) => 'seat' in d.decision && d.decision.seat === 'p2');
    expect(bobs.length).toBeGreaterThan(0);
    for (const d of mine.decisions.filter((x) => 'seat' in x.decision && x.decision.seat === 'p2'))
      expect(d.decision).toEqual({ seat: 'p2', hidden: true });
    expect(JSON.stringify(mine)).not.toContain(JSON.stringify(full.setup?.decks.p2));
  });
});
