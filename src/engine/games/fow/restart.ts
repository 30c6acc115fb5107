/**
 * Restarting the game (1033) inside the same match state, so the match record, its log and its replay stay one: the
 * game in progress ends at once with no result (1033.1), every card of both players' starting decks goes back as it
 * was, and a new game is set up by 403 with the restarting player first (1033.2) (ruling F-RESTART).
 */
import { SEATS, type Seat } from '../../core/game.ts';
import { shuffle } from '../../core/rng.ts';
import type { FowCard } from './cards/schema.ts';
import { cardOf, type FowObject, type FowState, log, newPlayerState, type StartingDecks } from './state.ts';

/** Does this card carry a restart (so its decks must be kept, `FowState.starting`)? */
export function canRestart(card: FowCard): boolean {
  return card.effects.some((e) => e.do === 'restart-game');
}

/** 1033.1: the decks as the game begins (object ids), when either deck can restart the game; otherwise nothing. */
export function startingDecks(s: FowState): Record<Seat, StartingDecks> | undefined {
  if (!Object.values(s.objects).some((o) => canRestart(cardOf(o.card)))) return undefined;
  const of = (seat: Seat): StartingDecks => {
    const p = s.players[seat];
    return {
      ruler: p.ruler,
      main: [...p.main, ...p.hand],
      stones: [...p.stones],
      extra: [...p.extra],
      runes: [...p.runes],
      life: p.life,
    };
  };
  return { p1: of('p1'), p2: of('p2') };
}

/** An object as it starts a game in `zone`: a new object (its `inc` rises, 302.3), recovered, with nothing on it. */
function reset(o: FowObject, zone: FowObject['zone']): FowObject {
  const counters: FowObject['counters'] = {};
  // 1122.2a: a ruler with [Mana N] starts with N mana counters.
  const mana = zone === 'ruler' ? cardOf(o.card).keywords.find((k) => k.keyword === 'mana')?.amount : undefined;
  if (mana) counters.mana = mana;
  return {
    id: o.id,
    card: o.card,
    owner: o.owner,
    controller: o.owner,
    zone,
    inc: o.inc + 1,
    rested: false,
    damage: 0,
    counters,
    face: 'front',
    controlSince: 0,
    fieldSince: 0,
    awakened: false,
    attachedTo: null,
    standbyTurn: null,
  };
}

/**
 * 1033.1–1033.3: ends the game in progress without a result and sets up the new one up to the opening draw (the
 * caller draws and asks for the exchanges, 403.5). Tokens and copies end with the game; the restart card itself
 * starts in its owner's removed area (1033.3).
 */
export function restartGame(s: FowState): void {
  const restart = s.restarting;
  const starting = s.starting;
  if (!restart || !starting) throw new Error('restart: no restart or no starting decks');
  delete s.restarting;
  log(s, { type: 'restart', seat: restart.seat, rule: '1033.1' });
  const objects: Record<string, FowObject> = {};
  const put = (id: string, zone: FowObject['zone']) => {
    const o = s.objects[id];
    if (!o) throw new Error(`restart: no object ${id}`);
    objects[id] = reset(o, zone);
  };
  for (const seat of SEATS) {
    const d = starting[seat];
    put(d.ruler, 'ruler');
    for (const id of d.main) put(id, 'main');
    for (const id of d.stones) put(id, 'stones');
    for (const id of d.extra) put(id, 'extra');
    for (const id of d.runes) put(id, 'runes'); // 403.1: face down again (ruling F-RESTART)
  }
  s.objects = objects;
  for (const seat of SEATS) {
    const d = starting[seat];
    // 1033.3: the restart card starts in its owner's removed area.
    const removed = d.main.filter((id) => id === restart.card);
    for (const id of removed) (objects[id] as FowObject).zone = 'removed';
    // 403.2: both decks shuffled.
    const [main, r1] = shuffle(
      d.main.filter((id) => !removed.includes(id)),
      s.rng,
    );
    const [stones, r2] = shuffle(d.stones, r1);
    s.rng = r2;
    s.players[seat] = newPlayerState({
      life: d.life, // 403.3
      main,
      stones,
      removed,
      runes: [...d.runes],
      extra: [...d.extra],
      ruler: d.ruler,
    });
  }
  s.field = [];
  s.chase = [];
  s.triggered = [];
  s.battle = null;
  s.battleLocked = false;
  s.effects = [];
  delete s.extraTurns;
  delete s.afterExtraTurns;
  delete s.laterExtraTurns;
  delete s.skips;
  delete s.unsealed;
  delete s.unsealedForGame; // ruling F-UNSEAL-FOR-THE-GAME: that game has ended (1033.1)
  s.hadTurn = [];
  s.known = {}; // 1021.2: the decks are shuffled, the rest is public or new
  // 1033.2: the restart effect's controller goes first.
  s.firstPlayer = restart.seat;
  s.turn = { number: 1, active: restart.seat, phase: 'pregame', battle: null };
}
