import { z } from 'zod';
import { GameIdSchema } from '../engine/core/game.ts';

/**
 * Our own rules reference (data/rules/<game>/reference.json): written by us in English, with the Japanese terms
 * alongside, keyed to the official rule numbers. A fresh install answers /rules from this.
 */
export const ReferenceEntrySchema = z.object({
  /** The official rule number this entry explains, as the document writes it (e.g. "502.1", "702.9", "1.1.3.a"). */
  rule: z.string().min(1),
  kind: z.enum(['section', 'keyword', 'keyword-action', 'term']),
  title: z.object({ en: z.string().min(1), ja: z.string().min(1) }),
  /** One or two sentences in our own words. */
  text: z.string().min(1),
  /** Other names players search for (English and Japanese), e.g. ["trample", "貫通"]. */
  aliases: z.array(z.string()).default([]),
  /** Other official rule numbers this entry points to. */
  seeAlso: z.array(z.string()).default([]),
});
export type ReferenceEntry = z.infer<typeof ReferenceEntrySchema>;

export const ReferenceFileSchema = z.object({
  game: GameIdSchema,
  /** The official document this reference is keyed to (title and version/date as the document gives them). */
  document: z.object({ title: z.string(), version: z.string() }),
  entries: z.array(ReferenceEntrySchema).min(1),
});
export type ReferenceFile = z.infer<typeof ReferenceFileSchema>;
