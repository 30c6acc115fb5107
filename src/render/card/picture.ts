// The picture box of a card face: no artwork, a calm pattern from the card's name in the game's motif.
import type { SKRSContext2D } from '@napi-rs/canvas';
import { type GameStyle, swatch } from '../styles/game-style.ts';

export type Motif = 'rings' | 'facets' | 'stones' | 'petals' | 'lattice';

/** FNV-1a: a stable number from the name, so the same card always gets the same pattern. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return h;
}

function random(seedText: string): () => number {
  let seed = hashOf(seedText);
  return () => {
    seed = Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) >>> 0;
    seed = (seed ^ (seed >>> 12)) >>> 0;
    return seed / 0xffffffff;
  };
}

/** Traces one motif shape centred on (cx, cy) with size r. */
function trace(ctx: SKRSContext2D, motif: Motif, cx: number, cy: number, r: number, turn: number): void {
  ctx.beginPath();
  if (motif === 'rings') {
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
  } else if (motif === 'stones') {
    ctx.moveTo(cx, cy - r);
    ctx.lineTo(cx + r * 0.6, cy);
    ctx.lineTo(cx, cy + r);
    ctx.lineTo(cx - r * 0.6, cy);
    ctx.closePath();
  } else if (motif === 'petals') {
    ctx.ellipse(cx, cy, r, r * 0.38, turn * Math.PI, 0, Math.PI * 2);
  } else if (motif === 'lattice') {
    ctx.rect(cx - r, cy - r * 0.6, 2 * r, 1.2 * r);
  } else {
    for (let k = 0; k < 3; k += 1) {
      const a = turn * Math.PI * 2 + (k * Math.PI * 2) / 3;
      const px = cx + r * Math.cos(a);
      const py = cy + r * Math.sin(a);
      if (k === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    }
    ctx.closePath();
  }
}

export function drawPicture(
  ctx: SKRSContext2D,
  style: GameStyle,
  face: { name: string; colours: readonly string[] },
  box: { x: number; y: number; w: number; h: number },
): void {
  const { x, y, w, h } = box;
  const next = random(face.name);
  ctx.save();
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, 6);
  ctx.clip();
  const gradient = ctx.createLinearGradient(x, y, x + w, y + h);
  gradient.addColorStop(0, swatch(style, face.colours[0]).fill);
  gradient.addColorStop(1, style.background);
  ctx.fillStyle = gradient;
  ctx.fillRect(x, y, w, h);
  ctx.globalAlpha = 0.35;
  const second = swatch(style, face.colours[1] ?? face.colours[0]).fill;
  for (let i = 0; i < 7; i += 1) {
    trace(ctx, style.motif, x + next() * w, y + next() * h, (0.15 + next() * 0.35) * h, next());
    ctx.strokeStyle = i % 2 === 0 ? second : style.ink;
    ctx.lineWidth = 2 + next() * 6;
    ctx.stroke();
  }
  ctx.restore();
}
