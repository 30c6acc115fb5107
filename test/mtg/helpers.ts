/** Shared helpers for the MTG tests: decks from the precons, and answering decisions by option id. */
import { readFileSync } from 'node:fs';
import type { DecisionResponse, DeckList, PendingDecision, Seat } from '../../src/engine/core/game.ts';
import { mtg } from '../../src/engine/games/mtg/index.ts';
import type { MtgState } from '../../src/engine/games/mtg/state.ts';

export function precon(id: string): DeckList {
  const file = JSON.parse(readFileSync(new URL(`../../data/decks/mtg/${id}.json`, import.meta.url), 'utf8')) as {
    sections: Record<string, { card: string; count: number }[]>;
  };
  const out: DeckList = {};
  for (const [section, entries] of Object.entries(file.sections))
    out[section] = entries.flatMap((e) => Array.from({ length: e.count }, () => e.card));
  return out;
}

export const DECKS = ['mtg-sunforge-vanguard', 'mtg-tidal-venom', 'mtg-wildfire-grove'];

export function pendingOf(s: MtgState): PendingDecision {
  const p = mtg.pending(s);
  if (!p) throw new Error('nothing pending');
  return p;
}

/** Answers a pick with these option ids. */
export function choose(s: MtgState, ...ids: string[]): MtgState {
  const p = pendingOf(s);
  return mtg.apply(s, p.player as Seat, { decisionId: p.id, choose: ids });
}

export function respond(
  s: MtgState,
  response: Omit<DecisionResponse, 'decisionId' | 'choose'> & { choose?: string[] },
): MtgState {
  const p = pendingOf(s);
  return mtg.apply(s, p.player as Seat, { decisionId: p.id, choose: [], ...response });
}
