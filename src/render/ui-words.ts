// The renderer's own words (everything else it draws comes from the model or the game's style).
import { type Label, type Locale, label } from '../engine/core/label.ts';

export const UI_WORDS = {
  turn: label('Turn', 'ターン'),
  priority: label('Priority', '優先権'),
  activePlayer: label('Active', 'ターン中'),
  empty: label('Empty', 'なし'),
  more: label('more', '枚'),
  lastAction: label('Last', '直前'),
  targets: label('→', '→'),
  playable: label('Playable', 'プレイ可能'),
  faceDown: label('Face down', '裏向き'),
  publicView: label('Public view', '公開情報'),
  damage: label('Damage', 'ダメージ'),
  life: label('Life', 'ライフ'),
  top: label('top', '一番上'),
  blockedBy: label('blocked by', 'ブロック：'),
} satisfies Record<string, Label>;

export type UiWord = keyof typeof UI_WORDS;

export function word(key: UiWord, locale: Locale): string {
  return UI_WORDS[key][locale];
}
