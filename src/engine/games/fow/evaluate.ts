// Force of Will's position value for search (core/search.ts `evaluate`): what each player has, in points, and a
// tanh of the difference. Life (400 points of life is one point here, 403.3: 4000 to start), each J/resonator on the
// field by its ATK and remaining DEF (909.1) plus a flat worth for being there, magic stones on the field up to what
// the precons' costs need (they make the will, 806), other permanents, a recovered ruler (it calls a magic stone,
// 710.1; rested on the opponent's first turn it stays so through our own first, 503.1), and cards in hand and in the
// standby area (a count: their identities are hidden). Reads only public facts and counts, so a determinised world scores like
// the real one.
import { opponentOf, type Seat } from '../../core/game.ts';
import { outcomeValue } from '../../core/search.ts';
import { characteristics, type FowState, hasType, isJResonator, objectOf, rulerOf } from './state.ts';

const LIFE_PER_POINT = 100;
/** ATK + remaining DEF per point: a 600/400 resonator is worth 2 + 5 points. */
const STATS_PER_POINT = 200;
const POINTS_PER_RESONATOR = 2;
/** Magic stones up to this many are each worth `POINTS_PER_EARLY_STONE` (the precons' costs are at most 7). */
const USEFUL_STONES = 6;
const POINTS_PER_EARLY_STONE = 2.5;
const POINTS_PER_LATE_STONE = 0.3;
const POINTS_PER_OTHER_PERMANENT = 1.5;
const POINTS_PER_CARD_IN_HAND = 1.5;
const POINTS_PER_RECOVERED_RULER = 1;
/** A lead of this many points is worth tanh(1) ≈ 0.76. */
const SCALE = 15;

export function evaluateFow(s: FowState, seat: Seat): number {
  const over = outcomeValue(s, seat);
  if (over !== null) return over;
  return Math.tanh((points(s, seat) - points(s, opponentOf(seat))) / SCALE);
}

function points(s: FowState, seat: Seat): number {
  const p = s.players[seat];
  let total = Math.max(0, p.life) / LIFE_PER_POINT + (p.hand.length + p.standby.length) * POINTS_PER_CARD_IN_HAND;
  const ruler = rulerOf(s, seat);
  if (ruler.zone === 'ruler' && !ruler.rested) total += POINTS_PER_RECOVERED_RULER;
  let stones = 0;
  for (const id of s.field) {
    const o = objectOf(s, id);
    if (o.controller !== seat) continue;
    if (isJResonator(s, id)) {
      const c = characteristics(s, id);
      const stats = Math.max(0, c.atk ?? 0) + Math.max(0, (c.def ?? 0) - o.damage);
      total += POINTS_PER_RESONATOR + stats / STATS_PER_POINT;
    } else if (hasType(s, id, 'magic-stone')) stones += 1;
    else total += POINTS_PER_OTHER_PERMANENT;
  }
  total += Math.min(stones, USEFUL_STONES) * POINTS_PER_EARLY_STONE;
  total += Math.max(0, stones - USEFUL_STONES) * POINTS_PER_LATE_STONE;
  return total;
}
