import type { GameId } from '../../engine/core/game.ts';
import { AQA_STYLE } from './aqa.ts';
import { FOW_STYLE } from './fow.ts';
import type { GameStyle } from './game-style.ts';
import { MTG_STYLE } from './mtg.ts';
import { NOVA_STYLE } from './nova.ts';
import { PMV_STYLE } from './pmv.ts';

const STYLES: Record<GameId, GameStyle> = {
  nova: NOVA_STYLE,
  mtg: MTG_STYLE,
  fow: FOW_STYLE,
  pmv: PMV_STYLE,
  aqa: AQA_STYLE,
};

export function styleOf(game: GameId): GameStyle {
  return STYLES[game];
}
