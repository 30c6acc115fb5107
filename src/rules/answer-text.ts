import type { RuleAnswer, TitledRule } from './answer.ts';
import { shorten } from './answer.ts';
import { splitReferenceTitle } from './reference.ts';

/** The language an answer is laid out in: its headings and labels; the official text stays as the document wrote it. */
export type AnswerLocale = 'en' | 'ja';

const WORDS = {
  en: {
    glossary: 'Glossary: ',
    official: 'Official rules',
    reference: 'Arbiter reference (unofficial summary)',
    partOf: 'Part of',
    seeAlso: 'See also',
    rulings: "Arbiter's rulings (how this bot plays it)",
    moreSubRules: 'More sub-rules',
    subRules: (n: number) => `${n} more sub-rule${n === 1 ? '' : 's'}`,
    notShown: (count: string, next: string | undefined) =>
      `… ${count} not shown${next ? `: ask for ${next} directly` : ''}.`,
  },
  ja: {
    glossary: '用語集：',
    official: '公式ルール',
    reference: 'Arbiter参考資料（非公式の要約）',
    partOf: '上位のルール',
    seeAlso: '参照',
    rulings: 'Arbiterの裁定（このボットの遊び方）',
    moreSubRules: 'ほかの下位ルール',
    subRules: (n: number) => `下位ルール${n}件`,
    notShown: (count: string, next: string | undefined) =>
      `…${count}は省略しました${next ? `（${next}を直接お尋ねください）` : ''}。`,
  },
} as const;

/**
 * A section's title in the answer's language: English answers name sections by our reference's English title (the
 * document's Japanese one when we have none); Japanese answers by the document's.
 */
function titleIn(rule: TitledRule, locale: AnswerLocale): string | null {
  return locale === 'en' ? (rule.titleEn ?? rule.title) : (rule.title ?? rule.titleEn);
}

/** Embed-shaped text for an answer, inside Discord's limits (title 256, description 4096, 6000 in all). */
export interface AnswerText {
  title: string;
  description: string;
  /** Breadcrumb, references, English explanation, Arbiter's rulings; each value ≤ 1024 characters. */
  fields: { name: string; value: string }[];
  /** Source and date: which document, or our reference, the text comes from. */
  footer: string;
}

const TITLE_LIMIT = 256;
const FIELD_NAME_LIMIT = 256;
const FIELD_LIMIT = 1024;
const EMBED_LIMIT = 6000;
/** A long answer is easier to read cut short; the rest is one command away. */
const DESCRIPTION_BUDGET = 3000;
/** Room kept for the "… more sub-rules not shown" note. */
const NOTE_ROOM = 120;

/** Lays out an answer: the rule, then its sub-rules until the budget runs out, with a note saying what was cut. */
export function answerText(answer: RuleAnswer, locale: AnswerLocale = 'en'): AnswerText {
  const words = WORDS[locale];
  // A glossary entry's number is its term, which its title already starts with.
  const heading =
    answer.kind === 'glossary'
      ? `${words.glossary}${answer.title ?? answer.number}`
      : `${answer.number} ${headingTitle(answer, locale)}`.trim();
  const title = shorten(heading, TITLE_LIMIT);
  const fields = answerFields(answer, locale);
  const doc = answer.document;
  // Our reference states the official document's version in words of its own ("Version 2.05 (2016-09-07)"); the
  // official documents give a bare version ("20190125.3") and a date.
  const stamp =
    answer.source === 'official'
      ? [doc.version ? `${locale === 'ja' ? '版 ' : 'version '}${doc.version}` : null, doc.date]
          .filter((x) => x !== null)
          .join(', ')
      : (doc.version ?? '');
  const source = answer.source === 'official' ? words.official : words.reference;
  const footer = shorten(`${source}: ${doc.title}${stamp ? ` (${stamp})` : ''}`, 2048);

  const taken = title.length + footer.length + fields.reduce((n, f) => n + f.name.length + f.value.length, 0);
  const budget = Math.min(DESCRIPTION_BUDGET, EMBED_LIMIT - taken - NOTE_ROOM);
  return { title, description: describe(answer, budget, locale), fields, footer };
}

/**
 * The quoted rule's own title. In English its English title leads, with the document's heading after it when that is
 * in Japanese (the text below is the document's, so the reader can match the two); MTG's headings already carry
 * the English name ("飛行/Flying").
 */
function headingTitle(answer: RuleAnswer, locale: AnswerLocale): string {
  const { title, titleEn } = answer;
  if (locale === 'ja' || titleEn === null) return title ?? titleEn ?? '';
  if (title === null || answer.source === 'reference') return titleEn;
  return title.toLowerCase().includes(titleEn.toLowerCase()) ? title : `${titleEn} (${title})`;
}

/** The rule's text and examples, then as many sub-rules as fit in `budget`, then a note on what was left out. */
function describe(answer: RuleAnswer, budget: number, locale: AnswerLocale): string {
  const words = WORDS[locale];
  const own = [answer.text, ...answer.examples.map((e) => `> ${e}`)].filter((l) => l !== '').join('\n');
  let description = cutLines(own, budget);
  let shown = 0;
  for (const sub of answer.subRules) {
    const subTitle = titleIn(sub, locale);
    const joiner = subTitle && sub.text ? ' — ' : '';
    const line = `${'  '.repeat(sub.depth - 1)}**${sub.number}** ${subTitle ?? ''}${joiner}${sub.text}`;
    if (description.length + line.length + 1 > budget) break;
    description = description === '' ? line : `${description}\n${line}`;
    shown++;
  }
  const cut = answer.subRules.length - shown;
  if (cut > 0 || answer.moreSubRules) {
    const count = answer.moreSubRules ? words.moreSubRules : words.subRules(cut);
    description += `\n${words.notShown(count, answer.subRules[shown]?.number)}`;
  }
  return description;
}

/** A rule named in a field: its number and, when it has one, its title in the answer's language. */
export function namedRule(rule: TitledRule, locale: AnswerLocale): string {
  const title = titleIn(rule, locale);
  return title ? `${rule.number} ${title}` : rule.number;
}

function answerFields(answer: RuleAnswer, locale: AnswerLocale): AnswerText['fields'] {
  const words = WORDS[locale];
  const fields: AnswerText['fields'] = [];
  if (answer.breadcrumb.length > 0) {
    const path = answer.breadcrumb.map((b) => namedRule(b, locale)).join(' › ');
    fields.push({ name: words.partOf, value: shorten(path, FIELD_LIMIT) });
  }
  if (answer.references.length > 0) {
    const refs = answer.references.map((r) => {
      const title = titleIn(r, locale);
      return title ? `\`${r.number}\` ${title}` : `\`${r.number}\``;
    });
    fields.push({ name: words.seeAlso, value: cutLines(refs.join('\n'), FIELD_LIMIT) });
  }
  if (answer.english) {
    // Our explanation is in English; its heading names the section in the answer's language.
    const both = splitReferenceTitle(answer.english.title);
    const name = both ? (locale === 'en' ? both.en : `${both.ja}（${both.en}）`) : answer.english.title;
    fields.push({ name: shorten(name, FIELD_NAME_LIMIT), value: shorten(answer.english.text, FIELD_LIMIT) });
  }
  if (answer.rulings.length > 0) {
    // Where the document is silent or ambiguous: what Arbiter plays, next to the text it rests on.
    const lines = answer.rulings.map((r) => `**${r.id} ${r.title}**: ${r.text}`);
    fields.push({ name: words.rulings, value: cutLines(lines.join('\n'), FIELD_LIMIT) });
  }
  return fields;
}

/** Cuts text to at most `max` characters, at a line break when there is one, marking the cut with "…". */
function cutLines(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const lastBreak = head.lastIndexOf('\n');
  return `${lastBreak > max / 2 ? head.slice(0, lastBreak) : head}…`;
}
