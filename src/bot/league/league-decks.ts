// `/league deck`: a deck list given as text or as an attached text file, checked against the game's deck rules (the
// same `validateDeck` as `/deck import|validate`) before it is stored, with each problem on the line it comes from.
// The rules come with the game's definition (its deck rules, else its engine's); this file only reads the file and
// points at lines.
import type { Attachment } from 'discord.js';
import type { Label } from '../../engine/core/label.ts';
import { deckProblemsOf, hasDeckRules } from '../../engine/registry.ts';
import type { BotContext } from '../context.ts';
import { readDeckText } from '../decks.ts';
import { W } from './league-words.ts';

/** What the league keeps of a deck (the `set-deck` command's limit). */
export const MAX_DECK_CHARS = 4000;
/** An attached deck list: a text file of at most this many bytes (a 60-card list is well under 2 KB). */
export const MAX_DECK_FILE_BYTES = 16 * 1024;
const TEXT_EXTENSIONS = /\.(txt|dek|dck|deck|json|csv)$/i;

export type DeckText = { ok: true; text: string } | { ok: false; reason: Label };

/** Downloads an attached deck list from its URL, with the size, type and encoding checked first. */
export async function readDeckFile(file: Attachment): Promise<DeckText> {
  const name = file.name;
  const type = (file.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const textual =
    type.startsWith('text/') ||
    type === 'application/json' ||
    ((type === '' || type === 'application/octet-stream') && TEXT_EXTENSIONS.test(name));
  if (!textual) return { ok: false, reason: W.deckFileNotText(name, type || '?') };
  if (file.size > MAX_DECK_FILE_BYTES)
    return { ok: false, reason: W.deckFileTooLarge(name, file.size, MAX_DECK_FILE_BYTES) };
  let bytes: ArrayBuffer;
  try {
    const response = await fetch(file.url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) return { ok: false, reason: W.deckFileDownload(name, `HTTP ${response.status}`) };
    bytes = await response.arrayBuffer();
  } catch (error) {
    return { ok: false, reason: W.deckFileDownload(name, (error as Error).message) };
  }
  // The size Discord reported is checked above; the bytes themselves too, in case they differ.
  if (bytes.byteLength > MAX_DECK_FILE_BYTES)
    return { ok: false, reason: W.deckFileTooLarge(name, bytes.byteLength, MAX_DECK_FILE_BYTES) };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return { ok: false, reason: W.deckFileNotUtf8(name) };
  }
  return { ok: true, text };
}

/**
 * The deck's problems under the game's deck rules, each as one line naming where it is (`line 4`, or `item 2` in a
 * one-line list), or null when the deck is legal. A game without deck rules accepts any list. The caller refuses
 * empty and too long lists first. The list is read by the same reader as `/deck import`.
 */
export function deckProblems(ctx: Pick<BotContext, 'games'>, game: string, text: string): Label[] | null {
  // The definition's deck rules exist without an engine, so a pool-only game's deck is checked too.
  const definition = ctx.games.find(game);
  if (!definition || !hasDeckRules(definition)) return null;
  const pool = definition.pool;
  const read = readDeckText(text, (id) => pool.byId(id)?.name.en);
  const unreadable = read.problems[0];
  if (!read.list || unreadable) {
    const where = unreadable && unreadable.line > 0 ? `line ${unreadable.line}: ` : '';
    return [W.deckUnreadable(`${where}${unreadable?.reason.en ?? 'unreadable'}`)];
  }
  const problems = deckProblemsOf(definition, read.list);
  if (problems.length === 0) return null;
  const multiline = text.trim().includes('\n');
  return problems.map((p) => {
    const where = read.linesOf(p.section, p.card).map((at) => (multiline ? at.line : at.entry));
    return W.deckProblem(where, multiline, p.message, p.rule);
  });
}
