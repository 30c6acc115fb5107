import type { GameId } from '../engine/core/game.ts';
import type { RulesEntry, RulesIndexStore, RulesSource } from '../store/rules-index.ts';
import { ruleKey } from './normalize.ts';
import { splitReferenceTitle } from './reference.ts';
import { rulingsFor } from './rulings.ts';

/** What `/rules` shows for one rule; plain data, the bot turns it into an embed (see answer-text.ts). */
export interface RuleAnswer {
  game: GameId;
  source: RulesSource;
  /** The document the text comes from, with its version and date as far as it states them. */
  document: { title: string; version: string | null; date: string | null };
  kind: 'rule' | 'glossary';
  number: string;
  /** The title as the document writes it (Japanese for every game), or our reference's Japanese title. */
  title: string | null;
  /** Our reference's English title for the same rule number, when it has one: what English answers show. */
  titleEn: string | null;
  text: string;
  examples: string[];
  /** Ancestors from the top down (chapter first, direct parent last). */
  breadcrumb: TitledRule[];
  /** Sub-rules in document order, depth-first. */
  subRules: (TitledRule & { text: string; depth: number })[];
  /** True when the rule has more sub-rules than an answer carries (a chapter, say). */
  moreSubRules: boolean;
  /** Rules this one cites (that exist). */
  references: TitledRule[];
  /** Our English explanation of the same rule number, when the answer is the official text and we have one. */
  english: { title: string; text: string } | null;
  /** Arbiter's rulings resting on this rule number (data/rules/<game>/rulings.json), shown next to its text. */
  rulings: { id: string; title: string; text: string }[];
}

/** A rule an answer names: its number, its title as the document writes it, and its English title if we have one. */
export interface TitledRule {
  number: string;
  title: string | null;
  titleEn: string | null;
}

/** Sub-rules beyond this many are left out of an answer; a rule with more is a chapter, better browsed. */
const MAX_SUB_RULES = 60;

export function buildAnswer(store: RulesIndexStore, entry: RulesEntry): RuleAnswer {
  const game = entry.game as GameId;
  // English titles come from our reference (keyed to the same numbers); its own entries carry both languages.
  const titled = (number: string, title: string | null): TitledRule => {
    const both = splitReferenceTitle(title);
    if (both) return { number, title: both.ja, titleEn: both.en };
    const ours = store.byKey(game, ruleKey(number)).find((e) => e.source === 'reference');
    return { number, title, titleEn: splitReferenceTitle(ours?.title ?? null)?.en ?? null };
  };
  const info = store.sources().find((s) => s.game === game && s.source === entry.source);

  const breadcrumb: RuleAnswer['breadcrumb'] = [];
  const visited = new Set<string>([entry.number]);
  for (let p = entry.parent; p !== null && !visited.has(p); ) {
    visited.add(p);
    const parent = store.byNumber(game, entry.source, p);
    if (!parent) break;
    breadcrumb.unshift(titled(parent.number, parent.title ?? shorten(parent.text, 40)));
    p = parent.parent;
  }

  const subRules: RuleAnswer['subRules'] = [];
  let moreSubRules = false;
  const walk = (number: string, depth: number) => {
    for (const child of store.children(game, entry.source, number)) {
      if (child.number === number) return;
      if (subRules.length >= MAX_SUB_RULES) {
        moreSubRules = true;
        return;
      }
      subRules.push({ ...titled(child.number, child.title), text: child.text, depth });
      walk(child.number, depth + 1);
    }
  };
  if (entry.kind === 'rule') walk(entry.number, 1);

  const references = entry.refs.map((number) => {
    // Our reference cites official numbers, so its references are named from the official text when present.
    const target = store.byNumber(game, entry.source, number) ?? store.byKey(game, ruleKey(number))[0];
    return titled(number, target ? (target.title ?? shorten(target.text, 40)) : null);
  });

  const ours = entry.source === 'official' ? store.byKey(game, entry.key).find((e) => e.source === 'reference') : null;
  return {
    game,
    source: entry.source,
    document: { title: info?.title ?? '', version: info?.version ?? null, date: info?.date ?? null },
    kind: entry.kind,
    ...(entry.kind === 'rule'
      ? titled(entry.number, entry.title)
      : { number: entry.number, title: entry.title, titleEn: null }),
    text: entry.text,
    examples: entry.examples,
    breadcrumb,
    subRules,
    moreSubRules,
    references,
    english: ours ? { title: ours.title ?? '', text: ours.text } : null,
    rulings:
      entry.kind === 'rule'
        ? rulingsFor(game, entry.number).map((r) => ({ id: r.id, title: r.title, text: r.text }))
        : [],
  };
}

/** Cuts text to at most `max` characters, marking the cut with "…". */
export function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, Math.max(0, max - 1))}…`;
}
