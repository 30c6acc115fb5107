/**
 * The game's root procedure: the start of the game (CR 103) and the turn (500–514), with the priority window
 * (116/117) and the state-based actions (704) as procedures. The root never returns.
 */
import { answerOf, ask } from '../../core/decision-kinds.ts';
import { UnsupportedRule } from '../../core/errors.ts';
import { collectLki } from '../../core/events.ts';
import { stateCheckProcedure } from '../../core/fixpoint.ts';
import { opponentOf, SEATS, type Seat } from '../../core/game.ts';
import { learn } from '../../core/hidden.ts';
import type { JsonObject } from '../../core/json.ts';
import { actedWithPriority, passPriority } from '../../core/priority.ts';
import { call, defineProcedure, inTransaction, resultOf } from '../../core/procedure.ts';
import { nextInt } from '../../core/rng.ts';
import { cast, transaction } from './casting.ts';
import { attackProblem, blockProblem, combatDamage, strikesFirst } from './combat.ts';
import { destroyPermanent } from './damage.ts';
import {
  attackersDecision,
  blockersDecision,
  damageOrderDecision,
  discardDecision,
  legendDecision,
  mulliganDecision,
  playFirstDecision,
  possibleAttackers,
  possibleBlockers,
  priorityDecision,
  retryOf,
  scryDecision,
} from './decisions.ts';
import { manaUsesOf, useMana } from './mana.ts';
import { applyEnterReplacements } from './replacement.ts';
import { resolve, scryApply, shuffleLibrary } from './resolve.ts';
import {
  addCounters,
  attachedPermanent,
  cardOfObject,
  characteristicsOf,
  controllerOf,
  countersOn,
  draw,
  endControlUntilEndOfTurn,
  hasKeyword,
  isCreature,
  log,
  type MtgState,
  moveObject,
  objectOf,
  protectedFrom,
  readOnlyPass,
  type Step,
  toughnessOf,
} from './state.ts';
import { lookForTriggers, placeTriggers } from './triggers.ts';

export type StateAction =
  | { lose: Seat; rule: string }
  | { dies: string; rule: string }
  | { tokenGone: string; rule: string }
  | { annihilate: string; count: number; rule: string }
  | { legend: string[]; seat: Seat; rule: string }
  | { auraOff: string; rule: string }
  | { unattach: string; rule: string };

/** CR 303.4c-d: may this Aura be attached to that permanent, by its enchant ability? (Enchanting is not targeting.) */
function enchantAllows(s: MtgState, aura: string, on: string): boolean {
  const spec = cardOfObject(s, aura).enchant;
  if (!spec) return false;
  if (spec.target !== 'creature') throw new UnsupportedRule('303.4a', `enchant ${spec.target}`);
  if (on === aura || !isCreature(s, on)) return false;
  const mine = controllerOf(s, on) === controllerOf(s, aura);
  switch (spec.restriction) {
    case undefined:
      return true;
    case 'you-control':
      return mine;
    case 'you-dont-control':
      return !mine;
    default:
      throw new UnsupportedRule('303.4a', `enchant ${spec.restriction} creature`);
  }
}

/**
 * CR 704.5m, 704.5n, 704.5p: Auras on nothing or on an illegal object, Equipment on an illegal permanent, a creature
 * attached to anything.
 */
function attachmentChecks(s: MtgState, id: string): StateAction | null {
  const subtypes = characteristicsOf(s, id).subtypes;
  const on = attachedPermanent(s, id);
  // CR 702.16c: protection from a colour: it can't be enchanted or equipped by something of that colour.
  const shielded = on !== null && protectedFrom(s, on, characteristicsOf(s, id).colors);
  if (subtypes.includes('Aura') && (on === null || shielded || !enchantAllows(s, id, on)))
    return { auraOff: id, rule: '704.5m' };
  if (subtypes.includes('Equipment') && objectOf(s, id).attachedTo && (on === null || shielded || !isCreature(s, on)))
    return { unattach: id, rule: '704.5n' };
  // CR 704.5p: a creature (here an Equipment that became one) attached to something becomes unattached.
  if (!subtypes.includes('Aura') && objectOf(s, id).attachedTo && isCreature(s, id))
    return { unattach: id, rule: '704.5p' };
  return null;
}

/** CR 704.5j: each player's legendary permanents that share a name, two or more of them. */
function legendGroups(s: MtgState): { seat: Seat; ids: string[] }[] {
  const groups = new Map<string, { seat: Seat; ids: string[] }>();
  for (const id of s.battlefield) {
    const card = cardOfObject(s, id);
    if (!card.supertypes.includes('legendary')) continue;
    const key = `${controllerOf(s, id)}:${card.name.en}`;
    const g = groups.get(key) ?? { seat: controllerOf(s, id), ids: [] };
    g.ids.push(id);
    groups.set(key, g);
  }
  return [...groups.values()].filter((g) => g.ids.length > 1);
}

/** CR 704.5a, b, c, d, f, g, h, j, m, n, q: the state-based actions that apply now (a read of the state). */
function stateActionsFound(s: MtgState): StateAction[] {
  const found: StateAction[] = [];
  for (const seat of SEATS) {
    const p = s.players[seat];
    if (p.life <= 0) found.push({ lose: seat, rule: '704.5a' });
    else if (p.drewFromEmpty) found.push({ lose: seat, rule: '704.5b' });
    else if ((p.poison ?? 0) >= 10) found.push({ lose: seat, rule: '704.5c' });
  }
  // CR 704.5d: a token outside the battlefield ceases to exist.
  for (const seat of SEATS)
    for (const zone of ['hand', 'graveyard', 'exile', 'library'] as const)
      for (const id of s.players[seat][zone]) if (objectOf(s, id).token) found.push({ tokenGone: id, rule: '704.5d' });
  for (const id of s.battlefield) {
    // CR 704.5q: +1/+1 and -1/-1 counters on one permanent cancel out in pairs.
    const pairs = Math.min(countersOn(s, id, '+1/+1'), countersOn(s, id, '-1/-1'));
    if (pairs > 0) found.push({ annihilate: id, count: pairs, rule: '704.5q' });
    const attachment = attachmentChecks(s, id);
    if (attachment) found.push(attachment);
    if (!isCreature(s, id)) continue;
    const o = objectOf(s, id);
    const t = toughnessOf(s, id);
    // CR 702.12b: lethal damage and deathtouch destroy; an indestructible creature is not destroyed (0 toughness
    // is not destruction, 704.5f).
    const indestructible = hasKeyword(s, id, 'indestructible');
    if (t <= 0) found.push({ dies: id, rule: '704.5f' });
    else if (o.damage >= t && !indestructible) found.push({ dies: id, rule: '704.5g' });
    // CR 704.5h: dealt damage by a deathtouch source (as -1/-1 counters too, with wither or infect, 702.2b).
    else if (o.deathtouched && !indestructible) found.push({ dies: id, rule: '704.5h' });
  }
  const dying = new Set(found.flatMap((a) => ('dies' in a ? [a.dies] : [])));
  for (const g of legendGroups(s)) {
    const ids = g.ids.filter((id) => !dying.has(id));
    if (ids.length > 1) found.push({ legend: ids, seat: g.seat, rule: '704.5j' });
  }
  return found;
}

/** CR 704.5a, b, d, f, g, h, j, q: every state-based action that applies is performed at once (704.3). */
export const stateChecks = stateCheckProcedure<MtgState, StateAction>({
  kind: 'state-checks',
  rule: '704.3',
  collect: (s) => readOnlyPass(s, () => stateActionsFound(s)),
  // CR 704.5j: the player chooses which one to keep (one group per pass; the next pass finds any other).
  choose(_s, found) {
    const legend = found.find((a) => 'legend' in a);
    return legend && 'legend' in legend ? ask(legendDecision, legend.seat, { ids: legend.legend }, 'perform') : null;
  },
  perform(s, found, answer) {
    const kept = typeof answer === 'string' ? answer : null;
    let legendDone = false;
    // CR 704.7: last-known information is taken before any of these happen: the dying go first, so a creature that
    // dies as its counters cancel (704.5q) is remembered with them (undying, persist).
    const ordered = [...found.filter((a) => 'dies' in a), ...found.filter((a) => !('dies' in a))];
    for (const a of ordered) {
      if ('dies' in a) {
        // CR 704.5g-h destroy (a regeneration shield may replace it, 701.14a); 704.5f does not (no regeneration).
        if (a.rule === '704.5f') {
          log(s, { type: 'dies', object: a.dies, card: objectOf(s, a.dies).card, rule: a.rule });
          moveObject(s, a.dies, 'graveyard');
        } else destroyPermanent(s, a.dies, a.rule);
      } else if ('tokenGone' in a) {
        const o = objectOf(s, a.tokenGone);
        const list = s.players[o.owner][o.zone as 'hand' | 'graveyard' | 'exile' | 'library'];
        list.splice(list.indexOf(o.id), 1);
        delete s.objects[o.id];
        log(s, { type: 'token-gone', card: o.card, rule: a.rule });
      } else if ('annihilate' in a) {
        const o = objectOf(s, a.annihilate);
        if (o.zone !== 'battlefield') continue; // it died in this same check (a new object has no counters, 400.7)
        addCounters(s, o.id, '+1/+1', -a.count);
        addCounters(s, o.id, '-1/-1', -a.count);
        log(s, { type: 'counters-annihilate', object: o.id, card: o.card, amount: a.count, rule: a.rule });
      } else if ('auraOff' in a) {
        log(s, { type: 'aura-to-graveyard', object: a.auraOff, card: objectOf(s, a.auraOff).card, rule: a.rule });
        moveObject(s, a.auraOff, 'graveyard');
      } else if ('unattach' in a) {
        delete objectOf(s, a.unattach).attachedTo; // CR 704.5n, 704.5p: it stays on the battlefield
        log(s, { type: 'unattached', object: a.unattach, card: objectOf(s, a.unattach).card, rule: a.rule });
      } else if ('legend' in a && !legendDone && kept !== null && a.legend.includes(kept)) {
        legendDone = true;
        for (const id of a.legend) {
          if (id === kept) continue;
          log(s, { type: 'legend-rule', object: id, card: objectOf(s, id).card, rule: a.rule });
          moveObject(s, id, 'graveyard');
        }
      }
    }
    const losers = found.flatMap((a) => ('lose' in a ? [a] : []));
    const [one, two] = losers;
    // CR 104.4a: both players losing at once is a draw.
    if (one && two) s.result = { kind: 'draw', reason: 'both-lost', rule: '104.4a' };
    else if (one)
      s.result = {
        kind: 'win',
        winner: opponentOf(one.lose),
        reason: one.rule === '704.5a' ? 'life' : one.rule === '704.5c' ? 'poison' : 'decked',
        rule: one.rule,
      };
  },
});

type WindowData = { round: { holder: Seat; passesInRow: number } };

/** CR 117.3-117.4, 405.5: priority passes round; all passing resolves the top item or ends the step. */
export const priorityWindow = defineProcedure<MtgState, WindowData, null>({
  kind: 'priority-window',
  first: 'checks',
  steps: {
    // CR 704.3: state-based actions are checked whenever a player would receive priority.
    checks: () => call(stateChecks, { found: [], passes: 0 }, 'triggers'),
    // CR 603.3, 117.5: triggered abilities go on the stack, then state-based actions again, until neither happens.
    triggers(s) {
      lookForTriggers(s);
      if (s.triggers.length === 0) return { goto: 'offer' };
      return call(placeTriggers, { groups: [], queue: [], targets: [] }, 'checks');
    },
    offer(s, { data }) {
      collectLki(s.events, [s.stack, s.procedures.frames, s.effects, s.happened, s.triggers, s.delayed]);
      return ask(priorityDecision, data.round.holder, {}, 'act');
    },
    act(s, { data, ret }) {
      const choice = answerOf(priorityDecision, ret);
      const seat = data.round.holder;
      if (choice === 'pass') {
        const after = passPriority(data.round);
        if (after.kind === 'next') {
          data.round = after.round;
          return { goto: 'offer' };
        }
        if (s.stack.length === 0) return { return: null }; // CR 500.2: the step ends
        return call(resolve, { item: null, index: 0, legal: [], cursor: 0 }, 'resolved');
      }
      const [action, id = '', index = ''] = choice.split(':');
      switch (action) {
        case 'land': {
          // CR 305.1: playing a land is a special action; it does not use the stack.
          moveObject(s, id, 'battlefield');
          applyEnterReplacements(s, id); // CR 614.1d
          s.players[seat].landsPlayed += 1;
          log(s, { type: 'land', seat, card: objectOf(s, id).card, object: id });
          data.round = actedWithPriority(data.round);
          return { goto: 'checks' };
        }
        case 'mana': {
          // CR 605.3a-b: a mana ability resolves at once; the player keeps priority.
          const use = manaUsesOf(cardOfObject(s, id))[Number(index)];
          if (!use) throw new Error(`no mana ability ${choice}`);
          useMana(s, seat, id, use);
          return { goto: 'checks' }; // a life payment may have ended the game (704.5a)
        }
        case 'cast':
        case 'act':
          return inTransaction(
            transaction,
            cast,
            {
              seat,
              object: id,
              ability: action === 'act' ? Number(index) : null,
              item: '',
              mode: null,
              x: null,
              targets: [],
              cost: [],
            },
            'played',
          );
        default:
          throw new Error(`priority: unknown action ${choice}`);
      }
    },
    played(_s, { data, ret }) {
      // CR 117.3c: after casting, the caster receives priority; a rewound cast (721) leaves priority as it was.
      if (!resultOf(transaction, ret).rewound) data.round = actedWithPriority(data.round);
      return { goto: 'checks' };
    },
    resolved(s, { data }) {
      data.round = { holder: s.turn.active, passesInRow: 0 }; // CR 117.3b
      return { goto: 'checks' };
    },
  },
});

const window = (s: MtgState, next: string) =>
  call(priorityWindow, { round: { holder: s.turn.active, passesInRow: 0 } }, next);

/** CR 500.4: mana empties from each pool at the end of each step and phase (no mana burn in this CR). */
function enterStep(s: MtgState, step: Step): void {
  for (const seat of SEATS) s.players[seat].pool = [];
  s.turn.step = step;
  s.happened.push({ type: 'step', step, active: s.turn.active }); // CR 603.2b
}

type GameData = { asked: Seat[]; mulligans: Seat[]; scryQueue: Seat[]; orderQueue: string[] } & JsonObject;

const HAND_SIZE = 7;

export const game = defineProcedure<MtgState, GameData, null>({
  kind: 'mtg-game',
  first: 'toss',
  steps: {
    // CR 103.2: a random player chooses who plays first.
    toss(s) {
      const [n, rng] = nextInt(s.rng, 2);
      s.rng = rng;
      const chooser: Seat = n === 0 ? 'p1' : 'p2';
      // Until the game begins, the active player is the one who chose who plays first.
      s.turn.active = chooser;
      log(s, { type: 'toss', seat: chooser });
      return ask(playFirstDecision, chooser, {}, 'tossed');
    },
    tossed(s, { ret }) {
      const choice = answerOf(playFirstDecision, ret);
      s.startingPlayer = choice === 'play' ? s.turn.active : opponentOf(s.turn.active);
      s.turn.active = s.startingPlayer;
      log(s, { type: 'starts', seat: s.startingPlayer });
      for (const seat of SEATS) draw(s, seat, HAND_SIZE); // CR 103.4
      return { goto: 'mulligan' };
    },
    // CR 103.4 (2019): in turn order, each player still deciding keeps or mulligans; then those who mulligan do so.
    mulligan(s, { data }) {
      const order = [s.startingPlayer, opponentOf(s.startingPlayer)];
      const next = order.find((seat) => !s.players[seat].kept && !data.asked.includes(seat));
      if (next) return ask(mulliganDecision, next, {}, 'mulliganed');
      for (const seat of data.mulligans) {
        const p = s.players[seat];
        p.mulligans += 1;
        for (const id of [...p.hand]) moveObject(s, id, 'library');
        shuffleLibrary(s, seat);
        log(s, { type: 'mulligan', seat, amount: HAND_SIZE - p.mulligans });
        draw(s, seat, HAND_SIZE - p.mulligans);
      }
      data.asked = [];
      data.mulligans = [];
      if (order.some((seat) => !s.players[seat].kept)) return { goto: 'mulligan' };
      data.scryQueue = order.filter((seat) => s.players[seat].hand.length < HAND_SIZE);
      return { goto: 'mulligan-scry' };
    },
    mulliganed(s, { data, ret }) {
      const seat = order0(s, data);
      data.asked.push(seat);
      if (answerOf(mulliganDecision, ret)) data.mulligans.push(seat);
      else {
        s.players[seat].kept = true;
        log(s, { type: 'keep', seat, amount: s.players[seat].hand.length });
      }
      return { goto: 'mulligan' };
    },
    // CR 103.4 (2019): a player who kept fewer than seven cards scries 1.
    'mulligan-scry'(s, { data }) {
      const seat = data.scryQueue[0];
      if (!seat) return { goto: 'turn' };
      const top = s.players[seat].library.slice(0, 1);
      if (top.length === 0) {
        data.scryQueue.shift();
        return { goto: 'mulligan-scry' };
      }
      s.known = learn(s.known, seat, top);
      return ask(scryDecision, seat, { cards: top, mulligan: true }, 'mulligan-scried');
    },
    'mulligan-scried'(s, { data, ret }) {
      const seat = data.scryQueue.shift();
      if (!seat) throw new Error('mulligan scry without a player');
      const { top, bottom } = answerOf(scryDecision, ret);
      scryApply(s, seat, top, bottom);
      return { goto: 'mulligan-scry' };
    },
    // CR 502: untap step: no player receives priority (502.3).
    turn(s) {
      enterStep(s, 'untap');
      log(s, { type: 'turn', seat: s.turn.active, amount: s.turn.number });
      s.players[s.turn.active].landsPlayed = 0;
      for (const id of s.battlefield) {
        const o = objectOf(s, id);
        if (controllerOf(s, id) === s.turn.active) o.tapped = false; // CR 502.3
      }
      enterStep(s, 'upkeep');
      return window(s, 'draw');
    },
    draw(s) {
      enterStep(s, 'draw');
      // CR 103.7a: the starting player skips the draw of their first turn.
      if (!(s.turn.number === 1 && s.turn.active === s.startingPlayer)) draw(s, s.turn.active, 1); // CR 504.1
      return window(s, 'main1');
    },
    main1(s) {
      enterStep(s, 'main1');
      return window(s, 'beginning-of-combat');
    },
    'beginning-of-combat'(s) {
      enterStep(s, 'beginning-of-combat');
      s.combat = { attackers: {}, blockers: {}, dealtFirstStrike: [], firstStrikeStep: false };
      return window(s, 'declare-attackers');
    },
    // CR 508.1: the active player declares attackers as a whole.
    'declare-attackers'(s) {
      enterStep(s, 'declare-attackers');
      if (possibleAttackers(s, s.turn.active).length === 0) return { goto: 'attack-window' };
      return ask(attackersDecision, s.turn.active, { retry: null }, 'attacked');
    },
    attacked(s, { ret }) {
      const answer = answerOf(attackersDecision, ret);
      const seat = s.turn.active;
      if ('control' in answer) return ask(attackersDecision, seat, { retry: null }, 'attacked');
      const problem = attackProblem(s, seat, answer.declare);
      // CR 508.1c: an illegal declaration is refused whole and asked again with the problem named.
      if (problem) return ask(attackersDecision, seat, { retry: retryOf(answer.declare, problem) }, 'attacked');
      const combat = s.combat;
      if (!combat) throw new Error('declare attackers outside combat');
      for (const [id, chosen] of Object.entries(answer.declare)) {
        if (chosen.length === 0) continue;
        combat.attackers[id] = { defender: opponentOf(seat), blocked: false, blockers: [] };
        if (!hasKeyword(s, id, 'vigilance')) objectOf(s, id).tapped = true; // CR 508.1f, 702.20b
        log(s, { type: 'attacks', seat, object: id, card: objectOf(s, id).card });
        s.happened.push({ type: 'attacks', object: id }); // CR 508.3a
      }
      // CR 506.5, 702.82b: a creature declared as the only attacker "attacks alone".
      const declared = Object.keys(combat.attackers);
      if (declared.length === 1 && declared[0] !== undefined)
        s.happened.push({ type: 'attacks-alone', object: declared[0], seat });
      return { goto: 'attack-window' };
    },
    'attack-window': (s) => window(s, 'declare-blockers'),
    // CR 508.8: with no attackers, the declare blockers and combat damage steps are skipped.
    'declare-blockers'(s) {
      if (Object.keys(s.combat?.attackers ?? {}).length === 0) return { goto: 'end-of-combat' };
      enterStep(s, 'declare-blockers');
      const defender = opponentOf(s.turn.active);
      if (possibleBlockers(s, defender).length === 0) return { goto: 'block-window' };
      return ask(blockersDecision, defender, { retry: null }, 'blocked');
    },
    blocked(s, { data, ret }) {
      const answer = answerOf(blockersDecision, ret);
      const defender = opponentOf(s.turn.active);
      if ('control' in answer) return ask(blockersDecision, defender, { retry: null }, 'blocked');
      const problem = blockProblem(s, answer.declare);
      if (problem) return ask(blockersDecision, defender, { retry: retryOf(answer.declare, problem) }, 'blocked');
      const combat = s.combat;
      if (!combat) throw new Error('declare blockers outside combat');
      for (const [id, chosen] of Object.entries(answer.declare)) {
        const choice = chosen[0];
        if (!choice) continue;
        const attacker = choice.slice('block:'.length);
        const a = combat.attackers[attacker];
        if (!a) continue;
        combat.blockers[id] = [attacker];
        a.blocked = true; // CR 509.1h
        a.blockers.push(id);
        log(s, { type: 'blocks', seat: defender, object: id, card: objectOf(s, id).card });
        s.happened.push({ type: 'blocks', object: id }); // CR 509.5a
      }
      data.orderQueue = Object.keys(combat.attackers).filter((a) => (combat.attackers[a]?.blockers.length ?? 0) > 1);
      return { goto: 'damage-order' };
    },
    // CR 509.2 (2019): the attacking player orders each attacker's blockers.
    'damage-order'(s, { data }) {
      const attacker = data.orderQueue[0];
      if (!attacker) return { goto: 'block-window' };
      const blockers = s.combat?.attackers[attacker]?.blockers ?? [];
      return ask(damageOrderDecision, s.turn.active, { attacker, blockers }, 'ordered');
    },
    ordered(s, { data, ret }) {
      const attacker = data.orderQueue.shift();
      const a = attacker ? s.combat?.attackers[attacker] : undefined;
      if (a) a.blockers = answerOf(damageOrderDecision, ret);
      return { goto: 'damage-order' };
    },
    'block-window': (s) => window(s, 'first-strike'),
    // CR 510.4: a first-strike combat damage step when any attacker or blocker has first strike.
    'first-strike'(s) {
      const combat = s.combat;
      if (!combat) return { goto: 'end-of-combat' };
      const fighting = [...Object.keys(combat.attackers), ...Object.keys(combat.blockers)];
      if (!fighting.some((id) => strikesFirst(s, id))) return { goto: 'combat-damage' }; // CR 702.4b, 702.7b
      combat.firstStrikeStep = true;
      enterStep(s, 'first-strike-damage');
      return call(combatDamage, { first: true, queue: [], index: 0, assignments: {} }, 'first-strike-window');
    },
    'first-strike-window': (s) => window(s, 'combat-damage'),
    'combat-damage'(s) {
      if (!s.combat) return { goto: 'end-of-combat' };
      enterStep(s, 'combat-damage');
      return call(combatDamage, { first: false, queue: [], index: 0, assignments: {} }, 'damage-window');
    },
    'damage-window': (s) => window(s, 'end-of-combat'),
    'end-of-combat'(s) {
      enterStep(s, 'end-of-combat');
      return window(s, 'combat-over');
    },
    'combat-over'(s) {
      s.combat = null; // CR 511.3: creatures stop being attacking or blocking
      enterStep(s, 'main2');
      return window(s, 'end');
    },
    end(s) {
      enterStep(s, 'end');
      return window(s, 'cleanup');
    },
    // CR 514.1: the active player discards down to the maximum hand size.
    cleanup(s) {
      enterStep(s, 'cleanup');
      const over = s.players[s.turn.active].hand.length - HAND_SIZE;
      if (over > 0) return ask(discardDecision, s.turn.active, { count: over }, 'cleanup-discarded');
      return { goto: 'cleanup-damage' };
    },
    'cleanup-discarded'(s, { ret }) {
      for (const id of answerOf(discardDecision, ret)) {
        log(s, { type: 'discard', seat: s.turn.active, card: objectOf(s, id).card, object: id });
        moveObject(s, id, 'graveyard');
      }
      return { goto: 'cleanup-damage' };
    },
    // CR 514.2: damage is removed and "until end of turn" effects end, at the same time.
    'cleanup-damage'(s) {
      for (const id of s.battlefield) objectOf(s, id).damage = 0;
      for (const id of s.battlefield) objectOf(s, id).deathtouched = false;
      s.effects = [];
      endControlUntilEndOfTurn(s); // CR 514.2: "until end of turn" control changes end too
      delete s.shields; // CR 514.2: "this turn" prevention and regeneration shields end with them
      return call(stateChecks, { found: [], passes: 0 }, 'cleanup-checked');
    },
    // CR 514.3a: if state-based actions were performed, players get priority and another cleanup step follows.
    'cleanup-checked'(s, { ret }) {
      lookForTriggers(s);
      if (resultOf(stateChecks, ret) > 0 || s.triggers.length > 0) return window(s, 'cleanup');
      return { goto: 'next-turn' };
    },
    'next-turn'(s) {
      for (const seat of SEATS) s.players[seat].pool = [];
      s.turn = { number: s.turn.number + 1, active: opponentOf(s.turn.active), step: 'untap' };
      delete s.diedThisTurn; // a new turn: the watcher starts again
      return { goto: 'turn' };
    },
  },
});

/** The seat the mulligan question was last put to: the first in turn order not yet asked before this answer. */
function order0(s: MtgState, data: GameData): Seat {
  const order = [s.startingPlayer, opponentOf(s.startingPlayer)];
  const seat = order.find((x) => !s.players[x].kept && !data.asked.includes(x));
  if (!seat) throw new Error('mulligan answer with nobody asked');
  return seat;
}
