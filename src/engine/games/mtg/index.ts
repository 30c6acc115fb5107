/**
 * Magic: The Gathering (CR 2019-01-25), stage A, as a GameModule: the kernel (procedures and decision kinds),
 * setup, views, deck rules and invariants. `pending` and `apply` are the kernel's.
 */
import { InvalidData, UnsupportedRule } from '../../core/errors.ts';
import { isCurrent, newEventState } from '../../core/events.ts';
import { type GameModule, type MatchSetup, opponentOf, SEATS, type Seat } from '../../core/game.ts';
import { kernelModule } from '../../core/kernel-module.ts';
import { label } from '../../core/label.ts';
import { createKernel, emptyStack } from '../../core/procedure.ts';
import { seedRng, shuffle } from '../../core/rng.ts';
import { outcomeValue, redealUnknown, type SearchHooks } from '../../core/search.ts';
import { cast, transaction } from './casting.ts';
import { combatDamage } from './combat.ts';
import { MTG_DECISIONS } from './decisions.ts';
import { mtgDeckFormat, validateMtgDeck } from './deck-rules.ts';
import { describeResult, logLine } from './log-text.ts';
import { resolve } from './resolve.ts';
import { cardOf, type MtgObject, type MtgState, type PlayerState } from './state.ts';
import { placeTriggers } from './triggers.ts';
import { game, priorityWindow, stateChecks } from './turn.ts';
import { type MtgView, mtgHiddenIds, mtgSecrets, mtgView, objectsInOrder, visibleLog } from './view.ts';

export const MTG_GAME_ID = 'mtg';
export const STARTING_LIFE = 20; // CR 103.3

export const mtgKernel = createKernel<MtgState>({
  procedures: [game, priorityWindow, stateChecks, placeTriggers, transaction, cast, resolve, combatDamage],
  decisions: MTG_DECISIONS,
  loopRule: '104.4b',
});

function setup(match: MatchSetup, seed: string): MtgState {
  let rng = seedRng(seed);
  const objects: Record<string, MtgObject> = {};
  let next = 1;
  const deal = (seat: Seat): PlayerState => {
    const deck = match.decks[seat];
    const problems = validateMtgDeck(deck);
    if (problems.length > 0) throw new InvalidData(`${seat}: ${problems.map((p) => p.message.en).join(' ')}`);
    // CR 103.1: each deck is shuffled; ids are dealt after the shuffle, so an id says nothing about its card.
    // Stage C (planeswalkers, CR 306) is not implemented: such a card is refused loudly, never half-played.
    for (const card of deck.main ?? deck.limited ?? [])
      if (cardOf(card).types.includes('planeswalker')) throw new UnsupportedRule('306', `${card}: planeswalkers`);
    const [order, after] = shuffle(deck.main ?? deck.limited ?? [], rng);
    rng = after;
    const library = order.map((card) => {
      const id = `o${next++}`;
      objects[id] = {
        id,
        card,
        owner: seat,
        baseController: seat,
        zone: 'library',
        tapped: false,
        damage: 0,
        deathtouched: false,
        controlledSince: 0,
      };
      return id;
    });
    const life = typeof match.options?.startingLife === 'number' ? match.options.startingLife : STARTING_LIFE;
    return {
      life,
      library,
      hand: [],
      graveyard: [],
      exile: [],
      pool: [],
      landsPlayed: 0,
      drewFromEmpty: false,
      mulligans: 0,
      kept: false,
    };
  };
  // CR 100.2: a game is played in one format; a Constructed deck and a Limited one cannot meet (ruling D4).
  if (mtgDeckFormat(match.decks.p1) !== mtgDeckFormat(match.decks.p2))
    throw new InvalidData('CR 100.2: both decks must be of one format (Constructed, 100.2a, or Limited, 100.2b)');
  const p1 = deal('p1');
  const players = { p1, p2: deal('p2') };
  const s: MtgState = {
    game: MTG_GAME_ID,
    version: 0,
    result: null,
    procedures: emptyStack(),
    rng,
    startingPlayer: 'p1',
    turn: { number: 1, active: 'p1', step: 'pregame' },
    players,
    objects,
    battlefield: [],
    stack: [],
    nextItem: 1,
    effects: [],
    nextTimestamp: 1,
    happened: [],
    triggers: [],
    delayed: [],
    nextToken: 1,
    combat: null,
    events: newEventState(),
    known: {},
    log: [],
  };
  mtgKernel.start(s, game, { asked: [], mulligans: [], scryQueue: [], orderQueue: [] });
  return s;
}

/** What must hold after every decision. */
export function mtgInvariants(s: MtgState): string[] {
  const problems = mtgKernel.check(s);
  const seen = new Set<string>();
  const lists: [string, string[], Seat | null][] = [['battlefield', s.battlefield, null]];
  for (const seat of SEATS) {
    const p = s.players[seat];
    for (const zone of ['library', 'hand', 'graveyard', 'exile'] as const) lists.push([zone, p[zone], seat]);
  }
  for (const [zone, ids, owner] of lists) {
    for (const id of ids) {
      const o = s.objects[id];
      if (!o || o.zone !== zone || (owner && o.owner !== owner))
        problems.push(`${id} is listed in ${zone} but is not there`);
      if (seen.has(id)) problems.push(`${id} is in two zones`);
      seen.add(id);
    }
  }
  for (const o of objectsInOrder(s)) {
    if (o.zone === 'stack') {
      if (
        !s.stack.some((i) => i.kind === 'spell' && i.source.id === o.id) &&
        !s.procedures.frames.some((f) => f.kind === 'resolve')
      )
        problems.push(`${o.id} is on the stack with no spell for it`);
    } else if (!seen.has(o.id)) problems.push(`${o.id} is in no zone`);
  }
  for (const item of s.stack) {
    if (item.kind === 'spell' && (!isCurrent(s.events, item.source) || s.objects[item.source.id]?.zone !== 'stack'))
      problems.push(`stack item ${item.id} does not point at its card on the stack`);
  }
  if (!s.result && s.procedures.frames.every((f) => f.kind !== 'resolve' && f.kind !== 'combat-damage')) {
    for (const id of s.battlefield) {
      const o = s.objects[id];
      if (o && o.damage > 0 && s.turn.step === 'untap') problems.push(`${id} kept damage into the untap step (514.2)`);
    }
  }
  for (const seat of SEATS)
    if (s.players[seat].landsPlayed > 1) problems.push(`${seat} played more than one land (305.2)`);
  return problems;
}

/**
 * Search hooks (core/search.ts): the identities `seat` cannot know (their own library apart from what they looked
 * at; the opponent's hand and library together) are dealt again; a position is worth its life difference.
 */
export const mtgSearch: Omit<SearchHooks<MtgState>, 'simulate'> = {
  determinize: (state, seat, seed) =>
    redealUnknown(state, seat, seed, (s) => {
      const other = s.players[opponentOf(seat)];
      return [s.players[seat].library, [...other.hand, ...other.library]];
    }),
  evaluate(s, seat) {
    const over = outcomeValue(s, seat);
    if (over !== null) return over;
    return Math.tanh((s.players[seat].life - s.players[opponentOf(seat)].life) / 20);
  },
};

export const mtg: GameModule<MtgState, MtgView> = kernelModule({
  id: MTG_GAME_ID,
  name: label('Magic: The Gathering', 'マジック：ザ・ギャザリング'),
  // 2: stage B adds trigger, token and counter state; a version-1 match replays unchanged (its pool had none).
  rulesVersion: 2,
  migrations: { 1: { kind: 'replay' } },
  kernel: mtgKernel,
  setup,
  // CR 104.3a: a player may concede at any time; the other player wins.
  concession: { rule: '104.3a', entry: (seat) => ({ type: 'conceded', seat }) },
  view: mtgView,
  visibleLog,
  logLine,
  describeResult,
  validateDeck: validateMtgDeck,
  invariants: mtgInvariants,
  hiddenObjectIds: mtgHiddenIds,
  hiddenIdentities: mtgSecrets,
  search: mtgSearch,
});
