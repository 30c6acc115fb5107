// MTG deck construction (CR of 2019-01-25, seed 003), Constructed only: a `main` deck and an optional `side`
// board. Limited (100.2b: 40 cards, any number of copies from one's own pool) needs the pool a player opened, which a
// deck list does not carry, so it is not checked here. Rulings: docs/rulings/mtg.md (deck construction).
import {
  copyLimitProblems,
  lookUpSection,
  sharedCopyLimitProblems,
  sizeProblem,
  unknownSections,
} from '../../core/deck-check.ts';
import type { DeckList, DeckProblem } from '../../core/game.ts';
import { MTG_CARDS } from './cards/pool.ts';
import type { MtgCard } from './cards/schema.ts';

/** The sections of an MTG deck list: the deck itself and the sideboard. */
export const MTG_DECK_SECTIONS = ['main', 'side'] as const;

const GAME = { en: 'Magic', ja: 'マジック' };
const MAIN = { en: 'deck', ja: 'デッキ' };
const SIDE = { en: 'sideboard', ja: 'サイドボード' };
const BOTH = { en: 'the deck and sideboard together', ja: 'デッキとサイドボードの合計' };
const COPY_LIMIT = 4;

// CR 205.4c: a land with the basic supertype is a basic land; 100.2a lets a deck hold any number of those.
const isBasicLand = (card: MtgCard) => card.supertypes.includes('basic') && card.types.includes('land');

/**
 * CR 100.2a: at least 60 cards, at most four of any English name except basic lands; no upper size (100.5).
 * CR 100.4a: a sideboard of at most 15 cards, the four-copy limit counting deck and sideboard together.
 * A card whose own text lifts the copy limit would win over 100.2a (101.1); no card in the pool says so.
 */
export function validateMtgDeck(deck: DeckList): DeckProblem[] {
  const problems = unknownSections(deck, MTG_DECK_SECTIONS, '100.2a');
  const main = lookUpSection(deck.main ?? [], MTG_CARDS, 'main', '100.2a', GAME);
  const side = lookUpSection(deck.side ?? [], MTG_CARDS, 'side', '100.4a', GAME);
  problems.push(...main.problems, ...side.problems);

  const mainSize = sizeProblem('main', (deck.main ?? []).length, { min: 60 }, '100.2a', MAIN); // CR 100.2a
  if (mainSize) problems.push(mainSize);
  const sideSize = sizeProblem('side', (deck.side ?? []).length, { max: 15 }, '100.4a', SIDE); // CR 100.4a
  if (sideSize) problems.push(sideSize);

  // CR 110.5: a token is not a card; effects create it, and no deck can hold one.
  for (const [section, list] of [
    ['main', main.cards],
    ['side', side.cards],
  ] as const)
    for (const card of new Set(list.filter((c) => c.token)))
      problems.push({
        section,
        card: card.id,
        rule: '110.5',
        message: {
          en: `${card.name.en} is a token, not a card: it cannot be in a deck.`,
          ja: `${card.name.ja}はトークンでありカードではないため、デッキに入れられません。`,
        },
      });
  const mainCounted = main.cards.filter((c) => !isBasicLand(c));
  const sideCounted = side.cards.filter((c) => !isBasicLand(c));
  // CR 100.2a: four of a name in the deck; CR 100.4a: the same four, deck and sideboard together.
  problems.push(...copyLimitProblems('main', mainCounted, COPY_LIMIT, '100.2a'));
  problems.push(...sharedCopyLimitProblems(mainCounted, sideCounted, COPY_LIMIT, 'side', '100.4a', BOTH));
  return problems;
}
