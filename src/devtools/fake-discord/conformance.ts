import * as spec from 'discord-api-spec/zod';
import { safeParse, type ZodMiniType } from 'zod/mini';
import { DiscordApiError } from './errors.ts';
import type { Exchange } from './http.ts';
import { checkAutocompleteChoices, checkMessageBody, checkModal } from './limits.ts';

/**
 * Conformance to Discord's official API spec (the zod schemas of the dev dependency `discord-api-spec`, generated
 * from discord/discord-api-spec): every request the bot sends is checked against its operation's request schema and
 * the documented limits the spec does not encode (5 action rows, 25 select options, ...: the fake's own checks in
 * limits.ts); every answer of the fake against the operation's response schema; gateway events against the object
 * schemas they carry. A violation names the operation, the field and the rule.
 */

type Json = Record<string, unknown>;

export interface Violation {
  /** The spec's operation id (`create_message`) or gateway event (`MESSAGE_CREATE`). */
  operation: string;
  /** 'request': the bot sent it; 'response' / 'event': the fake did. */
  side: 'request' | 'response' | 'event';
  /** Dotted path in the body (`components.0.components.0.custom_id`); '' for the whole body. */
  field: string;
  /** The schema's issue code (`too_big`) or the documented limit's Discord code (`BASE_TYPE_MAX_LENGTH`). */
  code: string;
  message: string;
  /** The custom_ids and title of the request, to find the code that built it. */
  hint: string;
  /** The test file and test running when it was recorded (FAKE_DISCORD_CONFORMANCE_SOURCE), if any. */
  source?: string;
}

interface Operation {
  id: string;
  method: string;
  pattern: string;
  /** The request body's schema (by the body, for interaction callbacks); absent: no body. */
  request?: (body: unknown) => ZodMiniType | null;
  /** A list body: each element is checked. */
  requestList?: boolean;
  /** Documented limits for the body, beyond the schema. */
  limits?: (body: Json, fileCount: number) => void;
  response?: ZodMiniType;
  responseList?: boolean;
}

const CALLBACK_SCHEMAS: Record<number, ZodMiniType> = {
  1: spec.PongInteractionCallbackRequestSchema,
  4: spec.CreateMessageInteractionCallbackRequestSchema,
  5: spec.CreateMessageInteractionCallbackRequestSchema,
  6: spec.UpdateMessageInteractionCallbackRequestSchema,
  7: spec.UpdateMessageInteractionCallbackRequestSchema,
  8: spec.ApplicationCommandAutocompleteCallbackRequestSchema,
  9: spec.ModalInteractionCallbackRequestSchema,
};

const asJson = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});

/** The operations the fake serves, by the spec's operation ids. */
const OPERATIONS: Operation[] = [
  {
    id: 'create_message',
    method: 'POST',
    pattern: '/channels/:channelId/messages',
    request: () => spec.MessageCreateRequestSchema,
    limits: (body, files) => checkMessageBody(body, '', { isCreate: true, fileCount: files }),
    response: spec.MessageResponseSchema,
  },
  {
    id: 'update_message',
    method: 'PATCH',
    pattern: '/channels/:channelId/messages/:messageId',
    request: () => spec.MessageEditRequestPartialSchema,
    limits: (body, files) => checkMessageBody(body, '', { isCreate: false, fileCount: files }),
    response: spec.MessageResponseSchema,
  },
  { id: 'delete_message', method: 'DELETE', pattern: '/channels/:channelId/messages/:messageId' },
  {
    id: 'get_message',
    method: 'GET',
    pattern: '/channels/:channelId/messages/:messageId',
    response: spec.MessageResponseSchema,
  },
  {
    id: 'list_messages',
    method: 'GET',
    pattern: '/channels/:channelId/messages',
    response: spec.MessageResponseSchema,
    responseList: true,
  },
  {
    id: 'create_interaction_response',
    method: 'POST',
    pattern: '/interactions/:interactionId/:token/callback',
    request: (body) => CALLBACK_SCHEMAS[Number(asJson(body).type)] ?? null,
    limits: (body, files) => {
      const data = asJson(body.data);
      if (body.type === 4 || body.type === 7) {
        checkMessageBody(data, 'data', { isCreate: body.type === 4, fileCount: files });
      }
      if (body.type === 8) checkAutocompleteChoices(data);
      if (body.type === 9) checkModal(data);
    },
    response: spec.InteractionCallbackResponseSchema,
  },
  {
    id: 'execute_webhook',
    method: 'POST',
    pattern: '/webhooks/:applicationId/:token',
    request: () => spec.IncomingWebhookRequestPartialSchema,
    limits: (body, files) => checkMessageBody(body, '', { isCreate: true, fileCount: files }),
    response: spec.MessageResponseSchema,
  },
  {
    id: 'get_webhook_message',
    method: 'GET',
    pattern: '/webhooks/:applicationId/:token/messages/:messageId',
    response: spec.MessageResponseSchema,
  },
  {
    id: 'update_webhook_message',
    method: 'PATCH',
    pattern: '/webhooks/:applicationId/:token/messages/:messageId',
    request: () => spec.IncomingWebhookUpdateRequestPartialSchema,
    limits: (body, files) => checkMessageBody(body, '', { isCreate: false, fileCount: files }),
    response: spec.MessageResponseSchema,
  },
  { id: 'delete_webhook_message', method: 'DELETE', pattern: '/webhooks/:applicationId/:token/messages/:messageId' },
  {
    id: 'bulk_set_application_commands',
    method: 'PUT',
    pattern: '/applications/:applicationId/commands',
    request: () => spec.ApplicationCommandUpdateRequestSchema,
    requestList: true,
    response: spec.ApplicationCommandResponseSchema,
    responseList: true,
  },
  {
    id: 'bulk_set_guild_application_commands',
    method: 'PUT',
    pattern: '/applications/:applicationId/guilds/:guildId/commands',
    request: () => spec.ApplicationCommandUpdateRequestSchema,
    requestList: true,
    response: spec.ApplicationCommandResponseSchema,
    responseList: true,
  },
  {
    id: 'create_application_command',
    method: 'POST',
    pattern: '/applications/:applicationId/commands',
    request: () => spec.ApplicationCommandCreateRequestSchema,
    response: spec.ApplicationCommandResponseSchema,
  },
  {
    id: 'list_application_commands',
    method: 'GET',
    pattern: '/applications/:applicationId/commands',
    response: spec.ApplicationCommandResponseSchema,
    responseList: true,
  },
  {
    id: 'create_thread',
    method: 'POST',
    pattern: '/channels/:channelId/threads',
    request: () => spec.CreateTextThreadWithoutMessageRequestSchema,
    response: spec.ThreadResponseSchema,
  },
  {
    id: 'create_thread_from_message',
    method: 'POST',
    pattern: '/channels/:channelId/messages/:messageId/threads',
    request: () => spec.CreateTextThreadWithMessageRequestSchema,
    response: spec.ThreadResponseSchema,
  },
  {
    id: 'update_channel',
    method: 'PATCH',
    pattern: '/channels/:channelId',
    request: () => spec.UpdateThreadRequestPartialSchema,
    response: spec.ThreadResponseSchema,
  },
  { id: 'add_thread_member', method: 'PUT', pattern: '/channels/:channelId/thread-members/:userId' },
  { id: 'delete_thread_member', method: 'DELETE', pattern: '/channels/:channelId/thread-members/:userId' },
  {
    id: 'create_dm',
    method: 'POST',
    pattern: '/users/@me/channels',
    request: () => spec.CreatePrivateChannelRequestSchema,
    response: spec.PrivateChannelResponseSchema,
  },
  { id: 'get_my_user', method: 'GET', pattern: '/users/@me', response: spec.UserResponseSchema },
  { id: 'get_user', method: 'GET', pattern: '/users/:userId', response: spec.UserResponseSchema },
  { id: 'get_bot_gateway', method: 'GET', pattern: '/gateway/bot', response: spec.GatewayBotResponseSchema },
  { id: 'get_gateway', method: 'GET', pattern: '/gateway', response: spec.GatewayResponseSchema },
  { id: 'get_guild', method: 'GET', pattern: '/guilds/:guildId', response: spec.GuildWithCountsResponseSchema },
  {
    id: 'get_guild_member',
    method: 'GET',
    pattern: '/guilds/:guildId/members/:userId',
    response: spec.GuildMemberResponseSchema,
  },
  {
    id: 'list_guild_members',
    method: 'GET',
    pattern: '/guilds/:guildId/members',
    response: spec.GuildMemberResponseSchema,
    responseList: true,
  },
  {
    id: 'search_guild_members',
    method: 'GET',
    pattern: '/guilds/:guildId/members/search',
    response: spec.GuildMemberResponseSchema,
    responseList: true,
  },
  {
    id: 'get_active_guild_threads',
    method: 'GET',
    pattern: '/guilds/:guildId/threads/active',
    response: spec.ThreadsResponseSchema,
  },
];

/** The object schema each gateway event carries (the spec has no gateway section; extra event fields are allowed). */
const EVENT_SCHEMAS: Record<string, ZodMiniType> = {
  MESSAGE_CREATE: spec.MessageResponseSchema,
  MESSAGE_UPDATE: spec.MessageResponseSchema,
  THREAD_CREATE: spec.ThreadResponseSchema,
  THREAD_UPDATE: spec.ThreadResponseSchema,
  CHANNEL_UPDATE: spec.GuildChannelResponseSchema,
  GUILD_CREATE: spec.GuildResponseSchema,
};

export function operationOf(method: string, pattern: string | null): Operation | null {
  return OPERATIONS.find((o) => o.method === method && o.pattern === pattern) ?? null;
}

/** custom_ids and titles in a body, so a violation points at the code that built it. */
function hintOf(body: unknown): string {
  const found = new Set<string>();
  const walk = (value: unknown, depth: number) => {
    if (depth > 8 || typeof value !== 'object' || value === null) return;
    for (const [key, inner] of Object.entries(value)) {
      if ((key === 'custom_id' || key === 'title' || key === 'name') && typeof inner === 'string') {
        found.add(`${key}=${inner.slice(0, 40)}`);
      }
      walk(inner, depth + 1);
    }
  };
  walk(body, 0);
  return [...found].slice(0, 4).join(', ');
}

/**
 * Where the spec disagrees with Discord's documentation and behaviour, the documentation wins:
 * - `default_member_permissions` is documented as a string (a bit set; discord.js sends one), the spec says number;
 * - 50035's nested `errors` carry string codes (`BASE_TYPE_REQUIRED`), the spec's error object has a number code.
 */
function documentedException(issue: { path: readonly PropertyKey[]; code: string }, value: unknown): boolean {
  const last = issue.path.at(-1);
  if (last === 'default_member_permissions' && issue.code === 'invalid_type') {
    let node: unknown = value;
    for (const key of issue.path) node = (node as Record<PropertyKey, unknown> | undefined)?.[key];
    return typeof node === 'string' && /^\d+$/.test(node);
  }
  return issue.path[0] === 'errors';
}

function schemaViolations(
  schema: ZodMiniType,
  value: unknown,
  operation: string,
  side: Violation['side'],
  prefix = '',
): Violation[] {
  const result = safeParse(schema, value);
  if (result.success) return [];
  const issues = result.error.issues.filter((issue) => !documentedException(issue, value));
  return issues.map((issue) => ({
    operation,
    side,
    field: [prefix, ...issue.path.map(String)].filter((p) => p !== '').join('.'),
    code: issue.code,
    message: issue.message,
    hint: side === 'request' ? hintOf(value) : '',
  }));
}

/** What a request breaks: the spec's request schema, then the documented limits. */
export function checkRequest(exchange: Pick<Exchange, 'method' | 'pattern' | 'body' | 'fileCount'>): Violation[] {
  const operation = operationOf(exchange.method, exchange.pattern);
  if (!operation) return [];
  const violations: Violation[] = [];
  const schema = operation.request?.(exchange.body);
  if (operation.request && !schema) {
    violations.push({
      operation: operation.id,
      side: 'request',
      field: 'type',
      code: 'invalid_value',
      message: 'no such interaction callback type',
      hint: hintOf(exchange.body),
    });
  } else if (schema) {
    if (operation.requestList) {
      const list = Array.isArray(exchange.body) ? exchange.body : [];
      list.forEach((item, i) => {
        violations.push(...schemaViolations(schema, item, operation.id, 'request', String(i)));
      });
    } else {
      violations.push(...schemaViolations(schema, exchange.body, operation.id, 'request'));
    }
  }
  if (operation.limits) {
    try {
      operation.limits(asJson(exchange.body), exchange.fileCount);
    } catch (error) {
      if (!(error instanceof DiscordApiError)) throw error;
      violations.push(...limitViolations(error, operation.id, exchange.body));
    }
  }
  return violations;
}

/** A 50035 from the fake's limit checks, one violation per field it names. */
function limitViolations(error: DiscordApiError, operation: string, body: unknown): Violation[] {
  const found: Violation[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (typeof node !== 'object' || node === null) return;
    for (const [key, inner] of Object.entries(node)) {
      if (key === '_errors' && Array.isArray(inner)) {
        for (const e of inner as { code: string; message: string }[]) {
          found.push({ operation, side: 'request', field: path.join('.'), code: e.code, message: e.message, hint: '' });
        }
      } else walk(inner, [...path, key]);
    }
  };
  walk(error.errors ?? {}, []);
  if (found.length === 0) {
    found.push({ operation, side: 'request', field: '', code: String(error.code), message: error.message, hint: '' });
  }
  return found.map((v) => ({ ...v, hint: hintOf(body) }));
}

/** What an answer of the fake breaks: the operation's response schema, or the error schemas. */
export function checkResponse(exchange: Exchange): Violation[] {
  const operation = operationOf(exchange.method, exchange.pattern);
  if (!operation || exchange.response === null) return [];
  if (exchange.status === 429) {
    return schemaViolations(spec.RatelimitedResponseSchema, exchange.response, operation.id, 'response');
  }
  if (exchange.status >= 400) {
    return schemaViolations(spec.ErrorResponseSchema, exchange.response, operation.id, 'response');
  }
  const schema = operation.response;
  if (!schema) return [];
  if (operation.responseList) {
    const list = Array.isArray(exchange.response) ? exchange.response : [];
    return list.flatMap((item, i) => schemaViolations(schema, item, operation.id, 'response', String(i)));
  }
  return schemaViolations(schema, exchange.response, operation.id, 'response');
}

export function checkEvent(event: string, data: unknown): Violation[] {
  const schema = EVENT_SCHEMAS[event];
  return schema ? schemaViolations(schema, data, event, 'event') : [];
}

/** Counts and violations over one or more fakes' traffic. */
export interface ConformanceReport {
  requests: number;
  responses: number;
  events: number;
  /** Operation ids and event names seen. */
  operations: string[];
  violations: (Violation & { times: number })[];
  /** Requests a test sent to be refused on purpose (`expectRefusal`) and the fake refused: not violations. */
  expectedRefusals: number;
}

export function emptyReport(): ConformanceReport {
  return { requests: 0, responses: 0, events: 0, operations: [], violations: [], expectedRefusals: 0 };
}

/** Where a violation came from: the test file and test that ran (set by the test setup, read when recording). */
const currentSource = (): string | undefined => process.env.FAKE_DISCORD_CONFORMANCE_SOURCE || undefined;

/** Distinct violations are kept (the same field broken by the same operation counts once, with how often). */
export class ConformanceRecorder {
  readonly report: ConformanceReport = emptyReport();
  readonly #operations = new Set<string>();
  readonly #seen = new Map<string, Violation & { times: number }>();
  #refusalsExpected = 0;

  /**
   * The next `count` broken requests the fake refuses (answers 4xx) are a test's deliberately broken payloads: what they
   * break is expected, not counted as violations. A broken request the fake accepts still counts (a blind spot of the
   * fake), and so does every other request, so one opt-out covers one refused broken request and nothing else.
   */
  expectRefusal(count = 1): void {
    this.#refusalsExpected += count;
  }

  exchange(exchange: Exchange): void {
    const operation = operationOf(exchange.method, exchange.pattern);
    if (!operation) return;
    this.#operations.add(operation.id);
    this.report.requests += 1;
    const violations = checkRequest(exchange);
    const refused = exchange.status >= 400 && exchange.status !== 429;
    if (violations.length > 0 && refused && this.#refusalsExpected > 0) {
      this.#refusalsExpected -= 1;
      this.report.expectedRefusals += 1;
    } else {
      this.add(violations);
    }
    if (exchange.response !== null) {
      this.report.responses += 1;
      this.add(checkResponse(exchange));
    }
  }

  event(event: string, data: unknown): void {
    this.report.events += 1;
    if (EVENT_SCHEMAS[event]) this.#operations.add(event);
    this.add(checkEvent(event, data));
  }

  snapshot(): ConformanceReport {
    return {
      ...this.report,
      operations: [...this.#operations].sort(),
      violations: [...this.#seen.values()],
    };
  }

  private add(violations: Violation[]): void {
    for (const v of violations) {
      const key = `${v.side} ${v.operation} ${v.field.replace(/\.\d+\b/g, '.N')} ${v.code}`;
      const known = this.#seen.get(key);
      if (known) known.times += 1;
      else {
        const source = currentSource();
        this.#seen.set(key, { ...v, ...(source ? { source } : {}), times: 1 });
      }
    }
  }
}

/** One line per violation, for a failing test's message. */
export function describeViolations(violations: readonly Violation[]): string {
  return violations
    .map(
      (v) =>
        `${v.side} ${v.operation}: ${v.field || '(body)'} ${v.code}: ${v.message}${v.hint ? ` [${v.hint}]` : ''}` +
        (v.source ? ` (in ${v.source})` : ''),
    )
    .join('\n');
}
