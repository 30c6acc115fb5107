// A player's header: name, whose turn and priority, life, resources and zone counts.

import type { Locale } from '../../engine/core/label.ts';
import type { Pen } from '../pen.ts';
import { drawTag, fillBox } from '../shapes.ts';
import type { PlayerSide } from '../table-model.ts';
import { word } from '../ui-words.ts';
import type { TileContext } from './tile.ts';

const ITEM_SIZE = 18;
const ITEM_LINE = 28;
const FIRST_ITEM_BASELINE = 68;
const ITEM_GAP = 22;

interface Item {
  label: string;
  value: string;
}

interface PlacedItem {
  item: Item;
  dx: number;
  line: number;
}

/** Resources, then zone counts; a public pile's count is followed by its top card's full name. */
function itemsOf(player: PlayerSide, locale: Locale): Item[] {
  return [
    ...player.resources,
    ...player.zones.map((z) => ({
      label: z.label,
      value: z.top && z.count > 0 ? `${z.count} (${word('top', locale)}: ${z.top})` : String(z.count),
    })),
  ];
}

/** Flows label-value items left to right, wrapping onto as many lines as they need (none is ever dropped). */
function placeItems(pen: Pen, items: readonly Item[], width: number): PlacedItem[] {
  const placed: PlacedItem[] = [];
  let dx = 0;
  let line = 0;
  for (const item of items) {
    const w =
      pen.width(item.label, { size: ITEM_SIZE }) + 6 + pen.width(item.value, { size: ITEM_SIZE, weight: 'bold' });
    if (dx > 0 && dx + w > width) {
      line += 1;
      dx = 0;
    }
    placed.push({ item, dx, line });
    dx += w + ITEM_GAP;
  }
  return placed;
}

/** The strip's height for this player: the name row plus one row per line of items. */
export function stripHeight(pen: Pen, player: PlayerSide, width: number, locale: Locale): number {
  const lines = Math.max(1, (placeItems(pen, itemsOf(player, locale), width - 44).at(-1)?.line ?? 0) + 1);
  return FIRST_ITEM_BASELINE + (lines - 1) * ITEM_LINE + 18;
}

function drawItems(t: TileContext, items: readonly Item[], x: number, y: number, width: number): void {
  const { pen, style } = t;
  for (const { item, dx, line } of placeItems(pen, items, width)) {
    const baseline = y + line * ITEM_LINE;
    const room = width - dx;
    const labelWidth = pen.text(item.label, x + dx, baseline, {
      size: ITEM_SIZE,
      colour: style.mutedInk,
      maxWidth: room,
    });
    pen.text(item.value, x + dx + labelWidth + 6, baseline, {
      size: ITEM_SIZE,
      weight: 'bold',
      colour: style.ink,
      maxWidth: Math.max(0, room - labelWidth - 6),
    });
  }
}

export function drawPlayerStrip(
  t: TileContext,
  player: PlayerSide,
  flags: { active: boolean; priority: boolean },
  box: { x: number; y: number; width: number; height: number },
): void {
  const { pen, style, locale } = t;
  const { x, y, width, height } = box;
  fillBox(pen.ctx, x, y, width, height, 10, style.panel);
  if (flags.active) fillBox(pen.ctx, x, y, 8, height, 4, style.accent);
  // A game without life (AQA) normally sends null; if its adapter sends a number anyway, it is still shown.
  const lifeWord = style.life?.[locale] ?? word('life', locale);
  let lifeWidth = 0;
  if (player.life !== null) {
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
  drawItems(t, itemsOf(player, locale), x + 22, y + 68, width - 44);
}
