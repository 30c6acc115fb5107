import cardFile from '../../../../../data/cards/aqa/cards.json' with { type: 'json' };
import { loadCardPool } from '../../../core/card-data.ts';
import { AqaCardFileSchema } from './schema.ts';

/** The Aquarian Age card pool (the digest's sample cards), validated once when the module loads. */
export const AQA_CARDS = loadCardPool(AqaCardFileSchema, cardFile, 'data/cards/aqa/cards.json');
