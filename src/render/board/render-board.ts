// The public board: both sides, the stack and the last action. The viewer's side (p1 for the public) is at the
// bottom; the opponent's areas are mirrored so that both fields meet at the stack in the middle.
import { opponentOf, type Seat } from '../../engine/core/game.ts';
import type { GameStyle } from '../styles/game-style.ts';
import { createSurface, finish, measuringPen } from '../surface.ts';
import type { Rendered, TableModel } from '../table-model.ts';
import { word } from '../ui-words.ts';
import { type AreaPlan, drawArea, GRID_WIDTH, planArea } from './area.ts';
import { drawPlayerStrip, stripHeight } from './player-strip.ts';
import { drawStackPanel, stackPanelHeight } from './stack-panel.ts';
import type { TileContext } from './tile.ts';

const MARGIN = 16;
const GAP = 10;
const HEADER = 52;
export const BOARD_WIDTH = GRID_WIDTH + 2 * MARGIN;

function sumHeights(plans: readonly AreaPlan[]): number {
  return plans.reduce((h, p) => h + p.height + GAP, 0);
}

/** `style`: the style of the model's game (`GameRegistry.styleOf`), passed in so a render worker needs no registry. */
export async function renderBoard(model: TableModel, style: GameStyle): Promise<Rendered> {
  const bottomSeat: Seat = model.viewer.kind === 'seat' ? model.viewer.seat : 'p1';
  const topSeat = opponentOf(bottomSeat);
  const top = model.players[topSeat];
  const bottom = model.players[bottomSeat];
  const topPlans = top.areas.map(planArea).reverse();
  const bottomPlans = bottom.areas.map(planArea);
  const measure = measuringPen();
  const topStrip = stripHeight(measure, top, GRID_WIDTH, model.locale);
  const bottomStrip = stripHeight(measure, bottom, GRID_WIDTH, model.locale);
  const height =
    HEADER +
    topStrip +
    bottomStrip +
    2 * GAP +
    sumHeights(topPlans) +
    sumHeights(bottomPlans) +
    stackPanelHeight(model) +
    GAP +
    MARGIN;

  const surface = createSurface(BOARD_WIDTH, height, style.background);
  const t: TileContext = {
    pen: surface.pen,
    style,
    locale: model.locale,
    highlight: new Set(model.lastAction?.objectIds ?? []),
  };
  drawHeader(t, model);
  let y = HEADER;
  const flags = (seat: Seat) => ({ active: model.activeSeat === seat, priority: model.prioritySeat === seat });
  drawPlayerStrip(t, top, flags(topSeat), { x: MARGIN, y, width: GRID_WIDTH, height: topStrip });
  y += topStrip + GAP;
  for (const plan of topPlans) {
    drawArea(t, plan, MARGIN, y);
    y += plan.height + GAP;
  }
  drawStackPanel(t, model, MARGIN, y, GRID_WIDTH);
  y += stackPanelHeight(model) + GAP;
  for (const plan of bottomPlans) {
    drawArea(t, plan, MARGIN, y);
    y += plan.height + GAP;
  }
  drawPlayerStrip(t, bottom, flags(bottomSeat), { x: MARGIN, y, width: GRID_WIDTH, height: bottomStrip });
  return finish(surface);
}

function drawHeader(t: TileContext, model: TableModel): void {
  const { pen, style, locale } = t;
  const baseline = 34;
  let x = MARGIN;
  x +=
    pen.text(style.title[locale], x, baseline, { size: 22, weight: 'bold', colour: style.accent, maxWidth: 360 }) + 20;
  x +=
    pen.text(`${word('turn', locale)} ${model.turn}`, x, baseline, { size: 22, weight: 'bold', colour: style.ink }) +
    16;
  if (model.phase !== undefined) {
    pen.text(model.phase, x, baseline, { size: 22, colour: style.ink, maxWidth: BOARD_WIDTH - x - 260 });
  }
  const viewerText =
    model.viewer.kind === 'public' ? word('publicView', locale) : model.players[model.viewer.seat].name;
  pen.text(viewerText, BOARD_WIDTH - MARGIN, baseline, {
    size: 17,
    colour: style.mutedInk,
    align: 'right',
    maxWidth: 240,
  });
}
