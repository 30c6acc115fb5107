import cardFile from '../../../../../data/cards/fow/cards.json' with { type: 'json' };
import { loadCardPool } from '../../../core/card-data.ts';
import { FowCardFileSchema } from './schema.ts';

/** The Force of Will card pool (the digest's sample cards), validated once when the module loads. */
export const FOW_CARDS = loadCardPool(FowCardFileSchema, cardFile, 'data/cards/fow/cards.json');
