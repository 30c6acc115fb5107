// One slot on the board: a card (or a group of identical cards) with its attachments underneath.
import type { Locale } from '../../engine/core/label.ts';
import type { Pen } from '../pen.ts';
import { drawPips, drawTag, fillBox, strokeBox } from '../shapes.ts';
import { type GameStyle, swatch } from '../styles/game-style.ts';
import type { FaceUpCard, Stat, TableCard } from '../table-model.ts';
import { word } from '../ui-words.ts';
import type { CardGroup } from './group.ts';
import { drawStateTags, tagsWidth, tagWidth } from './state-tags.ts';

export const TILE_WIDTH = 148;
export const FULL_HEIGHT = 104;
export const COMPACT_HEIGHT = 52;
/** The smallest size a full tile's name is drawn at on one line; below it the name takes two lines. */
const NAME_MIN = 14;
export const ATTACHMENT_HEIGHT = 26;
/** Attachments drawn per host; the rest are counted ("+2"). */
export const MAX_ATTACHMENT_LINES = 2;

export interface TileContext {
  pen: Pen;
  style: GameStyle;
  locale: Locale;
  /** Object ids touched by the last action. */
  highlight: ReadonlySet<string>;
}

/** All cards attached to a card, and to those cards in turn (AQA break stacks, an aura on an equip), depth first. */
function attachedTree(card: TableCard): TableCard[] {
  return card.attachments.flatMap((a) => [a, ...attachedTree(a)]);
}

export function attachmentLines(card: TableCard): number {
  const n = attachedTree(card).length;
  return n <= MAX_ATTACHMENT_LINES ? n : MAX_ATTACHMENT_LINES + 1;
}

export function slotHeight(group: CardGroup, compact: boolean): number {
  return (compact ? COMPACT_HEIGHT : FULL_HEIGHT) + attachmentLines(group.card) * ATTACHMENT_HEIGHT;
}

function isTurned(card: TableCard): boolean {
  return card.states.includes('turned') || card.states.includes('upsideDown');
}

export function statText(stats: readonly Stat[]): string {
  return stats.map((s) => String(s.value)).join('/');
}

/** Green when any stat is above its printed value, red when any is below (both: the accent). */
function statColour(stats: readonly Stat[], style: GameStyle): string {
  const up = stats.some((s) => s.base !== undefined && typeof s.value === 'number' && s.value > s.base);
  const down = stats.some((s) => s.base !== undefined && typeof s.value === 'number' && s.value < s.base);
  if (up && down) return style.accent;
  if (up) return '#7ddc8c';
  if (down) return '#ff8a80';
  return style.ink;
}

/** The frame band: one stripe per colour of the card. */
function drawBand(t: TileContext, card: FaceUpCard, x: number, y: number, h: number): void {
  const colours = card.colours.length > 0 ? card.colours : [undefined];
  const stripe = h / colours.length;
  colours.forEach((key, i) => {
    t.pen.ctx.fillStyle = swatch(t.style, key).fill;
    t.pen.ctx.fillRect(x, y + i * stripe, 7, stripe);
  });
}

function drawBack(t: TileContext, x: number, y: number, w: number, h: number): void {
  const { ctx } = t.pen;
  fillBox(ctx, x, y, w, h, 8, '#2a2f3a');
  ctx.save();
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, 8);
  ctx.clip();
  ctx.strokeStyle = '#363d4b';
  ctx.lineWidth = 6;
  for (let d = -h; d < w; d += 18) {
    ctx.beginPath();
    ctx.moveTo(x + d, y + h);
    ctx.lineTo(x + d + h, y);
    ctx.stroke();
  }
  ctx.restore();
}

/** The group count sits right of the cost row, where it never competes with the name or the stats; returns its width. */
function drawCountBadge(t: TileContext, count: number, right: number, y: number, size: number): number {
  if (count <= 1) return 0;
  return drawTag(t.pen, `×${count}`, right, y, { size, fill: t.style.accent, ink: '#111418', align: 'right' }) + 4;
}

function drawFaceUp(t: TileContext, card: FaceUpCard, x: number, y: number, compact: boolean, pipRoom: number): void {
  const { pen, style } = t;
  const h = compact ? COMPACT_HEIGHT : FULL_HEIGHT;
  fillBox(pen.ctx, x, y, TILE_WIDTH, h, 8, style.panel);
  drawBand(t, card, x, y, h);
  const inner = x + 14;
  const right = x + TILE_WIDTH - 6;
  if (compact) {
    pen.text(card.name, inner, y + 21, {
      size: 17,
      minSize: 13,
      weight: 'bold',
      colour: style.ink,
      maxWidth: right - inner,
    });
    return;
  }
  // A name too long for one line at the smallest size is wrapped onto two (issue 26: full names on the board).
  if (pen.width(card.name, { size: NAME_MIN, weight: 'bold' }) > right - inner)
    pen.paragraph(
      card.name,
      inner,
      y + 17,
      { width: right - inner, lineHeight: 15, maxLines: 2 },
      {
        size: NAME_MIN - 1,
        weight: 'bold',
        colour: style.ink,
      },
    );
  else
    pen.text(card.name, inner, y + 24, {
      size: 19,
      minSize: NAME_MIN,
      weight: 'bold',
      colour: style.ink,
      maxWidth: right - inner,
    });
  // Cost pips yield to the state tags on their row; a cut cost ends with "…" rather than silently shortening.
  // Pips shrink (down to 12 px) before any is cut.
  const pip = Math.max(12, Math.min(17, Math.floor((pipRoom + 2) / Math.max(1, card.cost.length * 1.15))));
  const fitting = Math.max(0, Math.floor((pipRoom + pip * 0.15) / (pip * 1.15)));
  const cut = card.cost.length > fitting;
  const pipsShown = cut ? card.cost.slice(0, Math.max(0, fitting - 1)) : card.cost;
  const pipsWidth = drawPips(pen, style, pipsShown, inner, y + 42, pip);
  if (cut) pen.text('…', inner + pipsWidth + 2, y + 48, { size: 15, weight: 'bold', colour: style.mutedInk });
  let cx = inner;
  if (card.damage > 0) {
    cx +=
      drawTag(pen, `${word('damage', t.locale)} ${card.damage}`, cx, y + 55, {
        size: 14,
        fill: '#c0392b',
        ink: '#fff',
      }) + 6;
  }
  if (card.counters.length > 0) {
    const counters = card.counters.map((c) => `${c.name}×${c.count}`).join(' ');
    pen.text(counters, cx, y + 70, { size: 15, colour: style.accent, maxWidth: right - cx });
  }
  if (card.stats.length > 0) {
    const colour = statColour(card.stats, style);
    pen.text(statText(card.stats), right - 2, y + 97, { size: 23, weight: 'bold', colour, align: 'right' });
  }
}

function drawFaceDown(t: TileContext, x: number, y: number, compact: boolean): void {
  const h = compact ? COMPACT_HEIGHT : FULL_HEIGHT;
  drawBack(t, x, y, TILE_WIDTH, h);
  t.pen.text(word('faceDown', t.locale), x + 10, y + (compact ? 27 : 30), {
    size: 15,
    colour: t.style.mutedInk,
    maxWidth: TILE_WIDTH - 60,
  });
}

function drawAttachments(t: TileContext, host: TableCard, x: number, top: number): void {
  const { pen, style } = t;
  const attached = attachedTree(host);
  const shown = attached.slice(0, MAX_ATTACHMENT_LINES);
  shown.forEach((card, i) => {
    const y = top + i * ATTACHMENT_HEIGHT;
    fillBox(pen.ctx, x + 12, y + 2, TILE_WIDTH - 12, ATTACHMENT_HEIGHT - 4, 5, style.panelEdge);
    // A short rail from the host marks the attachment as belonging to it.
    pen.ctx.fillStyle = style.mutedInk;
    pen.ctx.fillRect(x + 4, y - 2, 3, ATTACHMENT_HEIGHT - 6);
    pen.ctx.fillRect(x + 4, y + ATTACHMENT_HEIGHT / 2 - 2, 8, 3);
    const name = card.face === 'up' ? card.name : word('faceDown', t.locale);
    const stats = card.face === 'up' && card.stats.length > 0 ? statText(card.stats) : '';
    const statsWidth = stats
      ? pen.text(stats, x + TILE_WIDTH - 6, y + 19, { size: 14, colour: style.ink, align: 'right' })
      : 0;
    pen.text(name, x + 18, y + 19, {
      size: 15,
      minSize: 11,
      colour: style.ink,
      maxWidth: TILE_WIDTH - 30 - statsWidth,
    });
    if (t.highlight.has(card.id)) {
      strokeBox(pen.ctx, { x: x + 12, y: y + 2, w: TILE_WIDTH - 12, h: ATTACHMENT_HEIGHT - 4, r: 5 }, style.accent, 2);
    }
  });
  const hidden = attached.length - shown.length;
  if (hidden > 0) {
    const y = top + shown.length * ATTACHMENT_HEIGHT;
    pen.text(`+${hidden}`, x + 18, y + 19, { size: 15, weight: 'bold', colour: style.mutedInk });
  }
}

export function drawTile(t: TileContext, group: CardGroup, x: number, y: number, compact: boolean): void {
  const { card } = group;
  const h = compact ? COMPACT_HEIGHT : FULL_HEIGHT;
  const right = x + TILE_WIDTH - 6;
  const tagSize = compact ? 11 : 13;
  const badgeWidth = group.count > 1 ? tagWidth(t, `×${group.count}`, compact ? 14 : 15) : 0;
  const tagRoom = TILE_WIDTH - 20 - badgeWidth;
  const pipRoom = right - (x + 14) - badgeWidth - tagsWidth(t, card, tagSize, tagRoom) - 4;
  if (card.face === 'up') drawFaceUp(t, card, x, y, compact, pipRoom);
  else drawFaceDown(t, x, y, compact);
  // A turned card is dimmed: at preview size "dim" reads faster than a rotated frame in a dense grid.
  if (isTurned(card)) fillBox(t.pen.ctx, x, y, TILE_WIDTH, h, 8, 'rgba(10,12,16,0.5)');
  const badge = drawCountBadge(t, group.count, right, compact ? y + 29 : y + 31, compact ? 14 : 15);
  drawStateTags(t, card, right - badge, compact ? y + 31 : y + 33, tagSize, tagRoom);
  if (card.states.includes('destroyedPending')) strokeBox(t.pen.ctx, { x, y, w: TILE_WIDTH, h, r: 8 }, '#c0392b', 3);
  if (group.ids.some((id) => t.highlight.has(id))) {
    strokeBox(t.pen.ctx, { x: x - 2, y: y - 2, w: TILE_WIDTH + 4, h: h + 4, r: 9 }, t.style.accent, 4);
  }
  drawAttachments(t, card, x, y + h);
}

/** The honest overflow slot: how many cards did not fit. */
export function drawOverflow(t: TileContext, hiddenCards: number, x: number, y: number, compact: boolean): void {
  const h = compact ? COMPACT_HEIGHT : FULL_HEIGHT;
  strokeBox(t.pen.ctx, { x: x + 1, y: y + 1, w: TILE_WIDTH - 2, h: h - 2, r: 8 }, t.style.panelEdge, 2);
  t.pen.text(`+${hiddenCards} ${word('more', t.locale)}`, x + TILE_WIDTH / 2, y + h / 2 + 8, {
    size: 20,
    weight: 'bold',
    colour: t.style.mutedInk,
    align: 'center',
    maxWidth: TILE_WIDTH - 12,
  });
}
