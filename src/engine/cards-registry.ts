// Card look-up (`/card`, deck checks) over a registry's pools: names, generated text and the rules of each
// keyword. Every game in the registry has a pool; having one does not make a game playable (that is its engine).
import type { GameId } from './core/game.ts';
import type { CardPool, PoolCard } from './definition.ts';
import { GAMES, type GameRegistry } from './registry.ts';

export type { CardPool, KeywordRef, PoolCard } from './definition.ts';

/** The pool of a game, or undefined for an unknown game. */
export function cardPool(game: GameId, registry: GameRegistry = GAMES): CardPool | undefined {
  return registry.find(game)?.pool;
}

export function gamesWithCardPools(registry: GameRegistry = GAMES): GameId[] {
  return registry.ids();
}

/** Folds width, case and katakana/hiragana, so "ｷﾙﾝ", "きるん" and "キルン" compare equal. */
export function foldName(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60))
    .replace(/[\s・'’-]/g, '');
}

/** A card by id, English name or Japanese name (folded), in one game's pool. */
export function findCard(game: GameId, name: string, registry: GameRegistry = GAMES): PoolCard | undefined {
  const pool = cardPool(game, registry);
  if (!pool) return undefined;
  const byId = pool.byId(name.trim());
  if (byId) return byId;
  const wanted = foldName(name);
  return pool.cards.find((c) => foldName(c.name.en) === wanted || foldName(c.name.ja) === wanted);
}

export interface CardMatch {
  game: GameId;
  card: PoolCard;
}

interface FoldedCard {
  card: PoolCard;
  en: string;
  ja: string;
}

/** Folded names per pool, computed once per pool: autocomplete runs on every keystroke. */
const FOLDED = new WeakMap<CardPool, FoldedCard[]>();

function folded(pool: CardPool): FoldedCard[] {
  let cards = FOLDED.get(pool);
  if (!cards) {
    cards = pool.cards.map((card) => ({ card, en: foldName(card.name.en), ja: foldName(card.name.ja) }));
    FOLDED.set(pool, cards);
  }
  return cards;
}

/**
 * Autocomplete: cards whose English or Japanese name contains what was typed (folded), names that start with it
 * first, then alphabetical; `games` are searched in order. At most `limit` results.
 */
export function searchCards(
  games: readonly GameId[],
  typed: string,
  limit = 25,
  registry: GameRegistry = GAMES,
): CardMatch[] {
  const q = foldName(typed);
  const scored: { match: CardMatch; rank: number; key: string }[] = [];
  games.forEach((game, gameIndex) => {
    const pool = cardPool(game, registry);
    for (const { card, en, ja } of pool ? folded(pool) : []) {
      const starts = en.startsWith(q) || ja.startsWith(q);
      if (!starts && !en.includes(q) && !ja.includes(q)) continue;
      scored.push({ match: { game, card }, rank: (starts ? 0 : 1) * 10 + gameIndex, key: en });
    }
  });
  scored.sort((a, b) => a.rank - b.rank || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return scored.slice(0, limit).map((s) => s.match);
}
