import { opponentOf, type Seat } from '../../core/game.ts';
import { novaCard } from './cards/pool.ts';
import { characteristics, readAtk, scanField } from './characteristics.ts';
import type { NovaState } from './state.ts';

/**
 * Weights of the heuristic, in "points": 100 life (NOVA 005.2: 2000 to start) is one point. A servant counts its
 * attack and remaining HP, a character on the field (the source of NOVA's static abilities and win conditions) a
 * fixed bonus, a card in hand or in the energy zone (NOVA 801: energy pays for everything) a fixed amount.
 */
const POINTS_PER_LIFE = 1 / 100;
const POINTS_PER_STAT = 1 / 100;
const POINTS_PER_CHARACTER = 3;
const POINTS_PER_HAND_CARD = 1.5;
const POINTS_PER_ENERGY = 1;
/** A lead of this many points is worth tanh(1) ≈ 0.76: about 1000 life, or two good servants. */
const SCALE = 12;

/**
 * NOVA's position heuristic for search (core/search.ts `SearchHooks.evaluate`): in [-1, 1], 1 a won game, -1 a lost
 * one, 0 a draw; otherwise tanh of the difference of the two seats' points, so it is antisymmetric
 * (evaluate(s, p1) = -evaluate(s, p2)) and monotone in each seat's life, board, hand and energy. It reads only what
 * is public or counted (hand sizes, not hand contents), so a determinised state scores like the real one.
 */
export function evaluateNova(s: NovaState, seat: Seat): number {
  if (s.result) {
    if (s.result.kind === 'draw') return 0;
    return s.result.winner === seat ? 1 : -1;
  }
  return Math.tanh((points(s, seat) - points(s, opponentOf(seat))) / SCALE);
}

function points(s: NovaState, seat: Seat): number {
  const p = s.players[seat];
  let total = Math.max(0, p.life) * POINTS_PER_LIFE;
  total += p.zones.hand.length * POINTS_PER_HAND_CARD + p.zones.energy.length * POINTS_PER_ENERGY;
  const scan = p.zones.field.length > 0 ? scanField(s) : undefined;
  for (const id of p.zones.field) {
    const o = s.objects[id];
    if (!o || o.destroyed) continue;
    const type = novaCard(o.card).type;
    if (type === 'character') total += POINTS_PER_CHARACTER;
    else if (type === 'servant') {
      const c = characteristics(s, o, scan);
      total += (readAtk(c) + Math.max(0, c.hp - o.damage)) * POINTS_PER_STAT;
    }
  }
  return total;
}
