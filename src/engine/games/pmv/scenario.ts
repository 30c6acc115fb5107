/**
 * Phantom Magic Vision's scenario format (docs/scenarios.md, "pmv"): a position built from a real game (p1 starts;
 * the scenario begins at the first priority of p1's first main phase, cards moved from their owner's deck), a script
 * of answers named by option kind and card, and expectations, including the open interferences (nested ones count).
 */
import { z } from 'zod';
import { collectLki } from '../../core/events.ts';
import type { DecisionOption, MatchSetup, Seat } from '../../core/game.ts';
import type { ScenarioPlan, ScenarioStep } from '../../definition.ts';
import { NotOffered } from '../../scenario/plan.ts';
import { PMV_CARDS } from './cards/pool.ts';
import { pmv, pmvInvariants } from './index.ts';
import {
  atkOf,
  damageOf,
  defOf,
  moveObject,
  objectOf,
  type PmvState,
  popularityOf,
  setHost,
  turnFaceDown,
} from './state.ts';

const SeatSchema = z.enum(['p1', 'p2']);
const CardSchema = z.string().refine((id) => PMV_CARDS.has(id), { message: 'not a Phantom Magic Vision card' });
const Cards = z.array(CardSchema);
const PerSeat = <T extends z.ZodType>(t: T) => z.strictObject({ p1: t.optional(), p2: t.optional() });

const FieldCard = z.union([
  CardSchema,
  z.strictObject({
    card: CardSchema,
    asleep: z.boolean().optional(),
    /** §10.34.2.b: popularity cards attached to this Leader from the bottom of its owner's deck. */
    popularity: z.number().int().min(0).optional(),
    /** §5.7: turned face down (as Hollow Mask Veil leaves it: a 1/1 character with no name). */
    faceDown: z.boolean().optional(),
  }),
]);

const SideSchema = z.strictObject({
  lp: z.number().int().optional(),
  hand: Cards.optional(),
  /** The hand holds only the `hand` cards: the 7 drawn at setup go back under the deck first. */
  handOnly: z.boolean().optional(),
  field: z.array(FieldCard).optional(),
  /** Cards put into the netherworld, bottom first (the last one is on top). */
  netherworld: Cards.optional(),
  /** Nodes from the bottom of the deck: how many active and how many asleep. */
  nodes: z
    .strictObject({ active: z.number().int().min(0).default(0), asleep: z.number().int().min(0).default(0) })
    .optional(),
});

const ExpectSchema = z.strictObject({
  lp: PerSeat(z.number().int()).optional(),
  winner: z.enum(['p1', 'p2', 'draw', 'none']).optional(),
  /** The pending decision's kind and player, or none. */
  pending: z.string().optional(),
  player: SeatSchema.optional(),
  field: PerSeat(Cards).optional(),
  netherworld: PerSeat(Cards).optional(),
  nodes: PerSeat(z.number().int()).optional(),
  /** How many interferences are open (a nested one on top of the one resolving counts, §1.12.7). */
  interferences: z.number().int().optional(),
  /** The turn number, its turn player and phase (§4.1.1), for turn and phase control (§4.10). */
  turn: z.number().int().optional(),
  active: SeatSchema.optional(),
  phase: z.string().optional(),
  /** Hand sizes. */
  hand: PerSeat(z.number().int()).optional(),
  /** Deck sizes. */
  deck: PerSeat(z.number().int()).optional(),
  /** Sideboard sizes (§3.9). */
  sideboard: PerSeat(z.number().int()).optional(),
  /** The cards in that player's excluded area (§3.7). */
  excluded: PerSeat(Cards).optional(),
  /** The hand's cards (with `handOnly` in the setup, the whole hand is known). */
  handCards: PerSeat(Cards).optional(),
  /** The field cards of that player that are asleep (§5.1.2). */
  sleeping: PerSeat(Cards).optional(),
  /** The field cards that are face down (§5.7), both players'. */
  faceDown: Cards.optional(),
  /** The field cards that are transformed (§10.28.3), both players'. */
  transformed: Cards.optional(),
  /** Damage on a character of that name on the field (§1.10.13). */
  damage: z.record(CardSchema, z.number().int()).optional(),
  /** ATK of the character of that name on the field (§6.1.10). */
  atk: z.record(CardSchema, z.number().int()).optional(),
  /** DEF of the character of that name on the field (§6.1.10). */
  def: z.record(CardSchema, z.number().int()).optional(),
  /** Popularity cards on the Leader of that name on the field (§10.34). */
  popularity: z.record(CardSchema, z.number().int()).optional(),
});
type Expect = z.infer<typeof ExpectSchema>;

const StepSchema = z.union([
  z.strictObject({
    player: SeatSchema,
    /**
     * The option kind (pass, play, attack, defend, ambush-defend, act, node, obj (a target), auto, free, graze…) or
     * an option id where kinds repeat (`x:2`, the X of a COST of X).
     */
    choose: z.string(),
    card: CardSchema.optional(),
    /** The second card an option names, last in its id (`save:<hermit>:<saved>`: the character saved). */
    with: CardSchema.optional(),
    /** A decision that takes several options (extract, split): one option of kind `choose` per card, in order. */
    cards: Cards.optional(),
  }),
  z.strictObject({ expect: ExpectSchema }),
]);
type Step = z.infer<typeof StepSchema>;

const ScenarioSchema = z.strictObject({
  rule: z.string().min(1),
  game: z.literal('pmv'),
  seed: z.string().default('scenario'),
  /** Setup options of an older rules version's replay (index.ts migrations), e.g. `discardNullifiedSource: false`. */
  options: z.record(z.string(), z.boolean()).default({}),
  /** Extra cards for each deck (the rest is the engine's filler, three of a name at most). */
  decks: PerSeat(Cards).default({}),
  /** Sideboard cards (§3.9), filled to the 10 of §1.2.5.a with filler cards the deck has fewer than three of. */
  sideboards: PerSeat(Cards).default({}),
  setup: PerSeat(SideSchema).default({}),
  script: z.array(StepSchema).default([]),
  expect: ExpectSchema.default({}),
  expectIllegalAt: z.number().int().min(1).optional(),
});
type Scenario = z.infer<typeof ScenarioSchema>;

const SEATS: readonly Seat[] = ['p1', 'p2'];

/** Implemented cards that fill a scenario's deck to 50 (two of each, then a third while there is room). */
const FILLER = [
  'riverbank-kappa-tinker',
  'lantern-fairy-lookout',
  'hasty-courier-imp',
  'thornback-sentinel',
  'paper-doll-sentry',
  'shrine-offering',
  'ilses-midnight-study',
  'emergency-barrier',
  'withering-whisper',
  'unweave-the-casting',
  'mistveil-assassin',
  'reapers-apprentice',
  'gorou-the-gate-breaker',
  'shrine-warden-aoi',
  'cloud-step-tengu-scout',
  'sudden-gust',
  'spirit-duel-edict',
  'ilses-lantern-bolt',
  'corvins-gale-dance',
  'ilse-marrow-lantern-scholar',
];

function deckOf(cards: readonly string[]): string[] {
  const main = [...cards];
  const count = (c: string) => main.filter((x) => x === c).length;
  for (const limit of [2, 3]) for (const c of FILLER) while (main.length < 50 && count(c) < limit) main.push(c);
  return main;
}

/** A sideboard of exactly 10 (§1.2.5.a), the three of a name counted with the deck (§1.2.5.b); none if empty. */
function sideOf(main: readonly string[], cards: readonly string[]): string[] {
  if (cards.length === 0) return [];
  const side = [...cards];
  const count = (c: string) => main.filter((x) => x === c).length + side.filter((x) => x === c).length;
  for (const c of FILLER) while (side.length < 10 && count(c) < 3) side.push(c);
  return side;
}

function position(sc: Scenario): PmvState {
  const list = (seat: Seat) => {
    const main = deckOf(sc.decks[seat] ?? []);
    const side = sideOf(main, sc.sideboards[seat] ?? []);
    return side.length > 0 ? { main, side } : { main };
  };
  const setup: MatchSetup = {
    game: 'pmv',
    decks: { p1: list('p1'), p2: list('p2') },
    options: { ...sc.options, startingPlayer: 'p1' },
  };
  let s = pmv.setup(setup, sc.seed);
  // To p1's first main phase: the active, maintenance and draw windows are passed by both.
  for (let i = 0; i < 6 && s.turn.phase !== 'main'; i++) {
    const p = pmv.pending(s);
    if (!p) break;
    s = pmv.apply(s, p.player, { decisionId: p.id, choose: ['pass'] });
  }
  for (const seat of SEATS) {
    const side = sc.setup[seat] ?? {};
    const take = (card: string): string => {
      const p = s.players[seat];
      const id = [...p.deck].reverse().find((x) => objectOf(s, x).card === card);
      if (!id) throw new Error(`setup: no ${card} left in ${seat}'s deck (add it to decks.${seat})`);
      return id;
    };
    if (side.handOnly) for (const id of [...s.players[seat].hand]) moveObject(s, id, 'deck', 'bottom');
    for (const card of side.hand ?? []) moveObject(s, take(card), 'hand');
    for (const card of side.netherworld ?? []) moveObject(s, take(card), 'netherworld');
    for (const entry of side.field ?? []) {
      const card = typeof entry === 'string' ? entry : entry.card;
      const id = take(card);
      moveObject(s, id, 'field');
      objectOf(s, id).active = typeof entry === 'string' || !entry.asleep;
      if (typeof entry !== 'string' && entry.faceDown) turnFaceDown(s, id);
      const popularity = typeof entry === 'string' ? 0 : (entry.popularity ?? 0);
      for (let i = 0; i < popularity; i++) {
        const p = s.players[seat].deck.at(-1);
        if (!p) throw new Error(`setup: ${seat}'s deck ran out for popularity`);
        moveObject(s, p, 'attached');
        setHost(s, p, id, true);
      }
    }
    const nodes = side.nodes;
    if (nodes) {
      for (let i = 0; i < nodes.active + nodes.asleep; i++) {
        const id = s.players[seat].deck.at(-1);
        if (!id) throw new Error(`setup: ${seat}'s deck ran out for nodes`);
        moveObject(s, id, 'node');
        objectOf(s, id).active = i < nodes.active;
      }
    }
    if (side.lp !== undefined) s.players[seat].lp = side.lp;
  }
  collectLki(s.events, [s.interferences, s.modifiers, s.procedures.frames]);
  return s;
}

const names = (s: PmvState, ids: readonly string[]) => ids.map((id) => objectOf(s, id).card).sort();

function check(s: PmvState, e: Expect): string[] {
  const out: string[] = [];
  const differ = (what: string, want: unknown, got: unknown) => {
    if (JSON.stringify(want) !== JSON.stringify(got))
      out.push(`${what}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  };
  for (const seat of SEATS) {
    const lp = e.lp?.[seat];
    if (lp !== undefined) differ(`${seat} LP`, lp, s.players[seat].lp);
    const field = e.field?.[seat];
    if (field)
      differ(
        `${seat} field`,
        [...field].sort(),
        names(
          s,
          s.field.filter((id) => objectOf(s, id).owner === seat),
        ),
      );
    const nether = e.netherworld?.[seat];
    if (nether) differ(`${seat} netherworld`, [...nether].sort(), names(s, s.players[seat].netherworld));
    const nodes = e.nodes?.[seat];
    if (nodes !== undefined) differ(`${seat} nodes`, nodes, s.players[seat].nodes.length);
    const hand = e.hand?.[seat];
    if (hand !== undefined) differ(`${seat} hand`, hand, s.players[seat].hand.length);
    const deck = e.deck?.[seat];
    if (deck !== undefined) differ(`${seat} deck`, deck, s.players[seat].deck.length);
    const side = e.sideboard?.[seat];
    if (side !== undefined) differ(`${seat} sideboard`, side, s.players[seat].sideboard.length);
    const excluded = e.excluded?.[seat];
    if (excluded) differ(`${seat} excluded`, [...excluded].sort(), names(s, s.players[seat].excluded));
    const handCards = e.handCards?.[seat];
    if (handCards) differ(`${seat} hand cards`, [...handCards].sort(), names(s, s.players[seat].hand));
    const sleeping = e.sleeping?.[seat];
    if (sleeping)
      differ(
        `${seat} sleeping`,
        [...sleeping].sort(),
        names(
          s,
          s.field.filter((id) => objectOf(s, id).owner === seat && !objectOf(s, id).active),
        ),
      );
  }
  if (e.transformed)
    differ(
      'transformed',
      [...e.transformed].sort(),
      names(
        s,
        s.field.filter((id) => objectOf(s, id).transformed),
      ),
    );
  if (e.faceDown)
    differ(
      'face down',
      [...e.faceDown].sort(),
      names(
        s,
        s.field.filter((id) => objectOf(s, id).faceDown),
      ),
    );
  if (e.turn !== undefined) differ('turn', e.turn, s.turn.number);
  if (e.active !== undefined) differ('turn player', e.active, s.turn.active);
  if (e.phase !== undefined) differ('phase', e.phase, s.turn.phase);
  const onField = (card: string) => s.field.find((x) => objectOf(s, x).card === card);
  for (const [card, n] of Object.entries(e.atk ?? {})) {
    const id = onField(card);
    differ(`ATK of ${card}`, n, id === undefined ? null : atkOf(s, id));
  }
  for (const [card, n] of Object.entries(e.def ?? {})) {
    const id = onField(card);
    differ(`DEF of ${card}`, n, id === undefined ? null : defOf(s, id));
  }
  for (const [card, n] of Object.entries(e.popularity ?? {})) {
    const id = onField(card);
    differ(`popularity on ${card}`, n, id === undefined ? null : popularityOf(s, id).length);
  }
  for (const [card, amount] of Object.entries(e.damage ?? {})) {
    const id = s.field.find((x) => objectOf(s, x).card === card);
    differ(`damage on ${card}`, amount, id === undefined ? null : damageOf(s, id));
  }
  if (e.winner !== undefined) {
    const got = !s.result ? 'none' : s.result.kind === 'win' ? s.result.winner : 'draw';
    differ('winner', e.winner, got);
  }
  const pending = pmv.pending(s);
  if (e.pending !== undefined) differ('pending', e.pending, pending?.kind ?? 'none');
  if (e.player !== undefined) differ('player', e.player, pending?.player ?? 'none');
  if (e.interferences !== undefined) differ('interferences', e.interferences, s.interferences.length);
  return out;
}

/** The fuzzer's invariants hold after every step of a scenario too (a state no decision should leave). */
function checked(s: PmvState): PmvState {
  const problems = pmvInvariants(s);
  if (problems.length > 0) throw new Error(`invariants: ${problems.join('; ')}`);
  return s;
}

function applyStep(s: PmvState, step: Exclude<Step, { expect: unknown }>): PmvState {
  const p = pmv.pending(s);
  if (!p) throw new NotOffered('nothing is pending');
  if (p.player !== step.player) throw new NotOffered(`${p.player} is asked (${p.kind}), not ${step.player}`);
  if (p.shape !== undefined && p.shape !== 'pick') throw new NotOffered(`a ${p.shape} decision is asked (${p.kind})`);
  const matches = (o: DecisionOption) =>
    (o.kind === step.choose || o.id === step.choose) &&
    (step.card === undefined || (o.objectId !== undefined && objectOf(s, o.objectId).card === step.card)) &&
    (step.with === undefined || s.objects[o.id.split(':').at(-1) ?? '']?.card === step.with);
  if (step.cards) {
    const chosen: string[] = [];
    for (const card of step.cards) {
      const o = p.options.find(
        (x) =>
          (x.kind === step.choose || x.id === step.choose) &&
          !chosen.includes(x.id) &&
          x.objectId !== undefined &&
          objectOf(s, x.objectId).card === card,
      );
      if (!o) throw new NotOffered(`no "${step.choose} ${card}" left for ${step.player}`);
      chosen.push(o.id);
    }
    return checked(pmv.apply(s, step.player, { decisionId: p.id, choose: chosen }));
  }
  const option = p.options.find(matches);
  if (!option) throw new NotOffered(`no "${step.choose}${step.card ? ` ${step.card}` : ''}" for ${step.player}`);
  return checked(pmv.apply(s, step.player, { decisionId: p.id, choose: [option.id] }));
}

const describeStep = (step: Exclude<Step, { expect: unknown }>) =>
  `${step.player} ${step.choose} ${step.card ?? ''} ${step.with ?? ''}`.trim();

export function pmvScenarioPlan(raw: unknown, file: string): ScenarioPlan<PmvState> {
  const parsed = ScenarioSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`${file}: not a valid Phantom Magic Vision scenario: ${parsed.error.message}`);
  const sc = parsed.data;
  const steps: ScenarioStep<PmvState>[] = sc.script.map((step) =>
    'expect' in step
      ? { kind: 'check', check: (s: PmvState) => check(s, step.expect) }
      : { kind: 'apply', describe: describeStep(step), apply: (s: PmvState) => applyStep(s, step) },
  );
  return {
    rule: sc.rule,
    start: position(sc),
    steps,
    check: (s) => check(s, sc.expect),
    ...(sc.expectIllegalAt !== undefined ? { expectIllegalAt: sc.expectIllegalAt } : {}),
  };
}
