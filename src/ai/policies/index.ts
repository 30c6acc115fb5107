// The few games whose AI scores positions with its own value instead of the game's `evaluate` (see each file for
// why). A game not listed here plays with its search hooks alone.
import type { BaseState, Seat } from '../../engine/core/game.ts';
import type { MtgState } from '../../engine/games/mtg/state.ts';
import type { NovaState } from '../../engine/games/nova/state.ts';
import { evaluateMtgForAi } from './mtg.ts';
import { evaluateNovaForAi } from './nova.ts';

export type PositionValue = (state: BaseState, seat: Seat) => number;

function isNova(s: BaseState): s is NovaState {
  return s.game === 'nova';
}

function isMtg(s: BaseState): s is MtgState {
  return s.game === 'mtg';
}

const POLICIES: Readonly<Record<string, PositionValue>> = {
  nova: (s, seat) => {
    if (!isNova(s)) throw new Error(`a ${s.game} state given to the NOVA policy`);
    return evaluateNovaForAi(s, seat);
  },
  mtg: (s, seat) => {
    if (!isMtg(s)) throw new Error(`a ${s.game} state given to the MTG policy`);
    return evaluateMtgForAi(s, seat);
  },
};

export function positionValue(game: string): PositionValue | undefined {
  return POLICIES[game];
}
