import cardFile from '../../../../../data/cards/mtg/cards.json' with { type: 'json' };
import { loadCardPool } from '../../../core/card-data.ts';
import { MtgCardFileSchema } from './schema.ts';

/** The MTG card pool (the digest's stage-A sample cards), validated once when the module loads. */
export const MTG_CARDS = loadCardPool(MtgCardFileSchema, cardFile, 'data/cards/mtg/cards.json');
