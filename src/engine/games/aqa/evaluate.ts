// Aquarian Age's position value for search (core/search.ts `evaluate`): what each player has, in points, and a tanh
// of the difference. The damage zone first (ten cards lose, ruling G2), then controlled characters (G10), the
// characters in the faction area and the power on them (G11: what pays attacks and guards, G13), cards in hand and
// in the deck (a count: their identities are hidden; an empty deck loses, G2(b)). Reads only public facts and counts,
// so a determinised world scores like the real one.
import { opponentOf, type Seat } from '../../core/game.ts';
import { outcomeValue } from '../../core/search.ts';
import type { AqaState } from './state.ts';

const POINTS_PER_DAMAGE = -1;
const POINTS_PER_CONTROLLED = 0.5;
const POINTS_PER_FACTION_CHARACTER = 0.3;
const POINTS_PER_POWER = 0.1;
const POINTS_PER_CARD_IN_HAND = 0.15;
const POINTS_PER_CARD_IN_DECK = 0.1;
/** A lead of this many points is worth tanh(1) ≈ 0.76. */
const SCALE = 10;

export function evaluateAqa(s: AqaState, seat: Seat): number {
  const over = outcomeValue(s, seat);
  if (over !== null) return over;
  return Math.tanh((points(s, seat) - points(s, opponentOf(seat))) / SCALE);
}

function points(s: AqaState, seat: Seat): number {
  const side = s.sides[seat];
  let total =
    side.damage.length * POINTS_PER_DAMAGE +
    side.control.length * POINTS_PER_CONTROLLED +
    side.hand.length * POINTS_PER_CARD_IN_HAND +
    side.deck.length * POINTS_PER_CARD_IN_DECK;
  for (const c of Object.values(s.characters)) {
    if (c.owner !== seat) continue;
    if (c.area === 'faction') total += POINTS_PER_FACTION_CHARACTER;
    total += c.power.length * POINTS_PER_POWER;
  }
  return total;
}
