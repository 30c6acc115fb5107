// A canvas plus its recording pen; `finish` rasterises and encodes it. Every image is opaque (the background is
// filled first), which lets the PNG writer drop the alpha channel.
import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { ensureFonts } from './fonts.ts';
import { Pen } from './pen.ts';
import { encodePng } from './png.ts';
import type { Rendered } from './table-model.ts';

export interface Surface {
  canvas: Canvas;
  ctx: SKRSContext2D;
  pen: Pen;
  /** The image's size in pixels: the top left of `canvas`, which may be taller (canvases are reused). */
  width: number;
  height: number;
  /** Pixels per layout unit: the drawing is laid out in units and `ctx` is scaled to pixels (1 for most images). */
  scale: number;
}

/**
 * Canvases kept for the next image of the same width (one per width, as tall as the tallest image so far). A
 * canvas's pixels are megabytes: a fresh one per image costs page faults on every first touch, which on a worker
 * thread cost more than the drawing. Reuse cannot leak one image into the next: `reset` restores the default
 * drawing state and the background fill covers the whole image before anything is drawn.
 */
const kept = new Map<number, Canvas>();
/** Taller images get a canvas of their own each time rather than being kept (memory: 4 bytes a pixel). */
const MAX_KEPT_HEIGHT = 4096;

function canvasFor(width: number, height: number): Canvas {
  const canvas = kept.get(width);
  if (canvas && canvas.height >= height) {
    canvas.getContext('2d').reset();
    return canvas;
  }
  const fresh = createCanvas(width, height);
  if (height <= MAX_KEPT_HEIGHT) kept.set(width, fresh);
  return fresh;
}

/**
 * A surface for an image laid out in `width` × `height` units, drawn at `scale` pixels a unit (the hand picture is
 * drawn smaller than it is laid out: render-hand.ts). Text is measured in units whatever the scale (the canvas's
 * measureText ignores the transform), so lines break where they would at scale 1.
 */
export function createSurface(width: number, height: number, background: string, scale = 1): Surface {
  ensureFonts();
  const w = Math.ceil(width * scale);
  const h = Math.ceil(height * scale);
  const canvas = canvasFor(w, h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, w, h);
  if (scale !== 1) ctx.scale(scale, scale);
  return { canvas, ctx, pen: new Pen(ctx), width: w, height: h, scale };
}

/**
 * Called just before each image's pixels are read (null: nothing). A render worker sets a young collection here
 * (render-worker.ts, young-gc.ts) so the previous image's pixel buffer is freed and its memory reused.
 */
let beforeReadout: (() => void) | null = null;

export function setBeforeReadout(hook: (() => void) | null): void {
  beforeReadout = hook;
}

let scratch: Pen | undefined;

/** A pen on a 1 × 1 canvas, for measuring text before the real canvas's size is known. */
export function measuringPen(): Pen {
  ensureFonts();
  scratch ??= new Pen(createCanvas(1, 1).getContext('2d'));
  return scratch;
}

export async function finish(surface: Surface): Promise<Rendered> {
  const { canvas, ctx, width, height } = surface;
  // Every pixel is opaque, so premultiplied (canvas.data) and unpremultiplied (getImageData) bytes are the same.
  // canvas.data copies the stored bytes as they are, three times as fast as getImageData converts them (bench
  // board: 0.65 against 1.9 ms), so it stays cheaper for a kept canvas up to twice the image's height; the
  // encoder reads only the image's rows from the top.
  beforeReadout?.();
  let rgba: Uint8Array;
  if (canvas.height <= 2 * height) {
    rgba = canvas.data();
  } else {
    const { data } = ctx.getImageData(0, 0, width, height);
    rgba = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  }
  // The pixels are read before encodePng's first await: the canvas is free for the next image from here on.
  const png = encodePng(rgba, width, height);
  return { png: await png, drawnText: [...surface.pen.drawn] };
}
