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
}

export function createSurface(width: number, height: number, background: string): Surface {
  ensureFonts();
  const canvas = createCanvas(Math.ceil(width), Math.ceil(height));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  return { canvas, ctx, pen: new Pen(ctx) };
}

let scratch: Pen | undefined;

/** A pen on a 1 × 1 canvas, for measuring text before the real canvas's size is known. */
export function measuringPen(): Pen {
  ensureFonts();
  scratch ??= new Pen(createCanvas(1, 1).getContext('2d'));
  return scratch;
}

export async function finish(surface: Surface): Promise<Rendered> {
  const { canvas } = surface;
  const png = await encodePng(canvas.data(), canvas.width, canvas.height);
  return { png, drawnText: [...surface.pen.drawn] };
}
