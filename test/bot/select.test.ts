// A choose-N decision (NOVA 407.4: discard down to 7) answered through its select menu, end to end. The match
// seed and the random policy are fixed so that a discard comes up after a known number of decisions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageView } from '../../src/devtools/fake-discord/index.ts';
import { asPick } from '../../src/engine/core/decision.ts';
import type { DecisionOption, PickDecision } from '../../src/engine/core/game.ts';
import { seedRng } from '../../src/engine/core/rng.ts';
import { randomResponse } from '../../src/engine/fuzz/random-play.ts';
import { gameModule } from '../../src/engine/registry.ts';
import { type BotHarness, challengeAndAccept, openHand, refreshed, startBotHarness, userFor } from './bot-harness.ts';

let h: BotHarness;

beforeAll(async () => {
  h = await startBotHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Finds the button for `customId` on the ephemeral, turning pages if needed. */
async function findButton(user: ReturnType<typeof userFor>, hand: MessageView, customId: string): Promise<MessageView> {
  let view = hand;
  for (let i = 0; i < 5; i++) {
    if (view.buttons.some((b) => b.customId === customId)) return view;
    const next = view.buttons.find((b) => b.customId?.startsWith('p:') && !b.disabled && b.label.includes('▶'));
    if (!next?.customId) break;
    await user.click(view, next.customId);
    await h.bot.idle();
    view = refreshed(user, view);
  }
  throw new Error(`no button ${customId}`);
}

function withoutEnergyAbilities(pending: PickDecision): PickDecision {
  if (pending.kind !== 'priority') return pending;
  const energy = (o: DecisionOption) => o.kind === 'energy-ability' || o.label.en.includes('(energy');
  return { ...pending, options: pending.options.filter((o) => !energy(o)) };
}

/**
 * Plays the engine's random policy (rng `pick`) through the buttons until a decision of `kind` is pending, and
 * returns it with the policy's answer and the owner's ephemeral.
 */
async function playUntil(matchId: string, pick: string, kind: string) {
  let rng = seedRng(pick);
  const game = gameModule('nova');
  for (let n = 0; n < 250; n++) {
    const state = h.bot.store.matches.currentState(matchId);
    const pending = asPick(game.pending(state));
    if (!pending) throw new Error(`the match ended before a ${kind} decision`);
    const user = userFor(h, pending.player);
    const hand = await openHand(h, user, matchId);
    // The random player leaves energy abilities alone (NOVA rules v5 offers them at every priority): floating
    // energy at random only makes the way to a discard or an ordering longer.
    const [response, next] = randomResponse(withoutEnergyAbilities(pending), rng, 0.7);
    rng = next;
    if (pending.kind === kind) return { pending, response, hand, user, game };
    const id = `a:${matchId}:${state.version}:${response.choose[0]}`;
    const page = await findButton(user, hand, id);
    await user.click(page, id);
    await h.bot.idle();
  }
  throw new Error(`no ${kind} decision within 250 decisions`);
}

const count = (matchId: string) => h.bot.store.matches.match(matchId)?.decisionCount ?? 0;

describe('multi-choice and ordered decisions', () => {
  it('discard 2 of 9 through a select menu with min = max = 2', async () => {
    const matchId = await challengeAndAccept(h);
    const { pending, response, hand, user, game } = await playUntil(matchId, 'pick-62', 'discard');
    const select = hand.selects[0];
    expect(select?.options).toHaveLength(pending.options.length);
    const before = count(matchId);
    await user.select(hand, select?.customId as string, response.choose);
    await h.bot.idle();
    expect(count(matchId)).toBe(before + 1);
    const after = game.view(h.bot.store.matches.currentState(matchId), { kind: 'player', seat: pending.player });
    const players = (after as { players: Record<string, { counts: { hand: number } }> }).players;
    expect(players[pending.player]?.counts.hand).toBe(7);
  });

  it('ordering two abilities: one pick, the last is implied, one decision committed', async () => {
    const matchId = await challengeAndAccept(h);
    const { pending, hand, user } = await playUntil(matchId, 'pick-956', 'order-triggers');
    const picks = hand.buttons.filter((b) => b.customId?.startsWith('q:'));
    expect(picks).toHaveLength(pending.options.length);
    const before = count(matchId);
    await user.click(hand, picks[1]?.customId as string);
    await h.bot.idle();
    expect(count(matchId)).toBe(before + 1);
    const exported = h.bot.store.exportMatch(matchId);
    expect(JSON.stringify(exported.decisions.at(-1))).toContain(
      `"${pending.options[1]?.id}","${pending.options[0]?.id}"`,
    );
  });
});
