import type { Seat } from '../../core/game.ts';
import type { Label } from '../../core/label.ts';
import type { NovaState } from './state.ts';

/** The state keeps the most recent entries only; the decision log is the full history. */
const LOG_KEPT = 60;

export function logPublic(s: NovaState, text: Label): void {
  s.logSeq += 1;
  s.log.push({ seq: s.logSeq, text });
  if (s.log.length > LOG_KEPT) s.log.splice(0, s.log.length - LOG_KEPT);
}

/** An entry only some seats may read (a drawn card's name goes to its owner only). */
export function logPrivate(s: NovaState, seats: Seat[], text: Label): void {
  s.logSeq += 1;
  s.log.push({ seq: s.logSeq, text, visibleTo: seats });
  if (s.log.length > LOG_KEPT) s.log.splice(0, s.log.length - LOG_KEPT);
}
