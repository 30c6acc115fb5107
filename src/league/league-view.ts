/**
 * What a viewer may see of a league. Decklists are private until the organiser publishes them, and they appear
 * twice in the state (on the player and in the log's set-deck commands), so both are redacted here, in one place,
 * for everything the bot sends out.
 */
import type { Actor, League } from './league.ts';

export const HIDDEN_DECK = '(hidden)';

export function leagueViewFor(league: League, viewer: Actor): League {
  if (viewer.role === 'organiser') return league;
  const visible = (player: string) => player === viewer.userId;
  return {
    ...league,
    players: league.players.map((p) => (visible(p.id) || p.deck === null ? p : { ...p, deck: HIDDEN_DECK })),
    log: league.log.map((entry) => {
      const c = entry.command;
      if (c.type !== 'set-deck' || visible(String(c.player))) return entry;
      return { ...entry, command: { ...c, deck: HIDDEN_DECK } };
    }),
  };
}
