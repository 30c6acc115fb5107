/**
 * Force of Will (CR 8.01) as a GameModule: the kernel (procedures and decision kinds), setup (403), views, deck
 * rules, invariants and search hooks. `pending` and `apply` are the kernel's.
 */
import { InvalidData } from '../../core/errors.ts';
import { type GameModule, type MatchSetup, opponentOf, SEATS, type Seat } from '../../core/game.ts';
import { kernelModule } from '../../core/kernel-module.ts';
import { label } from '../../core/label.ts';
import { createKernel, emptyStack } from '../../core/procedure.ts';
import { seedRng, shuffle } from '../../core/rng.ts';
import { redealUnknown, type SearchHooks } from '../../core/search.ts';
import { FOW_DECISIONS } from './decisions.ts';
import { validateFowDeck } from './deck-rules.ts';
import { evaluateFow } from './evaluate.ts';
import { describeResult, logLine } from './log-text.ts';
import { payCost, play, transaction } from './play.ts';
import { resolve } from './resolve.ts';
import { startingDecks } from './restart.ts';
import { cardOf, type FowObject, type FowState, newPlayerState, type PlayerState } from './state.ts';
import { battle, game, priority, ruleProcessing } from './turn.ts';
import { type FowView, fowHiddenIds, fowSecrets, fowView, visibleLog } from './view.ts';

export const FOW_GAME_ID = 'fow';
export const STARTING_LIFE = 4000; // 403.3

/** 1301.1c: a loop of mandatory actions that no player can stop ends the game in a draw (the kernel's step bound). */
export function unstoppableLoopDraw(s: FowState): void {
  s.result = { kind: 'draw', reason: 'loop', rule: '1301.1c' };
}

export const fowKernel = createKernel<FowState>({
  procedures: [game, priority, ruleProcessing, transaction, play, payCost, resolve, battle],
  decisions: FOW_DECISIONS,
  loopRule: '1301.1',
  endLoop: unstoppableLoopDraw,
});

function setup(match: MatchSetup, seed: string): FowState {
  let rng = seedRng(seed);
  const objects: Record<string, FowObject> = {};
  let next = 1;
  const make = (card: string, owner: Seat, zone: FowObject['zone']): string => {
    const id = `o${next++}`;
    objects[id] = {
      id,
      card,
      owner,
      controller: owner,
      zone,
      inc: 0,
      rested: false,
      damage: 0,
      counters: {},
      face: 'front',
      controlSince: 0,
      fieldSince: 0,
      awakened: false,
      attachedTo: null,
      standbyTurn: null,
    };
    return id;
  };
  const deal = (seat: Seat): PlayerState => {
    const deck = match.decks[seat];
    const problems = validateFowDeck(deck);
    if (problems.length > 0)
      throw new InvalidData(`${seat}: ${problems.map((p) => `${p.message.en} (${p.rule})`).join(' ')}`);
    const rulerCard = deck.ruler?.[0];
    if (!rulerCard) throw new InvalidData(`${seat}: no ruler (402.2)`);
    // 403.1: the ruler goes to the ruler area, recovered (303.1b).
    const ruler = make(rulerCard, seat, 'ruler');
    // 1122.2a: a ruler with [Mana N] starts with N mana counters.
    const mana = cardOf(rulerCard).keywords.find((k) => k.keyword === 'mana')?.amount;
    if (mana) (objects[ruler] as FowObject).counters.mana = mana;
    // 403.2: both decks are shuffled; ids are dealt after the shuffle, so an id says nothing about its card.
    const [mainOrder, r1] = shuffle(deck.main ?? [], rng);
    const [stoneOrder, r2] = shuffle(deck.stones ?? [], r1);
    rng = r2;
    // 403.1: the rune deck goes to the rune area, face down (711.2 plays only face-down runes).
    const runes = (deck.rune ?? []).map((c) => make(c, seat, 'runes'));
    // 403.1, 314.2: the extra deck goes to its area; it has no order (402.5c: only with a Grimoire ruler).
    const extra = (deck.extra ?? []).map((c) => make(c, seat, 'extra'));
    const life = typeof match.options?.startingLife === 'number' ? match.options.startingLife : STARTING_LIFE;
    return newPlayerState({
      life,
      main: mainOrder.map((c) => make(c, seat, 'main')),
      stones: stoneOrder.map((c) => make(c, seat, 'stones')),
      removed: [],
      runes,
      extra,
      ruler,
    });
  };
  const p1 = deal('p1');
  const players = { p1, p2: deal('p2') };
  const s: FowState = {
    game: FOW_GAME_ID,
    version: 0,
    result: null,
    procedures: emptyStack(),
    rng,
    firstPlayer: 'p1',
    turn: { number: 1, active: 'p1', phase: 'pregame', battle: null },
    hadTurn: [],
    players,
    objects,
    field: [],
    chase: [],
    triggered: [],
    battle: null,
    battleLocked: false,
    effects: [],
    nextId: 1,
    known: {},
    log: [],
    // Rules version 2 (ruling F-REVEAL); a version-1 match replays with the option false (`migrations` below).
    chantRevealWindow: match.options?.chantRevealWindow !== false,
  };
  const starting = startingDecks(s); // 1033.1, only when a card can restart the game
  if (starting) s.starting = starting;
  fowKernel.start(s, game, { exchanging: [] });
  return s;
}

/** What must hold after every decision: every object in exactly one zone list, the chase consistent. */
export function fowInvariants(s: FowState): string[] {
  const problems = fowKernel.check(s);
  const seen = new Set<string>();
  const lists: [string, string[], Seat | null][] = [['field', s.field, null]];
  for (const seat of SEATS) {
    const p = s.players[seat];
    for (const zone of ['main', 'stones', 'hand', 'graveyard', 'standby', 'removed', 'runes', 'extra'] as const)
      lists.push([zone, p[zone], seat]);
    // 313.3: the item area holds what its player controls (ruling F-WEAR).
    for (const id of p.items ?? [])
      if (s.objects[id]?.controller !== seat) problems.push(`${id} is in an item area its player does not control`);
    lists.push(['item', p.items ?? [], null]);
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
  for (const o of Object.values(s.objects)) {
    if (o.zone === 'ruler') {
      if (s.players[o.owner].ruler !== o.id) problems.push(`${o.id} is in a ruler area that is not its own`);
    } else if (o.copy && o.zone !== 'chase') {
      problems.push(`${o.id} is a copy off the chase (1017.3a)`);
    } else if (o.zone === 'chase') {
      if (
        !s.chase.some((i) => i.kind === 'card' && i.source.id === o.id) &&
        !s.procedures.frames.some((f) => f.kind === 'fow-resolve')
      )
        problems.push(`${o.id} is on the chase with no chase item for it`);
    } else if (!seen.has(o.id)) problems.push(`${o.id} is in no zone`);
    if (o.zone !== 'field' && o.zone !== 'ruler' && o.damage !== 0)
      problems.push(`${o.id} has damage off the field (1007.7)`);
    if (o.zone !== 'field' && o.attachedTo !== null) problems.push(`${o.id} is attached off the field`);
  }
  for (const seat of SEATS) {
    const ruler = s.objects[s.players[seat].ruler];
    // 316.1: a ruler goes nowhere but the ruler area, the field as a J-ruler, or the graveyard (1010.2).
    if (!ruler || (ruler.zone !== 'ruler' && ruler.zone !== 'field' && ruler.zone !== 'graveyard'))
      problems.push(`${seat}'s ruler left the ruler area, the field and the graveyard (316.1)`);
  }
  return problems;
}

/**
 * Search hooks (core/search.ts): the identities `seat` cannot know (its own main and stone decks apart from what it
 * looked at; the opponent's hand, main deck and standby area together, and their stone deck) are dealt again.
 */
export const fowSearch: Omit<SearchHooks<FowState>, 'simulate'> = {
  determinize: (state, seat, seed) =>
    redealUnknown(state, seat, seed, (s) => {
      const mine = s.players[seat];
      const other = s.players[opponentOf(seat)];
      return [
        mine.main,
        mine.stones,
        [...other.hand, ...other.main, ...other.standby],
        other.stones,
        other.runes.filter((id) => !other.revealedRunes.includes(id)),
        other.extra,
      ];
    }),
  evaluate: evaluateFow,
};

export const fow: GameModule<FowState, FowView> = kernelModule({
  id: FOW_GAME_ID,
  name: label('Force of Will', 'フォース・オブ・ウィル'),
  // 2: the reveal window when an opponent plays a chant; a version-1 match replays without it.
  rulesVersion: 2,
  migrations: { 1: { kind: 'replay', setupOptions: { chantRevealWindow: false } } },
  kernel: fowKernel,
  setup,
  // 103.4: a player may concede at any time; the opponent wins.
  concession: { rule: '103.4', entry: (seat) => ({ type: 'conceded', seat }) },
  view: fowView,
  visibleLog,
  logLine,
  describeResult,
  validateDeck: validateFowDeck,
  invariants: fowInvariants,
  hiddenObjectIds: fowHiddenIds,
  hiddenIdentities: fowSecrets,
  search: fowSearch,
});
