// The sandbox server without a browser: what each person's event stream carries (never another person's
// ephemeral), and the action endpoints' answers, including the refusals the Discord client would make.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../src/sandbox/start.ts';

let dir: string;
let sandbox: Sandbox;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'arbiter-sandbox-server-'));
  sandbox = await startSandbox({ port: 0, dbPath: join(dir, 'arbiter.db'), images: false, log: () => {} });
});

afterAll(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

const person = (key: string) => sandbox.internals.world.people.find((p) => p.key === key)?.user.id as string;

async function post(action: string, body: Record<string, unknown>) {
  const response = await fetch(`${sandbox.url}api/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

interface StreamMessage {
  id: string;
  ephemeral: boolean;
  content: string;
  components: { components?: { custom_id?: string }[] }[];
}

/** The first `messages` event of a stream: the whole channel as that person sees it. */
async function firstMessages(as: string, channel: string): Promise<StreamMessage[]> {
  const controller = new AbortController();
  const response = await fetch(`${sandbox.url}api/stream?as=${as}&channel=${channel}`, { signal: controller.signal });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the stream ended');
    text += decoder.decode(value, { stream: true });
    const event = /event: messages\ndata: (.*)\n\n/.exec(text);
    if (event) {
      controller.abort();
      return (JSON.parse(event[1] as string) as { upsert: StreamMessage[] }).upsert;
    }
  }
}

describe('the sandbox server', () => {
  it('acts as the chosen person and streams only what that person can see', async () => {
    const general = sandbox.internals.world.general.channelId;
    const challenge = await post('slash', {
      as: 'alice',
      channelId: general,
      command: 'duel challenge',
      options: { opponent: person('bob'), game: 'nova' },
    });
    expect(challenge).toMatchObject({ status: 200, body: { state: 'acknowledged' } });
    const [offer] = await firstMessages('bob', general);
    const accept = offer?.components
      .flatMap((row) => row.components ?? [])
      .find((c) => c.custom_id?.startsWith('c:accept:'))?.custom_id;
    expect(accept).toBeDefined();
    expect(
      await post('click', { as: 'bob', channelId: general, messageId: offer?.id, customId: accept }),
    ).toMatchObject({
      status: 200,
    });
    await sandbox.internals.bot.idle();
    const matchId = offer?.id as string;

    // Bob opens his hand: an ephemeral in the thread that Alice's and Carol's streams never carry.
    // The board is the message with the hand button (a "your decision" mention may follow it).
    const board = (await firstMessages('bob', matchId))
      .filter(
        (m) => !m.ephemeral && m.components.some((r) => r.components?.some((c) => c.custom_id === `h:${matchId}`)),
      )
      .at(-1);
    expect(
      await post('click', { as: 'bob', channelId: matchId, messageId: board?.id, customId: `h:${matchId}` }),
    ).toMatchObject({ status: 200, body: { state: 'acknowledged' } });
    await sandbox.internals.bot.idle();
    const bobSees = await firstMessages('bob', matchId);
    const bobsHands = bobSees.filter((m) => m.ephemeral).map((m) => m.id);
    expect(bobsHands.length).toBeGreaterThan(0);
    for (const other of ['alice', 'carol']) {
      const seen = await firstMessages(other, matchId);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.filter((m) => bobsHands.includes(m.id))).toEqual([]);
    }
  });

  it("answers with the reason the Discord client would give, and refuses people it doesn't know", async () => {
    const general = sandbox.internals.world.general.channelId;
    const missing = await post('slash', { as: 'alice', channelId: general, command: 'duel challenge', options: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/needs option\(s\) opponent/);
    const stranger = await post('slash', { as: 'mallory', command: 'concede' });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error).toMatch(/unknown person/);
    const choices = await post('autocomplete', {
      as: 'alice',
      channelId: general,
      command: 'duel challenge',
      options: { game: 'nova', deck: '' },
      focused: 'deck',
    });
    expect((choices.body.choices as unknown[]).length).toBeGreaterThan(0);
  });
});

describe('a modal in the sandbox', () => {
  it('/deck import opens the form, and the page submits it the way the Discord client does', async () => {
    const general = sandbox.internals.world.general.channelId;
    const opened = await post('slash', { as: 'alice', channelId: general, command: 'deck import', options: {} });
    expect(opened.status).toBe(200);
    const modal = opened.body.modal as { custom_id: string; title: string };
    expect(modal.custom_id).toBe('deck:import:nova');
    expect(modal.title).toBe('Import a NOVA deck');
    // A required field left empty is refused (the page keeps the form open with what was typed).
    const empty = await post('modal', { as: 'alice', channelId: general, customId: modal.custom_id, fields: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/needs field "name"/);
    const sent = await post('modal', {
      as: 'alice',
      channelId: general,
      customId: modal.custom_id,
      fields: { name: 'Sandbox deck', list: '3 ember-whelp' },
    });
    expect(sent.body.state).toBe('acknowledged');
    await sandbox.internals.bot.idle();
    const seen = await firstMessages('alice', general);
    expect(seen.some((m) => m.ephemeral && m.content.startsWith('Saved "Sandbox deck" (not legal yet)'))).toBe(true);
  });
});

describe('the language switch', () => {
  it('sets the locale the Discord client sends, so the bot answers in it', async () => {
    expect((await post('locale', { as: 'carol', locale: 'ja' })).body).toEqual({
      locale: 'ja',
      ms: expect.any(Number),
    });
    const carol = sandbox.internals.world.people.find((p) => p.key === 'carol');
    expect(carol?.user.record.locale).toBe('ja');
    expect((await post('locale', { as: 'carol', locale: 'xx' })).status).toBe(400);
    // Public messages follow the server's setting; the bot's answers to carol herself follow her language.
    const general = sandbox.internals.world.general.channelId;
    const self = await post('slash', {
      as: 'carol',
      channelId: general,
      command: 'duel challenge',
      options: { opponent: person('carol') },
    });
    expect(self.status).toBe(200);
    await sandbox.internals.bot.idle();
    const seen = await firstMessages('carol', general);
    expect(seen.filter((m) => m.ephemeral).map((m) => m.content)).toContainEqual(expect.stringMatching(/自分自身/));
  });
});
