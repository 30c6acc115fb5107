// State tags on a board tile ("Frozen", "Attacking", ...): right-aligned, and honest when they do not all fit.
import { drawTag } from '../shapes.ts';
import type { CardState, TableCard } from '../table-model.ts';
import type { TileContext } from './tile.ts';

/** States shown as tags; `turned` and `upsideDown` also dim the tile. */
const TAGGED_STATES: readonly CardState[] = [
  'destroyedPending',
  'attacking',
  'blocking',
  'turned',
  'upsideDown',
  'actionRestricted',
  'revealed',
];

function tagColours(state: CardState): { fill: string; ink: string } {
  if (state === 'destroyedPending') return { fill: '#c0392b', ink: '#ffffff' };
  if (state === 'attacking') return { fill: '#e67e22', ink: '#111418' };
  if (state === 'blocking') return { fill: '#2e86c1', ink: '#ffffff' };
  if (state === 'turned' || state === 'upsideDown') return { fill: '#9fd3e6', ink: '#0f2a36' };
  return { fill: '#596270', ink: '#eef1f4' };
}

export function tagWidth(t: TileContext, text: string, size: number): number {
  return t.pen.width(text, { size, weight: 'bold' }) + 2 * Math.round(size * 0.45) + 4;
}

/** The states to tag, and how many did not fit in `room` (shown as "+N"). */
function fittingTags(
  t: TileContext,
  card: TableCard,
  size: number,
  room: number,
): { shown: CardState[]; dropped: number } {
  const states = TAGGED_STATES.filter((s) => card.states.includes(s));
  const shown: CardState[] = [];
  let used = 0;
  for (const [i, state] of states.entries()) {
    const w = tagWidth(t, t.style.states[state][t.locale], size);
    const rest = states.length - i - 1;
    const reserve = rest > 0 ? tagWidth(t, `+${rest}`, size) : 0;
    if (used + w + reserve > room) return { shown, dropped: states.length - shown.length };
    shown.push(state);
    used += w;
  }
  return { shown, dropped: 0 };
}

export function tagsWidth(t: TileContext, card: TableCard, size: number, room: number): number {
  const { shown, dropped } = fittingTags(t, card, size, room);
  const words = shown.map((s) => t.style.states[s][t.locale]);
  if (dropped > 0) words.push(`+${dropped}`);
  return words.reduce((w, word) => w + tagWidth(t, word, size), 0);
}

/** Tags right to left from `right`; states that do not fit in `room` are counted in a "+N" tag. */
export function drawStateTags(
  t: TileContext,
  card: TableCard,
  right: number,
  y: number,
  size: number,
  room: number,
): void {
  const { shown, dropped } = fittingTags(t, card, size, room);
  let x = right;
  for (const state of shown) {
    x -= drawTag(t.pen, t.style.states[state][t.locale], x, y, { size, ...tagColours(state), align: 'right' }) + 4;
  }
  if (dropped > 0) drawTag(t.pen, `+${dropped}`, x, y, { size, fill: '#596270', ink: '#eef1f4', align: 'right' });
}
