// Aquarian Age deck construction. The rules summary (seed 002) never states the deck rules; §24-3 only says they
// exist (an effect may not bring in from outside the game a card they forbid). Each check below is a ruling recorded
// in docs/rulings/aqa.md (D1–D4), and cites it.
import {
  copyLimitProblems,
  lookUpSection,
  sharedCopyLimitProblems,
  sizeProblem,
  unknownSections,
} from '../../core/deck-check.ts';
import type { DeckList, DeckProblem } from '../../core/game.ts';
import { AQA_CARDS } from './cards/pool.ts';

/** The sections of an Aquarian Age deck list: the deck, and the cards kept outside the game (§24). */
export const AQA_DECK_SECTIONS = ['main', 'side'] as const;

const GAME = { en: 'Aquarian Age', ja: 'アクエリアンエイジ' };
const MAIN = { en: 'deck', ja: 'デッキ' };
const SIDE = { en: 'out-of-game pool', ja: 'ゲーム外のカード' };
const BOTH = { en: 'the deck and out-of-game pool together', ja: 'デッキとゲーム外のカードの合計' };
const COPY_LIMIT = 4;

/**
 * Ruling D1: a `main` deck of exactly 40 cards and an optional `side`. D2: at most 4 cards of one printed name; a
 * shared Name tag (ネーム) or an "also named" ability (☆13-8) does not join different cards. D3: no quota of types or
 * factions. D4: the out-of-game pool (§24-1, §24-3) holds at most 10 cards, the copy limit counting it with the deck.
 */
export function validateAqaDeck(deck: DeckList): DeckProblem[] {
  const problems = unknownSections(deck, AQA_DECK_SECTIONS, 'ruling D1');
  const main = lookUpSection(deck.main ?? [], AQA_CARDS, 'main', 'ruling D1', GAME);
  // §24-3: only cards deck construction allows may be used from outside the game.
  const side = lookUpSection(deck.side ?? [], AQA_CARDS, 'side', 'ruling D4', GAME);
  problems.push(...main.problems, ...side.problems);

  const mainSize = sizeProblem('main', (deck.main ?? []).length, { min: 40, max: 40 }, 'ruling D1', MAIN);
  if (mainSize) problems.push(mainSize);
  const sideSize = sizeProblem('side', (deck.side ?? []).length, { max: 10 }, 'ruling D4', SIDE);
  if (sideSize) problems.push(sideSize);

  // Ruling D2: four of a printed name (the English name is the card's identity in both languages); D4: the same four
  // over the deck and the out-of-game pool together.
  problems.push(...copyLimitProblems('main', main.cards, COPY_LIMIT, 'ruling D2'));
  problems.push(...sharedCopyLimitProblems(main.cards, side.cards, COPY_LIMIT, 'side', 'ruling D4', BOTH));
  return problems;
}
