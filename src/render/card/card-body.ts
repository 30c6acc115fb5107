// A procedurally drawn card face, at any size: the card look-up image and the hand tiles both use it.
// No artwork: the picture box is a pattern (picture.ts).
import type { Pen } from '../pen.ts';
import { drawPips, fillBox } from '../shapes.ts';
import { type GameStyle, swatch } from '../styles/game-style.ts';
import type { CostPip, Stat } from '../table-model.ts';
import { drawPicture } from './picture.ts';

export interface CardBodyFace {
  name: string;
  colours: readonly string[];
  cost: readonly CostPip[];
  typeLine: string;
  text: string;
  stats: readonly Stat[];
}

export interface CardBox {
  x: number;
  y: number;
  w: number;
  h: number;
  /** 1 for the 480-pixel look-up card; smaller for hand tiles. */
  scale: number;
  /** Height of the pattern box, 0 to leave it out. */
  pictureHeight: number;
}

function drawFrame(pen: Pen, style: GameStyle, face: CardBodyFace, box: CardBox): void {
  const { ctx } = pen;
  const r = style.frameRadius * box.scale;
  const keys = face.colours.length > 0 ? face.colours : [undefined];
  ctx.save();
  ctx.beginPath();
  ctx.roundRect(box.x, box.y, box.w, box.h, r);
  ctx.clip();
  // Multicolour cards get vertical stripes of each colour in the frame.
  const stripe = box.w / keys.length;
  keys.forEach((key, i) => {
    ctx.fillStyle = swatch(style, key).fill;
    ctx.fillRect(box.x + i * stripe, box.y, stripe + 1, box.h);
  });
  ctx.restore();
  const border = Math.max(4, 10 * box.scale);
  fillBox(ctx, box.x + border, box.y + border, box.w - 2 * border, box.h - 2 * border, r * 0.6, style.panel);
}

function drawStats(pen: Pen, style: GameStyle, stats: readonly Stat[], right: number, bottom: number, s: number): void {
  let x = right;
  for (const stat of [...stats].reverse()) {
    const valueSize = Math.round(28 * s);
    const labelSize = Math.round(15 * s);
    const value = String(stat.value);
    const w =
      pen.width(value, { size: valueSize, weight: 'bold' }) + pen.width(stat.label, { size: labelSize }) + 18 * s;
    const h = 40 * s;
    fillBox(pen.ctx, x - w, bottom - h, w, h, 8 * s, style.panelEdge);
    const changed =
      stat.base === undefined || typeof stat.value !== 'number' || stat.value === stat.base
        ? style.ink
        : stat.value > stat.base
          ? '#7ddc8c'
          : '#ff8a80';
    const baseline = bottom - h / 2 + valueSize * 0.36;
    pen.text(value, x - 8 * s, baseline, { size: valueSize, weight: 'bold', colour: changed, align: 'right' });
    pen.text(stat.label, x - w + 7 * s, baseline, { size: labelSize, colour: style.mutedInk });
    x -= w + 8 * s;
  }
}

/** Shrinks the name (to 70% at most) until its longest word fits on a line, so no word is split. */
function fittingNameSize(pen: Pen, name: string, width: number, size: number): number {
  // Japanese breaks between any two characters, so it never needs shrinking.
  if (/[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]/u.test(name)) return size;
  const longest = name.split(/\s+/).reduce((a, b) => (b.length > a.length ? b : a), '');
  let fitted = size;
  while (fitted > size * 0.7 && pen.width(longest, { size: fitted, weight: 'bold' }) > width) fitted -= 1;
  return fitted;
}

/** Draws the whole face into `box`. */
export function drawCardBody(pen: Pen, style: GameStyle, face: CardBodyFace, box: CardBox): void {
  const s = box.scale;
  drawFrame(pen, style, face, box);
  const pad = 22 * s;
  const left = box.x + pad;
  const right = box.x + box.w - pad;
  const width = right - left;
  // Name bar: cost pips on the right, the name wrapped into the rest (at most two lines).
  const pip = 30 * s;
  const pipsWidth = face.cost.length * pip * 1.15;
  const nameWidth = width - pipsWidth - 8 * s;
  const nameSize = fittingNameSize(pen, face.name, nameWidth, Math.round(27 * s));
  drawPips(pen, style, face.cost, right - pipsWidth + pip * 0.15, box.y + pad + pip / 2 + 2 * s, pip);
  const nameLines = pen.paragraph(
    face.name,
    left,
    box.y + pad + nameSize,
    { width: nameWidth, lineHeight: nameSize * 1.2, maxLines: 2 },
    { size: nameSize, weight: 'bold', colour: style.ink },
  );
  let y = box.y + pad + Math.max(pip, nameLines * nameSize * 1.2) + 12 * s;
  if (box.pictureHeight > 0) {
    drawPicture(pen.ctx, style, face, { x: left, y, w: width, h: box.pictureHeight });
    y += box.pictureHeight + 10 * s;
  }
  const typeSize = Math.round(19 * s);
  fillBox(pen.ctx, left, y, width, typeSize * 1.7, 6 * s, style.panelEdge);
  pen.text(face.typeLine, left + 10 * s, y + typeSize * 1.22, {
    size: typeSize,
    weight: 'bold',
    colour: style.ink,
    maxWidth: width - 20 * s,
  });
  y += typeSize * 1.7 + 14 * s;
  const textSize = Math.round(20 * s);
  const lineHeight = textSize * 1.42;
  const statsRoom = face.stats.length > 0 ? 52 * s : 0;
  const maxLines = Math.max(0, Math.floor((box.y + box.h - pad - statsRoom - y) / lineHeight));
  pen.paragraph(
    face.text,
    left + 4 * s,
    y + textSize,
    { width: width - 8 * s, lineHeight, maxLines },
    { size: textSize, colour: style.ink, reminderColour: style.mutedInk },
  );
  drawStats(pen, style, face.stats, right, box.y + box.h - pad + 4 * s, s);
}
