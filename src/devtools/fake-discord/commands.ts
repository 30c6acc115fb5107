import { type FieldError, invalidFormBody, unknownApplicationCommand } from './errors.ts';
import type { CommandRecord, Store } from './store.ts';

/**
 * Application command registration (global and per guild), with Discord's naming and size rules,
 * and the lookup the driver uses: a user can only run a command the bot registered.
 */

type Json = Record<string, unknown>;

const NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const CHAT_INPUT = 1;

function checkOptions(problems: FieldError[], options: unknown, path: string): void {
  if (!Array.isArray(options)) return;
  if (options.length > 25)
    problems.push({ path, code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 25 or fewer in length.' });
  options.forEach((raw, i) => {
    const option = raw as Json;
    const at = `${path}.${i}`;
    if (typeof option.name !== 'string' || !NAME.test(option.name) || option.name !== option.name.toLowerCase()) {
      problems.push({
        path: `${at}.name`,
        code: 'APPLICATION_COMMAND_INVALID_NAME',
        message: 'Command name is invalid',
      });
    }
    const description = typeof option.description === 'string' ? option.description : '';
    if (description.length < 1 || description.length > 100) {
      problems.push({
        path: `${at}.description`,
        code: 'BASE_TYPE_BAD_LENGTH',
        message: 'Must be between 1 and 100 in length.',
      });
    }
    if (Array.isArray(option.choices) && option.choices.length > 25) {
      problems.push({ path: `${at}.choices`, code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 25 or fewer in length.' });
    }
    checkOptions(problems, option.options, `${at}.options`);
  });
}

export function checkCommand(body: Json, path = ''): void {
  const problems: FieldError[] = [];
  const prefix = path ? `${path}.` : '';
  const type = typeof body.type === 'number' ? body.type : CHAT_INPUT;
  const name = typeof body.name === 'string' ? body.name : '';
  if (!NAME.test(name) || (type === CHAT_INPUT && name !== name.toLowerCase())) {
    problems.push({
      path: `${prefix}name`,
      code: 'APPLICATION_COMMAND_INVALID_NAME',
      message: 'Command name is invalid',
    });
  }
  if (type === CHAT_INPUT) {
    const description = typeof body.description === 'string' ? body.description : '';
    if (description.length < 1 || description.length > 100) {
      problems.push({
        path: `${prefix}description`,
        code: 'BASE_TYPE_BAD_LENGTH',
        message: 'Must be between 1 and 100 in length.',
      });
    }
  }
  checkOptions(problems, body.options, `${prefix}options`);
  if (problems.length > 0) throw invalidFormBody(problems);
}

export class CommandRegistry {
  constructor(
    private readonly store: Store,
    private readonly applicationId: string,
  ) {}

  list(guildId: string | null): CommandRecord[] {
    return [...this.store.commands.values()].filter((c) => c.guildId === guildId);
  }

  get(id: string, guildId: string | null): CommandRecord {
    const command = this.store.commands.get(id);
    if (!command || command.guildId !== guildId) throw unknownApplicationCommand();
    return command;
  }

  /** POST: creates, or replaces the command of the same name and type (Discord's upsert). */
  upsert(body: Json, guildId: string | null): CommandRecord {
    checkCommand(body);
    const type = typeof body.type === 'number' ? body.type : CHAT_INPUT;
    const existing = this.list(guildId).find((c) => c.body.name === body.name && c.body.type === type);
    const record: CommandRecord = {
      id: existing?.id ?? this.store.ids.next(),
      guildId,
      version: this.store.ids.next(),
      body: { ...body, name: body.name as string, type },
    };
    this.store.commands.set(record.id, record);
    return record;
  }

  /** PUT: the given list becomes the whole set. */
  overwrite(bodies: Json[], guildId: string | null): CommandRecord[] {
    bodies.forEach((body, i) => {
      checkCommand(body, String(i));
    });
    const kept = new Set<string>();
    const records = bodies.map((body) => {
      const record = this.upsert(body, guildId);
      kept.add(record.id);
      return record;
    });
    for (const command of this.list(guildId)) if (!kept.has(command.id)) this.store.commands.delete(command.id);
    return records;
  }

  remove(id: string, guildId: string | null): void {
    this.get(id, guildId);
    this.store.commands.delete(id);
  }

  /** The chat-input command a user can run in a guild (guild commands first, then global ones). */
  find(name: string, guildId: string | null): CommandRecord | undefined {
    const matches = (c: CommandRecord) => c.body.name === name && c.body.type === CHAT_INPUT;
    return (guildId ? this.list(guildId).find(matches) : undefined) ?? this.list(null).find(matches);
  }

  payload(command: CommandRecord): Json {
    return {
      id: command.id,
      application_id: this.applicationId,
      version: command.version,
      default_member_permissions: null,
      description: '',
      name_localizations: null,
      description_localizations: null,
      nsfw: false,
      options: [],
      contexts: null,
      integration_types: [0],
      ...command.body,
      ...(command.guildId ? { guild_id: command.guildId } : {}),
    };
  }
}
