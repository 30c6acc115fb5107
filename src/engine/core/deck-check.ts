// The checks every game's deck rules are made of (sizes, copies per name, unknown cards and sections), with their
// English and Japanese messages in one place. Each game's `deck-rules.ts` decides which checks apply and which rule
// number each one cites; nothing here knows a game.
import type { DeckList, DeckProblem } from './game.ts';
import type { Label } from './label.ts';

/** What the checks read of a card: its id, and its name (the English name identifies a card for copy limits). */
export interface NamedCard {
  id: string;
  name: Label;
}

/** A size rule: `min` and `max` are inclusive; either may be absent (no bound). */
export interface SizeRule {
  min?: number;
  max?: number;
}

/** A problem for every section of `deck` that is not in `allowed`, citing `rule`. */
export function unknownSections(deck: DeckList, allowed: readonly string[], rule: string): DeckProblem[] {
  return Object.keys(deck)
    .filter((section) => !allowed.includes(section))
    .map((section) => ({
      section,
      rule,
      message: {
        en: `Unknown deck section "${section}" (use ${allowed.join(', ')}).`,
        ja: `不明なデッキ区分「${section}」です（${allowed.join('、')}のいずれか）。`,
      },
    }));
}

/**
 * The cards of one section, looked up in the game's pool, in list order. Every distinct id the pool does not hold
 * (a typo, or a card of another game) is one problem naming the id and the game.
 */
export function lookUpSection<C extends NamedCard>(
  ids: readonly string[],
  pool: ReadonlyMap<string, C>,
  section: string,
  rule: string,
  game: Label,
): { cards: C[]; problems: DeckProblem[] } {
  const cards: C[] = [];
  const unknown = new Set<string>();
  for (const id of ids) {
    const card = pool.get(id);
    if (card) cards.push(card);
    else unknown.add(id);
  }
  const problems = [...unknown].map((id) => ({
    section,
    card: id,
    rule,
    message: {
      en: `"${id}" is not ${/^[aeiou]/i.test(game.en) ? 'an' : 'a'} ${game.en} card.`,
      ja: `「${id}」は${game.ja}のカードではありません。`,
    },
  }));
  return { cards, problems };
}

/** A problem when `count` breaks `size`; `what` names the section in a sentence ("main deck", "メインデッキ"). */
export function sizeProblem(
  section: string,
  count: number,
  size: SizeRule,
  rule: string,
  what: Label,
): DeckProblem | null {
  const { min, max } = size;
  if ((min === undefined || count >= min) && (max === undefined || count <= max)) return null;
  const range: Label =
    min !== undefined && max !== undefined
      ? min === max
        ? { en: `exactly ${min}`, ja: `ちょうど${min}枚` }
        : { en: `${min} to ${max}`, ja: `${min}〜${max}枚` }
      : min !== undefined
        ? { en: `at least ${min}`, ja: `${min}枚以上` }
        : { en: `at most ${max}`, ja: `${max}枚まで` };
  return {
    section,
    rule,
    message: {
      en: `The ${what.en} has ${count} card${count === 1 ? '' : 's'}; it needs ${range.en}.`,
      ja: `${what.ja}は${count}枚です（${range.ja}）。`,
    },
  };
}

/** How many cards of each English name, with one card of that name (for its Japanese name), in first-seen order. */
function countByName<C extends NamedCard>(cards: readonly C[]): Map<string, { card: C; count: number }> {
  const counts = new Map<string, { card: C; count: number }>();
  for (const card of cards) {
    const seen = counts.get(card.name.en);
    if (seen) seen.count += 1;
    else counts.set(card.name.en, { card, count: 1 });
  }
  return counts;
}

/**
 * A problem naming the card (by English name, so the deck reader can point at its lines) when `count` copies of it
 * exceed `limit`. `where` says which sections were counted when the limit spans several ("the main deck and
 * sideboard together").
 */
function copiesProblem(
  section: string,
  card: NamedCard,
  count: number,
  limit: number,
  rule: string,
  where?: Label,
): DeckProblem {
  return {
    section,
    card: card.name.en,
    rule,
    message: where
      ? {
          en: `${count} copies of ${card.name.en} in ${where.en}; at most ${limit}.`,
          ja: `${where.ja}で${card.name.ja}が${count}枚あります（${limit}枚まで）。`,
        }
      : {
          en: `${count} copies of ${card.name.en}; at most ${limit}.`,
          ja: `${card.name.ja}が${count}枚あります（${limit}枚まで）。`,
        },
  };
}

/** A problem for every name with more than `limit` copies among `cards`. */
export function copyLimitProblems(
  section: string,
  cards: readonly NamedCard[],
  limit: number,
  rule: string,
): DeckProblem[] {
  return [...countByName(cards).values()]
    .filter(({ count }) => count > limit)
    .map(({ card, count }) => copiesProblem(section, card, count, limit, rule));
}

/**
 * The copy limit over two sections counted together (a deck and its sideboard): a problem, on `section`, for every
 * name of `added` that the `base` cards alone keep within `limit` but both together exceed. (A name over the limit
 * in `base` alone is `base`'s own problem, reported once there.)
 */
export function sharedCopyLimitProblems(
  base: readonly NamedCard[],
  added: readonly NamedCard[],
  limit: number,
  section: string,
  rule: string,
  where: Label,
): DeckProblem[] {
  const inBase = countByName(base);
  const problems: DeckProblem[] = [];
  for (const [name, { card, count }] of countByName(added)) {
    const baseCount = inBase.get(name)?.count ?? 0;
    if (baseCount <= limit && baseCount + count > limit)
      problems.push(copiesProblem(section, card, baseCount + count, limit, rule, where));
  }
  return problems;
}

/** A problem for a card that may not go in this section; `why` finishes the sentence after the card's name. */
export function misplacedProblem(section: string, card: NamedCard, rule: string, why: Label): DeckProblem {
  return {
    section,
    card: card.id,
    rule,
    message: { en: `${card.name.en}: ${why.en}`, ja: `${card.name.ja}：${why.ja}` },
  };
}
