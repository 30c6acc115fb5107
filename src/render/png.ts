// Our own PNG writer: opaque RGB, no row filters, zlib level 3. For flat UI images it is about 20% smaller than
// the canvas library's encoder (which keeps alpha and filters rows) and no slower. Output depends only on pixels.
import { promisify } from 'node:util';
import { isMainThread } from 'node:worker_threads';
import { deflate, deflateSync, crc32 as zlibCrc32 } from 'node:zlib';

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

/** CRC-32 continuing from `previous` (0 to start); zlib's native one where Node has it (20.15+, 22.2+). */
function crc32(bytes: Uint8Array, previous = 0): number {
  if (typeof zlibCrc32 === 'function') return zlibCrc32(bytes, previous);
  let c = (previous ^ 0xffffffff) >>> 0;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Bytes a chunk adds around its data: length, type, CRC. */
const CHUNK_OVERHEAD = 12;

/** Writes one chunk at `offset` of `out`; returns the offset after it. */
function writeChunk(out: Buffer, offset: number, type: string, data: Uint8Array): number {
  out.writeUInt32BE(data.length, offset);
  out.write(type, offset + 4, 'latin1');
  out.set(data, offset + 8);
  const crc = crc32(data, crc32(out.subarray(offset + 4, offset + 8)));
  out.writeUInt32BE(crc, offset + 8 + data.length);
  return offset + CHUNK_OVERHEAD + data.length;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * Scanline buffers are megabytes: a fresh one per image costs more in page faults and garbage collection than
 * filling it does, so finished ones are kept for the next image (two, for images encoded concurrently).
 */
const spareScanlines: Buffer[] = [];

function takeScanlines(size: number): Buffer {
  const spare = spareScanlines.pop();
  // Never a slice of Node's shared pool: the scanlines are written a word at a time, so they must be aligned.
  return spare && spare.length >= size ? spare : Buffer.allocUnsafeSlow(size);
}

function returnScanlines(buffer: Buffer): void {
  if (spareScanlines.length < 2) spareScanlines.push(buffer);
}

/** One pixel's RGB (R in the low byte of a little-endian word) as three bytes at `o`; returns the next offset. */
function putPixel(out: Uint8Array, o: number, p: number): number {
  out[o] = p;
  out[o + 1] = p >>> 8;
  out[o + 2] = p >>> 16;
  return o + 3;
}

/**
 * RGBA pixels (opaque: alpha is dropped) to scanlines in `out`, each prefixed by filter type 0 ("none"). The
 * hottest loop of a render: where both buffers are word-aligned, four pixels are read as four 32-bit words and
 * written as three (2.7× faster than a byte at a time); each row's first pixels go byte by byte until the
 * output is aligned.
 */
function scanlines(rgba: Uint8Array, width: number, height: number, out: Uint8Array): void {
  let o = 0;
  if (!LITTLE_ENDIAN || rgba.byteOffset % 4 !== 0 || out.byteOffset % 4 !== 0) {
    let i = 0;
    for (let y = 0; y < height; y += 1) {
      out[o++] = 0;
      const rowEnd = i + width * 4;
      for (; i < rowEnd; i += 4) o = putPixel(out, o, rgba[i]! | (rgba[i + 1]! << 8) | (rgba[i + 2]! << 16));
    }
    return;
  }
  const pixels = new Uint32Array(rgba.buffer, rgba.byteOffset, width * height);
  const words = new Uint32Array(out.buffer, out.byteOffset, out.length >>> 2);
  let i = 0;
  for (let y = 0; y < height; y += 1) {
    out[o++] = 0;
    const rowEnd = i + width;
    // n pixels (3n bytes) reach a word boundary when n ≡ o (mod 4).
    const leadEnd = Math.min(rowEnd, i + (o & 3));
    for (; i < leadEnd; i += 1) o = putPixel(out, o, pixels[i]!);
    let w = o >>> 2;
    const groupsEnd = i + ((rowEnd - i) & ~3);
    for (; i < groupsEnd; i += 4) {
      const b = pixels[i + 1]!;
      const c = pixels[i + 2]!;
      words[w] = (pixels[i]! & 0xffffff) | (b << 24);
      words[w + 1] = ((b >>> 8) & 0xffff) | (c << 16);
      words[w + 2] = ((c >>> 16) & 0xff) | (pixels[i + 3]! << 8);
      w += 3;
    }
    o = w << 2;
    for (; i < rowEnd; i += 1) o = putPixel(out, o, pixels[i]!);
  }
}

/**
 * Encodes opaque RGBA pixels as a PNG (the first `height` rows of `rgba`, which may hold more); on the main thread
 * the compression runs on libuv's thread pool. The pixels are all read before the first await, so the caller may
 * reuse their source as soon as this returns its promise.
 */
export async function encodePng(rgba: Uint8Array, width: number, height: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const size = height * (1 + width * 3);
  const lines = takeScanlines(size);
  let data: Buffer;
  try {
    scanlines(rgba, width, height, lines);
    // A render worker has nothing else to do while it compresses: handing the work to libuv's thread pool and
    // back costs CPU (about 1 ms a board) and a second busy thread. The main thread keeps its event loop free.
    const input = lines.subarray(0, size);
    data = isMainThread ? await deflateAsync(input, { level: LEVEL }) : deflateSync(input, { level: LEVEL });
  } finally {
    returnScanlines(lines);
  }
  // One allocation of its own (never a pooled slab), so the worker can transfer it instead of copying it.
  const png = Buffer.allocUnsafeSlow(SIGNATURE.length + 3 * CHUNK_OVERHEAD + header.length + data.length);
  png.set(SIGNATURE, 0);
  let offset = writeChunk(png, SIGNATURE.length, 'IHDR', header);
  offset = writeChunk(png, offset, 'IDAT', data);
  writeChunk(png, offset, 'IEND', new Uint8Array(0));
  return png;
}
