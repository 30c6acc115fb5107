import type { GameId } from '../engine/core/game.ts';
import type { RulesEntry, RulesIndexStore } from '../store/rules-index.ts';
import { compactJapanese, normalizeText, parentKey, ruleKey, spaceScripts } from './normalize.ts';
import { normalizeTerm } from './terms.ts';

/** Why a hit matched, best first: the order results are ranked in. */
export const MATCH_KINDS = ['number', 'term', 'glossary', 'prefix', 'phrase', 'text'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

export interface SearchHit {
  entry: RulesEntry;
  matchedBy: MatchKind;
}

// "702.9", "702.9b", "003.2.4", "3-3-a-1", "1.1.3.a", "201.2c-1", "105.3a." after NFKC; in front, any of "rule",
// "r", "cr", "§", "☆", "総合ルール", "ルール", "規則", "第" is fine ("CR 702.9b", "総合ルール 907.1").
const RULE_NUMBER =
  /^(?:rule|cr|r|§|☆|総合ルール|ルール|規則|第)?(\d+(?:[.-]\d+)*(?:[.-]?[a-z](?:-\d+)?)?)(?:条|項)?[.:：]?$/;

/** The comparison key of a query that is a rule number, or null. */
export function ruleNumberKey(query: string): string | null {
  const m = RULE_NUMBER.exec(normalizeText(query).replace(/\s+/g, ''));
  return m?.[1] ? ruleKey(m[1]) : null;
}

/** A game named in front of the query ("nova 502.1", "mtg: flying") overrides the chosen game. */
export function splitGamePrefix(query: string, games: readonly GameId[]): { game: GameId | null; rest: string } {
  const q = normalizeText(query);
  // "mtg: flying", "mtg 702.9", and "mtg702.9" (a number straight after the game's id).
  const m = /^([a-z]+)(?:\s*[:\s]\s*|(?=\d))(.*)$/.exec(q);
  const game = games.find((g) => g === m?.[1]);
  return game && m ? { game, rest: m[2] ?? '' } : { game: null, rest: q };
}

/**
 * Ranked search in one game: a rule number goes to that rule, then exact terms (headings, English names, aliases),
 * glossary terms, terms that start with the query, then text containing the phrase (FTS5 trigram, bm25 with
 * titles weighted; 1–2 character queries scan the normalised text instead, which trigram cannot match).
 */
export function searchRules(store: RulesIndexStore, game: GameId, query: string, limit = 25): SearchHit[] {
  const q = normalizeText(query);
  const hits: SearchHit[] = [];
  const seen = new Set<string>();
  const add = (found: RulesEntry, matchedBy: MatchKind) => {
    const id = `${found.kind}:${found.key}`;
    if (seen.has(id) || hits.length >= limit) return;
    seen.add(id);
    // One hit per rule: the official text stands in for our reference's entry of the same number.
    const entry = found.source === 'reference' ? (store.byKey(game, found.key)[0] ?? found) : found;
    hits.push({ entry, matchedBy });
  };
  if (q === '') {
    for (const e of store.topLevel(game, limit)) add(e, 'number');
    return hits;
  }

  const key = ruleNumberKey(q);
  if (key !== null) {
    for (const e of store.byKey(game, key)) add(e, 'number');
    for (const e of store.keyPrefix(game, `${key}.`, limit)) add(e, 'number');
    // A number the document lacks ("702.9z") falls back to its nearest existing ancestor.
    for (let k = parentKey(key); hits.length === 0 && k !== null; k = parentKey(k)) {
      for (const e of store.byKey(game, k)) add(e, 'number');
    }
  }

  // Terms match in either kana script: "とらんぷる" finds トランプル.
  const term = normalizeTerm(q);
  for (const e of store.termExact(game, term, limit)) add(e, e.rank === 0 ? 'term' : 'glossary');
  for (const e of store.termPrefix(game, term, limit)) add(e, 'prefix');

  // Text hits under a rule the query names (702.9b under 702.9 for 飛行) come before the rest.
  const named = hits.filter((h) => h.entry.kind === 'rule').map((h) => h.entry.key);
  if (hits.length >= limit) return hits;
  for (const { entry, phrase } of textMatches(store, game, q, named)) add(entry, phrase ? 'phrase' : 'text');
  return hits;
}

interface TextMatch {
  entry: RulesEntry;
  phrase: boolean;
}

const TEXT_CANDIDATES = 200;

/**
 * Entries whose text matches the query: the whole phrase first, then all of its words in any order. Japanese is
 * matched whatever its spacing (issue 26 item 10): the documents space digits and Latin letters off ("ライフが 0
 * 以下") and people type them without ("ライフが0以下"), so the query's words split where the scripts meet, and the
 * phrase is compared without the spaces beside Japanese on either side.
 */
function textMatches(store: RulesIndexStore, game: GameId, q: string, named: readonly string[]): TextMatch[] {
  const words = spaceScripts(q)
    .split(' ')
    .filter((w) => w !== '');
  const phrase = compactJapanese(q);
  const longest = [...words].sort((a, b) => b.length - a.length)[0] ?? q;
  const candidates =
    longest.length >= 3
      ? store.fullText(
          game,
          words
            .filter((w) => w.length >= 3)
            .map(quoteFts)
            .join(' '),
          TEXT_CANDIDATES,
        )
      : store.substring(game, longest, TEXT_CANDIDATES);
  const matches = candidates
    .filter((e) => words.every((w) => e.search.includes(w)))
    .map((entry, order) => ({
      entry,
      order,
      phrase: compactJapanese(entry.search).includes(phrase),
      inTitle: compactJapanese(normalizeText(entry.title ?? '')).includes(phrase),
      under: named.some((k) => entry.key.startsWith(`${k}.`)),
    }));
  // Rules under a named rule keep document order; the rest keep the store's order (bm25, or occurrences).
  matches.sort(
    (a, b) =>
      Number(b.phrase) - Number(a.phrase) ||
      Number(b.inTitle) - Number(a.inTitle) ||
      Number(b.under) - Number(a.under) ||
      (a.under && b.under ? a.entry.seq - b.entry.seq : 0) ||
      a.order - b.order,
  );
  return matches;
}

/** An FTS5 string literal: the word is matched as a phrase, never parsed as query syntax. */
function quoteFts(word: string): string {
  return `"${word.replace(/"/g, '""')}"`;
}
