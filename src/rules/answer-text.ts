import type { RuleAnswer } from './answer.ts';
import { shorten } from './answer.ts';

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
export function answerText(answer: RuleAnswer): AnswerText {
  // A glossary entry's number is its term, which its title already starts with.
  const heading =
    answer.kind === 'glossary'
      ? `Glossary: ${answer.title ?? answer.number}`
      : answer.title
        ? `${answer.number} ${answer.title}`
        : answer.number;
  const title = shorten(heading, TITLE_LIMIT);
  const fields = answerFields(answer);
  const doc = answer.document;
  const source = answer.source === 'official' ? 'Official rules' : 'Arbiter reference (unofficial summary)';
  const stamp = [doc.version ? `version ${doc.version}` : null, doc.date].filter((x) => x !== null).join(', ');
  const footer = shorten(`${source}: ${doc.title}${stamp ? ` (${stamp})` : ''}`, 2048);

  const taken = title.length + footer.length + fields.reduce((n, f) => n + f.name.length + f.value.length, 0);
  const budget = Math.min(DESCRIPTION_BUDGET, EMBED_LIMIT - taken - NOTE_ROOM);
  return { title, description: describe(answer, budget), fields, footer };
}

/** The rule's text and examples, then as many sub-rules as fit in `budget`, then a note on what was left out. */
function describe(answer: RuleAnswer, budget: number): string {
  const own = [answer.text, ...answer.examples.map((e) => `> ${e}`)].filter((l) => l !== '').join('\n');
  let description = cutLines(own, budget);
  let shown = 0;
  for (const sub of answer.subRules) {
    const joiner = sub.title && sub.text ? ' — ' : '';
    const line = `${'  '.repeat(sub.depth - 1)}**${sub.number}** ${sub.title ?? ''}${joiner}${sub.text}`;
    if (description.length + line.length + 1 > budget) break;
    description = description === '' ? line : `${description}\n${line}`;
    shown++;
  }
  const cut = answer.subRules.length - shown;
  if (cut > 0 || answer.moreSubRules) {
    const count = answer.moreSubRules ? 'More sub-rules' : `${cut} more sub-rule${cut === 1 ? '' : 's'}`;
    const next = answer.subRules[shown]?.number;
    description += `\n… ${count} not shown${next ? `: ask for ${next} directly` : ''}.`;
  }
  return description;
}

function answerFields(answer: RuleAnswer): AnswerText['fields'] {
  const fields: AnswerText['fields'] = [];
  if (answer.breadcrumb.length > 0) {
    const path = answer.breadcrumb.map((b) => (b.title ? `${b.number} ${b.title}` : b.number)).join(' › ');
    fields.push({ name: 'Part of', value: shorten(path, FIELD_LIMIT) });
  }
  if (answer.references.length > 0) {
    const refs = answer.references.map((r) => (r.title ? `\`${r.number}\` ${r.title}` : `\`${r.number}\``));
    fields.push({ name: 'See also', value: cutLines(refs.join('\n'), FIELD_LIMIT) });
  }
  if (answer.english) {
    fields.push({
      name: shorten(answer.english.title, FIELD_NAME_LIMIT),
      value: shorten(answer.english.text, FIELD_LIMIT),
    });
  }
  if (answer.rulings.length > 0) {
    // Where the document is silent or ambiguous: what Arbiter plays, next to the text it rests on.
    const lines = answer.rulings.map((r) => `**${r.id} ${r.title}**: ${r.text}`);
    fields.push({ name: "Arbiter's rulings (how this bot plays it)", value: cutLines(lines.join('\n'), FIELD_LIMIT) });
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
