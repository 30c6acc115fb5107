import { answerOf, ask } from '../../core/decision-kinds.ts';
import { UnsupportedRule } from '../../core/errors.ts';
import type { DecisionOption, Seat } from '../../core/game.ts';
import { actedWithPriority } from '../../core/priority.ts';
import { defineProcedure, pushFrame, rewind, type StepOut, transactionProcedure } from '../../core/procedure.ts';
import { novaCard } from './cards/pool.ts';
import type { ActivatedAbility, Color, Cost, NovaCard } from './cards/schema.ts';
import { actionRestricted, limitLevel, usedCharacterLevels } from './characteristics.ts';
import {
  additionalCostDecision,
  appearanceCostDecision,
  costModeDecision,
  paidWith,
  paymentDecision,
  paymentPlanDecision,
  paymentUnits,
  targetDecision,
} from './decisions.ts';
import {
  canPay,
  type EnergyUnit,
  effectiveCost,
  hasRequiredEnergy,
  pay,
  paymentIsAChoice,
  paymentPlans,
  sources,
} from './energy.ts';
import { activatedAbility, type GrantedAbility, grantedAbilities, lockKey } from './granted.ts';
import { loggedTarget, logPublic } from './log.ts';
import { type MoveTo, moveReplacementDecision, optionalMoveReplacements, replaceMove } from './moves.ts';
import { isDamage, selectorOf, targetingEffects } from './resolve.ts';
import type { CardObject, NovaState, PlayInProgress, TargetRef, WaitingItem } from './state.ts';
import { candidates, targetId } from './targets.ts';
import { sendToGraveyard, setFrozen } from './triggers.ts';
import { writableObj } from './working-copy.ts';
import { fieldObjects, moveCard, obj } from './zones.ts';

const MAIN_PHASES = new Set(['main1', 'main2']);

/** NOVA 703.2: the turn player in their own main phase, holding priority, with an empty waiting area. */
function mainPhaseTiming(s: NovaState, seat: Seat): boolean {
  return seat === s.turn.active && MAIN_PHASES.has(s.turn.phase) && s.waiting.length === 0;
}

/** NOVA 202–205, 1002: may this card be played now (timing only)? */
function timingAllows(s: NovaState, seat: Seat, def: NovaCard): boolean {
  return mainPhaseTiming(s, seat) || def.keywords.includes('quick-chant');
}

/** Targets exist for every targeting effect (NOVA 804.2.2.1); an equip needs a servant on either field (1005.2). */
function hasTargets(s: NovaState, seat: Seat, def: NovaCard, effects: NovaCard['effects']): boolean {
  const equip = def.equip;
  if (equip) return fieldObjects(s).some((o) => novaCard(o.card).type === equip.type);
  return targetingEffects(effects).every((e) => {
    const sel = selectorOf(e);
    return !sel || !!sel.upTo || candidates(s, seat, sel, isDamage(e)).length > 0; // "up to N": none will do
  });
}

/** NOVA 902.5: a life cost can be paid only up to the current life (docs/rulings/nova.md R4). */
function canPayLife(s: NovaState, seat: Seat, amount: number): boolean {
  return s.players[seat].life >= amount;
}

/**
 * NOVA 401.3.1: once this turn's attack phase has been skipped it does not exist, so a card naming it cannot be
 * declared.
 */
function namesSkippedPhase(s: NovaState, def: NovaCard): boolean {
  if (!s.turn.skipped?.includes('attack')) return false;
  return def.effects.some((e) => e.do === 'skip-phase' && e.whose === 'this-turn');
}

/** Can this card in hand or character deck be played right now? Same checks as the play itself. */
/** NOVA 912.2: a card in the waiting area that forbids placing anything but automatic abilities. */
export function waitingAreaLocked(s: NovaState): boolean {
  return s.waiting.some((w) => w.kind === 'card' && novaCard(w.card).locksWaitingArea);
}

/**
 * `energy`, when given, returns the seat's energy sources (energy.ts `sources`) for this unchanged state: the
 * options of one priority decision ask it for every card and ability, and listing the sources was most of that.
 */
export function canPlayCard(s: NovaState, seat: Seat, o: CardObject, energy?: () => EnergyUnit[]): boolean {
  const def = novaCard(o.card);
  if (!timingAllows(s, seat, def)) return false;
  if (waitingAreaLocked(s)) return false; // NOVA 912.2
  if (def.type === 'character') {
    if (o.zone !== 'charDeck') return false;
    const p = s.players[seat];
    if (p.charactersPlayedThisTurn >= 1) return false; // NOVA 202.2
    if (fieldObjects(s, seat).some((f) => novaCard(f.card).name.en === def.name.en)) return false; // NOVA 202.3
    if ((def.level ?? 0) > limitLevel(s, seat)) return false; // NOVA 109.2
    if (usedCharacterLevels(s, seat) + (def.level ?? 0) > 10) return false; // NOVA 109.4
    if (def.requiredEnergy && !hasRequiredEnergy(s, seat, def.requiredEnergy.color, def.requiredEnergy.count))
      return false; // NOVA 110.2
    if (def.appearanceCondition && p.zones.graveyard.length < def.appearanceCondition.graveyardAtLeast) return false; // NOVA 111
    if (def.appearanceLifeCost && !canPayLife(s, seat, def.appearanceLifeCost)) return false; // NOVA 112
    if (def.appearanceFreezeEnergy && standbyEnergy(s, seat).length < def.appearanceFreezeEnergy) return false; // NOVA 112, 804.2.3.1
    return true;
  }
  if (o.zone !== 'hand') return false;
  if (namesSkippedPhase(s, def)) return false; // NOVA 401.3.1
  if (!hasTargets(s, seat, def, def.effects)) return false;
  if (def.additionalLifeCost && !canPayLife(s, seat, def.additionalLifeCost)) return false; // NOVA 902.8
  const energyOk = canPay(s, seat, effectiveCost(s, seat, def), undefined, energy?.());
  const lifeOk = !!def.alternativeLifeCost && canPayLife(s, seat, def.alternativeLifeCost); // NOVA 902.9
  return energyOk || lifeOk;
}

/** NOVA 801.3: can this activated ability be activated now? */
export function canActivate(
  s: NovaState,
  seat: Seat,
  o: CardObject,
  index: number,
  grant?: GrantedAbility,
  energy?: () => EnergyUnit[], // as for canPlayCard
): boolean {
  const a = grant ? grant.ability : activatedAbility(o.card, index);
  if (a?.kind !== 'activated' || a.energyAbility) return false; // energy abilities: energyAbilityOptions (801.6.3.1)
  if (o.controller !== seat || o.zone !== 'field') return false; // NOVA 801.3.5
  if (waitingAreaLocked(s)) return false; // NOVA 912.2
  if (s.activationLocks.includes(lockKey(o.id, index, grant?.from))) return false; // NOVA 801.3.5.1.1, 801.3.8.2
  if (a.cost.freezeSelf && (o.frozen || actionRestricted(s, o))) return false; // NOVA 904.3, 203.4
  if (a.cost.removeCounters && (o.counters[a.cost.removeCounters.counter] ?? 0) < a.cost.removeCounters.count)
    return false;
  if (a.cost.discard && s.players[seat].zones.hand.length < a.cost.discard) return false; // NOVA 902.3
  // NOVA 902.3, 902.1: the graveyard must hold the cards the cost puts into the exclusion zone (R110).
  if (a.cost.exileFromGraveyard && s.players[seat].zones.graveyard.length < a.cost.exileFromGraveyard) return false;
  // R115, R121: a cost that discards and exiles hand cards takes different cards for each.
  if (a.cost.exileFromHand && s.players[seat].zones.hand.length < a.cost.exileFromHand + (a.cost.discard ?? 0))
    return false;
  if (a.cost.energy && !canPay(s, seat, a.cost.energy, a.cost.freezeSelf ? o.id : undefined, energy?.())) return false;
  return targetingEffects(a.effects).every((e) => {
    const sel = selectorOf(e);
    return !sel || !!sel.upTo || candidates(s, seat, sel, isDamage(e)).length > 0; // "up to N": none will do
  });
}

/** NOVA 906.1: set energy: turn player, own main phase, priority, empty waiting area, once per turn. */
export function canSetEnergy(s: NovaState, seat: Seat): boolean {
  return mainPhaseTiming(s, seat) && !s.players[seat].energySetThisTurn;
}

/** Every action open to the priority holder (NOVA 703), as decision options. */
export function priorityOptions(s: NovaState, seat: Seat): DecisionOption[] {
  const options: DecisionOption[] = [{ id: 'pass', kind: 'pass', role: 'pass', label: { en: 'Pass', ja: 'パス' } }];
  const p = s.players[seat];
  let units: EnergyUnit[] | undefined; // listed once, on first use: nothing below changes the state
  const energy = () => {
    units ??= sources(s, seat);
    return units;
  };
  for (const id of [...p.zones.hand, ...p.zones.charDeck]) {
    const o = obj(s, id);
    const def = novaCard(o.card);
    if (canPlayCard(s, seat, o, energy)) {
      options.push({
        id: `play:${id}`,
        kind: 'play',
        role: 'play',
        objectId: id,
        cardName: def.name.en,
        label: { en: `Play ${def.name.en}`, ja: `${def.name.ja}をプレイ` },
      });
    }
  }
  for (const o of fieldObjects(s, seat)) {
    const def = novaCard(o.card);
    def.abilities.forEach((_a, i) => {
      if (!canActivate(s, seat, o, i, undefined, energy)) return;
      options.push({
        id: `act:${o.id}:${i}`,
        kind: 'activate',
        role: 'act',
        objectId: o.id,
        cardName: def.name.en,
        label: { en: `Activate ${def.name.en}`, ja: `${def.name.ja}の能力を起動` },
      });
    });
    // NOVA 1005 / 004.3: abilities granted by equipment attached to it, one option per granting equipment.
    for (const g of grantedAbilities(s, o)) {
      if (!canActivate(s, seat, o, g.index, g, energy)) continue;
      const from = novaCard(g.card).name;
      options.push({
        id: `act:${o.id}:${g.index}:${g.from}`,
        kind: 'activate',
        role: 'act',
        objectId: o.id,
        cardName: def.name.en,
        label: {
          en: `Activate ${def.name.en} (from ${from.en})`,
          ja: `${def.name.ja}の能力を起動（${from.ja}）`,
        },
      });
    }
  }
  options.push(...energyAbilityOptions(s, seat));
  if (canSetEnergy(s, seat)) {
    for (const id of p.zones.hand) {
      const def = novaCard(obj(s, id).card);
      options.push({
        id: `set:${id}`,
        kind: 'set-energy',
        role: 'act',
        objectId: id,
        cardName: def.name.en,
        label: { en: `Set ${def.name.en} as energy`, ja: `${def.name.ja}をエナジーにセット` },
      });
    }
  }
  return options;
}

/**
 * NOVA 801.6.3.1 (the second 801.6.3.1): a player holding priority may activate an activated energy ability, not only
 * while paying; it resolves at once (801.6.3.2) and its energy waits in the stock (005.6.4). Matches begun under rules
 * version 4 or earlier keep offering them only inside a payment (`energyAbilities: 'in-payment'`, ruling R37 old).
 */
export function energyAbilityOptions(s: NovaState, seat: Seat): DecisionOption[] {
  if (s.energyAbilities === 'in-payment') return [];
  const options: DecisionOption[] = [];
  for (const o of fieldObjects(s, seat)) {
    const def = novaCard(o.card);
    def.abilities.forEach((a, i) => {
      if (a.kind !== 'activated' || !canActivateEnergyAbility(s, seat, o, a)) return;
      options.push({
        id: `act:${o.id}:${i}`,
        kind: 'activate',
        role: 'act',
        objectId: o.id,
        cardName: def.name.en,
        label: { en: `Activate ${def.name.en} (energy)`, ja: `${def.name.ja}のエナジー能力を起動` },
      });
    });
    for (const g of grantedAbilities(s, o)) {
      if (!canActivateEnergyAbility(s, seat, o, g.ability)) continue;
      const from = novaCard(g.card).name;
      options.push({
        id: `act:${o.id}:${g.index}:${g.from}`,
        kind: 'activate',
        role: 'act',
        objectId: o.id,
        cardName: def.name.en,
        label: {
          en: `Activate ${def.name.en} (energy, from ${from.en})`,
          ja: `${def.name.ja}のエナジー能力を起動（${from.ja}）`,
        },
      });
    }
  }
  // NOVA 310.4: every standby energy-zone card can freeze for one energy of its colour (a frozen one cannot pay the
  // freeze, 904.3, A49). Cards of one colour are interchangeable (R5): one option per colour, the first such card.
  const seen = new Set<string>();
  for (const id of standbyEnergy(s, seat)) {
    const def = novaCard(obj(s, id).card);
    if (seen.has(def.color)) continue;
    seen.add(def.color);
    options.push({
      id: `energy:${id}`,
      kind: 'energy-ability',
      role: 'act',
      objectId: id,
      cardName: def.name.en,
      label: { en: `Add ${def.color} energy (${def.name.en})`, ja: `${def.color}エナジーを加える（${def.name.ja}）` },
    });
  }
  return options;
}

/** NOVA 801.6.3.1, 801.3: can this energy ability be activated now (its cost payable; no targets, 801.6.4.1)? */
function canActivateEnergyAbility(s: NovaState, seat: Seat, o: CardObject, a: ActivatedAbility): boolean {
  if (!a.energyAbility || o.controller !== seat || o.zone !== 'field' || o.destroyed) return false; // NOVA 801.3.5
  if (a.cost.freezeSelf && (o.frozen || actionRestricted(s, o))) return false; // NOVA 904.3, 203.4
  const counters = a.cost.removeCounters;
  if (counters && (o.counters[counters.counter] ?? 0) < counters.count) return false;
  return true;
}

/** Is this priority option an activated energy ability (resolved at once, NOVA 801.6.3.2)? */
export function isEnergyAbility(s: NovaState, source: string, index: number, grantedFrom?: string): boolean {
  const o = s.objects[source];
  const grant = grantedFrom ? s.objects[grantedFrom] : undefined;
  const a = o ? activatedAbility(o.card, index, grant?.card) : undefined;
  return a?.kind === 'activated' && a.energyAbility;
}

/**
 * NOVA 801.6.3.2, 311.6.4: an activated energy ability neither waits nor can be answered: its cost is paid and its
 * energy goes to the stock at once (005.6.4), where it stays until used or until the phase or step ends (801.6.3).
 */
export function activateEnergyAbility(s: NovaState, seat: Seat, source: string, index: number, grantedFrom?: string) {
  const o = writableObj(s, source);
  const grant = grantedFrom ? s.objects[grantedFrom] : undefined;
  const a = activatedAbility(o.card, index, grant?.card);
  if (a?.kind !== 'activated' || !a.energyAbility) throw new Error(`${source}:${index} is not an energy ability`);
  const card = o.card;
  const move = a.cost.sendSelfToGraveyard ? 'graveyard' : a.cost.exileSelf ? 'exclusion' : null;
  // Paid at once, with no frame to ask in: the card schema refuses such a card's own; a granted one is not played.
  if (move && optionalMoveReplacements(s, o.id, move).length > 0)
    throw new UnsupportedRule('802.1.3.1.3', 'an optional replacement of a move paid as an energy ability cost');
  if (a.cost.freezeSelf) setFrozen(s, o.id, true); // NOVA 904.3
  if (a.cost.removeCounters)
    o.counters[a.cost.removeCounters.counter] =
      (o.counters[a.cost.removeCounters.counter] ?? 0) - a.cost.removeCounters.count;
  if (a.cost.sendSelfToGraveyard) sendToGraveyard(s, o.id); // NOVA 908
  if (a.cost.exileSelf) exileAsCost(s, o.id); // NOVA 306, 902.1 (R106)
  addEnergy(s, seat, card, a.effects);
}

/**
 * NOVA 306, 902.1: "put this card from your field into the exclusion zone" as a cost: a move, not a destruction or a
 * send to the graveyard, so nothing watching those triggers (ruling R106).
 */
function exileAsCost(s: NovaState, id: string): CardObject {
  const moved = moveCard(s, id, 'exclusion');
  logPublic(s, { k: 'excluded', card: moved.card, retired: moved.zone === 'retired' });
  return moved;
}

/** NOVA 310.4: an energy-zone card freezes for one energy of its colour, into the stock at once. */
export function activateEnergyCard(s: NovaState, seat: Seat, id: string): void {
  const o = obj(s, id);
  if (o.zone !== 'energy' || o.controller !== seat || o.frozen) throw new Error(`${id} cannot make energy now`);
  writableObj(s, id).frozen = true; // NOVA 904.3
  const color = novaCard(o.card).color;
  s.players[seat].stock[color] += 1;
  logPublic(s, { k: 'energy-ability', seat, card: o.card, stock: [[color, 1]] });
}

function addEnergy(s: NovaState, seat: Seat, card: string, effects: NovaCard['effects']): void {
  const added: [Color, number][] = [];
  for (const e of effects) {
    // The schema lets an energy ability do nothing but add energy (cards/schema.ts, NOVA 311.6.4).
    if (e.do !== 'add-energy') throw new UnsupportedRule('311.6.4', `an energy ability that does ${e.do}`);
    s.players[seat].stock[e.color] += e.count;
    added.push([e.color, e.count]);
  }
  logPublic(s, { k: 'energy-ability', seat, card, stock: added });
}

/** NOVA 906: hand → energy zone, standby; no waiting area, no response. */
export function setEnergy(s: NovaState, seat: Seat, id: string): void {
  const moved = moveCard(s, id, 'energy');
  s.players[seat].energySetThisTurn = true;
  logPublic(s, { k: 'set-energy', seat, card: moved.card });
}

/**
 * NOVA 804.2.4: a play whose cost is not paid is rewound to just before its declaration. The play runs inside this
 * transaction (core/procedure.ts), which puts the state back when the payer cancels. The card objects and the log
 * are left out of its copy: nothing in a play changes a card object before the cost is paid (payAndPlace), which
 * is after the last point it can be cancelled, and copying every object for each play would cost more than the play.
 */
export const playTransaction = transactionProcedure<NovaState>('play-transaction');

/** NOVA 804.2.1: declare. The rest of the play (cost mode, targets, payment) goes on in its frame (playProcedure). */
export function declarePlay(
  s: NovaState,
  seat: Seat,
  source: string,
  abilityIndex: number | null,
  grantedFrom?: string,
): void {
  const o = obj(s, source);
  const play: PlayInProgress = {
    seat,
    source,
    card: o.card,
    abilityIndex,
    payLifeInstead: null,
    targets: [],
    distribution: [],
  };
  // NOVA 1005 / 004.3: a granted ability is written on the equipment, which is remembered by its card id.
  const granting = grantedFrom ? s.objects[grantedFrom] : undefined;
  if (granting) play.grantedBy = granting.card;
  if (abilityIndex !== null) play.lock = lockKey(source, abilityIndex, grantedFrom);
  pushFrame(s, playTransaction, {
    body: { kind: playProcedure.kind, data: play },
    keep: ['objects', 'log'],
    snapshot: null,
  });
}

/** What declaring a play changes, inside its transaction so that a cancelled play takes it back (NOVA 804.2.4). */
function declared(s: NovaState, play: PlayInProgress): void {
  const def = novaCard(play.card);
  if (play.abilityIndex === null && def.type === 'character') s.players[play.seat].charactersPlayedThisTurn += 1; // NOVA 202.2
  if (play.lock) s.activationLocks.push(play.lock); // NOVA 801.3.5.1.1
}

const PLAY = 'play';

/** The card or ability being played now: the data of its `play` frame, or null (NOVA 804.2). */
export function playingNow(s: NovaState): PlayInProgress | null {
  const frames = s.procedures.frames;
  for (let i = frames.length - 1; i >= 0; i--) {
    const f = frames[i];
    // The frame's data was written by declarePlay and the frame's own steps, so it is a PlayInProgress.
    if (f?.kind === PLAY) return f.data as PlayInProgress;
  }
  return null;
}

function playEffects(play: PlayInProgress): NovaCard['effects'] {
  const def = novaCard(play.card);
  if (play.abilityIndex === null) return def.effects;
  return playAbility(play).effects;
}

/** The energy cost this play pays, and the object whose own energy ability cannot help pay it (NOVA 804.2.3). */
export function playEnergyCost(s: NovaState, play: PlayInProgress): { cost: Cost; except?: string } | null {
  const def = novaCard(play.card);
  if (play.abilityIndex === null) {
    if (def.type === 'character' || play.payLifeInstead) return null;
    return { cost: effectiveCost(s, play.seat, def) };
  }
  const a = playAbility(play);
  if (!a.cost.energy) return null;
  return { cost: a.cost.energy, ...(a.cost.freezeSelf ? { except: play.source } : {}) };
}

/** The activated ability being played: the card's own, or one granted by equipment. */
export function playAbility(play: PlayInProgress): ActivatedAbility {
  const a = activatedAbility(play.card, play.abilityIndex ?? -1, play.grantedBy);
  if (!a) throw new Error(`${play.card} has no activated ability ${play.abilityIndex}`);
  return a;
}

/**
 * A card or ability being played as a frame (NOVA 804.2): each step asks what is still open (cost mode, appearance
 * cost, additional cost, targets, payment) and comes back to `continue` with the answer recorded, until the play is
 * paid and placed on the waiting area. NOVA has no rewinding of an illegal play: what is offered is always legal.
 */
export const playProcedure = defineProcedure<NovaState, PlayInProgress>({
  kind: PLAY,
  first: 'declare',
  steps: {
    declare(s, { data: play }) {
      declared(s, play);
      return { goto: 'continue' };
    },
    continue(s, { data: play }) {
      const next = nextPlayChoice(s, play);
      if (next) return next;
      // NOVA 802.1.3.1.3, 804.2.4.1: the move cost is paid first, so its replacement is asked before anything is paid.
      const move = moveCostOf(play);
      if (move && play.moveReplacement === undefined && optionalMoveReplacements(s, play.source, move).length > 0)
        return ask(
          moveReplacementDecision,
          play.seat,
          { k: 'move-replacement', seat: play.seat, object: play.source, to: move },
          'move-answered',
        );
      payAndPlace(s, play);
      if (s.priority) s.priority = actedWithPriority(s.priority); // NOVA 704.1.1: the player keeps priority
      return { return: null };
    },
    'move-answered'(_s, { data: play, ret }) {
      play.moveReplacement = answerOf(moveReplacementDecision, ret);
      return { goto: 'continue' };
    },
    // NOVA 804.2.4 (rules version 3): one source at a time, the rest automatically, or the play cancelled.
    paid(s, { data: play, ret }) {
      const answer = answerOf(paymentDecision, ret);
      if (answer === 'cancel') return rewind('804.2.4');
      if (answer === 'back') {
        play.paying = (play.paying ?? []).slice(0, -1);
        return { goto: 'continue' };
      }
      const paid = paidWith(s, answer);
      if (!paid) throw new Error(`payment: ${answer} does not pay the cost`);
      if (paid.length >= paymentUnits(s)) play.payment = paid;
      else play.paying = paid;
      return { goto: 'continue' };
    },
  },
});

/** The decision the play asks next, or null when it is ready to be paid and placed. */
function nextPlayChoice(s: NovaState, play: PlayInProgress): StepOut | null {
  const def = novaCard(play.card);
  const seat = play.seat;
  // NOVA 902.9.2.1: the alternative cost is chosen when paying; ask only if both ways are payable.
  if (play.abilityIndex === null && def.alternativeLifeCost && play.payLifeInstead === null) {
    const energyOk = canPay(s, seat, effectiveCost(s, seat, def));
    const lifeOk = canPayLife(s, seat, def.alternativeLifeCost);
    if (energyOk && lifeOk) return ask(costModeDecision, seat, { k: 'cost-mode', seat }, 'continue');
    play.payLifeInstead = !energyOk;
  }
  // NOVA 112, 904.4: which standby energy-zone cards to freeze, asked only when the choice makes a difference (their
  // colours differ, docs/rulings/nova.md R45).
  const freeze = def.appearanceFreezeEnergy;
  if (play.abilityIndex === null && freeze && (play.freezeEnergy === undefined || play.freezeEnergy === null)) {
    const standby = standbyEnergy(s, seat);
    const colours = new Set(standby.map((id) => novaCard(obj(s, id).card).color));
    if (standby.length > freeze && colours.size > 1)
      return ask(appearanceCostDecision, seat, { k: 'appearance-cost', seat, count: freeze }, 'continue');
    play.freezeEnergy = standby.slice(0, freeze);
  }
  // NOVA 902.8.2: an optional additional cost is chosen with the costs; a discard needs another card in hand (902.3).
  if (play.abilityIndex === null && def.optionalDiscardCost && (play.discard === undefined || play.discard === null)) {
    if (discardCandidates(s, play).length >= def.optionalDiscardCost)
      return ask(additionalCostDecision, seat, { k: 'additional-cost', seat }, 'continue');
    play.discard = [];
  }
  // NOVA 902.1, 804.2.3: which hand cards go to the exclusion zone for the cost, chosen with the costs; when the hand
  // holds just that many there is nothing to choose (R115). With a discard cost too, these are chosen first and the
  // discarded cards come from the rest (R121).
  const exileHand = play.abilityIndex !== null ? playAbility(play).cost.exileFromHand : undefined;
  if (exileHand && (play.exileFromHand === undefined || play.exileFromHand === null)) {
    const hand = s.players[seat].zones.hand;
    if (hand.length > exileHand) return ask(additionalCostDecision, seat, { k: 'additional-cost', seat }, 'continue');
    play.exileFromHand = [...hand];
  }
  // NOVA 902.3, 804.2.3: an ability's "discard 1 card" cost: which card is chosen with the costs (R97).
  if (
    play.abilityIndex !== null &&
    playAbility(play).cost.discard &&
    (play.discard === undefined || play.discard === null)
  )
    return ask(additionalCostDecision, seat, { k: 'additional-cost', seat }, 'continue');
  // NOVA 902.1, 804.2.3: which graveyard cards go to the exclusion zone for the cost, chosen with the costs; when the
  // graveyard holds just that many there is nothing to choose (R110).
  const exile = play.abilityIndex !== null ? playAbility(play).cost.exileFromGraveyard : undefined;
  if (exile && (play.exileFromGraveyard === undefined || play.exileFromGraveyard === null)) {
    const graveyard = s.players[seat].zones.graveyard;
    if (graveyard.length > exile) return ask(additionalCostDecision, seat, { k: 'additional-cost', seat }, 'continue');
    play.exileFromGraveyard = [...graveyard];
  }
  // NOVA 804.2.2: targets, one targeting effect at a time; equip chooses a servant on either field (1005.2).
  if (play.abilityIndex === null && def.equip) {
    if (play.targets.length === 0) {
      const type = def.equip.type; // NOVA 1005.2: a card of the type after the colon, on either field
      const hosts = fieldObjects(s).filter((o) => novaCard(o.card).type === type);
      const options: TargetRef[] = hosts.map((o) => ({ kind: 'object', id: o.id }));
      return ask(targetDecision, seat, { k: 'target', seat, options, prompt: 'equip' }, 'continue');
    }
  } else {
    const targeting = targetingEffects(playEffects(play));
    if (play.targets.length < targeting.length) {
      const e = targeting[play.targets.length];
      const sel = e ? selectorOf(e) : null;
      if (e && sel) {
        const options = candidates(s, seat, sel, isDamage(e));
        if (e.do === 'distribute-damage') {
          // NOVA 804.2.2.2: distribution is chosen with the targets: one recipient per unit of damage.
          if (play.distribution.length < e.amount / e.unit)
            return ask(targetDecision, seat, { k: 'target', seat, options, prompt: 'distribute' }, 'continue');
          play.targets.push(play.distribution);
        } else if (sel.upTo) {
          // NOVA 804.4.1.2: "up to N targets": 0 to N; with none to choose, none are chosen (R84).
          if (options.length === 0) play.targets.push([]);
          else
            return ask(
              targetDecision,
              seat,
              { k: 'target', seat, options, prompt: 'target', upTo: sel.upTo },
              'continue',
            );
        } else {
          return ask(targetDecision, seat, { k: 'target', seat, options, prompt: 'target' }, 'continue');
        }
      }
    }
  }
  // NOVA 804.2.4 / 801.6: the payer chooses which energy pays when that is a real choice.
  if (play.payment === undefined || play.payment === null) {
    const ec = playEnergyCost(s, play);
    if (ec && s.paymentRules === 'plans') {
      // Rules version 2's way, for matches recorded under it: one whole way to pay among all of them.
      if (paymentPlans(s, seat, ec.cost, ec.except).length > 1)
        return ask(paymentPlanDecision, seat, { k: 'payment-plan', seat }, 'continue');
    } else if (ec && (play.paying !== undefined || paymentIsAChoice(s, seat, ec.cost, ec.except))) {
      play.paying ??= [];
      return ask(paymentDecision, seat, { k: 'payment', seat }, 'paid');
    }
  }
  return null;
}

/** NOVA 904.4: the standby cards in a player's energy zone (a frozen card cannot pay a freeze cost, 804.2.3.1). */
export function standbyEnergy(s: NovaState, seat: Seat): string[] {
  return s.players[seat].zones.energy.filter((id) => !obj(s, id).frozen);
}

/** The cards that could be discarded for an optional discard cost: the hand without the card being played. */
export function discardCandidates(s: NovaState, play: PlayInProgress): string[] {
  // Not the card being played, nor the hand cards already chosen for the exclusion-zone cost (R121).
  return s.players[play.seat].zones.hand.filter((id) => id !== play.source && !play.exileFromHand?.includes(id));
}

/** NOVA 804.2.3–804.2.5: lock in and pay the cost, then put the card or ability on the waiting area. */
function payAndPlace(s: NovaState, play: PlayInProgress): void {
  const seat = play.seat;
  const def = novaCard(play.card);
  const p = s.players[seat];
  s.nextId += 1;
  const itemId = `w${s.nextId}`;
  let item: WaitingItem;
  if (play.abilityIndex === null) {
    if (def.type === 'character') {
      if (def.appearanceLifeCost) p.life -= def.appearanceLifeCost; // NOVA 112, 902.5
      for (const id of play.freezeEnergy ?? []) writableObj(s, id).frozen = true; // NOVA 112, 904.4
    } else {
      if (play.payLifeInstead && def.alternativeLifeCost) p.life -= def.alternativeLifeCost;
      else pay(s, seat, effectiveCost(s, seat, def), play.payment ?? undefined);
      if (def.additionalLifeCost) p.life -= def.additionalLifeCost; // NOVA 902.8
      for (const id of play.discard ?? []) {
        const discarded = moveCard(s, id, 'graveyard'); // NOVA 902.8.2, 911: the optional additional cost
        logPublic(s, { k: 'discarded', seat, card: discarded.card, asCost: true });
      }
    }
    const moved = moveCard(s, play.source, 'waiting');
    item = {
      id: itemId,
      kind: 'card',
      objectId: moved.id,
      card: play.card,
      controller: seat,
      abilityIndex: null,
      targets: play.targets,
      causeObject: null,
      ...((play.discard?.length ?? 0) > 0 ? { optionalCostPaid: true } : {}),
    };
  } else {
    const o = writableObj(s, play.source);
    const a = playAbility(play);
    if (a.cost.freezeSelf) setFrozen(s, o.id, true); // NOVA 904.3 (a character is turned upside down, 302.3.1)
    if (a.cost.energy) pay(s, seat, a.cost.energy, play.payment ?? undefined);
    if (a.cost.removeCounters)
      o.counters[a.cost.removeCounters.counter] =
        (o.counters[a.cost.removeCounters.counter] ?? 0) - a.cost.removeCounters.count;
    for (const id of play.discard ?? []) {
      const discarded = moveCard(s, id, 'graveyard'); // NOVA 902.3, 911: the ability's discard cost
      logPublic(s, { k: 'discarded', seat, card: discarded.card, asCost: true });
    }
    for (const id of play.exileFromHand ?? []) exileAsCost(s, id); // NOVA 902.1, 306: face up, public (R115)
    for (const id of play.exileFromGraveyard ?? []) exileAsCost(s, id); // NOVA 902.1, 306 (R110)
    let sourceId = o.id;
    // NOVA 802.1.3.2, 902.12: a move cost replaced by its card's optional replacement is paid all the same (R123).
    const move = moveCostOf(play);
    const replacement = move
      ? optionalMoveReplacements(s, o.id, move).find((r) => `replace:${r.id}` === play.moveReplacement)
      : undefined;
    if (move && replacement) replaceMove(s, replacement, move);
    else if (a.cost.sendSelfToGraveyard)
      sourceId = sendToGraveyard(s, o.id).id; // NOVA 908, a move cost (804.2.3.2)
    else if (a.cost.exileSelf) sourceId = exileAsCost(s, o.id).id; // NOVA 306, 902.1, a move cost (R106)
    item = {
      id: itemId,
      kind: 'activated',
      objectId: sourceId,
      card: play.card,
      controller: seat,
      abilityIndex: play.abilityIndex,
      targets: play.targets,
      causeObject: null,
      ...(play.grantedBy ? { grantedBy: play.grantedBy } : {}),
    };
  }
  s.waiting.push(item);
  logPublic(s, {
    k: 'played',
    seat,
    card: play.card,
    ability: play.abilityIndex !== null,
    targets: play.targets.flat().map((t) => loggedTarget(s, t)),
  });
}

/** Where an activated ability's cost moves its own card from the field, if it does (NOVA 902.1, 908, 306). */
function moveCostOf(play: PlayInProgress): MoveTo | null {
  if (play.abilityIndex === null) return null;
  const a = playAbility(play);
  return a.cost.sendSelfToGraveyard ? 'graveyard' : a.cost.exileSelf ? 'exclusion' : null;
}

export function recordPlayTarget(s: NovaState, t: TargetRef): void {
  const play = playingNow(s);
  if (!play) return;
  const def = novaCard(play.card);
  const targeting = targetingEffects(playEffects(play));
  const e = targeting[play.targets.length];
  if (e?.do === 'distribute-damage' && !(play.abilityIndex === null && def.equip)) play.distribution.push(t);
  else play.targets.push([t]);
}

/** NOVA 804.4.1.2: the 0 to N targets chosen for an "up to N targets" instruction. */
export function recordPlayTargets(s: NovaState, targets: TargetRef[]): void {
  playingNow(s)?.targets.push(targets);
}

export function targetOptionId(t: TargetRef): string {
  return targetId(t);
}
