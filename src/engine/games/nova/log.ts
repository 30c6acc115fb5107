import type { Seat } from '../../core/game.ts';
import type { Label } from '../../core/label.ts';
import type { NovaLogEntry, NovaState } from './state.ts';
import { simulating } from './working-copy.ts';

/** The state keeps the most recent entries only; the decision log is the full history. */
const LOG_KEPT = 60;

/**
 * Entries are never changed once written and consecutive states share them (working-copy.ts), so they are frozen:
 * a stray write fails loudly, and the canonical hash writes each entry's text once (core/hash.ts). The label is
 * copied so the caller's object is not frozen with it.
 */
function entry(seq: number, text: Label, visibleTo?: Seat[]): NovaLogEntry {
  const e: NovaLogEntry = { seq, text: Object.freeze({ ...text }) };
  if (visibleTo) e.visibleTo = Object.freeze([...visibleTo]) as Seat[];
  return Object.freeze(e);
}

export function logPublic(s: NovaState, text: Label): void {
  if (simulating(s)) return; // search reads no log (core/search.ts simulate)
  s.logSeq += 1;
  s.log.push(entry(s.logSeq, text));
  if (s.log.length > LOG_KEPT) s.log.splice(0, s.log.length - LOG_KEPT);
}

/** An entry only some seats may read (a drawn card's name goes to its owner only). */
export function logPrivate(s: NovaState, seats: Seat[], text: Label): void {
  if (simulating(s)) return;
  s.logSeq += 1;
  s.log.push(entry(s.logSeq, text, seats));
  if (s.log.length > LOG_KEPT) s.log.splice(0, s.log.length - LOG_KEPT);
}
