// MTG's position value for the AI. MTG's own `evaluate` (games/mtg/index.ts) is the life difference alone, so a
// player looking a turn ahead sees no worth in a creature or a land until it deals damage. Here a position also
// counts each creature's power and remaining toughness, lands up to what the decks' spells cost, and cards in hand.
// Everything read is public or a count (hand size), so a determinised world scores like the real one.
import { opponentOf, type Seat } from '../../engine/core/game.ts';
import {
  cardOfObject,
  creaturesOf,
  isType,
  type MtgState,
  powerOf,
  toughnessOf,
} from '../../engine/games/mtg/state.ts';

const POINTS_PER_LIFE = 0.5;
const POINTS_PER_STAT = 1;
const POINTS_PER_CARD_IN_HAND = 1;
/** Lands up to this many are each worth `POINTS_PER_EARLY_LAND`; the decks' spells cost at most about that. */
const USEFUL_LANDS = 6;
const POINTS_PER_EARLY_LAND = 1.5;
const POINTS_PER_LATE_LAND = 0.2;
/** A lead of this many points is worth tanh(1) ≈ 0.76. */
const SCALE = 10;

export function evaluateMtgForAi(s: MtgState, seat: Seat): number {
  if (s.result) return s.result.kind === 'draw' ? 0 : s.result.winner === seat ? 1 : -1;
  return Math.tanh((points(s, seat) - points(s, opponentOf(seat))) / SCALE);
}

function points(s: MtgState, seat: Seat): number {
  const p = s.players[seat];
  let total = Math.max(0, p.life) * POINTS_PER_LIFE + p.hand.length * POINTS_PER_CARD_IN_HAND;
  for (const id of creaturesOf(s, seat)) {
    const damage = s.objects[id]?.damage ?? 0;
    total += (Math.max(0, powerOf(s, id)) + Math.max(0, toughnessOf(s, id) - damage)) * POINTS_PER_STAT;
  }
  const lands = s.battlefield.filter(
    (id) => s.objects[id]?.controller === seat && isType(cardOfObject(s, id), 'land'),
  ).length;
  total += Math.min(lands, USEFUL_LANDS) * POINTS_PER_EARLY_LAND;
  total += Math.max(0, lands - USEFUL_LANDS) * POINTS_PER_LATE_LAND;
  return total;
}
