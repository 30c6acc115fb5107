/**
 * The game's root procedure: preparation (403), the turn (500: draw, recovery, main, end), the priority process
 * (602–605) and rule processing (1200) as procedures. The root never returns.
 */
import { answerOf, ask } from '../../core/decision-kinds.ts';
import { UnsupportedRule } from '../../core/errors.ts';
import { opponentOf, SEATS, type Seat } from '../../core/game.ts';
import { learn } from '../../core/hidden.ts';
import type { JsonObject } from '../../core/json.ts';
import { call, defineProcedure, inTransaction, resultOf, type Step, type StepOut } from '../../core/procedure.ts';
import { nextInt } from '../../core/rng.ts';
import { assertSupported } from './abilities.ts';
import { destroy, enterField, replacementChoices } from './actions-game.ts';
import { chantRevealer, makeBattle, newBattleData, revealTriggered } from './battle.ts';
import type { Attribute, WillSymbol } from './cards/schema.ts';
import {
  discardDecision,
  exchangeCardsDecision,
  exchangeDecision,
  priorityDecision,
  replacementDecision,
  revealDecision,
  standbyDecision,
  triggerDecision,
} from './decisions.ts';
import { payCost, play, playData, rewindCause, transaction } from './play.ts';
import { resolve } from './resolve.ts';
import { restartGame } from './restart.ts';
import {
  cardOf,
  characteristics,
  draw,
  type FowState,
  faceOf,
  hasType,
  isCurrent,
  isJResonator,
  jRulerOf,
  log,
  moveObject,
  newId,
  objectOf,
  type Phase,
  PUBLIC_ZONES,
  refOf,
  type Triggered,
  targetsOf,
} from './state.ts';
import { autoPay, isFree, NO_COST, useWill, willUses } from './will.ts';

/** 306.3: the hand limit. */
export const HAND_LIMIT = 7;

export type RuleAction =
  | { lose: Seat; rule: string }
  | { counters: string; rule: string }
  | { destroy: string; rule: string }
  | { round: Seat; rule: string }
  | { unattach: string; rule: string }
  | { graveyard: string; rule: string };

/** 1201.1: the rule processes, in order; every one that applies is performed at once (602.1a). */
export function collectRuleActions(s: FowState): RuleAction[] {
  const found: RuleAction[] = [];
  for (const seat of SEATS) {
    const p = s.players[seat];
    if (p.life <= 0) found.push({ lose: seat, rule: '1202.1' });
    else if (p.failedDraw) found.push({ lose: seat, rule: '1202.2' });
  }
  for (const id of s.field) {
    const o = objectOf(s, id);
    if ((o.counters['+100/+100'] ?? 0) > 0 && (o.counters['-100/-100'] ?? 0) > 0)
      found.push({ counters: id, rule: '1203.1' });
  }
  for (const id of s.field) {
    if (!isJResonator(s, id)) continue;
    const c = characteristics(s, id);
    if (c.def === null || c.keywords.includes('eternal')) continue; // 1139.2: not destroyed
    if (c.def <= 0) found.push({ destroy: id, rule: '1204.2' });
    else if (objectOf(s, id).damage >= c.def) found.push({ destroy: id, rule: '1204.1' });
  }
  for (const seat of SEATS) if (s.players[seat].life % 100 !== 0) found.push({ round: seat, rule: '1205.1' });
  for (const id of s.field) {
    if (misplacedClassified(s, id)) found.push({ graveyard: id, rule: '1406.4a' });
    else if (objectOf(s, id).attachedTo === id) found.push({ unattach: id, rule: '1206.1' });
  }
  return found;
}

/**
 * 1406.4a: a classified addition on the field attached to nothing, to itself, or to a card that is not on the field
 * as a card of its class (ruling F-CLASSIFIED).
 */
function misplacedClassified(s: FowState, id: string): boolean {
  const cls = faceOf(s, id).classified;
  if (!cls) return false;
  const to = objectOf(s, id).attachedTo;
  if (to === null || to === id || !s.field.includes(to)) return true;
  return cls === 'resonator' ? !hasType(s, to, 'resonator') : !isJResonator(s, to);
}

type RuleProcessingData = {
  found: RuleAction[];
  passes: number;
  /** 910.2: the replacement chosen for each destroy event of this pass that meets more than one kind. */
  replaced?: Record<string, string>;
} & JsonObject;

/** 1301.1: a rule processing loop that never settles is refused, not played forever. */
const RULE_PROCESSING_LIMIT = 1000;

/**
 * 1201.1, 602.1a: every rule process that applies is performed at once, again while any applies. A destroy event
 * meeting more than one kind of replacement effect asks its controller first (910.2), then the pass is performed.
 */
export const ruleProcessing = defineProcedure<FowState, RuleProcessingData, number>({
  kind: 'fow-rule-processing',
  first: 'collect',
  steps: {
    collect(s, { data }) {
      const found = collectRuleActions(s);
      if (found.length === 0) return { return: data.passes };
      if (data.passes >= RULE_PROCESSING_LIMIT)
        throw new UnsupportedRule('1301.1', `rule processing did not settle after ${RULE_PROCESSING_LIMIT} passes`);
      data.found = found;
      // 910.2: only a destroy event may need a question; most passes have none and are performed at once.
      return { goto: found.some((a) => 'destroy' in a) ? 'choose' : 'perform' };
    },
    choose(s, { data }) {
      const [next] = replacementChoices(s, destroyedBy(data.found), data.replaced ?? {});
      if (!next) return { goto: 'perform' };
      return ask(replacementDecision, next.seat, { object: next.object, kinds: next.kinds }, 'chosen');
    },
    chosen(s, { data, ret }) {
      const [next] = replacementChoices(s, destroyedBy(data.found), data.replaced ?? {});
      if (next) data.replaced = { ...data.replaced, [next.object]: answerOf(replacementDecision, ret) };
      return { goto: 'choose' };
    },
    perform(s, { data }) {
      const found = data.found;
      for (const a of found) {
        if ('counters' in a) {
          // 1203.1: remove as many of each as the smaller count.
          const o = objectOf(s, a.counters);
          const n = Math.min(o.counters['+100/+100'] ?? 0, o.counters['-100/-100'] ?? 0);
          o.counters['+100/+100'] = (o.counters['+100/+100'] ?? 0) - n;
          o.counters['-100/-100'] = (o.counters['-100/-100'] ?? 0) - n;
        } else if ('round' in a) {
          s.players[a.round].life = Math.ceil(s.players[a.round].life / 100) * 100; // 1205.1: rounded up
        } else if ('unattach' in a) {
          objectOf(s, a.unattach).attachedTo = null; // 1206.1
        } else if ('graveyard' in a) {
          // 1406.4a: put, not destroyed, so no destruction replacement applies.
          const o = objectOf(s, a.graveyard);
          moveObject(s, o.id, 'graveyard');
          log(s, { type: 'illegal-addition', seat: o.owner, card: o.card, object: o.id, rule: a.rule });
        }
      }
      destroy(
        s,
        found.flatMap((a) => ('destroy' in a ? [a.destroy] : [])),
        '1204',
        data.replaced ?? {},
      );
      for (const seat of SEATS) s.players[seat].failedDraw = false;
      const losers = found.flatMap((a) => ('lose' in a ? [a] : []));
      const [one, two] = losers;
      // 103.3: both players losing at once is a draw.
      if (one && two) s.result = { kind: 'draw', reason: 'both-lost', rule: '103.3' };
      else if (one)
        s.result = {
          kind: 'win',
          winner: opponentOf(one.lose),
          reason: one.rule === '1202.1' ? 'life' : 'deck-out',
          rule: one.rule,
        };
      data.found = [];
      delete data.replaced;
      data.passes += 1;
      return { goto: 'collect' };
    },
  },
});

const destroyedBy = (found: readonly RuleAction[]) => found.flatMap((a) => ('destroy' in a ? [a.destroy] : []));

/** 505.5e, 807.3b: a rule process is due or something has triggered. */
export function isDue(s: FowState): boolean {
  return collectRuleActions(s).length > 0 || s.triggered.length > 0;
}

type PriorityData = { holder: Seat; passes: number; card: string } & JsonObject;

const window = (s: FowState, next: string) => call(priority, { holder: s.turn.active, passes: 0, card: '' }, next);

/** 602–605: the priority process. */
export const priority = defineProcedure<FowState, PriorityData, null>({
  kind: 'fow-priority',
  first: 'rules',
  steps: {
    // 602.1a: rule processing, repeated while any is due; 1033.1: a restarted game's priority process ends at once.
    rules: (s) => (s.restarting ? { return: null } : call(ruleProcessing, { found: [], passes: 0 }, 'triggers')),
    // 602.1b, 603: the turn player's triggered items first, one at a time.
    triggers(s) {
      const mine = s.triggered.filter((t) => t.controller === s.turn.active);
      const list = mine.length > 0 ? mine : s.triggered;
      const first = list[0];
      if (!first) return { goto: 'offer' };
      if (list.length === 1) return { goto: `play-trigger` };
      return ask(triggerDecision, first.controller, { ids: list.map((t) => t.id) }, 'trigger-chosen');
    },
    'trigger-chosen'(s, { ret }) {
      const id = answerOf(triggerDecision, ret);
      const at = s.triggered.findIndex((t) => t.id === id);
      const [chosen] = s.triggered.splice(at, 1);
      if (chosen) s.triggered.unshift(chosen);
      return { goto: 'play-trigger' };
    },
    'play-trigger'(s, { data }) {
      const mine = s.triggered.filter((t) => t.controller === s.turn.active);
      const t = (mine.length > 0 ? mine : s.triggered)[0];
      if (!t) return { goto: 'offer' };
      s.triggered = s.triggered.filter((x) => x.id !== t.id); // 603.3: its count goes down either way
      if (t.playsCard) {
        playTriggeredCard(s, t);
        data.passes = 0;
        // 906.5a; a [Trigger] chant played now is a chant played too (ruling F-REVEAL).
        return chantWindow(s, t.controller, t.source.id);
      }
      if (targetsOf(t.effects).length > 0) throw new Error('a triggered ability with targets is not in the pool');
      s.chase.push({
        id: t.id,
        kind: 'trigger',
        controller: t.controller,
        source: t.source,
        card: t.card,
        effects: t.effects,
        targets: [],
        awakened: false,
        torrent: false,
        remnant: false,
      });
      log(s, { type: 'triggered', seat: t.controller, card: t.card, object: t.source.id });
      data.passes = 0; // ruling F-PASSES: a new object on the chase restarts the run of passes
      return { goto: 'rules' }; // 603.4
    },
    offer(_s, { data }) {
      return ask(priorityDecision, data.holder, {}, 'act');
    },
    act(s, { data, ret }) {
      const choice = answerOf(priorityDecision, ret);
      const seat = data.holder;
      if (choice === 'pass') {
        data.passes += 1;
        if (data.passes < 2) {
          data.holder = opponentOf(seat); // 605.1c
          return { goto: 'rules' }; // 605.2
        }
        if (s.chase.length === 0) return { return: null }; // 605.1b: complete
        return call(resolve, { item: null, legal: [], index: 0 }, 'resolved');
      }
      data.passes = 0; // 605.1a: the same player keeps priority
      const [action = '', id = '', key = ''] = choice.split(':');
      data.card = action === 'judgment' ? s.players[seat].ruler : id; // for the log if the play is rewound
      switch (action) {
        case 'play':
          return inTransaction(transaction, play, playData(seat, 'card', id), 'played');
        case 'act':
          return inTransaction(transaction, play, playData(seat, 'ability', id, key), 'played');
        case 'rune':
          return inTransaction(transaction, play, playData(seat, 'rune', id), 'played');
        case 'inherit':
          return inTransaction(transaction, play, playData(seat, 'inherit', id), 'played');
        case 'judgment':
          return inTransaction(transaction, play, playData(seat, 'judgment', s.players[seat].ruler), 'played');
        case 'will': {
          // 907.3: a will ability resolves at once.
          const use = willUses(s, seat).find((u) => u.id === choice);
          if (!use) throw new Error(`priority: no will ability ${choice}`);
          useWill(s, seat, use);
          return { goto: 'rules' };
        }
        case 'call': {
          // 710.1: rest the ruler or J-ruler; the top magic stone comes onto the field.
          const p = s.players[seat];
          const ruler = objectOf(s, p.ruler);
          const top = p.stones[0];
          if (ruler.rested || !top || jRulerOf(s, seat) === null) throw new Error('priority: cannot call');
          ruler.rested = true;
          p.calledThisTurn = true;
          enterField(s, top, seat, false);
          log(s, { type: 'call', seat, card: objectOf(s, top).card, object: top });
          return { goto: 'rules' };
        }
        case 'standby':
          return ask(standbyDecision, seat, {}, 'standby-chosen');
        case 'battle':
          return call(battle, newBattleData(), 'battled');
        default:
          throw new Error(`priority: unknown action ${choice}`);
      }
    },
    'standby-chosen'(_s, { data, ret }) {
      const id = answerOf(standbyDecision, ret);
      if (!id) return { goto: 'rules' };
      data.card = id;
      return inTransaction(
        transaction,
        payCost,
        { seat: data.holder, cost: { will: [], free: 2 }, card: '', rule: '706.1' },
        'standby-paid',
      );
    },
    // 706.1–706.2: set face down, without the chase.
    'standby-paid'(s, { data, ret }) {
      if (!resultOf(transaction, ret).rewound) {
        moveObject(s, data.card, 'standby');
        objectOf(s, data.card).standbyTurn = s.turn.number;
        log(s, { type: 'standby', seat: data.holder });
      }
      data.card = '';
      return { goto: 'rules' };
    },
    // 903.2.j: a play put back says so, and why; the card is named only when it is back in a public zone.
    played(s, { data, ret }) {
      const result = resultOf(transaction, ret);
      if (result.rewound) {
        const { rule, reason } = rewindCause(result.rule);
        const o = s.objects[data.card];
        const shown = o !== undefined && PUBLIC_ZONES.includes(o.zone);
        log(s, {
          type: 'rewound',
          seat: data.holder,
          rule,
          ...(reason ? { reason } : {}),
          ...(shown ? { card: o.card, object: o.id } : {}),
        });
      }
      data.card = '';
      if (result.rewound) return { goto: 'rules' };
      return chantWindow(s, data.holder, null);
    },
    // 708.2, 1114.2, ruling F-REVEAL: the revealed cards become triggered items, played at the next 906.5.
    'chant-revealed'(s, { ret }) {
      const chant = s.chase.at(-1);
      if (!chant) throw new Error('priority: the chant of the reveal window left the chase');
      const revealer = opponentOf(chant.controller);
      for (const id of answerOf(revealDecision, ret)) revealTriggered(s, revealer, id, chant.source.id);
      return { goto: 'rules' };
    },
    resolved(s, { data }) {
      data.holder = s.turn.active; // 605.1b: the turn player gets priority
      data.passes = 0;
      return { goto: 'rules' };
    },
    battled(s, { data }) {
      data.holder = s.turn.active; // 807.4, ruling F-AFTER-BATTLE
      data.passes = 0;
      return { goto: 'rules' };
    },
  },
});

/**
 * 708.2, 1113.2b, 1114.2, ruling F-REVEAL: `seat` has just put a chant on the chase (the top item: a card played,
 * `source` when a triggered card was played): the other player is asked whether to reveal a [Trigger] or [Stealth]
 * card whose condition is "an opponent plays a chant", whenever they hold any card in the hand or the standby area
 * (public counts), so being asked says nothing about what they hold.
 */
function chantWindow(s: FowState, seat: Seat, source: string | null): StepOut {
  const other = chantRevealer(s, seat, source);
  if (other === null) return { goto: 'rules' };
  return ask(revealDecision, other, { condition: 'opponent-plays-a-chant' }, 'chant-revealed');
}

export const battle = makeBattle((s, next) => window(s, next), isDue);

/** 1031.1a: uses up the turn player's oldest instruction to skip this phase, if there is one (logged). */
function takeSkip(s: FowState, phase: Phase): boolean {
  // Ruling F-SKIP-THIS-TURN: an instruction for a phase of an earlier turn is spent (it named that turn only).
  const live = (s.skips ?? []).filter((k) => k.turn === undefined || k.turn === s.turn.number);
  if (live.length !== (s.skips ?? []).length) s.skips = live;
  const skip = live.findIndex((k) => k.seat === s.turn.active && k.phase === phase);
  if (skip < 0) {
    if (s.skips?.length === 0) delete s.skips;
    return false;
  }
  s.skips = (s.skips ?? []).filter((_, i) => i !== skip);
  if (s.skips.length === 0) delete s.skips;
  log(s, { type: 'skipped', seat: s.turn.active, phase, rule: '1031.1' });
  return true;
}

function enterPhase(s: FowState, phase: Phase): void {
  s.turn.phase = phase;
  log(s, { type: 'phase', seat: s.turn.active, phase });
}

type GameData = { exchanging: Seat[] } & JsonObject;

/** 1033.1: once a restart has ended the game (in a priority process), the next step is the new game's setup. */
function unlessRestarted(steps: Record<string, Step<FowState, GameData>>): Record<string, Step<FowState, GameData>> {
  const out: Record<string, Step<FowState, GameData>> = {};
  for (const [name, step] of Object.entries(steps))
    out[name] = name === 'restart' ? step : (s, frame) => (s.restarting ? { goto: 'restart' } : step(s, frame));
  return out;
}

export const game = defineProcedure<FowState, GameData, null>({
  kind: 'fow-game',
  first: 'first-player',
  steps: unlessRestarted({
    // 403.4: a random player goes first; nobody chooses.
    'first-player'(s) {
      // Every card of both decks (ruler, runes and extra deck too) is one the engine plays, or the game is refused
      // before it starts with the rule it would need (UnsupportedRule).
      for (const o of Object.values(s.objects)) assertSupported(o.card);
      const [n, rng] = nextInt(s.rng, 2);
      s.rng = rng;
      s.firstPlayer = n === 0 ? 'p1' : 'p2';
      s.turn.active = s.firstPlayer;
      log(s, { type: 'first', seat: s.firstPlayer, rule: '403.4' });
      return { goto: 'opening' };
    },
    // 1033: the game in progress ended at once; the new one is set up (the restarting player first, 1033.2).
    restart(s, { data }) {
      restartGame(s);
      data.exchanging = [];
      log(s, { type: 'first', seat: s.firstPlayer, rule: '1033.2' });
      return { goto: 'opening' };
    },
    opening(s) {
      // 1119.2: [Energize]: the player who is not first gets a will coin.
      const second = opponentOf(s.firstPlayer);
      const coin = energizeChoices(s, second);
      if (coin.length > 0) {
        s.players[second].coins.push({ id: `coin-${second}`, choices: coin });
        log(s, { type: 'will-coin', seat: second, rule: '1119.2' });
      }
      for (const seat of SEATS) draw(s, seat, 5); // 403.5
      return ask(exchangeDecision, s.firstPlayer, {}, 'first-declared');
    },
    // 403.5: the first player declares, then the second.
    'first-declared'(s, { data, ret }) {
      if (answerOf(exchangeDecision, ret)) data.exchanging.push(s.firstPlayer);
      return ask(exchangeDecision, opponentOf(s.firstPlayer), {}, 'second-declared');
    },
    'second-declared'(s, { data, ret }) {
      if (answerOf(exchangeDecision, ret)) data.exchanging.push(opponentOf(s.firstPlayer));
      return { goto: 'exchange' };
    },
    // 403.5: the first player exchanges first.
    exchange(_s, { data }) {
      const seat = data.exchanging[0];
      if (!seat) return { goto: 'turn' };
      return ask(exchangeCardsDecision, seat, {}, 'exchanged');
    },
    exchanged(s, { data, ret }) {
      const seat = data.exchanging.shift();
      if (!seat) throw new Error('exchange with nobody');
      const cards = answerOf(exchangeCardsDecision, ret);
      for (const id of cards) moveObject(s, id, 'main', 'bottom');
      // 302.4: the owner knows the order of what they put on the bottom; the opponent only the count.
      s.known = learn(s.known, seat, cards);
      draw(s, seat, cards.length);
      log(s, { type: 'exchange', seat, amount: cards.length });
      return { goto: 'exchange' };
    },
    // 502: the draw phase.
    turn(s) {
      log(s, { type: 'turn', seat: s.turn.active, amount: s.turn.number });
      // 1031.1, 1031.1a: a skip instruction takes this draw phase: nothing of 502 (no draw, no priority).
      if (takeSkip(s, 'draw')) return { goto: 'recovery' };
      enterPhase(s, 'draw');
      return window(s, 'draw-card'); // 502.2
    },
    'draw-card'(s) {
      // 502.3: the first player skips the draw of the game's first turn.
      if (s.turn.number > 1) draw(s, s.turn.active, 1);
      return window(s, 'recovery'); // 502.4
    },
    // 503: the recovery phase, skipped on each player's first turn (503.1).
    recovery(s) {
      if (!s.hadTurn.includes(s.turn.active)) return { goto: 'main' };
      // 1031.1, 1031.1a: a skip instruction takes this phase: nothing of 503 is done (no will emptied, nothing
      // recovered, no priority). Ruling F-SKIP: 503.1's first-turn skip does not use an instruction up.
      if (takeSkip(s, 'recovery')) return { goto: 'main' };
      enterPhase(s, 'recovery');
      return window(s, 'recover'); // 503.3
    },
    recover(s) {
      for (const seat of SEATS) s.players[seat].pool = []; // 503.4
      const active = s.turn.active;
      // 503.5: the turn player recovers every card they control on the field and in the ruler area.
      for (const id of s.field) if (objectOf(s, id).controller === active) objectOf(s, id).rested = false;
      const ruler = objectOf(s, s.players[active].ruler);
      if (ruler.zone === 'ruler') ruler.rested = false;
      return window(s, 'main'); // 503.7
    },
    // 504: the main phase; it ends when its priority process completes.
    main(s) {
      // 1031.1: a skipped main phase does nothing of 504 (no priority, so nothing is played in it).
      if (takeSkip(s, 'main')) return { goto: 'end' };
      enterPhase(s, 'main');
      return window(s, 'end');
    },
    // 505: the end phase.
    end(s) {
      // 1031.1, 1031.1a, ruling F-SKIP-END: a skipped end phase does nothing of 505.1–505.5: damage stays (505.5a),
      // "until end of turn" effects last to the next end phase performed (505.5b), will stays (505.5c), no hand
      // limit (505.5d). The next turn still begins (505.6).
      if (takeSkip(s, 'end')) return { goto: 'next-turn' };
      enterPhase(s, 'end');
      return window(s, 'end-of-turn'); // 505.2
    },
    'end-of-turn'(s) {
      return window(s, 'final'); // 505.3–505.4
    },
    // 505.5: the final step, in this order.
    final(s) {
      for (const id of s.field) objectOf(s, id).damage = 0; // 505.5a
      s.effects = []; // 505.5b
      delete s.unsealed; // 505.5b: "until end of turn" (1026.1)
      for (const id of s.field) if (objectOf(s, id).unsealed === 'end-of-turn') delete objectOf(s, id).unsealed;
      for (const seat of SEATS) s.players[seat].pool = []; // 505.5c
      const over = s.players[s.turn.active].hand.length - HAND_LIMIT; // 505.5d
      if (over > 0) return ask(discardDecision, s.turn.active, { count: over }, 'final-discarded');
      return { goto: 'final-check' };
    },
    'final-discarded'(s, { ret }) {
      for (const id of answerOf(discardDecision, ret)) {
        log(s, { type: 'discard', seat: s.turn.active, card: objectOf(s, id).card, object: id });
        moveObject(s, id, 'graveyard');
      }
      return { goto: 'final-check' };
    },
    // 505.5e: anything due: a priority process, then the final step again.
    'final-check'(s) {
      if (isDue(s)) return window(s, 'final');
      return { goto: 'next-turn' };
    },
    // 505.6.
    'next-turn'(s) {
      const active = s.turn.active;
      if (!s.hadTurn.includes(active)) s.hadTurn.push(active);
      for (const seat of SEATS) {
        const p = s.players[seat];
        p.calledThisTurn = false;
        p.judgedThisTurn = false;
        p.playedThisTurn = 0;
      }
      s.battleLocked = false;
      // 1025.1, 1025.2: an extra turn comes before the turn that would begin, the latest instruction's first.
      // 1025.1: the turn that would begin (505.6) waits for the extra turns, whoever takes them.
      const normal = s.afterExtraTurns ?? opponentOf(active);
      const extra = s.extraTurns?.pop();
      if (s.extraTurns?.length === 0) delete s.extraTurns;
      if (extra) s.afterExtraTurns = normal;
      else delete s.afterExtraTurns;
      s.turn = { number: s.turn.number + 1, active: extra ?? normal, phase: 'draw', battle: null };
      // 1025.1, 1025.2, ruling F-EXTRA-TURN-LATER: the turn an instruction waited for has begun: its extra turn now
      // follows this turn, under any instruction made during it (made later, so taken first).
      const due = (s.laterExtraTurns ?? []).filter((x) => x.after === s.turn.active && x.made < s.turn.number);
      if (due.length > 0) {
        s.extraTurns = [...(s.extraTurns ?? []), ...due.map((x) => x.seat)];
        s.laterExtraTurns = (s.laterExtraTurns ?? []).filter((x) => !due.includes(x));
        if (s.laterExtraTurns.length === 0) delete s.laterExtraTurns;
      }
      return { goto: 'turn' };
    },
  }),
});

/** 1119.2: the will symbols an [Energize] coin can produce (one of them, chosen when it is used). */
function energizeChoices(s: FowState, seat: Seat): WillSymbol[] {
  const k = cardOf(objectOf(s, s.players[seat].ruler).card).keywords.find((x) => x.keyword === 'energize');
  const letters: Record<Attribute, WillSymbol> = { light: 'L', fire: 'R', water: 'U', wind: 'G', darkness: 'B' };
  return (k?.choices?.[0] ?? []).map((a) => letters[a]);
}

/**
 * 906.5, 708.3–708.4, 1114.2: a revealed [Trigger] or [Stealth] card is played as a triggered item: not at all if it
 * has left the zone it was revealed in (906.10); a [Trigger] card from the hand pays its cost (auto-pay, ruling
 * F-REVEAL), and one that cannot be played goes to its owner's graveyard (708.3a, 906.6a); [Stealth] is free.
 */
function playTriggeredCard(s: FowState, t: Triggered): void {
  if (!isCurrent(s, t.source)) return; // 906.10
  const o = objectOf(s, t.source.id);
  const card = cardOf(o.card);
  const fromHand = o.zone === 'hand';
  const cost = fromHand && !card.keywords.some((k) => k.keyword === 'stealth') ? (card.cost ?? NO_COST) : NO_COST;
  if (!isFree(cost) && !autoPay(s, t.controller, cost)) {
    log(s, { type: 'trigger-failed', seat: t.controller, card: o.card, object: o.id, rule: '708.3a' });
    moveObject(s, o.id, 'graveyard');
    return;
  }
  moveObject(s, o.id, 'chase'); // 903.2.d
  o.controller = t.controller;
  const p = s.players[t.controller];
  s.chase.push({
    id: newId(s, 'c'),
    kind: 'card',
    controller: t.controller,
    source: refOf(s, o.id),
    card: o.card,
    effects: [...card.effects],
    targets: [],
    awakened: false,
    torrent: p.playedThisTurn >= 1,
    remnant: false,
    ...(t.about ? { about: t.about } : {}),
  });
  p.playedThisTurn += 1;
  if (s.battle && t.controller !== s.turn.active) s.battle.opponentActed = true; // 803.6
  log(s, { type: 'play', seat: t.controller, card: o.card, object: o.id });
}
