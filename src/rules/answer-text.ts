import type { RuleAnswer } from './answer.ts';
import { shorten } from './answer.ts';

/** Embed-shaped text for an answer, inside Discord's limits (title 256, description 4096, 6000 in all). */
export interface AnswerText {
  title: string;
  description: string;
  /** Breadcrumb, references, English explanation; each value ≤ 1024 characters. */
  fields: { name: string; value: string }[];
  /** Source and date: which document, or our reference, the text comes from. */
  footer: string;
}

const DESCRIPTION_LIMIT = 4096;
const FIELD_LIMIT = 1024;
/** Leaves room under the 6000-character total for title, fields and footer. */
const DESCRIPTION_BUDGET = 3000;

/** Lays out an answer: the rule, then its sub-rules until the budget runs out, with a note saying what was cut. */
export function answerText(answer: RuleAnswer): AnswerText {
  // A glossary entry's number is its term, which its title already starts with.
  const heading =
    answer.kind === 'glossary'
      ? `Glossary: ${answer.title ?? answer.number}`
      : answer.title
        ? `${answer.number} ${answer.title}`
        : answer.number;
  const lines: string[] = [];
  if (answer.text) lines.push(answer.text);
  for (const example of answer.examples) lines.push(`> ${example}`);
  let shown = 0;
  let used = lines.join('\n').length;
  for (const sub of answer.subRules) {
    const line = `${'  '.repeat(sub.depth - 1)}**${sub.number}** ${sub.title ?? ''}${sub.title && sub.text ? ' — ' : ''}${sub.text}`;
    if (used + line.length + 1 > DESCRIPTION_BUDGET) break;
    lines.push(line);
    used += line.length + 1;
    shown++;
  }
  const cut = answer.subRules.length - shown;
  let description = lines.join('\n');
  if (description.length > DESCRIPTION_BUDGET) description = `${description.slice(0, DESCRIPTION_BUDGET - 1)}…`;
  if (cut > 0 || answer.moreSubRules) {
    const count = answer.moreSubRules ? 'More sub-rules' : `${cut} more sub-rule${cut === 1 ? '' : 's'}`;
    const next = answer.subRules[shown]?.number;
    description += `\n… ${count} not shown${next ? `: ask for ${next} directly` : ''}.`;
  }

  const fields: AnswerText['fields'] = [];
  if (answer.breadcrumb.length > 0) {
    const path = answer.breadcrumb.map((b) => (b.title ? `${b.number} ${b.title}` : b.number)).join(' › ');
    fields.push({ name: 'Part of', value: shorten(path, FIELD_LIMIT) });
  }
  if (answer.references.length > 0) {
    const refs = answer.references.map((r) => (r.title ? `\`${r.number}\` ${r.title}` : `\`${r.number}\``)).join('\n');
    fields.push({ name: 'See also', value: shorten(refs, FIELD_LIMIT) });
  }
  if (answer.english) fields.push({ name: answer.english.title, value: shorten(answer.english.text, FIELD_LIMIT) });

  const doc = answer.document;
  const source = answer.source === 'official' ? 'Official rules' : 'Arbiter reference (unofficial summary)';
  const stamp = [doc.version ? `version ${doc.version}` : null, doc.date].filter((x) => x !== null).join(', ');
  return {
    title: shorten(heading, 256),
    description: description.slice(0, DESCRIPTION_LIMIT),
    fields,
    footer: shorten(`${source}: ${doc.title}${stamp ? ` (${stamp})` : ''}`, 2048),
  };
}
