import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../src/render/png.ts';

/** Opaque pixels with every channel different, so a byte out of place shows. */
function pixels(width: number, height: number, offset = 0): Uint8Array {
  const bytes = new Uint8Array(offset + width * height * 4).subarray(offset);
  for (let i = 0; i < width * height; i += 1) {
    bytes[i * 4] = (i * 7) & 0xff;
    bytes[i * 4 + 1] = (i * 13 + 5) & 0xff;
    bytes[i * 4 + 2] = (i * 29 + 11) & 0xff;
    bytes[i * 4 + 3] = 255;
  }
  return bytes;
}

async function decoded(png: Buffer, width: number, height: number): Promise<Uint8ClampedArray> {
  const image = await loadImage(png);
  expect([image.width, image.height]).toEqual([width, height]);
  const ctx = createCanvas(width, height).getContext('2d');
  ctx.drawImage(image, 0, 0);
  return ctx.getImageData(0, 0, width, height).data;
}

describe('encodePng', () => {
  // Widths of every remainder mod 4 (rows start at every alignment), and a buffer that is not word-aligned.
  for (const [width, height, offset] of [
    [1, 1, 0],
    [2, 3, 0],
    [3, 2, 0],
    [5, 4, 0],
    [6, 7, 0],
    [7, 5, 0],
    [13, 9, 0],
    [7, 5, 1],
  ] as const) {
    it(`round-trips ${width} × ${height} pixels${offset ? ' from an unaligned buffer' : ''}`, async () => {
      const rgba = pixels(width, height, offset);
      const png = await encodePng(rgba, width, height);
      expect(Array.from(await decoded(png, width, height))).toEqual(Array.from(rgba));
    });
  }

  it('encodes the same pixels to the same bytes, also when encodes overlap', async () => {
    const a = pixels(33, 17);
    const b = pixels(17, 33);
    const [first, second, third] = await Promise.all([
      encodePng(a, 33, 17),
      encodePng(b, 17, 33),
      encodePng(a, 33, 17),
    ]);
    expect(Buffer.compare(first, third)).toBe(0);
    expect(Array.from(await decoded(second, 17, 33))).toEqual(Array.from(b));
  });
});
