import { inflateSync } from 'node:zlib';
import { Client, GatewayIntentBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { FakeDiscord } from '../../src/devtools/fake-discord/index.ts';

type Frame = { op: number; t?: string; s?: number; d?: Record<string, unknown> };

/** A bare gateway client, to check the protocol itself rather than discord.js's handling of it. */
function connect(
  url: string,
): Promise<{ ws: WebSocket; frames: Frame[]; next(): Promise<Frame>; closed: Promise<number> }> {
  const ws = new WebSocket(url);
  const frames: Frame[] = [];
  const waiting: ((frame: Frame) => void)[] = [];
  ws.on('message', (data: Buffer) => {
    const frame = JSON.parse(String(data)) as Frame;
    const waiter = waiting.shift();
    if (waiter) waiter(frame);
    else frames.push(frame);
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const next = () =>
    new Promise<Frame>((resolve) => {
      const queued = frames.shift();
      if (queued) resolve(queued);
      else waiting.push(resolve);
    });
  return new Promise((resolve) => ws.on('open', () => resolve({ ws, frames, next, closed })));
}

describe('fake Discord gateway protocol', () => {
  let discord: FakeDiscord;
  beforeAll(async () => {
    discord = await FakeDiscord.start({ heartbeatIntervalMs: 20 });
    discord.createGuild('G');
  });
  afterAll(async () => {
    await discord.close();
  });

  it('serves /gateway/bot only with the bot token', async () => {
    const ok = await fetch(`${discord.restUrl}/v10/gateway/bot`, {
      headers: { authorization: `Bot ${discord.botToken}` },
    });
    expect(((await ok.json()) as { url: string }).url).toBe(discord.gatewayUrl);
    const denied = await fetch(`${discord.restUrl}/v10/gateway/bot`, { headers: { authorization: 'Bot wrong' } });
    expect(denied.status).toBe(401);
  });

  it('HELLO, heartbeat ACK, READY with a local resume URL and the application, then GUILD_CREATE', async () => {
    const gw = await connect(`${discord.gatewayUrl}?v=10&encoding=json`);
    expect((await gw.next()).d?.heartbeat_interval).toBe(20);
    gw.ws.send(JSON.stringify({ op: 1, d: null }));
    expect((await gw.next()).op).toBe(11);
    gw.ws.send(JSON.stringify({ op: 2, d: { token: discord.botToken, intents: 1, properties: {} } }));
    const ready = await gw.next();
    expect(ready.t).toBe('READY');
    expect(ready.s).toBe(1);
    expect(ready.d?.resume_gateway_url).toBe(discord.gatewayUrl);
    expect(ready.d?.application).toEqual({ id: discord.applicationId, flags: 0 });
    expect((await gw.next()).t).toBe('GUILD_CREATE');
    gw.ws.close(1000);
  });

  it('closes with 4004 on a wrong token and answers an unknown RESUME with INVALID_SESSION', async () => {
    const bad = await connect(`${discord.gatewayUrl}?v=10&encoding=json`);
    await bad.next();
    bad.ws.send(JSON.stringify({ op: 2, d: { token: 'nope', intents: 0, properties: {} } }));
    expect(await bad.closed).toBe(4004);
    const resume = await connect(`${discord.gatewayUrl}?v=10&encoding=json`);
    await resume.next();
    resume.ws.send(JSON.stringify({ op: 6, d: { token: discord.botToken, session_id: 'unknown', seq: 3 } }));
    expect(await resume.next()).toEqual({ op: 9, d: false });
    resume.ws.close(1000);
  });

  it('refuses encodings it does not speak with a clear close reason', async () => {
    const etf = new WebSocket(`${discord.gatewayUrl}?v=10&encoding=etf`);
    const [code, reason] = await new Promise<[number, string]>((resolve) =>
      etf.on('close', (c, r) => resolve([c, String(r)])),
    );
    expect(code).toBe(4002);
    expect(reason).toMatch(/encoding=json only/);
  });

  it('compress=zlib-stream: one deflate stream, each payload ending in a sync flush', async () => {
    const ws = new WebSocket(`${discord.gatewayUrl}?v=10&encoding=json&compress=zlib-stream`);
    const chunks: Buffer[] = [];
    const hello = new Promise<void>((resolve) =>
      ws.on('message', (data: Buffer) => {
        chunks.push(data);
        resolve();
      }),
    );
    await hello;
    const first = chunks[0] as Buffer;
    expect(first.subarray(-4)).toEqual(Buffer.from([0, 0, 0xff, 0xff]));
    // A sync-flushed prefix of a zlib stream inflates with finishFlush = Z_SYNC_FLUSH.
    const text = inflateSync(first, { finishFlush: 2 }).toString();
    expect(JSON.parse(text)).toMatchObject({ op: 10 });
    // The second payload continues the same stream: it inflates only after the first.
    const ack = new Promise<void>((resolve) => ws.once('message', () => resolve()));
    ws.send(JSON.stringify({ op: 1, d: null }));
    await ack;
    const both = inflateSync(Buffer.concat(chunks), { finishFlush: 2 }).toString();
    expect(both).toBe(`${text}{"op":11}`);
    ws.close(1000);
  });

  it('keeps a real client heartbeating: discord.js measures a ping', async () => {
    const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: discord.restUrl } });
    await client.login(discord.botToken);
    await discord.until(() => client.ws.ping >= 0, 2_000, 'a heartbeat ACK');
    expect(client.ws.ping).toBeGreaterThanOrEqual(0);
    await client.destroy();
  });
});
