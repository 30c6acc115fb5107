/**
 * "Race to N": a small deterministic game used to test the store while the real games are being written.
 * Each player shuffles a deck of numbered cards (seeded), holds a hidden hand of three and, on their turn,
 * either plays a card (its value scores) or cycles one (discards it and draws a replacement).
 * After each play the RNG rolls a bonus die, so replays must reproduce the RNG exactly. First to `target` wins.
 */
import { z } from 'zod';
import { decisionIdFor } from '../../src/engine/core/decision.ts';
import { IllegalAction, InvalidData } from '../../src/engine/core/errors.ts';
import type {
  BaseState,
  DecisionResponse,
  DeckList,
  DeckProblem,
  GameId,
  GameModule,
  MatchSetup,
  PickDecision,
  Seat,
  Viewer,
} from '../../src/engine/core/game.ts';
import { opponentOf } from '../../src/engine/core/game.ts';
import { type Label, label } from '../../src/engine/core/label.ts';
import { nextInt, type RngState, seedRng, shuffle } from '../../src/engine/core/rng.ts';

interface ToySide {
  deck: string[];
  hand: string[];
  discard: string[];
  score: number;
}

export interface ToyState extends BaseState {
  rng: RngState;
  active: Seat;
  target: number;
  sides: Record<Seat, ToySide>;
}

export interface ToyView {
  version: number;
  active: Seat;
  scores: Record<Seat, number>;
  /** Only the viewer's own hand; the opponent's is a count. */
  hand: string[] | null;
  handCounts: Record<Seat, number>;
}

const HAND_SIZE = 3;
const CARD = /^n([1-9])$/;
const OptionsSchema = z.object({ target: z.number().int().min(1).max(100_000).optional() }).optional();

function cardValue(card: string): number {
  const m = CARD.exec(card);
  if (!m) throw new InvalidData(`toy: not a card: ${card}`);
  return Number(m[1]);
}

/** Draws one card, reshuffling the discard pile into the deck when it runs out. */
function draw(side: ToySide, rng: RngState): [ToySide, RngState] {
  let { deck, discard } = side;
  let r = rng;
  if (deck.length === 0) {
    [deck, r] = shuffle(discard, r);
    discard = [];
  }
  const [top, ...rest] = deck;
  if (top === undefined) return [{ ...side, deck, discard }, r];
  return [{ ...side, deck: rest, discard, hand: [...side.hand, top] }, r];
}

export function validateToyDeck(deck: DeckList): DeckProblem[] {
  const main = deck.main ?? [];
  const problems: DeckProblem[] = [];
  if (main.length < 6 || main.length > 40) {
    problems.push({ section: 'main', rule: 'toy 1.1', message: label('6 to 40 cards', '6〜40枚') });
  }
  for (const card of main) {
    if (!CARD.test(card))
      problems.push({ section: 'main', card, rule: 'toy 1.2', message: label('unknown card', '不明') });
  }
  return problems;
}

function pending(state: ToyState): PickDecision | null {
  if (state.result) return null;
  const hand = state.sides[state.active].hand;
  return {
    // The kernel's decision id (core/decision.ts), which the bot's controls answer with.
    id: decisionIdFor(state.version),
    player: state.active,
    kind: 'play',
    role: 'choice',
    prompt: label('Play or cycle a card', 'カードをプレイ'),
    options: hand.flatMap((card, i) => [
      { id: `play${i}`, kind: 'play', role: 'choice', label: label(`Play ${card}`, card), objectId: card },
      { id: `cycle${i}`, kind: 'cycle', role: 'choice', label: label(`Cycle ${card}`, card), objectId: card },
    ]),
    min: 1,
    max: 1,
    ordered: false,
    defaultOnTimeout: ['play0'],
  };
}

function apply(state: ToyState, seat: Seat, response: DecisionResponse): ToyState {
  const decision = pending(state);
  if (!decision || decision.player !== seat) throw new IllegalAction(label('Not your decision', '手番ではない'));
  if (response.decisionId !== decision.id) throw new IllegalAction(label('Stale decision', '古い選択'));
  const [choice] = response.choose;
  if (response.choose.length !== 1 || !decision.options.some((o) => o.id === choice)) {
    throw new IllegalAction(label('Not an option', '選択肢にない'));
  }
  const m = /^(play|cycle)(\d)$/.exec(choice as string);
  const index = Number(m?.[2]);
  const side = state.sides[seat];
  const card = side.hand[index] as string;
  const hand = side.hand.filter((_, i) => i !== index);
  let rng = state.rng;
  let score = side.score;
  if (m?.[1] === 'play') {
    let bonus: number;
    [bonus, rng] = nextInt(rng, 3);
    score += cardValue(card) + bonus;
  }
  let next: ToySide = { ...side, hand, discard: [...side.discard, card], score };
  while (next.hand.length < HAND_SIZE) {
    const before = next.hand.length;
    [next, rng] = draw(next, rng);
    if (next.hand.length === before) break;
  }
  const won = score >= state.target;
  return {
    ...state,
    version: state.version + 1,
    rng,
    active: opponentOf(seat),
    sides: { ...state.sides, [seat]: next },
    result: won ? { kind: 'win', winner: seat, reason: 'target-reached', rule: 'toy 3.1' } : null,
  };
}

/** The toy as a module under any id: the store's tests resolve it as 'nova', the registry test as its own game. */
export function toyModule(
  id: GameId,
  name: Label = label('Race to N (toy)', 'レース（テスト用）'),
): GameModule<ToyState, ToyView> {
  return {
    id,
    name,
    rulesVersion: 1,
    log: () => [],
    describeResult: (result) =>
      result.reason === 'conceded' ? label('Concession', '投了') : label('Reached the target', '目標到達'),
    setup(setup: MatchSetup, seed: string): ToyState {
      const options = OptionsSchema.parse(setup.options);
      for (const seat of ['p1', 'p2'] as const) {
        const problems = validateToyDeck(setup.decks[seat]);
        if (problems.length > 0) throw new InvalidData(`toy: ${seat} deck: ${problems[0]?.message.en}`);
      }
      let rng = seedRng(seed);
      const sides = {} as Record<Seat, ToySide>;
      for (const seat of ['p1', 'p2'] as const) {
        let deck: string[];
        [deck, rng] = shuffle(setup.decks[seat].main ?? [], rng);
        sides[seat] = { deck: deck.slice(HAND_SIZE), hand: deck.slice(0, HAND_SIZE), discard: [], score: 0 };
      }
      const [first, after] = nextInt(rng, 2);
      return {
        game: id,
        version: 0,
        result: null,
        rng: after,
        active: first === 0 ? 'p1' : 'p2',
        target: options?.target ?? 40,
        sides,
      };
    },
    pending,
    apply,
    concede(state: ToyState, seat: Seat): ToyState {
      if (state.result) throw new IllegalAction(label('The game is over', '終了済み'));
      const winner = opponentOf(seat);
      return {
        ...state,
        version: state.version + 1,
        result: { kind: 'win', winner, reason: 'conceded', rule: 'toy 4.1' },
      };
    },
    view(state: ToyState, viewer: Viewer): ToyView {
      return {
        version: state.version,
        active: state.active,
        scores: { p1: state.sides.p1.score, p2: state.sides.p2.score },
        hand: viewer.kind === 'player' ? state.sides[viewer.seat].hand : null,
        handCounts: { p1: state.sides.p1.hand.length, p2: state.sides.p2.hand.length },
      };
    },
    validateDeck: validateToyDeck,
    // Cards here are plain values without object ids: nothing has an id to hide, only identities.
    hiddenObjectIds: () => [],
    hiddenIdentities(state: ToyState, viewer: Viewer) {
      const hidden: { objectId: string; card: string; names: string[] }[] = [];
      const knownCards = [...state.sides.p1.discard, ...state.sides.p2.discard];
      for (const seat of ['p1', 'p2'] as const) {
        const side = state.sides[seat];
        side.deck.forEach((card, i) => {
          hidden.push({ objectId: `${seat}.deck.${i}`, card, names: [] });
        });
        if (viewer.kind === 'omniscient' || (viewer.kind === 'player' && viewer.seat === seat))
          knownCards.push(...side.hand);
        else
          side.hand.forEach((card, i) => {
            hidden.push({ objectId: `${seat}.hand.${i}`, card, names: [] });
          });
      }
      return { hidden, knownCards };
    },
    invariants(state: ToyState): string[] {
      const broken: string[] = [];
      for (const seat of ['p1', 'p2'] as const) {
        const side = state.sides[seat];
        if (side.hand.length > HAND_SIZE) broken.push(`${seat} holds more than ${HAND_SIZE} cards`);
        if (side.score < 0) broken.push(`${seat} has a negative score`);
      }
      return broken;
    },
  };
}

/** The toy under the id 'nova', as the store's tests resolve it. */
export const toyGame = toyModule('nova');

/** A legal toy deck of `size` cards. */
export function toyDeck(size = 12): DeckList {
  return { main: Array.from({ length: size }, (_, i) => `n${(i % 9) + 1}`) };
}

export function toySetup(target = 40): MatchSetup {
  return { game: 'nova', decks: { p1: toyDeck(), p2: toyDeck(15) }, options: { target } };
}

/** A legal response for the current decision, chosen by `pick` (a number used to vary the choice). */
export function toyMove(state: ToyState, pick: number): { seat: Seat; response: DecisionResponse } {
  const decision = pending(state);
  if (!decision) throw new Error('toy: the game is over');
  const option = decision.options[pick % decision.options.length];
  return { seat: decision.player, response: { decisionId: decision.id, choose: [option?.id ?? 'play0'] } };
}
