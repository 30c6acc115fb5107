/**
 * Aquarian Age procedures on the kernel's stack: the turn (root), the response window (the protocol, G19), making a
 * declaration (a transaction: a cancelled one leaves no trace), payment, resolution, the attack flow (§3-3), battle
 * (§5), removal with Bind (§6-4), the damage judgment (§16) and the rule checks (§9-2, §14-2, ruling G2).
 */
import { answerOf, ask } from '../../core/decision-kinds.ts';
import { stateCheckProcedure } from '../../core/fixpoint.ts';
import { opponentOf, type Seat } from '../../core/game.ts';
import { forget, learn } from '../../core/hidden.ts';
import {
  call,
  defineProcedure,
  inTransaction,
  resultOf,
  rewind,
  type StepOut,
  transactionProcedure,
} from '../../core/procedure.ts';
import { shuffle } from '../../core/rng.ts';
import type { AqaCard, Effect } from './cards/schema.ts';
import {
  choiceDecision,
  distributeDecision,
  mainDecision,
  numberDecision,
  respondDecision,
  splitOption,
} from './decisions.ts';
import {
  aimingOf,
  attackTargets,
  breakTargets,
  breakTerms,
  characterPool,
  effectsOf,
  effectTargets,
  guardableBy,
  modeCount,
  modeEffects,
  modeUsable,
  moveDestinations,
  permanentTargets,
  refuseUnsupported,
  retargets,
  targetStands,
} from './legal.ts';
import { PROTOCOLS, type Round } from './protocol.ts';
import {
  ATTACK_COST,
  costOf,
  detach,
  discardCharacter,
  draw,
  factorMet,
  guardCost,
  isNegated,
  mentalAttackOf,
  nameBlocked,
  payablePower,
  payFrom,
  permanentLimit,
  powerFromDeck,
  powerRoom,
  powerZero,
  removeCharacterFromGame,
  sameNameKeys,
  skillCount,
  skillValue,
  statOf,
} from './rules.ts';
import {
  type AqaState,
  type AttackTarget,
  activeCharacters,
  allCharacters,
  type Character,
  cardOf,
  characterOf,
  charactersOf,
  controlledOf,
  type Declaration,
  faceOf,
  moveCard,
  newId,
  objectOf,
  PARTIES,
  type Phase,
  partyFor,
  pushLog,
  win,
} from './state.ts';

type Attack = Extract<Declaration, { kind: 'attack' }>;

export const transaction = transactionProcedure<AqaState>();

const HAND_LIMIT = 7; // ruling G24
const DAMAGE_LIMIT = 10; // ruling G2(a)

// ---------------------------------------------------------------------------------------------------------------
// Rule checks

export type CheckAction =
  | { lose: Seat; reason: string; rule: string }
  | { discard: string; rule: string }
  | { excessPower: string; count: number }
  | { lasting: string };

/** Ruling G42: the rule checks, all found at once performed at once, before any window opens and after each resolution. */
export const stateChecks = stateCheckProcedure<AqaState, CheckAction>({
  kind: 'rule-checks',
  rule: 'G42',
  collect(s) {
    const found: CheckAction[] = [];
    for (const seat of ['p1', 'p2'] as const) {
      const side = s.sides[seat];
      if (side.damage.length >= DAMAGE_LIMIT) found.push({ lose: seat, reason: 'damage-zone', rule: 'G2' });
      else if (side.tookFromEmpty) found.push({ lose: seat, reason: 'empty-deck', rule: '12-3' });
    }
    // §7-3: a character made by an effect whose source is gone goes with it (discardCharacter does it at once; this
    // catches any other way the source leaves).
    for (const c of allCharacters(s))
      if (c.createdBy !== undefined && !s.characters[c.createdBy]) found.push({ discard: c.id, rule: '7-3' });
    // §9-4: a character that exists by an effect (Paper Shikigami) and becomes unaffected by effects is discarded.
    for (const c of allCharacters(s))
      if (c.createdBy !== undefined && c.unaffected) found.push({ discard: c.id, rule: '9-4' });
    // §9-2: durability 0 or less from an effect.
    for (const c of allCharacters(s)) if (statOf(s, c, 'dur') <= 0) found.push({ discard: c.id, rule: '9-2' });
    // Ruling G12, R20: power above mental power (a break card with a lower one on top, a lost bonus) is discarded.
    for (const c of allCharacters(s)) {
      if (c.power.length === 0) continue; // nothing can exceed (and statOf is the costly part)
      const excess = c.power.length - statOf(s, c, 'mnd');
      if (excess > 0 && statOf(s, c, 'dur') > 0) found.push({ excessPower: c.id, count: excess });
    }
    // §14-2: a target-range lasting card whose targets are all gone is discarded.
    for (const seat of ['p1', 'p2'] as const) {
      for (const id of s.sides[seat].lasting) {
        const targets = s.lastingTargets[id];
        if (targets?.every((t) => !s.characters[t])) found.push({ lasting: id });
      }
    }
    return found;
  },
  perform(s, found) {
    for (const a of found) {
      if ('discard' in a) {
        const c = s.characters[a.discard];
        if (c) discardCharacter(s, c, a.rule, false);
      } else if ('excessPower' in a) {
        // Ruling G39: power cards are alike face down, so the top ones go (to their owner's discard pile, §20-1).
        const c = s.characters[a.excessPower];
        if (!c) continue;
        const before = c.power.length;
        for (const id of c.power.splice(c.power.length - Math.min(a.count, before))) moveCard(s, id, 'discard');
        powerZero(s, c, before); // ruling R18: any loss of power cards
      } else if ('lasting' in a) {
        moveCard(s, a.lasting, 'discard');
        delete s.lastingTargets[a.lasting];
        pushLog(s, {
          type: 'discarded',
          seat: objectOf(s, a.lasting).owner,
          card: objectOf(s, a.lasting).card,
          rule: '14-2',
        });
      }
    }
    const losers = [...new Set(found.flatMap((a) => ('lose' in a ? [a.lose] : [])))];
    for (const a of found) if ('lose' in a) pushLog(s, { type: 'lost', seat: a.lose, reason: a.reason });
    // Ruling G2, G36: both at once is a draw.
    if (losers.length === 2) s.result = { kind: 'draw', reason: 'both-lost', rule: 'G2' };
    else if (losers[0]) {
      const why = found.find((a) => 'lose' in a);
      const reason = why && 'lose' in why ? why.reason : 'lost';
      s.result = win(opponentOf(losers[0]), reason, why && 'lose' in why ? why.rule : 'G2');
    }
  },
});

const checks = (next: string): StepOut => call(stateChecks, { found: [], passes: 0 }, next);

// ---------------------------------------------------------------------------------------------------------------
// Small helpers

function yesNo(seat: Seat, purpose: 'bind' | 'draw' | 'redraw', about: string | null, next: string): StepOut {
  return ask(choiceDecision, seat, { purpose, ids: ['yes', 'no'], min: 1, max: 1, cancel: false, about }, next);
}

/** Pushes a declaration on the chain and logs it. */
function pushDeclaration(s: AqaState, d: Declaration): void {
  s.chain.push(d);
  const card = 'card' in d ? objectOf(s, d.card).card : null;
  let target: string | null = null;
  if (d.kind === 'attack') target = 'player' in d.target ? d.target.player : faceIdOf(s, d.target.character);
  if (d.kind === 'break' || d.kind === 'permanent') target = faceIdOf(s, d.target);
  const source =
    d.kind === 'effect'
      ? faceIdOf(s, d.source)
      : d.kind === 'attack'
        ? faceIdOf(s, d.attacker)
        : d.kind === 'guard'
          ? faceIdOf(s, d.guard)
          : null;
  if (d.kind === 'phase') pushLog(s, { type: 'phase', seat: d.seat, phase: d.phase, edge: d.edge });
  else pushLog(s, { type: 'declared', seat: d.seat, kind: d.kind, card: card ?? source, target });
}

function faceIdOf(s: AqaState, characterId: string): string | null {
  const c = s.characters[characterId];
  return c ? faceOf(s, c).id : null;
}

/** Opens a response window for the declaration just pushed (G19). */
function openWindow(s: AqaState, next: string): StepOut {
  const top = s.chain[s.chain.length - 1];
  if (!top) throw new Error('aqa: a window with nothing declared');
  const protocol = PROTOCOLS[s.protocol];
  return call(
    window,
    { base: s.chain.length - 1, round: { holder: protocol.firstResponder(top.seat), passes: 0 }, resolving: false },
    next,
  );
}

/** §21-3a: a phase start or end is a declaration that can be responded to. */
function declarePhase(s: AqaState, phase: Phase, edge: 'start' | 'end', next: string): StepOut {
  pushDeclaration(s, { id: newId(s, 'd'), seat: s.turn.active, kind: 'phase', phase, edge });
  return openWindow(s, next);
}

/** Puts a new character for `cards` (bottom first) into an area (G8, §18-3: on top of its party). */
function newCharacter(
  s: AqaState,
  owner: Seat,
  cards: string[],
  area: 'faction' | 'control',
  broken: boolean,
): Character {
  const top = cards[cards.length - 1];
  if (top === undefined) throw new Error('aqa: a character without cards');
  const card = cardOf(objectOf(s, top).card);
  const c: Character = {
    id: newId(s, 'c'),
    owner,
    area,
    party: partyFor(card),
    cards,
    power: [],
    permanents: [],
    mods: [],
    broken,
    permanentMinus: 0,
    unaffected: false,
    judgeBonus: 0,
  };
  for (const id of cards) moveCard(s, id, 'field');
  s.characters[c.id] = c;
  if (area === 'control') s.sides[owner].control.push(c.id);
  else s.sides[owner].parties[c.party].push(c.id);
  pushLog(s, { type: 'entered', seat: owner, card: card.id });
  return c;
}

/** §1-1, §8-1-a-1: "when this enters the field: draw 1" happens at once, with no response window. */
function enterTriggers(s: AqaState, owner: Seat, card: AqaCard): void {
  for (const a of card.abilities) {
    if (a.kind !== 'triggered' || a.when !== 'enters-field') continue;
    for (const e of a.effects) if (e.do === 'draw') draw(s, owner, e.count);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Removal with Bind (§6-4), "when discarded" (§17-1) and "has been discarded" (§17-2)

export type Doomed = { id: string; rule: string; nameToDamage: boolean };
type DestroyData = {
  list: Doomed[];
  i: number;
  bind: boolean;
  saved: string[];
  couriers: { seat: Seat; card: string }[];
};

export const destroy = defineProcedure<AqaState, DestroyData, null>({
  kind: 'destroy',
  first: 'bind',
  steps: {
    bind(s, { data }) {
      const entry = data.list[data.i];
      if (!entry) return { goto: 'discard' };
      const c = s.characters[entry.id];
      const x = c ? skillValue(s, c, 'bind') : 0;
      // §6-4: Bind X keeps a character being removed by paying X of its power cards into the damage zone.
      if (c && data.bind && x > 0 && c.power.length >= x) return yesNo(c.owner, 'bind', c.id, 'bound');
      data.i += 1;
      return { goto: 'bind' };
    },
    bound(s, { data, ret }) {
      const entry = data.list[data.i];
      data.i += 1;
      const c = entry ? s.characters[entry.id] : undefined;
      if (c && answerOf(choiceDecision, ret).includes('yes')) {
        const x = skillValue(s, c, 'bind');
        const before = c.power.length;
        for (let k = 0; k < x; k++) {
          const card = c.power.pop();
          if (card) moveCard(s, card, 'damage');
        }
        powerZero(s, c, before);
        data.saved.push(c.id);
        pushLog(s, { type: 'bind', seat: c.owner, card: faceOf(s, c).id, count: x });
      }
      return { goto: 'bind' };
    },
    discard(s, { data }) {
      const going = data.list.filter((e) => s.characters[e.id] && !data.saved.includes(e.id));
      const owners = new Set<Seat>();
      for (const e of going) {
        const c = s.characters[e.id];
        if (!c) continue; // §7-3: already gone with the character whose effect made it
        const face = faceOf(s, c);
        // §9-3: a name-level character so discarded fires no "when discarded"; §6-4-b: a Bound one is not discarded.
        const fires = !(e.nameToDamage && face.nameLevel);
        // §17-1: "when this is discarded" resolves just before the discard, for the card itself too.
        if (fires) {
          for (const a of face.abilities)
            if (a.kind === 'triggered' && a.when === 'this-discarded')
              for (const eff of a.effects) if (eff.do === 'draw') draw(s, c.owner, eff.count);
          owners.add(c.owner);
        }
        discardCharacter(s, c, e.rule, e.nameToDamage);
      }
      // §17-2: "when another character of yours has been discarded", from characters still on the field.
      for (const seat of owners) {
        for (const c of charactersOf(s, seat)) {
          const face = faceOf(s, c);
          for (const a of face.abilities)
            if (a.kind === 'triggered' && a.when === 'another-of-yours-discarded')
              data.couriers.push({ seat, card: c.id });
        }
      }
      return { goto: 'courier' };
    },
    courier(s, { data }) {
      const next = data.couriers.shift();
      if (!next) return { return: null };
      if (!s.characters[next.card]) return { goto: 'courier' };
      data.list = [{ id: next.card, rule: '', nameToDamage: false }];
      return yesNo(next.seat, 'draw', next.card, 'drew');
    },
    drew(s, { data, ret }) {
      const c = s.characters[data.list[0]?.id ?? ''];
      if (c && answerOf(choiceDecision, ret).includes('yes')) draw(s, c.owner, 1); // §21-6: optional
      return { goto: 'courier' };
    },
  },
});

const destroyAll = (list: Doomed[], bind: boolean, next: string): StepOut =>
  call(destroy, { list, i: 0, bind, saved: [], couriers: [] }, next);

/**
 * §5-2, §3-5-a, §7-1: one-sided damage to a character (not battle damage). Normal damage at least its durability is
 * lethal (ruling G16); Resist (G27) and "unaffected by effects" (§13-2) stop it being received (§6-2: still dealt).
 */
function damageLethal(s: AqaState, target: Character, amount: number, source: AqaCard, byEffect: boolean): boolean {
  if (byEffect && target.unaffected) return false;
  if (resists(s, target, source)) return false;
  return amount >= statOf(s, target, 'dur');
}

/** Ruling G27: Resist (faction) receives no damage from a source of that faction. */
function resists(s: AqaState, target: Character, source: AqaCard): boolean {
  return faceOf(s, target).skills.some(
    (k) => k.skill === 'resist' && k.faction !== undefined && source.factions.includes(k.faction),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Damage judgment (§16, ruling G17)

/**
 * Ruling G17: the top `count` cards of the player's deck are revealed one at a time. Characters are set into the
 * faction area (§18-3) unless another character of the same name was revealed in this judgment or a name-level one
 * of that Name is on the field (§16-1, §21-3c): those, and every other card, go to the damage zone. The characters
 * enter together (§16-1) and their "enters the field" abilities are processed one by one (§16-2). An empty deck
 * meets a losing condition (ruling G2b).
 */
export function damageJudgment(s: AqaState, seat: Seat, count: number): void {
  const side = s.sides[seat];
  const revealed: string[] = [];
  for (let i = 0; i < count; i++) {
    const top = side.deck[0];
    if (top === undefined) {
      side.tookFromEmpty = true;
      break;
    }
    moveCard(s, top, 'pending');
    revealed.push(top);
  }
  const chars = revealed.filter((id) => cardOf(objectOf(s, id).card).type === 'character');
  const keyCount = new Map<string, number>();
  for (const id of chars)
    for (const k of new Set(sameNameKeys(cardOf(objectOf(s, id).card)))) keyCount.set(k, (keyCount.get(k) ?? 0) + 1);
  const entering: string[] = [];
  for (const id of revealed) {
    const card = cardOf(objectOf(s, id).card);
    const duplicate = sameNameKeys(card).some((k) => (keyCount.get(k) ?? 0) > 1);
    if (card.type === 'character' && !duplicate && !nameBlocked(s, card)) {
      newCharacter(s, seat, [id], 'faction', false);
      entering.push(card.id);
      pushLog(s, { type: 'revealed', seat, card: card.id, to: 'field' });
    } else {
      moveCard(s, id, 'damage');
      pushLog(s, { type: 'revealed', seat, card: card.id, to: 'damage' });
    }
  }
  for (const card of entering) enterTriggers(s, seat, cardOf(card));
}

// ---------------------------------------------------------------------------------------------------------------
// Payment (ruling G14): power cards of your controlled characters, auto-pay or one character at a time

type PayData = { seat: Seat; left: number };

export const pay = defineProcedure<AqaState, PayData, boolean>({
  kind: 'pay',
  first: 'next',
  steps: {
    next(s, { data }) {
      if (data.left <= 0) return { return: true };
      const sources = controlledOf(s, data.seat).filter((c) => c.power.length > 0);
      if (sources.length === 0) throw new Error('aqa: payment offered without power to pay it');
      if (sources.length === 1 && sources[0]) {
        const n = Math.min(data.left, sources[0].power.length);
        payFrom(s, sources[0], n);
        data.left -= n;
        return { goto: 'next' };
      }
      return ask(
        choiceDecision,
        data.seat,
        { purpose: 'pay-from', ids: ['auto', ...sources.map((c) => c.id)], min: 1, max: 1, cancel: true, about: null },
        'chosen',
      );
    },
    chosen(s, { data, ret }) {
      const [choice = 'cancel'] = answerOf(choiceDecision, ret);
      if (choice === 'cancel') return { return: false };
      if (choice === 'auto') {
        // Deterministic: from the character with the most power, first in field order on a tie.
        while (data.left > 0) {
          const best = [...controlledOf(s, data.seat)].sort((a, b) => b.power.length - a.power.length)[0];
          if (!best || best.power.length === 0) throw new Error('aqa: auto-pay ran out of power');
          payFrom(s, best, 1);
          data.left -= 1;
        }
        return { return: true };
      }
      payFrom(s, characterOf(s, choice), 1);
      data.left -= 1;
      return { goto: 'next' };
    },
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Making a declaration (§21-3a, ruling G19's order: mode, X, targets, pay, establish, "immediately" effects)

type DeclareData = {
  seat: Seat;
  action: string;
  object: string;
  targets: string[];
  x: number;
  mode: number;
  split: number[];
  attackTarget: string | null;
};

function cancelled(ret: string[]): boolean {
  return ret.includes('cancel');
}

export const declare = defineProcedure<AqaState, DeclareData, null>({
  kind: 'declare',
  first: 'begin',
  steps: {
    begin(s, { data }) {
      const { action, object, rest } = splitOption(data.action);
      data.object = object;
      switch (action) {
        case 'set': {
          // G8: a character costs nothing to set; §1-3: it waits, declared, neither in hand nor on the field.
          moveCard(s, object, 'pending');
          pushDeclaration(s, { id: newId(s, 'd'), seat: data.seat, kind: 'set', card: object });
          return { return: null };
        }
        case 'break':
          return ask(
            choiceDecision,
            data.seat,
            {
              purpose: 'target',
              ids: breakTargets(s, data.seat, cardOf(objectOf(s, object).card)),
              min: 1,
              max: 1,
              cancel: true,
              about: object,
            },
            'break-target',
          );
        case 'permanent':
          return ask(
            choiceDecision,
            data.seat,
            { purpose: 'target', ids: permanentTargets(s, data.seat), min: 1, max: 1, cancel: true, about: object },
            'permanent-target',
          );
        case 'use': {
          const card = cardOf(objectOf(s, object).card);
          refuseUnsupported(card);
          if (modeCount(card) > 1) {
            // §21-8: only a mode that can be carried out now is offered; a single one is taken without asking.
            const ids = Array.from({ length: modeCount(card) }, (_, i) => i)
              .filter((m) => modeUsable(s, data.seat, card, m))
              .map((m) => `mode:${m}`);
            if (ids.length === 1) {
              data.mode = Number((ids[0] ?? 'mode:0').slice(5));
              return { goto: 'x' };
            }
            return ask(
              choiceDecision,
              data.seat,
              { purpose: 'mode', ids, min: 1, max: 1, cancel: true, about: object },
              'mode',
            );
          }
          return { goto: 'x' };
        }
        case 'effect': {
          const c = characterOf(s, object);
          data.mode = Number(rest);
          const entry = effectsOf(s, c)[data.mode];
          if (!entry) throw new Error(`aqa: ${object} has no effect ${rest}`);
          const pool = effectTargets(s, c, entry);
          if (pool === null) return { goto: 'effect-x' };
          return ask(
            choiceDecision,
            data.seat,
            { purpose: 'target', ids: pool, min: 1, max: 1, cancel: true, about: object },
            'effect-target',
          );
        }
        case 'attack':
          return ask(
            choiceDecision,
            data.seat,
            { purpose: 'attack-target', ids: attackTargets(s, data.seat), min: 1, max: 1, cancel: true, about: object },
            'attack-target',
          );
        case 'guard':
          return { goto: 'guard' };
      }
      throw new Error(`aqa: unknown declaration ${data.action}`);
    },
    'break-target'(s, { data, ret }) {
      const chosen = answerOf(choiceDecision, ret);
      if (cancelled(chosen)) return rewind('21-3a');
      data.targets = chosen;
      const card = cardOf(objectOf(s, data.object).card);
      const terms = breakTerms(card);
      const cost = card.type === 'break' ? costOf(s, data.seat, card) : (terms?.cost ?? 0);
      return call(pay, { seat: data.seat, left: cost }, 'break-paid');
    },
    'break-paid'(s, { data, ret }) {
      if (!resultOf(pay, ret)) return rewind('20-2');
      moveCard(s, data.object, 'pending');
      pushDeclaration(s, {
        id: newId(s, 'd'),
        seat: data.seat,
        kind: 'break',
        card: data.object,
        target: data.targets[0] ?? '',
      });
      return { return: null };
    },
    'permanent-target'(s, { data, ret }) {
      const chosen = answerOf(choiceDecision, ret);
      if (cancelled(chosen)) return rewind('21-3a');
      data.targets = chosen;
      return call(
        pay,
        { seat: data.seat, left: costOf(s, data.seat, cardOf(objectOf(s, data.object).card)) },
        'permanent-paid',
      );
    },
    'permanent-paid'(s, { data, ret }) {
      if (!resultOf(pay, ret)) return rewind('20-2');
      moveCard(s, data.object, 'pending');
      pushDeclaration(s, {
        id: newId(s, 'd'),
        seat: data.seat,
        kind: 'permanent',
        card: data.object,
        target: data.targets[0] ?? '',
      });
      return { return: null };
    },
    mode(_s, { data, ret }) {
      const chosen = answerOf(choiceDecision, ret);
      if (cancelled(chosen)) return rewind('21-8');
      data.mode = Number((chosen[0] ?? 'mode:0').slice(5));
      return { goto: 'x' };
    },
    x(s, { data }) {
      const card = cardOf(objectOf(s, data.object).card);
      if (card.cost !== 'X') return { goto: 'targets' };
      // §20-5-a, §20-5-d: X is chosen freely (up to the stated maximum for class d) and paid in full (§20-2).
      const power = payablePower(s, data.seat);
      const needsTarget = modeEffects(card, data.mode).some((e) => e.do === 'distribute-damage');
      const max = Math.min(power, card.xMax ?? power);
      return ask(numberDecision, data.seat, { about: data.object, min: needsTarget ? 1 : 0, max }, 'x-chosen');
    },
    'x-chosen'(_s, { data, ret }) {
      data.x = answerOf(numberDecision, ret);
      return { goto: 'targets' };
    },
    targets(s, { data }) {
      const card = cardOf(objectOf(s, data.object).card);
      const aim = aimingOf(s, data.seat, card, data.mode, data.x);
      if (aim.kind === 'none') return { goto: 'use-pay' };
      const max = Math.min(aim.max, aim.pool.length);
      return ask(
        choiceDecision,
        data.seat,
        {
          purpose: aim.max > 1 ? 'targets' : 'target',
          ids: aim.pool,
          min: aim.min,
          max,
          cancel: true,
          about: data.object,
        },
        'targeted',
      );
    },
    targeted(s, { data, ret }) {
      const chosen = answerOf(choiceDecision, ret);
      if (cancelled(chosen)) return rewind('21-3a');
      data.targets = chosen;
      const card = cardOf(objectOf(s, data.object).card);
      // §11-2, ruling R25: Mantle Shift's second target, where the permanents go, is asked after the first.
      if (modeEffects(card, data.mode).some((e) => e.do === 'code' && e.handler === 'move-permanent'))
        return ask(
          choiceDecision,
          data.seat,
          {
            purpose: 'move-to',
            ids: moveDestinations(s, data.seat, chosen[0] ?? ''),
            min: 1,
            max: 1,
            cancel: true,
            about: data.object,
          },
          'move-to-chosen',
        );
      if (modeEffects(card, data.mode).some((e) => e.do === 'distribute-damage')) {
        if (chosen.length === 1) {
          data.split = [data.x];
          return { goto: 'use-pay' };
        }
        return ask(distributeDecision, data.seat, { about: data.object, total: data.x, targets: chosen }, 'split');
      }
      return { goto: 'use-pay' };
    },
    'move-to-chosen'(_s, { data, ret }) {
      const chosen = answerOf(choiceDecision, ret);
      if (cancelled(chosen)) return rewind('21-3a');
      data.targets = [...data.targets, ...chosen];
      return { goto: 'use-pay' };
    },
    split(_s, { data, ret }) {
      const split = answerOf(distributeDecision, ret);
      data.split = data.targets.map((t) => split[t] ?? 0);
      return { goto: 'use-pay' };
    },
    'use-pay'(s, { data }) {
      const card = cardOf(objectOf(s, data.object).card);
      const cost = card.cost === 'X' ? data.x : costOf(s, data.seat, card);
      return call(pay, { seat: data.seat, left: cost }, 'use-paid');
    },
    'use-paid'(s, { data, ret }) {
      if (!resultOf(pay, ret)) return rewind('20-2');
      moveCard(s, data.object, 'pending');
      pushDeclaration(s, {
        id: newId(s, 'd'),
        seat: data.seat,
        kind: 'use',
        card: data.object,
        targets: data.targets,
        x: data.x,
        mode: data.mode,
        split: data.split,
      });
      return { return: null };
    },
    'effect-target'(_s, { data, ret }) {
      const chosen = answerOf(choiceDecision, ret);
      if (cancelled(chosen)) return rewind('21-3a');
      data.targets = chosen;
      return { goto: 'effect-x' };
    },
    'effect-x'(s, { data }) {
      const c = characterOf(s, data.object);
      const entry = effectsOf(s, c)[data.mode];
      if (entry?.cost !== 'X') return { goto: 'effect-pay' };
      // §7-4: X is at least 1 (no 0 power cards paid to set 0), at most the holder's power (§11-6).
      return ask(numberDecision, data.seat, { about: data.object, min: 1, max: c.power.length }, 'effect-x-chosen');
    },
    'effect-x-chosen'(_s, { data, ret }) {
      data.x = answerOf(numberDecision, ret);
      return { goto: 'effect-pay' };
    },
    'effect-pay'(s, { data }) {
      // §11-6: the holder pays its effect cost from its own power cards.
      const c = characterOf(s, data.object);
      const entry = effectsOf(s, c)[data.mode];
      if (!entry) throw new Error(`aqa: ${data.object} has no effect ${data.mode}`);
      const cost = entry.cost === 'X' ? data.x : entry.cost;
      const paid: string[] = [];
      if (entry.effects.some((e) => e.do === 'code' && e.handler === 'move-paid-power')) {
        // §7-4: the paid cards are set again at resolution: they wait face down, not in the discard pile.
        const before = c.power.length;
        for (let k = 0; k < cost; k++) {
          const card = c.power.pop();
          if (card === undefined) throw new Error(`aqa: ${c.id} has no power to pay`);
          moveCard(s, card, 'pending');
          paid.push(card);
        }
        powerZero(s, c, before);
      } else payFrom(s, c, cost);
      pushDeclaration(s, {
        id: newId(s, 'd'),
        seat: data.seat,
        kind: 'effect',
        source: c.id,
        ability: entry.index,
        targets: data.targets,
        permanent: entry.permanent,
        x: data.x,
        paid,
      });
      return { return: null };
    },
    'attack-target'(s, { data, ret }) {
      const chosen = answerOf(choiceDecision, ret);
      if (cancelled(chosen)) return rewind('3-1');
      const [t = ''] = chosen;
      const target: AttackTarget = t === 'p1' || t === 'p2' ? { player: t } : { character: t };
      // §17-4 a–c: declare, pay (ruling G13: 1 power card of the attacker), established.
      payFrom(s, characterOf(s, data.object), ATTACK_COST);
      const attack: Attack = {
        id: newId(s, 'd'),
        seat: data.seat,
        kind: 'attack',
        attacker: data.object,
        target,
        guard: null,
        guardDeclared: false,
      };
      pushDeclaration(s, attack);
      // §3-5-b: an attacked faction character guards at once, automatically (without cost: ruling G9).
      if ('character' in target) {
        attack.guard = target.character;
        attack.guardDeclared = true;
      }
      return { goto: 'attack-immediate' };
    },
    'attack-immediate'(s, { data }) {
      // §17-4 d: "immediately when this declares an attack" resolves before anyone may respond.
      const c = s.characters[data.object];
      const herald = c ? immediateEffect(s, c, 'declares-attack') : null;
      if (!herald) return { return: null };
      const pool = characterPool(s); // §10-1 (ruling R19): not a character that cannot be targeted
      if (pool.length === 0) return { return: null };
      return ask(
        choiceDecision,
        data.seat,
        { purpose: 'target', ids: pool, min: 1, max: 1, cancel: false, about: data.object },
        'herald',
      );
    },
    herald(s, { data, ret }) {
      const [t = ''] = answerOf(choiceDecision, ret);
      const target = s.characters[t];
      const source = s.characters[data.object];
      if (!target || !source) return { return: null };
      const e = immediateEffect(s, source, 'declares-attack');
      if (e?.do !== 'damage') return { return: null };
      if (damageLethal(s, target, e.amount, faceOf(s, source), true))
        return destroyAll([{ id: target.id, rule: '7-1', nameToDamage: false }], true, 'done');
      return { return: null };
    },
    guard(s, { data }) {
      const c = characterOf(s, data.object);
      const top = s.chain[s.chain.length - 1];
      if (top?.kind !== 'attack') throw new Error('aqa: a guard with no attack on top');
      // §17-5 a–c: declare, pay (ruling G13 and §6-5), established; §4-1: one guard per series.
      payFrom(s, c, guardCost(s, c));
      top.guardDeclared = true;
      pushDeclaration(s, {
        id: newId(s, 'd'),
        seat: data.seat,
        kind: 'guard',
        guard: c.id,
        attack: top.id,
        free: false,
      });
      guardImmediate(s, c);
      return { return: null };
    },
    done: () => ({ return: null }),
  },
});

/** §17-5 d: "immediately when this declares a guard" (Rook of the Bastion), before any response. */
function guardImmediate(s: AqaState, c: Character): void {
  const e = immediateEffect(s, c, 'declares-guard');
  if (e?.do === 'modify' && !c.unaffected) c.mods.push({ stat: e.stat, amount: e.amount, until: e.until });
}

function immediateEffect(s: AqaState, c: Character, when: 'declares-attack' | 'declares-guard'): Effect | null {
  for (const a of faceOf(s, c).abilities) if (a.kind === 'triggered' && a.when === when) return a.effects[0] ?? null;
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// The response window (G19: protocol.ts)

type WindowData = { base: number; round: Round; resolving: boolean };

export const window = defineProcedure<AqaState, WindowData, null>({
  kind: 'window',
  first: 'checks',
  steps: {
    checks: () => checks('offer'),
    offer(s, { data }) {
      if (s.chain.length <= data.base) return { return: null };
      if (data.resolving) return { goto: 'resolve' };
      return ask(respondDecision, data.round.holder, {}, 'act');
    },
    act(s, { data, ret }) {
      const choice = answerOf(respondDecision, ret);
      if (choice === 'pass') {
        const after = PROTOCOLS[s.protocol].afterPass(data.round);
        if (after === 'all-passed') {
          data.resolving = true;
          return { goto: 'resolve' };
        }
        data.round = after;
        return { goto: 'offer' };
      }
      return inTransaction(
        transaction,
        declare,
        {
          seat: data.round.holder,
          action: choice,
          object: '',
          targets: [],
          x: 0,
          mode: 0,
          split: [],
          attackTarget: null,
        },
        'declared',
      );
    },
    declared(s, { data, ret }) {
      if (!resultOf(transaction, ret).rewound) {
        const top = s.chain[s.chain.length - 1];
        if (top) data.round = { holder: PROTOCOLS[s.protocol].firstResponder(top.seat), passes: 0 };
      }
      return { goto: 'checks' };
    },
    resolve(s, { data }) {
      if (s.chain.length <= data.base) return { return: null };
      const item = s.chain.pop();
      if (!item) return { return: null };
      return call(resolveItem, { item, list: [] }, 'resolved');
    },
    resolved: () => checks('after'),
    after(s, { data }) {
      if (s.chain.length <= data.base) return { return: null };
      const protocol = PROTOCOLS[s.protocol];
      if (protocol.resolves === 'whole-chain') return { goto: 'resolve' };
      const top = s.chain[s.chain.length - 1];
      data.resolving = false;
      data.round = { holder: protocol.firstResponder(top?.seat ?? s.turn.active), passes: 0 };
      return { goto: 'offer' };
    },
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Resolution (§1-2, §7-2, §10-2, §11-2, §19-1: checks at resolution)

type ResolveData = { item: Declaration; list: string[] };

function fail(s: AqaState, item: Declaration, rule: string): void {
  const card = 'card' in item ? item.card : null;
  if (card) moveCard(s, card, 'discard');
  pushLog(s, { type: 'failed', kind: item.kind, card: card ? objectOf(s, card).card : null, rule });
}

/** §11-3: the character that may now hold too many permanents: a set permanent's target, Mantle Shift's second. */
function excessHolder(item: Declaration): string {
  if (item.kind === 'permanent') return item.target;
  if (item.kind === 'use') return item.targets[1] ?? '';
  return '';
}

export const resolveItem = defineProcedure<AqaState, ResolveData, null>({
  kind: 'resolve',
  first: 'start',
  steps: {
    start(s, { data }) {
      const item = data.item;
      const card = 'card' in item ? objectOf(s, item.card).card : null;
      switch (item.kind) {
        case 'phase':
          return { return: null };
        case 'faction-check': {
          // §17-8-a, §3-9: the party's active character with ▼ declares an attack on its owner (ruling G7: no cost).
          const party = s.sides[item.seat].parties[item.party];
          const top = party[party.length - 1];
          const c = top ? s.characters[top] : undefined;
          if (!c || skillCount(s, c, 'aggressive') === 0) return { return: null };
          pushDeclaration(s, {
            id: newId(s, 'd'),
            seat: item.seat,
            kind: 'attack',
            attacker: c.id,
            target: { player: c.owner },
            guard: null,
            guardDeclared: false,
          });
          return openWindow(s, 'done');
        }
        case 'set': {
          pushLog(s, { type: 'resolved', kind: 'set', card });
          const o = objectOf(s, item.card);
          const c = newCharacter(s, o.owner, [item.card], 'faction', false);
          enterTriggers(s, o.owner, faceOf(s, c));
          return { return: null };
        }
        case 'break':
          return { goto: 'break' };
        case 'permanent':
          return { goto: 'permanent' };
        case 'use':
          return { goto: 'use' };
        case 'effect':
          return { goto: 'effect' };
        case 'attack':
          return call(attackFlow, { attack: item, stage: '' }, 'done');
        case 'guard': {
          // §4-6: a guard not carried out leaves the attack going to its original target.
          const attack = s.chain.find((d): d is Attack => d.kind === 'attack' && d.id === item.attack);
          const g = s.characters[item.guard];
          if (attack && g && (item.free || g.area === 'control')) {
            attack.guard = g.id;
            pushLog(s, { type: 'resolved', kind: 'guard', card: faceOf(s, g).id });
          } else pushLog(s, { type: 'failed', kind: 'guard', card: null, rule: '4-6' });
          return { return: null };
        }
      }
    },
    break(s, { data }) {
      const item = data.item;
      if (item.kind !== 'break') return { return: null };
      const card = cardOf(objectOf(s, item.card).card);
      const terms = breakTerms(card);
      const target = s.characters[item.target];
      if (!target) {
        fail(s, item, '10-2'); // the break target is gone: the break fails
        return { return: null };
      }
      if (!factorMet(s, item.seat, card, terms?.factor)) {
        fail(s, item, '19-1');
        return { return: null };
      }
      pushLog(s, { type: 'resolved', kind: 'break', card: card.id });
      // §8-1-b: a character card used as a break card is, once set, a character that is not broken.
      const broken = card.type === 'break';
      if (target.owner === item.seat) {
        // Ruling G21: on your own character the break card goes on top; an active character becomes controlled (G10b).
        moveCard(s, item.card, 'field');
        target.cards.push(item.card);
        target.broken = broken;
        if (target.area === 'faction') {
          detach(s, target);
          target.area = 'control';
          s.sides[target.owner].control.push(target.id);
          pushLog(s, { type: 'controlled', seat: target.owner, card: card.id });
        }
        pushLog(s, { type: 'entered', seat: item.seat, card: card.id });
        enterTriggers(s, item.seat, card);
        return { return: null };
      }
      // Ruling G21: an opponent's character is discarded (§9-3: broken by the opponent) and the break card becomes
      // a character of the breaker's own, in the control area.
      data.list = [item.card];
      return destroyAll([{ id: target.id, rule: '9-3', nameToDamage: true }], false, 'break-stolen');
    },
    'break-stolen'(s, { data }) {
      const item = data.item;
      if (item.kind !== 'break') return { return: null };
      const card = cardOf(objectOf(s, item.card).card);
      const c = newCharacter(s, item.seat, [item.card], 'control', card.type === 'break');
      enterTriggers(s, item.seat, faceOf(s, c));
      return { return: null };
    },
    permanent(s, { data }) {
      const item = data.item;
      if (item.kind !== 'permanent') return { return: null };
      const card = cardOf(objectOf(s, item.card).card);
      const target = s.characters[item.target];
      // §11-2: the target is gone (or no longer yours to set on): the permanent is discarded.
      if (!target || target.owner !== item.seat || target.area !== 'control') {
        fail(s, item, '11-2');
        return { return: null };
      }
      if (!factorMet(s, item.seat, card)) {
        fail(s, item, '19-1');
        return { return: null };
      }
      pushLog(s, { type: 'resolved', kind: 'permanent', card: card.id });
      moveCard(s, item.card, 'field');
      target.permanents.push(item.card);
      return { goto: 'permanent-excess' };
    },
    'permanent-excess'(s, { data }) {
      const target = s.characters[excessHolder(data.item)];
      if (!target || target.permanents.length <= permanentLimit(target)) return { return: null };
      // §11-3: the owner chooses which permanents to discard down to the legal number.
      const excess = target.permanents.length - permanentLimit(target);
      return ask(
        choiceDecision,
        target.owner,
        {
          purpose: 'permanent-excess',
          ids: target.permanents,
          min: excess,
          max: excess,
          cancel: false,
          about: target.id,
        },
        'excess-chosen',
      );
    },
    'excess-chosen'(s, { data, ret }) {
      const target = s.characters[excessHolder(data.item)];
      if (!target) return { return: null };
      for (const id of answerOf(choiceDecision, ret)) {
        target.permanents = target.permanents.filter((p) => p !== id);
        moveCard(s, id, 'discard');
        pushLog(s, { type: 'discarded', seat: target.owner, card: objectOf(s, id).card, rule: '11-3' });
      }
      return { return: null };
    },
    move(s, { data }) {
      const item = data.item;
      if (item.kind !== 'use') return { return: null };
      const [fromId = '', toId = ''] = item.targets;
      const from = s.characters[fromId];
      const to = s.characters[toId];
      const mine = (c: Character | undefined): c is Character =>
        c !== undefined && c.area === 'control' && c.owner === item.seat;
      const card = objectOf(s, item.card).card;
      // Ruling R25: nothing moves from a character that is gone, no longer yours, unaffected (§13-2) or bare.
      if (!mine(from) || from.unaffected || from.permanents.length === 0) {
        pushLog(s, { type: 'failed', kind: 'use', card, rule: '11-2' });
        return { return: null };
      }
      const moving = from.permanents;
      // §11-2: the character they were to be moved onto was discarded in the responses (or is no longer yours to
      // set on, G22): they have nowhere to go and are discarded.
      if (!mine(to)) {
        from.permanents = [];
        for (const p of moving) {
          moveCard(s, p, 'discard');
          pushLog(s, { type: 'discarded', seat: from.owner, card: objectOf(s, p).card, rule: '11-2' });
        }
        return { return: null };
      }
      // Ruling R25: an unaffected destination (§13-2) takes nothing; the permanents stay.
      if (to.unaffected) {
        pushLog(s, { type: 'failed', kind: 'use', card, rule: '13-2' });
        return { return: null };
      }
      from.permanents = [];
      to.permanents = [...to.permanents, ...moving];
      for (const p of moving)
        pushLog(s, { type: 'moved', seat: item.seat, card: objectOf(s, p).card, to: faceOf(s, to).id });
      return { goto: 'permanent-excess' };
    },
    use(s, { data }) {
      const item = data.item;
      if (item.kind !== 'use') return { return: null };
      const card = cardOf(objectOf(s, item.card).card);
      if (!factorMet(s, item.seat, card)) {
        fail(s, item, '19-1');
        return { return: null };
      }
      const effects = modeEffects(card, item.mode);
      const live = item.targets.filter((t) => targetStands(s, t));
      // §14-2 (by analogy for instants): a card whose targets are all gone does nothing.
      if (item.targets.length > 0 && live.length === 0) {
        fail(s, item, '14-2');
        return { return: null };
      }
      pushLog(s, { type: 'resolved', kind: 'use', card: card.id });
      const doomed: Doomed[] = [];
      let forcedGuard: string | null = null;
      for (const e of effects) {
        switch (e.do) {
          case 'draw':
            draw(s, item.seat, e.count);
            break;
          case 'damage':
            // §5-2, §7-1: normal damage from a card's effect (not battle damage) to its target; lethal at or above
            // durability (ruling G16), and a removal by an effect (§21-2), so Bind may keep the character (§6-4).
            for (const t of live) {
              const c = s.characters[t];
              if (c && damageLethal(s, c, e.amount, card, true))
                doomed.push({ id: t, rule: '7-1', nameToDamage: false });
            }
            break;
          case 'distribute-damage':
            item.targets.forEach((t, i) => {
              const c = s.characters[t];
              if (c && damageLethal(s, c, item.split[i] ?? 0, card, true))
                doomed.push({ id: t, rule: '7-1', nameToDamage: false });
            });
            break;
          case 'code':
            switch (e.handler) {
              case 'stealth-guardable':
                s.stealthOpen = true; // §22-1: card text beats the Stealth skill
                break;
              case 'unaffected-until-eot':
                for (const t of live) {
                  const c = characterOf(s, t);
                  if (!c.unaffected) c.unaffected = true;
                }
                break;
              case 'remove-target-character':
                // §24-2 (ruling R27): out of the game at once; an unaffected character (§13-2) stays.
                for (const t of live) {
                  const c = s.characters[t];
                  if (c && !c.unaffected) removeCharacterFromGame(s, c);
                }
                break;
              case 'judge-plus-two':
                for (const t of live) {
                  const c = characterOf(s, t);
                  if (!c.unaffected) c.judgeBonus += 2; // §15-1
                }
                break;
              case 'forced-guard':
              case 'declare-guard':
              case 'may-declare-guard':
                forcedGuard = live[0] ?? null;
                break;
              case 'cheaper-per-damage':
              case 'ignore-factor-at-six':
              case 'ignore-cost-at-seven':
                break; // read by costOf and factorMet (§20-10, §19-4)
              case 'recall-characters':
              case 'then-remove-one':
              case 'change-target':
              case 'fetch-from-outside':
                break; // asked below
              case 'buff-while-power-two':
                break; // §13-3: read by statOf while the card stays in the lasting row
              case 'swap-power': {
                // §21-9: the two piles change places and are not set (no §12-2 at this moment); ruling R23: both
                // targets must still be controlled by the user and affected, else nothing moves. What then exceeds
                // a mental power goes by the rule checks (ruling R20).
                const [a, b] = live.map((t) => s.characters[t]);
                const mine = (c: Character | undefined): c is Character =>
                  c !== undefined && c.area === 'control' && c.owner === item.seat && !c.unaffected;
                if (live.length === 2 && mine(a) && mine(b)) {
                  const [fromA, fromB] = [a.power, b.power];
                  a.power = fromB;
                  b.power = fromA;
                  powerZero(s, a, fromA.length); // ruling R18: a loss of power cards
                  powerZero(s, b, fromB.length);
                } else pushLog(s, { type: 'failed', kind: 'use', card: card.id, rule: '21-9' });
                break;
              }
              case 'move-permanent':
                break; // below, after the card has left the chain (§11-3 may ask the owner)
              default:
                refuseUnsupported(card);
            }
            break;
          default:
            refuseUnsupported(card);
        }
      }
      // G23: until-end-of-turn and continuous cards stay in the lasting row; instants are discarded.
      if (card.duration === 'instant') moveCard(s, item.card, 'discard');
      else {
        moveCard(s, item.card, 'lasting');
        if (card.range === 'target') s.lastingTargets[item.card] = live;
      }
      if (effects.some((e) => e.do === 'code' && e.handler === 'recall-characters')) return { goto: 'recall' };
      if (effects.some((e) => e.do === 'code' && e.handler === 'fetch-from-outside')) return { goto: 'outside' };
      if (effects.some((e) => e.do === 'code' && e.handler === 'change-target')) return { goto: 'retarget' };
      if (effects.some((e) => e.do === 'code' && e.handler === 'move-permanent')) return { goto: 'move' };
      if (forcedGuard) return { goto: 'forced-guard' };
      data.list = [];
      if (doomed.length > 0) return destroyAll(doomed, true, 'done');
      return { return: null };
    },
    'forced-guard'(s, { data }) {
      const item = data.item;
      if (item.kind !== 'use') return { return: null };
      const target = s.characters[item.targets[0] ?? ''];
      const attack = s.chain.find((d): d is Attack => d.kind === 'attack');
      if (!target || !attack || target.unaffected || attack.guard === target.id) return { return: null };
      const attacker = s.characters[attack.attacker];
      if (!attacker) return { return: null };
      const handlers = modeEffects(cardOf(objectOf(s, item.card).card), item.mode).flatMap((e) =>
        e.do === 'code' ? [e.handler] : [],
      );
      const mode = handlers.includes('forced-guard')
        ? 'guards'
        : handlers.includes('declare-guard')
          ? 'declares'
          : 'may-declare';
      if (mode === 'guards') {
        // §4-4, §22-2: "guards" beats the rules (Stealth), but "cannot be guarded" printed on a higher-priority card
        // type (a break card over this fast card) wins the conflict.
        const cannot = faceOf(s, attacker).abilities.some((a) => a.kind === 'cannot-be-guarded');
        if (cannot && faceOf(s, attacker).type === 'break') {
          pushLog(s, { type: 'failed', kind: 'guard', card: null, rule: '22-2' });
          return { return: null };
        }
      } else {
        // §4-2: "declares a guard" and "can declare a guard" are guard declarations under the rules: Stealth and
        // "cannot be guarded" still stop them (§18-1, §4-4; ruling R21), and one guard per series (§4-1).
        const paid = mode === 'may-declare';
        const legal =
          !attack.guardDeclared &&
          guardableBy(s, attacker, target) &&
          (!paid ||
            (target.area === 'control' && target.owner === item.seat && target.power.length >= guardCost(s, target)));
        if (!legal) {
          pushLog(s, { type: 'failed', kind: 'guard', card: null, rule: '4-2' });
          return { return: null };
        }
        if (paid) payFrom(s, target, guardCost(s, target)); // §4-2: paying its guard cost (§17-5 b)
      }
      // §4-1-a: the guard is declared at resolution, in a window of its own (§3-1-b).
      attack.guardDeclared = true;
      pushDeclaration(s, {
        id: newId(s, 'd'),
        seat: item.seat,
        kind: 'guard',
        guard: target.id,
        attack: attack.id,
        free: mode !== 'may-declare',
      });
      guardImmediate(s, target); // §17-5 d: a forced guard is a guard declaration too
      return openWindow(s, 'done');
    },
    retarget(s, { data }) {
      const item = data.item;
      if (item.kind !== 'use') return { return: null };
      // §14-3 (ruling R10): the new target, chosen at resolution, is one the declaration could legally have taken.
      const d = s.chain.find((x) => x.id === item.targets[0]);
      const pool = d ? retargets(s, d) : [];
      if (!d || pool.length === 0) {
        pushLog(s, { type: 'failed', kind: 'use', card: objectOf(s, item.card).card, rule: '14-3' });
        return { return: null };
      }
      return ask(
        choiceDecision,
        item.seat,
        { purpose: 'retarget', ids: pool, min: 1, max: 1, cancel: false, about: item.card },
        'retargeted',
      );
    },
    retargeted(s, { data, ret }) {
      const item = data.item;
      if (item.kind !== 'use') return { return: null };
      const d = s.chain.find((x) => x.id === item.targets[0]);
      const [to] = answerOf(choiceDecision, ret);
      if (!d || to === undefined) return { return: null };
      if (d.kind === 'break' || d.kind === 'permanent') d.target = to;
      else if (d.kind === 'use' || d.kind === 'effect') d.targets = [to];
      return { return: null };
    },
    recall(s, { data }) {
      const item = data.item;
      if (item.kind !== 'use') return { return: null };
      // §2-2: the user looks at their discard pile privately; up to X character cards return (revealed, §2-2-a).
      const ids = s.sides[item.seat].discard.filter((id) => cardOf(objectOf(s, id).card).type === 'character');
      const max = Math.min(item.x, ids.length);
      if (max === 0) return { return: null };
      return ask(
        choiceDecision,
        item.seat,
        { purpose: 'recall', ids, min: 0, max, cancel: false, about: item.card },
        'recalled',
      );
    },
    recalled(s, { data, ret }) {
      const item = data.item;
      if (item.kind !== 'use') return { return: null };
      const chosen = answerOf(choiceDecision, ret);
      for (const id of chosen) moveCard(s, id, 'hand');
      // §17-7: "then" happens only if the text before it did (ruling: at least one card returned).
      if (chosen.length === 0 || s.sides[item.seat].discard.length === 0) return { return: null };
      return ask(
        choiceDecision,
        item.seat,
        { purpose: 'remove', ids: [...s.sides[item.seat].discard], min: 1, max: 1, cancel: false, about: item.card },
        'removed',
      );
    },
    outside(s, { data }) {
      const item = data.item;
      if (item.kind !== 'use') return { return: null };
      // §24-1, §24-3, ruling R24: the user's own cards outside the game, their side pool and the cards removed from
      // this game, each allowed by deck construction (D4 checked the pool; removed cards came from the deck).
      const side = s.sides[item.seat];
      const ids = [...side.outside, ...side.removed].filter(
        (id) => !objectOf(s, id).token && cardOf(objectOf(s, id).card).type === 'character',
      );
      if (ids.length === 0) {
        pushLog(s, { type: 'failed', kind: 'use', card: objectOf(s, item.card).card, rule: '24-3' });
        return { return: null };
      }
      return ask(
        choiceDecision,
        item.seat,
        { purpose: 'outside', ids, min: 1, max: 1, cancel: false, about: item.card },
        'fetched',
      );
    },
    fetched(s, { ret }) {
      for (const id of answerOf(choiceDecision, ret)) moveCard(s, id, 'hand'); // §24-3: into the hand, unseen
      return { return: null };
    },
    removed(s, { ret }) {
      for (const id of answerOf(choiceDecision, ret)) moveCard(s, id, 'removed'); // §24-2
      return { return: null };
    },
    effect(s, { data }) {
      const item = data.item;
      if (item.kind !== 'effect') return { return: null };
      const source = s.characters[item.source];
      const failEffect = (rule: string): StepOut => {
        for (const id of item.paid) moveCard(s, id, 'discard'); // §20-1: paid, so discarded face up
        pushLog(s, { type: 'failed', kind: 'effect', card: source ? faceOf(s, source).id : null, rule });
        return { return: null };
      };
      // §7-2: an effect lasts only while its source is in the control area.
      if (source?.area !== 'control') return failEffect('7-2');
      const entry = effectsOf(s, source).find((e) => e.index === item.ability && e.permanent === item.permanent);
      // §11-6: the permanent that gave the effect is no longer on the character that paid for it; §7-6: the
      // character no longer has the effect.
      if (!entry) return failEffect(item.permanent ? '11-6' : '7-6');
      if (isNegated(s, entry.key)) return failEffect('13-1');
      if (item.targets.length > 0 && !item.targets.some((t) => targetStands(s, t))) return failEffect('14-2');
      pushLog(s, { type: 'resolved', kind: 'effect', card: faceOf(s, source).id });
      const target = s.characters[item.targets[0] ?? ''];
      for (const e of entry.effects) {
        if (e.do === 'code' && e.handler === 'discard-power-card') {
          // §12-1: power cards are not protected by the character's protections; §12-4 the source's owner picks,
          // blind (ruling G39: the top one).
          const before = target?.power.length ?? 0;
          const card = target?.power.pop();
          if (target && card) {
            moveCard(s, card, 'discard');
            powerZero(s, target, before);
          }
        } else if (e.do === 'code' && e.handler === 'move-paid-power') {
          // §7-4, §12-2: each paid card is set on the target as a power card; one that cannot be set is discarded.
          let given = 0;
          for (const id of item.paid) {
            if (target && powerRoom(s, target) > 0) {
              moveCard(s, id, 'field');
              target.power.push(id);
              given += 1;
            } else {
              moveCard(s, id, 'discard');
              pushLog(s, { type: 'discarded', seat: objectOf(s, id).owner, card: objectOf(s, id).card, rule: '12-2' });
            }
          }
          if (target && given > 0)
            pushLog(s, { type: 'power', seat: target.owner, card: faceOf(s, target).id, count: given });
        } else if (e.do === 'code' && e.handler === 'create-paper-shikigami') {
          // §7-3: a character made by the effect, discarded together with its source (rules.ts discardCharacter).
          const id = newId(s, 't');
          s.objects[id] = { id, card: 'paper-shikigami', owner: source.owner, zone: 'field', token: true };
          const token = newCharacter(s, source.owner, [id], 'control', false);
          token.createdBy = source.id;
        } else if (e.do === 'negate') {
          // §13-1: negated until end of turn, with what negated it (§13-1-a).
          const negated = item.targets[0];
          if (negated) s.negated = [...(s.negated ?? []), { effect: negated, by: entry.key }];
        } else if (e.do === 'modify' && e.to === 'self') {
          if (!source.unaffected) source.mods.push({ stat: e.stat, amount: e.amount, until: e.until, from: entry.key });
        } else if (e.do === 'modify' && e.to === 'target-character') {
          // Warden's Sigil: the target must still be attacking (§13-2: an unaffected one receives nothing).
          const attacking = s.chain.some((d) => d.kind === 'attack' && d.attacker === target?.id);
          if (target && attacking && !target.unaffected)
            target.mods.push({ stat: e.stat, amount: e.amount, until: e.until, from: entry.key });
        } else refuseUnsupported(faceOf(s, source));
      }
      return { return: null };
    },
    done: () => ({ return: null }),
  },
});

// ---------------------------------------------------------------------------------------------------------------
// The attack (§3-3-a) and battle (§5)

type AttackData = { attack: Attack; stage: string };

/** The cards revealed by a damage judgment from this attacker's attack (Glass Lancer: 1 more, §3-3-a-2). */
function judgmentCount(s: AqaState, attacker: Character, base: number): number {
  let n = base;
  for (const a of faceOf(s, attacker).abilities)
    if (a.kind === 'triggered' && a.when === 'damage-judgment-of-its-attack')
      for (const e of a.effects) if (e.do === 'code' && e.handler === 'reveal-one-more') n += 1;
  return n;
}

export const attackFlow = defineProcedure<AqaState, AttackData, null>({
  kind: 'attack',
  first: 'start',
  steps: {
    start(s, { data }) {
      const a = data.attack;
      const attacker = s.characters[a.attacker];
      if (!attacker) {
        pushLog(s, { type: 'failed', kind: 'attack', card: null, rule: '1-2' });
        return { goto: 'done' };
      }
      pushLog(s, { type: 'resolved', kind: 'attack', card: faceOf(s, attacker).id });
      const guard = a.guard ? s.characters[a.guard] : undefined;
      if (guard && guard.id !== attacker.id)
        return call(
          battle,
          { attacker: attacker.id, guard: guard.id, target: a.target, doomed: [], excess: 0 },
          'done',
        );
      if ('character' in a.target) {
        // §3-5-a: an unguarded attack on a character deals one-sided, non-battle damage.
        const t = s.characters[a.target.character];
        if (t && damageLethal(s, t, statOf(s, attacker, 'atk'), faceOf(s, attacker), false))
          return destroyAll([{ id: t.id, rule: '3-5-a', nameToDamage: false }], true, 'done');
        return { goto: 'done' };
      }
      // §3-3-a: 1 confirmed, 2 damage judgment, 3 end.
      const player = a.target.player;
      // §3-3-a-1, §3-3: "if this attacks" and "on attack" happen at step 1, the attack unguarded and confirmed.
      for (const x of faceOf(s, attacker).abilities)
        if (x.kind === 'triggered' && x.when === 'attack-confirmed')
          for (const e of x.effects) if (e.do === 'draw') draw(s, attacker.owner, e.count);
      const instead = faceOf(s, attacker).abilities.find(
        (x) => x.kind === 'triggered' && x.when === 'instead-of-damage-judgment',
      );
      if (instead && instead.kind === 'triggered') {
        // §3-4: instead of the normal damage judgment (Tidecaller: the target player discards 2).
        const discard = instead.effects.find((e) => e.do === 'discard');
        const hand = s.sides[player].hand;
        const n = discard?.do === 'discard' ? Math.min(discard.count, hand.length) : 0;
        if (n === 0) return { goto: 'end' };
        return ask(
          choiceDecision,
          player,
          { purpose: 'discard-hand', ids: [...hand], min: n, max: n, cancel: false, about: null },
          'instead',
        );
      }
      damageJudgment(s, player, judgmentCount(s, attacker, statOf(s, attacker, 'atk') + attacker.judgeBonus));
      return checks('end');
    },
    instead(s, { data, ret }) {
      const a = data.attack;
      if (!('player' in a.target)) return { goto: 'end' };
      for (const id of answerOf(choiceDecision, ret)) {
        moveCard(s, id, 'discard');
        pushLog(s, { type: 'hand-discard', seat: a.target.player, card: objectOf(s, id).card });
      }
      return { goto: 'end' };
    },
    end(s, { data }) {
      // §3-3-a-3: "after this attack ends" (Ruin Hound: the top card of your deck as a power card on it, §12-3).
      const attacker = s.characters[data.attack.attacker];
      if (!attacker) return { goto: 'done' };
      for (const x of faceOf(s, attacker).abilities)
        if (x.kind === 'triggered' && x.when === 'after-attack-ends')
          for (const e of x.effects) if (e.do === 'set-deck-top-as-power') powerFromDeck(s, attacker);
      return { goto: 'done' };
    },
    done(s) {
      // Ruling R9: "until the battle ends" given during an attack without a battle ends with the attack.
      for (const c of allCharacters(s)) c.mods = c.mods.filter((m) => m.until !== 'end-of-battle');
      return { return: null };
    },
  },
});

type BattleData = { attacker: string; guard: string; target: AttackTarget; doomed: Doomed[]; excess: number };

/** Oathbound Knight: judged with ATK +2 while battling a broken character (§15-1). */
function judgedAttack(s: AqaState, c: Character, other: Character): number {
  let atk = statOf(s, c, 'atk') + c.judgeBonus;
  for (const a of faceOf(s, c).abilities)
    if (a.kind === 'static' && a.effects.some((e) => e.handler === 'judge-plus-two-vs-broken') && other.broken)
      atk += 2;
  return atk;
}

export const battle = defineProcedure<AqaState, BattleData, null>({
  kind: 'battle',
  first: 'at-battle',
  steps: {
    'at-battle'(s, { data }) {
      const a = characterOf(s, data.attacker);
      const g = characterOf(s, data.guard);
      pushLog(s, { type: 'battle', attacker: faceOf(s, a).id, guard: faceOf(s, g).id });
      // §5-1-a, §11-4: "at battle" effects, after the battle is certain and before damage.
      for (const [me, other] of [
        [a, g],
        [g, a],
      ] as const) {
        for (const x of faceOf(s, me).abilities)
          if (x.kind === 'triggered' && x.when === 'at-battle' && !other.unaffected) {
            other.permanentMinus += 1;
            // §11-3: over the limit, the owner discards down to it (with a limit of 0, all of them: no choice).
            while (other.permanents.length > permanentLimit(other)) {
              const p = other.permanents.pop();
              if (p) {
                moveCard(s, p, 'discard');
                pushLog(s, { type: 'discarded', seat: other.owner, card: objectOf(s, p).card, rule: '11-3' });
              }
            }
          }
      }
      // Ruling G16: the two deal their attack to each other at once; mental attack at the same moment (§12-5).
      const aAtk = judgedAttack(s, a, g);
      const gAtk = judgedAttack(s, g, a);
      const aFace = faceOf(s, a);
      const gFace = faceOf(s, g);
      const doomed: Doomed[] = [];
      const hit = (victim: Character, source: Character, atk: number, sourceFace: AqaCard) => {
        const lethal = damageLethal(s, victim, atk, sourceFace, false);
        const ma = mentalAttackOf(s, source);
        let removed = false;
        if (ma > 0) {
          // §12-5: the owner discards that many power cards (blind: ruling G39); §6-4: more than its power removes it.
          removed = ma > victim.power.length;
          const before = victim.power.length;
          for (let k = 0; k < ma && victim.power.length > 0; k++) {
            const p = victim.power.pop();
            if (p) moveCard(s, p, 'discard');
          }
          powerZero(s, victim, before);
        }
        if (lethal || removed) doomed.push({ id: victim.id, rule: lethal ? '5-2' : '6-4', nameToDamage: true });
      };
      hit(g, a, aAtk, aFace);
      hit(a, g, gAtk, gFace);
      data.doomed = doomed;
      // §6-1 (ruling G27): Penetrate sends the damage beyond the guard's durability to the original target.
      const excess = skillCount(s, a, 'penetrate') > 0 ? aAtk - statOf(s, g, 'dur') : 0;
      data.excess = Math.max(0, excess);
      return destroyAll(doomed, true, 'penetrate');
    },
    penetrate(s, { data }) {
      const excess = data.excess;
      if (excess > 0) {
        if ('player' in data.target) damageJudgment(s, data.target.player, excess);
        else {
          const t = s.characters[data.target.character];
          const a = s.characters[data.attacker];
          if (t && a && t.id !== data.guard && damageLethal(s, t, excess, faceOf(s, a), false))
            return destroyAll([{ id: t.id, rule: '6-1', nameToDamage: false }], true, 'end');
        }
      }
      return { goto: 'end' };
    },
    end(s, { data }) {
      // §5-1: the battle ends once its dead are discarded; "until the battle ends" and judgment bonuses expire.
      for (const id of [data.attacker, data.guard]) {
        const c = s.characters[id];
        if (c) {
          c.mods = c.mods.filter((m) => m.until !== 'end-of-battle');
          c.judgeBonus = 0;
        }
      }
      return { return: null };
    },
  },
});

// ---------------------------------------------------------------------------------------------------------------
// The turn (ruling G5): draw, faction, main, power card, discard, end of turn

type TurnData = { party: number; queue: string[]; eligible: string[] };

/** §6-6, §13-7: start-of-main-phase abilities of the turn player's characters (ruling: in field order). */
function startOfMainQueue(s: AqaState): string[] {
  return charactersOf(s, s.turn.active)
    .filter(
      (c) =>
        skillCount(s, c, 'search') > 0 ||
        faceOf(s, c).abilities.some((a) => a.kind === 'triggered' && a.when === 'start-of-your-main-phase'),
    )
    .map((c) => c.id);
}

export const turn = defineProcedure<AqaState, TurnData, null>({
  kind: 'turn',
  first: 'setup',
  steps: {
    setup(s) {
      // Ruling G4: the second player may redraw the opening hand once.
      return yesNo(opponentOf(s.first), 'redraw', null, 'redrawn');
    },
    redrawn(s, { ret }) {
      if (answerOf(choiceDecision, ret).includes('yes')) {
        const seat = opponentOf(s.first);
        const side = s.sides[seat];
        for (const id of [...side.hand]) moveCard(s, id, 'deck');
        const [order, rng] = shuffle(side.deck, s.rng);
        side.deck = order;
        s.rng = rng;
        draw(s, seat, 7);
        pushLog(s, { type: 'redrew', seat });
      }
      return { goto: 'begin' };
    },
    begin(s) {
      s.turn.phase = 'draw';
      return declarePhase(s, 'draw', 'start', 'draw');
    },
    draw(s) {
      draw(s, s.turn.active, 1); // ruling G6
      return declarePhase(s, 'draw', 'end', 'faction');
    },
    faction(s, { data }) {
      // §17-8: the faction phase's start cannot be responded to.
      s.turn.phase = 'faction';
      pushLog(s, { type: 'phase', seat: s.turn.active, phase: 'faction', edge: 'start' });
      data.party = 0;
      return checks('check');
    },
    check(s, { data }) {
      const party = PARTIES[data.party];
      if (party === undefined) return declarePhase(s, 'faction', 'end', 'main');
      data.party += 1;
      // §17-8-a: every faction is checked, in §22-4 order (ruling G7), even an empty one; each check can be answered.
      pushDeclaration(s, { id: newId(s, 'd'), seat: s.turn.active, kind: 'faction-check', party });
      return openWindow(s, 'check');
    },
    main(s) {
      s.turn.phase = 'main';
      return declarePhase(s, 'main', 'start', 'start-of-main');
    },
    'start-of-main'(s, { data }) {
      data.queue = startOfMainQueue(s);
      return { goto: 'main-ability' };
    },
    'main-ability'(s, { data }) {
      const id = data.queue.shift();
      if (id === undefined) return { goto: 'main-loop' };
      const c = s.characters[id];
      if (!c) return { goto: 'main-ability' };
      const search = faceOf(s, c).skills.find((k) => k.skill === 'search');
      if (search?.name) {
        // §6-6 (ruling G27): a card with the Name from the deck into the hand, then the deck is shuffled (§13-5).
        const name = search.name.en;
        const ids = s.sides[c.owner].deck.filter((o) => {
          const card = cardOf(objectOf(s, o).card);
          return card.nameTag?.en === name || card.abilities.some((a) => a.kind === 'also-named' && a.name.en === name);
        });
        data.eligible = [c.id];
        // §13-5: the searcher looks through the whole deck, privately: they know its cards until it is shuffled.
        s.known = learn(s.known, c.owner, s.sides[c.owner].deck);
        if (ids.length === 0) return { goto: 'shuffle' }; // looked through, nothing found: still shuffled (§13-5)
        return ask(
          choiceDecision,
          c.owner,
          { purpose: 'search', ids, min: 0, max: 1, cancel: false, about: c.id },
          'searched',
        );
      }
      data.eligible = [c.id];
      return yesNo(c.owner, 'draw', c.id, 'acolyte');
    },
    searched(s, { data, ret }) {
      const c = s.characters[data.eligible[0] ?? ''];
      if (!c) return { goto: 'main-ability' };
      for (const id of answerOf(choiceDecision, ret)) moveCard(s, id, 'hand');
      return { goto: 'shuffle' };
    },
    shuffle(s, { data }) {
      const c = s.characters[data.eligible[0] ?? ''];
      if (!c) return { goto: 'main-ability' };
      const side = s.sides[c.owner];
      const [order, rng] = shuffle(side.deck, s.rng);
      side.deck = order;
      s.rng = rng;
      // The shuffle: nobody can tell which deck card is which any more (the one taken is in the hand, seen anyway).
      const known = forget(s.known, side.deck, (id) => s.objects[id]?.zone === 'deck');
      if (known) s.known = known;
      else delete s.known;
      return { goto: 'main-ability' };
    },
    acolyte(s, { data, ret }) {
      const c = s.characters[data.eligible[0] ?? ''];
      if (!c || !answerOf(choiceDecision, ret).includes('yes')) return { goto: 'main-ability' };
      // Morning Bell Acolyte: may draw 1; then (§17-7: only if it drew) discard 1.
      if (draw(s, c.owner, 1) === 0) return { goto: 'main-ability' };
      const hand = s.sides[c.owner].hand;
      return ask(
        choiceDecision,
        c.owner,
        { purpose: 'discard-hand', ids: [...hand], min: 1, max: 1, cancel: false, about: c.id },
        'acolyte-discard',
      );
    },
    'acolyte-discard'(s, { data, ret }) {
      const c = s.characters[data.eligible[0] ?? ''];
      const seat = c?.owner ?? s.turn.active;
      for (const id of answerOf(choiceDecision, ret)) {
        moveCard(s, id, 'discard');
        pushLog(s, { type: 'hand-discard', seat, card: objectOf(s, id).card });
      }
      return { goto: 'main-ability' };
    },
    'main-loop': () => checks('main-ask'),
    'main-ask': (s) => ask(mainDecision, s.turn.active, {}, 'main-act'),
    'main-act'(s, { ret }) {
      const choice = answerOf(mainDecision, ret);
      if (choice === 'end') return declarePhase(s, 'main', 'end', 'power');
      return inTransaction(
        transaction,
        declare,
        { seat: s.turn.active, action: choice, object: '', targets: [], x: 0, mode: 0, split: [], attackTarget: null },
        'main-declared',
      );
    },
    'main-declared'(s, { ret }) {
      if (resultOf(transaction, ret).rewound) return { goto: 'main-loop' };
      return openWindow(s, 'main-loop');
    },
    power(s) {
      s.turn.phase = 'power';
      return declarePhase(s, 'power', 'start', 'power-give');
    },
    'power-give'(s, { data }) {
      // Ruling G11: each active character and each controlled character below its mental power may get power.
      const seat = s.turn.active;
      const eligible = [...activeCharacters(s, seat), ...controlledOf(s, seat)].filter((c) => powerRoom(s, c) > 0);
      data.eligible = eligible.map((c) => c.id);
      if (eligible.length === 0) return { goto: 'control' };
      return ask(
        choiceDecision,
        seat,
        { purpose: 'power-phase', ids: data.eligible, min: 0, max: eligible.length, cancel: false, about: null },
        'power-given',
      );
    },
    'power-given'(s, { data, ret }) {
      const chosen = answerOf(choiceDecision, ret);
      // §6-3: Charge counts as it is at the start of the phase (nothing in the pool changes it mid-phase).
      for (const id of data.eligible) {
        if (!chosen.includes(id)) continue;
        const c = s.characters[id];
        if (!c) continue;
        const n = Math.min(1 + skillValue(s, c, 'charge'), powerRoom(s, c));
        let given = 0;
        for (let k = 0; k < n; k++) if (powerFromDeck(s, c)) given += 1;
        if (given > 0) pushLog(s, { type: 'power', seat: c.owner, card: faceOf(s, c).id, count: given });
      }
      return checks('control');
    },
    control(s) {
      // Ruling G10(a): an active character whose power has reached its mental power (at least 1) becomes controlled,
      // with everything on it; the next character of its party becomes active and is checked in turn.
      const seat = s.turn.active;
      for (let moved = true; moved; ) {
        moved = false;
        for (const c of activeCharacters(s, seat)) {
          const mnd = statOf(s, c, 'mnd');
          if (mnd >= 1 && c.power.length >= mnd) {
            detach(s, c);
            c.area = 'control';
            s.sides[seat].control.push(c.id);
            pushLog(s, { type: 'controlled', seat, card: faceOf(s, c).id });
            moved = true;
          }
        }
      }
      return declarePhase(s, 'power', 'end', 'discard');
    },
    discard(s) {
      s.turn.phase = 'discard';
      return declarePhase(s, 'discard', 'start', 'discard-down');
    },
    'discard-down'(s) {
      const hand = s.sides[s.turn.active].hand;
      const excess = hand.length - HAND_LIMIT; // ruling G24
      if (excess <= 0) return declarePhase(s, 'discard', 'end', 'end');
      return ask(
        choiceDecision,
        s.turn.active,
        { purpose: 'hand-limit', ids: [...hand], min: excess, max: excess, cancel: false, about: null },
        'discarded',
      );
    },
    discarded(s, { ret }) {
      for (const id of answerOf(choiceDecision, ret)) {
        moveCard(s, id, 'discard');
        pushLog(s, { type: 'hand-discard', seat: s.turn.active, card: objectOf(s, id).card });
      }
      return declarePhase(s, 'discard', 'end', 'end');
    },
    end(s) {
      s.turn.phase = 'end';
      // §17-6: "at end of turn" after the discard phase (Morning Bell Acolyte: draw if the owner's hand is empty).
      for (const c of allCharacters(s)) {
        for (const a of faceOf(s, c).abilities)
          if (a.kind === 'triggered' && a.when === 'end-of-turn' && s.sides[c.owner].hand.length === 0)
            draw(s, c.owner, 1);
      }
      // Ruling G37: then "until end of turn" ends.
      for (const c of allCharacters(s)) {
        c.mods = c.mods.filter((m) => m.until !== 'end-of-turn');
        c.unaffected = false;
      }
      s.stealthOpen = false;
      delete s.negated; // §13-1 (Null Warden): until end of turn
      for (const seat of ['p1', 'p2'] as const) {
        for (const id of [...s.sides[seat].lasting]) {
          if (cardOf(objectOf(s, id).card).duration === 'until-end-of-turn') {
            moveCard(s, id, 'discard');
            delete s.lastingTargets[id];
          }
        }
      }
      return checks('next');
    },
    next(s) {
      s.turn = { number: s.turn.number + 1, active: opponentOf(s.turn.active), phase: 'draw' };
      return { goto: 'begin' };
    },
  },
});

export const AQA_PROCEDURES = [
  turn,
  window,
  declare,
  pay,
  resolveItem,
  attackFlow,
  battle,
  destroy,
  stateChecks,
  transaction,
];
