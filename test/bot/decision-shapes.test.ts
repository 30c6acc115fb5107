// Every decision shape through the real bot on the fake Discord, with the small "Raid" test game
// (test/core/shapes-game.ts): a number (buttons, and a modal when the range is wide), a distribution (−/+ per
// target, checked as a whole before it is sent), a declaration (a select per slot, Done, Reset, Back, and the
// problem the engine names when it refuses the whole), then a plain pick. The game is registered for this file only,
// in a registry handed to the bot (createRegistry), as any game is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser, MessageView } from '../../src/devtools/fake-discord/index.ts';
import { label } from '../../src/engine/core/label.ts';
import { defineGame, definePool } from '../../src/engine/definition.ts';
import { createRegistry, GAMES } from '../../src/engine/registry.ts';
import { BASE_STYLE } from '../../src/render/styles/base.ts';
import { RAID_ID, type RaidState, raid } from '../core/shapes-game.ts';
import { type BotHarness, latestBoard, refreshed, startBotHarness } from './bot-harness.ts';

/** Raid as a registered game (its own id, a board of two bare sides, an empty hand; images are off). */
const side = (seat: 'p1' | 'p2', name: string) => ({ seat, name, life: 0, resources: [], zones: [], areas: [] });
const raidDefinition = defineGame<RaidState, RaidState>({
  id: RAID_ID,
  name: raid.name,
  pool: definePool(RAID_ID, new Map(), { text: () => label('', ''), keywords: () => [] }),
  precons: () => [],
  style: { ...BASE_STYLE, accent: '#b5845f', colours: {}, motif: 'rings' },
  play: {
    module: raid,
    presenter: {
      table: (_view, o) => ({
        game: RAID_ID,
        locale: o.locale,
        viewer: { kind: 'public' as const },
        turn: 1,
        activeSeat: 'p1' as const,
        players: { p1: side('p1', o.names.p1), p2: side('p2', o.names.p2) },
        stack: { name: 'stack', items: [] },
        lastAction: null,
      }),
      // An empty hand: the bot reads the hand model for the copy marks of its controls even with images off.
      hand: (_view, seat, o) => ({
        game: RAID_ID,
        locale: o.locale,
        seat,
        playerName: o.names[seat],
        hand: { name: 'hand', cards: [] },
        privateZones: [],
      }),
      log: () => [],
      handNames: () => [],
    },
    steps: {
      steps: [{ id: 'raid', name: label('Raid', '襲撃') }],
      position: (s) => ({ turn: 1, active: 'p1', step: 'raid', waiting: s.version }),
    },
    decisionKinds: {},
    fuzzDecks: () => [{}, {}],
  },
});
const games = createRegistry([...GAMES.games, raidDefinition]);

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness({ games });
});
afterAll(async () => {
  await h.close();
});

/** A Raid match between alice (p1) and bob (p2), its board posted in #general, and alice's hand ephemeral. */
async function startRaid(matchId: string, options: Record<string, unknown> = {}): Promise<MessageView> {
  const general = h.guild.channel();
  h.bot.store.matches.createMatch({
    matchId,
    guildId: h.guild.id,
    channelId: general.channelId,
    threadId: general.channelId,
    game: RAID_ID,
    format: 'casual',
    players: { p1: h.alice.id, p2: h.bob.id },
  });
  h.bot.store.matches.startMatch(matchId, { game: RAID_ID, decks: { p1: {}, p2: {} }, options }, 'raid');
  await h.bot.context.flow.changed(matchId);
  await h.bot.idle();
  const click = await h.alice.click(latestBoard(h, h.alice, matchId), `h:${matchId}`);
  await h.bot.idle();
  const hand = click.answer();
  if (!hand) throw new Error('no hand ephemeral');
  return hand;
}

const state = (matchId: string) => h.bot.store.matches.currentState(matchId) as RaidState;
const ids = (m: MessageView) => m.buttons.map((b) => b.customId ?? '');
async function click(user: FakeUser, m: MessageView, customId: string): Promise<MessageView> {
  await user.click(m, customId);
  await h.bot.idle();
  return refreshed(user, m);
}
async function select(user: FakeUser, m: MessageView, customId: string, values: string[]): Promise<MessageView> {
  await user.select(m, customId, values);
  await h.bot.idle();
  return refreshed(user, m);
}

describe('decision shapes on Discord', () => {
  it('plays a whole Raid: number buttons, a distribution, a refused then fixed declaration, a pick', async () => {
    const m = '900000000000000001';
    let hand = await startRaid(m);
    // number: one button per allowed value (0..6 in steps of 2)
    expect(hand.buttons.map((b) => b.label)).toEqual(['0', '2', '4', '6']);
    hand = await click(h.alice, hand, `u:${m}:0:4`);
    expect(state(m)).toMatchObject({ version: 1, sent: 4, step: 'divide' });

    // distribute: the split lives in the store's draft, the custom_ids carry only match, version and action
    hand = await click(h.alice, hand, `s:${m}:1:0:+`);
    hand = await click(h.alice, hand, `s:${m}:1:0:+`);
    expect(h.bot.store.drafts.get(m, 1, 'p1')).toEqual({ split: { north: 2, south: 0 } });
    expect(hand.content).toContain('Assigned 2 of 5');
    hand = await click(h.alice, hand, `f:${m}:1`);
    // checked as a whole before it is sent: south has none, and the total is not all assigned
    expect(hand.content).toContain('Each target needs at least the minimum amount.');
    expect(state(m).version).toBe(1);
    for (const id of [`s:${m}:1:0:+`, `s:${m}:1:1:+`, `s:${m}:1:1:+`]) hand = await click(h.alice, hand, id);
    hand = await click(h.alice, hand, `f:${m}:1`);
    expect(state(m)).toMatchObject({ version: 2, damage: { north: 3, south: 2 }, step: 'declare' });
    expect(h.bot.store.drafts.get(m, 1, 'p1')).toBeNull();

    // declare: one select per raider; an illegal whole comes back with the problem and the draft kept
    hand = await select(h.alice, hand, `l:${m}:2:0`, ['home']);
    hand = await select(h.alice, hand, `l:${m}:2:1`, ['east']);
    hand = await select(h.alice, hand, `l:${m}:2:2`, ['home']);
    hand = await click(h.alice, hand, `f:${m}:2`);
    expect(state(m)).toMatchObject({ version: 3, refused: 1, step: 'declare' });
    expect(hand.content).toContain('Not allowed (RAID 3.1)');
    expect(ids(hand)).toEqual(expect.arrayContaining([`f:${m}:3`, `r:${m}:3`, `b:${m}:3`]));
    // Reset clears the engine's draft (a logged decision), then a legal declaration is accepted
    hand = await click(h.alice, hand, `r:${m}:3`);
    expect(state(m)).toMatchObject({ version: 4, retry: null });
    hand = await select(h.alice, hand, `l:${m}:4:0`, ['east']);
    hand = await select(h.alice, hand, `l:${m}:4:1`, ['west']);
    hand = await select(h.alice, hand, `l:${m}:4:2`, ['home']);
    hand = await click(h.alice, hand, `f:${m}:4`);
    expect(state(m)).toMatchObject({ version: 5, step: 'answer', declaration: { captain: ['east'], scout: ['west'] } });

    // a plain pick for bob ends the game
    const bobHand = await h.bob.click(latestBoard(h, h.bob, m), `h:${m}`);
    await h.bot.idle();
    await click(h.bob, bobHand.answer() as MessageView, `a:${m}:5:concede`);
    expect(state(m).result).toMatchObject({ kind: 'win', winner: 'p1' });
  });

  it('back re-opens the distribution; a wide number range opens a modal, validated before it is sent', async () => {
    const m = '900000000000000002';
    let hand = await startRaid(m);
    hand = await click(h.alice, hand, `u:${m}:0:2`);
    for (const id of [`s:${m}:1:0:+`, `s:${m}:1:0:+`, `s:${m}:1:0:+`, `s:${m}:1:1:+`, `s:${m}:1:1:+`])
      hand = await click(h.alice, hand, id);
    hand = await click(h.alice, hand, `f:${m}:1`);
    hand = await click(h.alice, hand, `b:${m}:2`);
    expect(state(m)).toMatchObject({ version: 3, step: 'divide', damage: null });
    expect(ids(hand)).toContain(`s:${m}:3:0:+`);

    const wide = '900000000000000003';
    hand = await startRaid(wide, { wideNumbers: true });
    expect(ids(hand)).toEqual([`U:${wide}:0`]);
    const opened = await h.alice.click(hand, `U:${wide}:0`);
    await h.bot.idle();
    expect(opened.modal?.title).toBe('How many raiders?');
    await h.alice.submitModal(`N:${wide}:0`, { value: 'seven' });
    await h.bot.idle();
    expect(refreshed(h.alice, hand).content).toContain('That is not a whole number.');
    await h.alice.click(hand, `U:${wide}:0`);
    await h.bot.idle();
    await h.alice.submitModal(`N:${wide}:0`, { value: '301' });
    await h.bot.idle();
    expect(refreshed(h.alice, hand).content).toContain('That number is not one of the allowed values.');
    await h.alice.click(hand, `U:${wide}:0`);
    await h.bot.idle();
    await h.alice.submitModal(`N:${wide}:0`, { value: '300' });
    await h.bot.idle();
    expect(state(wide)).toMatchObject({ version: 1, sent: 300 });
  });
});
