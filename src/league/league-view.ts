/**
 * What a viewer may see of a league. Decklists are private until the organiser publishes them, and they appear
 * twice in the state (on the player and in the log's set-deck commands), so both are redacted here, in one place,
 * for everything the bot sends out.
 */
import type { Actor, League } from './league.ts';

export const HIDDEN_DECK = '(hidden)';
/** A disqualification's reason is for the organisers and the player concerned only. */
export const HIDDEN_REASON = '(hidden)';

export function leagueViewFor(league: League, viewer: Actor): League {
  // An organiser who also plays reads the others' lists only once they are published, like any player: a deck is
  // hidden information whatever the reader's role. Everything else an organiser reads whole.
  const playing = league.players.some((p) => p.id === viewer.userId);
  if (viewer.role === 'organiser' && (!playing || league.decklists.published)) return league;
  const organiser = viewer.role === 'organiser';
  const visible = (player: string) => organiser || player === viewer.userId;
  // Published lists (after the event or the cut) are everyone's to read; reasons stay private.
  const deckVisible = (player: string) => player === viewer.userId || league.decklists.published;
  return {
    ...league,
    players: league.players.map((p) => (deckVisible(p.id) || p.deck === null ? p : { ...p, deck: HIDDEN_DECK })),
    disqualified: league.disqualified.map((d) => (visible(d.player) ? d : { ...d, reason: HIDDEN_REASON })),
    penalties: league.penalties.map((d) => (visible(d.player) ? d : { ...d, reason: HIDDEN_REASON })),
    log: league.log.map((entry) => {
      const c = entry.command;
      if (c.type === 'set-deck' && !deckVisible(String(c.player)))
        return { ...entry, command: { ...c, deck: HIDDEN_DECK } };
      if (visible(String(c.player))) return entry;
      if (c.type === 'disqualify' || c.type === 'penalty')
        return { ...entry, command: { ...c, reason: HIDDEN_REASON } };
      return entry;
    }),
  };
}
