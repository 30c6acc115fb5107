/**
 * "Set and flip": a small test game with face-down cards, for the hidden-identity proofs (core/hidden.ts).
 * Each player holds two cards from a seeded deck. On their turn a player sets a hand card face down on their row
 * (its id is public, its card is not), flips one of their face-down cards (it scores its value), or peeks at one of
 * the opponent's face-down cards (from then on that player knows it: `Knowledge`). First to 12 points, or the most
 * points when both decks and hands are empty, wins.
 */

import { asPick } from '../../src/engine/core/decision.ts';
import { IllegalAction } from '../../src/engine/core/errors.ts';
import type {
  BaseState,
  DecisionOption,
  GameModule,
  PendingDecision,
  Seat,
  Viewer,
} from '../../src/engine/core/game.ts';
import { opponentOf } from '../../src/engine/core/game.ts';
import {
  type FaceDownObjectView,
  type IdentitySecrets,
  type Knowledge,
  knows,
  learn,
} from '../../src/engine/core/hidden.ts';
import { label } from '../../src/engine/core/label.ts';
import { type RngState, seedRng, shuffle } from '../../src/engine/core/rng.ts';

/** Sixteen different cards, eight per deck, worth 1 to 4 points. */
const CARDS = [
  'amber',
  'birch',
  'cobalt',
  'dune',
  'ember',
  'fern',
  'garnet',
  'hazel',
  'iris',
  'jade',
  'kelp',
  'lilac',
  'moss',
  'nettle',
  'onyx',
  'pearl',
] as const;
const value = (card: string) => (CARDS.indexOf(card as (typeof CARDS)[number]) % 4) + 1;
const nameOf = (card: string) => `${card[0]?.toUpperCase()}${card.slice(1)} Lantern`;
const TARGET = 12;

interface ToyObject {
  id: string;
  card: string;
  owner: Seat;
  faceUp: boolean;
}

export interface SetFlipState extends BaseState {
  rng: RngState;
  active: Seat;
  objects: Record<string, ToyObject>;
  zones: Record<Seat, { deck: string[]; hand: string[]; row: string[] }>;
  score: Record<Seat, number>;
  known?: Knowledge;
}

type CardView = { id: string; card: string; name: string; faceUp: boolean } | FaceDownObjectView;

export interface SetFlipView {
  version: number;
  active: Seat;
  score: Record<Seat, number>;
  hand: CardView[] | null;
  rows: Record<Seat, CardView[]>;
  deckCounts: Record<Seat, number>;
  log: string[];
}

function topCardLine(s: SetFlipState, seat: Seat): string[] {
  const top = s.zones[seat].deck[0];
  return top ? [`${seat} will draw ${nameOf((s.objects[top] as ToyObject).card)} next.`] : [];
}

/** Whether `viewer` may know this object's card: face up, or theirs, or peeked at. */
function mayKnow(s: SetFlipState, o: ToyObject, viewer: Viewer): boolean {
  if (viewer.kind === 'omniscient' || o.faceUp) return true;
  return viewer.kind === 'player' && (o.owner === viewer.seat || knows(s.known, viewer.seat, o.id));
}

function cardView(s: SetFlipState, id: string, viewer: Viewer, leaky: boolean): CardView {
  const o = s.objects[id] as ToyObject;
  if (!leaky && !mayKnow(s, o, viewer)) return { id: o.id, faceDown: true, owner: o.owner };
  return { id: o.id, card: o.card, name: nameOf(o.card), faceUp: o.faceUp };
}

function pending(s: SetFlipState): PendingDecision | null {
  if (s.result) return null;
  const me = s.zones[s.active];
  const options: DecisionOption[] = [
    ...me.hand.map((id) => ({
      id: `set:${id}`,
      kind: 'play',
      role: 'play' as const,
      label: label('Set', 'セット'),
      objectId: id,
    })),
    ...me.row
      .filter((id) => !(s.objects[id] as ToyObject).faceUp)
      .map((id) => ({
        id: `flip:${id}`,
        kind: 'play',
        role: 'act' as const,
        label: label('Flip', '表にする'),
        objectId: id,
      })),
    ...s.zones[opponentOf(s.active)].row
      .filter((id) => !(s.objects[id] as ToyObject).faceUp && !knows(s.known, s.active, id))
      .map((id) => ({
        id: `peek:${id}`,
        kind: 'play',
        role: 'act' as const,
        label: label('Peek', '見る'),
        objectId: id,
      })),
  ];
  if (options.length === 0)
    options.push({ id: 'pass', kind: 'pass', role: 'pass', label: label('Pass', 'パス'), objectId: '' });
  return {
    id: String(s.version),
    player: s.active,
    kind: 'turn',
    role: 'choice',
    prompt: label('Your turn', 'あなたの番'),
    options,
    min: 1,
    max: 1,
    ordered: false,
    defaultOnTimeout: [options[0]?.id ?? 'pass'],
  };
}

function finished(s: SetFlipState): SetFlipState['result'] {
  for (const seat of ['p1', 'p2'] as const)
    if (s.score[seat] >= TARGET) return { kind: 'win', winner: seat, reason: 'target-reached', rule: 'toy 2' };
  const idle = (['p1', 'p2'] as const).every((seat) => {
    const z = s.zones[seat];
    return z.deck.length === 0 && z.hand.length === 0 && z.row.every((id) => (s.objects[id] as ToyObject).faceUp);
  });
  if (!idle) return null;
  if (s.score.p1 === s.score.p2) return { kind: 'draw', reason: 'tie', rule: 'toy 3' };
  const winner = s.score.p1 > s.score.p2 ? 'p1' : 'p2';
  return { kind: 'win', winner, reason: 'more-points', rule: 'toy 3' };
}

/**
 * The game. `leak` breaks the view on purpose, for tests of the leak check: 'face-down' shows face-down cards to
 * everyone; 'log' adds a line naming the card on top of the opponent's deck.
 */
export function setFlipGame(leak?: 'face-down' | 'log'): GameModule<SetFlipState, SetFlipView> {
  const leaky = leak === 'face-down';
  return {
    id: 'nova',
    name: label('Set and flip (toy)', 'セット（テスト用）'),
    rulesVersion: 1,
    // The toy's own log lives in its view (the 'log' leak); the kernel's structured log is unused.
    log: () => [],
    describeResult: (result) => label(result.reason, result.reason),
    setup(_setup, seed) {
      let rng = seedRng(seed);
      const s: SetFlipState = {
        game: 'nova',
        version: 0,
        result: null,
        rng,
        active: 'p1',
        objects: {},
        zones: { p1: { deck: [], hand: [], row: [] }, p2: { deck: [], hand: [], row: [] } },
        score: { p1: 0, p2: 0 },
      };
      let n = 0;
      for (const seat of ['p1', 'p2'] as const) {
        let cards: string[];
        [cards, rng] = shuffle(CARDS.slice(seat === 'p1' ? 0 : 8, seat === 'p1' ? 8 : 16), rng);
        for (const card of cards) {
          n += 1;
          s.objects[`c${n}`] = { id: `c${n}`, card, owner: seat, faceUp: false };
          s.zones[seat].deck.push(`c${n}`);
        }
        s.zones[seat].hand = s.zones[seat].deck.splice(0, 2);
      }
      s.rng = rng;
      return s;
    },
    pending,
    apply(state, seat, response) {
      const p = asPick(pending(state));
      const pick = response.choose[0] ?? '';
      if (!p || p.player !== seat || response.decisionId !== p.id || !p.options.some((o) => o.id === pick))
        throw new IllegalAction(label('Not an option', '選択肢にない'));
      const s = structuredClone(state);
      const [verb, id = ''] = pick.split(':');
      const me = s.zones[seat];
      if (verb === 'set') {
        me.hand = me.hand.filter((h) => h !== id);
        me.row.push(id);
        const drawn = me.deck.shift();
        if (drawn) me.hand.push(drawn);
      } else if (verb === 'flip') {
        const o = s.objects[id] as ToyObject;
        o.faceUp = true;
        s.score[seat] += value(o.card);
      } else if (verb === 'peek') s.known = learn(s.known, seat, [id]);
      s.version += 1;
      s.active = opponentOf(seat);
      s.result = finished(s);
      return s;
    },
    concede(state, seat) {
      return {
        ...state,
        version: state.version + 1,
        result: { kind: 'win', winner: opponentOf(seat), reason: 'conceded', rule: 'toy 4' },
      };
    },
    view(s, viewer) {
      const own = viewer.kind === 'player' ? viewer.seat : null;
      return {
        version: s.version,
        active: s.active,
        score: { ...s.score },
        hand: own ? s.zones[own].hand.map((id) => cardView(s, id, viewer, leaky)) : null,
        rows: {
          p1: s.zones.p1.row.map((id) => cardView(s, id, viewer, leaky)),
          p2: s.zones.p2.row.map((id) => cardView(s, id, viewer, leaky)),
        },
        deckCounts: { p1: s.zones.p1.deck.length, p2: s.zones.p2.deck.length },
        log: leak === 'log' && own ? topCardLine(s, opponentOf(own)) : [],
      };
    },
    validateDeck: () => [],
    hiddenObjectIds(s, viewer) {
      if (viewer.kind === 'omniscient') return [];
      return (['p1', 'p2'] as const).flatMap((seat) =>
        viewer.kind === 'player' && viewer.seat === seat
          ? s.zones[seat].deck
          : [...s.zones[seat].deck, ...s.zones[seat].hand],
      );
    },
    hiddenIdentities(s, viewer): IdentitySecrets {
      const hiddenIds = new Set(this.hiddenObjectIds(s, viewer));
      const secrets: IdentitySecrets = { hidden: [], knownCards: [] };
      for (const o of Object.values(s.objects)) {
        if (hiddenIds.has(o.id) || !mayKnow(s, o, viewer))
          secrets.hidden.push({ objectId: o.id, card: o.card, names: [nameOf(o.card)] });
        else secrets.knownCards.push(o.card);
      }
      return secrets;
    },
    invariants(s) {
      const placed = (['p1', 'p2'] as const).flatMap((seat) => Object.values(s.zones[seat]).flat());
      return placed.length === Object.keys(s.objects).length && new Set(placed).size === placed.length
        ? []
        : ['a card is lost or in two places'];
    },
  };
}
