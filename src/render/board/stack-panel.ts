// The shared stack / waiting area / chase, top item first, and the last action in the accent colour.

import { drawTag, fillBox } from '../shapes.ts';
import type { TableModel } from '../table-model.ts';
import { word } from '../ui-words.ts';
import type { TileContext } from './tile.ts';

const LINE = 30;
const MAX_ITEMS = 6;
const LAST_ACTION_HEIGHT = 44;

/** Lines of stack items (with the "+N more" line). */
function itemLines(model: TableModel): number {
  const items = model.stack.items.length;
  return Math.min(items, MAX_ITEMS) + (items > MAX_ITEMS ? 1 : 0);
}

export function stackPanelHeight(model: TableModel): number {
  const combat = model.combat ? model.combat.attacks.length * LINE + 8 : 0;
  return 44 + itemLines(model) * LINE + combat + (model.lastAction ? LAST_ACTION_HEIGHT + 8 : 0);
}

/** The attack under way, one line per attacker: the game's word, attacker → what it attacks, then its blockers. */
function drawCombat(t: TileContext, model: TableModel, x: number, top: number, width: number): void {
  const { pen, style, locale } = t;
  const combat = model.combat;
  if (!combat) return;
  const right = x + width - 16;
  combat.attacks.forEach((line, i) => {
    const baseline = top + 8 + (i + 1) * LINE;
    let cx = x + 16;
    cx += drawTag(pen, combat.name, cx, baseline - 19, { size: 15, fill: '#c0392b', ink: '#ffffff' }) + 10;
    const attack = `${line.attacker} ${word('targets', locale)} ${line.target}`;
    cx += pen.text(attack, cx, baseline, { size: 18, weight: 'bold', colour: style.ink, maxWidth: right - cx }) + 14;
    if (line.blockers.length > 0 && cx < right)
      pen.text(`${word('blockedBy', locale)} ${line.blockers.join(', ')}`, cx, baseline, {
        size: 18,
        colour: style.accent,
        weight: 'bold',
        maxWidth: right - cx,
      });
  });
}

export function drawStackPanel(t: TileContext, model: TableModel, x: number, y: number, width: number): void {
  const { pen, style, locale } = t;
  const height = stackPanelHeight(model) - (model.lastAction ? LAST_ACTION_HEIGHT + 8 : 0);
  fillBox(pen.ctx, x, y, width, height, 10, style.panelEdge);
  const { items } = model.stack;
  const titleWidth = pen.text(model.stack.name, x + 16, y + 29, {
    size: 19,
    weight: 'bold',
    colour: style.ink,
    maxWidth: 400,
  });
  pen.text(items.length === 0 ? word('empty', locale) : String(items.length), x + 16 + titleWidth + 10, y + 29, {
    size: 19,
    colour: style.mutedInk,
  });
  items.slice(0, MAX_ITEMS).forEach((item, i) => {
    const baseline = y + 29 + (i + 1) * LINE;
    const right = x + width - 16;
    // An item the last action put on the stack gets the accent bar.
    if (t.highlight.has(item.id)) fillBox(pen.ctx, x + 4, baseline - 20, 5, 26, 2, style.accent);
    let cx = x + 16;
    cx += pen.text(`${i + 1}.`, cx, baseline, { size: 18, weight: 'bold', colour: style.mutedInk }) + 8;
    cx += pen.text(item.source, cx, baseline, { size: 18, weight: 'bold', colour: style.ink, maxWidth: 360 }) + 8;
    const owner = model.players[item.controller].name;
    cx += pen.text(`(${owner})`, cx, baseline, { size: 16, colour: style.mutedInk, maxWidth: 180 }) + 10;
    const targets = item.targets.length > 0 ? `${word('targets', locale)} ${item.targets.join(', ')}` : '';
    const targetWidth = targets ? Math.min(pen.width(targets, { size: 18, weight: 'bold' }), (right - cx) * 0.55) : 0;
    if (item.text)
      pen.text(item.text, cx, baseline, { size: 17, colour: style.ink, maxWidth: right - cx - targetWidth - 12 });
    if (targets)
      pen.text(targets, right, baseline, {
        size: 18,
        weight: 'bold',
        colour: style.accent,
        align: 'right',
        maxWidth: targetWidth,
      });
  });
  if (items.length > MAX_ITEMS) {
    const baseline = y + 29 + (MAX_ITEMS + 1) * LINE;
    pen.text(`+${items.length - MAX_ITEMS} ${word('more', locale)}`, x + 16, baseline, {
      size: 17,
      weight: 'bold',
      colour: style.mutedInk,
    });
  }
  drawCombat(t, model, x, y + 29 + itemLines(model) * LINE, width);
  if (model.lastAction) {
    const top = y + height + 8;
    pen.ctx.save();
    pen.ctx.globalAlpha = 0.18;
    fillBox(pen.ctx, x, top, width, LAST_ACTION_HEIGHT, 10, style.accent);
    pen.ctx.restore();
    const tagWidth = drawTag(pen, word('lastAction', locale), x + 12, top + 10, {
      size: 16,
      fill: style.accent,
      ink: '#111418',
    });
    pen.text(model.lastAction.text, x + 12 + tagWidth + 12, top + 29, {
      size: 19,
      weight: 'bold',
      colour: style.ink,
      maxWidth: width - tagWidth - 40,
    });
  }
}
