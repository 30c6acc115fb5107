/**
 * Errors the fake answers with, using Discord's own HTTP statuses, JSON codes and messages, so
 * discord.js raises the same DiscordAPIError a bot would see in production.
 */
export class DiscordApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errors?: Record<string, unknown>,
  ) {
    super(message);
  }

  toBody(): Record<string, unknown> {
    return this.errors
      ? { message: this.message, code: this.code, errors: this.errors }
      : { message: this.message, code: this.code };
  }
}

export const unauthorized = () => new DiscordApiError(401, 0, '401: Unauthorized');
export const unknownChannel = () => new DiscordApiError(404, 10003, 'Unknown Channel');
export const unknownGuild = () => new DiscordApiError(404, 10004, 'Unknown Guild');
export const unknownMember = () => new DiscordApiError(404, 10007, 'Unknown Member');
export const unknownMessage = () => new DiscordApiError(404, 10008, 'Unknown Message');
export const unknownUser = () => new DiscordApiError(404, 10013, 'Unknown User');
export const unknownWebhook = () => new DiscordApiError(404, 10015, 'Unknown Webhook');
export const unknownApplicationCommand = () => new DiscordApiError(404, 10063, 'Unknown application command');
export const unknownInteraction = () => new DiscordApiError(404, 10062, 'Unknown interaction');
export const interactionAlreadyAcknowledged = () =>
  new DiscordApiError(400, 40060, 'Interaction has already been acknowledged.');
export const missingAccess = () => new DiscordApiError(403, 50001, 'Missing Access');
export const missingPermissions = () => new DiscordApiError(403, 50013, 'Missing Permissions');
export const cannotEditOthersMessage = () =>
  new DiscordApiError(403, 50005, 'Cannot edit a message authored by another user');
export const emptyMessage = () => new DiscordApiError(400, 50006, 'Cannot send an empty message');
export const cannotMessageUser = () => new DiscordApiError(403, 50007, 'Cannot send messages to this user');
export const invalidWebhookToken = () => new DiscordApiError(401, 50027, 'Invalid Webhook Token');
export const notFound = () => new DiscordApiError(404, 0, '404: Not Found');

/** One problem with one field of a request body, `path` as Discord names it (`data.embeds.0.description`). */
export interface FieldError {
  path: string;
  code: string;
  message: string;
}

/** 50035 Invalid Form Body, with Discord's nested `errors` object (`{content: {_errors: [...]}}`). */
export function invalidFormBody(problems: readonly FieldError[]): DiscordApiError {
  const errors: Record<string, unknown> = {};
  for (const problem of problems) {
    let node = errors;
    for (const key of problem.path.split('.')) {
      node = (node[key] ??= {}) as Record<string, unknown>;
    }
    const list = (node._errors ??= []) as { code: string; message: string }[];
    list.push({ code: problem.code, message: problem.message });
  }
  return new DiscordApiError(400, 50035, 'Invalid Form Body', errors);
}
