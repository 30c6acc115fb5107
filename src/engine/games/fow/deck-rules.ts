// Force of Will deck construction (CR 8.01, seed 001, section 402): a ruler, a main deck, a magic stone deck, an
// extra deck and a rune deck, plus an optional sideboard (317.1b). Rulings: docs/rulings/fow.md (deck construction).
import {
  copyLimitProblems,
  lookUpSection,
  misplacedProblem,
  sharedCopyLimitProblems,
  sizeProblem,
  unknownSections,
} from '../../core/deck-check.ts';
import type { DeckList, DeckProblem } from '../../core/game.ts';
import type { Label } from '../../core/label.ts';
import { FOW_CARDS } from './cards/pool.ts';
import type { FowCard } from './cards/schema.ts';

/** The sections of a Force of Will deck list, in the order 402.1 names them, then the sideboard. */
export const FOW_DECK_SECTIONS = ['ruler', 'main', 'stones', 'extra', 'rune', 'side'] as const;
type Section = (typeof FOW_DECK_SECTIONS)[number];

const GAME = { en: 'Force of Will', ja: 'フォース・オブ・ウィル' };
const NAMES: Record<Section, Label> = {
  ruler: { en: 'ruler', ja: 'ルーラー' },
  main: { en: 'main deck', ja: 'メインデッキ' },
  stones: { en: 'magic stone deck', ja: '魔石デッキ' },
  extra: { en: 'extra deck', ja: 'エキストラデッキ' },
  rune: { en: 'rune deck', ja: 'ルーンデッキ' },
  side: { en: 'sideboard', ja: 'サイドボード' },
};
/** The rule each section's contents come under, cited for a card the pool does not hold. */
const SECTION_RULE: Record<Section, string> = {
  ruler: '402.2',
  main: '402.3',
  stones: '402.4',
  extra: '402.5',
  rune: '402.6',
  side: '317.1b',
};

const isRuler = (c: FowCard) => c.types.includes('ruler') || c.types.includes('j-ruler');
const isStone = (c: FowCard) => c.types.includes('magic-stone');
const isRune = (c: FowCard) => c.types.includes('rune');
const isChant = (c: FowCard) => c.types.includes('chant');
// FoW 201.3b: "basic" is a generic type some magic stones have.
const isBasicStone = (c: FowCard) => isStone(c) && c.genericType === 'basic';
// FoW 1132.2: a Fable (物語) chant: a chant with the Fable trait (205).
const isFableChant = (c: FowCard) => isChant(c) && c.races.includes('Fable');
const grimoireOf = (c: FowCard) => c.keywords.find((k) => k.keyword === 'grimoire')?.amount;

/**
 * FoW 402: the ruler (402.2), main deck (402.3), magic stone deck (402.4), extra deck (402.5, 1132.2), rune deck
 * (402.6) and the copies shared between them (402.7). Copy limits go by card name (202.2).
 */
export function validateFowDeck(deck: DeckList): DeckProblem[] {
  const problems = unknownSections(deck, FOW_DECK_SECTIONS, '402.1');
  const look = (section: Section) => {
    const found = lookUpSection(deck[section] ?? [], FOW_CARDS, section, SECTION_RULE[section], GAME);
    problems.push(...found.problems);
    // 1303.1: tokens are created by effects, never brought in a deck.
    for (const card of new Set(found.cards.filter((c) => c.token)))
      problems.push(
        misplacedProblem(section, card, '1303.1', {
          en: 'a token is created by an effect; it does not go in a deck.',
          ja: 'トークンは効果で作成されるもので、デッキには入れられません。',
        }),
      );
    return found.cards;
  };
  const size = (section: Section, min: number, max: number, rule: string) => {
    const problem = sizeProblem(section, (deck[section] ?? []).length, { min, max }, rule, NAMES[section]);
    if (problem) problems.push(problem);
  };
  const only = (section: Section, cards: FowCard[], fits: (c: FowCard) => boolean, rule: string, why: Label) => {
    for (const card of new Set(cards.filter((c) => !fits(c))))
      problems.push(misplacedProblem(section, card, rule, why));
  };
  const copies = (section: Section, cards: FowCard[], limit: number, rule: string) =>
    problems.push(...copyLimitProblems(section, cards, limit, rule));

  // FoW 402.2: exactly one ruler.
  const rulerCards = look('ruler');
  if ((deck.ruler ?? []).length !== 1) {
    problems.push({
      section: 'ruler',
      rule: '402.2',
      message: {
        en: `A deck has exactly 1 ruler; ${(deck.ruler ?? []).length} given.`,
        ja: `ルーラーはちょうど1枚です（${(deck.ruler ?? []).length}枚あります）。`,
      },
    });
  }
  only('ruler', rulerCards, isRuler, '402.2', { en: 'not a ruler.', ja: 'ルーラーではありません。' });
  const ruler = rulerCards.length === 1 && rulerCards[0] && isRuler(rulerCards[0]) ? rulerCards[0] : undefined;

  // FoW 402.3: no rulers, no magic stones, no runes without the chant type; 40 to 60 (402.3a), 4 per name (402.3b).
  const main = look('main');
  size('main', 40, 60, '402.3a');
  only('main', main, (c) => !isRuler(c) && !isStone(c) && (!isRune(c) || isChant(c)), '402.3', {
    en: 'rulers, magic stones and runes that are not chants do not go in the main deck.',
    ja: 'ルーラー、魔石、詠唱でないルーンはメインデッキに入れられません。',
  });
  copies('main', main, 4, '402.3b');

  // FoW 402.4: magic stones only; 10 to 20 (402.4a); basic ones any number (402.4b), others 4 per name (402.4c).
  const stones = look('stones');
  size('stones', 10, 20, '402.4a');
  only('stones', stones, isStone, '402.4', {
    en: 'only magic stones go in the magic stone deck.',
    ja: '魔石デッキには魔石のみ入れられます。',
  });
  copies(
    'stones',
    stones.filter((c) => !isBasicStone(c)),
    4,
    '402.4c',
  );

  // FoW 402.5: no rulers or magic stones; 0 to 5 (402.5a), 1 per name (402.5b), only with a Grimoire ruler (402.5c);
  // Grimoire N: up to N Fable chants (1132.2).
  const extra = look('extra');
  const extraCount = (deck.extra ?? []).length;
  const grimoire = ruler ? grimoireOf(ruler) : undefined;
  size('extra', 0, 5, '402.5a');
  if (ruler && grimoire === undefined && extraCount > 0) {
    problems.push({
      section: 'extra',
      rule: '402.5c',
      message: {
        en: `${ruler.name.en} has no Grimoire, so the extra deck must be empty.`,
        ja: `${ruler.name.ja}は〈グリモア〉を持たないため、エキストラデッキには何も入れられません。`,
      },
    });
  }
  if (grimoire !== undefined) {
    if (extraCount > grimoire)
      problems.push({
        section: 'extra',
        rule: '1132.2',
        message: {
          en: `The extra deck has ${extraCount} cards; Grimoire ${grimoire} allows at most ${grimoire}.`,
          ja: `エキストラデッキは${extraCount}枚です（〈グリモア〉${grimoire}では${grimoire}枚まで）。`,
        },
      });
    only('extra', extra, isFableChant, '1132.2', {
      en: 'Grimoire brings only Fable chants as the extra deck.',
      ja: '〈グリモア〉でエキストラデッキに入れられるのは物語の詠唱のみです。',
    });
  }
  only('extra', extra, (c) => !isRuler(c) && !isStone(c), '402.5', {
    en: 'rulers and magic stones do not go in the extra deck.',
    ja: 'ルーラーと魔石はエキストラデッキに入れられません。',
  });
  copies('extra', extra, 1, '402.5b');

  // FoW 402.6: runes only; 0 to 5 (402.6a), 1 per name (402.6b), one master rune in all (402.6c), and a rune that is
  // not a chant shares an attribute with the ruler (402.6d).
  const runes = look('rune');
  size('rune', 0, 5, '402.6a');
  only('rune', runes, isRune, '402.6', {
    en: 'only runes go in the rune deck.',
    ja: 'ルーンデッキにはルーンのみ入れられます。',
  });
  copies('rune', runes, 1, '402.6b');
  const masters = runes.filter((c) => isRune(c) && c.genericType === 'master');
  if (masters.length > 1) {
    problems.push({
      section: 'rune',
      rule: '402.6c',
      message: {
        en: `The rune deck has ${masters.length} master runes; at most 1.`,
        ja: `ルーンデッキに必殺ルーンが${masters.length}枚あります（合計1枚まで）。`,
      },
    });
  }
  if (ruler) {
    only(
      'rune',
      runes,
      (c) => !isRune(c) || isChant(c) || c.attributes.some((a) => ruler.attributes.includes(a)),
      '402.6d',
      {
        en: `a rune that is not a chant must share an attribute with ${ruler.name.en}.`,
        ja: `詠唱でないルーンは${ruler.name.ja}と同じ属性を持つ必要があります。`,
      },
    );
  }

  // FoW 402.7: main + extra, and main + rune, hold at most 4 of a name.
  for (const [section, cards] of [
    ['extra', extra],
    ['rune', runes],
  ] as const) {
    const where = {
      en: `the main deck and ${NAMES[section].en} together`,
      ja: `メインデッキと${NAMES[section].ja}の合計`,
    };
    problems.push(...sharedCopyLimitProblems(main, cards, 4, section, '402.7', where));
  }

  // FoW 317.1b: the sideboard is what "outside the game" means in a tournament; the rules give it no size or limits.
  look('side');
  return problems;
}
