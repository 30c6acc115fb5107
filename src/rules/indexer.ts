import type { GameId } from '../engine/core/game.ts';
import type { RulesEntryInput, RulesIndexStore, RulesTermInput } from '../store/rules-index.ts';
import { ALIASES } from './aliases.ts';
import { normalizeText, parentKey, ruleKey } from './normalize.ts';
import { referenceTitle } from './reference.ts';
import type { ReferenceFile } from './reference-schema.ts';
import { normalizeTerm, termsOf } from './terms.ts';
import type { ParsedDocument } from './types.ts';

/** Puts one parsed official document into the index, replacing the game's previous import. */
export function indexOfficialDocument(
  store: RulesIndexStore,
  doc: ParsedDocument,
  digest: string | null = null,
  now = Date.now(),
): void {
  const entries: RulesEntryInput[] = [];
  const terms: RulesTermInput[] = [];
  for (const rule of doc.rules) {
    entries.push({
      kind: 'rule',
      number: rule.number,
      key: rule.key,
      parent: rule.parent,
      title: rule.title,
      text: rule.text,
      examples: rule.examples,
      refs: rule.refs,
      search: normalizeText([rule.title ?? '', rule.text, ...rule.examples].join(' ')),
    });
    if (rule.title)
      for (const term of termsOf(rule.title)) terms.push({ term, number: rule.number, kind: 'rule', rank: 0 });
    const defined = definedTerm(rule.text);
    if (defined) terms.push({ term: defined, number: rule.number, kind: 'rule', rank: 1 });
    for (const term of definedTerms(rule.text)) terms.push({ term, number: rule.number, kind: 'rule', rank: 1 });
  }
  for (const g of doc.glossary) {
    const title = g.english ? `${g.term}/${g.english}` : g.term;
    entries.push({
      kind: 'glossary',
      number: g.term,
      key: `glossary.${normalizeTerm(g.term)}`,
      parent: null,
      title,
      text: g.text,
      examples: [],
      refs: g.refs,
      search: normalizeText(`${title} ${g.text}`),
    });
    for (const name of [title, g.reading ?? '']) {
      for (const term of termsOf(name)) terms.push({ term, number: g.term, kind: 'glossary', rank: 1 });
    }
    // The rule a glossary term cites first is usually the one that defines it.
    g.refs.forEach((ref, i) => {
      for (const term of termsOf(`${g.term}/${g.reading ?? ''}`)) {
        terms.push({ term, number: ref, kind: 'rule', rank: i === 0 ? 2 : 3 });
      }
    });
  }
  for (const [number, names] of Object.entries(ALIASES[doc.game] ?? {})) {
    for (const name of names) for (const term of termsOf(name)) terms.push({ term, number, kind: 'rule', rank: 0 });
  }
  const date = doc.date;
  store.replaceSource(
    { game: doc.game, source: 'official', title: doc.title, version: doc.version, date, digest },
    entries,
    terms,
    now,
  );
}

/**
 * The term a rule defines when its text opens with a definition ("置換効果とは、…", "「引き直し」とは…"), so that the
 * term leads to the rule that defines it even without a heading.
 */
export function definedTerm(text: string): string | null {
  const m = /^[「『‘']?([^、。「」『』‘’'\s]{2,20}?)[」』’']?とは/.exec(text);
  return m?.[1] ? normalizeTerm(m[1]) : null;
}

// Kanji, katakana, the long-vowel and middle dots, Latin letters and digits: what an unquoted term is made of.
const TERM_CHARS = '\\p{Script=Han}\\p{Script=Katakana}ー・々a-z0-9';
// A sentence that names what it describes (issue 26 item 10): "…を「X」と呼びます", "…をXと呼称します", "…はXと呼ばれ",
// "…Xという。" (PMV), "…'X'と言います" (FoW). "という" is a definition only where it ends the sentence.
const NAMING = /(と呼(?:び|ぶ|ば|称|ん))|と言います|といいます|という。/gu;
const QUOTED_BEFORE = /[「『']([^「」『』'。]{1,24})[」』']$/u;
// "'X'のルーラーと呼びます": the quoted word is what the sentence defines, the noun after it only says of what.
const QUOTED_OF = /[「『']([^「」『』'。]{1,24})[」』']の[^「」『』'、。]{1,12}$/u;
// "…ことをゲームから除外と呼びます": with "と呼", everything after the object marker is the name.
const AFTER_OBJECT = /を([^をは、。「」『』'\s]{2,16})$/u;
// An unquoted term, possibly "AのB" ("先制のタイミング"), right after a particle or comma that opens a noun phrase.
const BARE_BEFORE = new RegExp(`(?:^|[をはもの、\\s])((?:[${TERM_CHARS}]{1,16}の)?[${TERM_CHARS}]{2,16})$`, 'u');
// Earlier members of a list the sentence names at once: "面を'過去面'、…面を'未来面'と呼びます".
const LISTED = /を[「『']([^「」『』'。]{1,24})[」』']、/gu;

/**
 * Every term a rule's sentences define by naming it, normalised as terms are; the defining phrase is read from the
 * document's own wording, never guessed from a mention.
 */
export function definedTerms(text: string): string[] {
  const found: string[] = [];
  const flat = normalizeText(text);
  for (const m of flat.matchAll(NAMING)) {
    const before = flat.slice(0, m.index);
    const term =
      QUOTED_BEFORE.exec(before)?.[1] ??
      QUOTED_OF.exec(before)?.[1] ??
      // "という" also ends sentences that merely describe ("…を行う条件という"): only "と呼" names after を.
      (m[1] !== undefined ? AFTER_OBJECT.exec(before)?.[1] : undefined) ??
      BARE_BEFORE.exec(before)?.[1];
    if (term === undefined) continue;
    found.push(term);
    const sentence = before.slice(before.lastIndexOf('。') + 1);
    for (const listed of sentence.matchAll(LISTED)) if (listed[1] !== undefined) found.push(listed[1]);
  }
  return [...new Set(found.map(normalizeTerm))].filter((t) => t.length >= 2);
}

/** Puts our English reference for a game into the index, replacing its previous import. */
export function indexReference(
  store: RulesIndexStore,
  ref: ReferenceFile,
  digest: string | null = null,
  now = Date.now(),
): void {
  const keys = new Map(ref.entries.map((e) => [ruleKey(e.rule), e.rule]));
  const parentOf = (key: string): string | null => {
    for (let k = parentKey(key); k !== null; k = parentKey(k)) {
      const found = keys.get(k);
      if (found !== undefined) return found;
    }
    return null;
  };
  const entries: RulesEntryInput[] = [];
  const terms: RulesTermInput[] = [];
  for (const e of ref.entries) {
    const title = referenceTitle(e.title.en, e.title.ja);
    entries.push({
      kind: 'rule',
      number: e.rule,
      key: ruleKey(e.rule),
      parent: parentOf(ruleKey(e.rule)),
      title,
      text: e.text,
      examples: [],
      refs: e.seeAlso,
      search: normalizeText([e.title.en, e.title.ja, e.text, ...e.aliases].join(' ')),
    });
    for (const name of [e.title.en, e.title.ja, ...e.aliases]) {
      for (const term of termsOf(name)) terms.push({ term, number: e.rule, kind: 'rule', rank: 0 });
    }
  }
  store.replaceSource(
    {
      game: ref.game as GameId,
      source: 'reference',
      title: ref.document.title,
      version: ref.document.version,
      date: null,
      digest,
    },
    entries,
    terms,
    now,
  );
}
