import type { z } from 'zod';
import { InvalidData } from '../engine/core/errors.ts';

/** Parses a JSON column and validates it, naming the row when either step fails. */
export function parseJsonColumn<T extends z.ZodType>(schema: T, text: string, where: string): z.infer<T> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InvalidData(`${where}: not JSON (${(error as Error).message})`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new InvalidData(`${where}: ${parsed.error.issues.map(describeIssue).join('; ')}`);
  return parsed.data;
}

/** Validates input arriving from outside the store (the bot, an import) with a readable message. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new InvalidData(`${what}: ${parsed.error.issues.map(describeIssue).join('; ')}`);
  return parsed.data;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}
