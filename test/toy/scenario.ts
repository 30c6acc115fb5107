/**
 * Skirmish's scenario format (the files in scenarios/): a position built from the setup (cards moved from their
 * owner's deck after the opening draw), a script of answers named by option kind and card, and expectations. The
 * shared runner (src/engine/scenario) finds this through the definition's `scenarios.plan` and plays the plan.
 *
 *   rule: TOY 2.3 — what the scenario shows
 *   game: toy-skirmish
 *   seed: scenario                   # optional
 *   decks: { p1: aggro, p2: guard }  # optional, TOY_DECKS names
 *   setup: { p1: { hand: [ember], board: [footman], set: [snare] } }   # set: on the board face down
 *   script:
 *     - { player: p1, choose: play, card: ember }   # the option of that kind (and card, or target seat)
 *     - { player: p1, choose: target, target: p2 }
 *     - { player: p1, attack: [footman] }           # a whole declaration: these attack, the others stay back
 *     - { player: p1, control: reset }              # or back
 *     - { expect: { pending: attackers, problem: TOY 2.3 } }
 *   expect: { life: { p2: 6 }, winner: none, board: { p1: [footman] } }
 *   expectIllegalAt: 2                 # optional: that step must be refused
 */
import { z } from 'zod';
import { collectLki } from '../../src/engine/core/events.ts';
import type { DecisionOption, Seat } from '../../src/engine/core/game.ts';
import type { ScenarioPlan, ScenarioStep } from '../../src/engine/definition.ts';
import { NotOffered } from '../../src/engine/scenario/plan.ts';
import { TOY_CARDS, TOY_DECKS } from './cards.ts';
import { toy } from './index.ts';
import { moveObject, objectOf, TOY_GAME_ID, type ToyState } from './state.ts';

const SeatSchema = z.enum(['p1', 'p2']);
const CardSchema = z.string().refine((id) => id in TOY_CARDS, { message: 'not a Skirmish card' });
const Cards = z.array(CardSchema);
const PerSeat = <T extends z.ZodType>(t: T) => z.strictObject({ p1: t.optional(), p2: t.optional() });

const ExpectSchema = z.strictObject({
  life: PerSeat(z.number().int()).optional(),
  winner: z.enum(['p1', 'p2', 'draw', 'none']).optional(),
  /** The pending decision's kind, or none. */
  pending: z.string().optional(),
  /** The rule of the problem a refused declaration names, or null for none. */
  problem: z.string().nullable().optional(),
  board: PerSeat(Cards).optional(),
  graveyard: PerSeat(Cards).optional(),
  turn: z.strictObject({ number: z.number().int(), active: SeatSchema }).optional(),
});
type Expect = z.infer<typeof ExpectSchema>;

const StepSchema = z.union([
  z.strictObject({
    player: SeatSchema,
    choose: z.string(),
    card: CardSchema.optional(),
    target: SeatSchema.optional(),
  }),
  z.strictObject({ player: SeatSchema, attack: Cards }),
  z.strictObject({ player: SeatSchema, control: z.enum(['reset', 'back']) }),
  z.strictObject({ expect: ExpectSchema }),
]);
type Step = z.infer<typeof StepSchema>;

const SetupSchema = PerSeat(z.strictObject({ hand: Cards.optional(), board: Cards.optional(), set: Cards.optional() }));

const ScenarioSchema = z.strictObject({
  rule: z.string().min(1),
  game: z.literal(TOY_GAME_ID),
  seed: z.string().default('scenario'),
  decks: z
    .strictObject({ p1: z.enum(['aggro', 'guard']), p2: z.enum(['aggro', 'guard']) })
    .default({ p1: 'aggro', p2: 'guard' }),
  setup: SetupSchema.default({}),
  script: z.array(StepSchema).default([]),
  expect: ExpectSchema.default({}),
  expectIllegalAt: z.number().int().min(1).optional(),
});

const SEATS: readonly Seat[] = ['p1', 'p2'];
const cardsIn = (s: ToyState, seat: Seat, zone: 'board' | 'graveyard') =>
  s.sides[seat][zone].map((id) => objectOf(s, id).card).sort();

function check(s: ToyState, e: Expect): string[] {
  const out: string[] = [];
  const differ = (what: string, want: unknown, got: unknown) => {
    if (JSON.stringify(want) !== JSON.stringify(got))
      out.push(`${what}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  };
  for (const seat of SEATS) {
    const life = e.life?.[seat];
    if (life !== undefined) differ(`${seat} life`, life, s.sides[seat].life);
    for (const zone of ['board', 'graveyard'] as const) {
      const want = e[zone]?.[seat];
      if (want) differ(`${seat} ${zone}`, [...want].sort(), cardsIn(s, seat, zone));
    }
  }
  if (e.winner !== undefined) {
    const got = !s.result ? 'none' : s.result.kind === 'win' ? s.result.winner : 'draw';
    differ('winner', e.winner, got);
  }
  const pending = toy.pending(s);
  if (e.pending !== undefined) differ('pending', e.pending, pending?.kind ?? 'none');
  if (e.problem !== undefined)
    differ('problem', e.problem, pending?.shape === 'declare' ? (pending.problem?.rule ?? null) : null);
  if (e.turn) differ('turn', e.turn, s.turn);
  return out;
}

/** The position: a fresh game with the named cards moved from their owner's deck. */
function position(sc: z.infer<typeof ScenarioSchema>): ToyState {
  const s = toy.setup(
    { game: TOY_GAME_ID, decks: { p1: { main: TOY_DECKS[sc.decks.p1] }, p2: { main: TOY_DECKS[sc.decks.p2] } } },
    sc.seed,
  );
  for (const seat of SEATS) {
    const zones = sc.setup[seat] ?? {};
    const moves = [
      ...(zones.hand ?? []).map((card) => ({ card, zone: 'hand' as const, faceDown: false })),
      ...(zones.board ?? []).map((card) => ({ card, zone: 'board' as const, faceDown: false })),
      ...(zones.set ?? []).map((card) => ({ card, zone: 'board' as const, faceDown: true })),
    ];
    for (const { card, zone, faceDown } of moves) {
      const id = s.sides[seat].deck.find((x) => objectOf(s, x).card === card);
      if (!id) throw new Error(`setup: no ${card} left in ${seat}'s deck`);
      moveObject(s, id, zone, faceDown);
    }
  }
  collectLki(s.events, [s.stack, s.procedures.frames]); // as the window does before it offers priority
  return s;
}

const objectOfOption = (s: ToyState, o: DecisionOption) => o.objectId ?? (s.objects[o.id] ? o.id : undefined);

function applyStep(s: ToyState, step: Exclude<Step, { expect: unknown }>): ToyState {
  const p = toy.pending(s);
  if (!p) throw new NotOffered('nothing is pending');
  if (p.player !== step.player) throw new NotOffered(`${p.player} is asked (${p.kind}), not ${step.player}`);
  if ('control' in step) return toy.apply(s, step.player, { decisionId: p.id, choose: [], control: step.control });
  if ('attack' in step) {
    if (p.shape !== 'declare') throw new NotOffered(`no declaration is asked (${p.kind})`);
    const left = [...step.attack];
    const declare: Record<string, string[]> = {};
    for (const slot of p.slots) {
      const at = left.indexOf(objectOf(s, slot.id).card);
      if (at >= 0) left.splice(at, 1);
      declare[slot.id] = at >= 0 ? ['attack'] : [];
    }
    if (left.length > 0) throw new NotOffered(`no unit left to attack with: ${left.join(', ')}`);
    return toy.apply(s, step.player, { decisionId: p.id, choose: [], declare });
  }
  if (p.shape !== undefined && p.shape !== 'pick') throw new NotOffered(`a ${p.shape} decision is asked (${p.kind})`);
  const option = p.options.find((o) => {
    if (o.kind !== step.choose) return false;
    if (step.target !== undefined && o.id !== `player:${step.target}`) return false;
    const object = objectOfOption(s, o);
    return step.card === undefined || (object !== undefined && objectOf(s, object).card === step.card);
  });
  if (!option) throw new NotOffered(`no "${step.choose}${step.card ? ` ${step.card}` : ''}" for ${step.player}`);
  return toy.apply(s, step.player, { decisionId: p.id, choose: [option.id] });
}

const describeStep = (step: Exclude<Step, { expect: unknown }>) =>
  'control' in step
    ? `${step.player} ${step.control}`
    : 'attack' in step
      ? `${step.player} attacks with ${step.attack.join(', ') || 'nothing'}`
      : `${step.player} ${step.choose} ${step.card ?? step.target ?? ''}`.trim();

export function skirmishPlan(raw: unknown, file: string): ScenarioPlan<ToyState> {
  const parsed = ScenarioSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`${file}: not a valid Skirmish scenario: ${parsed.error.message}`);
  const sc = parsed.data;
  const steps: ScenarioStep<ToyState>[] = sc.script.map((step) =>
    'expect' in step
      ? { kind: 'check', check: (s: ToyState) => check(s, step.expect) }
      : { kind: 'apply', describe: describeStep(step), apply: (s: ToyState) => applyStep(s, step) },
  );
  return {
    rule: sc.rule,
    start: position(sc),
    steps,
    check: (s) => check(s, sc.expect),
    ...(sc.expectIllegalAt !== undefined ? { expectIllegalAt: sc.expectIllegalAt } : {}),
  };
}
