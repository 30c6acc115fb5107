import type { Migration } from '../migration.ts';

/**
 * The rules index: official documents and our reference, their rules, the terms that name rules, and a trigram
 * full-text table. Everything here is rebuilt from files on import, so it holds no user data.
 */
export const rulesIndexMigration: Migration = {
  version: 100,
  name: 'rules index',
  up(db) {
    db.exec(`
      CREATE TABLE rules_sources (
        game TEXT NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('official', 'reference')),
        title TEXT NOT NULL,
        version TEXT,
        date TEXT,
        -- sha-256 of the imported file, so that a restart skips documents that have not changed
        digest TEXT,
        imported_at INTEGER NOT NULL,
        PRIMARY KEY (game, source)
      ) STRICT;
      CREATE TABLE rules_entries (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        source TEXT NOT NULL,
        -- 'rule' (numbered) or 'glossary' (a glossary term; number holds the term)
        kind TEXT NOT NULL CHECK (kind IN ('rule', 'glossary')),
        seq INTEGER NOT NULL,
        number TEXT NOT NULL,
        -- comparison key of the number (see src/rules/normalize.ts ruleKey)
        key TEXT NOT NULL,
        parent TEXT,
        title TEXT,
        text TEXT NOT NULL,
        examples TEXT NOT NULL,
        refs TEXT NOT NULL,
        -- NFKC, lower-cased title and text: what 1–2 character queries scan
        search TEXT NOT NULL,
        FOREIGN KEY (game, source) REFERENCES rules_sources (game, source) ON DELETE CASCADE
      ) STRICT;
      -- Covers the ORDER BY too, so the planner never prefers another index without statistics.
      CREATE INDEX rules_entries_by_key ON rules_entries (game, key, source, seq);
      CREATE INDEX rules_entries_by_parent ON rules_entries (game, source, parent);
      CREATE INDEX rules_entries_by_number ON rules_entries (game, source, number);
      CREATE TABLE rules_terms (
        game TEXT NOT NULL,
        -- normalised term: a heading, a glossary term or its reading, an English name, an alias
        term TEXT NOT NULL,
        entry_id INTEGER NOT NULL REFERENCES rules_entries (id) ON DELETE CASCADE,
        -- lower ranks first: 0 heading or alias, 1 glossary term, 2 rule a glossary term points to
        rank INTEGER NOT NULL,
        PRIMARY KEY (game, term, entry_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX rules_terms_by_entry ON rules_terms (entry_id);
      -- rowid = rules_entries.id. Trigram matches substrings of 3+ characters in any script.
      CREATE VIRTUAL TABLE rules_fts USING fts5(title, body, tokenize = 'trigram');
    `);
  },
};
