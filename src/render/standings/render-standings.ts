// A league table image. Columns and cells come formatted from the league; the renderer only lays them out.
import { fillBox } from '../shapes.ts';
import { BASE_STYLE } from '../styles/base.ts';
import type { GameStyle } from '../styles/game-style.ts';
import { createSurface, finish } from '../surface.ts';
import type { Rendered, StandingsModel } from '../table-model.ts';

const WIDTH = 960;
const MARGIN = 24;
const TITLE = 92;
const ROW = 40;

/** Relative column widths: the first left-aligned column (the name) takes what the numbers leave. */
function columnWidths(model: StandingsModel, inner: number): number[] {
  const narrow = 96;
  const wideIndex = model.columns.findIndex((c) => c.align === 'left');
  const wide = inner - narrow * (model.columns.length - (wideIndex >= 0 ? 1 : 0));
  return model.columns.map((_, i) => (i === wideIndex ? Math.max(wide, 160) : narrow));
}

/** `gameStyle`: the style of the league's game (its accent heads the table); null for a table of no one game. */
export async function renderStandings(model: StandingsModel, gameStyle: GameStyle | null): Promise<Rendered> {
  const accent = gameStyle?.accent ?? '#7fb2e0';
  const style = { ...BASE_STYLE, accent };
  const height = TITLE + ROW * (model.rows.length + 1) + MARGIN;
  const surface = createSurface(WIDTH, height, style.background);
  const { pen, ctx } = surface;
  pen.text(model.title, MARGIN, 44, { size: 30, weight: 'bold', colour: style.ink, maxWidth: WIDTH - 2 * MARGIN });
  pen.text(model.subtitle, MARGIN, 76, { size: 18, colour: style.mutedInk, maxWidth: WIDTH - 2 * MARGIN });
  const inner = WIDTH - 2 * MARGIN;
  const widths = columnWidths(model, inner);
  const cellX = (i: number) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0);
  const drawRow = (cells: readonly string[], y: number, header: boolean) => {
    model.columns.forEach((column, i) => {
      const w = widths[i] ?? 0;
      const x = column.align === 'right' ? cellX(i) + w - 12 : cellX(i) + 12;
      pen.text(cells[i] ?? '', x, y + 27, {
        size: header ? 16 : 19,
        weight: header ? 'bold' : i === 0 ? 'bold' : 'regular',
        colour: header ? style.mutedInk : style.ink,
        align: column.align,
        maxWidth: w - 20,
      });
    });
  };
  drawRow(
    model.columns.map((c) => c.label),
    TITLE,
    true,
  );
  ctx.fillStyle = accent;
  ctx.fillRect(MARGIN, TITLE + ROW - 2, inner, 2);
  model.rows.forEach((row, r) => {
    const y = TITLE + ROW * (r + 1);
    if (row.highlight) {
      ctx.save();
      ctx.globalAlpha = 0.2;
      fillBox(ctx, MARGIN, y, inner, ROW, 6, accent);
      ctx.restore();
    } else if (r % 2 === 1) {
      fillBox(ctx, MARGIN, y, inner, ROW, 6, style.panel);
    }
    drawRow(row.cells, y, false);
  });
  return finish(surface);
}
