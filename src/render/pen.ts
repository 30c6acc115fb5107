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
}

const ELLIPSIS = '…';

export class Pen {
  readonly drawn: string[] = [];

  constructor(readonly ctx: SKRSContext2D) {}

  /** Draws one line with its alphabetic baseline at y; returns the drawn width. */
  text(value: string, x: number, y: number, style: TextStyle): number {
    const shown = style.maxWidth === undefined ? value : this.fit(value, style.maxWidth, style);
    if (shown === '') return 0;
    this.setFont(style);
    this.ctx.fillStyle = style.colour;
    this.ctx.textAlign = style.align ?? 'left';
    this.ctx.textBaseline = 'alphabetic';
    this.ctx.fillText(shown, x, y);
    this.drawn.push(shown);
    return this.ctx.measureText(shown).width;
  }

  width(value: string, style: Pick<TextStyle, 'size' | 'weight'>): number {
    this.setFont(style);
    return this.ctx.measureText(value).width;
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
    style: TextStyle,
  ): number {
    const lines = breakLines(value, box.width, (s) => this.width(s, style));
    const shown = lines.slice(0, box.maxLines);
    if (lines.length > box.maxLines && shown.length > 0) {
      const last = shown.length - 1;
      shown[last] = this.fit(`${shown[last]}${ELLIPSIS}`, box.width, style);
    }
    // No maxWidth: breakLines already fits every line, and a second fit could only cut one mid-paragraph.
    shown.forEach((line, i) => {
      this.text(line, x, y + i * box.lineHeight, style);
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
