// Most decisions (priority passes) do not change what an image shows: the board's cards, life and counts, or a
// player's hand. The cache keeps recent PNGs by a hash of the render model, so an unchanged model costs no render.
//
// Why this cannot leak a picture to the wrong viewer: an image is a pure function of its model (the renderer is
// deterministic and reads nothing else; test/render checks byte-identical output), and the model holds the viewer
// (`viewer`/`seat`), the locale and every string drawn. A hit therefore returns exactly the bytes the renderer
// would have drawn for that viewer's own model. The key is a SHA-256 of the kind and the model's JSON.
import { createHash } from 'node:crypto';
import type { RenderKind } from '../render/render.ts';
import type { RenderDue } from '../render/worker-pool.ts';
import type { Renderer } from './context.ts';

/**
 * When an image is due on the render worker (issue 26 item 8), after it was asked for. Boards before everything else,
 * in order: both players and every spectator wait for a board. Due times ordering boards with hands (a hand waited
 * for going before later boards) were measured and dropped: with the worker saturated they made the queue first come,
 * first served, and the board's p99 went from 1.6-4.2 s to 6.8-9.8 s (docs/bot.md, session 9). Among hand pictures,
 * one someone is looking for (a "My hand" click) goes first. Most are drawn ahead of being looked at: the clicker's
 * ephemeral edited after a commit, the decision coming back to a player; the click a second later finds them drawn or
 * drawing. Those give way for a second to pictures someone waits for; a click that joins one makes it due as if it had
 * been waited for from the start.
 */
export const BOARDS_FIRST_MS = 1e9;
export const WAITED_HAND_MARGIN_MS = 50;
export const DRAWN_AHEAD_MARGIN_MS = 1_000;

/** What a request for an image says about it. */
export interface ImageRequest {
  /** Someone is looking for this image now; a board always is, other images by default are drawn ahead. */
  waiting?: boolean;
  /**
   * Whose picture it is (a match and seat): a newer image of the same lane withdraws an older one still queued that
   * nobody is waiting for (its viewer's message moved on), so it is not drawn.
   */
  lane?: string;
}

export interface CachedImage {
  png: Buffer;
  /** The hash of the model: equal keys, equal pictures. */
  key: string;
}

/** The cache key of one image: kind and the whole model. */
export function imageKey(kind: RenderKind, model: unknown): string {
  return keyOfJson(kind, JSON.stringify(model));
}

function keyOfJson(kind: RenderKind, json: string): string {
  return createHash('sha256').update(kind).update('\0').update(json).digest('base64url');
}

interface QueuedImage {
  key: string;
  due: RenderDue;
  askedAt: number;
  waited: boolean;
}

export class ImageCache {
  /** Least recently used first (a Map keeps insertion order; a hit moves its entry to the end). */
  private readonly entries = new Map<string, Promise<Buffer>>();
  private readonly sizes = new Map<string, number>();
  private bytes = 0;
  renders = 0;
  hits = 0;
  /** Per kind: images drawn, found drawn, and found still drawing (a request joining one in flight). */
  readonly lookups: Partial<Record<RenderKind, { drawn: number; ready: number; joined: number }>> = {};
  /** Images still being drawn, by key: when each is due (the pool reads it when a worker is free), and whether someone waits. */
  private readonly dues = new Map<string, QueuedImage>();
  /** The newest image still being drawn of each lane. */
  private readonly lanes = new Map<string, QueuedImage>();

  constructor(
    private readonly renderer: Renderer,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  /**
   * The image of this model: from the cache when an equal model was drawn recently (or is being drawn). Fails with
   * `RenderWithdrawn` when a newer image of its lane took its place before it was drawn.
   */
  async image(kind: RenderKind, model: unknown, request: ImageRequest = {}): Promise<CachedImage> {
    const now = performance.now();
    const waiting = request.waiting ?? kind === 'board';
    const margin = kind === 'board' ? -BOARDS_FIRST_MS : waiting ? WAITED_HAND_MARGIN_MS : DRAWN_AHEAD_MARGIN_MS;
    // One JSON text for the key and the render job (posted to the worker as the string).
    const json = JSON.stringify(model);
    const key = keyOfJson(kind, json);
    const cached = this.entries.get(key);
    const counts = this.lookups[kind] ?? { drawn: 0, ready: 0, joined: 0 };
    this.lookups[kind] = counts;
    if (cached) {
      this.hits += 1;
      if (this.sizes.has(key)) counts.ready += 1;
      else counts.joined += 1;
      // Still queued: someone waits for it now, due as if they had from the start.
      const queued = this.dues.get(key);
      if (queued && waiting) {
        queued.due.at = Math.min(queued.due.at, queued.askedAt + WAITED_HAND_MARGIN_MS);
        queued.waited = true;
        queued.due.withdrawn = false; // withdrawn but not yet dropped: wanted again
      }
      this.entries.delete(key);
      this.entries.set(key, cached);
      return { png: await cached, key };
    }
    this.renders += 1;
    counts.drawn += 1;
    const due: RenderDue = { at: now + margin };
    if (request.lane !== undefined) {
      // The lane's previous image, if nobody waits for it, is no longer wanted: its viewer's message moved on.
      const previous = this.lanes.get(request.lane);
      if (previous && previous.key !== key && !previous.waited) previous.due.withdrawn = true;
    }
    const drawing = this.renderer(kind, model, json, due);
    const queued = { key, due, askedAt: now, waited: waiting };
    this.entries.set(key, drawing);
    this.dues.set(key, queued);
    if (request.lane !== undefined) this.lanes.set(request.lane, queued);
    try {
      const png = await drawing;
      if (this.entries.get(key) === drawing) {
        this.sizes.set(key, png.byteLength);
        this.bytes += png.byteLength;
        this.evict();
      }
      return { png, key };
    } catch (error) {
      // A failed render is not remembered: the next request draws again.
      if (this.entries.get(key) === drawing) this.entries.delete(key);
      throw error;
    } finally {
      if (this.dues.get(key) === queued) this.dues.delete(key);
      if (request.lane !== undefined && this.lanes.get(request.lane) === queued) this.lanes.delete(request.lane);
    }
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) return;
      const size = this.sizes.get(key);
      if (size === undefined) continue; // still drawing
      this.entries.delete(key);
      this.sizes.delete(key);
      this.bytes -= size;
    }
  }
}
