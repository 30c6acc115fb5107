import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { type DeckList, DeckListSchema, type DeckProblem, type GameId } from '../engine/core/game.ts';
import { type GameResolver, requireGame } from './game-resolver.ts';
import { parseInput, parseJsonColumn } from './json-column.ts';

export interface SavedDeck {
  guildId: string;
  userId: string;
  game: GameId;
  name: string;
  list: DeckList;
  /** The game's construction-rule problems when the deck was saved; empty means legal. */
  problems: DeckProblem[];
  legal: boolean;
  updatedAt: number;
}

export const DeckNameSchema = z.string().trim().min(1).max(80);
// Bounded so a pasted list cannot grow a row without limit.
export const StoredDeckListSchema = DeckListSchema.refine(
  (list) => Object.values(list).reduce((n, cards) => n + cards.length, 0) <= 500,
  'a deck has at most 500 cards',
);
const LabelSchema = z.object({ en: z.string(), ja: z.string() });
const ProblemsSchema = z.array(
  z.object({ section: z.string(), card: z.string().optional(), rule: z.string(), message: LabelSchema }),
);

/** The list's construction-rule problems under the game, without saving it (throws on a list `save` refuses). */
export function checkDeck(resolveGame: GameResolver, game: string, list: unknown): DeckProblem[] {
  return requireGame(resolveGame, game).validateDeck(parseInput(StoredDeckListSchema, list, 'deck list'));
}

/** A deck as both stores (SQLite and PostgreSQL) save it: the name and list checked, the game's problems found. */
export function deckToSave(
  resolveGame: GameResolver,
  where: { guildId: string; userId: string; game: string },
  name: string,
  list: unknown,
  now: number,
): SavedDeck {
  const module = requireGame(resolveGame, where.game);
  const deckName = parseInput(DeckNameSchema, name, 'deck name');
  const deckList = parseInput(StoredDeckListSchema, list, 'deck list');
  const problems = module.validateDeck(deckList);
  const { guildId, userId } = where;
  return {
    guildId,
    userId,
    game: module.id,
    name: deckName,
    list: deckList,
    problems,
    legal: problems.length === 0,
    updatedAt: now,
  };
}

/** The values of a deck's row, in the order of both stores' INSERT: guild, user, game, name, list, problems, legal. */
export function deckRowValues(deck: SavedDeck): (string | number)[] {
  const { guildId, userId, game, name, list, problems, legal } = deck;
  return [guildId, userId, game, name, JSON.stringify(list), JSON.stringify(problems), legal ? 1 : 0];
}

export interface DeckRow {
  guild_id: string;
  user_id: string;
  game: string;
  name: string;
  list: string;
  problems: string;
  legal: number;
  updated_at: number;
}

export class DeckStore {
  constructor(
    private readonly db: Database,
    private readonly resolveGame: GameResolver,
  ) {}

  /** The list's construction-rule problems under the game, without saving it (throws on a list `save` refuses). */
  check(game: string, list: unknown): DeckProblem[] {
    return checkDeck(this.resolveGame, game, list);
  }

  /** Validates against the game's construction rules and saves (replacing a deck of the same name). */
  save(guildId: string, userId: string, game: string, name: string, list: unknown, now = Date.now()): SavedDeck {
    const deck = deckToSave(this.resolveGame, { guildId, userId, game }, name, list, now);
    this.db
      .prepare(
        `INSERT INTO decks (guild_id, user_id, game, name, list, problems, legal, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (guild_id, user_id, game, name) DO UPDATE SET
           list = excluded.list, problems = excluded.problems, legal = excluded.legal, updated_at = excluded.updated_at`,
      )
      .run(...deckRowValues(deck), now, now);
    return deck;
  }

  get(guildId: string, userId: string, game: GameId, name: string): SavedDeck | null {
    const row = this.db
      .prepare('SELECT * FROM decks WHERE guild_id = ? AND user_id = ? AND game = ? AND name = ?')
      .get(guildId, userId, game, name) as DeckRow | undefined;
    return row ? toDeck(row) : null;
  }

  list(guildId: string, userId: string, game?: GameId): SavedDeck[] {
    const rows = (
      game
        ? this.db
            .prepare('SELECT * FROM decks WHERE guild_id = ? AND user_id = ? AND game = ? ORDER BY name')
            .all(guildId, userId, game)
        : this.db
            .prepare('SELECT * FROM decks WHERE guild_id = ? AND user_id = ? ORDER BY game, name')
            .all(guildId, userId)
    ) as DeckRow[];
    return rows.map(toDeck);
  }

  delete(guildId: string, userId: string, game: GameId, name: string): boolean {
    const info = this.db
      .prepare('DELETE FROM decks WHERE guild_id = ? AND user_id = ? AND game = ? AND name = ?')
      .run(guildId, userId, game, name);
    return info.changes > 0;
  }
}

/** The columns of a deck in a guild export (both stores' `exportGuild`), in `deckExport`'s row. */
export const DECK_EXPORT_COLUMNS = 'user_id, game, name, list, problems, legal, updated_at';

/** A deck as a guild export shows it: the stored JSON read back as it is (an export is not validated). */
export function deckExport(row: Omit<DeckRow, 'guild_id'>) {
  return {
    userId: row.user_id,
    game: row.game,
    name: row.name,
    list: JSON.parse(row.list) as unknown,
    problems: JSON.parse(row.problems) as unknown,
    legal: row.legal === 1,
    updatedAt: row.updated_at,
  };
}

export function toDeck(row: DeckRow): SavedDeck {
  const where = `deck "${row.name}" of ${row.user_id}`;
  return {
    guildId: row.guild_id,
    userId: row.user_id,
    game: row.game as GameId,
    name: row.name,
    list: parseJsonColumn(DeckListSchema, row.list, where),
    problems: parseJsonColumn(ProblemsSchema, row.problems, where) as DeckProblem[],
    legal: row.legal === 1,
    updatedAt: row.updated_at,
  };
}
