/**
 * Aquarian Age's scenario format (test/scenarios/aqa/, docs/scenarios.md "aqa"): a position at p1's first main phase
 * (p1 goes first, the redraw declined), a script of answers named by option kind and card id, and expectations.
 *
 *   rule: AQA §6-4 — what the scenario shows
 *   game: aqa
 *   protocol: chain                          # optional (ruling G19), chain or item
 *   setup:
 *     p1: { hand: [crimson-awakening], control: [ember-courier], faction: [glass-lancer], deckTop: [spare-harness], damage: [ruin-hound] }
 *     p2: { control: [anchor-sibyl] }        # control: controlled, full of power; faction: on top of its party
 *   script:
 *     - { player: p1, choose: attack, card: thornback-raider }   # the option of that kind about that card
 *     - { player: p1, choose: target, target: p2 }               # target: a seat or a card id on the field
 *     - { player: p2, choose: guard, card: anchor-sibyl }
 *     - { player: p2, choose: yes }                              # yes, no, auto, cancel, pass, end
 *     - { passUntil: empty }                 # decline until nothing is declared; also main, p2-main, choice
 *                                            # (a choice that cannot be declined takes its first options)
 *     - { expect: { chain: [attack, guard] } }
 *   expect: { winner: none, damage: { p2: 2 }, control: { p1: [ember-courier] }, power: { anchor-sibyl: 1 } }
 *   expectIllegalAt: 2                       # optional: that step must be refused
 */
import { z } from 'zod';
import { IllegalAction } from '../../core/errors.ts';
import type { DecisionOption, Seat } from '../../core/game.ts';
import type { ScenarioPlan, ScenarioStep } from '../../definition.ts';
import { NotOffered } from '../../scenario/plan.ts';
import { AQA_CARDS } from './cards/pool.ts';
import { AQA_TOKENS } from './cards/tokens.ts';
import { aqa, aqaKernel } from './index.ts';
import { statOf } from './rules.ts';
import {
  type AqaState,
  type Character,
  cardOf,
  characterOf,
  faceOf,
  moveCard,
  newId,
  parseEffectKey,
  partyFor,
} from './state.ts';

const SeatSchema = z.enum(['p1', 'p2']);
const CardSchema = z
  .string()
  .refine((id) => AQA_CARDS.has(id) || AQA_TOKENS.has(id), { message: 'not an Aquarian Age card id' });
const Cards = z.array(CardSchema);
const PerSeat = <T extends z.ZodType>(t: T) => z.strictObject({ p1: t.optional(), p2: t.optional() });

const ExpectSchema = z.strictObject({
  winner: z.enum(['p1', 'p2', 'draw', 'none']).optional(),
  /** The pending decision: its kind and player (and the card it is about, when it is about one), or "none". */
  pending: z
    .union([z.literal('none'), z.strictObject({ player: SeatSchema, kind: z.string(), about: z.string().optional() })])
    .optional(),
  /** The turn: its number, whose it is and its phase. */
  turn: z
    .strictObject({ number: z.number().int().min(1), active: SeatSchema, phase: z.string() })
    .partial()
    .optional(),
  /** Kinds on the chain, bottom first. */
  chain: z.array(z.string()).optional(),
  hand: PerSeat(z.number().int()).optional(),
  deck: PerSeat(z.number().int()).optional(),
  damage: PerSeat(z.number().int()).optional(),
  discard: PerSeat(Cards).optional(),
  /** Cards that must be among the discard pile's (paid power cards, face up there, need not be named). */
  discardIncludes: PerSeat(Cards).optional(),
  /** Cards removed from the game (§24-2; order does not matter). */
  removed: PerSeat(Cards).optional(),
  /** How many cards are left in the out-of-game pool (§24-1, the `side` section). */
  outside: PerSeat(z.number().int()).optional(),
  /** Top cards of the characters in each area (order does not matter). */
  control: PerSeat(Cards).optional(),
  faction: PerSeat(Cards).optional(),
  /** Power cards of the character showing this card (a list: of every character showing it, smallest first). */
  power: z.record(z.string(), z.union([z.number().int(), z.array(z.number().int())])).optional(),
  /** Cards in each lasting row (continuous project and fast cards, ruling G23). */
  lasting: PerSeat(Cards).optional(),
  /** How many cards each discard pile holds (their identities may be hidden deck cards). */
  discardCount: PerSeat(z.number().int()).optional(),
  /** Current durability / attack of the character showing this card. */
  dur: z.record(z.string(), z.number().int()).optional(),
  atk: z.record(z.string(), z.number().int()).optional(),
  mnd: z.record(z.string(), z.number().int()).optional(),
  /** Permanent cards set on the character showing this card (order does not matter; [] for none). */
  permanents: z.record(z.string(), Cards).optional(),
  /** Option kinds the pending decision offers (e.g. guard, attack). */
  offers: z.array(z.string()).optional(),
  notOffered: z.array(z.string()).optional(),
});
type Expect = z.infer<typeof ExpectSchema>;

const ChooseSchema = z.strictObject({
  player: SeatSchema,
  choose: z.string(),
  card: CardSchema.optional(),
  target: z.string().optional(),
  /** Several targets at once (`choose: target`): every option about one of these (a card id or a seat). */
  targets: z.array(z.string()).min(1).optional(),
  /** Which of the character's effects (0 first: its top card's, then those its permanents give), or which mode. */
  ability: z.number().int().min(0).optional(),
});

/** Answers a distribution (§21-5): the amount for each target, named by card id. */
const SplitSchema = z.strictObject({ player: SeatSchema, split: z.record(z.string(), z.number().int().min(0)) });

const StepSchema = z.union([
  ChooseSchema,
  /** A step that must be refused (not offered, or illegal); the script goes on from the same position. */
  z.strictObject({ refused: z.union([ChooseSchema, SplitSchema]) }),
  /** Answers a number decision (X). */
  z.strictObject({ player: SeatSchema, x: z.number().int().min(0) }),
  SplitSchema,
  /** `attack`: until a response window with an attack on top of the chain (a ▼ attack in a faction check, say). */
  z.strictObject({ passUntil: z.enum(['empty', 'main', 'p2-main', 'choice', 'attack']) }),
  z.strictObject({ expect: ExpectSchema }),
]);
type Step = z.infer<typeof StepSchema>;

const SideSetup = z.strictObject({
  hand: Cards.optional(),
  control: Cards.optional(),
  faction: Cards.optional(),
  deckTop: Cards.optional(),
  damage: Cards.optional(),
  /** The discard pile, bottom first: the last is its top card (public, ruling G25). */
  discard: Cards.optional(),
  /** false: the hand is exactly `hand`; the opening hand goes to the bottom of the deck. */
  openingHand: z.boolean().default(true),
  /** Power cards of the `faction` characters, in their order (default 0). */
  factionPower: z.array(z.number().int().min(0)).optional(),
  /** The deck is cut to this many cards (from the top); the rest is removed from the game, for ruling G2(b). */
  deckSize: z.number().int().min(0).optional(),
  /** Power cards of the controlled characters, in the order of `control` (default: full, as many as MND). */
  controlPower: z.array(z.number().int().min(0)).optional(),
  /** The out-of-game pool (§24-1, ruling D4): the deck list's `side` section. */
  outside: Cards.optional(),
});

const ScenarioSchema = z.strictObject({
  rule: z.string().min(1),
  game: z.literal('aqa'),
  seed: z.string().default('scenario'),
  protocol: z.enum(['chain', 'item']).default('chain'),
  setup: z
    .strictObject({
      p1: SideSetup.optional(),
      p2: SideSetup.optional(),
      /** A later turn: p1 goes first, so odd turns are p1's and even turns p2's. */
      turn: z.number().int().min(1).optional(),
      /** Whose turn; only to say it (it must agree with `turn`). */
      active: SeatSchema.optional(),
      /** Start at this phase's first decision (its start declaration's window; the faction phase's first check). */
      phase: z.enum(['draw', 'faction', 'main', 'power', 'discard']).optional(),
    })
    .default({}),
  script: z.array(StepSchema).default([]),
  expect: ExpectSchema.default({}),
  expectIllegalAt: z.number().int().min(1).optional(),
});
type Scenario = z.infer<typeof ScenarioSchema>;

const SEATS: readonly Seat[] = ['p1', 'p2'];

/** Cards that fill a scenario deck to 40 (at most 4 of a name), chosen to do nothing on their own. */
const FILLER = [
  'sentinel-statue',
  'spare-harness',
  'nameless-drifter',
  'rook-of-the-bastion',
  'oathbound-knight',
  'guild-quartermaster',
  'twin-banner-adept',
  'ruin-hound',
  'tidecaller',
  'mindripper',
  'glass-lancer',
  'veil-walker',
];

function deckOf(cards: readonly string[]): string[] {
  const main = [...cards];
  const count = (id: string) => main.filter((c) => c === id).length;
  for (const f of FILLER) while (main.length < 40 && count(f) < 4) main.push(f);
  return main;
}

/** Takes a card of `seat` from the deck or, failing that, the hand. */
function take(s: AqaState, seat: Seat, card: string, taken: readonly string[] = []): string {
  const side = s.sides[seat];
  const free = (x: string) => s.objects[x]?.card === card && !taken.includes(x);
  const found = side.deck.find(free) ?? side.hand.find(free);
  if (found) return found;
  // Dealt as a power card by startingControl: swap it for the top card of the deck.
  for (const c of Object.values(s.characters)) {
    const at = c.owner === seat ? c.power.findIndex(free) : -1;
    const top = side.deck[0];
    const id = c.power[at];
    if (at < 0 || id === undefined || top === undefined) continue;
    moveCard(s, top, 'field');
    c.power[at] = top;
    moveCard(s, id, 'hand');
    return id;
  }
  throw new Error(`setup: no ${card} left for ${seat}`);
}

function position(sc: Scenario): AqaState {
  const decks: Record<Seat, { main: string[]; side?: string[] }> = {
    p1: { main: deckOf([]) },
    p2: { main: deckOf([]) },
  };
  for (const seat of SEATS) {
    const z = sc.setup[seat];
    const wanted = [
      ...(z?.hand ?? []),
      ...(z?.control ?? []),
      ...(z?.faction ?? []),
      ...(z?.deckTop ?? []),
      ...(z?.damage ?? []),
      ...(z?.discard ?? []),
    ];
    decks[seat] = z?.outside ? { main: deckOf(wanted), side: [...z.outside] } : { main: deckOf(wanted) };
  }
  let s = aqa.setup(
    {
      game: 'aqa',
      decks,
      options: {
        first: 'p1',
        responseProtocol: sc.protocol,
        startingControl: { p1: sc.setup.p1?.control ?? [], p2: sc.setup.p2?.control ?? [] },
      },
    },
    sc.seed,
  );
  const { turn, phase } = sc.setup;
  if (turn === undefined && phase === undefined && sc.setup.active === undefined) {
    // The redraw declined, then every window passed until p1's main phase; the zones are placed there.
    s = passUntil(s, (x) => aqa.pending(x)?.kind === 'main' && aqa.pending(x)?.player === 'p1');
    placeZones(s, sc);
    s.log = [];
    return s;
  }
  // A later turn (or another phase): the zones are placed before the turn begins, then the turn is played from its
  // start, every window passed, to the first decision of the phase asked for.
  const number = turn ?? 1;
  const active: Seat = number % 2 === 1 ? 'p1' : 'p2';
  if (sc.setup.active !== undefined && sc.setup.active !== active)
    throw new Error(
      `setup: turn ${number} is ${active}'s (p1 goes first, so odd turns are p1's), not ${sc.setup.active}'s`,
    );
  placeZones(s, sc);
  s.turn = { number, active, phase: 'draw' };
  s.procedures = {
    frames: [{ id: 1, kind: 'turn', step: 'begin', data: { party: 0, queue: [], eligible: [] } }],
    nextFrameId: 2,
  };
  aqaKernel.run(s);
  const want = phase ?? 'main';
  s = passUntil(s, (x) => x.turn.phase === want);
  s.log = [];
  return s;
}

/** Declines every decision (the redraw, windows) until `reached` holds or nothing is pending. */
function passUntil(start: AqaState, reached: (s: AqaState) => boolean): AqaState {
  let s = start;
  for (let i = 0; i < 200; i++) {
    const p = aqa.pending(s);
    if (!p || reached(s)) return s;
    if (p.shape !== undefined && p.shape !== 'pick') throw new Error(`setup: stuck at ${p.kind}`);
    const pass = p.options.find((o) => o.id === 'pass' || o.id === 'no' || o.id === 'end');
    if (!pass && p.min > 0) throw new Error(`setup: stuck at ${p.kind}`);
    s = aqa.apply(s, p.player, { decisionId: p.id, choose: pass ? [pass.id] : [] });
  }
  throw new Error('setup: the position was not reached in 200 decisions');
}

/** Puts the named cards where the setup asks (the order matters: a card is taken from the deck, then the hand). */
function placeZones(s: AqaState, sc: Scenario): void {
  for (const seat of SEATS) {
    const z = sc.setup[seat];
    if (!z) continue;
    // Power of the controlled characters as asked: extra cards from the top of the deck, surplus back on top.
    (z.controlPower ?? []).forEach((want, i) => {
      const c = characterOf(s, s.sides[seat].control[i] ?? '');
      while (c.power.length > want) {
        const id = c.power.pop();
        if (id) moveCard(s, id, 'deck', true);
      }
      while (c.power.length < want) {
        const top = s.sides[seat].deck[0];
        if (!top) throw new Error('setup: no deck left for controlPower');
        moveCard(s, top, 'field');
        c.power.push(top);
      }
    });
    // The opening hand goes under the deck when the hand is to be exactly the cards named.
    if (!z.openingHand) for (const id of [...s.sides[seat].hand]) moveCard(s, id, 'deck');
    // The hand is the opening hand plus these cards; expectations count hands.
    for (const card of z.hand ?? []) moveCard(s, take(s, seat, card), 'hand');
    for (const card of z.damage ?? []) moveCard(s, take(s, seat, card), 'damage');
    for (const card of z.discard ?? []) moveCard(s, take(s, seat, card), 'discard');
    const faction: Character[] = [];
    for (const card of z.faction ?? []) {
      const id = take(s, seat, card);
      const c: Character = {
        id: newId(s, 'c'),
        owner: seat,
        area: 'faction',
        party: partyFor(cardOf(card)),
        cards: [id],
        power: [],
        permanents: [],
        mods: [],
        broken: false,
        permanentMinus: 0,
        unaffected: false,
        judgeBonus: 0,
      };
      moveCard(s, id, 'field');
      s.characters[c.id] = c;
      s.sides[seat].parties[c.party].push(c.id);
      faction.push(c);
    }
    (z.factionPower ?? []).forEach((want, i) => {
      const c = faction[i];
      if (!c) throw new Error('setup: factionPower names more characters than faction');
      if (want > statOf(s, c, 'mnd')) throw new Error(`setup: ${faceOf(s, c).id} cannot hold ${want} power (§12-2)`);
      for (let k = 0; k < want; k++) {
        const top = s.sides[seat].deck[0];
        if (!top) throw new Error('setup: no deck left for factionPower');
        moveCard(s, top, 'field');
        c.power.push(top);
      }
    });
    const top: string[] = [];
    for (const card of z.deckTop ?? []) {
      const id = take(s, seat, card, top); // a card already put on top is not taken twice
      moveCard(s, id, 'deck');
      top.push(id);
    }
    s.sides[seat].deck = [...top, ...s.sides[seat].deck.filter((x) => !top.includes(x))];
    const size = z.deckSize;
    if (size !== undefined) for (const id of s.sides[seat].deck.slice(size)) moveCard(s, id, 'removed'); // out of the game (§24-1)
  }
}

function showing(s: AqaState, card: string): Character | undefined {
  return Object.values(s.characters).find((c) => faceOf(s, c).id === card);
}

function check(s: AqaState, e: Expect): string[] {
  const out: string[] = [];
  const differ = (what: string, want: unknown, got: unknown) => {
    if (JSON.stringify(want) !== JSON.stringify(got))
      out.push(`${what}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  };
  const cardsOf = (ids: readonly string[]) => ids.map((id) => s.objects[id]?.card ?? '').sort();
  const faces = (ids: readonly string[]) => ids.map((id) => faceOf(s, characterOf(s, id)).id).sort();
  if (e.winner !== undefined)
    differ('winner', e.winner, !s.result ? 'none' : s.result.kind === 'win' ? s.result.winner : 'draw');
  const p = aqa.pending(s);
  if (e.pending !== undefined) {
    const about = e.pending !== 'none' && e.pending.about !== undefined ? { about: pendingAbout(s) } : {};
    differ('pending', e.pending, p ? { player: p.player, kind: p.kind, ...about } : 'none');
  }
  if (e.turn !== undefined) {
    const got = { number: s.turn.number, active: s.turn.active, phase: s.turn.phase };
    for (const key of ['number', 'active', 'phase'] as const)
      if (e.turn[key] !== undefined) differ(`turn ${key}`, e.turn[key], got[key]);
  }
  if (e.chain)
    differ(
      'chain',
      e.chain,
      s.chain.map((d) => d.kind),
    );
  for (const seat of SEATS) {
    const side = s.sides[seat];
    if (e.hand?.[seat] !== undefined) differ(`${seat} hand`, e.hand[seat], side.hand.length);
    if (e.deck?.[seat] !== undefined) differ(`${seat} deck`, e.deck[seat], side.deck.length);
    if (e.damage?.[seat] !== undefined) differ(`${seat} damage zone`, e.damage[seat], side.damage.length);
    if (e.discard?.[seat]) differ(`${seat} discard`, [...e.discard[seat]].sort(), cardsOf(side.discard));
    for (const card of e.discardIncludes?.[seat] ?? []) {
      const got = cardsOf(side.discard);
      const want = (e.discardIncludes?.[seat] ?? []).filter((x) => x === card).length;
      if (got.filter((x) => x === card).length < want)
        out.push(`${seat} discard: expected ${want} ${card} among ${JSON.stringify(got)}`);
    }
    if (e.removed?.[seat]) differ(`${seat} removed`, [...e.removed[seat]].sort(), cardsOf(side.removed));
    if (e.outside?.[seat] !== undefined) differ(`${seat} outside`, e.outside[seat], side.outside.length);
    if (e.lasting?.[seat]) differ(`${seat} lasting`, [...e.lasting[seat]].sort(), cardsOf(side.lasting));
    if (e.discardCount?.[seat] !== undefined)
      differ(`${seat} discard count`, e.discardCount[seat], side.discard.length);
    if (e.control?.[seat]) differ(`${seat} control area`, [...e.control[seat]].sort(), faces(side.control));
    if (e.faction?.[seat])
      differ(`${seat} faction area`, [...e.faction[seat]].sort(), faces(Object.values(side.parties).flat()));
  }
  for (const [stat, map] of [
    ['power', e.power],
    ['dur', e.dur],
    ['mnd', e.mnd],
    ['atk', e.atk],
  ] as const) {
    for (const [card, want] of Object.entries(map ?? {})) {
      if (Array.isArray(want)) {
        const all = Object.values(s.characters).filter((c) => faceOf(s, c).id === card);
        const got = all.map((c) => (stat === 'power' ? c.power.length : statOf(s, c, stat))).sort((a, b) => a - b);
        differ(`${stat} of every ${card}`, want, got);
        continue;
      }
      const c = showing(s, card);
      if (!c) out.push(`${stat} of ${card}: no character shows it`);
      else differ(`${stat} of ${card}`, want, stat === 'power' ? c.power.length : statOf(s, c, stat));
    }
  }
  for (const [card, want] of Object.entries(e.permanents ?? {})) {
    const c = showing(s, card);
    if (!c) out.push(`permanents of ${card}: no character shows it`);
    else differ(`permanents of ${card}`, [...want].sort(), cardsOf(c.permanents));
  }
  const kinds = p && (p.shape === undefined || p.shape === 'pick') ? p.options.map((o) => o.kind) : [];
  for (const k of e.offers ?? []) if (!kinds.includes(k)) out.push(`offers: no "${k}" among ${JSON.stringify(kinds)}`);
  for (const k of e.notOffered ?? []) if (kinds.includes(k)) out.push(`notOffered: "${k}" is offered`);
  return out;
}

/** The card the pending decision is about (a character's top card, a card's id), or "none". */
function pendingAbout(s: AqaState): string {
  const payload = s.procedures.frames.at(-1)?.awaiting?.payload;
  const about = payload && typeof payload === 'object' && !Array.isArray(payload) ? payload.about : undefined;
  if (typeof about !== 'string') return 'none';
  const c = s.characters[about];
  if (c) return faceOf(s, c).id;
  return s.objects[about]?.card ?? about;
}

/** The card an option is about: a character's top card, an object's card, or a seat. */
function aboutOf(s: AqaState, o: DecisionOption): string | undefined {
  const id = o.objectId ?? o.id;
  const c = s.characters[id];
  if (c) return faceOf(s, c).id;
  const object = s.objects[id];
  if (object) return object.card;
  if (id === 'p1' || id === 'p2') return id;
  // A declaration on the chain: its card, or its acting character's top card.
  const d = s.chain.find((x) => x.id === id);
  if (d) {
    if ('card' in d) return s.objects[d.card]?.card;
    const actor = d.kind === 'effect' ? d.source : d.kind === 'attack' ? d.attacker : d.kind === 'guard' ? d.guard : '';
    const a = s.characters[actor];
    return a ? faceOf(s, a).id : undefined;
  }
  // An effect: the card printing it.
  return parseEffectKey(id)?.card;
}

function decline(s: AqaState): AqaState {
  const p = aqa.pending(s);
  if (!p) throw new NotOffered('nothing is pending');
  if (p.shape !== undefined && p.shape !== 'pick') throw new NotOffered(`cannot pass a ${p.shape} decision`);
  const ids = p.options.map((o) => o.id);
  const id = ['pass', 'no', 'end'].find((x) => ids.includes(x));
  if (id) return aqa.apply(s, p.player, { decisionId: p.id, choose: [id] });
  // A choice that cannot be declined (the hand limit's discard, say) takes its first options.
  const first = p.options.filter((o) => o.id !== 'cancel').slice(0, p.min);
  return aqa.apply(s, p.player, { decisionId: p.id, choose: first.map((o) => o.id) });
}

function applyStep(s: AqaState, step: Exclude<Step, { expect: unknown }>): AqaState {
  if ('refused' in step) {
    try {
      applyStep(s, step.refused);
    } catch (err) {
      if (err instanceof NotOffered || err instanceof IllegalAction) return s;
      throw err;
    }
    throw new Error(`${describeStep(step.refused)} was expected to be refused but was accepted`);
  }
  if ('passUntil' in step) {
    let out = s;
    for (let i = 0; i < 500; i++) {
      const p = aqa.pending(out);
      if (!p || out.result) return out;
      if (step.passUntil === 'empty' && out.chain.length === 0) return out;
      if (step.passUntil === 'main' && p.kind === 'main' && p.player === 'p1' && out.chain.length === 0) return out;
      if (step.passUntil === 'p2-main' && p.kind === 'main' && p.player === 'p2' && out.chain.length === 0) return out;
      if (step.passUntil === 'choice' && p.kind === 'choice') return out;
      if (step.passUntil === 'attack' && p.kind === 'respond' && out.chain.at(-1)?.kind === 'attack') return out;
      out = decline(out);
    }
    throw new NotOffered(`passUntil ${step.passUntil}: not reached`);
  }
  const p = aqa.pending(s);
  if (!p) throw new NotOffered('nothing is pending');
  if (p.player !== step.player) throw new NotOffered(`${p.player} is asked (${p.kind}), not ${step.player}`);
  if ('x' in step) {
    if (p.shape !== 'number') throw new NotOffered(`no number is asked (${p.kind})`);
    return aqa.apply(s, step.player, { decisionId: p.id, choose: [], number: step.x });
  }
  if ('split' in step) {
    if (p.shape !== 'distribute') throw new NotOffered(`no distribution is asked (${p.kind})`);
    const split: Record<string, number> = {};
    for (const [card, amount] of Object.entries(step.split)) {
      const target = p.targets.find((o) => aboutOf(s, o) === card);
      if (!target) throw new NotOffered(`no distribution target ${card}`);
      split[target.id] = amount;
    }
    return aqa.apply(s, step.player, { decisionId: p.id, choose: [], split });
  }
  if (p.shape !== undefined && p.shape !== 'pick') throw new NotOffered(`a ${p.shape} decision is asked (${p.kind})`);
  if (step.targets) {
    const want = step.targets;
    const chosen = want.map((card) => p.options.find((o) => o.kind === 'target' && aboutOf(s, o) === card));
    const ids = chosen.flatMap((o) => (o ? [o.id] : []));
    if (ids.length !== want.length) throw new NotOffered(`not every one of ${want.join(', ')} is offered`);
    return aqa.apply(s, step.player, { decisionId: p.id, choose: ids });
  }
  const option = p.options.find((o) => {
    if (step.choose === 'target') {
      if (o.kind !== 'target') return false;
      return step.target === undefined || aboutOf(s, o) === step.target;
    }
    if (o.kind !== step.choose) return false;
    // `ability`: the effect's index (`effect:c3:1`) or the mode's (`mode:1`), the option id's last part.
    if (step.ability !== undefined && o.id.split(':').at(-1) !== String(step.ability)) return false;
    return step.card === undefined || aboutOf(s, o) === step.card;
  });
  if (!option) throw new NotOffered(`no "${step.choose} ${step.card ?? step.target ?? ''}" for ${step.player}`);
  return aqa.apply(s, step.player, { decisionId: p.id, choose: [option.id] });
}

const describeStep = (step: Exclude<Step, { expect: unknown }>): string =>
  'refused' in step
    ? `refused: ${describeStep(step.refused)}`
    : 'passUntil' in step
      ? `pass until ${step.passUntil}`
      : 'x' in step
        ? `${step.player} X=${step.x}`
        : 'split' in step
          ? `${step.player} split ${JSON.stringify(step.split)}`
          : `${step.player} ${step.choose} ${step.card ?? step.targets?.join(',') ?? step.target ?? ''}`.trim();

export function aqaScenarioPlan(raw: unknown, file: string): ScenarioPlan<AqaState> {
  const parsed = ScenarioSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`${file}: not a valid Aquarian Age scenario: ${parsed.error.message}`);
  const sc = parsed.data;
  const steps: ScenarioStep<AqaState>[] = sc.script.map((step) =>
    'expect' in step
      ? { kind: 'check', check: (s: AqaState) => check(s, step.expect) }
      : { kind: 'apply', describe: describeStep(step), apply: (s: AqaState) => applyStep(s, step) },
  );
  return {
    rule: sc.rule,
    start: position(sc),
    steps,
    check: (s) => check(s, sc.expect),
    ...(sc.expectIllegalAt !== undefined ? { expectIllegalAt: sc.expectIllegalAt } : {}),
  };
}
