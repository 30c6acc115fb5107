// NOVA's position value for the AI. NOVA's own `evaluate` (games/nova/evaluate.ts) is a fair static score but counts
// a card in hand above one in the energy zone, so a player looking a turn ahead never sets energy (NOVA 605: one card
// a turn, the only way to pay for anything, 801). Here the first energy cards are worth more than a card in hand,
// up to what the strongest cards cost; beyond that an energy card is worth little. Everything else is as NOVA's:
// life, servants' attack and remaining HP, characters on the field, cards in hand. It reads only public facts and
// counts (hand and deck sizes, not their contents), so a determinised world scores like the real one.
import { opponentOf, type Seat } from '../../engine/core/game.ts';
import { novaCard } from '../../engine/games/nova/cards/pool.ts';
import { characteristics, readAtk, scanField } from '../../engine/games/nova/characteristics.ts';
import type { NovaState } from '../../engine/games/nova/state.ts';

const POINTS_PER_LIFE = 1 / 100;
const POINTS_PER_STAT = 1 / 100;
const POINTS_PER_CHARACTER = 3;
const POINTS_PER_HAND_CARD = 1.5;
/** Energy up to this many cards pays for most cards; each is worth `POINTS_PER_EARLY_ENERGY`, later ones less. */
const USEFUL_ENERGY = 7;
const POINTS_PER_EARLY_ENERGY = 2.5;
const POINTS_PER_LATE_ENERGY = 0.3;
/** A lead of this many points is worth tanh(1) ≈ 0.76. */
const SCALE = 12;

export function evaluateNovaForAi(s: NovaState, seat: Seat): number {
  if (s.result) {
    if (s.result.kind === 'draw') return 0;
    return s.result.winner === seat ? 1 : -1;
  }
  const scan = scanField(s);
  return Math.tanh((points(s, seat, scan) - points(s, opponentOf(seat), scan)) / SCALE);
}

function points(s: NovaState, seat: Seat, scan: ReturnType<typeof scanField>): number {
  const p = s.players[seat];
  const energy = p.zones.energy.length;
  let total = Math.max(0, p.life) * POINTS_PER_LIFE + p.zones.hand.length * POINTS_PER_HAND_CARD;
  total +=
    Math.min(energy, USEFUL_ENERGY) * POINTS_PER_EARLY_ENERGY +
    Math.max(0, energy - USEFUL_ENERGY) * POINTS_PER_LATE_ENERGY;
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
