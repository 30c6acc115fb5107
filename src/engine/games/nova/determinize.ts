import { cloneJson } from '../../core/clone.ts';
import { opponentOf, type Seat } from '../../core/game.ts';
import { determinizationRngs, type Identity, redealIdentities } from '../../core/search.ts';
import { playingNow } from './actions.ts';
import { novaHiddenIdentities } from './invariants.ts';
import type { NovaState } from './state.ts';

/**
 * A NOVA state consistent with everything `seat` knows (core/search.ts `SearchHooks.determinize`). The cards
 * hidden from `seat` are dealt again among the objects that hold them, in pools of cards `seat` cannot tell apart:
 * - `seat`'s own main deck, whose order nobody knows (NOVA 303.3), except the cards `seat` looked at and remembers
 *   (`known`, 303.6), which keep their place;
 * - the opponent's hand and main deck together (308.4; the hand came from that deck);
 * - the opponent's character deck (304.2).
 * Object ids stay, so option ids match across sampled worlds. The game's RNG is reseeded from `seed`, so sampled
 * worlds do not know the real game's future shuffles. Log lines `seat` cannot read are dropped: they name the real
 * cards. The pending decision is rebuilt for the new world.
 *
 * Pinned: the card of a play the opponent is in the middle of (and the hand cards chosen to discard or exile for
 * it) keeps its identity; the play record already names it, and `seat`'s decisions never come while it is open.
 */
export function determinizeNova(state: NovaState, seat: Seat, seed: string): NovaState {
  const s = cloneJson(state);
  const hidden = new Set(novaHiddenIdentities(state, { kind: 'player', seat }).hidden.map((h) => h.objectId));
  const pinned = new Set<string>();
  const play = playingNow(s);
  if (play && play.seat !== seat)
    for (const id of [play.source, ...(play.discard ?? []), ...(play.exileFromHand ?? [])]) pinned.add(id);
  const pool = (ids: readonly string[]): Identity[] =>
    ids
      .filter((id) => hidden.has(id) && !pinned.has(id))
      .map((id) => ({ objectId: id, card: s.objects[id]?.card ?? '' }));
  const mine = s.players[seat].zones;
  const theirs = s.players[opponentOf(seat)].zones;
  const rngs = determinizationRngs(seed);
  const [dealt] = redealIdentities(
    [pool(mine.deck), pool(mine.charDeck), pool([...theirs.hand, ...theirs.deck]), pool(theirs.charDeck)],
    rngs.redeal,
  );
  for (const [id, card] of dealt) {
    const o = s.objects[id];
    if (o) s.objects[id] = { ...o, card };
  }
  s.rng = rngs.world;
  s.log = s.log.filter((e) => !e.visibleTo || e.visibleTo.includes(seat));
  return s;
}
