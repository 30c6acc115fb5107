// The turn timer end to end: the real bot and discord.js client on the fake Discord, time moved by a ManualClock
// (no test sleeps). Timeout → the engine's default committed and announced; repeated timeouts → concession; a
// deadline survives a restart; bank time is spent only beyond the per-decision time.
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/devtools/fake-discord/index.ts';
import { gameModule } from '../../src/engine/registry.ts';
import {
  type BotHarness,
  challengeAndAccept,
  current,
  openHand,
  startBotHarness,
  thread,
  userFor,
} from './bot-harness.ts';

let h: BotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const DECISION_S = 30;
const BANK_S = 60;

async function timedMatch(clock: ManualClock, timeouts = 3) {
  h = await startBotHarness({ clock });
  h.bot.store.guilds.update(h.guild.id, {
    turnTimerSeconds: DECISION_S,
    bankSeconds: BANK_S,
    timeoutsToConcede: timeouts,
  });
  const matchId = await challengeAndAccept(h);
  return { h, matchId };
}

describe('turn timer', () => {
  it('on timeout the pending decision gets its default, committed and announced; bank time is kept on time', async () => {
    const clock = new ManualClock();
    const { h, matchId } = await timedMatch(clock);
    const game = gameModule('nova');
    const first = game.pending(current(h, matchId).state);
    if (!first) throw new Error('no first decision');
    const seat = first.player;
    // The player's ephemeral shows the deadline as a Discord timestamp.
    const hand = await openHand(h, userFor(h, seat), matchId);
    const deadline = h.bot.store.clocks.get(matchId)?.timing?.deadline as number;
    expect(deadline).toBe(clock.now() + (DECISION_S + BANK_S) * 1000);
    expect(hand.content).toContain(`<t:${Math.floor(deadline / 1000)}:R>`);
    // The public board shows the same deadline (a clock is public), to spectators too.
    expect(h.carol.read(thread(h, matchId))).toContain(`Time runs out <t:${Math.floor(deadline / 1000)}:R>`);

    clock.advance((DECISION_S + BANK_S) * 1000 - 1);
    await h.bot.idle();
    expect(h.bot.store.matches.match(matchId)?.decisionCount).toBe(0);
    clock.advance(1);
    await h.bot.idle();
    const log = h.bot.store.exportMatch(matchId).decisions;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      decision: { seat, response: { decisionId: first.id, choose: first.defaultOnTimeout } },
    });
    const name = seat === 'p1' ? 'alice' : 'bob';
    expect(h.carol.read(thread(h, matchId))).toContain(
      `${name} ran out of time (first or second): the default answer was taken. Timeouts in a row: 1 of 3.`,
    );
    const clockRow = h.bot.store.clocks.get(matchId);
    expect(clockRow?.bankMs[seat]).toBe(0);
    expect(clockRow?.timeouts[seat]).toBe(1);

    // Answered in time (20 s): the bank is untouched and the run of timeouts starts again. Answered 40 s in:
    // the 10 s beyond the per-decision time come out of the bank.
    const checked = new Set<string>();
    for (let i = 0; i < 4 && checked.size < 2; i++) {
      const next = game.pending(current(h, matchId).state);
      if (!next) throw new Error('no next decision');
      const bankBefore = h.bot.store.clocks.get(matchId)?.bankMs[next.player] as number;
      const late = bankBefore > 0;
      clock.advance(late ? 40_000 : 20_000);
      const user = userFor(h, next.player);
      const ephemeral = await openHand(h, user, matchId);
      const button = ephemeral.buttons.find((b) => b.customId?.startsWith(`a:${matchId}:`));
      await user.click(ephemeral, button?.customId as string);
      await h.bot.idle();
      const after = h.bot.store.clocks.get(matchId);
      expect(after?.bankMs[next.player]).toBe(late ? bankBefore - 10_000 : bankBefore);
      expect(after?.timeouts[next.player]).toBe(0);
      checked.add(late ? 'late' : 'in time');
    }
    expect([...checked].sort()).toEqual(['in time', 'late']);
    expect(h.bot.store.exportMatch(matchId).decisions).toHaveLength(1 + checked.size);
  });

  it('after the set number of timeouts in a row the player concedes', async () => {
    const clock = new ManualClock();
    const { h, matchId } = await timedMatch(clock, 2);
    for (let i = 0; i < 10 && h.bot.store.matches.match(matchId)?.status === 'active'; i++) {
      clock.advance((DECISION_S + BANK_S) * 1000);
      await h.bot.idle();
    }
    const row = h.bot.store.matches.match(matchId);
    expect(row?.status).toBe('finished');
    const transcript = h.carol.read(thread(h, matchId));
    const loser = /(alice|bob) ran out of time 2 times in a row and concedes/.exec(transcript)?.[1];
    expect(loser).toBeDefined();
    const winner = loser === 'alice' ? 'p2' : 'p1';
    expect(row?.result).toMatchObject({ kind: 'win', winner });
    expect(transcript).toMatch(/Result: (alice|bob) wins/);
    // The last logged decision is the concession; every earlier one is a timeout default.
    expect(h.bot.store.exportMatch(matchId).decisions.at(-1)).toMatchObject({ decision: { concede: true } });
    expect(h.bot.store.clocks.get(matchId)).toBeNull();
  });

  it('a deadline survives a restart: the new bot re-arms it from the store', async () => {
    const clock = new ManualClock();
    const { h, matchId } = await timedMatch(clock);
    const pending = gameModule('nova').pending(current(h, matchId).state);
    clock.advance(60_000);
    await h.restart();
    expect(h.logs.some((l) => /re-armed the clocks of 1 match/.test(l))).toBe(true);
    expect(h.bot.store.matches.match(matchId)?.decisionCount).toBe(0);
    clock.advance(30_000);
    await h.bot.idle();
    const log = h.bot.store.exportMatch(matchId).decisions;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      decision: { response: { decisionId: pending?.id, choose: pending?.defaultOnTimeout } },
    });
    expect(h.carol.read(thread(h, matchId))).toMatch(/ran out of time \(first or second\)/);
  });
});
