import { opponentOf, type Seat } from './game.ts';

/**
 * Simultaneous triggered abilities are put on the stack active player first, then the other player,
 * each ordering their own (NOVA 801.4.3.3, CR 603.3b, FoW 1005.2-style APNAP). The last placed resolves first.
 */
export function apnapGroups<T extends { controller: Seat }>(pending: readonly T[], activeSeat: Seat): [T[], T[]] {
  const active = pending.filter((t) => t.controller === activeSeat);
  const other = pending.filter((t) => t.controller === opponentOf(activeSeat));
  return [active, other];
}
