/**
 * "Raid": a small test game with one decision of every shape, in a row, for p1:
 *   1. number: how many raiders to send (0..6, or 0..1000 with the option `wideNumbers`; step 2, pairs only);
 *   2. distribute: 5 damage divided among the defender's walls (at least 1 each, at most 3 each, all of it);
 *   3. declare: each of three raiders (slots) attacks a gate or stays home; the whole declaration has a requirement
 *      and a restriction (RAID 3.1: the captain must attack if anyone does; RAID 3.2: no two raiders at one gate),
 *      checked by the game's hook, so an illegal whole is answered with the same declaration and a problem;
 *      "back" re-opens step 2, "reset" clears the draft;
 *   4. pick: p2 concedes or plays on (a plain pick); either way the game ends.
 * Everything is kept in the state as plain JSON, as a real game would.
 */
import {
  answerDeclaration,
  type DeclarationRetry,
  declareDecision,
  validateAnswer,
} from '../../src/engine/core/decision.ts';
import { IllegalAction } from '../../src/engine/core/errors.ts';
import type {
  BaseState,
  DecisionOption,
  DecisionProblem,
  DecisionResponse,
  GameModule,
  PendingDecision,
  Seat,
} from '../../src/engine/core/game.ts';
import { label } from '../../src/engine/core/label.ts';

export interface RaidState extends BaseState {
  step: 'send' | 'divide' | 'declare' | 'answer';
  sent: number | null;
  damage: Record<string, number> | null;
  declaration: Record<string, string[]> | null;
  /** The last refused declaration and why (the draft shown again), or null. */
  retry: DeclarationRetry | null;
  /** How many declarations were refused (a logged decision each). */
  refused: number;
  /** The number decision's range is wide (0..1000), for controls that cannot list every value. */
  wide: boolean;
}

export const RAIDERS = ['captain', 'scout', 'brute'] as const;
export const WALLS = ['north', 'south'] as const;
const GATES = ['east', 'west'] as const;

const option = (id: string, role: DecisionOption['role'] = 'choice'): DecisionOption => ({
  id,
  kind: id,
  role,
  label: label(id, id),
});

function pending(s: RaidState): PendingDecision | null {
  if (s.result) return null;
  const base = { id: `v${s.version}`, role: 'choice' as const };
  switch (s.step) {
    case 'send':
      return {
        ...base,
        player: 'p1',
        kind: 'send',
        shape: 'number',
        prompt: label('How many raiders?', '何人？'),
        min: 0,
        max: s.wide ? 1000 : 6,
        step: 2,
        defaultOnTimeout: 0,
      };
    case 'divide':
      return {
        ...base,
        player: 'p1',
        kind: 'divide',
        shape: 'distribute',
        prompt: label('Divide 5 damage among the walls.', '5点を割り振る'),
        total: 5,
        targets: WALLS.map((w) => option(w)),
        minEach: 1,
        maxEach: 3,
        allowLess: false,
        defaultOnTimeout: { north: 3, south: 2 },
      };
    case 'declare':
      return declareDecision(
        {
          ...base,
          player: 'p1',
          kind: 'raiders',
          prompt: label('Declare raiders.', '襲撃者を宣言'),
          slots: RAIDERS.map((r) => ({
            id: r,
            label: label(r, r),
            options: [...GATES.map((g) => option(g)), option('home', 'passive')],
            min: 1,
            max: 1,
          })),
          canGoBack: true,
          defaultOnTimeout: { captain: ['home'], scout: ['home'], brute: ['home'] },
        },
        s.retry,
      );
    case 'answer':
      return {
        ...base,
        player: 'p2',
        kind: 'answer',
        prompt: label('Concede or play on?', '投了？'),
        options: [option('concede'), option('play-on', 'passive')],
        min: 1,
        max: 1,
        ordered: false,
        defaultOnTimeout: ['play-on'],
      };
  }
}

/** The game's whole-declaration check: RAID 3.1 (a requirement) and RAID 3.2 (a restriction). */
export function raidProblem(declare: Record<string, string[]>): DecisionProblem | null {
  const gate = (r: string) => declare[r]?.[0] ?? 'home';
  const attacking = RAIDERS.filter((r) => gate(r) !== 'home');
  if (attacking.length > 0 && gate('captain') === 'home')
    return { rule: 'RAID 3.1', code: 'captain-stays', slots: ['captain'] };
  for (const g of GATES) {
    const at = attacking.filter((r) => gate(r) === g);
    if (at.length > 1) return { rule: 'RAID 3.2', code: 'crowded-gate', slots: at };
  }
  return null;
}

function apply(state: RaidState, seat: Seat, response: DecisionResponse): RaidState {
  const p = pending(state);
  if (!p) throw new IllegalAction(label('The game is over.', '終了'));
  const s: RaidState = { ...state, version: state.version + 1 };
  if (p.shape === 'declare') {
    const outcome = answerDeclaration(p, seat, response, raidProblem);
    switch (outcome.kind) {
      case 'accepted':
        return { ...s, step: 'answer', declaration: outcome.declare, retry: null };
      case 'refused':
        return { ...s, retry: outcome.retry, refused: s.refused + 1 };
      case 'reset':
        return { ...s, retry: null };
      case 'back':
        return { ...s, step: 'divide', damage: null, retry: null };
    }
  }
  const answer = validateAnswer(p, seat, response);
  switch (answer.shape) {
    case 'number':
      return { ...s, step: 'divide', sent: answer.value };
    case 'distribute':
      return { ...s, step: 'declare', damage: answer.split };
    case 'pick':
      return {
        ...s,
        result:
          answer.choose[0] === 'concede'
            ? { kind: 'win', winner: 'p1', reason: 'conceded', rule: 'RAID 9' }
            : { kind: 'draw', reason: 'raid-over', rule: 'RAID 9' },
      };
    case 'declare':
      throw new Error('unreachable: declarations are answered above');
  }
}

/** Raid's game id: a test game registered only in the tests that use it. */
export const RAID_ID = 'raid';

export const raid: GameModule<RaidState, RaidState> = {
  id: RAID_ID,
  name: label('Raid', '襲撃'),
  rulesVersion: 1,
  log: () => [],
  describeResult: (r) => (r.reason === 'conceded' ? label('Conceded', '投了') : label('The raid ends', '襲撃終了')),
  setup: (setup) => ({
    game: RAID_ID,
    version: 0,
    result: null,
    step: 'send',
    sent: null,
    damage: null,
    declaration: null,
    retry: null,
    refused: 0,
    wide: setup.options?.wideNumbers === true,
  }),
  pending,
  apply,
  concede: (s, seat) => ({
    ...s,
    version: s.version + 1,
    result: { kind: 'win', winner: seat === 'p1' ? 'p2' : 'p1', reason: 'conceded', rule: 'RAID 9' },
  }),
  view: (s) => s,
  validateDeck: () => [],
  // Raid has no cards: nothing is hidden.
  hiddenObjectIds: () => [],
  hiddenIdentities: () => ({ hidden: [], knownCards: [] }),
};
