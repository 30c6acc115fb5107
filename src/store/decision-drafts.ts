import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { RESPONSE_ENTRIES_MAX, type Seat } from '../engine/core/game.ts';
import { parseInput, parseJsonColumn } from './json-column.ts';
import { prepared } from './prepared.ts';

const Id = z.string().min(1).max(40);

/**
 * An answer in progress (migration 203): the picks so far (option ids, in order), a distribution (target id →
 * amount) or a declaration (slot id → option ids). Bounded like a response, since it becomes one.
 */
export const DecisionDraftSchema = z.object({
  picks: z.array(Id).max(RESPONSE_ENTRIES_MAX).optional(),
  split: z.record(Id, z.number().int().min(0).max(1_000_000)).optional(),
  declare: z.record(Id, z.array(Id).max(RESPONSE_ENTRIES_MAX)).optional(),
});
export type DecisionDraft = z.infer<typeof DecisionDraftSchema>;

/** Drafts per (match, version, seat). Only the current version's draft matters; older ones are dropped on write. */
export class DecisionDrafts {
  constructor(private readonly db: Database) {}

  get(matchId: string, version: number, seat: Seat): DecisionDraft | null {
    const row = prepared(
      this.db,
      'SELECT draft FROM decision_drafts WHERE match_id = ? AND version = ? AND seat = ?',
    ).get(matchId, version, seat) as { draft: string } | undefined;
    return row ? parseJsonColumn(DecisionDraftSchema, row.draft, `draft of ${matchId} v${version} ${seat}`) : null;
  }

  put(matchId: string, version: number, seat: Seat, draft: DecisionDraft, now: number): void {
    const value = parseInput(DecisionDraftSchema, draft, 'decision draft');
    this.db.transaction(() => {
      prepared(this.db, 'DELETE FROM decision_drafts WHERE match_id = ? AND seat = ? AND version <> ?').run(
        matchId,
        seat,
        version,
      );
      prepared(
        this.db,
        `INSERT INTO decision_drafts (match_id, version, seat, draft, updated_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (match_id, version, seat) DO UPDATE SET draft = excluded.draft, updated_at = excluded.updated_at`,
      ).run(matchId, version, seat, JSON.stringify(value), now);
    })();
  }

  /** Every draft of a match (after an answer is committed, none of them is current any more). */
  clear(matchId: string): void {
    prepared(this.db, 'DELETE FROM decision_drafts WHERE match_id = ?').run(matchId);
  }
}
