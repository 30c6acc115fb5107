import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { ensureFonts } from '../../src/render/fonts.ts';
import { Pen } from '../../src/render/pen.ts';

function pen(): Pen {
  ensureFonts();
  return new Pen(createCanvas(400, 200).getContext('2d'));
}

describe('the recording pen', () => {
  it('records exactly the strings it draws, shortened ones with their ellipsis', () => {
    const p = pen();
    p.text('Stone Warden', 0, 20, { size: 20, colour: '#fff' });
    p.text('Tidecaller Knight of the Long Winter', 0, 40, { size: 20, colour: '#fff', maxWidth: 120 });
    expect(p.drawn[0]).toBe('Stone Warden');
    expect(p.drawn[1]).toMatch(/^Tidecaller.*…$/);
    expect(p.width(p.drawn[1]!, { size: 20 })).toBeLessThanOrEqual(120);
  });

  it('draws nothing, and records nothing, when not even one character fits', () => {
    const p = pen();
    expect(p.text('Stone Warden', 0, 20, { size: 20, colour: '#fff', maxWidth: 4 })).toBe(0);
    expect(p.drawn).toEqual([]);
  });

  it('ends a cut paragraph with an ellipsis on its last allowed line', () => {
    const p = pen();
    const text =
      'このカードが場に置かれた時、相手の場のサーバントを1体まで選び、ターン終了時まで、それは−200/−200される。';
    const lines = p.paragraph(text, 0, 20, { width: 150, lineHeight: 24, maxLines: 2 }, { size: 18, colour: '#fff' });
    expect(lines).toBe(2);
    expect(p.drawn).toHaveLength(2);
    expect(p.drawn[1]!.endsWith('…')).toBe(true);
    expect(text.startsWith(p.drawn[0]!)).toBe(true);
  });

  it('carries a character over with its closing punctuation and never cuts a line mid-paragraph', () => {
    const p = pen();
    const text = 'あいうえお。かきくけこ';
    const fiveChars = p.width('あいうえお', { size: 20 });
    p.paragraph(text, 0, 20, { width: fiveChars, lineHeight: 24, maxLines: 4 }, { size: 20, colour: '#fff' });
    expect(p.drawn).toEqual(['あいうえ', 'お。かきく', 'けこ']);
  });
});
