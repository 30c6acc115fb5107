// Phantom Magic Vision deck construction (rules v2.05, seed 004, §1.2.2–1.2.5): a `main` deck and an optional `side`
// board, for constructed play. Draft decks (§1.2.3: any number of copies, no deck-building effects) need the shared
// card pool, which a deck list does not carry, so they are not checked here. Rulings: docs/rulings/pmv.md.
import {
  copyLimitProblems,
  lookUpSection,
  sharedCopyLimitProblems,
  sizeProblem,
  unknownSections,
} from '../../core/deck-check.ts';
import type { DeckList, DeckProblem } from '../../core/game.ts';
import { PMV_CARDS } from './cards/pool.ts';
import type { PmvCard } from './cards/schema.ts';

/** The sections of a Phantom Magic Vision deck list: the deck and the sideboard. */
export const PMV_DECK_SECTIONS = ['main', 'side'] as const;

const GAME = { en: 'Phantom Magic Vision', ja: 'ファントムマジックビジョン' };
const MAIN = { en: 'deck', ja: 'デッキ' };
const SIDE = { en: 'sideboard', ja: 'サイドボード' };
const BOTH = { en: 'the deck and sideboard together', ja: 'デッキとサイドボードの合計' };
const COPY_LIMIT = 3;

// §10.24: One per deck (デッキ１枚制限), a deck-building effect (§1.2.2.c).
const isOnePerDeck = (card: PmvCard) => card.keywords.some((k) => k.keyword === 'one-per-deck');

/**
 * §1.2.2.a: exactly 50 cards. §1.2.2.b: at most 3 of a name (exact match, §12.3.2). §1.2.2.c: deck-building effects
 * hold; the only one in the pool is One per deck (§10.24.2.a: one card of that card No.; §10.24.3 lets same-named
 * cards without it fill up to the 3 of §1.2.2.b). §1.2.4–1.2.5: a sideboard, if any, has exactly 10 cards
 * (§1.2.5.a), and the copy limit (§1.2.5.b) and deck-building effects (§1.2.5.c) count deck and sideboard together.
 */
export function validatePmvDeck(deck: DeckList): DeckProblem[] {
  const problems = unknownSections(deck, PMV_DECK_SECTIONS, '1.2.2');
  const main = lookUpSection(deck.main ?? [], PMV_CARDS, 'main', '1.2.2', GAME);
  const side = lookUpSection(deck.side ?? [], PMV_CARDS, 'side', '1.2.5', GAME);
  problems.push(...main.problems, ...side.problems);

  const mainSize = sizeProblem('main', (deck.main ?? []).length, { min: 50, max: 50 }, '1.2.2.a', MAIN);
  if (mainSize) problems.push(mainSize);
  // §1.2.4: the sideboard is optional; an empty one is no sideboard.
  const sideCount = (deck.side ?? []).length;
  const sideSize = sideCount > 0 ? sizeProblem('side', sideCount, { min: 10, max: 10 }, '1.2.5.a', SIDE) : null;
  if (sideSize) problems.push(sideSize);

  // §1.2.2.b: three of a name in the deck; §1.2.5.b: the same three, deck and sideboard together.
  problems.push(...copyLimitProblems('main', main.cards, COPY_LIMIT, '1.2.2.b'));
  problems.push(...sharedCopyLimitProblems(main.cards, side.cards, COPY_LIMIT, 'side', '1.2.5.b', BOTH));

  // §10.24.2.a: one One-per-deck card of a card No. in the deck (a card id, and so a name, stands for one card No.;
  // same-named cards without the keyword are not counted, §10.24.3); §1.2.5.c: deck and sideboard together.
  const mainOnePer = main.cards.filter(isOnePerDeck);
  const sideOnePer = side.cards.filter(isOnePerDeck);
  problems.push(...copyLimitProblems('main', mainOnePer, 1, '10.24.2.a'));
  problems.push(...sharedCopyLimitProblems(mainOnePer, sideOnePer, 1, 'side', '1.2.5.c', BOTH));
  return problems;
}
