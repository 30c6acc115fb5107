/**
 * Phantom Magic Vision (rules v2.05) as a GameModule: the kernel (procedures and decision kinds), setup, views, deck
 * rules and invariants. `pending` and `apply` are the kernel's.
 */
import { InvalidData } from '../../core/errors.ts';
import { isCurrent, newEventState } from '../../core/events.ts';
import { type GameModule, type MatchSetup, opponentOf, SEATS, type Seat } from '../../core/game.ts';
import { kernelModule } from '../../core/kernel-module.ts';
import { label } from '../../core/label.ts';
import { createKernel, emptyStack } from '../../core/procedure.ts';
import { nextInt, seedRng, shuffle } from '../../core/rng.ts';
import { redealUnknown, type SearchHooks } from '../../core/search.ts';
import { CODE_PROCEDURE_LIST } from './code-effects.ts';
import { PMV_DECISIONS } from './decisions.ts';
import { validatePmvDeck } from './deck-rules.ts';
import { evaluatePmv } from './evaluate.ts';
import {
  battle,
  discardPhase,
  gammaOrder,
  play,
  priorityWindow,
  resolveEntry,
  resolveInterference,
  transaction,
} from './interference.ts';
import { describeResult, logLine } from './log-text.ts';
import { removals } from './removal.ts';
import { draw, log, type PlayerState, type PmvObject, type PmvState } from './state.ts';
import { assertSupported } from './support.ts';
import { game } from './turn.ts';
import { type PmvView, pmvHiddenIds, pmvSecrets, pmvView, visibleLog } from './view.ts';

export const PMV_GAME_ID = 'pmv';
export const STARTING_LP = 25; // §1.2.7.d, §1.9.1
export const OPENING_HAND = 7; // §1.2.7.c

export const pmvKernel = createKernel<PmvState>({
  procedures: [
    game,
    priorityWindow,
    transaction,
    play,
    resolveInterference,
    resolveEntry,
    battle,
    discardPhase,
    gammaOrder,
    removals,
    ...CODE_PROCEDURE_LIST,
  ],
  decisions: PMV_DECISIONS,
  loopRule: '12.10',
});

function setup(match: MatchSetup, seed: string): PmvState {
  let rng = seedRng(seed);
  const objects: Record<string, PmvObject> = {};
  let next = 1;
  const deal = (seat: Seat): PlayerState => {
    const deck = match.decks[seat];
    const problems = validatePmvDeck(deck);
    if (problems.length > 0) throw new InvalidData(`${seat}: ${problems.map((p) => p.message.en).join(' ')}`);
    // Cards the engine does not implement are refused before the game begins, naming their rule.
    assertSupported([...(deck.main ?? []), ...(deck.side ?? [])]);
    // §1.2.7.a: each deck is shuffled; ids are dealt after the shuffle, so an id says nothing about its card.
    const [order, after] = shuffle(deck.main ?? [], rng);
    rng = after;
    const dealTo = (zone: 'deck' | 'sideboard') => (card: string) => {
      const id = `o${next++}`;
      objects[id] = {
        id,
        card,
        owner: seat,
        zone,
        active: false,
        battleDamage: 0,
        effectDamage: 0,
        enteredAt: 0,
        host: null,
      };
      return id;
    };
    const ids = order.map(dealTo('deck'));
    // §3.9.1: a sideboard prepared for the game is put in its zone (its owner sees it, §3.9.3.a).
    const sideboard = (deck.side ?? []).map(dealTo('sideboard'));
    const lp = typeof match.options?.startingLp === 'number' ? match.options.startingLp : STARTING_LP;
    return { lp, deck: ids, hand: [], nodes: [], netherworld: [], excluded: [], sideboard };
  };
  const p1 = deal('p1');
  const players = { p1, p2: deal('p2') };
  // §1.2.7.b: the starting player is decided by a fair method: the seeded coin (docs/rulings/pmv.md P12). A test
  // position may name the starting player.
  const [n, rngAfter] = nextInt(rng, 2);
  const named = match.options?.startingPlayer;
  const starting: Seat = named === 'p1' || named === 'p2' ? named : n === 0 ? 'p1' : 'p2';
  const s: PmvState = {
    game: PMV_GAME_ID,
    version: 0,
    result: null,
    procedures: emptyStack(),
    rng: rngAfter,
    startingPlayer: starting,
    turn: {
      number: 1,
      active: starting,
      phase: 'setup',
      nodeSet: false,
      character: false,
      doll: false,
      ending: null,
      limited: [],
    },
    players,
    objects,
    field: [],
    interferences: [],
    nextEntry: 1,
    nextInterference: 1,
    modifiers: [],
    nextTimestamp: 1,
    battle: null,
    netherOrder: [],
    events: newEventState(),
    known: {},
    log: [],
  };
  // Rules versions 1–2 replay with this option false (migrations below): a nullified effect's card stays (P43).
  if (match.options?.discardNullifiedSource !== false) s.discardNullifiedSource = true;
  log(s, { type: 'starts', seat: starting });
  // §1.2.7.c: each player draws up to 7 (no mulligan exists, §1.2.7; docs/rulings/pmv.md P13).
  for (const seat of [starting, opponentOf(starting)]) draw(s, seat, OPENING_HAND);
  pmvKernel.start(s, game, {});
  return s;
}

/** What must hold after every decision. */
export function pmvInvariants(s: PmvState): string[] {
  const problems = pmvKernel.check(s);
  const seen = new Set<string>();
  const lists: [string, string[], Seat | null][] = [['field', s.field, null]];
  for (const seat of SEATS) {
    const p = s.players[seat];
    lists.push(['deck', p.deck, seat], ['hand', p.hand, seat], ['node', p.nodes, seat]);
    lists.push(['netherworld', p.netherworld, seat], ['excluded', p.excluded, seat], ['sideboard', p.sideboard, seat]);
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
  const inEntries = new Set(
    s.interferences.flatMap((i) => i.entries.filter((e) => e.kind === 'card').map((e) => e.source.id)),
  );
  const playing = s.procedures.frames.some((f) => f.kind === 'pmv-play' || f.kind === 'pmv-resolve-entry');
  for (const o of Object.values(s.objects)) {
    if (o.zone === 'play') {
      if (!inEntries.has(o.id) && !playing) problems.push(`${o.id} is in the play area with no entry for it`);
    } else if (o.zone === 'attached') {
      const host = o.host ? s.objects[o.host] : undefined;
      if (!host || (host.zone !== 'field' && host.zone !== 'attached'))
        problems.push(`${o.id} is attached to no field card`);
    } else if (!seen.has(o.id)) problems.push(`${o.id} is in no zone`);
    if (o.zone !== 'attached' && o.host !== null) problems.push(`${o.id} has a host outside the attached zone`);
  }
  for (const i of s.interferences)
    for (const e of i.entries)
      if (e.kind === 'card' && (!isCurrent(s.events, e.source) || s.objects[e.source.id]?.zone !== 'play'))
        problems.push(`entry ${e.id} does not point at its card in the play area`);
  if (s.interferences.filter((i) => i.attack && !i.attack.cancelled).length > 1)
    problems.push('two live attacks at once (§6.2.5.a)');
  // A game may end with an interference open: a player whose LP cost left them at 0 loses when the next player
  // would get priority (§1.5.3.a, docs/rulings/pmv.md P37).
  if (
    !s.result &&
    s.interferences.length > 0 &&
    !s.procedures.frames.some(
      (f) => f.kind === 'pmv-priority' || f.kind === 'pmv-play' || f.kind === 'pmv-resolve-interference',
    )
  )
    problems.push('an interference is open outside any priority window');
  for (const seat of SEATS) if (s.players[seat].hand.length > 60) problems.push(`${seat} holds more cards than exist`);
  const total = Object.keys(s.objects).length;
  if (
    seen.size + [...Object.values(s.objects)].filter((o) => o.zone === 'play' || o.zone === 'attached').length !==
    total
  )
    problems.push('cards were created or lost');
  return problems;
}

/**
 * Search hooks (core/search.ts): the identities `seat` cannot know (their deck; the opponent's hand, deck and nodes;
 * their own nodes they did not set) are dealt again; a position is scored by evaluate.ts.
 */
export const pmvSearch: Omit<SearchHooks<PmvState>, 'simulate'> = {
  determinize: (state, seat, seed) =>
    redealUnknown(state, seat, seed, (s) => {
      const own = s.players[seat];
      const other = s.players[opponentOf(seat)];
      return [
        [...own.deck, ...own.nodes],
        // §3.9.3: the opponent's sideboard is as unknown as their hand (not even its cards as a whole are public).
        [...other.hand, ...other.deck, ...other.nodes, ...other.sideboard],
      ];
    }),
  evaluate: evaluatePmv,
};

export const pmv: GameModule<PmvState, PmvView> = kernelModule({
  id: PMV_GAME_ID,
  name: label('Phantom Magic Vision', 'ファントムマジックビジョン'),
  // 2: removals run through batches with their windows (`removing`, `leaving`, `pendingGamma`; docs/rulings/pmv.md P39)
  // and a played card's resolution through the §5.2.4.c window (P41): new state and frame fields. A version-1 match
  // replays unchanged: its cards have none of the new γ, so the same decisions mean the same play.
  // 3: an effect used by a field card and nullified by an unpaid Blessing or Resist discards that card (§12.2.3,
  // docs/rulings/pmv.md P43, digest A12). Matches of versions 1–2 replay with the setup option
  // `discardNullifiedSource: false`, so the card stays as it did (test/pmv/rules-v2-blessing.test.ts).
  rulesVersion: 3,
  migrations: {
    1: { kind: 'replay', setupOptions: { discardNullifiedSource: false } },
    2: { kind: 'replay', setupOptions: { discardNullifiedSource: false } },
  },
  kernel: pmvKernel,
  setup,
  // §1.5.3.d, §12.7: a player may concede at any time, pre-empting everything.
  concession: { rule: '12.7', entry: (seat) => ({ type: 'conceded', seat }) },
  view: pmvView,
  visibleLog,
  logLine,
  describeResult,
  validateDeck: validatePmvDeck,
  invariants: pmvInvariants,
  hiddenObjectIds: pmvHiddenIds,
  hiddenIdentities: pmvSecrets,
  search: pmvSearch,
});
