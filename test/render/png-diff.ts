// Pixel comparison for golden images: decodes both PNGs with the same canvas library and counts differing pixels.
import { createCanvas, loadImage } from '@napi-rs/canvas';

/** A pixel differs when any channel differs by more than this (anti-aliasing noise stays below it). */
const CHANNEL_TOLERANCE = 40;

async function pixels(png: Buffer): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return { width: image.width, height: image.height, data: ctx.getImageData(0, 0, image.width, image.height).data };
}

/** Number of pixels that differ; every pixel when the sizes differ. */
export async function differingPixels(actual: Buffer, expected: Buffer): Promise<number> {
  const a = await pixels(actual);
  const b = await pixels(expected);
  if (a.width !== b.width || a.height !== b.height) return Math.max(a.width * a.height, b.width * b.height);
  let differing = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    for (let c = 0; c < 4; c += 1) {
      if (Math.abs((a.data[i + c] ?? 0) - (b.data[i + c] ?? 0)) > CHANNEL_TOLERANCE) {
        differing += 1;
        break;
      }
    }
  }
  return differing;
}
