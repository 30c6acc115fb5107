// Every string the renderer draws goes through `Pen.text`, which records it. The hidden-information tests read
// that record, so a string that never reached the pen cannot be in the image, and one that did is listed.
import type { SKRSContext2D } from '@napi-rs/canvas';
import { font, type Weight } from './fonts.ts';
import { breakLines } from './wrap.ts';

export interface TextStyle {
  size: number;
  weight?: Weight;
  colour: string;
  align?: 'left' | 'center' | 'right';
  /** Longer strings are shortened with an ellipsis to fit. */
  maxWidth?: number;
  /** With maxWidth: shrink the font down to this size before shortening (long katakana names). */
  minSize?: number;
}

const ELLIPSIS = '…';

/** Reminder text (no game effect, NOVA 104.3 and every other game's equivalent) is a parenthesised paragraph. */
function isReminder(paragraph: string): boolean {
  return /^[(（].*[)）]$/u.test(paragraph.trim());
}

/**
 * Widths already measured, by font and string. Layout measures the same strings over and over (every shrink and
 * fit step, every line-break candidate, the same card names and tags image after image), and a width depends only
 * on the font and the string: the pen sets no other text property, and every canvas has the same fonts.
 */
const MEASURED = new Map<string, number>();
const MAX_MEASURED = 50_000;

export class Pen {
  readonly drawn: string[] = [];

  constructor(readonly ctx: SKRSContext2D) {}

  /** Draws one line with its alphabetic baseline at y; returns the drawn width. */
  text(value: string, x: number, y: number, requested: TextStyle): number {
    const style = this.shrunk(value, requested);
    const shown = style.maxWidth === undefined ? value : this.fit(value, style.maxWidth, style);
    if (shown === '') return 0;
    this.setFont(style);
    this.ctx.fillStyle = style.colour;
    this.ctx.textAlign = style.align ?? 'left';
    this.ctx.textBaseline = 'alphabetic';
    this.ctx.fillText(shown, x, y);
    this.drawn.push(shown);
    return this.width(shown, style);
  }

  /** The style at the largest size (down to minSize) at which `value` fits its maxWidth. */
  private shrunk(value: string, style: TextStyle): TextStyle {
    const { maxWidth, minSize } = style;
    if (maxWidth === undefined || minSize === undefined) return style;
    let size = style.size;
    while (size > minSize && this.width(value, { ...style, size }) > maxWidth) size -= 1;
    return { ...style, size };
  }

  /** The width of `value` in the style's font (measured once per thread: see MEASURED). */
  width(value: string, style: Pick<TextStyle, 'size' | 'weight'>): number {
    const wanted = font(style.size, style.weight ?? 'regular');
    const key = `${wanted}\n${value}`;
    const known = MEASURED.get(key);
    if (known !== undefined) return known;
    this.setFont(style);
    const measured = this.ctx.measureText(value).width;
    if (MEASURED.size >= MAX_MEASURED) MEASURED.clear();
    MEASURED.set(key, measured);
    return measured;
  }

  /** The longest prefix of `value` (plus an ellipsis) that fits in `maxWidth`. */
  fit(value: string, maxWidth: number, style: Pick<TextStyle, 'size' | 'weight'>): string {
    if (this.width(value, style) <= maxWidth) return value;
    const chars = Array.from(value);
    let lo = 0;
    let hi = chars.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (this.width(chars.slice(0, mid).join('').trimEnd() + ELLIPSIS, style) <= maxWidth) lo = mid;
      else hi = mid - 1;
    }
    return lo === 0 ? '' : chars.slice(0, lo).join('').trimEnd() + ELLIPSIS;
  }

  /**
   * Draws `value` wrapped into at most `maxLines` lines of `width` (English at spaces, Japanese between characters
   * with line-start/line-end rules), the last line shortened with an ellipsis if text remains. Returns lines drawn.
   */
  paragraph(
    value: string,
    x: number,
    y: number,
    box: { width: number; lineHeight: number; maxLines: number },
    style: TextStyle & { reminderColour?: string },
  ): number {
    // Each line keeps its paragraph's colour: a paragraph that is wholly reminder text "(...)" is drawn muted.
    const lines = value.split('\n').flatMap((paragraph) => {
      const colour = style.reminderColour && isReminder(paragraph) ? style.reminderColour : style.colour;
      return breakLines(paragraph, box.width, (s) => this.width(s, style)).map((text) => ({ text, colour }));
    });
    const shown = lines.slice(0, box.maxLines);
    const last = shown[shown.length - 1];
    if (lines.length > box.maxLines && last) last.text = this.fit(`${last.text}${ELLIPSIS}`, box.width, style);
    // No maxWidth: breakLines already fits every line, and a second fit could only cut one mid-paragraph.
    shown.forEach((line, i) => {
      this.text(line.text, x, y + i * box.lineHeight, { ...style, colour: line.colour });
    });
    return shown.length;
  }

  /** Only the pen sets fonts (and no text is drawn between ctx.save and ctx.restore), so the last font set is still
   * current: parsing a font string is not free. */
  private currentFont = '';

  private setFont(style: Pick<TextStyle, 'size' | 'weight'>): void {
    const wanted = font(style.size, style.weight ?? 'regular');
    if (wanted === this.currentFont) return;
    this.ctx.font = wanted;
    this.currentFont = wanted;
  }
}
