// Builds an MTG scenario's starting position: a real game (setup, toss, both keep) played with passes to the asked
// turn and step, then every card of each player put where the file says, in its state. The game's own procedures
// hold the position from there, so the script plays exactly as a match would.
import { InvalidData } from '../../../core/errors.ts';
import { refTo } from '../../../core/events.ts';
import { opponentOf, type Seat } from '../../../core/game.ts';
import { MTG_CARDS } from '../cards/pool.ts';
import type { MtgCard } from '../cards/schema.ts';
import { mtg } from '../index.ts';
import { controllerOf, type MtgState, type Zone } from '../state.ts';
import type { MtgPlaced, MtgPlayerSetup, MtgScenario } from './format.ts';

export type MtgPosition = { state: MtgState; labels: Record<string, string> };

const FILLER: Record<Seat, string> = { p1: 'plains', p2: 'island' };
const PLACED_ZONES = ['battlefield', 'hand', 'graveyard', 'exile', 'library'] as const;

/** A card by its English name (any case) or its id; an unknown name is a clear error. */
export function cardByName(name: string): MtgCard {
  const want = name.trim().toLowerCase();
  for (const card of MTG_CARDS.values()) if (card.id === want || card.name.en.toLowerCase() === want) return card;
  throw new InvalidData(`no MTG card named "${name}"`);
}

type Entry = { zone: (typeof PLACED_ZONES)[number]; card: MtgCard; placed: Exclude<MtgPlaced, string> };

function entriesOf(p: MtgPlayerSetup): Entry[] {
  const out: Entry[] = [];
  for (const zone of PLACED_ZONES)
    for (const placed of p[zone]) {
      const full = typeof placed === 'string' ? { card: placed } : placed;
      const card = cardByName(full.card);
      if (card.token) throw new InvalidData(`${card.name.en} is a token: tokens are created by effects (CR 110.5)`);
      for (let i = 0; i < (full.count ?? 1); i++) out.push({ zone, card, placed: full });
    }
  return out;
}

/** Plays passes (and empty declarations) until the given turn and step offers priority. */
function reach(s: MtgState, turn: number, step: string): MtgState {
  let out = s;
  for (let i = 0; i < 2000; i++) {
    const p = mtg.pending(out);
    if (!p) throw new InvalidData('the game ended before the scenario position was reached');
    if (out.turn.number === turn && out.turn.step === step && p.kind === 'priority') return out;
    if (out.turn.number > turn) break;
    if (p.shape === 'declare') out = mtg.apply(out, p.player, { decisionId: p.id, choose: [], declare: {} });
    else if (p.kind === 'priority') out = mtg.apply(out, p.player, { decisionId: p.id, choose: ['pass'] });
    else if (p.shape === undefined || p.shape === 'pick')
      out = mtg.apply(out, p.player, { decisionId: p.id, choose: p.defaultOnTimeout });
    else throw new InvalidData(`cannot pass a ${p.kind} decision while setting up`);
  }
  throw new InvalidData(`turn ${turn}, step ${step}: no priority there (CR 502.3, 514.3: untap and cleanup have none)`);
}

/**
 * CR 103.4: the position before the mulligans: each player's hand is their `hand` cards, then library cards up to
 * seven; the library is the listed cards on top, then the rest. Nothing else may be placed.
 */
function pregame(s: MtgState, sc: MtgScenario, entries: Record<Seat, Entry[]>): MtgPosition {
  const labels: Record<string, string> = {};
  for (const seat of ['p1', 'p2'] as const) {
    const p = s.players[seat];
    const free = [...p.hand, ...p.library];
    const take = (e: Entry) => {
      if (e.zone !== 'hand' && e.zone !== 'library')
        throw new InvalidData(`before the game only hands and libraries hold cards (${e.card.name.en} in ${e.zone})`);
      const at = free.findIndex((id) => s.objects[id]?.card === e.card.id);
      const id = free.splice(at, 1)[0];
      if (!id) throw new Error(`no object for ${e.card.id}`);
      if (e.placed.label) labels[e.placed.label] = id;
      return id;
    };
    const hand = entries[seat].filter((e) => e.zone === 'hand').map(take);
    const top = entries[seat].filter((e) => e.zone === 'library').map(take);
    if (hand.length > 7) throw new InvalidData(`${seat}: an opening hand has seven cards (CR 103.4)`);
    const rest = [...top, ...free];
    while (hand.length < 7) {
      const next = rest.shift();
      if (!next) break;
      hand.push(next);
    }
    for (const id of hand) {
      const o = s.objects[id];
      if (o) o.zone = 'hand';
    }
    for (const id of rest) {
      const o = s.objects[id];
      if (o) o.zone = 'library';
    }
    p.hand = hand;
    p.library = rest;
    const life = sc.setup[seat].life;
    if (life !== undefined) p.life = life;
  }
  s.known = {};
  s.happened = [];
  s.log = [];
  return { state: s, labels };
}

/** The permanent a setup's `attachedTo` names: a label, or the first permanent of that name ("Name@p2": p2's). */
function attachedTarget(s: MtgState, labels: Record<string, string>, ref: string): string {
  const labelled = labels[ref];
  if (labelled && s.objects[labelled]?.zone === 'battlefield') return labelled;
  const [name = '', seat] = ref.split('@');
  const card = cardByName(name);
  const id = s.battlefield.find((x) => s.objects[x]?.card === card.id && (!seat || controllerOf(s, x) === seat));
  if (!id) throw new InvalidData(`attachedTo "${ref}": no such permanent on the battlefield`);
  return id;
}

export function buildMtgPosition(sc: MtgScenario): MtgPosition {
  const { setup } = sc;
  const entries = { p1: entriesOf(setup.p1), p2: entriesOf(setup.p2) };
  const deckOf = (seat: Seat) => {
    const main = entries[seat].map((e) => e.card.id);
    while (main.length < 60) main.push(FILLER[seat]);
    return { main };
  };
  let s = mtg.setup({ game: 'mtg', decks: { p1: deckOf('p1'), p2: deckOf('p2') } }, sc.seed);
  // The active player plays first on odd turns (before the game: the active player plays first).
  const starting: Seat = setup.turn % 2 === 1 || setup.step === 'pregame' ? setup.active : opponentOf(setup.active);
  const toss = mtg.pending(s);
  if (!toss) throw new Error('no toss');
  s = mtg.apply(s, toss.player, { decisionId: toss.id, choose: [toss.player === starting ? 'play' : 'draw'] });
  if (setup.step !== 'pregame')
    for (let i = 0; i < 2; i++) {
      const p = mtg.pending(s);
      if (!p) throw new Error('no mulligan decision');
      s = mtg.apply(s, p.player, { decisionId: p.id, choose: ['keep'] });
    }
  if (setup.step === 'pregame') return pregame(s, sc, entries);
  s = reach(s, setup.turn, setup.step);
  if (s.turn.active !== setup.active) throw new InvalidData(`turn ${setup.turn} is not ${setup.active}'s`);

  const labels: Record<string, string> = {};
  const attachments: { id: string; to: string }[] = [];
  s.battlefield = [];
  for (const seat of ['p1', 'p2'] as const) {
    const p = s.players[seat];
    const free = [...p.library, ...p.hand, ...p.graveyard, ...p.exile];
    const lists: Record<Exclude<Zone, 'stack'>, string[]> = {
      battlefield: [],
      hand: [],
      graveyard: [],
      exile: [],
      library: [],
    };
    for (const e of entries[seat]) {
      const at = free.findIndex((id) => s.objects[id]?.card === e.card.id);
      const id = free.splice(at, 1)[0];
      const o = id ? s.objects[id] : undefined;
      if (!id || !o) throw new Error(`no object for ${e.card.id}`);
      lists[e.zone].push(id);
      o.zone = e.zone;
      o.baseController = seat;
      o.tapped = e.placed.tapped ?? false;
      o.damage = e.placed.damage ?? 0;
      o.deathtouched = false;
      o.controlledSince = e.placed.sick ? s.turn.number : -1;
      if (e.placed.counters) o.counters = { ...e.placed.counters };
      if (e.zone === 'battlefield') {
        o.timestamp = s.nextTimestamp; // CR 613.6a: in the order the file lists them, p1's first
        s.nextTimestamp += 1;
      }
      if (e.placed.label) {
        if (labels[e.placed.label]) throw new InvalidData(`label "${e.placed.label}" is used twice`);
        labels[e.placed.label] = id;
      }
      if (e.placed.attachedTo !== undefined) {
        if (e.zone !== 'battlefield' || !['Aura', 'Equipment'].some((t) => e.card.subtypes.includes(t as 'Aura')))
          throw new InvalidData(`${e.card.name.en}: only an Aura or Equipment on the battlefield is attached`);
        attachments.push({ id, to: e.placed.attachedTo });
      }
    }
    for (const id of free) {
      const o = s.objects[id];
      if (o) o.zone = 'library';
    }
    p.library = [...lists.library, ...free];
    p.hand = lists.hand;
    p.graveyard = lists.graveyard;
    p.exile = lists.exile;
    s.battlefield.push(...lists.battlefield);
    const life = setup[seat].life;
    if (life !== undefined) p.life = life;
    const poison = setup[seat].poison;
    if (poison) p.poison = poison;
    p.landsPlayed = setup[seat].landsPlayed ?? 0;
    p.pool = [];
  }
  // CR 301.5, 303.4: attachments are made once every permanent is placed (the attached one may come later in the file).
  for (const a of attachments) {
    const o = s.objects[a.id];
    if (o) o.attachedTo = refTo(s.events, attachedTarget(s, labels, a.to));
  }
  s.known = {};
  s.happened = [];
  s.log = [];
  return { state: s, labels };
}
