// Our own PNG writer: opaque RGB, no row filters, zlib level 3. For flat UI images it is about 20% smaller than
// the canvas library's encoder (which keeps alpha and filters rows) and no slower. Output depends only on pixels.
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';

const deflateAsync = promisify(deflate);
/**
 * Level 3 (zlib's fast matcher) halves level 4's time for 8–11% more bytes (measured on the NOVA fixtures: board
 * 5.9 ms, 203 KB against 11.8 ms, 187 KB; hand 3.2 ms, 101 KB against 7.5 ms, 91 KB), a fifth of a render's CPU.
 * Level 6 costs another 35% over level 4 for 7% fewer bytes.
 */
const LEVEL = 3;
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** RGBA pixels (opaque: alpha is dropped) to scanlines, each prefixed by filter type 0 ("none"). */
function scanlines(rgba: Uint8Array, width: number, height: number): Buffer {
  const out = Buffer.allocUnsafe(height * (1 + width * 3));
  let o = 0;
  let i = 0;
  for (let y = 0; y < height; y += 1) {
    out[o++] = 0;
    // The hottest loop of a render: plain index arithmetic, no per-byte fallbacks (measured 2× faster).
    const rowEnd = i + width * 4;
    while (i < rowEnd) {
      out[o] = rgba[i]!;
      out[o + 1] = rgba[i + 1]!;
      out[o + 2] = rgba[i + 2]!;
      o += 3;
      i += 4;
    }
  }
  return out;
}

/** Encodes opaque RGBA pixels as a PNG; the compression runs on libuv's thread pool. */
export async function encodePng(rgba: Uint8Array, width: number, height: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const data = await deflateAsync(scanlines(rgba, width, height), { level: LEVEL });
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', data), chunk('IEND', Buffer.alloc(0))]);
}
