// A canvas plus its recording pen; `finish` encodes the PNG on libuv's thread pool so the event loop keeps running.
import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { ensureFonts } from './fonts.ts';
import { Pen } from './pen.ts';
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

export async function finish(surface: Surface): Promise<Rendered> {
  const png = await surface.canvas.encode('png');
  return { png, drawnText: [...surface.pen.drawn] };
}
