// The private hand image (owner's ephemeral message only): hand cards with "playable now" marked, then the
// owner's private zones (character deck, standby area, rune area, ...).
import type { Locale } from '../../engine/core/label.ts';
import { drawCardBody } from '../card/card-body.ts';
import type { Pen } from '../pen.ts';
import { drawTag, fillBox, strokeBox } from '../shapes.ts';
import type { GameStyle } from '../styles/game-style.ts';
import { createSurface, finish } from '../surface.ts';
import type { HandCard, HandModel, Rendered } from '../table-model.ts';
import { drawTile } from '../tile-cache.ts';
import { word } from '../ui-words.ts';

// Laid out in units, drawn at HAND_SCALE pixels a unit.
const MARGIN = 16;
// At most five large tiles a row: names, costs, stats and the playable mark must survive Discord's preview scaling.
const COLUMNS = 5;
/** The narrowest picture: room for the title and the player's name, and the section headings (600 units each). */
const MIN_COLUMNS = 3;
const TILE_W = 220;
const TILE_H = 300;
const GAP = 16;
const HEADER = 56;
const SECTION_HEADING = 44;
const PLAYABLE = '#5fd38a';
const widthOf = (columns: number) => 2 * MARGIN + columns * TILE_W + (columns - 1) * GAP;
/** The widest picture, in layout units. */
export const HAND_WIDTH = widthOf(COLUMNS);
/**
 * Pixels a layout unit (issue 26 item 8: fewer pixels). Discord shows the picture in a preview about 400–550 CSS
 * pixels wide, scaled to fit whatever its size, so the preview is the same picture at 897 pixels as at 1,196 (on a
 * 2× screen still more than one device pixel for each of its pixels at 550); 56 % of the pixels to read out, pack
 * and compress. Every tile edge is a whole pixel at this scale (MARGIN, TILE_W, TILE_H, GAP, HEADER and
 * SECTION_HEADING are multiples of 4), so tiles are copied pixel for pixel (tile-cache.ts).
 */
export const HAND_SCALE = 0.75;

/**
 * Tiles a row: as many as the fullest section needs, 3 to 5. A narrower picture has fewer pixels to draw and is shown
 * no smaller: Discord fits a preview into a box about 400–550 CSS pixels wide and some 300–350 tall, so a narrow
 * picture reaches the height limit at a larger scale.
 */
function columnsFor(sections: readonly { cards: readonly HandCard[] }[]): number {
  const fullest = Math.max(0, ...sections.map((s) => s.cards.length));
  return Math.min(COLUMNS, Math.max(MIN_COLUMNS, fullest));
}

function sectionHeight(cards: number, columns: number): number {
  const rows = Math.max(1, Math.ceil(cards / columns));
  return SECTION_HEADING + rows * TILE_H + (rows - 1) * GAP + GAP;
}

/** The style and locale of one image, with the style's text as the part of a tile's key that says how it is drawn. */
interface Look {
  columns: number;
  style: GameStyle;
  styleKey: string;
  locale: Locale;
}

function drawHandTile(pen: Pen, { style, styleKey, locale }: Look, entry: HandCard, x: number, y: number): void {
  const { card } = entry;
  if (card.face === 'down') {
    // A private zone may hold cards even the owner cannot see (a face-down rune not yet looked at).
    fillBox(pen.ctx, x, y, TILE_W, TILE_H, 10, '#2a2f3a');
    pen.text(word('faceDown', locale), x + TILE_W / 2, y + TILE_H / 2, {
      size: 16,
      colour: style.mutedInk,
      align: 'center',
    });
    return;
  }
  // The face is the same whether it can be played or not (the mark goes on top), so one tile serves both; the key is
  // every field drawCardBody draws.
  const face = {
    name: card.name,
    colours: card.colours,
    cost: card.cost,
    typeLine: card.typeLine,
    text: entry.text,
    stats: card.stats,
  };
  drawTile(
    pen,
    JSON.stringify([styleKey, TILE_W, TILE_H, HAND_SCALE, face]),
    { x, y, width: TILE_W, height: TILE_H, background: style.background, scale: HAND_SCALE },
    (tilePen) => drawCardBody(tilePen, style, face, { x: 0, y: 0, w: TILE_W, h: TILE_H, scale: 0.7, pictureHeight: 0 }),
  );
  if (entry.playable) {
    strokeBox(pen.ctx, { x: x - 4, y: y - 4, w: TILE_W + 8, h: TILE_H + 8, r: 10 }, PLAYABLE, 5);
    // The mark straddles the top edge, clear of the name and the stats.
    const label = word('playable', locale);
    const w = pen.width(label, { size: 16, weight: 'bold' }) + 15;
    drawTag(pen, label, x + (TILE_W - w) / 2, y - 14, { size: 16, fill: PLAYABLE, ink: '#0d2616' });
  } else {
    // Not playable right now: dimmed, still fully legible.
    fillBox(pen.ctx, x, y, TILE_W, TILE_H, 5, 'rgba(10,12,16,0.42)');
  }
}

function drawSection(pen: Pen, look: Look, section: { name: string; cards: readonly HandCard[] }, y: number): void {
  const { style, locale } = look;
  const headingWidth = pen.text(section.name, MARGIN, y + 24, {
    size: 20,
    weight: 'bold',
    colour: style.mutedInk,
    maxWidth: 600,
  });
  pen.text(String(section.cards.length), MARGIN + headingWidth + 10, y + 24, { size: 20, colour: style.mutedInk });
  if (section.cards.length === 0) {
    pen.text(word('empty', locale), MARGIN, y + SECTION_HEADING + 30, { size: 18, colour: style.mutedInk });
  }
  section.cards.forEach((entry, i) => {
    const x = MARGIN + (i % look.columns) * (TILE_W + GAP);
    const top = y + SECTION_HEADING + Math.floor(i / look.columns) * (TILE_H + GAP);
    drawHandTile(pen, look, entry, x, top);
  });
}

/** `style`: the style of the model's game, passed in so a render worker needs no registry. */
export async function renderHand(model: HandModel, style: GameStyle): Promise<Rendered> {
  const sections = [model.hand, ...model.privateZones];
  const columns = columnsFor(sections);
  const height = HEADER + sections.reduce((h, s) => h + sectionHeight(s.cards.length, columns), 0) + MARGIN;
  const surface = createSurface(widthOf(columns), height, style.background, HAND_SCALE);
  const { pen } = surface;
  const titleWidth = pen.text(style.title[model.locale], MARGIN, 36, {
    size: 22,
    weight: 'bold',
    colour: style.accent,
  });
  const nameX = MARGIN + titleWidth + 18;
  pen.text(model.playerName, nameX, 36, {
    size: 22,
    weight: 'bold',
    colour: style.ink,
    maxWidth: Math.min(600, widthOf(columns) - MARGIN - nameX),
  });
  const look = { columns, style, styleKey: JSON.stringify(style), locale: model.locale };
  let y = HEADER;
  for (const section of sections) {
    drawSection(pen, look, section, y);
    y += sectionHeight(section.cards.length, columns);
  }
  return finish(surface);
}
