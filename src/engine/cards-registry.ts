// Every game's card pool behind one interface, for look-up (`/card`): names, generated text and the rules of
// each keyword. Having a card pool does not make a game playable; that is `registry.ts` (engines).
import type { GameId } from './core/game.ts';
import type { Label } from './core/label.ts';
import { AQA_CARDS } from './games/aqa/cards/pool.ts';
import type { AqaCard } from './games/aqa/cards/schema.ts';
import { skillInfo as aqaSkill, cardText as aqaText } from './games/aqa/cards/text.ts';
import { FOW_CARDS } from './games/fow/cards/pool.ts';
import type { FowCard } from './games/fow/cards/schema.ts';
import {
  cardKeywords as fowCardKeywords,
  keywordInfo as fowKeyword,
  cardText as fowText,
} from './games/fow/cards/text.ts';
import { MTG_CARDS } from './games/mtg/cards/pool.ts';
import type { MtgCard } from './games/mtg/cards/schema.ts';
import { keywordInfo as mtgKeyword, cardText as mtgText } from './games/mtg/cards/text.ts';
import { NOVA_CARDS } from './games/nova/cards/pool.ts';
import type { NovaCard } from './games/nova/cards/schema.ts';
import { keywordName as novaKeywordName, cardText as novaText } from './games/nova/cards/text.ts';
import { PMV_CARDS } from './games/pmv/cards/pool.ts';
import type { PmvCard } from './games/pmv/cards/schema.ts';
import { keywordInfo as pmvKeyword, cardText as pmvText } from './games/pmv/cards/text.ts';

/** A keyword a card has, and the rule number that defines it in its game's rules. */
export interface KeywordRef {
  name: Label;
  rule: string;
}

export interface PoolCard {
  id: string;
  name: Label;
}

/** One game's pool. The methods take cards of this pool only. */
export interface CardPool {
  game: GameId;
  cards: readonly PoolCard[];
  byId(id: string): PoolCard | undefined;
  text(card: PoolCard): Label;
  keywords(card: PoolCard): KeywordRef[];
}

function definePool<C extends PoolCard>(
  game: GameId,
  cards: ReadonlyMap<string, C>,
  text: (card: C) => Label,
  keywords: (card: C) => KeywordRef[],
): CardPool {
  const own = (card: PoolCard): C => {
    const found = cards.get(card.id);
    if (!found) throw new Error(`${card.id} is not a ${game} card`);
    return found;
  };
  return {
    game,
    cards: [...cards.values()],
    byId: (id) => cards.get(id),
    text: (card) => text(own(card)),
    keywords: (card) => keywords(own(card)),
  };
}

// NOVA 1002–1005: the keyword sections.
const NOVA_KEYWORD_RULES: Record<NovaCard['keywords'][number], string> = {
  'quick-chant': '1002',
  gale: '1003',
  pierce: '1004',
};

function novaKeywords(card: NovaCard): KeywordRef[] {
  const refs = card.keywords.map((k) => {
    const n = novaKeywordName(k);
    return { name: { en: n.en.replace(/\.$/, ''), ja: n.ja.replace(/[【】]/g, '') }, rule: NOVA_KEYWORD_RULES[k] };
  });
  if (card.equip) refs.push({ name: { en: 'Equip', ja: '装備' }, rule: '1005' });
  return refs;
}

const mtgKeywords = (card: MtgCard): KeywordRef[] =>
  card.keywords.map((k) => {
    const { rule, ...name } = mtgKeyword(k);
    return { name, rule };
  });

const fowKeywords = (card: FowCard): KeywordRef[] =>
  fowCardKeywords(card).map((k) => {
    const { rule, ...name } = fowKeyword(k);
    return { name, rule };
  });

const pmvKeywords = (card: PmvCard): KeywordRef[] =>
  card.keywords.map((k) => {
    const { rule, ...name } = pmvKeyword(k.keyword);
    return { name, rule };
  });

// Each skill once (Rook of the Bastion has Intercept twice).
const aqaKeywords = (card: AqaCard): KeywordRef[] =>
  [...new Set(card.skills.map((s) => s.skill))].map((s) => {
    const { rule, ...name } = aqaSkill(s);
    return { name, rule };
  });

const POOLS: Partial<Record<GameId, CardPool>> = {
  nova: definePool('nova', NOVA_CARDS, novaText, novaKeywords),
  mtg: definePool('mtg', MTG_CARDS, mtgText, mtgKeywords),
  fow: definePool('fow', FOW_CARDS, fowText, fowKeywords),
  pmv: definePool('pmv', PMV_CARDS, pmvText, pmvKeywords),
  aqa: definePool('aqa', AQA_CARDS, aqaText, aqaKeywords),
};

/** The pool of a game, or undefined when it has none yet. */
export function cardPool(game: GameId): CardPool | undefined {
  return POOLS[game];
}

export function gamesWithCardPools(): GameId[] {
  return Object.keys(POOLS) as GameId[];
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
export function findCard(game: GameId, name: string): PoolCard | undefined {
  const pool = POOLS[game];
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

/** Folded names per pool, computed once: autocomplete runs on every keystroke. */
const FOLDED = new Map(
  Object.entries(POOLS).map(([game, pool]) => [
    game as GameId,
    (pool?.cards ?? []).map((card) => ({ card, en: foldName(card.name.en), ja: foldName(card.name.ja) })),
  ]),
);

/**
 * Autocomplete: cards whose English or Japanese name contains what was typed (folded), names that start with it
 * first, then alphabetical; `games` are searched in order. At most `limit` results.
 */
export function searchCards(games: readonly GameId[], typed: string, limit = 25): CardMatch[] {
  const q = foldName(typed);
  const scored: { match: CardMatch; rank: number; key: string }[] = [];
  games.forEach((game, gameIndex) => {
    for (const { card, en, ja } of FOLDED.get(game) ?? []) {
      const starts = en.startsWith(q) || ja.startsWith(q);
      if (!starts && !en.includes(q) && !ja.includes(q)) continue;
      scored.push({ match: { game, card }, rank: (starts ? 0 : 1) * 10 + gameIndex, key: en });
    }
  });
  scored.sort((a, b) => a.rank - b.rank || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return scored.slice(0, limit).map((s) => s.match);
}
