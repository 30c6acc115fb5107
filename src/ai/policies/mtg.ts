// MTG's position value for the AI. MTG's own `evaluate` (games/mtg/index.ts) is the life difference alone, so a
// player looking a turn ahead sees no worth in a creature or a land until it deals damage. Here a position also
// counts each creature's power and remaining toughness, lands up to what the decks' spells cost, cards in hand, and
// two things that give the easy level its mana sense:
// - an untapped land is worth a little more than a tapped one, so tapping lands for mana that is then lost when the
//   step ends (CR 500.4, 106.4) scores below keeping them, while tapping them to cast a spell still pays;
// - each colour that the cards in hand need and the lands make is worth a point, so the land played is one of the
//   colours the hand needs (CR 305.6: a basic land makes its type's colour).
// Everything read is public or a count, except the hand's mana costs: in a determinised world the AI's own hand is
// real and the opponent's is a sample, so the score still depends only on what the AI may know.
import { opponentOf, type Seat } from '../../engine/core/game.ts';
import { manaUsesOf } from '../../engine/games/mtg/mana.ts';
import {
  cardOfObject,
  controllerOf,
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
/** An untapped land: mana still to spend this turn, or a response on the opponent's. */
const POINTS_PER_UNTAPPED_LAND = 0.3;
/** Each colour the hand's spells need that the lands make. */
const POINTS_PER_COLOUR_MET = 1;
/** A lead of this many points is worth tanh(1) ≈ 0.76. */
const SCALE = 10;

const COLOURS = ['W', 'U', 'B', 'R', 'G'] as const;

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
  let lands = 0;
  const made = new Set<string>();
  for (const id of s.battlefield) {
    const o = s.objects[id];
    if (!o || controllerOf(s, id) !== seat) continue;
    const card = cardOfObject(s, id);
    if (!isType(card, 'land')) continue;
    lands += 1;
    if (!o.tapped) total += POINTS_PER_UNTAPPED_LAND;
    for (const use of manaUsesOf(card)) made.add(use.type);
  }
  total += Math.min(lands, USEFUL_LANDS) * POINTS_PER_EARLY_LAND;
  total += Math.max(0, lands - USEFUL_LANDS) * POINTS_PER_LATE_LAND;
  const needed = new Set<string>();
  for (const id of p.hand) {
    const card = cardOfObject(s, id);
    for (const symbol of card.manaCost ?? []) for (const c of COLOURS) if (symbol.includes(c)) needed.add(c);
  }
  for (const c of needed) if (made.has(c)) total += POINTS_PER_COLOUR_MET;
  return total;
}
