// Deck references as players type them: a preconstructed deck id (data/decks) or the name of a deck they saved.
import type { DeckList, GameId } from '../engine/core/game.ts';
import type { Label } from '../engine/core/label.ts';
import type { StoreContract } from '../store/contract.ts';
import { type PreconDeck, preconDeckList } from '../store/precon-decks.ts';
import { DECK_WORDS as W } from './deck-words.ts';
import { T } from './i18n.ts';

export type DeckChoice = { ok: true; ref: string; list: DeckList; name: string } | { ok: false; reason: Label };

export function preconsOf(precons: readonly PreconDeck[], game: GameId): PreconDeck[] {
  return precons.filter((d) => d.game === game);
}

/** Resolves `ref` for a user; with no ref, the first precon of the game that is not `avoid`. */
export async function chooseDeck(
  store: StoreContract,
  precons: readonly PreconDeck[],
  where: { guildId: string; userId: string; game: GameId },
  ref: string | null,
  avoid: string | null = null,
): Promise<DeckChoice> {
  const own = preconsOf(precons, where.game);
  if (!ref) {
    // The opponent's default deck shares the other deck's format where a game has several (MTG's Constructed `main`
    // and Limited `limited`, CR 100.2): its first section names it.
    const avoided = own.find((d) => d.id === avoid);
    const sameFormat = (d: PreconDeck) => !avoided || Object.keys(d.sections)[0] === Object.keys(avoided.sections)[0];
    const deck = own.find((d) => d.id !== avoid && sameFormat(d)) ?? own.find((d) => d.id !== avoid) ?? own[0];
    if (!deck) return { ok: false, reason: T.unknownDeck('?') };
    return { ok: true, ref: deck.id, list: preconDeckList(deck), name: deck.name.en };
  }
  const precon = own.find((d) => d.id === ref);
  if (precon) return { ok: true, ref: precon.id, list: preconDeckList(precon), name: precon.name.en };
  const saved = await store.decks.get(where.guildId, where.userId, where.game, ref);
  if (!saved) return { ok: false, reason: T.unknownDeck(ref) };
  if (!saved.legal) {
    const why = saved.problems.map((p) => p.message.en).join('; ');
    return { ok: false, reason: T.illegalDeck(ref, why) };
  }
  return { ok: true, ref: saved.name, list: saved.list, name: saved.name };
}

/** A line of a deck list that could not be read (line 0: the list as a whole). */
export interface DeckLineProblem {
  line: number;
  text: string;
  reason: Label;
}

export interface ReadDeck {
  /** The deck, or null when some line could not be read (then nothing should be saved). */
  list: DeckList | null;
  problems: DeckLineProblem[];
  /** The lines naming `card` (an id, or a card's English name) in `section`, else the section's header line. */
  linesOf(section: string, card?: string): DeckLine[];
}

/** Where a card or header stands: its line, and its entry counted across commas (for one-line lists). */
export interface DeckLine {
  line: number;
  entry: number;
  text: string;
}

export const MAX_COPIES_PER_LINE = 60;

/**
 * A typed or pasted line as the reader sees it: NFKC-normalised (full-width digits and letters become ASCII) and
 * without format characters (zero-width spaces, joiners, right-to-left marks and overrides), which never belong in a
 * card id or count and would otherwise make "Unknown card" errors whose cause cannot be seen.
 */
export function plainDeckText(text: string): string {
  return text.normalize('NFKC').replace(/\p{Cf}/gu, '');
}

/** A first word that means to be a count but is not one of the forms read (`4`, `4x`, `4 x`): `x`, `x4`, `-1`, `1.5`. */
const COUNT_LIKE = /^(?:[-+]?\d[\d.,]*x?|x[-+]?\d*)$/i;
/** Section names: letters, digits and hyphens (so `[__proto__]` is refused, never used as a key). */
const SECTION_NAME = /^[a-z][a-z0-9-]*$/;

/**
 * A pasted or uploaded deck list: JSON `{ "main": ["card-id", ...] }`, or lines of `N card-id` (also `Nx card-id` and
 * `N x card-id`) under optional `[section]` or `section:` headers (default section `main`); a comma also ends an
 * entry. Line ends may be LF, CRLF or CR. Every unreadable line is reported with its number, and the cards' lines are
 * kept so construction problems can name them too. Linear in the length of the text.
 */
export function readDeckText(text: string, nameOf: (card: string) => string | undefined = () => undefined): ReadDeck {
  const plain = plainDeckText(text);
  const trimmed = plain.trim();
  const cardLines = new Map<string, DeckLine[]>();
  const headers = new Map<string, DeckLine>();
  const linesOf = (section: string, card?: string) =>
    (card === undefined ? undefined : cardLines.get(`${section}\u0000${card}`)) ??
    (headers.has(section) ? [headers.get(section) as DeckLine] : []);
  if (trimmed.startsWith('{')) {
    try {
      const parsed = JSON.parse(trimmed) as unknown;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
        throw new Error('JSON deck lists are objects of sections');
      }
      return { list: parsed as DeckList, problems: [], linesOf };
    } catch (error) {
      return { list: null, problems: [{ line: 0, text: '', reason: T.deckJson((error as Error).message) }], linesOf };
    }
  }
  // A Map, not an object: a section named like an Object.prototype member is only a key.
  const deck = new Map<string, string[]>();
  const problems: DeckLineProblem[] = [];
  let section = 'main';
  let entryNumber = 0;
  plain.split(/\r\n|\r|\n/).forEach((whole, index) => {
    const number = index + 1;
    for (const raw of whole.split(',')) {
      const line = raw.trim();
      if (line === '' || line.startsWith('#')) continue;
      entryNumber += 1;
      const header = /^\[(.+)\]$|^([a-z-]+):$/i.exec(line);
      if (header) {
        const name = (header[1] ?? header[2] ?? 'main').trim().toLowerCase();
        if (!SECTION_NAME.test(name)) {
          problems.push({ line: number, text: line, reason: W.badSectionName });
          continue;
        }
        section = name;
        if (!headers.has(section)) headers.set(section, { line: number, entry: entryNumber, text: line });
        continue;
      }
      const entry = /^(\d+)\s*x?\s+(.+)$/i.exec(line);
      const first = line.split(/\s+/);
      if (!entry && first.length > 1 && COUNT_LIKE.test(first[0] ?? '')) {
        problems.push({ line: number, text: line, reason: T.deckBadCount(MAX_COPIES_PER_LINE) });
        continue;
      }
      const count = entry ? Number(entry[1]) : 1;
      const card = (entry ? (entry[2] ?? '') : line).trim();
      if (count < 1 || count > MAX_COPIES_PER_LINE) {
        problems.push({ line: number, text: line, reason: T.deckBadCount(MAX_COPIES_PER_LINE) });
        continue;
      }
      let list = deck.get(section);
      if (!list) {
        list = [];
        deck.set(section, list);
      }
      for (let i = 0; i < count; i++) list.push(card);
      for (const key of [card, nameOf(card)]) {
        if (key === undefined) continue;
        const at = cardLines.get(`${section}\u0000${key}`) ?? [];
        // Entries only grow, so the entry can only already be the last one kept (an id equal to its own name).
        if (at.at(-1)?.entry !== entryNumber) at.push({ line: number, entry: entryNumber, text: line });
        cardLines.set(`${section}\u0000${key}`, at);
      }
    }
  });
  if (problems.length === 0 && deck.size === 0) {
    problems.push({ line: 0, text: '', reason: T.deckEmpty });
  }
  return { list: problems.length === 0 ? Object.fromEntries(deck) : null, problems, linesOf };
}

/** `readDeckText` for callers that want the list or an error (the first unreadable line). */
export function parseDeckText(text: string): DeckList {
  const read = readDeckText(text);
  const first = read.problems[0];
  if (!read.list || first) {
    throw new Error(first ? `${first.line > 0 ? `line ${first.line}: ` : ''}${first.reason.en}` : 'unreadable');
  }
  return read.list;
}
