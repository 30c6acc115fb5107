// MTG deck construction (CR of 2019-01-25, seed 003): Constructed, a `main` deck and an optional `side` board
// (100.2a, 100.4a); or Limited, a `limited` deck built from a pool the game itself supplies (100.2b: at least 40
// cards, any number of copies of a card of that pool). Rulings: docs/rulings/mtg.md (deck construction, D1, D3, D4).
import {
  copyLimitProblems,
  lookUpSection,
  sharedCopyLimitProblems,
  sizeProblem,
  unknownSections,
} from '../../core/deck-check.ts';
import type { DeckList, DeckProblem } from '../../core/game.ts';
import { gamePrecons, preconDeckList } from '../../precons.ts';
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
// CR 101.1: a card that says a deck can have any number of it wins over 100.2a's four (ruling D3).
const countsToTheLimit = (card: MtgCard) => !isBasicLand(card) && !card.anyNumberInDeck;

/**
 * CR 100.2a: at least 60 cards, at most four of any English name except basic lands; no upper size (100.5).
 * CR 100.4a: a sideboard of at most 15 cards, the four-copy limit counting deck and sideboard together.
 * A card whose own text lifts the copy limit wins over 100.2a (101.1, ruling D3).
 */
export function validateMtgDeck(deck: DeckList): DeckProblem[] {
  if (deck.limited !== undefined) return validateLimitedDeck(deck);
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
  const mainCounted = main.cards.filter(countsToTheLimit);
  const sideCounted = side.cards.filter(countsToTheLimit);
  // CR 100.2a: four of a name in the deck; CR 100.4a: the same four, deck and sideboard together.
  problems.push(...copyLimitProblems('main', mainCounted, COPY_LIMIT, '100.2a'));
  problems.push(...sharedCopyLimitProblems(mainCounted, sideCounted, COPY_LIMIT, 'side', '100.4a', BOTH));
  return problems;
}

/** CR 100.2: which format a deck list is built for (a `limited` section: Limited, 100.2b; otherwise Constructed). */
export function mtgDeckFormat(deck: DeckList): 'constructed' | 'limited' {
  return deck.limited !== undefined ? 'limited' : 'constructed';
}

/** The Limited pools the game supplies: its precons with a `limited` section (ruling D4), read once. */
let limitedPools: string[][] | null = null;
function suppliedLimitedPools(): string[][] {
  limitedPools ??= gamePrecons('mtg').flatMap((d) => {
    const list = preconDeckList(d).limited;
    return list ? [list] : [];
  });
  return limitedPools;
}

/** Is every copy in `deck` a copy of the pool (each card at most as many times as the pool holds it)? */
function withinPool(deck: readonly string[], pool: readonly string[]): boolean {
  const left = new Map<string, number>();
  for (const id of pool) left.set(id, (left.get(id) ?? 0) + 1);
  for (const id of deck) {
    const n = left.get(id) ?? 0;
    if (n === 0) return false;
    left.set(id, n - 1);
  }
  return true;
}

/**
 * CR 100.2b: a Limited deck has at least 40 cards and any number of copies of a card, as long as they come from the
 * player's pool; the pool must be one the game supplies (a Limited precon), since a deck list cannot prove what a
 * player opened (ruling D4). Basic lands are not added here: a supplied pool already holds its lands.
 */
function validateLimitedDeck(deck: DeckList): DeckProblem[] {
  const problems = unknownSections(deck, ['limited'], '100.2b');
  const list = deck.limited ?? [];
  const looked = lookUpSection(list, MTG_CARDS, 'limited', '100.2b', GAME);
  problems.push(...looked.problems);
  const size = sizeProblem('limited', list.length, { min: 40 }, '100.2b', MAIN);
  if (size) problems.push(size);
  if (looked.problems.length === 0 && !suppliedLimitedPools().some((pool) => withinPool(list, pool)))
    problems.push({
      section: 'limited',
      rule: '100.2b',
      message: {
        en: 'A Limited deck must be built from a card pool the game supplies (a Limited precon).',
        ja: 'リミテッドのデッキは、ゲームが用意したカード・プール（リミテッド用の構築済みデッキ）から組む必要があります。',
      },
    });
  return problems;
}
