// Aquarian Age through /duel on the fake Discord: a challenge, every decision answered through the bot's controls by
// random play, boards and hands drawn, to the end of the match, with at least one guard and one response chain.
import { expect } from 'vitest';
import { actRandomly, current, openHand, rng, userFor } from '../bot/bot-harness.ts';
import { describeDuel } from '../support/duel-suite.ts';

describeDuel({
  game: 'aqa',
  title: 'Aquarian Age',
  it: 'offers Aquarian Age in /duel and plays a match to its end, through a guard and a response chain',
  minDecisions: 100,
  // Random play through the controls, steered: an attack or a guard offered is taken (a button or a menu value
  // `attack:…`/`guard:…`), anything else is a random control; so the match holds attacks answered by guards.
  async play(h, matchId) {
    const pick = rng(7);
    let decisions = 0;
    for (; decisions < 6000; decisions++) {
      const { state, pendingSeat } = current(h, matchId);
      if (state.result || !pendingSeat) break;
      const user = userFor(h, pendingSeat);
      const hand = await openHand(h, user, matchId);
      const steer = (prefix: string) => {
        const button = hand.buttons.find((b) => new RegExp(`^a:.*:${prefix}:`).test(b.customId ?? ''));
        const menu = hand.selects.find((x) => x.options.some((o) => o.value.startsWith(`${prefix}:`)));
        return { button, menu, value: menu?.options.find((o) => o.value.startsWith(`${prefix}:`))?.value };
      };
      const guard = steer('guard');
      const attack = steer('attack');
      const take = guard.button || guard.menu ? guard : attack.button || attack.menu ? attack : null;
      if (take?.button?.customId) await user.click(hand, take.button.customId);
      else if (take?.menu && take.value) await user.select(hand, take.menu.customId, [take.value]);
      else expect(await actRandomly(h, user, hand, pick, 85)).toBe(true);
      await h.bot.idle();
    }
    return decisions;
  },
  // The whole match's public log: a guard declared in answer to an attack (a response chain) and its battle.
  after(h, matchId) {
    const log = h.bot.store.matches.publicLog(matchId).map((l) => l.text.en);
    expect(log.some((l) => /declares a guard/.test(l))).toBe(true);
    expect(log.some((l) => /^Battle: /.test(l))).toBe(true);
  },
});
