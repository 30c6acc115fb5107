/**
 * Force of Will's scenario format (docs/scenarios.md "fow", files in test/scenarios/fow/): any position built on a
 * real game (p1 goes first; cards taken from their owner's decks, which hold the named cards plus filler), copies
 * told apart by labels, a script of answers named by option kind and card or label, and expectations. Nothing is
 * answered behind the engine's back: every step is a decision the module offers.
 */
import { z } from 'zod';
import { IllegalAction } from '../../core/errors.ts';
import type {
  DecisionOption,
  DeckList,
  DeclareDecision,
  DeclareSlot,
  PendingDecision,
  Seat,
  Viewer,
} from '../../core/game.ts';
import type { ScenarioPlan, ScenarioStep } from '../../definition.ts';
import { NotOffered } from '../../scenario/plan.ts';
import { targetKey } from './abilities.ts';
import { FOW_CARDS } from './cards/pool.ts';
import { AttributeSchema } from './cards/schema.ts';
import { BOTTOM_MARKER } from './decisions.ts';
import { fow } from './index.ts';
import {
  attach,
  attributesOf,
  type ChaseItem,
  cardOf,
  characteristics,
  draw,
  type FowState,
  moveObject,
  objectOf,
  type Phase,
  racesOf,
  refOf,
  type TargetRef,
  type Will,
  wornBy,
  type Zone,
} from './state.ts';
import { fowSecrets } from './view.ts';

const SEATS: readonly Seat[] = ['p1', 'p2'];
const SeatSchema = z.enum(['p1', 'p2']);
const CardSchema = z.string().refine((id) => FOW_CARDS.has(id), { message: 'not a Force of Will card id' });
const PerSeat = <T extends z.ZodType>(t: T) => z.strictObject({ p1: t.optional(), p2: t.optional() });

const COUNTERS = ['+100/+100', '-100/-100', 'mana', 'evolution', 'limit', 'astral'] as const;
const CountersSchema = z.partialRecord(z.enum(COUNTERS), z.number().int().min(0));

/** A card in a zone: its id, or its id with a label (to tell copies apart) and its state on the field. */
const PlacedSchema = z.union([
  CardSchema,
  z.strictObject({
    card: CardSchema,
    label: z.string().min(1).optional(),
    rested: z.boolean().optional(),
    damage: z.number().int().min(0).optional(),
    counters: CountersSchema.optional(),
    /** 803.3a, 905.3: it came onto the field this turn (default: before the game's first turn). */
    entered: z.boolean().optional(),
    /** 1109.2: played awakened. */
    awakened: z.boolean().optional(),
    /** 1002: the label or card id of the card it is attached to. */
    attachedTo: z.string().optional(),
    /** The player controlling it when it is not its owner. */
    controller: SeatSchema.optional(),
    /** 1117: a [Shift] card on its future face (back). */
    face: z.enum(['front', 'back']).optional(),
  }),
]);
type Placed = z.infer<typeof PlacedSchema>;

const WillSchema = z.enum(['L', 'R', 'U', 'G', 'B', 'void', 'moon', 'time']);

const RulerSchema = z.strictObject({
  card: CardSchema.optional(),
  rested: z.boolean().optional(),
  /** 705.3: on the field as a J-ruler (its back face up). */
  jruler: z.boolean().optional(),
  /** 1304.5a: a colossal ruler on the field as its 2nd J-ruler. */
  second: z.boolean().optional(),
  damage: z.number().int().min(0).optional(),
  counters: CountersSchema.optional(),
  judged: z.boolean().optional(),
  called: z.boolean().optional(),
});

const SideSchema = z.strictObject({
  ruler: RulerSchema.optional(),
  life: z.number().int().optional(),
  /** Exactly these cards (default: none; with `phase: pregame`, the opening hand, filled from the deck). */
  hand: z.array(PlacedSchema).optional(),
  field: z.array(PlacedSchema).optional(),
  graveyard: z.array(PlacedSchema).optional(),
  removed: z.array(PlacedSchema).optional(),
  /** Face down; `{ card, label, setThisTurn: true }` is not playable from there this turn (708.5). */
  standby: z
    .array(
      z.union([
        CardSchema,
        z.strictObject({ card: CardSchema, label: z.string().optional(), setThisTurn: z.boolean().optional() }),
      ]),
    )
    .optional(),
  /** The top of the main deck, top first (the rest is filler). */
  deck: z.array(PlacedSchema).optional(),
  /** The top of the magic stone deck, top first. */
  stoneDeck: z.array(PlacedSchema).optional(),
  /** The rune deck, face down in the rune area (315). */
  runes: z.array(PlacedSchema).optional(),
  /** The extra deck (314; the ruler needs [Grimoire], 402.5c): card ids. */
  extra: z.array(CardSchema).optional(),
  /** Will in the pool (1003): L R U G B, void (no attribute), moon, time. */
  will: z.array(WillSchema).optional(),
  /** The main deck's size after setup: the cards below are put in the removed area (for an empty deck, 0). */
  deckSize: z.number().int().min(0).optional(),
  /** Cards played this turn so far (1124 Torrent). */
  played: z.number().int().min(0).optional(),
  /** Gems in the item area (1027.1), by attribute. */
  gems: z.array(AttributeSchema).optional(),
  /** Cards in the item area worn by this player's J/ruler (1032.1). */
  worn: z.array(PlacedSchema).optional(),
});
type Side = z.infer<typeof SideSchema>;

const ChaseSchema = z.strictObject({
  card: CardSchema,
  label: z.string().optional(),
  controller: SeatSchema,
  /** Labels or card ids of objects, or p1 / p2, in the order the card's effects name them. */
  targets: z.array(z.string()).default([]),
});

const CardExpect = z.strictObject({
  zone: z.string().optional(),
  controller: SeatSchema.optional(),
  rested: z.boolean().optional(),
  damage: z.number().int().optional(),
  atk: z.number().int().nullable().optional(),
  def: z.number().int().nullable().optional(),
  counters: CountersSchema.optional(),
  /** Keywords it has now (909.1) and keywords it must not have. */
  keywords: z.array(z.string()).optional(),
  noKeywords: z.array(z.string()).optional(),
  /** Its attributes now (909.1c), in any order. */
  attributes: z.array(z.string()).optional(),
  /** Its races now (909.1c, 1020.1), in any order. */
  races: z.array(z.string()).optional(),
  face: z.enum(['front', 'back', 'second']).optional(),
  attachedTo: z.string().nullable().optional(),
  /** Players who cannot tell which card it is (their view hides its identity). */
  hiddenFrom: z.array(SeatSchema).optional(),
  /** Players who can. */
  visibleTo: z.array(SeatSchema).optional(),
});

const ExpectSchema = z.strictObject({
  winner: z.enum(['p1', 'p2', 'draw', 'none']).optional(),
  /** The rule the result cites (e.g. 1202.1). */
  resultRule: z.string().optional(),
  /** The pending decision: its player and kind, or none. */
  pending: z.union([z.literal('none'), z.strictObject({ player: SeatSchema, kind: z.string() })]).optional(),
  turn: z.number().int().optional(),
  active: SeatSchema.optional(),
  phase: z.string().optional(),
  /** The battle step, or none. */
  battle: z.string().optional(),
  attacker: z.string().nullable().optional(),
  blocker: z.string().nullable().optional(),
  battleLocked: z.boolean().optional(),
  /** The chase, bottom first: card ids of its items (abilities show their source's card). */
  chase: z.array(z.string()).optional(),
  life: PerSeat(z.number().int()).optional(),
  hand: PerSeat(z.array(z.string())).optional(),
  handCount: PerSeat(z.number().int()).optional(),
  deckCount: PerSeat(z.number().int()).optional(),
  stoneDeckCount: PerSeat(z.number().int()).optional(),
  /** The top cards of the main deck, top first, and the bottom cards, bottom last. */
  deckTop: PerSeat(z.array(z.string())).optional(),
  deckBottom: PerSeat(z.array(z.string())).optional(),
  /** Card ids controlled on the field (J-ruler and magic stones included; order does not matter). */
  field: PerSeat(z.array(z.string())).optional(),
  graveyard: PerSeat(z.array(z.string())).optional(),
  removed: PerSeat(z.array(z.string())).optional(),
  standbyCount: PerSeat(z.number().int()).optional(),
  /** Will in the pool, as in setup (order does not matter). */
  will: PerSeat(z.array(WillSchema)).optional(),
  coins: PerSeat(z.number().int()).optional(),
  /** Gems in the item area (1027.1), by attribute, oldest first. */
  gems: PerSeat(z.array(z.string())).optional(),
  /** Card ids worn by each player's J/ruler (1032.2), in any order. */
  worn: PerSeat(z.array(z.string())).optional(),
  /** Each player's weather (1028.1), or null for none (1028.1a). */
  weather: PerSeat(z.string().nullable()).optional(),
  /** Per label or card id (`p1.ruler`, `p2.ruler` name the rulers). */
  cards: z.record(z.string(), CardExpect).optional(),
  /** Options of the pending decision: "<kind>" or "<kind> <label or card id>". */
  offers: z.array(z.string()).optional(),
  notOffered: z.array(z.string()).optional(),
});
type Expect = z.infer<typeof ExpectSchema>;

const AnswerSchema = z.strictObject({
  player: SeatSchema,
  /** An option kind (or id): pass, play, activate, will, judgment, call, standby, battle, rune, attack, abandon,
   * block, no-block, target, card, trigger, keep, exchange, yes, no, auto, cancel, pay, incarnate, front, back… */
  choose: z.string(),
  /** The card the option is about: a label or a card id. */
  card: z.string().optional(),
  /** For attack and target options: p1, p2, a label or card id (a chase item is named by its card). */
  target: z.string().optional(),
  /** For will options: the symbol produced. */
  symbol: z.string().optional(),
  /** Several cards at once (exchange, discard, banish, foresee with rest-to-bottom), in order. */
  cards: z.array(z.string()).optional(),
  /** A distribution (Pierce): option id → amount. */
  split: z.record(z.string(), z.number().int()).optional(),
});
type Answer = z.infer<typeof AnswerSchema>;

const PassUntil = z.union([
  z.enum(['empty', 'main', 'next-turn', 'end']),
  z.string().regex(/^[a-z-]+$/, 'a decision kind'),
]);

const StepSchema = z.union([
  AnswerSchema,
  z.strictObject({ refused: AnswerSchema }),
  z.strictObject({ passUntil: PassUntil }),
  z.strictObject({ expect: ExpectSchema }),
]);
type Step = z.infer<typeof StepSchema>;

const ScenarioSchema = z.strictObject({
  rule: z.string().min(1),
  game: z.literal('fow'),
  seed: z.string().default('scenario'),
  /** Where it starts: pregame (the exchange declarations), or the first priority of that phase of turn `turn`. */
  phase: z.enum(['pregame', 'draw', 'main', 'end']).default('main'),
  turn: z.number().int().min(1).default(1),
  setup: PerSeat(SideSchema).default({}),
  chase: z.array(ChaseSchema).default([]),
  script: z.array(StepSchema).default([]),
  expect: ExpectSchema.default({}),
  expectIllegalAt: z.number().int().min(1).optional(),
});
type Scenario = z.infer<typeof ScenarioSchema>;

const DEFAULT_RULER: Record<Seat, string> = { p1: 'aurelle-ember-warden', p2: 'nerissa-tide-oracle' };

/** Main deck filler: resonators with no ability that acts on its own, four of each at most (402.7). */
const FILLER = [
  'bastion-golem',
  'echo-wisp',
  'verdant-larva',
  'star-sworn-squire',
  'hollowheart-hermit',
  'sigil-warden-familiar',
  'clockwork-apprentice',
  'wellspring-dryad',
  'mistveil-archivist',
  'gloamfang-stalker',
  'skyveil-kite',
  'ashen-bombardier',
];
const MAIN_SIZE = 40; // 402.3
const STONE_SIZE = 10; // 402.4

const cardIdOf = (p: Placed | { card: string }) => (typeof p === 'string' ? p : p.card);

function deckFor(sc: Scenario, seat: Seat): DeckList {
  const side: Side = sc.setup[seat] ?? {};
  const named = [
    ...(side.hand ?? []),
    ...(side.field ?? []),
    ...(side.graveyard ?? []),
    ...(side.removed ?? []),
    ...(side.standby ?? []),
    ...(side.deck ?? []),
    ...(side.worn ?? []),
    ...(side.stoneDeck ?? []),
  ].map(cardIdOf);
  for (const c of sc.chase) if (c.controller === seat) named.push(c.card);
  const isStone = (id: string) => cardOf(id).types.includes('magic-stone');
  const main = named.filter((c) => !isStone(c));
  const stones = named.filter(isStone);
  const count = (c: string) => main.filter((x) => x === c).length;
  for (const f of FILLER) while (main.length < MAIN_SIZE && count(f) < 4) main.push(f);
  while (stones.length < STONE_SIZE) stones.push('fire-magic-stone');
  return {
    ruler: [side.ruler?.card ?? DEFAULT_RULER[seat]],
    main,
    stones,
    ...(side.runes ? { rune: side.runes.map(cardIdOf) } : {}),
    ...(side.extra ? { extra: [...side.extra] } : {}),
  };
}

/** Answers the pending pick with its pass or decline; a choice without one takes its first options. */
function decline(s: FowState): FowState {
  const p = fow.pending(s);
  if (!p) throw new NotOffered('nothing is pending');
  if (p.shape === 'distribute') {
    const first = p.targets[0];
    return fow.apply(s, p.player, { decisionId: p.id, choose: [], split: first ? { [first.id]: p.total } : {} });
  }
  if (p.shape !== undefined && p.shape !== 'pick') throw new NotOffered(`cannot decline a ${p.shape} decision`);
  const passive = p.options.find((o) => o.role === 'pass' || o.role === 'passive');
  if (passive) return fow.apply(s, p.player, { decisionId: p.id, choose: [passive.id] });
  const first = p.options.filter((o) => o.id !== 'cancel').slice(0, Math.max(p.min, 1));
  return fow.apply(s, p.player, { decisionId: p.id, choose: first.map((o) => o.id) });
}

const atMainTiming = (s: FowState) => {
  const p = fow.pending(s);
  return (
    p?.kind === 'priority' &&
    p.player === s.turn.active &&
    s.turn.phase === 'main' &&
    s.battle === null &&
    s.chase.length === 0
  );
};

const firstPriorityOf = (s: FowState, phase: Phase) => {
  const p = fow.pending(s);
  return p?.kind === 'priority' && p.player === s.turn.active && s.turn.phase === phase && s.chase.length === 0;
};

type Labels = Map<string, string>;

interface Built {
  state: FowState;
  labels: Labels;
}

function willOf(symbol: z.infer<typeof WillSchema>): Will {
  if (symbol === 'moon' || symbol === 'time') return { attr: null, trait: symbol };
  if (symbol === 'void') return { attr: null, trait: null };
  return { attr: symbol, trait: null };
}

function symbolOf(w: Will): z.infer<typeof WillSchema> {
  return w.attr ?? w.trait ?? 'void';
}

/** 403.4: the first player is random; the scenario's seed is tried with a counter until p1 goes first. */
function firstTurnToP1(seed: string, decks: Record<Seat, DeckList>): FowState {
  for (let i = 0; i < 64; i++) {
    const s = fow.setup({ game: 'fow', decks }, i === 0 ? seed : `${seed}-${i}`);
    if (s.firstPlayer === 'p1') return s;
  }
  throw new Error('setup: no seed gives p1 the first turn');
}

function position(sc: Scenario): Built {
  const decks = { p1: deckFor(sc, 'p1'), p2: deckFor(sc, 'p2') };
  let s = firstTurnToP1(sc.seed, decks);
  const labels: Labels = new Map([
    ['p1.ruler', s.players.p1.ruler],
    ['p2.ruler', s.players.p2.ruler],
  ]);
  const taken = new Set<string>();
  const take = (
    seat: Seat,
    entry: Placed | { card: string; label?: string | undefined },
    from: 'main' | 'stones' | 'runes',
  ): string => {
    const card = cardIdOf(entry);
    const p = s.players[seat];
    const pool = from === 'runes' ? p.runes : [...p.main, ...p.hand, ...p.stones];
    const id = pool.find((x) => !taken.has(x) && objectOf(s, x).card === card);
    if (!id) throw new Error(`setup: no ${card} left for ${seat}`);
    taken.add(id);
    const label = typeof entry === 'string' ? undefined : entry.label;
    if (label !== undefined) {
      if (labels.has(label) || FOW_CARDS.has(label))
        throw new Error(`setup: the label "${label}" is used twice or is a card id`);
      labels.set(label, id);
    }
    return id;
  };

  if (sc.phase === 'pregame') {
    // The opening hand is the named cards (filled from the deck): as if the shuffle had put them on top (403.2).
    for (const seat of SEATS) {
      const side = sc.setup[seat] ?? {};
      const p = s.players[seat];
      for (const id of [...p.hand]) moveObject(s, id, 'main', 'bottom');
      const hand = (side.hand ?? []).map((e) => take(seat, e, 'main'));
      const top = (side.deck ?? []).map((e) => take(seat, e, 'main'));
      p.main = [...hand, ...top, ...p.main.filter((x) => !hand.includes(x) && !top.includes(x))];
      const drawn = s.log.length;
      draw(s, seat, 5);
      s.log.length = drawn;
    }
    s.log = [];
    return { state: s, labels };
  }

  s = fow.apply(s, 'p1', { decisionId: fow.pending(s)?.id ?? '', choose: ['keep'] });
  s = fow.apply(s, 'p2', { decisionId: fow.pending(s)?.id ?? '', choose: ['keep'] });
  const phase: Phase = sc.phase;
  for (let i = 0; i < 2000 && !(s.turn.number === sc.turn && firstPriorityOf(s, phase)); i++) {
    if (s.result || s.turn.number > sc.turn) throw new Error(`setup: turn ${sc.turn} ${phase} was not reached`);
    s = decline(s);
  }
  if (!(s.turn.number === sc.turn && firstPriorityOf(s, phase)))
    throw new Error(`setup: turn ${sc.turn} ${phase} was not reached`);

  for (const seat of SEATS) {
    const side = sc.setup[seat] ?? {};
    const p = s.players[seat];
    // The hand is exactly what the scenario names.
    for (const id of [...p.hand]) moveObject(s, id, 'main', 'bottom');
    const place = (entries: readonly Placed[] | undefined, zone: Zone) => {
      const ids: string[] = [];
      for (const e of entries ?? []) {
        const isStone = cardOf(cardIdOf(e)).types.includes('magic-stone');
        const id = take(seat, e, isStone ? 'stones' : 'main');
        moveObject(s, id, zone);
        ids.push(id);
        const o = objectOf(s, id);
        if (zone === 'field') {
          // 803.3a: on the field since before the turn began, unless it `entered` this turn.
          const since = typeof e !== 'string' && e.entered ? s.turn.number : 0;
          o.fieldSince = since;
          o.controlSince = since;
        }
        if (typeof e === 'string') continue;
        if (e.rested !== undefined) o.rested = e.rested;
        if (e.damage !== undefined) o.damage = e.damage;
        if (e.counters) o.counters = { ...e.counters };
        if (e.awakened) o.awakened = true;
        if (e.controller) o.controller = e.controller;
        if (e.face) o.face = e.face;
      }
      return ids;
    };
    place(side.hand, 'hand');
    place(side.field, 'field');
    place(side.graveyard, 'graveyard');
    place(side.removed, 'removed');
    for (const e of side.standby ?? []) {
      const id = take(seat, e, 'main');
      moveObject(s, id, 'standby');
      objectOf(s, id).standbyTurn = typeof e !== 'string' && e.setThisTurn ? s.turn.number : s.turn.number - 1;
    }
    const top = (side.deck ?? []).map((e) => take(seat, e, 'main'));
    p.main = [...top, ...p.main.filter((x) => !top.includes(x))];
    if (side.deckSize !== undefined) for (const id of p.main.slice(side.deckSize)) moveObject(s, id, 'removed');
    const stoneTop = (side.stoneDeck ?? []).map((e) => take(seat, e, 'stones'));
    p.stones = [...stoneTop, ...p.stones.filter((x) => !stoneTop.includes(x))];
    for (const e of side.runes ?? []) take(seat, e, 'runes');
    if (side.life !== undefined) p.life = side.life;
    if (side.will) p.pool = side.will.map(willOf);
    if (side.played !== undefined) p.playedThisTurn = side.played;
    if (side.gems !== undefined && side.gems.length > 0) p.gems = [...side.gems];
    for (const id of place(side.worn, 'item')) objectOf(s, id).wornBy = refOf(s, p.ruler); // 1032.1
    const r = side.ruler;
    if (r) {
      const ruler = objectOf(s, p.ruler);
      if (r.jruler || r.second) {
        moveObject(s, ruler.id, 'field');
        ruler.face = r.second ? 'second' : 'back';
        p.judgedThisTurn = true;
      }
      if (r.rested !== undefined) ruler.rested = r.rested;
      if (r.damage !== undefined) ruler.damage = r.damage;
      if (r.counters) ruler.counters = { ...ruler.counters, ...r.counters };
      if (r.judged !== undefined) p.judgedThisTurn = r.judged;
      if (r.called !== undefined) p.calledThisTurn = r.called;
    }
  }
  // Attachments once every card is placed (1002).
  for (const seat of SEATS) {
    for (const e of sc.setup[seat]?.field ?? []) {
      if (typeof e === 'string' || e.attachedTo === undefined || e.label === undefined) {
        if (typeof e !== 'string' && e.attachedTo !== undefined)
          throw new Error(`setup: a card attached to another needs a label (${e.card})`);
        continue;
      }
      attach(s, resolveRef(s, labels, e.label), resolveRef(s, labels, e.attachedTo));
    }
  }
  // The chase, bottom first: cards already played with their targets chosen (903.2.k).
  for (const c of sc.chase) {
    const id = take(c.controller, c, 'main');
    moveObject(s, id, 'chase');
    const card = cardOf(c.card);
    const item: ChaseItem = {
      id: `c${s.nextId++}`,
      kind: 'card',
      controller: c.controller,
      source: refOf(s, id),
      card: c.card,
      effects: [...card.effects],
      targets: c.targets.map((t) => targetRefOf(s, labels, t)),
      awakened: false,
      torrent: false,
      remnant: false,
    };
    s.chase.push(item);
  }
  s.log = [];
  return { state: s, labels };
}

/** A label, `p1.ruler`, or a card id naming exactly one object. */
function resolveRef(s: FowState, labels: Labels, ref: string): string {
  const labelled = labels.get(ref);
  if (labelled) return labelled;
  if (!FOW_CARDS.has(ref)) throw new Error(`"${ref}" is neither a label nor a card id`);
  const outsideDecks = (z: Zone) => z !== 'main' && z !== 'stones';
  const visible = Object.values(s.objects).filter(
    (o) => o.card === ref && !o.copy && outsideDecks(o.zone) && !isLabelled(labels, o.id),
  );
  const [one, two] = visible;
  if (!one) throw new Error(`no unlabelled ${ref} outside the decks`);
  if (two) throw new Error(`${ref} names several objects: give them labels`);
  return one.id;
}

function targetRefOf(s: FowState, labels: Labels, ref: string): TargetRef {
  if (ref === 'p1' || ref === 'p2') return { player: ref };
  const id = resolveRef(s, labels, ref);
  const item = s.chase.find((i) => i.source.id === id);
  return item ? { item: item.id } : { object: refOf(s, id) };
}

/** Whether `ref` (a label or a card id) names this object. */
/** Whether `ref` (a label, or a card id naming the copies without a label of their own) names this object. */
function names(s: FowState, labels: Labels, ref: string, id: string): boolean {
  const labelled = labels.get(ref);
  if (labelled !== undefined) return labelled === id;
  return s.objects[id]?.card === ref && !isLabelled(labels, id);
}

/** The object `ref` names (a label, or the first unlabelled copy of a card id), for an answer not offered. */
function objectIdOf(s: FowState, labels: Labels, ref: string): string {
  const id = labels.get(ref) ?? Object.keys(s.objects).find((x) => names(s, labels, ref, x));
  if (id === undefined) throw new NotOffered(`nothing is named "${ref}"`);
  return id;
}

/** A copy given a label in the setup is named by its label only (the rulers' implicit labels do not count). */
function isLabelled(labels: Labels, id: string): boolean {
  for (const [label, x] of labels) if (x === id && label !== 'p1.ruler' && label !== 'p2.ruler') return true;
  return false;
}

/** The object an option is about: its object, a triggered item's source, or a chase item's card. */
function aboutOf(s: FowState, o: DecisionOption): string | undefined {
  if (o.objectId) return o.objectId;
  if (o.id.startsWith('trig:')) return s.triggered.find((t) => `trig:${t.id}` === o.id)?.source.id;
  if (o.id.startsWith('item:')) return s.chase.find((i) => `item:${i.id}` === o.id)?.source.id;
  return undefined;
}

/** The target key an attack or target option names. */
function targetKeyOf(o: DecisionOption): string | undefined {
  if (o.kind === 'target') return o.id;
  if (o.kind === 'attack') return o.id.split(':').slice(2).join(':');
  return undefined;
}

function targetMatches(s: FowState, labels: Labels, ref: string, key: string | undefined): boolean {
  if (key === undefined) return false;
  if (ref === 'p1' || ref === 'p2') return key === targetKey({ player: ref });
  if (key.startsWith('obj:')) return names(s, labels, ref, key.slice('obj:'.length));
  if (key.startsWith('item:')) {
    const item = s.chase.find((i) => `item:${i.id}` === key);
    return item !== undefined && names(s, labels, ref, item.source.id);
  }
  return false;
}

function optionMatches(s: FowState, labels: Labels, a: Omit<Answer, 'player'>, o: DecisionOption): boolean {
  if (o.kind !== a.choose && o.id !== a.choose) return false;
  if (a.card !== undefined) {
    const about = aboutOf(s, o);
    if (about === undefined || !names(s, labels, a.card, about)) return false;
  }
  if (a.target !== undefined && !targetMatches(s, labels, a.target, targetKeyOf(o))) return false;
  if (a.symbol !== undefined && !o.id.endsWith(`:${a.symbol}`)) return false;
  return true;
}

function pendingOf(s: FowState): PendingDecision {
  const p = fow.pending(s);
  if (!p) throw new NotOffered(s.result ? 'the game is over' : 'nothing is pending');
  return p;
}

function applyAnswer(s: FowState, labels: Labels, a: Answer): FowState {
  const p = pendingOf(s);
  if (p.player !== a.player) throw new NotOffered(`${p.player} is asked (${p.kind}), not ${a.player}`);
  if (p.shape === 'distribute') {
    if (!a.split) throw new NotOffered(`a distribution is asked (${p.kind}): give split`);
    return fow.apply(s, a.player, { decisionId: p.id, choose: [], split: a.split });
  }
  if (p.shape === 'declare') return declare(s, labels, a, p);
  if (p.shape !== undefined && p.shape !== 'pick') throw new NotOffered(`a ${p.shape} decision is asked (${p.kind})`);
  if (a.cards) {
    const ids = a.cards.map((ref) => {
      if (ref === BOTTOM_MARKER) return BOTTOM_MARKER;
      const o = p.options.find(
        (x) => x.objectId !== undefined && names(s, labels, ref, x.objectId) && x.kind === a.choose,
      );
      if (!o) throw new NotOffered(`no "${a.choose} ${ref}" for ${a.player} (${p.kind})`);
      return o.id;
    });
    return fow.apply(s, a.player, { decisionId: p.id, choose: ids });
  }
  const option = p.options.find((o) => optionMatches(s, labels, a, o));
  if (!option) throw new NotOffered(`no "${describeAnswer(a)}" for ${a.player} (${p.kind})`);
  return fow.apply(s, a.player, { decisionId: p.id, choose: [option.id] });
}

/**
 * A declaration (the banish of 1110.2): `cards` fills its slots, each card in the first open slot that offers it, in
 * the order given; `choose: cancel` goes back. A card no open slot offers is answered as given (the first open slot),
 * so that the engine's own refusal is what a `refused:` step sees.
 */
function declare(s: FowState, labels: Labels, a: Answer, p: DeclareDecision): FowState {
  if (a.choose === 'cancel' && !a.cards)
    return fow.apply(s, a.player, { decisionId: p.id, choose: [], control: 'back' });
  if (!a.cards) throw new NotOffered(`a declaration is asked (${p.kind}): give cards, or choose cancel`);
  const out: Record<string, string[]> = {};
  const open = () => p.slots.filter((slot) => out[slot.id] === undefined);
  for (const ref of a.cards) {
    const offered = (slot: DeclareSlot) =>
      slot.options.find((o) => o.objectId !== undefined && names(s, labels, ref, o.objectId) && o.kind === a.choose);
    const slot = open().find((x) => offered(x)) ?? open()[0];
    if (!slot) throw new NotOffered(`more cards than ${p.kind} has lines`);
    const option = offered(slot);
    const id = option?.id ?? `${a.choose}:${objectIdOf(s, labels, ref)}`;
    out[slot.id] = [id];
  }
  return fow.apply(s, a.player, { decisionId: p.id, choose: [], declare: out });
}

function passUntil(s: FowState, until: z.infer<typeof PassUntil>): FowState {
  let out = s;
  const turn = s.turn.number;
  for (let i = 0; i < 1000; i++) {
    const p = fow.pending(out);
    if (!p || out.result) return out;
    if (until === 'empty' && p.kind === 'priority' && out.chase.length === 0) return out;
    if (until === 'main' && i > 0 && atMainTiming(out)) return out;
    if (until === 'next-turn' && out.turn.number > turn && atMainTiming(out)) return out;
    if (until === 'end' && firstPriorityOf(out, 'end')) return out;
    if (p.kind === until) return out;
    out = decline(out);
  }
  throw new NotOffered(`passUntil ${until}: not reached`);
}

const describeAnswer = (a: Omit<Answer, 'player'>) =>
  [a.choose, a.card, a.target ? `→ ${a.target}` : undefined, a.symbol, a.cards?.join(',')]
    .filter((x) => x !== undefined)
    .join(' ');

const viewerOf = (seat: Seat): Viewer => ({ kind: 'player', seat });

function check(s: FowState, labels: Labels, e: Expect): string[] {
  const out: string[] = [];
  const differ = (what: string, want: unknown, got: unknown) => {
    if (JSON.stringify(want) !== JSON.stringify(got))
      out.push(`${what}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  };
  const cards = (ids: readonly string[]) => ids.map((id) => objectOf(s, id).card).sort();
  const refOrNull = (id: string | null | undefined) => {
    if (!id) return null;
    for (const [l, x] of labels) if (x === id) return l;
    return objectOf(s, id).card;
  };
  if (e.winner !== undefined)
    differ('winner', e.winner, !s.result ? 'none' : s.result.kind === 'win' ? s.result.winner : 'draw');
  if (e.resultRule !== undefined) differ('result rule', e.resultRule, s.result?.rule ?? null);
  const p = fow.pending(s);
  if (e.pending !== undefined) differ('pending', e.pending, p ? { player: p.player, kind: p.kind } : 'none');
  if (e.turn !== undefined) differ('turn', e.turn, s.turn.number);
  if (e.active !== undefined) differ('active', e.active, s.turn.active);
  if (e.phase !== undefined) differ('phase', e.phase, s.turn.phase);
  if (e.battle !== undefined) differ('battle', e.battle, s.battle?.step ?? 'none');
  if (e.attacker !== undefined) differ('attacker', e.attacker, refOrNull(s.battle?.attacker));
  if (e.blocker !== undefined) differ('blocker', e.blocker, refOrNull(s.battle?.blocker));
  if (e.battleLocked !== undefined) differ('battle locked', e.battleLocked, s.battleLocked);
  if (e.chase)
    differ(
      'chase',
      e.chase,
      s.chase.map((i) => i.card),
    );
  for (const seat of SEATS) {
    const pl = s.players[seat];
    if (e.life?.[seat] !== undefined) differ(`${seat} life`, e.life[seat], pl.life);
    if (e.hand?.[seat]) differ(`${seat} hand`, [...e.hand[seat]].sort(), cards(pl.hand));
    if (e.handCount?.[seat] !== undefined) differ(`${seat} hand count`, e.handCount[seat], pl.hand.length);
    if (e.deckCount?.[seat] !== undefined) differ(`${seat} deck count`, e.deckCount[seat], pl.main.length);
    if (e.stoneDeckCount?.[seat] !== undefined)
      differ(`${seat} magic stone deck count`, e.stoneDeckCount[seat], pl.stones.length);
    const top = e.deckTop?.[seat];
    if (top)
      differ(
        `${seat} deck top`,
        top,
        pl.main.slice(0, top.length).map((id) => objectOf(s, id).card),
      );
    const bottom = e.deckBottom?.[seat];
    if (bottom)
      differ(
        `${seat} deck bottom`,
        bottom,
        pl.main.slice(pl.main.length - bottom.length).map((id) => objectOf(s, id).card),
      );
    if (e.field?.[seat])
      differ(
        `${seat} field`,
        [...e.field[seat]].sort(),
        cards(s.field.filter((id) => objectOf(s, id).controller === seat)),
      );
    if (e.graveyard?.[seat]) differ(`${seat} graveyard`, [...e.graveyard[seat]].sort(), cards(pl.graveyard));
    if (e.removed?.[seat]) differ(`${seat} removed area`, [...e.removed[seat]].sort(), cards(pl.removed));
    if (e.standbyCount?.[seat] !== undefined) differ(`${seat} standby count`, e.standbyCount[seat], pl.standby.length);
    if (e.will?.[seat]) differ(`${seat} will`, [...e.will[seat]].sort(), pl.pool.map(symbolOf).sort());
    if (e.coins?.[seat] !== undefined) differ(`${seat} will coins`, e.coins[seat], pl.coins.length);
    if (e.gems?.[seat] !== undefined) differ(`${seat} gems`, e.gems[seat], pl.gems ?? []);
    if (e.worn?.[seat] !== undefined)
      differ(
        `${seat} worn`,
        [...e.worn[seat]].sort(),
        wornBy(s, pl.ruler)
          .map((id) => objectOf(s, id).card)
          .sort(),
      );
    if (e.weather?.[seat] !== undefined) differ(`${seat} weather`, e.weather[seat], pl.weather ?? null);
  }
  for (const [ref, want] of Object.entries(e.cards ?? {})) {
    let id: string;
    try {
      id = resolveRef(s, labels, ref);
    } catch (err) {
      out.push(`${ref}: ${(err as Error).message}`);
      continue;
    }
    const o = objectOf(s, id);
    const onTable = o.zone === 'field' || o.zone === 'ruler';
    const c = onTable ? characteristics(s, id) : null;
    if (want.zone !== undefined) differ(`${ref} zone`, want.zone, o.zone);
    if (want.controller !== undefined) differ(`${ref} controller`, want.controller, o.controller);
    if (want.rested !== undefined) differ(`${ref} rested`, want.rested, o.rested);
    if (want.damage !== undefined) differ(`${ref} damage`, want.damage, o.damage);
    if (want.atk !== undefined) differ(`${ref} ATK`, want.atk, c?.atk ?? null);
    if (want.def !== undefined) differ(`${ref} DEF`, want.def, c?.def ?? null);
    if (want.counters) {
      const got = Object.fromEntries(Object.entries(o.counters).filter(([, n]) => (n ?? 0) > 0));
      const wanted = Object.fromEntries(Object.entries(want.counters).filter(([, n]) => (n ?? 0) > 0));
      differ(`${ref} counters`, sortKeys(wanted), sortKeys(got));
    }
    for (const k of want.keywords ?? [])
      if (!c?.keywords.includes(k as never)) out.push(`${ref}: does not have [${k}] (has ${c?.keywords.join(', ')})`);
    for (const k of want.noKeywords ?? []) if (c?.keywords.includes(k as never)) out.push(`${ref}: has [${k}]`);
    if (want.attributes !== undefined)
      differ(`${ref} attributes`, [...want.attributes].sort(), [...attributesOf(s, id)].sort());
    if (want.races !== undefined) differ(`${ref} races`, [...want.races].sort(), [...racesOf(s, id)].sort());
    if (want.face !== undefined) differ(`${ref} face`, want.face, o.face);
    if (want.attachedTo !== undefined) differ(`${ref} attached to`, want.attachedTo, refOrNull(o.attachedTo));
    for (const seat of want.hiddenFrom ?? [])
      if (!isHiddenFrom(s, id, seat)) out.push(`${ref}: ${seat} can tell which card it is`);
    for (const seat of want.visibleTo ?? [])
      if (isHiddenFrom(s, id, seat)) out.push(`${ref}: ${seat} cannot tell which card it is`);
  }
  const options = p && (p.shape === undefined || p.shape === 'pick') ? p.options : [];
  const offered = (spec: string) => {
    const [kind = '', ref] = spec.split(' ');
    return options.some((o) => optionMatches(s, labels, { choose: kind, ...(ref ? { card: ref } : {}) }, o));
  };
  for (const spec of e.offers ?? [])
    if (!offered(spec)) out.push(`offers: no "${spec}" among ${JSON.stringify(options.map((o) => o.id))}`);
  for (const spec of e.notOffered ?? []) if (offered(spec)) out.push(`notOffered: "${spec}" is offered`);
  return out;
}

function isHiddenFrom(s: FowState, id: string, seat: Seat): boolean {
  return fowSecrets(s, viewerOf(seat)).hidden.some((h) => h.objectId === id);
}

function sortKeys(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
}

function stepOf(step: Step, labels: Labels): ScenarioStep<FowState> {
  if ('expect' in step) return { kind: 'check', check: (s: FowState) => check(s, labels, step.expect) };
  if ('passUntil' in step)
    return {
      kind: 'apply',
      describe: `pass until ${step.passUntil}`,
      apply: (s: FowState) => passUntil(s, step.passUntil),
    };
  if ('refused' in step) {
    const a = step.refused;
    return {
      kind: 'apply',
      describe: `refused: ${a.player} ${describeAnswer(a)}`,
      apply(s: FowState) {
        try {
          applyAnswer(s, labels, a);
        } catch (err) {
          if (err instanceof NotOffered || err instanceof IllegalAction) return s; // refused: nothing changes
          throw err;
        }
        throw new Error('was accepted');
      },
    };
  }
  return {
    kind: 'apply',
    describe: `${step.player} ${describeAnswer(step)}`,
    apply: (s: FowState) => applyAnswer(s, labels, step),
  };
}

export function fowScenarioPlan(raw: unknown, file: string): ScenarioPlan<FowState> {
  const parsed = ScenarioSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`${file}: not a valid Force of Will scenario: ${parsed.error.message}`);
  const sc = parsed.data;
  const { state, labels } = position(sc);
  return {
    rule: sc.rule,
    start: state,
    steps: sc.script.map((step) => stepOf(step, labels)),
    check: (s) => check(s, labels, sc.expect),
    ...(sc.expectIllegalAt !== undefined ? { expectIllegalAt: sc.expectIllegalAt } : {}),
  };
}
