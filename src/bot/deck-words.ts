// What `/deck` says about lists, names and saved decks beyond the shared words in i18n.ts (kept here so the deck
// commands' wording changes in one file).
import type { Label } from '../engine/core/label.ts';

const l = (en: string, ja: string): Label => ({ en, ja });

export const DECK_WORDS = {
  badSectionName: l(
    'a section name is letters, digits and hyphens, like [main] or [side]',
    'セクション名は [main] や [side] のように英数字とハイフンで書いてください',
  ),
  listTooLong: (length: number, max: number) =>
    l(
      `The list is ${length.toLocaleString('en')} characters long; a deck list is at most ${max.toLocaleString('en')}.`,
      `リストが${length}文字あります（${max}文字まで）。`,
    ),
  nameInvisible: l(
    'A deck name needs at least one visible letter or digit.',
    'デッキ名には見える文字を1文字以上入れてください。',
  ),
  unknownCards: (n: number) => l(`${n} unknown`, `不明 ${n}`),
  notOverwritten: (name: string) =>
    l(
      `You already have a deck named "${name}", and this list is not legal, so it was not saved over it. Replace it anyway, or edit the list.`,
      `「${name}」というデッキはすでに保存されています。このリストは使用可能ではないため上書きしていません。上書きするか、リストを編集してください。`,
    ),
  replaceAnyway: l('Replace it anyway', '上書きする'),
  replaced: (name: string) => l(`(This replaced your earlier "${name}".)`, `（以前の「${name}」を置き換えました。）`),
} as const;
