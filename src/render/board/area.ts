// An area of a player's side (field, energy zone, ...): a heading and a grid of slots, with honest overflow.
import type { Area } from '../table-model.ts';
import { word } from '../ui-words.ts';
import { type CardGroup, groupCards } from './group.ts';
import {
  COMPACT_HEIGHT,
  drawOverflow,
  drawTile,
  FULL_HEIGHT,
  slotHeight,
  TILE_WIDTH,
  type TileContext,
} from './tile.ts';

export const COLUMNS = 8;
export const GAP = 8;
export const GRID_WIDTH = COLUMNS * TILE_WIDTH + (COLUMNS - 1) * GAP;
const HEADING = 26;
/** Rows before the last slot becomes "+N more". Compact areas (energy, lands) get fewer. */
const MAX_ROWS = { full: 3, compact: 2 } as const;

export interface AreaPlan {
  area: Area;
  /** Slots row by row; the last slot of the last row may be the overflow slot. */
  rows: CardGroup[][];
  rowHeights: number[];
  /** Cards not drawn (counted in the overflow slot). */
  hiddenCards: number;
  height: number;
}

export function planArea(area: Area): AreaPlan {
  const compact = area.style === 'compact';
  const groups = groupCards(area.cards);
  const capacity = MAX_ROWS[area.style] * COLUMNS;
  const shown = groups.length > capacity ? groups.slice(0, capacity - 1) : groups;
  const hiddenCards = groups.slice(shown.length).reduce((n, g) => n + g.count, 0);
  const rows: CardGroup[][] = [];
  for (let i = 0; i < shown.length; i += COLUMNS) rows.push(shown.slice(i, i + COLUMNS));
  if (hiddenCards > 0 && (rows.length === 0 || (rows.at(-1)?.length ?? 0) >= COLUMNS)) rows.push([]);
  const emptyHeight = compact ? COMPACT_HEIGHT : FULL_HEIGHT;
  const rowHeights = rows.map((row) => Math.max(emptyHeight, ...row.map((g) => slotHeight(g, compact))));
  const gridHeight = rows.length === 0 ? 30 : rowHeights.reduce((a, b) => a + b, 0) + (rows.length - 1) * GAP;
  return { area, rows, rowHeights, hiddenCards, height: HEADING + gridHeight };
}

export function drawArea(t: TileContext, plan: AreaPlan, x: number, y: number): void {
  const compact = plan.area.style === 'compact';
  const count = plan.area.cards.length;
  const headingWidth = t.pen.text(plan.area.name, x, y + 18, {
    size: 17,
    weight: 'bold',
    colour: t.style.mutedInk,
    maxWidth: GRID_WIDTH - 60,
  });
  t.pen.text(String(count), x + headingWidth + 8, y + 18, { size: 17, colour: t.style.mutedInk });
  let top = y + HEADING;
  if (plan.rows.length === 0)
    t.pen.text(word('empty', t.locale), x + 4, top + 20, { size: 16, colour: t.style.mutedInk });
  plan.rows.forEach((row, r) => {
    row.forEach((group, c) => {
      drawTile(t, group, x + c * (TILE_WIDTH + GAP), top, compact);
    });
    const isLast = r === plan.rows.length - 1;
    if (isLast && plan.hiddenCards > 0)
      drawOverflow(t, plan.hiddenCards, x + row.length * (TILE_WIDTH + GAP), top, compact);
    top += (plan.rowHeights[r] ?? 0) + GAP;
  });
}
