// Aquarian Age through /duel on the fake Discord: a challenge, every decision answered through the bot's controls by
// random play, boards and hands drawn, to the end of the match, with at least one guard and one response chain.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/engine/registry.ts';
import { renderAny } from '../../src/render/render.ts';
import {
  actRandomly,
  type BotHarness,
  challengeAndAccept,
  current,
  latestBoard,
  openHand,
  rng,
  startBotHarness,
  thread,
  userFor,
} from '../bot/bot-harness.ts';

describe('/duel with Aquarian Age on the fake Discord', () => {
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

  it('offers Aquarian Age in /duel and plays a match to its end, through a guard and a response chain', async () => {
    const matchId = await challengeAndAccept(h, 'aqa');
    const first = latestBoard(h, h.carol, matchId);
    expect(first.embeds[0]?.title).toContain('Aquarian Age');
    // Random play through the controls, steered: an attack or a guard offered is taken (a button or a menu value
    // `attack:…`/`guard:…`), anything else is a random control; so the match holds attacks answered by guards.
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
    expect(decisions).toBeGreaterThan(100);
    expect(h.bot.store.matches.match(matchId)?.status).toBe('finished');
    expect(h.carol.read(thread(h, matchId))).toMatch(/Result: /);
    // The whole match's public log: a guard declared in answer to an attack (a response chain) and its battle.
    const log = h.bot.store.matches.publicLog(matchId).map((l) => l.text.en);
    expect(log.some((l) => /declares a guard/.test(l))).toBe(true);
    expect(log.some((l) => /^Battle: /.test(l))).toBe(true);
    expect(rendered).toContain('board');
    expect(rendered).toContain('hand');
  }, 600_000);
});
