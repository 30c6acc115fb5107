/**
 * Priority and the interference (§1.12) as procedures: the priority window, playing a card or using an effect
 * (§5.2.3, §7.3.4) inside a kernel transaction, the whole interference resolving in one pass with no priority in
 * between (§1.12.8, §1.12.11), attacks declared or caused by an effect (§6.3.4–6.3.5, a new interference nested in
 * the one being resolved, §1.12.7), defense (§6.4) and battle (§6.2.4) with graze (§6.5).
 */
import { answerOf, ask } from '../../core/decision-kinds.ts';
import { collectLki, type ObjRef } from '../../core/events.ts';
import { opponentOf, type Seat } from '../../core/game.ts';
import { learn } from '../../core/hidden.ts';
import type { Json } from '../../core/json.ts';
import {
  call,
  defineProcedure,
  inTransaction,
  type Procedure,
  resultOf,
  rewind,
  type StepOut,
  transactionProcedure,
} from '../../core/procedure.ts';
import { canTransform, freePlayAvailable, nodeAndCost, usedKey } from './actions.ts';
import type { Ability, Effect, PmvCard } from './cards/schema.ts';
import { asPlayedBarred, CODE_PROCEDURES, codeOutcome, RESOLVE_ENTRY_KIND } from './code-effects.ts';
import {
  autoPlan,
  discardDecision,
  gammaOrderDecision,
  grazeDecision,
  linkDecision,
  modeDecision,
  netherOrderDecision,
  overdriveDecision,
  payDecision,
  priorityDecision,
  resistDecision,
  targetDecision,
  transformDecision,
  xDecision,
} from './decisions.ts';
import { removalsThen } from './removal.ts';
import {
  abilityAt,
  addPopularity,
  applyClause,
  cardAims,
  type DamageEvent,
  damageThatLands,
  dealDamage,
  effectsOf,
  firstStrike,
  hasGamma,
  modesOf,
  queueWouldGamma,
  removalsPending,
  startRemoval,
  targetAims,
  targetChoices,
  targetIndexOf,
  targetsStillLegal,
} from './rules.ts';
import {
  abilitiesOf,
  atkOf,
  cardOf,
  cardOfObject,
  charactersOf,
  currentInterference,
  currentRef,
  damageOf,
  defOf,
  type Entry,
  hasKeyword,
  isCharacter,
  keywordsOf,
  lendingAttachments,
  liveAttack,
  log,
  lose,
  moveObject,
  objectOf,
  onField,
  type PmvState,
  popularityOf,
  racesOf,
  setHost,
  type TargetRef,
} from './state.ts';

export const transaction = transactionProcedure<PmvState>('pmv-transaction');

// ---------------------------------------------------------------------------------------------------------------
// Priority window

type WindowData = {
  holder: Seat;
  passes: number;
  /** Interferences below this window's own: 0 for a phase's window, more for a nested one (§1.12.7). */
  base: number;
  /** §6.4.2.a: the holder got this priority from the attack (the defense window, docs/rulings/pmv.md P5). */
  defense: boolean;
  /** The defense window as it was before a play began, restored if the play is taken back (§12.8). */
  defenseBeforePlay?: boolean;
  /** The attacker while its "has attacked" γ resolve (§7.1.6.a), for the transform question after them. */
  attacker?: string;
  /** The defender while its "defends" γ resolve, for the transform question after them. */
  defender?: string;
};

/** §1.5.3.a: a player with 0 or less LP loses when any player would gain priority; all such at once (§1.5.4.a). */
function lifeCheck(s: PmvState): void {
  const losers = (['p1', 'p2'] as const).filter((seat) => s.players[seat].lp <= 0);
  if (losers.length > 0) lose(s, losers, 'life', '1.5.3.a');
}

/**
 * §1.12.3–1.12.4, §1.12.9: priority goes round; after an action it moves to the next player (§5.2.3.g, §6.3.4.g,
 * §6.4.4.f) or stays (node set, §1.8.3). When every player has passed in succession, an open interference
 * resolves whole (§1.12.9.a) and the turn player gets priority (§1.12.8.e); with none open the phase ends
 * (§1.12.9.b). A nested window (base > 0) returns once its own interference has resolved (docs/rulings/pmv.md P2).
 */
export const priorityWindow = defineProcedure<PmvState, WindowData, null>({
  kind: 'pmv-priority',
  first: 'checks',
  steps: {
    checks(s, { data }) {
      if (removalsPending(s)) return removalsThen(s, 'checks'); // §9: removals settle before priority
      const order = s.netherOrder[0];
      if (order) {
        // §9.3.4.g: the removal finishes (its owner orders the cards) before anyone gets priority (§1.12.11).
        const ids = order.ids.filter((id) => objectOf(s, id).zone === 'netherworld');
        if (ids.length > 1) return ask(netherOrderDecision, order.seat, { ids }, 'ordered');
        s.netherOrder.shift();
        return { goto: 'checks' };
      }
      lifeCheck(s);
      if (s.result) return { return: null };
      // §4.10.1.a, §4.10.2.a: once the interference has resolved, an ended turn or phase gives no more priority.
      if (s.turn.ending && s.interferences.length === 0) return { return: null };
      collectLki(s.events, [s.interferences, s.modifiers, s.procedures.frames]);
      return ask(priorityDecision, data.holder, { defense: data.defense }, 'act');
    },
    ordered(s, { ret }) {
      const order = s.netherOrder.shift();
      const chosen = answerOf(netherOrderDecision, ret);
      if (order) {
        // The cards keep the places they took in the pile, in the order their owner chose.
        const pile = s.players[order.seat].netherworld;
        const slots = pile.map((id, i) => (chosen.includes(id) ? i : -1)).filter((i) => i >= 0);
        // Every card ordered lies in this owner's pile (orderArrivals groups by owner); anything else would
        // overwrite a card of the pile with another player's.
        if (slots.length !== chosen.length)
          throw new Error(`netherworld order: not all of ${chosen} are ${order.seat}'s`);
        slots.forEach((slot, k) => {
          pile[slot] = chosen[k] as string;
        });
      }
      return { goto: 'checks' };
    },
    act(s, { data, ret }) {
      const choice = answerOf(priorityDecision, ret);
      const seat = data.holder;
      const wasDefense = data.defense;
      // §6.4.2.a: only the first priority from the attack; a play taken back (rewound) leaves it open ('played').
      data.defense = false;
      if (choice === 'pass') {
        log(s, { type: 'pass', seat });
        data.passes += 1;
        data.holder = opponentOf(seat);
        if (data.passes < 2) return { goto: 'checks' };
        if (s.interferences.length > data.base) return call(resolveInterference, { level: data.base }, 'resolved');
        return { return: null }; // §1.12.9.b
      }
      const [action, id = '', index = '', lender = ''] = choice.split(':');
      switch (action) {
        case 'node': {
          // §1.8.3: the card goes face down and active into the node area; priority stays (§1.8.3.b).
          moveObject(s, id, 'node');
          objectOf(s, id).active = true;
          s.turn.nodeSet = true;
          // The owner remembers which card they set (docs/rulings/pmv.md P3); the opponent never learns it.
          s.known = learn(s.known, seat, [id]);
          log(s, { type: 'node-set', seat, object: id });
          data.passes = 0;
          return { goto: 'checks' };
        }
        case 'play':
        case 'ambush-defend':
        case 'act':
          data.defenseBeforePlay = wasDefense;
          return inTransaction(
            transaction,
            play,
            {
              seat,
              object: id,
              ability: action === 'act' ? Number(index) : null,
              defends: action === 'ambush-defend' && wasDefense,
              entry: '',
              targets: [],
              cost: 0,
              paid: 0,
              used: [],
              free: false,
              x: null,
              mode: null,
              lender: lender === '' ? null : lender,
            },
            'played',
          );
        case 'attack': {
          const ordering = declareAttack(s, seat, id);
          // §6.3.4.g: priority moves to the next player, who may defend with it (§6.4.2.a).
          data.holder = opponentOf(seat);
          data.passes = 0;
          data.defense = true;
          if (ordering) {
            data.attacker = id;
            return ordering;
          }
          return offerTransform(s, seat, id, 'checks');
        }
        case 'defend': {
          const gamma = declareDefense(s, seat, id, true, 'defendGamma');
          // §6.4.4.f
          data.holder = opponentOf(seat);
          data.passes = 0;
          if (gamma) {
            data.defender = id;
            return gamma;
          }
          return offerTransform(s, seat, id, 'checks');
        }
        default:
          throw new Error(`priority: unknown action ${choice}`);
      }
    },
    transform: (s, { ret }) => transformAnswered(s, ret, 'checks'),
    // After the attacker's "has attacked" γ resolved (§7.1.6.a): the transform question of the attack.
    attackGamma(s, { data }) {
      const id = data.attacker;
      delete data.attacker;
      if (id === undefined) return { goto: 'checks' };
      return offerTransform(s, objectOf(s, id).owner, id, 'checks');
    },
    // After the defender's "defends" γ resolved: the transform question of the defense.
    defendGamma(s, { data }) {
      const id = data.defender;
      delete data.defender;
      if (id === undefined) return { goto: 'checks' };
      return offerTransform(s, objectOf(s, id).owner, id, 'checks');
    },
    played(_s, { data, ret }) {
      // §5.2.3.g, §7.3.4.f: priority moves on; a rewound play leaves it with the player (and the defense window).
      const out = resultOf(transaction, ret);
      if (out.rewound) {
        data.defense = data.defenseBeforePlay ?? false;
        return { goto: 'checks' };
      }
      data.holder = opponentOf(data.holder);
      data.passes = 0;
      data.defense = false;
      return { goto: 'checks' };
    },
    resolved(s, { data }) {
      if (data.base > 0) return { return: null }; // §1.12.11: no priority until the outer interference is done
      data.holder = s.turn.active; // §1.12.8.e
      data.passes = 0;
      return { goto: 'checks' };
    },
  },
});

/**
 * §10.28.2.a: when a character with Transform attacks or defends, its player may transform it at the same time
 * (asked in the step that declared it; `then` is the step to go on with, on the asking procedure).
 */
function offerTransform(s: PmvState, seat: Seat, id: string, then: string): StepOut {
  if (!canTransform(s, id)) return { goto: then };
  return ask(transformDecision, seat, { id }, 'transform');
}

function transformAnswered(s: PmvState, ret: Json | undefined, then: string): StepOut {
  const id = answerOf(transformDecision, ret);
  if (id && canTransform(s, id)) transformCharacter(s, id, '10.28.2.a');
  return { goto: then };
}

/** §10.28.6: the card is turned upside down and is the character its transformation description says. */
export function transformCharacter(s: PmvState, id: string, rule: string): void {
  const o = objectOf(s, id);
  o.transformed = true;
  log(s, { type: 'transform', seat: o.owner, card: o.card, object: id, rule });
}

/** A phase's priority window, opening with the turn player (§4.1.2). */
export function phaseWindow(s: PmvState, next: string): StepOut {
  return call(priorityWindow, { holder: s.turn.active, passes: 0, base: 0, defense: false }, next);
}

// ---------------------------------------------------------------------------------------------------------------
// Attack and defense

/** §6.3.4.a–f: the declared attack: the character goes to sleep and an interference begins with the attack. */
function declareAttack(s: PmvState, seat: Seat, id: string): StepOut | null {
  objectOf(s, id).active = false; // §6.3.4.b
  openAttack(s, currentRef(s, id), opponentOf(seat));
  log(s, { type: 'attack', seat, card: objectOf(s, id).card, object: id, rule: '6.3.4' });
  return gammaWindow(s, id, 'has-attacked', 'attackGamma'); // §6.3.4.f
}

/** §6.3.4.c–f, §6.3.5.a–d: a new interference whose bottom is the attack; the character is now attacking. */
function openAttack(s: PmvState, attacker: ObjRef, player: Seat): void {
  s.interferences.push({
    id: s.nextInterference,
    entries: [],
    attack: { attacker, player, defender: null, cancelled: false },
    used: [],
  });
  s.nextInterference += 1;
}

/**
 * §6.4.4 (declared: the character goes to sleep) or §6.4.5 (by an effect or an Ambush play: it does not). Its
 * "when this character defends" γ (§6.4.4.e) resolve through `gammaWindow` (null: none, go on at once).
 */
function declareDefense(s: PmvState, seat: Seat, id: string, declared: boolean, then: string): StepOut | null {
  const attack = liveAttack(s);
  if (!attack || attack.defender) return null; // §6.2.5.b, §6.4.6
  if (declared) objectOf(s, id).active = false; // §6.4.4.b
  attack.defender = currentRef(s, id); // §6.4.4.d
  log(s, { type: 'defend', seat, card: objectOf(s, id).card, object: id, rule: declared ? '6.4.4' : '6.4.5' });
  return gammaWindow(s, id, 'defends', then);
}

/** Every named window a γ of the pool is timed by, but §9.2.3.b's, which removal.ts asks as a choice. */
export type GammaWindow = Exclude<
  NonNullable<Extract<Ability, { kind: 'auto' }>['when']>,
  'another-of-yours-would-be-doomed'
>;

/** The γ effects of one character that fire for a named window: their index in `abilitiesOf` and their card. */
function firingGamma(s: PmvState, id: string, when: GammaWindow): { index: number; owner: string }[] {
  const out: { index: number; owner: string }[] = [];
  abilitiesOf(s, id).forEach(({ owner, ability: a }, index) => {
    if (a.kind === 'auto' && a.class === 'gamma' && a.when === when) out.push({ index, owner });
  });
  return out;
}

/**
 * The γ effects of character `id` that fire for a named window (§7.4.7.c): its own and those its equips and
 * talismans lend it (§6.1.13). None fires: null, the caller goes on. Otherwise `gammaOrder` resolves them, asking
 * their player which first when there are several (§7.1.6.a), then the calling procedure goes on at step `then`.
 */
export function gammaWindow(s: PmvState, id: string, when: GammaWindow, then: string): StepOut | null {
  const firing = firingGamma(s, id, when);
  if (firing.length === 0) return null;
  return call(
    gammaOrder,
    {
      object: id,
      seat: objectOf(s, id).owner,
      indexes: firing.map((f) => f.index),
      owners: firing.map((f) => f.owner),
      ...(when === 'turn-end' ? { rule: '4.9.1.c' } : {}),
    },
    then,
  );
}

type GammaOrderData = {
  object: string;
  seat: Seat;
  indexes: number[];
  owners: string[];
  /** The rule the γ's log line names (the turn end's, §4.9.1.c; otherwise §7.4.7.c). */
  rule?: string;
  /**
   * The γ resolving now: its clauses (as the card gave them when it began), the next clause's number and "this
   * character". A removal between two clauses may ask a player (§9.2.3.b, §10.18.2.a); the γ then goes on with the
   * rest (§9.1.3), so what is left of it lives here, in the frame.
   */
  resolving?: { effects: Json[]; clause: number; source: ObjRef } | null;
};

/**
 * §7.1.6.a: the player picks the γ to resolve next until one is left (docs/rulings/pmv.md P35); each resolves clause
 * by clause (§7.1.9, §7.1.12.a: a failed clause ends it), removals settled between clauses (§7.4.5.c, §9.1.3) and
 * between γ, asking where a window asks (docs/rulings/pmv.md P38). After the last γ the caller settles removals.
 */
export const gammaOrder = defineProcedure<PmvState, GammaOrderData, null>({
  kind: 'pmv-gamma-order',
  first: 'next',
  steps: {
    next(s, { data }) {
      if (data.indexes.length === 0 || !onField(s, currentRef(s, data.object))) return { return: null }; // §7.4.7.d
      if (data.indexes.length === 1) return startGamma(s, data, 0);
      return ask(gammaOrderDecision, data.seat, { owners: data.owners }, 'chosen');
    },
    chosen(_s, { data, ret }) {
      const i = answerOf(gammaOrderDecision, ret);
      if (data.indexes[i] === undefined) throw new Error(`gamma-order: no γ ${i}`);
      return startGamma(_s, data, i);
    },
    clause(s, { data }) {
      const r = data.resolving;
      const e = r ? (r.effects[r.clause] as Effect | undefined) : undefined;
      if (!r || !e) return { goto: 'finished' };
      const ctx = { seat: data.seat, source: r.source, targets: [], entry: null };
      const result = applyClause(s, e, ctx, 0);
      r.clause += 1;
      const last = r.clause >= r.effects.length;
      if (result.kind !== 'done') r.clause = r.effects.length; // §7.1.12.a: the rest is not applied
      if (last) return { goto: 'finished' };
      // §7.4.5.c, §9.1.3: the state is checked after every change; a removal that asks comes back to the rest.
      return removalsThen(s, 'clause');
    },
    finished(s, { data }) {
      data.resolving = null;
      if (data.indexes.length === 0) return { return: null };
      return removalsThen(s, 'next'); // §7.4.5.c: the state is checked before the next γ
    },
  },
});

/** Begins γ number `i` of the window, if the character is still on the field and the γ still its own or lent. */
function startGamma(s: PmvState, data: GammaOrderData, i: number): StepOut {
  const index = data.indexes[i] as number;
  const owner = data.owners[i] as string;
  data.indexes.splice(i, 1);
  data.owners.splice(i, 1);
  if (!onField(s, currentRef(s, data.object))) return { return: null }; // §7.4.7.d
  const found = abilitiesOf(s, data.object)[index];
  if (!found || found.owner !== owner || found.ability.kind !== 'auto') return { goto: 'finished' }; // §7.4.7.d
  log(s, { type: 'gamma', card: objectOf(s, owner).card, object: owner, rule: data.rule ?? '7.4.7.c' });
  data.resolving = { effects: found.ability.effects as Json[], clause: 0, source: currentRef(s, data.object) };
  return { goto: 'clause' };
}

// ---------------------------------------------------------------------------------------------------------------
// Playing a card or using an activated effect (§5.2.3, §7.3.4)

type PlayData = {
  seat: Seat;
  object: string;
  /** null: playing the card; a number: using that activated effect (-1: Mana Charge). */
  ability: number | null;
  defends: boolean;
  entry: string;
  targets: TargetRef[];
  cost: number;
  paid: number;
  used: string[];
  free: boolean;
  /** §1.8.7.h: the X chosen for a COST of X (null: the card has none, or not chosen yet). */
  x: number | null;
  /** §5.2.3.c: the mode chosen for a "Choose one" card. */
  mode: number | null;
  /** §6.1.13: the equip or talisman attached to `object` whose activated effect this is (null: `object`'s own). */
  lender: string | null;
};

/** The card whose text is played or used: the lender's for a lent activated effect (§6.1.13). */
const playCard = (s: PmvState, d: PlayData): PmvCard => cardOfObject(s, d.lender ?? d.object);

function entryOf(s: PmvState, d: PlayData): Entry {
  return {
    id: d.entry,
    kind: d.ability === null ? 'card' : 'ability',
    source: currentRef(s, d.object),
    card: objectOf(s, d.lender ?? d.object).card,
    controller: d.seat,
    ability: d.ability,
    lender: d.lender ? currentRef(s, d.lender) : null,
    targets: d.targets,
    defends: d.defends,
    x: d.x,
    mode: d.mode,
  };
}

export const play = defineProcedure<PmvState, PlayData, null>({
  kind: 'pmv-play',
  first: 'declare',
  steps: {
    // §5.2.3.a–b: declared, and the card goes face up into the play area.
    declare(s, { data }) {
      data.entry = `e${s.nextEntry}`;
      s.nextEntry += 1;
      if (data.ability === null) moveObject(s, data.object, 'play');
      return { goto: 'mode' };
    },
    // §5.2.3.c: a card with several effects: which one resolves (only modes whose targets exist, §5.2.2.e).
    mode(s, { data }) {
      const card = playCard(s, data);
      const modes = data.ability === null ? modesOf(card) : null;
      if (!modes) return { goto: 'target' };
      const open = modes
        .map((_, m) => m)
        .filter((m) =>
          cardAims(card, null, m).every((aim) => targetChoices(s, data.seat, aim, null, card.id).length > 0),
        );
      return ask(modeDecision, data.seat, { card: card.id, modes: open }, 'moded');
    },
    moded(_s, { data, ret }) {
      const mode = answerOf(modeDecision, ret);
      if (mode === null) return rewind('12.8');
      data.mode = mode;
      return { goto: 'target' };
    },
    // §5.2.3.d, §7.3.4: each target phrase in order.
    target(s, { data }) {
      const card = playCard(s, data);
      const aims = cardAims(card, data.ability, data.mode);
      const aim = aims[data.targets.length];
      if (!aim) return { goto: 'cost' };
      return ask(targetDecision, data.seat, { card: card.id, aim, self: null }, 'targeted');
    },
    targeted(_s, { data, ret }) {
      const chosen = answerOf(targetDecision, ret);
      if (chosen === null) return rewind('12.8');
      data.targets.push(chosen);
      return { goto: 'target' };
    },
    // §5.2.3.f, §7.3.4: the cost: the sleep icon (§1.8.8), then the node cost (§1.8.7).
    cost(s, { data }) {
      const card = playCard(s, data);
      if (data.ability === null) {
        data.cost = nodeAndCost(card).cost;
        data.free = freePlayAvailable(s, data.seat, card);
        const { node } = nodeAndCost(card);
        // §5.2.2.c: without the waiver, NODE is a threshold on the whole node area.
        if (!data.free && s.players[data.seat].nodes.length < node) return rewind('5.2.2.c');
        // §1.8.7.h: a COST of X is defined by what the player pays: they choose it now, then pay exactly that.
        if (card.nodeCost !== 'nullity' && card.nodeCost.cost === 'X') {
          const max = s.players[data.seat].nodes.length;
          return ask(xDecision, data.seat, { card: card.id, max }, 'x-chosen');
        }
      } else {
        const o = objectOf(s, data.object);
        const a = data.ability < 0 ? null : abilityAt(card, data.ability);
        const sleep = data.ability === -1 || (a?.kind === 'activated' && a.cost.sleep);
        if (sleep) {
          if (!o.active) return rewind('1.8.8.a');
          o.active = false; // §1.8.8.a
        }
        // §1.9.4.a: a fixed LP cost is paid whatever the LP (it may leave them at 0 or less, lost at the next
        // priority, §1.5.3.a); the node payment that follows may still be cancelled, which rewinds it (§12.8).
        const lp = a?.kind === 'activated' ? a.cost.lp : 0;
        data.cost = a?.kind === 'activated' ? a.cost.nodes : 0;
        // §1.9.4.b: a chosen amount is neither negative nor above the player's LP (0 when they have none left).
        if (lp === 'X') {
          const max = Math.max(0, s.players[data.seat].lp);
          return ask(xDecision, data.seat, { card: card.id, max, lp: true }, 'lp-chosen');
        }
        if (lp > 0) {
          s.players[data.seat].lp -= lp;
          log(s, { type: 'pay-lp', seat: data.seat, card: card.id, amount: lp, rule: '1.9.4.a' });
        }
      }
      return { goto: 'pay' };
    },
    // §1.9.4.b, §7.3.4.e: the chosen LP are paid now; the effect's X is that amount (cancelling rewinds the use, §12.8).
    'lp-chosen'(s, { data, ret }) {
      const x = answerOf(xDecision, ret);
      if (x === null) return rewind('12.8');
      data.x = x;
      s.players[data.seat].lp -= x;
      log(s, { type: 'pay-lp', seat: data.seat, card: playCard(s, data).id, amount: x, rule: '1.9.4.b' });
      return { goto: 'pay' };
    },
    'x-chosen'(s, { data, ret }) {
      const x = answerOf(xDecision, ret);
      if (x === null) return rewind('12.8');
      data.x = x;
      data.cost = x;
      log(s, { type: 'x-chosen', seat: data.seat, card: playCard(s, data).id, amount: x, rule: '1.8.7.h' });
      return { goto: 'pay' };
    },
    pay(s, { data }) {
      if (data.paid >= data.cost && !data.free) return { goto: 'done' };
      const card = playCard(s, data);
      return ask(
        payDecision,
        data.seat,
        { card: card.id, cost: data.cost, paid: data.paid, used: data.used, free: data.free },
        'paid',
      );
    },
    paid(s, { data, ret }) {
      const choice = answerOf(payDecision, ret);
      if (choice === 'cancel') return rewind('12.8');
      if (choice === 'free') {
        // §5.5.6, §5.6.6: NODE and COST are ignored together.
        log(s, { type: 'free-play', seat: data.seat, card: playCard(s, data).id });
        data.free = false;
        data.cost = 0;
        // §1.8.7.h: X is what was paid from nodes: nothing (docs/rulings/pmv.md P18).
        if (data.x !== null) data.x = 0;
        return { goto: 'done' };
      }
      data.free = false; // choosing to pay gives up the waiver
      if (choice === 'auto') {
        const plan = autoPlan(s, data.seat, data.cost - data.paid, data.used);
        if (!plan) return rewind('5.2.2.d');
        for (const id of plan) payWithNode(s, data, id);
        return { goto: 'pay' };
      }
      const [, id = ''] = choice.split(':');
      payWithNode(s, data, id);
      return { goto: 'pay' };
    },
    // §5.2.3.g, §1.12.6: the interference begins (or the entry joins the open one); priority moves on.
    done(s, { data }) {
      const entry = entryOf(s, data);
      let i = currentInterference(s);
      if (!i) {
        i = { id: s.nextInterference, entries: [], attack: null, used: [] };
        s.nextInterference += 1;
        s.interferences.push(i);
      }
      if (asPlayedBarred(s, entry)) entry.asPlayedBarred = true; // §5.3.1.b: judged when played
      i.entries.push(entry);
      if (data.ability !== null) i.used.push(usedKey(data.object, data.ability, data.lender)); // §7.3.6
      const card = cardOf(entry.card);
      // §10.21.2.a: One per Turn (undone if this play is nullified, rules.ts nullify-play).
      if (data.ability === null && card.keywords.some((k) => k.keyword === 'one-per-turn'))
        s.turn.limited.push(`${data.seat}:${card.id}`);
      // §10.17.2.a: played counts, whether or not the play resolves.
      if (data.ability === null && card.keywords.some((k) => k.keyword === 'world-talisman'))
        s.turn.worldTalisman = [...(s.turn.worldTalisman ?? []), data.seat];
      log(s, {
        type: data.ability === null ? (data.defends ? 'play-defend' : 'play') : 'use',
        seat: data.seat,
        card: entry.card,
        object: data.object,
        ...(data.targets[0] ? { target: targetName(data.targets[0]) } : {}),
      });
      return { goto: 'resist' };
    },
    // §10.26.2.a: a card being played with Resist (X), or §10.29.2.a a character with Blessing (X), made the target
    // of this effect by its opponent: the player may pay X; if they do not, this effect is nullified and discarded.
    // Applied once the play is done (§5.2.3).
    resist(s, { data }) {
      // §10.32.2.c: a card being played with Last Word that this play targets nullifies and discards this play.
      const lastWord = data.targets.find(
        (t) => 'object' in t && objectOf(s, t.object.id).zone === 'play' && hasKeyword(s, t.object.id, 'last-word'),
      );
      if (lastWord) return nullifyPlay(s, data, '10.32.2.c');
      const shield = resistOf(s, data);
      if (shield === null) return { return: null };
      const canPay = autoPlan(s, data.seat, shield.x, []) !== null;
      return ask(
        resistDecision,
        data.seat,
        { card: entryCard(s, data), x: shield.x, canPay, keyword: shield.keyword },
        'resisted',
      );
    },
    resisted(s, { data, ret }) {
      const shield = resistOf(s, data);
      const x = shield?.x ?? 0;
      const rule = shield?.keyword === 'blessing' ? '10.29.2.a' : '10.26.2.a';
      if (answerOf(resistDecision, ret)) {
        // A payment of its own (§1.8.7.f): any node may pay one point of it, whatever paid the play.
        for (const id of autoPlan(s, data.seat, x, []) ?? []) payNode(s, data.seat, id);
        log(s, { type: 'resist-paid', seat: data.seat, amount: x, rule });
        return { return: null };
      }
      return nullifyPlay(s, data, rule);
    },
  },
});

/** The play or use just made is nullified and its card discarded (§10.26.2.a, §10.29.2.a, §10.32.2.c). */
function nullifyPlay(s: PmvState, data: PlayData, rule: string): StepOut {
  for (const i of s.interferences) i.entries = i.entries.filter((e) => e.id !== data.entry);
  const o = objectOf(s, data.object);
  log(s, { type: 'nullified', card: playCard(s, data).id, object: data.object, rule });
  if (data.ability === null) {
    moveObject(s, data.object, 'netherworld');
    s.turn.limited = s.turn.limited.filter((k) => k !== `${data.seat}:${o.card}`); // §10.21.2.a
  } else if (s.discardNullifiedSource && onField(s, currentRef(s, data.object))) {
    // §12.2.3: "nullify the effect and discard" discards its source card: the field card that used the effect, a
    // character for a lent one (§6.1.13 gives it the text; docs/rulings/pmv.md P43). A removal with its windows (§9.3),
    // settled before the next priority.
    startRemoval(s, data.object, 'discard', 'discard', '12.2.3');
  }
  return { return: null };
}

/**
 * The X of the first Resist (§10.26.2.a: an opponent's card being played) or Blessing (§10.29.2.a: an opponent's
 * character, targeted by a command card or a character's effect) among this play's targets, or null.
 */
function resistOf(s: PmvState, data: PlayData): { x: number; keyword: 'resist' | 'blessing' } | null {
  const byCommandOrCharacter =
    data.ability === null ? playCard(s, data).type === 'command' : isCharacter(s, data.object);
  for (const t of data.targets) {
    if (!('object' in t)) continue;
    const o = objectOf(s, t.object.id);
    if (o.owner === data.seat) continue;
    const keywords = keywordsOf(s, t.object.id);
    if (o.zone === 'play') {
      const k = keywords.find((x) => x.keyword === 'resist');
      if (k) return { x: k.x ?? 0, keyword: 'resist' };
    } else if (byCommandOrCharacter && isCharacter(s, t.object.id)) {
      const k = keywords.find((x) => x.keyword === 'blessing');
      if (k) return { x: k.x ?? 0, keyword: 'blessing' };
    }
  }
  return null;
}

const entryCard = (s: PmvState, data: PlayData) => playCard(s, data).id;

const targetName = (t: TargetRef) => ('player' in t ? t.player : t.object.id);

/** §1.8.7.a–b: one point from one node: an active one goes to sleep, a sleeping one is discarded (no removal windows, §1.8.7.i). */
function payWithNode(s: PmvState, data: PlayData, id: string): void {
  const o = objectOf(s, id);
  if (o.owner !== data.seat || o.zone !== 'node' || data.used.includes(id)) throw new Error(`cannot pay with ${id}`);
  data.used.push(id);
  data.paid += 1;
  payNode(s, data.seat, id);
}

/** §1.8.7.a–b: one node pays one point. */
export function payNode(s: PmvState, seat: Seat, id: string): void {
  const o = objectOf(s, id);
  if (o.active) {
    o.active = false;
    log(s, { type: 'node-sleep', seat, object: id });
  } else {
    moveObject(s, id, 'netherworld');
    log(s, { type: 'node-discard', seat, card: o.card, object: id });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Resolving an interference (§1.12.8)

type ResolveData = { level: number };

export const resolveInterference: Procedure<PmvState, ResolveData, null> = defineProcedure<PmvState, ResolveData, null>(
  {
    kind: 'pmv-resolve-interference',
    first: 'next',
    steps: {
      // §1.12.8.a: the entries, last in first out.
      next(s, { data }) {
        const i = s.interferences[data.level];
        if (!i) throw new Error('resolving an interference that is not open');
        const entry = i.entries[i.entries.length - 1];
        if (!entry) return { goto: 'battle' };
        return call(resolveEntry, { entry: entry.id, level: data.level, clause: 0, failed: false }, 'next');
      },
      // §1.12.8.b, §6.2.2: an interference that began with an attack resolves the battle.
      battle(s, { data }) {
        const attack = s.interferences[data.level]?.attack;
        if (attack && !attack.cancelled && onField(s, attack.attacker))
          return call(battle, { stage: 'start' }, 'close');
        return { goto: 'close' };
      },
      // §1.12.8.c–e: the interference ends (no "during the interference" effect exists in the pool).
      close(s, { data }) {
        s.interferences.splice(data.level);
        return removalsThen(s, 'closed');
      },
      closed: () => ({ return: null }),
    },
  },
);

type EntryData = {
  entry: string;
  level: number;
  clause: number;
  failed: boolean;
  /** §10.20.2.b: the cards chosen so far to exclude for Link, one per name. */
  link?: string[];
  /** §10.33.2.a: the netherworld cards chosen so far to exclude for Overdrive. */
  overdrive?: string[];
  /** An attacker whose "has attacked" γ are being ordered (§7.1.6.a), for the transform question after them. */
  attacker?: string;
  /** The character that entered the field, once its entry is done, while its "defends" and "has entered" γ resolve. */
  entered?: string;
  /** §5.2.4.c, §5.3.2.f: the played card's effect resolved properly; its window's γ are still to come (`resolvedGamma`). */
  resolved?: boolean;
  resolvedGamma?: string[];
  resolvedThen?: string;
  /** The player who played the card, kept once its entry has left (a permanent on the field) for the §5.2.4.c window. */
  player?: Seat;
};

function findEntry(s: PmvState, d: EntryData): Entry | null {
  return s.interferences[d.level]?.entries.find((e) => e.id === d.entry) ?? null;
}

function removeEntry(s: PmvState, d: EntryData): void {
  const i = s.interferences[d.level];
  if (i) i.entries = i.entries.filter((e) => e.id !== d.entry);
}

/**
 * Opens the §5.2.4.c window (§5.3.2.f for a card resolved as if played) for the player who played `entry`: the
 * characters of theirs on the field whose γ fire, then step `then`.
 */
function resolvedWindow(s: PmvState, data: EntryData, entry: { controller: Seat }, then: string): StepOut {
  data.resolvedGamma = charactersOf(s, entry.controller).filter((id) => hasGamma(s, id, 'your-played-card-resolved'));
  data.resolvedThen = then;
  return { goto: 'resolved-gamma' };
}

/** §5.2.4.c: the play text of a permanent (§10.13–10.17) resolved; its window opens once the card is on the field. */
function markResolved(data: EntryData, player: Seat): void {
  data.resolved = true;
  data.player = player;
}

/** The entry, or after it left the interference (its card entered the field) the player who played it. */
function findEntryOrPlayed(s: PmvState, data: EntryData): { controller: Seat } | null {
  const entry = findEntry(s, data);
  if (entry) return entry;
  return data.player ? { controller: data.player } : null;
}

/** One entry: a played card (§5.2.4) or a used activated effect (§7.3.5). */
export const resolveEntry = defineProcedure<PmvState, EntryData, null>({
  kind: RESOLVE_ENTRY_KIND,
  first: 'start',
  steps: {
    start(s, { data }) {
      const entry = findEntry(s, data);
      if (!entry) return { return: null };
      const card = cardOf(entry.card);
      if (entry.kind === 'card') {
        // §5.2.4.b: only a card still in the play area resolves.
        if (!isCurrentRef(s, entry.source) || objectOf(s, entry.source.id).zone !== 'play') return { goto: 'finish' };
        if (card.type === 'character') return { goto: 'character' };
      } else if (!onField(s, entry.source) || !stillLent(s, entry)) {
        // §7.3.1.b: the effect of a card that left the field, or whose text it no longer has, is void.
        log(s, { type: 'fizzle', card: entry.card, rule: '7.3.1.b' });
        return { goto: 'finish' };
      }
      // §8.2.5: targets are checked at the start of resolution.
      const ctx = contextOf(s, entry);
      if (!targetsStillLegal(s, ctx, cardAims(card, entry.ability, entry.mode))) {
        log(s, { type: 'fizzle', card: entry.card, rule: '8.2.5' });
        data.failed = true;
        return { goto: 'finish' };
      }
      // §10.33.2.a: Overdrive's β applies as the play resolves (after the target check of §8.2.5).
      if (
        entry.kind === 'card' &&
        entry.overdrive === undefined &&
        card.keywords.some((k) => k.keyword === 'overdrive')
      ) {
        data.overdrive = [];
        return { goto: 'overdrive' };
      }
      if (entry.kind === 'ability' && entry.ability === -1) {
        manaCharge(s, entry);
        return { goto: 'finish' };
      }
      if (entry.kind === 'ability' && entry.ability === -3) {
        // §10.34.2.d: one popularity card is discarded (the last attached, P31); with none the effect fails
        // (§7.1.12.a) and nothing is shielded. Void if the Leader lost its Leader text (§7.3.1.b).
        const id = entry.source.id;
        const last = popularityOf(s, id).at(-1);
        if (!hasKeyword(s, id, 'leader')) log(s, { type: 'fizzle', card: entry.card, rule: '7.3.1.b' });
        else if (last === undefined) log(s, { type: 'fizzle', card: entry.card, rule: '7.1.12.a' });
        else {
          const card = objectOf(s, last).card;
          moveObject(s, last, 'netherworld');
          log(s, { type: 'discard', seat: entry.controller, card, object: last, rule: '10.34.2.d' });
          if (!s.turn.shielded?.includes(entry.controller))
            s.turn.shielded = [...(s.turn.shielded ?? []), entry.controller];
          log(s, { type: 'shielded', seat: entry.controller, rule: '10.34.2.d' });
        }
        return { goto: 'finish' };
      }
      if (entry.kind === 'ability' && entry.ability === -2) {
        // §10.28.2.b: only if the character is active now; §7.3.1.b: void if it lost its Transform text.
        const id = entry.source.id;
        if (!hasKeyword(s, id, 'transform')) log(s, { type: 'fizzle', card: entry.card, rule: '7.3.1.b' });
        else if (!objectOf(s, id).active) log(s, { type: 'fizzle', card: entry.card, rule: '10.28.2.b' });
        else if (canTransform(s, id)) transformCharacter(s, id, '10.28.2.b');
        else log(s, { type: 'fizzle', card: entry.card, rule: '10.28.4' });
        return { goto: 'finish' };
      }
      log(s, { type: 'resolve', card: entry.card, seat: entry.controller });
      if (entry.kind === 'card' && staysOnField(card)) return { goto: 'permanent' };
      return { goto: 'clause' };
    },
    // §10.13–10.16: the play text of Equip, Talisman, Equip/Field and Phantasmal Creature puts the card on the field.
    permanent(s, { data }) {
      const entry = findEntry(s, data);
      if (!entry) return { return: null };
      const card = cardOf(entry.card);
      const id = entry.source.id;
      const has = (k: string) => card.keywords.some((x) => x.keyword === k);
      if (has('equip') || has('talisman')) {
        const host = entry.targets[0];
        if (!host || !('object' in host)) return { goto: 'finish' };
        // §10.13.4: a character already equipped takes no second equip; the card goes to the netherworld.
        const equipped = lendingAttachments(s, host.object.id).some((a) => hasKeyword(s, a, 'equip'));
        if (has('equip') && equipped) {
          log(s, { type: 'fizzle', card: entry.card, rule: '10.13.4' });
          return { goto: 'finish' };
        }
        // §11.3.10: the card is attached; it shares its host's orientation (§11.3.11.c).
        moveObject(s, id, 'attached');
        setHost(s, id, host.object.id);
        log(s, {
          type: 'attached',
          seat: entry.controller,
          card: entry.card,
          object: id,
          target: host.object.id,
          targetCard: objectOf(s, host.object.id).card,
          rule: has('equip') ? '10.13.2.a' : '10.14.2.a',
        });
        removeEntry(s, data);
        markResolved(data, entry.controller); // §10.13.2.a, §10.14.2.a: its effect resolved
        return removalsThen(s, 'done'); // §6.1.12: a modifier may bring DEF to 0
      }
      if (has('world-talisman')) {
        // §10.17.2.a: the card is set on its player's field, active (§3.4.1: the field holds World Talismans).
        moveObject(s, id, 'field');
        objectOf(s, id).active = true;
        log(s, { type: 'enters', seat: entry.controller, card: entry.card, object: id, rule: '10.17.2.a' });
        removeEntry(s, data);
        markResolved(data, entry.controller);
        return { goto: 'done' };
      }
      if (has('equip-field')) {
        // §10.15.3: one Equip/Field card per player; a second one goes to the netherworld.
        const already = s.field.some(
          (x) => objectOf(s, x).owner === entry.controller && hasKeyword(s, x, 'equip-field'),
        );
        if (already) {
          log(s, { type: 'fizzle', card: entry.card, rule: '10.15.3' });
          return { goto: 'finish' };
        }
        moveObject(s, id, 'field');
        objectOf(s, id).active = true; // §10.15.2.a
        log(s, { type: 'enters', seat: entry.controller, card: entry.card, object: id, rule: '10.15.2.a' });
        removeEntry(s, data);
        markResolved(data, entry.controller);
        return { goto: 'done' };
      }
      // §10.16.2.a: a Phantasmal Creature enters asleep and is a character from "has entered" (§6.1.8.b, §10.16.3);
      // §10.2.3: its Haste applies then.
      moveObject(s, id, 'field');
      objectOf(s, id).active = has('haste');
      log(s, { type: 'enters', seat: entry.controller, card: entry.card, object: id, rule: '10.16.2.a' });
      markResolved(data, entry.controller); // §10.16.2.a: its effect resolved
      return removalsThen(s, 'entered'); // §11.3.9.c
    },
    // §11.3.9.d: "has entered the field" γ of a character or Phantasmal Creature that is still there.
    entered(s, { data }) {
      const entry = findEntry(s, data);
      if (!entry) return { return: null };
      const id = entry.source.id;
      // The card has left the play area for the field: its entry is done before its γ, which may ask (P38).
      removeEntry(s, data);
      data.entered = id;
      if (entry.defends && onField(s, currentRef(s, id)))
        return declareDefense(s, entry.controller, id, false, 'entering') ?? { goto: 'entering' }; // §6.4.5
      return { goto: 'entering' };
    },
    entering(s, { data }) {
      const id = data.entered;
      if (id === undefined || !onField(s, currentRef(s, id))) return { goto: 'entered-gamma' };
      return gammaWindow(s, id, 'entered-field', 'entered-gamma') ?? { goto: 'entered-gamma' };
    },
    'entered-gamma'(s) {
      return removalsThen(s, 'done');
    },
    done(s, { data }) {
      const entry = data.resolved && !data.resolvedGamma ? findEntryOrPlayed(s, data) : null;
      return entry ? resolvedWindow(s, data, entry, 'done') : { return: null };
    },
    // §5.2.4.c, §5.3.2.f: "when the effect of a card you played has resolved" γ of the player's characters, in the
    // order they entered the field (docs/rulings/pmv.md P41); removals settled after the last (§7.4.5.c).
    'resolved-gamma'(s, { data }) {
      for (let id = data.resolvedGamma?.shift(); id !== undefined; id = data.resolvedGamma?.shift()) {
        if (!onField(s, currentRef(s, id))) continue; // §7.4.7.d
        const window = gammaWindow(s, id, 'your-played-card-resolved', 'resolved-gamma');
        if (window) return window;
      }
      return removalsThen(s, data.resolvedThen ?? 'done');
    },
    // §7.1.9: clause after clause; §7.1.12.a: a clause that fails skips the rest.
    clause(s, { data }) {
      const entry = findEntry(s, data);
      if (!entry) return { return: null };
      const effects = effectsOf(cardOf(entry.card), entry.ability, entry.mode);
      const e = effects[data.clause];
      // §5.2.4.c: every clause applied: the played card's effect resolved properly; its window comes before §5.2.4.d.
      if (!e && !data.failed && entry.kind === 'card' && !data.resolved) {
        data.resolved = true;
        return resolvedWindow(s, data, entry, 'finish');
      }
      if (!e || data.failed) return { goto: 'finish' };
      const offset = cardAims(cardOf(entry.card), entry.ability, entry.mode).length - targetAims(effects).length;
      const codeProcedure = e.do === 'code' ? CODE_PROCEDURES[e.handler] : undefined;
      data.clause += 1;
      // A clause that asks while it resolves is a procedure of its own (code-effects.ts).
      if (codeProcedure) return codeProcedure(s, contextOf(s, entry), 'coded');
      const r = applyClause(s, e, contextOf(s, entry), offset + targetIndexOf(effects, data.clause - 1));
      if (r.kind === 'failed') {
        log(s, { type: 'fizzle', card: entry.card, rule: r.rule });
        data.failed = true;
        return removalsThen(s, 'finish');
      }
      if (r.kind === 'attack') {
        // §6.3.5, §1.12.7: a new interference interrupts this one; priority goes to the attacked player.
        const player = opponentOf(objectOf(s, r.attacker.id).owner);
        openAttack(s, r.attacker, player);
        log(s, {
          type: 'attack',
          seat: entry.controller,
          card: objectOf(s, r.attacker.id).card,
          object: r.attacker.id,
          rule: '6.3.5',
        });
        const ordering = gammaWindow(s, r.attacker.id, 'has-attacked', 'attackedGamma'); // §6.3.5.d
        if (ordering) {
          data.attacker = r.attacker.id;
          return ordering;
        }
        return offerTransform(s, objectOf(s, r.attacker.id).owner, r.attacker.id, 'attacked');
      }
      return removalsThen(s, 'clause'); // §7.4.5.c, §9.1.3: removals happen at once, then the effect goes on
    },
    transform: (s, { ret }) => transformAnswered(s, ret, 'attacked'),
    // After the effect attacker's "has attacked" γ were ordered (§7.1.6.a).
    attackedGamma(s, { data }) {
      const id = data.attacker;
      delete data.attacker;
      if (id === undefined) return { goto: 'attacked' };
      return offerTransform(s, objectOf(s, id).owner, id, 'attacked');
    },
    // §6.3.5, §1.12.7: the new interference's priority goes to the attacked player.
    attacked(s) {
      const attack = liveAttack(s);
      const player = attack ? attack.player : opponentOf(s.turn.active);
      return call(
        priorityWindow,
        { holder: player, passes: 0, base: s.interferences.length - 1, defense: true },
        'clause',
      );
    },
    coded(s, { data, ret }) {
      const { failed } = codeOutcome(ret);
      if (failed) {
        const entry = findEntry(s, data);
        log(s, { type: 'fizzle', card: entry?.card ?? '', rule: failed }); // §7.1.12.a
        data.failed = true;
        return removalsThen(s, 'finish');
      }
      return removalsThen(s, 'clause'); // §7.4.5.c
    },
    // §5.4.2: a character is put onto its player's field asleep instead of an effect resolving.
    character(s, { data }) {
      const entry = findEntry(s, data);
      if (!entry) return { return: null };
      // §10.20.2.b: Link's β applies as the play resolves.
      if (cardOf(entry.card).keywords.some((k) => k.keyword === 'link')) {
        data.link = [];
        return { goto: 'link' };
      }
      return { goto: 'enter' };
    },
    // §10.20.2.b: one card per name, from the player's field, hand or netherworld, or this card is excluded.
    link(s, { data }) {
      const entry = findEntry(s, data);
      if (!entry) return { return: null };
      const chosen = data.link ?? [];
      const names = linkNames(cardOf(entry.card));
      const name = names[chosen.length];
      if (!name) {
        for (const id of chosen) {
          const o = objectOf(s, id);
          // §9.4: a material on the field is excluded through its windows (removal.ts), with the others' move.
          if (o.zone === 'field') {
            startRemoval(s, id, 'exclude', 'excluded', '10.20.2.b');
            continue;
          }
          moveObject(s, id, 'excluded');
          log(s, { type: 'excluded', seat: o.owner, card: o.card, object: id, rule: '10.20.2.b' });
        }
        return removalsThen(s, 'enter');
      }
      const candidates = linkCandidates(s, entry.controller, name, [...chosen, entry.source.id]);
      if (candidates.length === 0) return linkFailed(s, data, entry);
      return ask(linkDecision, entry.controller, { card: entry.card, name: chosen.length, ids: candidates }, 'linked');
    },
    // §10.33.2.a: any number (at least one) of matching netherworld cards, chosen one at a time.
    overdrive(s, { data }) {
      const entry = findEntry(s, data);
      if (!entry) return { return: null };
      const chosen = data.overdrive ?? [];
      const ids = overdriveCandidates(s, entry, chosen);
      if (ids.length === 0) return overdriveChosen(s, data, entry);
      return ask(overdriveDecision, entry.controller, { card: entry.card, chosen: chosen.length, ids }, 'overdriven');
    },
    overdriven(s, { data, ret }) {
      const entry = findEntry(s, data);
      if (!entry) return { return: null };
      const id = answerOf(overdriveDecision, ret);
      if (id === null) return overdriveChosen(s, data, entry);
      data.overdrive = [...(data.overdrive ?? []), id];
      return { goto: 'overdrive' };
    },
    linked(s, { data, ret }) {
      const entry = findEntry(s, data);
      if (!entry) return { return: null };
      const id = answerOf(linkDecision, ret);
      if (id === null) return linkFailed(s, data, entry);
      data.link = [...(data.link ?? []), id];
      return { goto: 'link' };
    },
    enter(s, { data }) {
      const entry = findEntry(s, data);
      if (!entry) return { return: null };
      const id = entry.source.id;
      const card = cardOf(entry.card);
      const leader = card.keywords.some((k) => k.keyword === 'leader');
      // §10.34.3: a Leader can't enter a field that already has one of its player's; it goes to the netherworld.
      if (leader && charactersOf(s, entry.controller).some((x) => hasKeyword(s, x, 'leader'))) {
        removeEntry(s, data);
        moveObject(s, id, 'netherworld');
        log(s, { type: 'fizzle', card: entry.card, rule: '10.34.3' });
        return removalsThen(s, 'done');
      }
      moveObject(s, id, 'field');
      s.field.splice(s.field.indexOf(id), 1);
      s.field.push(id);
      const o = objectOf(s, id);
      o.active = false;
      log(s, { type: 'enters', seat: entry.controller, card: entry.card, object: id, rule: '5.4.2' });
      // §5.4.1.d–e: the turn player's character plays that resolved count against the quota.
      const has = (k: string) => card.keywords.some((x) => x.keyword === k);
      if (entry.controller === s.turn.active) {
        if (has('doll')) s.turn.doll = true;
        else if (!has('ambush')) s.turn.character = true;
      }
      // §10.19.2.a: a Spell Card Two character that entered other than by Spell Card One is excluded, before any
      // other effect of its entering (docs/rulings/pmv.md P30).
      if (hasKeyword(s, id, 'spell-card-two')) {
        removeEntry(s, data);
        moveObject(s, id, 'excluded');
        log(s, { type: 'excluded', seat: entry.controller, card: entry.card, object: id, rule: '10.19.2.a' });
        return removalsThen(s, 'done');
      }
      // §10.2.2.a: Haste makes a played character active; §10.3.4: not one played to defend.
      if (has('haste') && !entry.defends) o.active = true;
      // §10.34.2.b: a Leader that entered by being played gets the top card of its player's deck as popularity.
      if (leader && hasKeyword(s, id, 'leader')) addPopularity(s, id, '10.34.2.b');
      return removalsThen(s, 'entered'); // §11.3.9.c
    },
    // §5.2.4.d: a card still in the play area goes on top of the netherworld.
    finish(s, { data }) {
      const entry = findEntry(s, data);
      removeEntry(s, data);
      if (entry?.kind === 'card' && isCurrentRef(s, entry.source) && objectOf(s, entry.source.id).zone === 'play')
        moveObject(s, entry.source.id, 'netherworld');
      return removalsThen(s, 'done');
    },
  },
});

/** §10.20: the names a Link card joins, in printed order. */
function linkNames(card: PmvCard): PmvCard['name'][] {
  return card.keywords.find((k) => k.keyword === 'link')?.names ?? [];
}

/** §10.20.2.b: `seat`'s cards on the field, in hand or in the netherworld whose name contains `name`. */
function linkCandidates(s: PmvState, seat: Seat, name: PmvCard['name'], not: readonly string[]): string[] {
  const p = s.players[seat];
  const field = s.field.filter((id) => objectOf(s, id).owner === seat);
  return [...field, ...p.hand, ...p.netherworld].filter((id) => {
    if (not.includes(id)) return false;
    const n = cardOfObject(s, id).name;
    return n.en.includes(name.en) || n.ja.includes(name.ja);
  });
}

/** §10.20.2.b, §10.20.3: nothing excluded: this card is excluded at once and its play fails. */
function linkFailed(s: PmvState, data: EntryData, entry: Entry): StepOut {
  const id = entry.source.id;
  removeEntry(s, data);
  moveObject(s, id, 'excluded');
  log(s, { type: 'excluded', seat: entry.controller, card: entry.card, object: id, rule: '10.20.3' });
  return removalsThen(s, 'done');
}

/**
 * §10.33.2.a: the controller's netherworld cards an Overdrive card may exclude: character cards whose name contains
 * its caster, and spell cards with the same caster.
 */
function overdriveCandidates(s: PmvState, entry: Entry, not: readonly string[]): string[] {
  const caster = cardOf(entry.card).caster;
  if (!caster) return [];
  return s.players[entry.controller].netherworld.filter((id) => {
    if (not.includes(id)) return false;
    const c = cardOfObject(s, id);
    if (c.type === 'character') return c.name.en.includes(caster.en) || c.name.ja.includes(caster.ja);
    return c.type === 'spell' && c.caster !== undefined && c.caster.en === caster.en;
  });
}

/**
 * §10.33.2.a–10.33.3: the chosen cards are excluded and the play goes on with X = their number; none chosen: this
 * card is excluded at once and its play fails.
 */
function overdriveChosen(s: PmvState, data: EntryData, entry: Entry): StepOut {
  const chosen = data.overdrive ?? [];
  if (chosen.length === 0) {
    const id = entry.source.id;
    removeEntry(s, data);
    moveObject(s, id, 'excluded');
    log(s, { type: 'excluded', seat: entry.controller, card: entry.card, object: id, rule: '10.33.3' });
    return removalsThen(s, 'done');
  }
  for (const id of chosen) {
    const o = objectOf(s, id);
    moveObject(s, id, 'excluded');
    log(s, { type: 'excluded', seat: o.owner, card: o.card, object: id, rule: '10.33.2.a' });
  }
  entry.overdrive = chosen.length;
  return { goto: 'start' };
}

function isCurrentRef(s: PmvState, ref: ObjRef): boolean {
  return currentRef(s, ref.id).inc === ref.inc;
}

/** §6.1.13, §7.3.1.b: a lent effect's lender is still attached to the character that used it. */
function stillLent(s: PmvState, entry: Entry): boolean {
  const lender = entry.lender;
  if (!lender) return true;
  return (
    isCurrentRef(s, lender) &&
    objectOf(s, lender.id).zone === 'attached' &&
    objectOf(s, lender.id).host === entry.source.id
  );
}

function contextOf(_s: PmvState, entry: Entry) {
  return { seat: entry.controller, source: entry.source, targets: entry.targets, entry };
}

/** §10.12.2.a: the top X cards of your deck go into your node area asleep (fewer if the deck has fewer, P9). */
function manaCharge(s: PmvState, entry: Entry): void {
  const x = cardOf(entry.card).keywords.find((k) => k.keyword === 'mana-charge')?.x ?? 0;
  const deck = s.players[entry.controller].deck;
  const moved = deck.slice(0, x);
  for (const id of moved) moveObject(s, id, 'node');
  log(s, { type: 'mana-charge', seat: entry.controller, card: entry.card, amount: moved.length, rule: '10.12.2.a' });
}

// ---------------------------------------------------------------------------------------------------------------
// Battle (§6.2.4)

type BattleData = {
  stage: string;
  /**
   * The battle damage of the timing under way, once dealt, while its "deals battle damage to a player" γ resolve
   * (§7.4.7.c, §1.10.12.e): the events, the defender's damage before them (for pierce, P14) and the characters whose
   * γ window is still to come.
   */
  dealt?: Json[];
  /** §1.10.12.a–b: this timing's battle damage, waiting while its "would deal/receive" γ resolve. */
  waiting?: Json[];
  before?: number;
  gammaFor?: string[];
};

function attackOf(s: PmvState) {
  const a = liveAttack(s);
  return a && onField(s, a.attacker) ? a : null;
}

/**
 * §6.2.4.d–e: the battle damage of one timing, simultaneous (§1.10.3), kept in `data` with the characters that dealt
 * battle damage to a player (their γ come next, §1.10.12.e).
 */
function battleEvents(s: PmvState, first: boolean): DamageEvent[] {
  const attack = attackOf(s);
  const battle = s.battle;
  if (!attack || !battle?.recipient) return [];
  const attacker = attack.attacker;
  const defender = attack.defender && onField(s, attack.defender) ? attack.defender : null;
  const events: DamageEvent[] = [];
  if (firstStrike(s, attacker.id) === first) {
    events.push({ source: attacker, to: battle.recipient, amount: atkOf(s, attacker.id), battle: true, pierce: false });
  }
  // docs/rulings/pmv.md P1 (digest A1): the defending character deals its ATK to the attacker.
  if (defender && 'object' in battle.recipient && firstStrike(s, defender.id) === first) {
    events.push({
      source: defender,
      to: { object: attacker },
      amount: atkOf(s, defender.id),
      battle: true,
      pierce: false,
    });
  }
  return events;
}

/**
 * §1.10.12.a–b: the battle damage of this timing, its "would deal" and "would receive" γ first: null when none fires
 * (the damage is dealt at once), else the step that resolves them, the events waiting in `data.waiting`.
 */
function battleDamageWindows(s: PmvState, data: BattleData, first: boolean, then: string): StepOut | null {
  const events = battleEvents(s, first);
  if (!queueWouldGamma(s, damageThatLands(s, events, true))) {
    dealBattleDamage(s, data, events);
    return null;
  }
  data.waiting = events as unknown as Json[];
  return removalsThen(s, then);
}

/** The waiting battle damage, once its a/b γ resolved (a character that left meanwhile gets none, §1.10.10.a). */
function dealWaitingDamage(s: PmvState, data: BattleData): void {
  const events = (data.waiting ?? []) as unknown as DamageEvent[];
  delete data.waiting;
  const battle = s.battle;
  const live = events.filter((e) => onField(s, e.source) && attackOf(s) && battle?.recipient);
  dealBattleDamage(s, data, live);
}

function dealBattleDamage(s: PmvState, data: BattleData, events: DamageEvent[]): void {
  data.dealt = [];
  data.gammaFor = [];
  if (events.length === 0) return;
  const attack = attackOf(s);
  const defender = attack?.defender && onField(s, attack.defender) ? attack.defender : null;
  // §10.5.2.a, docs/rulings/pmv.md A8: pierce reads the damage the defender had before this event.
  data.before = defender ? damageOf(s, defender.id) : 0;
  const dealt = dealDamage(s, events, true);
  data.dealt = dealt as unknown as Json[];
  // §7.4.7.c, §1.10.12.e: "when this character deals battle damage to a player" (Countess Noire), after the damage.
  data.gammaFor = [...new Set(dealt.filter((e) => 'player' in e.to).map((e) => e.source.id))];
}

/**
 * The "deals battle damage to a player" γ of the next character in `data.gammaFor`, each a window of its own
 * (`gammaWindow` orders two of one character, §7.1.6.a); null when none is left.
 */
function damageGamma(s: PmvState, data: BattleData, self: string): StepOut | null {
  for (let id = data.gammaFor?.shift(); id !== undefined; id = data.gammaFor?.shift()) {
    if (!onField(s, currentRef(s, id))) continue; // §7.4.7.d
    const window = gammaWindow(s, id, 'deals-battle-damage-to-player', self);
    if (window) return window;
  }
  return null;
}

/**
 * After the battle damage of one timing and its γ: graze, pierce and instant death (§1.10.12.d, §6.5.2). Returns the
 * characters instant death made doomed, for the removal that follows (§1.10.12.f).
 */
function afterBattleDamage(s: PmvState, data: BattleData): string[] {
  const dealt = (data.dealt ?? []) as unknown as DamageEvent[];
  const before = data.before ?? 0;
  delete data.dealt;
  delete data.before;
  delete data.gammaFor;
  const attack = liveAttack(s);
  const battle = s.battle;
  if (!attack || !battle || dealt.length === 0) return [];
  const attacker = attack.attacker;
  const doomed: string[] = [];
  for (const e of dealt) {
    if ('player' in e.to) {
      // §6.5.2: the attacked player took battle damage from an opposing character (not pierce): graze X.
      battle.graze = cardOfObject(s, e.source.id).graze ?? 0;
      continue;
    }
    const victim = e.to.object.id;
    // §10.8.2.a: instant death: the damaged opposing character becomes doomed.
    if (hasKeyword(s, e.source.id, 'instant-death')) {
      log(s, { type: 'instant-death', card: objectOf(s, e.source.id).card, object: victim, rule: '10.8.2.a' });
      doomed.push(victim);
    }
    // §10.5.2.a: the attacking character's pierce: X = ATK − DEF + damage already there, to the opposing player.
    if (e.source.id === attacker.id && hasKeyword(s, attacker.id, 'pierce')) {
      const x = atkOf(s, attacker.id) - defOf(s, victim) + before;
      if (x > 0)
        dealDamage(s, [{ source: attacker, to: { player: attack.player }, amount: x, battle: true, pierce: true }]);
    }
  }
  return doomed;
}

export const battle = defineProcedure<PmvState, BattleData, null>({
  kind: 'pmv-battle',
  first: 'start',
  steps: {
    // §6.2.4.b: battle start; §10.6.2.a: stealth cancels a defense by a character that shares no race with it.
    start(s) {
      s.battle = { recipient: null, graze: null };
      const attack = attackOf(s);
      if (!attack) return { goto: 'end' };
      log(s, { type: 'battle', object: attack.attacker.id, card: objectOf(s, attack.attacker.id).card, rule: '6.2.4' });
      const defender = attack.defender;
      if (defender && onField(s, defender) && hasKeyword(s, attack.attacker.id, 'stealth')) {
        const shared = racesOf(s, defender.id).some((r) => racesOf(s, attack.attacker.id).includes(r));
        if (!shared) {
          attack.defender = null; // §6.4.7: the battle goes on
          log(s, {
            type: 'stealth',
            object: attack.attacker.id,
            card: objectOf(s, attack.attacker.id).card,
            rule: '10.6.2.a',
          });
        }
      }
      return { goto: 'fix' };
    },
    // §6.2.4.c, §6.2.6: the recipient is the defending character, or the attacked player when there is none.
    fix(s) {
      const attack = attackOf(s);
      if (!attack || !s.battle) return { goto: 'end' };
      const defender =
        attack.defender && onField(s, attack.defender) && isCharacter(s, attack.defender.id) ? attack.defender : null;
      s.battle.recipient = defender ? { object: defender } : { player: attack.player };
      return { goto: 'first' };
    },
    first(s, { data }) {
      return battleDamageWindows(s, data, true, 'first-apply') ?? { goto: 'first-gamma' }; // §6.2.4.d
    },
    'first-apply'(s, { data }) {
      dealWaitingDamage(s, data);
      return { goto: 'first-gamma' };
    },
    'first-gamma'(s, { data }) {
      return damageGamma(s, data, 'first-gamma') ?? removalsThen(s, 'normal', afterBattleDamage(s, data)); // §1.10.12.f
    },
    normal(s, { data }) {
      return battleDamageWindows(s, data, false, 'normal-apply') ?? { goto: 'normal-gamma' }; // §6.2.4.e
    },
    'normal-apply'(s, { data }) {
      dealWaitingDamage(s, data);
      return { goto: 'normal-gamma' };
    },
    'normal-gamma'(s, { data }) {
      return damageGamma(s, data, 'normal-gamma') ?? removalsThen(s, 'graze', afterBattleDamage(s, data)); // §1.10.12.f
    },
    // §6.2.4.g, §6.5: graze. §6.3.7: an attack cancelled during the battle ends it without graze.
    graze(s) {
      const attack = liveAttack(s);
      const x = s.battle?.graze ?? null;
      if (!attack || x === null || x <= 0) return { goto: 'end' };
      return ask(grazeDecision, attack.player, { amount: x }, 'grazed');
    },
    grazed(s, { ret }) {
      const attack = liveAttack(s);
      const x = s.battle?.graze ?? 0;
      if (attack && answerOf(grazeDecision, ret)) {
        // §6.5.3.b: the top X cards, asleep and face down, unseen by anyone (fewer if the deck is short, P9).
        const moved = s.players[attack.player].deck.slice(0, x);
        for (const id of moved) moveObject(s, id, 'node');
        log(s, { type: 'graze', seat: attack.player, amount: moved.length, rule: '6.5.3.b' });
      }
      return { goto: 'end' };
    },
    // §6.2.4.h–j (§6.3.7.a–c): battle damage resets, "until end of battle" effects end.
    end(s) {
      for (const id of s.field) objectOf(s, id).battleDamage = 0;
      s.modifiers = s.modifiers.filter((m) => m.until !== 'end-of-battle');
      const groups = s.groupModifiers?.filter((m) => m.until !== 'end-of-battle') ?? [];
      if (groups.length > 0) s.groupModifiers = groups;
      else delete s.groupModifiers;
      s.battle = null;
      return removalsThen(s, 'ended');
    },
    ended: () => ({ return: null }),
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Discard phase

export const discardPhase = defineProcedure<PmvState, { count: number }, null>({
  kind: 'pmv-discard',
  first: 'ask',
  steps: {
    // §4.8.1.a, §3.6.4: the turn player discards down to the limit of 7, choosing.
    ask(s, { data }) {
      data.count = s.players[s.turn.active].hand.length - 7;
      if (data.count <= 0) return { return: null };
      return ask(discardDecision, s.turn.active, { count: data.count }, 'discarded');
    },
    discarded(s, { ret }) {
      for (const id of answerOf(discardDecision, ret)) {
        log(s, { type: 'discard', seat: s.turn.active, card: objectOf(s, id).card, object: id, rule: '4.8.1.a' });
        moveObject(s, id, 'netherworld');
      }
      return { return: null };
    },
  },
});

/** Cards whose play text puts them on the field instead of resolving an effect (§10.13–10.16). */
function staysOnField(card: PmvCard): boolean {
  return card.keywords.some((k) =>
    ['equip', 'talisman', 'equip-field', 'phantasmal-creature', 'world-talisman'].includes(k.keyword),
  );
}
