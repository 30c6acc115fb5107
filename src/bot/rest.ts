// discord.js's REST client throttles every request to 50/s globally (`globalRequestsPerSecond`), but exempts only
// interaction callbacks. Discord's own rule is wider: "Interaction endpoints are not bound to the bot's Global Rate
// Limit" (docs/topics/rate-limits), and those endpoints are the callback and the interaction webhook
// (`/webhooks/<application id>/<interaction token>/…`: the deferred reply's edit, follow-ups). With 50 matches the
// clicker's ephemeral edits queued behind board edits for seconds. `InteractionAwareRest` sends interaction requests
// through a second REST manager that keeps per-route buckets and 429 handling but has no global throttle; every
// other request (channel messages: the board) still goes through the global one.
import {
  type Client,
  type InternalRequest,
  type RateLimitData,
  REST,
  RESTEvents,
  type RESTOptions,
  type ResponseLike,
} from 'discord.js';

export class InteractionAwareRest extends REST {
  /** Interaction callbacks and webhooks: Discord's per-route limits, not the bot's global one. */
  readonly interactions: REST;
  /** Interaction requests that fail on a rate limit instead of waiting for it (their caller has another route). */
  private impatient: (limit: RateLimitData) => boolean = () => false;

  /** `applicationId` answers the bot's application id once known (interaction webhooks carry it). */
  constructor(
    options: Partial<RESTOptions>,
    private readonly applicationId: () => string | null | undefined,
  ) {
    super(options);
    this.interactions = new REST({
      ...options,
      globalRequestsPerSecond: Number.POSITIVE_INFINITY,
      rejectOnRateLimit: (limit) => this.impatient(limit),
    });
    // Listeners of the client's REST (debug, rate-limited, response) hear both managers.
    for (const event of Object.values(RESTEvents)) {
      this.interactions.on(event, (...args: unknown[]) => this.emit(event, ...(args as never)));
    }
  }

  /**
   * Interaction requests for which `test` answers true reject with a RateLimitError when their bucket is empty or
   * Discord answers 429, instead of waiting (board edits through a click's token: the channel route can take over).
   */
  rejectOnRateLimitWhen(test: (limit: RateLimitData) => boolean): void {
    this.impatient = test;
  }

  /** Whether Discord exempts this route from the bot's global rate limit. */
  isInteractionRoute(fullRoute: string): boolean {
    if (fullRoute.startsWith('/interactions/')) return true;
    const app = this.applicationId();
    return app !== null && app !== undefined && fullRoute.startsWith(`/webhooks/${app}/`);
  }

  override queueRequest(request: InternalRequest): Promise<ResponseLike> {
    if (this.isInteractionRoute(request.fullRoute)) return this.interactions.queueRequest(request);
    return super.queueRequest(request);
  }

  override setToken(token: string): this {
    super.setToken(token);
    this.interactions.setToken(token);
    return this;
  }

  override clearHashSweeper(): void {
    super.clearHashSweeper();
    this.interactions.clearHashSweeper();
  }

  override clearHandlerSweeper(): void {
    super.clearHandlerSweeper();
    this.interactions.clearHandlerSweeper();
  }
}

/** Gives a client (not logged in yet) an `InteractionAwareRest` with its own REST options. */
export function useInteractionAwareRest(client: Client): InteractionAwareRest {
  const own = client.rest;
  const rest = new InteractionAwareRest(client.options.rest ?? {}, () => client.application?.id);
  client.rest = rest;
  own.clearHashSweeper();
  own.clearHandlerSweeper();
  return rest;
}
