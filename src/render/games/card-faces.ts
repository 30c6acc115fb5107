// The card look-up face of any card in a game's pool (`/card`): one small adapter per game.
import type { PoolCard } from '../../engine/cards-registry.ts';
import type { GameId } from '../../engine/core/game.ts';
import type { Locale } from '../../engine/core/label.ts';
import { AQA_CARDS } from '../../engine/games/aqa/cards/pool.ts';
import { FOW_CARDS } from '../../engine/games/fow/cards/pool.ts';
import { MTG_CARDS } from '../../engine/games/mtg/cards/pool.ts';
import { NOVA_CARDS } from '../../engine/games/nova/cards/pool.ts';
import { PMV_CARDS } from '../../engine/games/pmv/cards/pool.ts';
import type { CardFace } from '../table-model.ts';
import { aqaCardFace } from './aqa-card.ts';
import { fowCardFace } from './fow-card.ts';
import { mtgCardFace } from './mtg-card.ts';
import { novaCardFace } from './nova-card.ts';
import { pmvCardFace } from './pmv-card.ts';

type FaceOf = (id: string, locale: Locale) => CardFace | undefined;

function faceOf<C>(cards: ReadonlyMap<string, C>, face: (card: C, locale: Locale) => CardFace): FaceOf {
  return (id, locale) => {
    const card = cards.get(id);
    return card ? face(card, locale) : undefined;
  };
}

const FACES: Partial<Record<GameId, FaceOf>> = {
  nova: faceOf(NOVA_CARDS, novaCardFace),
  mtg: faceOf(MTG_CARDS, mtgCardFace),
  fow: faceOf(FOW_CARDS, fowCardFace),
  pmv: faceOf(PMV_CARDS, pmvCardFace),
  aqa: faceOf(AQA_CARDS, aqaCardFace),
};

/** The face model of a pool card, or undefined when the game has no face adapter or no such card. */
export function cardFace(game: GameId, card: PoolCard, locale: Locale): CardFace | undefined {
  return FACES[game]?.(card.id, locale);
}
