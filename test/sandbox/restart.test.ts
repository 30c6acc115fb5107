// The sandbox keeps its Discord beside the database: after a restart the same people (the user ids the match was
// stored with) find the match thread, and its board's "My hand / act" button still works.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gameModule } from '../../src/engine/registry.ts';
import { type Sandbox, startSandbox } from '../../src/sandbox/start.ts';

const dir = mkdtempSync(join(tmpdir(), 'arbiter-sandbox-restart-'));
const dbPath = join(dir, 'arbiter.db');
const open: Sandbox[] = [];

afterAll(async () => {
  for (const sandbox of open) await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

async function start(path = dbPath): Promise<Sandbox> {
  const sandbox = await startSandbox({ port: 0, dbPath: path, images: false, log: () => {} });
  open.push(sandbox);
  return sandbox;
}

function person(sandbox: Sandbox, key: string) {
  const found = sandbox.internals.world.people.find((p) => p.key === key);
  if (!found) throw new Error(`no ${key}`);
  return found.user;
}

describe('the sandbox across a restart', () => {
  it('keeps the people, the match thread and a working board', async () => {
    const first = await start();
    const alice = person(first, 'alice');
    const bob = person(first, 'bob');
    const challenge = await alice.slash('duel challenge', { opponent: bob, game: 'nova' });
    const message = challenge.reply();
    const accept = message?.buttons.find((b) => b.customId?.startsWith('c:accept:'))?.customId;
    if (!message || !accept) throw new Error('no challenge to accept');
    await bob.click(message, accept);
    await first.internals.bot.idle();
    const matchId = message.id;
    expect(first.internals.bot.store.matches.match(matchId)?.status).toBe('active');
    const ids = first.internals.world.people.map((p) => p.user.id);
    await first.close();
    open.splice(open.indexOf(first), 1);

    const second = await start();
    expect(second.internals.world.people.map((p) => p.user.id)).toEqual(ids);
    const channels = second.internals.discord.channelsVisibleTo(ids[0] as string).map((c) => c.id);
    expect(channels).toContain(matchId);

    const state = second.internals.bot.store.matches.currentState(matchId);
    const seat = gameModule(state.game).pending(state)?.player;
    const decider = seat === 'p1' ? person(second, 'alice') : person(second, 'bob');
    const board = decider
      .messages({ channelId: matchId })
      .filter((m) => m.buttons.some((b) => b.customId === `h:${matchId}`))
      .at(-1);
    if (!board) throw new Error('the board did not survive the restart');
    const hand = await decider.click(board, `h:${matchId}`);
    await second.internals.bot.idle();
    expect(hand.state).toBe('acknowledged');
    const reply = hand.answer();
    expect(reply?.ephemeral).toBe(true);
    expect(reply?.buttons.some((b) => b.customId?.startsWith('a:'))).toBe(true);
  });
});

describe('the sandbox on a busy port', () => {
  it('says which variable to change, and leaves nothing running', async () => {
    const first = await start(join(dir, 'busy.db'));
    const port = Number(new URL(first.url).port);
    await expect(startSandbox({ port, dbPath: join(dir, 'other.db'), images: false, log: () => {} })).rejects.toThrow(
      /ARBITER_SANDBOX_PORT/,
    );
  });
});
