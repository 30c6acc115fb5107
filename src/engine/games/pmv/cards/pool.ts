import cardFile from '../../../../../data/cards/pmv/cards.json' with { type: 'json' };
import { loadCardPool } from '../../../core/card-data.ts';
import { PmvCardFileSchema } from './schema.ts';

/** The Phantom Magic Vision card pool (the digest's sample cards), validated once when the module loads. */
export const PMV_CARDS = loadCardPool(PmvCardFileSchema, cardFile, 'data/cards/pmv/cards.json');
