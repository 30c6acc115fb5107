// Line breaking for English and Japanese: English breaks at spaces, Japanese between any two characters, except
// that closing punctuation and small kana never start a line and opening brackets never end one (kinsoku).

const NO_LINE_START = new Set(
  Array.from('、。，．,.・：；:;？！?!ー～）」』】〉》〕］｝)]}ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々…'),
);
const NO_LINE_END = new Set(Array.from('（「『【〈《〔［｛([{'));

/** A character that may be broken around on its own (kana, kanji, full-width forms). */
function isCjk(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return (
    (code >= 0x3000 && code <= 0x30ff) || // punctuation, hiragana, katakana
    (code >= 0x3400 && code <= 0x9fff) || // kanji
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xff00 && code <= 0xffef) // full-width forms
  );
}

interface Unit {
  text: string;
  spaceBefore: boolean;
}

/** Splits a paragraph into unbreakable units, gluing kinsoku characters to their neighbours. */
function units(paragraph: string): Unit[] {
  const out: Unit[] = [];
  let pendingSpace = false;
  let glueNext = false;
  let word = '';
  const push = (text: string) => {
    const last = out[out.length - 1];
    if (last && (glueNext || (!pendingSpace && NO_LINE_START.has(Array.from(text)[0] ?? '')))) last.text += text;
    else out.push({ text, spaceBefore: pendingSpace });
    pendingSpace = false;
    glueNext = NO_LINE_END.has(Array.from(text).at(-1) ?? '');
  };
  const flushWord = () => {
    if (word) push(word);
    word = '';
  };
  for (const ch of paragraph) {
    if (/\s/.test(ch)) {
      flushWord();
      if (out.length > 0) pendingSpace = true;
    } else if (isCjk(ch) || NO_LINE_START.has(ch) || NO_LINE_END.has(ch)) {
      flushWord();
      push(ch);
    } else {
      word += ch;
    }
  }
  flushWord();
  return out;
}

/** Breaks `text` into lines no wider than `width` as measured by `measure`. Newlines start new paragraphs. */
export function breakLines(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const unit of units(paragraph)) {
      const candidate = line === '' ? unit.text : line + (unit.spaceBefore ? ' ' : '') + unit.text;
      if (measure(candidate) <= width) {
        line = candidate;
        continue;
      }
      if (line !== '') lines.push(line);
      line = '';
      // A unit wider than the whole line (a long word) is split by characters.
      for (const ch of unit.text) {
        if (line !== '' && measure(line + ch) > width) {
          lines.push(line);
          line = '';
        }
        line += ch;
      }
    }
    lines.push(line);
  }
  return lines;
}
