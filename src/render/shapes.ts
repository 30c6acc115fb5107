// Small drawing helpers shared by every image: rounded boxes and cost pips.
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Pen } from './pen.ts';
import { type GameStyle, swatch } from './styles/game-style.ts';
import type { CostPip } from './table-model.ts';

export function roundRect(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

export function fillBox(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number, fill: string): void {
  roundRect(ctx, x, y, w, h, r);
  ctx.fillStyle = fill;
  ctx.fill();
}

export function strokeBox(
  ctx: SKRSContext2D,
  box: { x: number; y: number; w: number; h: number; r: number },
  stroke: string,
  width: number,
): void {
  roundRect(ctx, box.x, box.y, box.w, box.h, box.r);
  ctx.strokeStyle = stroke;
  ctx.lineWidth = width;
  ctx.stroke();
}

/** Draws cost pips left to right from (x, centreY); returns the width used. */
export function drawPips(
  pen: Pen,
  style: GameStyle,
  pips: readonly CostPip[],
  x: number,
  centreY: number,
  diameter: number,
): number {
  const { ctx } = pen;
  const gap = Math.round(diameter * 0.15);
  pips.forEach((pip, i) => {
    const cx = x + i * (diameter + gap) + diameter / 2;
    const colour = swatch(style, pip.colour);
    ctx.beginPath();
    ctx.arc(cx, centreY, diameter / 2, 0, Math.PI * 2);
    ctx.fillStyle = colour.fill;
    ctx.fill();
    ctx.lineWidth = Math.max(1, diameter / 14);
    // A light ring keeps dark pips (black, darkness) visible on the dark theme.
    ctx.strokeStyle = 'rgba(238,241,244,0.55)';
    ctx.stroke();
    if (pip.text !== '') {
      const size = Math.round(diameter * 0.68);
      pen.text(pip.text, cx, centreY + size * 0.36, { size, weight: 'bold', colour: colour.ink, align: 'center' });
    }
  });
  return pips.length === 0 ? 0 : pips.length * (diameter + gap) - gap;
}

/** A small rounded label; returns its width. */
export function drawTag(
  pen: Pen,
  text: string,
  x: number,
  y: number,
  look: { size: number; fill: string; ink: string; align?: 'left' | 'right' },
): number {
  const padding = Math.round(look.size * 0.45);
  const w = pen.width(text, { size: look.size, weight: 'bold' }) + padding * 2;
  const h = Math.round(look.size * 1.45);
  const left = look.align === 'right' ? x - w : x;
  fillBox(pen.ctx, left, y, w, h, h / 2, look.fill);
  pen.text(text, left + padding, y + h * 0.5 + look.size * 0.36, { size: look.size, weight: 'bold', colour: look.ink });
  return w;
}
