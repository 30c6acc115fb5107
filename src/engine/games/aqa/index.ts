/**
 * Aquarian Age (rules summary, seed 002) as a GameModule: the kernel (procedures and decision kinds), setup, views,
 * deck rules and invariants. `pending` and `apply` are the kernel's. Rulings G1–G42: docs/rulings/aqa.md.
 */
import { z } from 'zod';
import { InvalidData, UnsupportedRule } from '../../core/errors.ts';
import { type GameModule, type MatchSetup, opponentOf, SEATS, type Seat } from '../../core/game.ts';
import { kernelModule } from '../../core/kernel-module.ts';
import { label } from '../../core/label.ts';
import { createKernel, emptyStack } from '../../core/procedure.ts';
import { nextInt, seedRng, shuffle } from '../../core/rng.ts';
import { redealUnknown, type SearchHooks } from '../../core/search.ts';
import { AQA_DECISIONS } from './decisions.ts';
import { validateAqaDeck } from './deck-rules.ts';
import { evaluateAqa } from './evaluate.ts';
import { unsupportedRuleOf } from './legal.ts';
import { describeResult, logLine } from './log-text.ts';
import { AQA_PROCEDURES, turn } from './procedures.ts';
import { draw, statOf } from './rules.ts';
import {
  AQA_GAME_ID,
  type AqaState,
  type CardObject,
  type Character,
  cardOf,
  emptyParties,
  type LogEntry,
  moveCard,
  PARTIES,
  partyFor,
  type Side,
} from './state.ts';
import { type AqaView, aqaHiddenIds, aqaSecrets, aqaView, visibleLog } from './view.ts';

export const aqaKernel = createKernel<AqaState>({
  procedures: AQA_PROCEDURES,
  decisions: AQA_DECISIONS,
  loopRule: 'G31',
});

const OPENING_HAND = 7; // ruling G4

/**
 * Match options: `responseProtocol` chooses the reading of the response protocol (ruling G19, protocol.ts);
 * `first` fixes the first player (tests); `startingControl` (tests only, e.g. /duel on the fake Discord) puts named
 * characters from a player's deck into their control area, each with power cards up to its mental power from the
 * top of the deck, before the opening draw, so a test reaches a battle without a script.
 */
const OptionsSchema = z
  .object({
    responseProtocol: z.enum(['chain', 'item']).optional(),
    /** Ruling G1: two players only; any other count is refused by name (docs/rulings/aqa.md, scope table). */
    players: z.number().int().optional(),
    first: z.enum(SEATS).optional(),
    startingControl: z
      .strictObject({ p1: z.array(z.string()).optional(), p2: z.array(z.string()).optional() })
      .optional(),
  })
  .passthrough();

function setup(match: MatchSetup, seed: string): AqaState {
  const options = OptionsSchema.safeParse(match.options ?? {});
  if (!options.success) throw new InvalidData(`aqa options: ${options.error.message}`);
  // Ruling G1: the summary's wording allows more than two players (§3-1, §23-1-a), this engine plays two.
  const seats = Object.keys(match.decks);
  const players = options.data.players ?? seats.length;
  if (players !== 2 || seats.some((seat) => seat !== 'p1' && seat !== 'p2'))
    throw new UnsupportedRule('G1', `${players} players: this engine plays Aquarian Age with two (p1 and p2)`);
  let rng = seedRng(seed);
  const objects: Record<string, CardObject> = {};
  let next = 1;
  const deal = (seat: Seat): Side => {
    const deck = match.decks[seat];
    const problems = validateAqaDeck(deck);
    if (problems.length > 0) throw new InvalidData(`${seat}: ${problems.map((p) => p.message.en).join(' ')}`);
    // A card whose text this engine does not implement is refused before the game, never half-played.
    for (const id of deck.main ?? []) {
      const rule = unsupportedRuleOf(cardOf(id));
      if (rule) throw new UnsupportedRule(rule, `${id}: ${cardOf(id).name.en} is not implemented yet`);
    }
    // Ruling G4: shuffled on the server; ids are dealt after the shuffle, so an id says nothing about its card.
    const [order, after] = shuffle(deck.main ?? [], rng);
    rng = after;
    const ids = order.map((card) => {
      const id = `o${next++}`;
      objects[id] = { id, card, owner: seat, zone: 'deck' };
      return id;
    });
    // §24-1, ruling D4: the `side` pool is outside the game, as objects its owner may use (§24-3, ruling R24). Their
    // ids take their own prefix, so a deck with a side pool deals the same deck ids as one without.
    const outside = (deck.side ?? []).map((card, i) => {
      const id = `x${seat}-${i + 1}`;
      objects[id] = { id, card, owner: seat, zone: 'outside' };
      return id;
    });
    return {
      deck: ids,
      hand: [],
      discard: [],
      damage: [],
      removed: [],
      outside,
      parties: emptyParties(),
      control: [],
      lasting: [],
      tookFromEmpty: false,
    };
  };
  const p1 = deal('p1');
  const sides = { p1, p2: deal('p2') };
  // Ruling G4: the first player is chosen at random (seeded).
  const [roll, afterRoll] = nextInt(rng, 2);
  rng = afterRoll;
  const first: Seat = options.data.first ?? (roll === 0 ? 'p1' : 'p2');
  const s: AqaState = {
    game: AQA_GAME_ID,
    version: 0,
    result: null,
    procedures: emptyStack(),
    rng,
    protocol: options.data.responseProtocol ?? 'chain',
    turn: { number: 1, active: first, phase: 'setup' },
    first,
    sides,
    objects,
    characters: {},
    chain: [],
    nextId: 1,
    lastingTargets: {},
    stealthOpen: false,
    log: [],
    logSeq: 0,
  };
  // Test option: every named character is taken from the deck first, then each is given its power from the top.
  const placed: Character[] = [];
  for (const seat of SEATS) {
    for (const card of options.data.startingControl?.[seat] ?? []) {
      const id = s.sides[seat].deck.find((x) => objects[x]?.card === card);
      if (!id) throw new InvalidData(`startingControl: no ${card} in ${seat}'s deck`);
      const c: Character = {
        id: `c${s.nextId++}`,
        owner: seat,
        area: 'control',
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
      s.sides[seat].control.push(c.id);
      placed.push(c);
    }
  }
  for (const c of placed) {
    while (c.power.length < statOf(s, c, 'mnd')) {
      const top = s.sides[c.owner].deck[0];
      if (!top) break;
      moveCard(s, top, 'field');
      c.power.push(top);
    }
  }
  draw(s, first, OPENING_HAND);
  draw(s, opponentOf(first), OPENING_HAND);
  s.log = [];
  aqaKernel.start(s, turn, { party: 0, queue: [], eligible: [] });
  return s;
}

const DECK_SIZE = 40;

/** What must hold after every decision. */
export function aqaInvariants(s: AqaState): string[] {
  const problems = aqaKernel.check(s);
  const seen = new Map<string, string>();
  const note = (id: string, where: string) => {
    if (seen.has(id)) problems.push(`${id} is in ${seen.get(id)} and ${where}`);
    seen.set(id, where);
  };
  for (const seat of SEATS) {
    const side = s.sides[seat];
    for (const zone of ['deck', 'hand', 'discard', 'damage', 'removed', 'outside', 'lasting'] as const) {
      for (const id of side[zone]) {
        const o = s.objects[id];
        if (!o || o.zone !== zone || o.owner !== seat)
          problems.push(`${id} is listed in ${seat}'s ${zone} but is not there`);
        note(id, `${seat} ${zone}`);
      }
    }
    for (const party of PARTIES) {
      for (const cid of side.parties[party]) {
        const c = s.characters[cid];
        if (c?.area !== 'faction' || c.party !== party || c.owner !== seat)
          problems.push(`${cid} misplaced in ${seat}'s ${party} party`);
      }
    }
    for (const cid of side.control) {
      const c = s.characters[cid];
      if (c?.area !== 'control' || c.owner !== seat) problems.push(`${cid} misplaced in ${seat}'s control area`);
    }
  }
  for (const c of Object.values(s.characters)) {
    const listed = c.area === 'control' ? s.sides[c.owner].control : s.sides[c.owner].parties[c.party];
    if (!listed.includes(c.id)) problems.push(`character ${c.id} is in no area`);
    if (c.cards.length === 0) problems.push(`character ${c.id} has no cards`);
    for (const id of [...c.cards, ...c.power, ...c.permanents]) {
      if (s.objects[id]?.zone !== 'field') problems.push(`${id} is on ${c.id} but not on the field`);
      note(id, `character ${c.id}`);
    }
    // G12, §12-2: power never above mental power outside a resolution.
    if (s.chain.length === 0 && c.power.length > statOf(s, c, 'mnd') && c.mods.length === 0)
      problems.push(`${c.id} holds more power than its mental power`);
  }
  for (const d of s.chain) {
    if ('card' in d) {
      if (s.objects[d.card]?.zone !== 'pending') problems.push(`declared card ${d.card} is not pending`);
      note(d.card, `chain ${d.id}`);
    }
  }
  const counts: Record<Seat, number> = { p1: 0, p2: 0 };
  for (const o of Object.values(s.objects)) {
    if (o.token) {
      if (o.zone !== 'field' || !seen.has(o.id)) problems.push(`token ${o.id} is not on a character`);
      continue; // §7-3: not one of the 40 cards
    }
    if (!o.id.startsWith('x')) counts[o.owner] += 1; // the side pool's objects (§24-1) are not of the 40
    if (!seen.has(o.id) && o.zone !== 'pending') problems.push(`${o.id} (${o.zone}) is in no list`);
  }
  for (const seat of SEATS)
    if (counts[seat] !== DECK_SIZE) problems.push(`${seat} owns ${counts[seat]} cards, not ${DECK_SIZE}`);
  if (!s.result && s.sides.p1.damage.length >= 10 && s.sides.p2.damage.length >= 10 && s.chain.length === 0)
    problems.push('both damage zones reached 10 without a result');
  return problems;
}

/**
 * Search hooks (core/search.ts): what `seat` cannot know (their own deck; the opponent's hand and deck together) is
 * dealt again; a position is scored by evaluate.ts.
 */
export const aqaSearch: Omit<SearchHooks<AqaState>, 'simulate'> = {
  determinize: (state, seat, seed) =>
    redealUnknown(state, seat, seed, (s) => {
      const other = s.sides[opponentOf(seat)];
      return [s.sides[seat].deck, [...other.hand, ...other.deck, ...other.outside]];
    }),
  evaluate: evaluateAqa,
};

export const aqa: GameModule<AqaState, AqaView> = kernelModule({
  id: AQA_GAME_ID,
  name: label('Aquarian Age', 'アクエリアンエイジ'),
  rulesVersion: 1,
  kernel: aqaKernel,
  setup,
  // Ruling G2: a player may concede at any time; the other player wins.
  concession: { rule: 'G2', entry: (seat): LogEntry => ({ type: 'conceded', seat }) },
  view: aqaView,
  visibleLog,
  logLine,
  describeResult,
  validateDeck: validateAqaDeck,
  invariants: aqaInvariants,
  hiddenObjectIds: aqaHiddenIds,
  hiddenIdentities: aqaSecrets,
  search: aqaSearch,
});
