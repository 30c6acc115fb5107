import type { IncomingMessage, ServerResponse } from 'node:http';
import { DiscordApiError, notFound, unauthorized } from './errors.ts';
import type { UploadedFile } from './messages.ts';
import type { RateLimiter } from './rate-limits.ts';

/**
 * The REST plumbing: parses JSON and multipart bodies the way @discordjs/rest sends them, matches
 * `/api/v10/...` paths against a route table, answers Discord-shaped errors, and can be told to
 * answer 429 on a route.
 */

type Json = Record<string, unknown>;

export interface ApiRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: Json;
  files: UploadedFile[];
}

/** A handler's answer: JSON, or null for 204 No Content. */
export type ApiResult = Json | Json[] | null;

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** `/channels/:channelId/messages`; a `:name` segment matches one path segment. */
  pattern: string;
  /** Interaction callbacks and webhook routes are called without the bot token. */
  auth: boolean;
  /** The success status when there is a body (Discord answers 201 Created to a few creations); 200 otherwise. */
  status?: number;
  handle(request: ApiRequest): ApiResult | Promise<ApiResult>;
}

export interface RateLimitRule {
  method: string;
  pattern: string;
  /** How many more requests get 429 before the route works again. */
  remaining: number;
  retryAfterSeconds: number;
  global: boolean;
}

/** One request and its answer, for the conformance recorder (`FakeDiscord.onExchange`). */
export interface Exchange {
  method: string;
  /** The route pattern (`/channels/:channelId/messages`); null when no route matched. */
  pattern: string | null;
  path: string;
  query: string;
  body: unknown;
  fileCount: number;
  status: number;
  response: unknown;
}

interface CompiledRoute extends Route {
  regex: RegExp;
  names: string[];
}

function compile(pattern: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\@]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { regex: new RegExp(`^${source}$`), names };
}

const API_PREFIX = /^\/api\/v(9|10)(\/.*)$/;

export class RestRouter {
  readonly #routes: CompiledRoute[];
  readonly #rateLimits: RateLimitRule[] = [];

  constructor(
    routes: readonly Route[],
    private readonly botToken: string,
    private readonly extra: (request: IncomingMessage, response: ServerResponse) => boolean,
    private readonly limiter: RateLimiter,
    private readonly onExchange: (exchange: Exchange) => void = () => {},
  ) {
    this.#routes = routes.map((route) => ({ ...route, ...compile(route.pattern) }));
  }

  /** Makes the next `times` requests matching method + pattern answer 429 with `retry_after`. */
  rateLimit(rule: Omit<RateLimitRule, 'remaining'> & { times: number }): void {
    const { times, ...rest } = rule;
    this.#rateLimits.push({ ...rest, method: rule.method.toUpperCase(), remaining: times });
  }

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let exchange: Omit<Exchange, 'status' | 'response'> | null = null;
    const answer = (status: number, headers: Record<string, string>, result: unknown) => {
      if (result === undefined) response.writeHead(status, headers).end();
      else response.writeHead(status, { ...headers, 'content-type': 'application/json' }).end(JSON.stringify(result));
      if (exchange) this.onExchange({ ...exchange, status, response: result ?? null });
    };
    try {
      if (this.extra(request, response)) return;
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const api = API_PREFIX.exec(url.pathname);
      if (!api) throw notFound();
      const path = api[2] as string;
      const method = (request.method ?? 'GET').toUpperCase();
      const match = this.match(method, path);
      if (!match) throw notFound();
      if (match.route.auth && request.headers.authorization !== `Bot ${this.botToken}`) throw unauthorized();
      if (this.answerRateLimit(method, path, response)) return;
      const verdict = this.limiter.take({
        method,
        pattern: match.route.pattern,
        params: match.params,
        global: match.route.auth,
      });
      const { body, files } = await readBody(request);
      exchange = {
        method,
        pattern: match.route.pattern,
        path,
        query: url.search,
        body,
        fileCount: files.length,
      };
      if (!verdict.allowed) {
        // Discord's 429 body: message, retry_after, global and (the spec requires it) code.
        answer(429, verdict.headers, {
          message: 'You are being rate limited.',
          retry_after: verdict.retryAfterSeconds,
          global: verdict.global,
          code: 0,
        });
        return;
      }
      const result = await match.route.handle({
        method,
        path,
        params: match.params,
        query: url.searchParams,
        body,
        files,
      });
      if (result === null) answer(204, verdict.headers, undefined);
      else answer(match.route.status ?? 200, verdict.headers, result);
    } catch (error) {
      const apiError =
        error instanceof DiscordApiError
          ? error
          : new DiscordApiError(
              500,
              0,
              `fake Discord internal error: ${error instanceof Error ? error.message : String(error)}`,
            );
      if (!(error instanceof DiscordApiError)) console.error(error);
      if (!response.headersSent) answer(apiError.status, {}, apiError.toBody());
    }
  }

  private match(method: string, path: string): { route: CompiledRoute; params: Record<string, string> } | null {
    for (const route of this.#routes) {
      if (route.method !== method) continue;
      const found = route.regex.exec(path);
      if (!found) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => {
        params[name] = decodeURIComponent(found[i + 1] as string);
      });
      return { route, params };
    }
    return null;
  }

  private answerRateLimit(method: string, path: string, response: ServerResponse): boolean {
    const rule = this.#rateLimits.find(
      (r) => r.remaining > 0 && r.method === method && compile(r.pattern).regex.test(path),
    );
    if (!rule) return false;
    rule.remaining -= 1;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'retry-after': String(rule.retryAfterSeconds),
      'x-ratelimit-scope': rule.global ? 'global' : 'user',
    };
    if (rule.global) headers['x-ratelimit-global'] = 'true';
    response.writeHead(429, headers);
    response.end(
      JSON.stringify({
        message: 'You are being rate limited.',
        retry_after: rule.retryAfterSeconds,
        global: rule.global,
        code: 0,
      }),
    );
    return true;
  }
}

async function readBody(request: IncomingMessage): Promise<{ body: Json; files: UploadedFile[] }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const type = request.headers['content-type'] ?? '';
  if (raw.length === 0) return { body: {}, files: [] };
  if (type.startsWith('multipart/form-data')) return readMultipart(raw, type);
  try {
    const body = JSON.parse(raw.toString('utf8')) as unknown;
    return { body: typeof body === 'object' && body !== null ? (body as Json) : {}, files: [] };
  } catch {
    throw new DiscordApiError(400, 50109, 'The request body contains invalid JSON.');
  }
}

async function readMultipart(raw: Buffer, contentType: string): Promise<{ body: Json; files: UploadedFile[] }> {
  const form = await new Request('http://127.0.0.1/', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: raw,
  }).formData();
  const payload = form.get('payload_json');
  const body = typeof payload === 'string' ? (JSON.parse(payload) as Json) : {};
  const files: UploadedFile[] = [];
  for (const [key, value] of form.entries()) {
    const index = /^files\[(\d+)\]$/.exec(key)?.[1];
    if (index === undefined || typeof value === 'string') continue;
    files.push({
      index: Number(index),
      filename: value.name,
      contentType: value.type || 'application/octet-stream',
      bytes: new Uint8Array(await value.arrayBuffer()),
    });
  }
  return { body, files };
}
