// Phantom Magic Vision's position value for search (core/search.ts `evaluate`): what each player has, in points,
// and a tanh of the difference. LP first (§1.9: 25 to start, 0 loses, §1.5.3.a), then nodes up to what the precons'
// NODE thresholds need (§5.2.2.c) and a little more while active (a node pays once asleep and once more discarded,
// §1.8.7); nodes weigh less than the LP an attack takes, since the damaged player's graze turns it into nodes (§6.5),
// characters by ATK and remaining DEF (§6.1.10, §1.10.13) without the modifiers that end with the turn, plus a flat
// worth, other field cards, and cards in hand (a count), and the deck's last cards: a player who can't draw loses
// (§1.5.3.b), and Mana Charge (§10.12.2.a) and graze (§6.5) turn deck cards into nodes, which easy did every turn until it lost by an empty deck (2 of 40 arena games).
// Reads only public facts and counts, so a determinised world scores like the real one.
import { opponentOf, type Seat } from '../../core/game.ts';
import { outcomeValue } from '../../core/search.ts';
import { charactersOf, damageOf, modifiersOn, objectOf, type PmvState, rawAtk, rawDef } from './state.ts';

const POINTS_PER_LP = 3;
/** Nodes up to this many are each worth `POINTS_PER_EARLY_NODE` (the precons' NODE values are at most 5). */
const USEFUL_NODES = 5;
const POINTS_PER_EARLY_NODE = 2;
const POINTS_PER_LATE_NODE = 0.2;
/** An active node can still pay by going to sleep (§1.8.7.a). */
const POINTS_PER_ACTIVE_NODE = 0.3;
const POINTS_PER_CHARACTER = 2;
const POINTS_PER_STAT = 0.75;
const POINTS_PER_OTHER_FIELD_CARD = 1;
const POINTS_PER_CARD_IN_HAND = 0.8;
/** Below this many cards in the deck, each card missing costs `POINTS_PER_MISSING_DECK_CARD` (more than a node). */
const DECK_RESERVE = 10;
const POINTS_PER_MISSING_DECK_CARD = 2;
/** A lead of this many points is worth tanh(1) ≈ 0.76. */
const SCALE = 30;

export function evaluatePmv(s: PmvState, seat: Seat): number {
  const over = outcomeValue(s, seat);
  if (over !== null) return over;
  return Math.tanh((points(s, seat) - points(s, opponentOf(seat))) / SCALE);
}

function points(s: PmvState, seat: Seat): number {
  const p = s.players[seat];
  let total = Math.max(0, p.lp) * POINTS_PER_LP + p.hand.length * POINTS_PER_CARD_IN_HAND;
  const nodes = p.nodes.length;
  total += Math.min(nodes, USEFUL_NODES) * POINTS_PER_EARLY_NODE;
  total += Math.max(0, nodes - USEFUL_NODES) * POINTS_PER_LATE_NODE;
  total += p.nodes.filter((id) => objectOf(s, id).active).length * POINTS_PER_ACTIVE_NODE;
  const characters = charactersOf(s, seat);
  for (const id of characters) {
    // Battle power (§6.1.10) without the modifiers, all of which end with the turn or the battle: they are worth what
    // they do this turn, which the look-ahead plays out. Counted as lasting, a 1-node "-1 ATK until end of turn"
    // scored above the node, and search used Shrine Warden Aoi's at every priority.
    const temporary = temporaryModifiers(s, id);
    const atk = Math.max(0, rawAtk(s, id) - temporary.atk);
    const def = Math.max(0, rawDef(s, id) - temporary.def - damageOf(s, id));
    total += POINTS_PER_CHARACTER + (atk + def) * POINTS_PER_STAT;
  }
  const others = s.field.filter((id) => objectOf(s, id).owner === seat).length - characters.length;
  total += others * POINTS_PER_OTHER_FIELD_CARD;
  total -= Math.max(0, DECK_RESERVE - p.deck.length) * POINTS_PER_MISSING_DECK_CARD;
  return total;
}

/** The sum of the modifiers on character `id` that end with the turn or the battle (every `Modifier` does). */
function temporaryModifiers(s: PmvState, id: string): { atk: number; def: number } {
  let atk = 0;
  let def = 0;
  for (const m of modifiersOn(s, id)) {
    atk += m.atk;
    def += m.def;
  }
  return { atk, def };
}
