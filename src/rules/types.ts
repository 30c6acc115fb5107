import type { GameId } from '../engine/core/game.ts';

/** One numbered rule of an official document, after parsing. */
export interface ParsedRule {
  /** The rule number as the document means it, cleaned of punctuation (e.g. "702.9b", "003.2.4", "3-3-a-1"). */
  number: string;
  /** Comparison key (see ruleKey): "702.9.b", "3.2.4", "3.3.a.1". Two rules may share one when the document repeats a number. */
  key: string;
  /** The number of the nearest existing ancestor, or null for a top-level chapter. */
  parent: string | null;
  /** Heading text when the line is a heading (e.g. "飛行/Flying"), else null. */
  title: string | null;
  /** The rule's own text, examples excluded; "" for a pure heading. */
  text: string;
  examples: string[];
  /** Numbers of other rules this one cites, each resolved to an existing rule (deduplicated, in order). */
  refs: string[];
  /** 1-based line of the document where the rule starts. */
  line: number;
}

/** A glossary term (only MTG's document has a glossary). */
export interface GlossaryEntry {
  term: string;
  /** Hiragana reading as printed in parentheses, if any. */
  reading: string | null;
  /** English name as printed after the slash, if any. */
  english: string | null;
  text: string;
  refs: string[];
  line: number;
}

export interface ParsedDocument {
  game: GameId;
  title: string;
  /** Version as the document states it, or null when it states none. */
  version: string | null;
  /** Effective or last-updated date (ISO yyyy-mm-dd), or null when the document gives none. */
  date: string | null;
  rules: ParsedRule[];
  glossary: GlossaryEntry[];
  /** Citations that looked like rule numbers but name no rule of the document (document errors). */
  unresolvedRefs: { from: string; ref: string }[];
}

/** A rule as a parser first sees it, before parents and references are worked out. */
export interface RawRule {
  number: string;
  /** Content of the numbered line after the number and its separator. */
  head: string;
  /** Following unnumbered lines that belong to the rule. */
  body: string[];
  line: number;
  /** True when the line's markup says it is a heading (e.g. "## 100."). */
  heading: boolean;
}
