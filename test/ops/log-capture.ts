// Captures a logger's JSON lines in memory (test/ops).
import { createLogger, type Logging, type LogLevel } from '../../src/ops/logger.ts';

export interface CapturedLogging extends Logging {
  lines: string[];
  /** The lines parsed, in order. */
  records(): Record<string, unknown>[];
}

export function captureLogging(level: LogLevel = 'debug', secrets: readonly string[] = []): CapturedLogging {
  const lines: string[] = [];
  const logging = createLogger({ level, secrets, pretty: false, destination: { write: (line) => lines.push(line) } });
  return { ...logging, lines, records: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}
