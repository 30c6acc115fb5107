// Most decisions (priority passes) do not change what an image shows: the board's cards, life and counts, or a
// player's hand. The cache keeps recent PNGs by a hash of the render model, so an unchanged model costs no render.
//
// Why this cannot leak a picture to the wrong viewer: an image is a pure function of its model (the renderer is
// deterministic and reads nothing else; test/render checks byte-identical output), and the model holds the viewer
// (`viewer`/`seat`), the locale and every string drawn. A hit therefore returns exactly the bytes the renderer
// would have drawn for that viewer's own model. The key is a SHA-256 of the kind and the model's JSON.
import { createHash } from 'node:crypto';
import type { RenderKind } from '../render/render.ts';
import type { Renderer } from './context.ts';

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

export class ImageCache {
  /** Least recently used first (a Map keeps insertion order; a hit moves its entry to the end). */
  private readonly entries = new Map<string, Promise<Buffer>>();
  private readonly sizes = new Map<string, number>();
  private bytes = 0;
  renders = 0;
  hits = 0;

  constructor(
    private readonly renderer: Renderer,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  /** The image of this model: from the cache when an equal model was drawn recently (or is being drawn). */
  async image(kind: RenderKind, model: unknown): Promise<CachedImage> {
    // One JSON text for the key and the render job (posted to the worker as the string).
    const json = JSON.stringify(model);
    const key = keyOfJson(kind, json);
    const cached = this.entries.get(key);
    if (cached) {
      this.hits += 1;
      this.entries.delete(key);
      this.entries.set(key, cached);
      return { png: await cached, key };
    }
    this.renders += 1;
    const drawing = this.renderer(kind, model, json);
    this.entries.set(key, drawing);
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
