// Pictures of card tiles already drawn on this thread (issue 26 item 8: a cheaper hand picture). A hand picture is
// mostly the same face-up cards image after image: drawing a face's frame, name, pips, type line, wrapped rules text
// and stats costs more than copying its pixels, so each tile is drawn once into a canvas of its own and copied in.
//
// A tile is keyed by everything drawn on it (the style's colours and every field and string of the face), so a hit
// has exactly the pixels the drawing would have: it never shows what the model in hand does not. Only face-up cards
// of a model are tiles, so a card a viewer cannot see is never one.
import { type Canvas, createCanvas } from '@napi-rs/canvas';
import { Pen } from './pen.ts';

interface Tile {
  canvas: Canvas;
  /** The strings drawn on the tile, recorded again by the pen it is copied with (hidden-information tests). */
  drawn: readonly string[];
}

/** 128 tiles of a hand (165 × 225 pixels, 4 bytes each) are about 19 MB a render thread. */
const MAX_TILES = 128;

/** Least recently used first (a hit moves its tile to the end). */
const tiles = new Map<string, Tile>();
export const tileCounts = { drawn: 0, reused: 0 };

/**
 * Copies onto `pen`'s canvas at (`x`, `y`) the tile `key` names, drawing it first with `draw` on a `width` × `height`
 * canvas filled with `background` when it is not kept. Box and drawing are in layout units; `scale` is the pixels a
 * unit of `pen`'s canvas (its surface's scale): the tile is drawn at that scale and copied unscaled at whole pixels
 * (x, y, width and height times `scale` must be whole), so the copy is pixel for pixel. `key` must name everything
 * `draw` draws, `background` and `scale`.
 */
export function drawTile(
  pen: Pen,
  key: string,
  box: { x: number; y: number; width: number; height: number; background: string; scale: number },
  draw: (tilePen: Pen) => void,
): void {
  const { scale } = box;
  let tile = tiles.get(key);
  if (tile) {
    tiles.delete(key);
    tileCounts.reused += 1;
  } else {
    const canvas = createCanvas(Math.round(box.width * scale), Math.round(box.height * scale));
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = box.background;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.scale(scale, scale);
    const tilePen = new Pen(ctx);
    draw(tilePen);
    tile = { canvas, drawn: tilePen.drawn };
    tileCounts.drawn += 1;
    if (tiles.size >= MAX_TILES) tiles.delete(tiles.keys().next().value as string);
  }
  tiles.set(key, tile);
  // Copied in pixels, not through the surface's scale (which would resample the tile).
  pen.ctx.save();
  pen.ctx.setTransform(1, 0, 0, 1, 0, 0);
  pen.ctx.drawImage(tile.canvas, Math.round(box.x * scale), Math.round(box.y * scale));
  pen.ctx.restore();
  pen.drawn.push(...tile.drawn);
}

/** Forgets every tile (tests: a render with nothing kept). */
export function forgetTiles(): void {
  tiles.clear();
}
