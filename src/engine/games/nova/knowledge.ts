import type { Seat } from '../../core/game.ts';
import { forget, learn } from '../../core/hidden.ts';
import type { NovaState } from './state.ts';

/**
 * NOVA 303.3, 303.6: `seat` looked at these main-deck cards; they stay known to that player (who put them back in
 * an order of their choice) until they leave the deck or the deck is shuffled. Entries for objects that no longer
 * exist (drawn, moved: a new object, 301.9) are dropped here, so the record stays small.
 */
export function noteSeen(s: NovaState, seat: Seat, ids: readonly string[]): void {
  const kept = forget(s.known, [], (id) => id in s.objects);
  s.known = learn(kept, seat, ids);
}

/** A shuffle (NOVA 007.6.1.1): nobody can tell these objects apart any more. */
export function forgetShuffled(s: NovaState, ids: readonly string[]): void {
  const kept = forget(s.known, ids);
  if (kept) s.known = kept;
  else delete s.known;
}
