// A player's header: name, whose turn and priority, life, resources and zone counts.

import { drawTag, fillBox } from '../shapes.ts';
import type { PlayerSide } from '../table-model.ts';
import { word } from '../ui-words.ts';
import type { TileContext } from './tile.ts';

export const STRIP_HEIGHT = 104;
const ITEM_SIZE = 18;
const ITEM_GAP = 22;

interface Item {
  label: string;
  value: string;
}

/** Draws label-value items left to right over up to two lines; an item that would not fit ends with "…". */
function drawItems(t: TileContext, items: readonly Item[], x: number, y: number, width: number): void {
  const { pen, style } = t;
  let cx = x;
  let line = 0;
  for (const item of items) {
    const w =
      pen.width(item.label, { size: ITEM_SIZE }) + 6 + pen.width(item.value, { size: ITEM_SIZE, weight: 'bold' });
    if (cx > x && cx + w > x + width) {
      line += 1;
      cx = x;
    }
    if (line > 1) return;
    const baseline = y + line * 28;
    const room = x + width - cx;
    const labelWidth = pen.text(item.label, cx, baseline, { size: ITEM_SIZE, colour: style.mutedInk, maxWidth: room });
    pen.text(item.value, cx + labelWidth + 6, baseline, {
      size: ITEM_SIZE,
      weight: 'bold',
      colour: style.ink,
      maxWidth: Math.max(0, room - labelWidth - 6),
    });
    cx += w + ITEM_GAP;
  }
}

export function drawPlayerStrip(
  t: TileContext,
  player: PlayerSide,
  flags: { active: boolean; priority: boolean },
  x: number,
  y: number,
  width: number,
): void {
  const { pen, style, locale } = t;
  fillBox(pen.ctx, x, y, width, STRIP_HEIGHT, 10, style.panel);
  if (flags.active) fillBox(pen.ctx, x, y, 8, STRIP_HEIGHT, 4, style.accent);
  const lifeWord = style.life?.[locale];
  let lifeWidth = 0;
  if (player.life !== null && lifeWord !== undefined) {
    const right = x + width - 16;
    const valueWidth = pen.text(String(player.life), right, y + 38, {
      size: 32,
      weight: 'bold',
      colour: style.ink,
      align: 'right',
    });
    const wordWidth = pen.text(lifeWord, right - valueWidth - 8, y + 38, {
      size: 18,
      colour: style.mutedInk,
      align: 'right',
    });
    lifeWidth = valueWidth + wordWidth + 24;
  }
  const nameWidth = pen.text(player.name, x + 22, y + 36, {
    size: 26,
    weight: 'bold',
    colour: style.ink,
    maxWidth: Math.min(420, width - lifeWidth - 260),
  });
  let tagX = x + 22 + nameWidth + 12;
  if (flags.active) {
    tagX +=
      drawTag(pen, word('activePlayer', locale), tagX, y + 16, { size: 16, fill: style.accent, ink: '#111418' }) + 8;
  }
  if (flags.priority)
    drawTag(pen, word('priority', locale), tagX, y + 16, { size: 16, fill: '#2e86c1', ink: '#ffffff' });
  const items: Item[] = [...player.resources, ...player.zones.map((z) => ({ label: z.label, value: String(z.count) }))];
  drawItems(t, items, x + 22, y + 68, width - 44);
}
