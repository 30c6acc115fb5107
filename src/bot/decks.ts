// Deck references as players type them: a preconstructed deck id (data/decks) or the name of a deck they saved.
import type { DeckList, GameId } from '../engine/core/game.ts';
import type { Label } from '../engine/core/label.ts';
import { type PreconDeck, preconDeckList } from '../store/precon-decks.ts';
import type { Store } from '../store/store.ts';
import { T } from './i18n.ts';

export type DeckChoice = { ok: true; ref: string; list: DeckList; name: string } | { ok: false; reason: Label };

export function preconsOf(precons: readonly PreconDeck[], game: GameId): PreconDeck[] {
  return precons.filter((d) => d.game === game);
}

/** Resolves `ref` for a user; with no ref, the first precon of the game that is not `avoid`. */
export function chooseDeck(
  store: Store,
  precons: readonly PreconDeck[],
  where: { guildId: string; userId: string; game: GameId },
  ref: string | null,
  avoid: string | null = null,
): DeckChoice {
  const own = preconsOf(precons, where.game);
  if (!ref) {
    const deck = own.find((d) => d.id !== avoid) ?? own[0];
    if (!deck) return { ok: false, reason: T.unknownDeck('?') };
    return { ok: true, ref: deck.id, list: preconDeckList(deck), name: deck.name.en };
  }
  const precon = own.find((d) => d.id === ref);
  if (precon) return { ok: true, ref: precon.id, list: preconDeckList(precon), name: precon.name.en };
  const saved = store.decks.get(where.guildId, where.userId, where.game, ref);
  if (!saved) return { ok: false, reason: T.unknownDeck(ref) };
  if (!saved.legal) {
    const why = saved.problems.map((p) => p.message.en).join('; ');
    return { ok: false, reason: T.illegalDeck(ref, why) };
  }
  return { ok: true, ref: saved.name, list: saved.list, name: saved.name };
}

/** One card line of a text deck list: where it is (line of the text, entry counted across commas) and what. */
export interface DeckEntry {
  line: number;
  entry: number;
  section: string;
  count: number;
  card: string;
  text: string;
}

/**
 * A pasted or uploaded deck list: JSON `{ "main": ["card-id", ...] }`, or lines of `N card-id` under optional
 * `[section]` or `section:` headers (default section `main`).
 */
export function parseDeckText(text: string): DeckList {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    const parsed = JSON.parse(trimmed) as unknown;
    if (!parsed || typeof parsed !== 'object') throw new Error('JSON deck lists are objects of sections');
    return parsed as DeckList;
  }
  return deckListOf(parseDeckEntries(trimmed));
}

/** The card lines of a text deck list, with their line numbers (for errors that name the line). */
export function parseDeckEntries(text: string): DeckEntry[] {
  const entries: DeckEntry[] = [];
  let section = 'main';
  let entry = 0;
  text.split(/\r?\n/).forEach((lineText, i) => {
    for (const raw of lineText.split(',')) {
      const line = raw.trim();
      if (line === '' || line.startsWith('#')) continue;
      entry += 1;
      const header = /^\[(.+)\]$|^([a-z-]+):$/i.exec(line);
      if (header) {
        section = (header[1] ?? header[2] ?? 'main').trim().toLowerCase();
        continue;
      }
      const match = /^(\d+)\s*x?\s+(.+)$/i.exec(line);
      const count = match ? Number(match[1]) : 1;
      const card = (match ? (match[2] ?? '') : line).trim();
      if (count < 1 || count > 60) throw new Error(`bad count on line "${line}"`);
      entries.push({ line: i + 1, entry, section, count, card, text: line });
    }
  });
  return entries;
}

export function deckListOf(entries: readonly DeckEntry[]): DeckList {
  const deck: DeckList = {};
  for (const e of entries) {
    const list = (deck[e.section] ??= []);
    for (let i = 0; i < e.count; i++) list.push(e.card);
  }
  if (Object.keys(deck).length === 0) throw new Error('the list is empty');
  return deck;
}
