// The one logger of the bot, the store, the render pool and the sandbox: pino, JSON lines on stdout (one object per
// line: time, level, msg, and the ids of what was going on), or readable lines when stdout is a terminal.
//
// Ids come from the scope (`LogScope.run`): the bot runs each interaction inside a scope holding its interaction,
// guild, match and user ids, and every line logged while it runs (in the store, the board updater, a timer it
// started) carries them, without passing a logger down every call.
//
// Secrets: every line passes through `scrub` on its way out, which replaces each configured secret (the bot token)
// wherever it appears, in a message, a field or an error's stack. Hidden cards are kept out by what is logged: ids,
// counts, durations and reasons, never a state, a view, a hand or a custom_id (test/ops/log-secrets.test.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import { type Logger as PinoLogger, pino } from 'pino';
import PinoPretty from 'pino-pretty';

export type Logger = PinoLogger;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** What a line may say about where it comes from. */
export interface LogFields {
  interaction?: string;
  guild?: string;
  match?: string;
  user?: string;
  /** The gateway shard the interaction came through (src/ops/shards.ts). */
  shard?: number;
}

/** The ids of the work in progress, carried across awaits (AsyncLocalStorage), one instance per logger. */
export class LogScope {
  private readonly storage = new AsyncLocalStorage<LogFields>();

  /** Runs `task` with `fields` added to the current scope's: every line logged inside carries them. */
  run<T>(fields: LogFields, task: () => T): T {
    const outer = this.storage.getStore();
    return this.storage.run(outer ? { ...outer, ...fields } : fields, task);
  }

  fields(): LogFields {
    return this.storage.getStore() ?? {};
  }
}

/** Anything that takes whole lines (a file, an array in a test). */
export interface LogDestination {
  write(line: string): void;
}

export interface LoggerOptions {
  level?: LogLevel;
  /** Readable coloured lines instead of JSON (default: when stdout is a terminal). */
  pretty?: boolean;
  /** Strings never written (the bot token); each occurrence becomes `[redacted]`. */
  secrets?: readonly string[];
  /** Where lines go (default stdout, synchronously, so nothing is lost at exit). */
  destination?: LogDestination;
  scope?: LogScope;
}

/** The logger and the scope its lines read their ids from. */
export interface Logging {
  logger: Logger;
  scope: LogScope;
}

export const REDACTED = '[redacted]';

/** Replaces every secret in `line` (secrets shorter than 8 characters are ignored: they would redact words). */
export function scrub(line: string, secrets: readonly string[]): string {
  let out = line;
  for (const secret of secrets) {
    if (secret.length < 8) continue;
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    // The JSON form of a secret with quotes or backslashes differs from the secret itself.
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (escaped !== secret && out.includes(escaped)) out = out.split(escaped).join(REDACTED);
  }
  return out;
}

export function createLogger(options: LoggerOptions = {}): Logging {
  const scope = options.scope ?? new LogScope();
  const secrets = (options.secrets ?? []).filter((s) => s.length >= 8);
  const pretty = options.pretty ?? (options.destination === undefined && process.stdout.isTTY === true);
  const target: LogDestination =
    options.destination ??
    (pretty
      ? PinoPretty({ colorize: true, sync: true, ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss.l' })
      : pino.destination({ dest: 1, sync: true }));
  const destination: LogDestination =
    secrets.length > 0 ? { write: (line) => target.write(scrub(line, secrets)) } : target;
  const logger = pino(
    {
      level: options.level ?? 'info',
      base: { pid: process.pid },
      mixin: () => ({ ...scope.fields() }),
      // Field names that hold credentials are never written, whatever their value.
      redact: {
        paths: ['token', '*.token', 'authorization', '*.authorization', 'headers.authorization'],
        censor: REDACTED,
      },
    },
    destination,
  );
  return { logger, scope };
}

/** A logger that writes nothing (tests and tools that did not ask for one). */
export function silentLogging(): Logging {
  return createLogger({ level: 'silent', destination: { write: () => {} } });
}
