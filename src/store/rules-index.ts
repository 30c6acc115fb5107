import type { Database, Statement } from 'better-sqlite3';

/** Where an entry comes from: an official document, or our own English reference. */
export type RulesSource = 'official' | 'reference';

export interface RulesSourceInfo {
  game: string;
  source: RulesSource;
  title: string;
  version: string | null;
  date: string | null;
  /** sha-256 of the imported file, when known. */
  digest: string | null;
  importedAt: number;
}

export interface RulesEntryInput {
  kind: 'rule' | 'glossary';
  number: string;
  key: string;
  parent: string | null;
  title: string | null;
  text: string;
  examples: string[];
  refs: string[];
  /** Normalised title and text (what short queries scan). */
  search: string;
}

/** A term that names an entry of the same import: `number` is the entry's number, `kind` its kind. */
export interface RulesTermInput {
  term: string;
  number: string;
  kind: 'rule' | 'glossary';
  /** 0 heading or alias, 1 glossary term, 2 a rule that a glossary term points to. */
  rank: number;
}

/** A stored entry: what was imported, plus where it sits in the index. */
export interface RulesEntry extends RulesEntryInput {
  id: number;
  game: string;
  source: RulesSource;
  seq: number;
}

interface EntryRow extends Omit<RulesEntry, 'examples' | 'refs'> {
  examples: string;
  refs: string;
}

const ENTRY_COLUMNS =
  'e.id, e.game, e.source, e.kind, e.seq, e.number, e.key, e.parent, e.title, e.text, e.examples, e.refs, e.search';

/** How deep a rule sits (segments of its key): a section named by a term outranks a list item with that name. */
const DEPTH = "(length(e.key) - length(replace(e.key, '.', '')))";

function toEntry(row: EntryRow): RulesEntry {
  return { ...row, examples: JSON.parse(row.examples) as string[], refs: JSON.parse(row.refs) as string[] };
}

/**
 * SQL for the rules index (tables from migration 100). Ranking and query parsing live in src/rules/search.ts;
 * this file only stores and fetches.
 */
export class RulesIndexStore {
  private readonly statements: Record<string, Statement>;

  constructor(private readonly db: Database) {
    const s = (sql: string) => db.prepare(sql);
    this.statements = {
      deleteFts: s('DELETE FROM rules_fts WHERE rowid IN (SELECT id FROM rules_entries WHERE game = ? AND source = ?)'),
      deleteSource: s('DELETE FROM rules_sources WHERE game = ? AND source = ?'),
      insertSource: s(
        'INSERT INTO rules_sources (game, source, title, version, date, digest, imported_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      insertEntry:
        s(`INSERT INTO rules_entries (game, source, kind, seq, number, key, parent, title, text, examples, refs, search)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      insertFts: s('INSERT INTO rules_fts (rowid, title, body) VALUES (?, ?, ?)'),
      insertTerm: s('INSERT OR IGNORE INTO rules_terms (game, term, entry_id, rank) VALUES (?, ?, ?, ?)'),
      sources: s(
        'SELECT game, source, title, version, date, digest, imported_at AS importedAt FROM rules_sources ORDER BY game, source',
      ),
      byKey: s(`SELECT ${ENTRY_COLUMNS} FROM rules_entries e WHERE e.game = ? AND e.key = ? AND e.kind = 'rule'
        ORDER BY e.source, e.seq`),
      byNumber: s(`SELECT ${ENTRY_COLUMNS} FROM rules_entries e WHERE e.game = ? AND e.source = ? AND e.number = ?
        AND e.kind = ? ORDER BY e.seq LIMIT 1`),
      children: s(`SELECT ${ENTRY_COLUMNS} FROM rules_entries e WHERE e.game = ? AND e.source = ? AND e.parent = ?
        AND e.kind = 'rule' ORDER BY e.seq`),
      keyPrefix: s(`SELECT ${ENTRY_COLUMNS} FROM rules_entries e WHERE e.game = ? AND e.kind = 'rule'
        AND e.key > ? AND e.key < ? || char(1114111) ORDER BY e.source, e.seq LIMIT ?`),
      // The official document's chapters when it is imported, else our reference's ('official' < 'reference').
      topLevel: s(`SELECT ${ENTRY_COLUMNS} FROM rules_entries e WHERE e.game = @game AND e.parent IS NULL
        AND e.kind = 'rule' AND e.source = (SELECT min(source) FROM rules_sources WHERE game = @game)
        ORDER BY e.seq LIMIT @limit`),
      termExact: s(`SELECT ${ENTRY_COLUMNS}, t.rank AS rank, t.term AS term FROM rules_terms t
        JOIN rules_entries e ON e.id = t.entry_id WHERE t.game = ? AND t.term = ?
        ORDER BY t.rank, ${DEPTH}, e.source, e.seq LIMIT ?`),
      termPrefix: s(`SELECT ${ENTRY_COLUMNS}, t.rank AS rank, t.term AS term FROM rules_terms t
        JOIN rules_entries e ON e.id = t.entry_id WHERE t.game = ? AND t.term > ? AND t.term < ? || char(1114111)
        ORDER BY t.rank, length(t.term), ${DEPTH}, e.source, e.seq LIMIT ?`),
      // Both rank on narrow rows first and fetch the wide ones after: sorting whole rows costs more than the scan.
      fullText: s(`WITH ranked AS (
          SELECT f.rowid AS id, bm25(rules_fts, 10.0, 1.0) AS score FROM rules_fts f
          JOIN rules_entries e ON e.id = f.rowid WHERE rules_fts MATCH @match AND e.game = @game
          ORDER BY score LIMIT @limit)
        SELECT ${ENTRY_COLUMNS}, r.score AS score FROM ranked r JOIN rules_entries e ON e.id = r.id ORDER BY r.score`),
      substring: s(`WITH ranked AS (
          SELECT e.id, (length(e.search) - length(replace(e.search, @needle, ''))) / length(@needle) AS hits,
            instr(lower(coalesce(e.title, '')), @needle) > 0 AS inTitle, length(e.text) AS size, e.seq AS seq
          FROM rules_entries e WHERE e.game = @game AND instr(e.search, @needle) > 0
          ORDER BY inTitle DESC, hits DESC, size, seq LIMIT @limit)
        SELECT ${ENTRY_COLUMNS}, r.hits AS hits, r.inTitle AS inTitle FROM ranked r JOIN rules_entries e ON e.id = r.id
        ORDER BY r.inTitle DESC, r.hits DESC, r.size, r.seq`),
    };
  }

  private get(name: string): Statement {
    const statement = this.statements[name];
    if (!statement) throw new Error(`rules index: no statement ${name}`);
    return statement;
  }

  /** Replaces everything one source holds for a game, in one transaction. */
  replaceSource(
    info: Omit<RulesSourceInfo, 'importedAt'>,
    entries: readonly RulesEntryInput[],
    terms: readonly RulesTermInput[],
    now = Date.now(),
  ): void {
    this.db.transaction(() => {
      this.get('deleteFts').run(info.game, info.source);
      this.get('deleteSource').run(info.game, info.source);
      this.get('insertSource').run(info.game, info.source, info.title, info.version, info.date, info.digest, now);
      const ids = new Map<string, number>();
      entries.forEach((e, seq) => {
        const result = this.get('insertEntry').run(
          info.game,
          info.source,
          e.kind,
          seq,
          e.number,
          e.key,
          e.parent,
          e.title,
          e.text,
          JSON.stringify(e.examples),
          JSON.stringify(e.refs),
          e.search,
        );
        const id = Number(result.lastInsertRowid);
        // A repeated number keeps its first entry as the one terms point to.
        if (!ids.has(`${e.kind}:${e.number}`)) ids.set(`${e.kind}:${e.number}`, id);
        this.get('insertFts').run(id, e.title ?? '', e.search);
      });
      // Best rank first: when one term names an entry twice, the better rank is the one kept.
      for (const t of [...terms].sort((a, b) => a.rank - b.rank)) {
        const id = ids.get(`${t.kind}:${t.number}`);
        if (id !== undefined && t.term !== '') this.get('insertTerm').run(info.game, t.term, id, t.rank);
      }
    })();
  }

  sources(): RulesSourceInfo[] {
    return this.get('sources').all() as RulesSourceInfo[];
  }

  /** Rules with this key, official before reference, in document order. */
  byKey(game: string, key: string): RulesEntry[] {
    return (this.get('byKey').all(game, key) as EntryRow[]).map(toEntry);
  }

  /** The first entry with this number (a glossary entry's number is its term). */
  byNumber(game: string, source: RulesSource, number: string, kind: 'rule' | 'glossary' = 'rule'): RulesEntry | null {
    const row = this.get('byNumber').get(game, source, number, kind) as EntryRow | undefined;
    return row ? toEntry(row) : null;
  }

  children(game: string, source: RulesSource, number: string): RulesEntry[] {
    return (this.get('children').all(game, source, number) as EntryRow[]).map(toEntry);
  }

  /** Rules whose key continues `prefix` ("702.9." → 702.9a, 702.9b, ...), in document order. */
  keyPrefix(game: string, prefix: string, limit: number): RulesEntry[] {
    return (this.get('keyPrefix').all(game, prefix, prefix, limit) as EntryRow[]).map(toEntry);
  }

  topLevel(game: string, limit: number): RulesEntry[] {
    return (this.get('topLevel').all({ game, limit }) as EntryRow[]).map(toEntry);
  }

  /** Entries a normalised term names exactly, best rank first. */
  termExact(game: string, term: string, limit: number): (RulesEntry & { rank: number; term: string })[] {
    return (this.get('termExact').all(game, term, limit) as (EntryRow & { rank: number; term: string })[]).map((r) => ({
      ...toEntry(r),
      rank: r.rank,
      term: r.term,
    }));
  }

  /** Entries named by a term that starts with `prefix` (and is longer), best rank and shortest term first. */
  termPrefix(game: string, prefix: string, limit: number): (RulesEntry & { rank: number; term: string })[] {
    return (
      this.get('termPrefix').all(game, prefix, prefix, limit) as (EntryRow & { rank: number; term: string })[]
    ).map((r) => ({ ...toEntry(r), rank: r.rank, term: r.term }));
  }

  /** FTS5 trigram match; `match` must be a valid FTS5 query. Lower score is better (bm25, title weighted). */
  fullText(game: string, match: string, limit: number): (RulesEntry & { score: number })[] {
    return (this.get('fullText').all({ match, game, limit }) as (EntryRow & { score: number })[]).map((r) => ({
      ...toEntry(r),
      score: r.score,
    }));
  }

  /** Entries whose normalised text contains `needle` (any length), title hits and most occurrences first. */
  substring(game: string, needle: string, limit: number): (RulesEntry & { hits: number; inTitle: number })[] {
    return (this.get('substring').all({ needle, game, limit }) as (EntryRow & { hits: number; inTitle: number })[]).map(
      (r) => ({ ...toEntry(r), hits: r.hits, inTitle: r.inTitle }),
    );
  }
}
