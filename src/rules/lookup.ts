import type { GameId } from '../engine/core/game.ts';
import { GAMES } from '../engine/registry.ts';
import type { RulesIndexStore } from '../store/rules-index.ts';
import { buildAnswer, type RuleAnswer, shorten } from './answer.ts';
import { ruleNumberKey, type SearchHit, searchRules, splitGamePrefix } from './search.ts';

/** Autocomplete values for glossary entries carry this prefix; rule values are plain rule numbers. */
const GLOSSARY_VALUE = 'glossary:';

export interface RulesLookup {
  /** The game searched (a game named in the query wins over the command's option). */
  game: GameId;
  /** The best match, ready to show; null when nothing matched. */
  answer: RuleAnswer | null;
  /** All matches, best first (at most `limit`), for "other matches" buttons. */
  hits: SearchHit[];
  /**
   * The rule number asked, when the document lacks it and the answer is its nearest ancestor ("502.9" → 502): the
   * answer must say so.
   */
  nearestTo?: string;
}

/**
 * `/rules query:<text> game:<id>`: a rule number goes to that rule, a term to its defining rule, anything else is a
 * ranked full-text search. Accepts the values autocomplete returns.
 */
export function lookupRules(store: RulesIndexStore, game: GameId, query: string, limit = 10): RulesLookup {
  const named = splitGamePrefix(query, GAMES.ids());
  const g = named.game ?? game;
  if (query.startsWith(GLOSSARY_VALUE)) {
    const entry = store.byNumber(g, 'official', query.slice(GLOSSARY_VALUE.length), 'glossary');
    if (entry) return { game: g, answer: buildAnswer(store, entry), hits: [{ entry, matchedBy: 'glossary' }] };
  }
  const hits = searchRules(store, g, named.rest, limit);
  const best = hits[0];
  const asked = ruleNumberKey(named.rest);
  const nearest = asked !== null && best?.matchedBy === 'number' && asked.startsWith(`${best.entry.key}.`);
  return {
    game: g,
    answer: best ? buildAnswer(store, best.entry) : null,
    hits,
    ...(nearest ? { nearestTo: named.rest.trim() } : {}),
  };
}

/**
 * `/rules` without a game chosen: the preferred game (the match in this thread, else the server's default) first;
 * when it has no answer and the query names no game, every other game in the registry's order, so a question about
 * any game finds its answer. The answer says which game it is from (`game`).
 */
export function lookupRulesEverywhere(store: RulesIndexStore, preferred: GameId, query: string): RulesLookup {
  const first = lookupRules(store, preferred, query);
  if ((first.answer && !first.nearestTo) || splitGamePrefix(query, GAMES.ids()).game) return first;
  // Nothing, or only a rule's nearest ancestor: another game that has the rule itself answers instead.
  let fallback: RulesLookup | null = first.answer ? first : null;
  for (const game of GAMES.ids()) {
    if (game === preferred) continue;
    const found = lookupRules(store, game, query);
    if (found.answer && !found.nearestTo) return found;
    if (found.answer && !fallback) fallback = found;
  }
  return fallback ?? first;
}

export interface AutocompleteChoice {
  /** What the user sees: number and title or the start of the text (≤ 100 characters). */
  name: string;
  /** What comes back as the query (≤ 100 characters). */
  value: string;
}

/** Discord allows at most 25 choices, each name and value at most 100 characters. */
const MAX_CHOICES = 25;
const MAX_CHOICE_LENGTH = 100;

/** Choices for the `query` option while the user types; empty input lists the chapters. */
export function autocompleteRules(store: RulesIndexStore, game: GameId, partial: string): AutocompleteChoice[] {
  const named = splitGamePrefix(partial, GAMES.ids());
  return searchRules(store, named.game ?? game, named.rest, MAX_CHOICES).map(({ entry }) => {
    const label =
      entry.kind === 'glossary'
        ? `${entry.title ?? entry.number}: ${entry.text}`
        : `${entry.number} ${entry.title ?? entry.text}`;
    const value = entry.kind === 'glossary' ? `${GLOSSARY_VALUE}${entry.number}` : entry.number;
    return { name: shorten(label, MAX_CHOICE_LENGTH), value: value.slice(0, MAX_CHOICE_LENGTH) };
  });
}
