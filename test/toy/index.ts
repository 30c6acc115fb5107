/**
 * Skirmish as a GameModule: the kernel (its procedures and decision kinds), setup, views, deck rules and
 * invariants. `pending` and `apply` are the kernel's: the pending decision is rebuilt from the awaiting frame, and
 * an answer is validated, handed to its decision kind and the stack driven to the next decision.
 */
import { z } from 'zod';
import { cloneJson } from '../../src/engine/core/clone.ts';
import { InvalidData } from '../../src/engine/core/errors.ts';
import { isCurrent, lastKnown, newEventState } from '../../src/engine/core/events.ts';
import type { DeckList, DeckProblem, GameModule, MatchSetup, Seat } from '../../src/engine/core/game.ts';
import { type Label, label } from '../../src/engine/core/label.ts';
import { createKernel, emptyStack } from '../../src/engine/core/procedure.ts';
import { seedRng, shuffle } from '../../src/engine/core/rng.ts';
import { cardOf, TOY_CARDS } from './cards.ts';
import { TOY_DECISIONS } from './decisions.ts';
import { resolve } from './effects.ts';
import { damageReplacement, dealDamage, extraPlay, play, stateChecks, transaction } from './playing.ts';
import { draw, moveObject, objectOf, type Side, TOY_GAME_ID, type ToyObject, type ToyState, ZONES } from './state.ts';
import { priorityWindow, turn } from './turn.ts';
import { type ToyView, toyHiddenIds, toySecrets, toyView } from './view.ts';

export const toyKernel = createKernel<ToyState>({
  procedures: [
    turn,
    priorityWindow,
    play,
    transaction,
    extraPlay,
    resolve,
    dealDamage,
    damageReplacement.procedure,
    stateChecks,
  ],
  decisions: [...TOY_DECISIONS, damageReplacement.order],
  loopRule: 'TOY 1.4',
});

const DECK_SIZE = 12;

/** TOY 1.1. */
export function validateToyDeck(deck: DeckList): DeckProblem[] {
  const main = deck.main ?? [];
  const problems: DeckProblem[] = [];
  if (main.length !== DECK_SIZE) {
    problems.push({
      section: 'main',
      rule: 'TOY 1.1',
      message: label(
        `A deck has ${DECK_SIZE} cards (this one has ${main.length}).`,
        `デッキは${DECK_SIZE}枚です（${main.length}枚）。`,
      ),
    });
  }
  const counts = new Map<string, number>();
  for (const id of main) counts.set(id, (counts.get(id) ?? 0) + 1);
  for (const [id, n] of counts) {
    const card = TOY_CARDS[id];
    if (!card) {
      problems.push({
        section: 'main',
        card: id,
        rule: 'TOY 1.1',
        message: label(`No card "${id}".`, `カード「${id}」はありません。`),
      });
      continue;
    }
    const limit = card.type === 'ward' ? 1 : 2;
    if (n > limit) {
      problems.push({
        section: 'main',
        card: id,
        rule: 'TOY 1.1',
        message: label(`At most ${limit} of ${card.name.en}.`, `${card.name.ja}は${limit}枚まで。`),
      });
    }
  }
  return problems;
}

/**
 * `options.startingBoard` (tests only, e.g. /duel on the fake Discord): cards each player starts with on the board,
 * taken from their deck before the opening draw, so a test reaches a position through the bot without scripting it.
 */
const StartingBoardSchema = z.strictObject({ p1: z.array(z.string()).optional(), p2: z.array(z.string()).optional() });

function setup(match: MatchSetup, seed: string): ToyState {
  const startingBoard = StartingBoardSchema.optional().safeParse(match.options?.startingBoard);
  if (!startingBoard.success) throw new InvalidData(`startingBoard: ${startingBoard.error.message}`);
  let rng = seedRng(seed);
  const objects: Record<string, ToyObject> = {};
  let next = 1;
  const deal = (seat: Seat): Side => {
    const problems = validateToyDeck(match.decks[seat]);
    if (problems.length > 0) throw new InvalidData(`${seat}: ${problems.map((p) => p.message.en).join(' ')}`);
    const [order, after] = shuffle(match.decks[seat].main ?? [], rng);
    rng = after;
    // Ids are dealt after the shuffle, so an id says nothing about its card (toy ruling).
    const deck = order.map((card) => {
      const id = `o${next++}`;
      objects[id] = { id, card, owner: seat, zone: 'deck', faceDown: false, damage: 0, counters: 0 };
      return id;
    });
    return { life: 10, deck, hand: [], board: [], graveyard: [], drewFromEmpty: false };
  };
  const p1 = deal('p1');
  const sides = { p1, p2: deal('p2') };
  const s: ToyState = {
    game: TOY_GAME_ID,
    version: 0,
    result: null,
    procedures: emptyStack(),
    rng,
    turn: { number: 1, active: 'p1' },
    sides,
    objects,
    stack: [],
    nextItem: 1,
    triggers: [],
    events: newEventState(),
  };
  for (const seat of ['p1', 'p2'] as const) {
    for (const card of startingBoard.data?.[seat] ?? []) {
      const id = s.sides[seat].deck.find((x) => objects[x]?.card === card);
      if (!id) throw new InvalidData(`startingBoard: no ${card} in ${seat}'s deck`);
      moveObject(s, id, 'board');
    }
  }
  draw(s, 'p1', 3); // TOY 1.2
  draw(s, 'p2', 3);
  toyKernel.start(s, turn, {});
  return s;
}

/** What must hold after every decision. */
export function toyInvariants(s: ToyState): string[] {
  const problems = toyKernel.check(s);
  const seen = new Map<string, string>();
  for (const seat of ['p1', 'p2'] as const) {
    let count = 0;
    for (const zone of ZONES) {
      if (zone === 'stack') continue;
      for (const id of s.sides[seat][zone]) {
        count += 1;
        const o = s.objects[id];
        if (!o || o.zone !== zone || o.owner !== seat)
          problems.push(`${id} is listed in ${seat}'s ${zone} but is not there`);
        if (seen.has(id)) problems.push(`${id} is in two zones`);
        seen.set(id, zone);
      }
    }
    const onStack = Object.values(s.objects).filter((o) => o.owner === seat && o.zone === 'stack').length;
    if (count + onStack !== DECK_SIZE) problems.push(`${seat} has ${count + onStack} cards, not ${DECK_SIZE}`);
    if (s.sides[seat].life > 10) problems.push(`${seat} has more life than they started with`);
  }
  for (const o of Object.values(s.objects)) {
    if (o.faceDown && o.zone !== 'board') problems.push(`${o.id} is face down outside the board`);
    if (!s.result && o.zone === 'board' && !o.faceDown) {
      const card = cardOf(o.card);
      if (card.type === 'unit' && o.damage >= card.toughness && s.procedures.frames.every((f) => f.kind !== 'resolve'))
        problems.push(`${o.id} has lethal damage at a decision outside a resolution (TOY 5.1 missed)`);
    }
  }
  for (const item of s.stack) {
    if (item.kind === 'trigger') {
      if (!lastKnown(s.events, item.source))
        problems.push(`trigger ${item.id} lost its source's last-known information`);
    } else if (!isCurrent(s.events, item.source) || objectOf(s, item.source.id).zone !== 'stack') {
      problems.push(`stack item ${item.id} does not point at its card on the stack`);
    }
  }
  return problems;
}

/** The words for each result code, rendered at view time (results are rules state, words are not). */
const TOY_RESULT_WORDS: Record<string, Label> = {
  conceded: label('The other player conceded.', '相手が投了しました。'),
  'both-lost': label('Both players lost at once.', '両者同時に敗北しました。'),
  'opponent-lost': label('The other player lost.', '相手が敗北しました。'),
  'turn-limit': label('The turn limit was reached.', 'ターン上限に達しました。'),
};

export const toy: GameModule<ToyState, ToyView> = {
  id: TOY_GAME_ID,
  name: label('Skirmish (toy)', '小競り合い（試験用）'),
  rulesVersion: 1,
  // Skirmish keeps no log: its views show the board only.
  log: () => [],
  describeResult: (result) => TOY_RESULT_WORDS[result.reason] ?? label(result.reason, result.reason),
  setup,
  pending: (s) => toyKernel.pending(s),
  apply: (s, seat, response) => toyKernel.answer(s, seat, response),
  concede(s, seat) {
    const out = cloneJson(s);
    out.version += 1;
    const winner: Seat = seat === 'p1' ? 'p2' : 'p1';
    out.result = {
      kind: 'win',
      winner,
      reason: 'conceded',
      rule: 'TOY 1.3',
    };
    return out;
  },
  view: (s, viewer) => toyView(s, viewer, toyKernel.pending(s)?.player ?? null),
  validateDeck: validateToyDeck,
  invariants: toyInvariants,
  hiddenObjectIds: toyHiddenIds,
  hiddenIdentities: toySecrets,
};
