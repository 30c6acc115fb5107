import { opponentOf, type Seat } from './game.ts';

/**
 * A round of priority passing, shared by the games that use a stack with priority (NOVA, MTG, Force of Will).
 * The round ends when every player has passed in succession: then the top item resolves, or, with an empty
 * stack, the step ends.
 */
export interface PriorityRound {
  holder: Seat;
  passesInRow: number;
}

export function startPriority(activeSeat: Seat): PriorityRound {
  return { holder: activeSeat, passesInRow: 0 };
}

export type AfterPass = { kind: 'next'; round: PriorityRound } | { kind: 'all-passed' };

/** Two players: the round is over once both passed in a row. */
export function passPriority(round: PriorityRound): AfterPass {
  const passes = round.passesInRow + 1;
  if (passes >= 2) return { kind: 'all-passed' };
  return { kind: 'next', round: { holder: opponentOf(round.holder), passesInRow: passes } };
}

/** Taking an action keeps priority with the same player and resets the run of passes. */
export function actedWithPriority(round: PriorityRound): PriorityRound {
  return { holder: round.holder, passesInRow: 0 };
}
