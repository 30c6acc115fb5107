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

/**
 * Which triggered abilities a batch of simultaneous events triggers (CR 603.2, NOVA 801.2): each watcher is matched
 * against each event of the batch, in watcher order then event order. `match` returns the pending trigger (plain
 * data) or null. Look-back triggers ("when it dies") find what the object was through the event's subject ref, which
 * names the incarnation that left (core/events.ts, CR 603.10).
 */
export function matchTriggers<W, E, T>(
  batch: readonly E[],
  watchers: readonly W[],
  match: (w: W, e: E) => T | null,
): T[] {
  const out: T[] = [];
  for (const w of watchers) {
    for (const e of batch) {
      const t = match(w, e);
      if (t !== null) out.push(t);
    }
  }
  return out;
}

/** The order triggers go on the stack in when each player's own order is left as listed: APNAP (CR 603.3b). */
export function apnapOrder<T extends { controller: Seat }>(pending: readonly T[], activeSeat: Seat): T[] {
  const [active, other] = apnapGroups(pending, activeSeat);
  return [...active, ...other];
}
