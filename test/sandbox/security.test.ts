// Other web pages cannot drive the sandbox, and the local Discord serves an attachment only by the signed URL given to
// those who may see its message (issue 25 item 3; reliability review D3 and D12).
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../src/sandbox/start.ts';

let dir: string;
let sandbox: Sandbox;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'arbiter-sandbox-security-'));
  sandbox = await startSandbox({ port: 0, dbPath: join(dir, 'arbiter.db'), images: false, log: () => {} });
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw request, so the Host, Origin and content type can be anything a browser or an attacker would send. */
function send(
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body = '',
): Promise<{ status: number; text: string }> {
  const { port } = new URL(sandbox.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const say = (text: string) =>
  JSON.stringify({ as: 'alice', channelId: sandbox.internals.world.general.channelId, content: text });
const messagesSaying = (text: string) =>
  [...sandbox.internals.discord.store.messages.values()].flat().filter((m) => m.content === text).length;

describe('the sandbox refuses other web pages', () => {
  it('takes actions only as JSON, from its own origin, under its own host name', async () => {
    const host = new URL(sandbox.url).host;
    // The reproduction: a cross-site text/plain POST (no preflight in a browser).
    const plain = await send(
      'POST',
      '/api/say',
      {
        host,
        'content-type': 'text/plain',
        origin: 'http://evil.example',
      },
      say('from evil, plain'),
    );
    expect(plain.status).toBe(415);
    const foreign = await send(
      'POST',
      '/api/say',
      {
        host,
        'content-type': 'application/json',
        origin: 'http://evil.example',
      },
      say('from evil, json'),
    );
    expect(foreign.status).toBe(403);
    const crossSite = await send(
      'POST',
      '/api/say',
      {
        host,
        'content-type': 'application/json',
        'sec-fetch-site': 'cross-site',
      },
      say('from evil, no origin'),
    );
    expect(crossSite.status).toBe(403);
    // DNS rebinding: a foreign name resolving to 127.0.0.1 reaches the server with that name as its Host.
    const rebound = await send('GET', '/api/commands', { host: `evil.example:${new URL(sandbox.url).port}` });
    expect(rebound.status).toBe(421);
    const reboundPost = await send(
      'POST',
      '/api/say',
      {
        host: `evil.example:${new URL(sandbox.url).port}`,
        'content-type': 'application/json',
      },
      say('rebound'),
    );
    expect(reboundPost.status).toBe(421);
    expect(messagesSaying('from evil, plain') + messagesSaying('from evil, json')).toBe(0);
    expect(messagesSaying('from evil, no origin') + messagesSaying('rebound')).toBe(0);

    // The page itself: JSON from its own origin.
    const own = await send(
      'POST',
      '/api/say',
      {
        host,
        'content-type': 'application/json; charset=utf-8',
        origin: sandbox.url.replace(/\/$/, ''),
      },
      say('from the page'),
    );
    expect(own.status).toBe(200);
    expect(messagesSaying('from the page')).toBe(1);
    expect((await send('GET', '/api/commands', { host: `127.0.0.1:${new URL(sandbox.url).port}` })).status).toBe(200);
  });
});

describe('the local Discord', () => {
  it('serves an attachment only by the signed URL that went to those who may see its message', async () => {
    const { discord, world } = sandbox.internals;
    const alice = world.people.find((p) => p.key === 'alice')?.user;
    if (!alice) throw new Error('no alice');
    // A refused import comes back to Alice alone as an ephemeral file.
    const answer = await (
      await alice.slash('deck import', { name: 'x', list: '0 fusebug' }, { in: world.general })
    ).settled();
    const file = answer.attachments[0];
    if (!file) throw new Error('no file');
    const signature = discord.store.attachmentSignature(answer.channelId, file.id);
    const base = `${discord.baseUrl}/attachments/${answer.channelId}/${file.id}/${file.filename}`;
    expect((await fetch(base)).status).toBe(404);
    expect((await fetch(`${base}?hm=${'0'.repeat(64)}`)).status).toBe(404);
    const signed = await fetch(`${base}?hm=${signature}`);
    expect(signed.status).toBe(200);
    expect(await signed.text()).toBe('0 fusebug');
  });
});
