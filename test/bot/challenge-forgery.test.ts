// A challenge keeps its deck on the server, and a control counts only on the message it was sent with (issue 25
// items 5 and 9; reliability review D5 and D10). Forged ids are planted in the fake Discord's message records, as a
// modified client would send them (Discord itself validates custom_ids against the message).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageView } from '../../src/devtools/fake-discord/view.ts';
import { gamePrecons } from '../../src/engine/precons.ts';
import { type BotHarness, challengeAndAccept, latestBoard, startBotHarness } from './bot-harness.ts';

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Puts a button with `customId` on a message, as a modified client could claim. */
function plant(message: MessageView, customId: string): void {
  const record = h.discord.store.message(message.channelId, message.id);
  record.components = [
    ...record.components,
    { type: 1, components: [{ type: 2, style: 1, label: 'forged', custom_id: customId }] },
  ];
}

const preconText = () => {
  const precon = gamePrecons('nova')[0];
  if (!precon) throw new Error('no precon');
  return Object.entries(precon.sections)
    .map(([section, cards]) => `[${section}]\n${cards.map((c) => `${c.count} ${c.card}`).join('\n')}`)
    .join('\n');
};

describe('challenges', () => {
  it('carry no deck in their buttons, and a long saved deck name works', async () => {
    const name = `secret tech ${'x'.repeat(60)}`; // 72 characters: a challenge refused more than 36
    await (await h.alice.slash('deck import', { name, list: preconText() })).settled();
    const challenge = await h.alice.slash('duel challenge', { opponent: h.bob, game: 'nova', deck: name });
    await h.bot.idle();
    const message = challenge.reply();
    if (!message) throw new Error('no challenge');
    const ids = message.buttons.map((b) => b.customId ?? '');
    expect(ids).toHaveLength(3);
    for (const id of ids) {
      expect(id).toMatch(/^c:(accept|choose|decline):\d+$/);
      expect(id).not.toContain('secret');
    }
    await h.bob.click(message, ids[0] as string);
    await h.bot.idle();
    const setup = h.bot.store.exportMatch(message.id).setup;
    expect(setup?.decks.p1).toEqual(h.bot.store.decks.get(h.guild.id, h.alice.id, 'nova', name)?.list);
  });

  it('refuse a forged or old-style challenge id, and leave the message it sat on alone', async () => {
    const toBob = (await h.alice.slash('duel challenge', { opponent: h.bob, game: 'nova' })).reply();
    await h.bot.idle();
    const toCarol = (await h.alice.slash('duel challenge', { opponent: h.carol, game: 'nova' })).reply();
    await h.bot.idle();
    if (!toBob || !toCarol) throw new Error('no challenge');
    const matches = () => h.bot.store.db.prepare('SELECT count(*) n FROM matches').get() as { n: number };
    const before = matches().n;

    // Carol, in the old form that carried the challenge itself, names herself on Alice's challenge to Bob.
    plant(toBob, `c:accept:${h.alice.id}:${h.carol.id}:nova:zzzzzzzz:`);
    const old = await h.carol.click(toBob, `c:accept:${h.alice.id}:${h.carol.id}:nova:zzzzzzzz:`);
    await h.bot.idle();
    expect(old.reply()?.ephemeral).toBe(true);
    expect(old.reply()?.content).toMatch(/expired/);

    // Carol takes the key of Alice's challenge to Bob's button onto Alice's challenge to her (Bob's key, wrong message).
    const bobsKey = toBob.buttons[0]?.customId?.split(':')[2] as string;
    plant(toCarol, `c:accept:${bobsKey}`);
    const moved = await h.carol.click(toCarol, `c:accept:${bobsKey}`);
    await h.bot.idle();
    expect(moved.reply()?.content).toMatch(/expired/);
    expect(matches().n).toBe(before);
    // Both challenges are still open, unchanged.
    expect(h.carol.messages(toCarol).find((m) => m.id === toCarol.id)?.content).toBe(toCarol.content);
    expect(
      h.bob
        .messages(toBob)
        .find((m) => m.id === toBob.id)
        ?.buttons.slice(0, 3),
    ).toEqual(toBob.buttons);
  });

  it('refuse a decision control forged onto the public board, without editing the board', async () => {
    const matchId = await challengeAndAccept(h);
    const board = latestBoard(h, h.alice, matchId);
    const version = h.bot.store.matches.currentState(matchId).version;
    const forged = `a:${matchId}:${version}:anything`;
    plant(board, forged);
    const count = h.bot.store.matches.match(matchId)?.decisionCount;
    const outcome = await h.bob.click(board, forged);
    await h.bot.idle();
    expect(outcome.reply()?.ephemeral).toBe(true);
    expect(h.bot.store.matches.match(matchId)?.decisionCount).toBe(count);
    const after = h.alice.messages(board).find((m) => m.id === board.id);
    expect(after?.content).toBe(board.content);
    expect(after?.embeds).toEqual(board.embeds);
  });
});
