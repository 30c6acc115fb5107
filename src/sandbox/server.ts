// The sandbox's web server (node:http, 127.0.0.1): the page's static files, a server-sent-events stream of what the
// selected person sees, and small JSON endpoints that act as that person through the fake Discord's driver.
// Other web pages must not drive it (docs/sandbox.md, "Who can reach it"): every request must name this server in its
// Host header (no DNS rebinding), and an action must be a JSON POST (a cross-site form or text/plain request cannot
// be one without a CORS preflight, which is never granted) from this page's own origin when the browser says one.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FakeDiscord, InteractionOutcome, OptionValue } from '../devtools/fake-discord/index.ts';
import { channelList, messageViews, type PageMessage } from './views.ts';
import type { SandboxPerson, SandboxWorld } from './world.ts';

const PUBLIC = fileURLToPath(new URL('./public/', import.meta.url));
const STATIC: Record<string, [file: string, type: string]> = {
  '/': ['index.html', 'text/html; charset=utf-8'],
  '/app.js': ['app.js', 'text/javascript; charset=utf-8'],
  '/style.css': ['style.css', 'text/css; charset=utf-8'],
};

/**
 * The Japanese web font: the npm Noto Sans JP the renderer draws with (render/fonts.ts), so a machine without CJK
 * fonts shows the page's Japanese, not boxes (issue 26 item 13). The page's CSS asks for it only for Japanese
 * characters (`unicode-range`), so an English page never downloads it.
 */
const FONT_ROOT = dirname(createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-jp/package.json'));
const FONTS: Record<string, string> = {
  '/fonts/noto-sans-jp-400.ttf': join(FONT_ROOT, '400Regular/NotoSansJP_400Regular.ttf'),
  '/fonts/noto-sans-jp-700.ttf': join(FONT_ROOT, '700Bold/NotoSansJP_700Bold.ttf'),
};

export interface SandboxServer {
  url: string;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

const LOCALES = ['en-US', 'ja'];

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startSandboxServer(options: {
  discord: FakeDiscord;
  world: SandboxWorld;
  port: number;
}): Promise<SandboxServer> {
  const { discord, world } = options;
  const streams = new Set<Stream>();

  const person = (key: unknown): SandboxPerson => {
    const found = world.people.find((p) => p.key === key);
    if (!found) throw new HttpError(400, `unknown person "${String(key)}"`);
    return found;
  };

  let port = 0;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (!isOwnHost(req.headers.host, port)) throw new HttpError(421, 'this sandbox answers only as localhost');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const file = STATIC[url.pathname];
    if (req.method === 'GET' && file) {
      const body = await readFile(`${PUBLIC}${file[0]}`);
      res.writeHead(200, { 'content-type': file[1], 'cache-control': 'no-cache' }).end(body);
      return;
    }
    const font = FONTS[url.pathname];
    if (req.method === 'GET' && font) {
      const body = await readFile(font);
      res.writeHead(200, { 'content-type': 'font/ttf', 'cache-control': 'max-age=86400' }).end(body);
      return;
    }
    if (req.method === 'GET' && url.pathname === '/api/stream') {
      // A page remembering someone this sandbox does not have (an old address) is shown as the first person.
      const who = world.people.find((p) => p.key === url.searchParams.get('as')) ?? (world.people[0] as SandboxPerson);
      const stream = new Stream(res, discord, world, who, url.searchParams.get('channel'));
      streams.add(stream);
      req.on('close', () => {
        stream.close();
        streams.delete(stream);
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/api/commands') {
      const guildCommands = discord.commands.list(world.guild.id);
      const global = discord.commands.list(null).filter((c) => !guildCommands.some((g) => g.body.name === c.body.name));
      sendJson(res, 200, { commands: [...guildCommands, ...global].map((c) => c.body) });
      return;
    }
    const fileMatch = /^\/files\/(\d+)\/(\d+)\/(\d+)\/[^/]+$/.exec(url.pathname);
    if (req.method === 'GET' && fileMatch) {
      serveAttachment(res, discord, person(url.searchParams.get('as')), fileMatch.slice(1) as [string, string, string]);
      return;
    }
    if (req.method === 'POST' && url.pathname.startsWith('/api/')) {
      refuseForeign(req, port);
      const body = (await readJson(req)) as Json;
      const who = person(body.as);
      const started = performance.now();
      const answer = await act(world, who, url.pathname.slice('/api/'.length), body);
      sendJson(res, 200, { ...answer, ms: Math.round(performance.now() - started) });
      return;
    }
    throw new HttpError(404, 'not found');
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 400;
      if (!res.headersSent) sendJson(res, status, { error: (error as Error).message });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });

  let pending: NodeJS.Timeout | null = null;
  const onChange = () => {
    // Coalesced: a click edits several messages in a few milliseconds; the page redraws once.
    pending ??= setTimeout(() => {
      pending = null;
      for (const stream of streams) stream.push();
    }, 15);
  };
  discord.events.on('change', onChange);
  discord.events.on('channel', onChange);
  const failed = (event: { userId: string; state: string }) => {
    if (event.state !== 'failed') return;
    for (const stream of streams) if (stream.person.user.id === event.userId) stream.notice('This interaction failed');
  };
  discord.events.on('interaction', failed);
  const heartbeat = setInterval(() => {
    for (const stream of streams) stream.comment();
  }, 15_000);

  port = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}/`,
    async close() {
      clearInterval(heartbeat);
      if (pending) clearTimeout(pending);
      discord.events.off('change', onChange);
      discord.events.off('channel', onChange);
      discord.events.off('interaction', failed);
      for (const stream of streams) stream.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** One page's live view: the channel list and the open channel, as one person sees them, sent as diffs. */
class Stream {
  #sent = new Map<string, string>();
  #channels = '';
  #closed = false;
  #started = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly discord: FakeDiscord,
    private readonly world: SandboxWorld,
    readonly person: SandboxPerson,
    private channelId: string | null,
  ) {
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const visible = discord.channelsVisibleTo(person.user.id).map((c) => c.id);
    if (!this.channelId || !visible.includes(this.channelId)) this.channelId = world.general.channelId;
    this.send('hello', {
      me: person.key,
      channelId: this.channelId,
      guild: world.guild.record.name,
      people: world.people.map((p) => ({
        key: p.key,
        name: p.name,
        color: p.color,
        id: p.user.id,
        locale: p.user.record.locale,
      })),
    });
    this.push();
  }

  push(): void {
    if (this.#closed) return;
    const channels = channelList(this.discord, this.world, this.person);
    const channelsJson = JSON.stringify(channels);
    if (channelsJson !== this.#channels) {
      this.#channels = channelsJson;
      this.send('channels', { channels });
    }
    const messages: PageMessage[] = this.channelId
      ? messageViews(this.discord, this.world, this.person, this.channelId)
      : [];
    const upsert: PageMessage[] = [];
    const seen = new Set<string>();
    for (const m of messages) {
      seen.add(m.id);
      const json = JSON.stringify(m);
      if (this.#sent.get(m.id) !== json) {
        this.#sent.set(m.id, json);
        upsert.push(m);
      }
    }
    const removed = [...this.#sent.keys()].filter((id) => !seen.has(id));
    for (const id of removed) this.#sent.delete(id);
    // The first answer goes out even for an empty channel, so the page can say so.
    if (upsert.length > 0 || removed.length > 0 || !this.#started) {
      this.#started = true;
      this.send('messages', { channelId: this.channelId, upsert, removed, order: messages.map((m) => m.id) });
    }
  }

  notice(text: string): void {
    this.send('notice', { text });
  }

  comment(): void {
    if (!this.#closed) this.res.write(': keep-alive\n\n');
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.res.end();
  }

  private send(event: string, data: unknown): void {
    if (!this.#closed) this.res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }
}

/** One action as `who`, through the driver, so the fake Discord refuses what the Discord client would. */
async function act(world: SandboxWorld, who: SandboxPerson, action: string, body: Json): Promise<Json> {
  const user = who.user;
  const channel = { channelId: String(body.channelId ?? world.general.channelId) };
  const message = { channelId: channel.channelId, id: String(body.messageId ?? '') };
  switch (action) {
    case 'slash':
      return outcome(await user.slash(String(body.command), slashOptions(body.options, null), { in: channel }));
    case 'autocomplete': {
      const focused = String(body.focused);
      const choices = await user.autocomplete(String(body.command), slashOptions(body.options, focused), focused, {
        in: channel,
      });
      return { choices };
    }
    case 'click':
      return outcome(await user.click(message, String(body.customId)));
    case 'select':
      return outcome(await user.select(message, String(body.customId), (body.values as string[]) ?? []));
    case 'modal':
      return outcome(await user.submitModal(String(body.customId), (body.fields as Record<string, string>) ?? {}));
    case 'locale': {
      // The Discord client's language, which every interaction carries: the bot answers in it.
      const locale = String(body.locale);
      if (!LOCALES.includes(locale)) throw new HttpError(400, `the sandbox offers ${LOCALES.join(', ')}`);
      user.record.locale = locale;
      return { locale };
    }
    case 'say':
      user.say(channel, String(body.content ?? ''));
      return { state: 'sent' };
    default:
      throw new HttpError(404, `no action ${action}`);
  }
}

function outcome(result: InteractionOutcome): Json {
  return {
    state: result.state,
    ...(result.modal ? { modal: result.modal } : {}),
    ...(result.state === 'failed' ? { error: 'This interaction failed' } : {}),
  };
}

/** The page sends plain JSON: users by id, files as { filename, base64 }. */
function slashOptions(raw: unknown, focused: string | null): Record<string, OptionValue> {
  const options: Record<string, OptionValue> = {};
  for (const [name, value] of Object.entries((raw ?? {}) as Json)) {
    // An empty option is left out, except the one being typed into: autocomplete asks with what is there so far.
    if ((value === '' && name !== focused) || value === null || value === undefined) continue;
    if (typeof value === 'object' && 'base64' in value) {
      const file = value as { filename?: string; base64: string; contentType?: string };
      options[name] = {
        filename: file.filename ?? 'file',
        bytes: Buffer.from(file.base64, 'base64'),
        ...(file.contentType ? { contentType: file.contentType } : {}),
      };
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      options[name] = value;
    }
  }
  return options;
}

function serveAttachment(res: ServerResponse, discord: FakeDiscord, who: SandboxPerson, ids: [string, string, string]) {
  const [channelId, messageId, attachmentId] = ids;
  const store = discord.store;
  const channel = store.channels.get(channelId);
  const message = store.messages.get(channelId)?.find((m) => m.id === messageId);
  const attachment = message?.attachments.find((a) => a.id === attachmentId);
  // The same rule as the Discord client: someone else's ephemeral image is not there for you.
  if (
    !channel ||
    !message ||
    !attachment ||
    !store.canSeeChannel(who.user.id, channel) ||
    !store.canSeeMessage(who.user.id, message)
  ) {
    throw new HttpError(404, 'no such file');
  }
  res
    .writeHead(200, {
      'content-type': attachment.contentType,
      // Attachment ids are never reused: an edited board gets a new id, so the browser may keep each one.
      'cache-control': 'private, max-age=31536000, immutable',
    })
    .end(Buffer.from(attachment.bytes));
}

/** The Host header names this server (`localhost` or `127.0.0.1`, its port): not a rebound foreign name. */
function isOwnHost(host: string | undefined, port: number): boolean {
  return host === `localhost:${port}` || host === `127.0.0.1:${port}` || host === `[::1]:${port}`;
}

/** An action must be JSON, and from this page when the browser says where it comes from. */
function refuseForeign(req: IncomingMessage, port: number): void {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') throw new HttpError(415, 'actions are JSON (content-type: application/json)');
  const origin = req.headers.origin;
  if (origin !== undefined && !isOwnHost(origin.replace(/^http:\/\//, ''), port))
    throw new HttpError(403, `actions come from this page only, not from ${origin}`);
  if (req.headers['sec-fetch-site'] === 'cross-site') throw new HttpError(403, 'actions come from this page only');
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 2_000_000) throw new HttpError(413, 'request too large');
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch {
    throw new HttpError(400, 'the body is not JSON');
  }
}
