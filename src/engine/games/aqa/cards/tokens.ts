/**
 * Characters that exist only by an effect (§7-3): no card of a deck, never in a deck list or the card pool. The
 * engine makes a token object for one when an effect creates it; it leaves the game when it leaves the field (ruling
 * R8). Text is our own.
 */
import { type AqaCard, AqaCardSchema } from './schema.ts';

const RAW = [
  {
    id: 'paper-shikigami',
    name: { en: 'Paper Shikigami', ja: '紙の式神' },
    type: 'character',
    factions: ['kagura'],
    atk: 2,
    dur: 1,
    mnd: 1,
    text: {
      en: 'A character created by an effect (§7-3). It leaves the game when it leaves the field.',
      ja: 'エフェクトで生み出されたキャラクター（7-3）。場を離れたときゲームから取り除かれる。',
    },
  },
];

export const AQA_TOKENS: ReadonlyMap<string, AqaCard> = new Map(
  RAW.map((raw) => {
    const card = AqaCardSchema.parse(raw);
    return [card.id, card] as const;
  }),
);
