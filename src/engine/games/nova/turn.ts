import { opponentOf, type Seat } from '../../core/game.ts';
import { startPriority } from '../../core/priority.ts';
import { novaCard } from './cards/pool.ts';
import { battleDamage, possibleAttackers, possibleBlockers } from './combat.ts';
import { endControlEffects } from './control.ts';
import { destructionWaits } from './destruction.ts';
import { emptyStock } from './energy.ts';
import { logPublic } from './log.ts';
import { draw } from './resolve.ts';
import { moveDestroyedCards, rulesProcessing } from './rules-processing.ts';
import type { NovaState, Phase, PhaseGroup, SkippableStep } from './state.ts';
import { emit, nextTriggerGroup, nextTriggerTarget, placeTriggers, setFrozen } from './triggers.ts';
import { takeRulesSettled, writableObj } from './working-copy.ts';
import { fieldObjects } from './zones.ts';

/**
 * What happens in each phase and step, in order (NOVA 402–407). "pp" is priority processing (701–704).
 * The scripts are data so the order of procedures can be read against the rules at a glance.
 */
type Op =
  | 'start-triggers'
  | 'pp'
  | 'untap'
  | 'draw'
  | 'declare-attack'
  | 'declare-block'
  | 'battle-damage'
  | 'hand-limit'
  | 'reset-damage'
  | 'expire-end-of-turn'
  | 'expire-attack-phase'
  | 'end-phase-loop';

export const SCRIPTS: Record<Phase, readonly Op[]> = {
  standby: ['start-triggers', 'pp', 'untap', 'pp'], // NOVA 402.1–402.4
  draw: ['start-triggers', 'pp', 'draw', 'pp'], // NOVA 403.1–403.4
  main1: ['start-triggers', 'pp'], // NOVA 404
  attackStart: ['start-triggers', 'pp'], // NOVA 405.3
  attackDeclare: ['start-triggers', 'pp', 'declare-attack', 'pp'], // NOVA 405.4
  block: ['start-triggers', 'pp', 'declare-block', 'pp'], // NOVA 405.5
  battle: ['start-triggers', 'pp', 'battle-damage', 'pp'], // NOVA 405.6
  attackEnd: ['start-triggers', 'pp', 'expire-attack-phase'], // NOVA 405.7
  main2: ['start-triggers', 'pp'], // NOVA 406
  end: ['start-triggers', 'pp', 'hand-limit', 'reset-damage', 'expire-end-of-turn', 'end-phase-loop'], // NOVA 407 (A27)
};

export const PHASE_NAMES: Record<Phase, { en: string; ja: string }> = {
  standby: { en: 'Standby phase', ja: 'スタンバイフェイズ' },
  draw: { en: 'Draw phase', ja: 'ドローフェイズ' },
  main1: { en: 'Main phase 1', ja: 'メインフェイズ1' },
  attackStart: { en: 'Attack phase: start step', ja: 'アタックフェイズ開始ステップ' },
  attackDeclare: { en: 'Attack phase: attack declaration', ja: 'アタック宣言ステップ' },
  block: { en: 'Attack phase: block declaration', ja: 'ブロック宣言ステップ' },
  battle: { en: 'Attack phase: battle resolution', ja: 'バトル解決ステップ' },
  attackEnd: { en: 'Attack phase: end step', ja: 'アタックフェイズ終了ステップ' },
  main2: { en: 'Main phase 2', ja: 'メインフェイズ2' },
  end: { en: 'End phase', ja: 'エンドフェイズ' },
};

/**
 * What an op of the turn script leads to (turn-procedure.ts asks or calls it): priority processing as a window frame,
 * a turn decision, or nothing (the next op).
 */
export type OpOutcome = 'continue' | 'priority-window' | 'ask-attacker' | 'ask-block' | 'ask-discard';

/** What one round of priority processing leads to (the `priority-window` frame asks it). */
export type PriorityOutcome = 'continue' | 'ask-priority' | 'ask-order' | 'ask-trigger-target';

export function currentOp(s: NovaState): Op | undefined {
  return SCRIPTS[s.turn.phase][s.turn.op];
}

/** Runs the next op of the current phase or step. */
export function runOp(s: NovaState): OpOutcome {
  const op = currentOp(s);
  if (op === undefined) {
    endStep(s);
    return 'continue';
  }
  switch (op) {
    case 'start-triggers':
      // NOVA 402.1 (A20); an added standby phase starts no turn: only "standby phase" triggers (R125).
      if (s.turn.phase === 'standby') emit(s, { type: inAddedPhase(s) ? 'standby-phase-start' : 'turn-start' });
      if (s.turn.phase === 'end') emit(s, { type: 'end-phase-start' }); // NOVA 407.1–407.2
      if (s.turn.phase === 'draw') emit(s, { type: 'draw-phase-start' }); // NOVA 403.1
      if (s.turn.phase === 'main1' || s.turn.phase === 'main2') emit(s, { type: 'main-phase-start' }); // NOVA 404, 406
      if (s.turn.phase === 'attackStart') emit(s, { type: 'attack-phase-start' }); // NOVA 405.3.1
      if (s.turn.phase === 'attackEnd') emit(s, { type: 'attack-phase-end' }); // NOVA 405.7.1
      if (s.turn.phase === 'attackDeclare' && !s.turn.attackDeclarationStarted) {
        s.turn.attackDeclarationStarted = true; // NOVA 405.4.1: only the turn's first attack declaration step
        emit(s, { type: 'attack-declaration-start' });
      }
      s.turn.op += 1;
      return 'continue';
    case 'pp':
      return 'priority-window'; // NOVA 701–704, run by its frame (turn-procedure.ts)
    case 'untap':
      // NOVA 402.3 / 602.1: the turn player stands every frozen card on their field and in their energy zone.
      for (const id of [...s.players[s.turn.active].zones.field, ...s.players[s.turn.active].zones.energy]) {
        setFrozen(s, id, false); // NOVA 801.4.6.1: a field card that becomes standby triggers
      }
      s.turn.op += 1;
      return 'continue';
    case 'draw':
      draw(s, s.turn.active, 1); // NOVA 403.3
      rulesProcessing(s);
      s.turn.op += 1;
      return 'continue';
    case 'declare-attack':
      s.turn.op += 1;
      if (possibleAttackers(s).length === 0) {
        toAttackEndStep(s); // NOVA 405.4.3.2
        return 'continue';
      }
      return 'ask-attacker';
    case 'declare-block':
      s.turn.op += 1;
      if (possibleBlockers(s).length === 0) {
        logPublic(s, { k: 'no-block' }); // NOVA 405.5.3: chosen automatically
        return 'continue';
      }
      return 'ask-block';
    case 'battle-damage':
      battleDamage(s); // NOVA 405.6.3: queued; dealt through its replacements, then rules processing (405.6.3.2)
      s.turn.op += 1;
      return 'continue'; // the damage frame runs at the next step (engine.ts)
    case 'hand-limit': {
      const hand = s.players[s.turn.active].zones.hand.length;
      s.turn.op += 1;
      return hand >= 8 ? 'ask-discard' : 'continue'; // NOVA 407.4
    }
    case 'reset-damage':
      for (const o of fieldObjects(s)) if (o.damage !== 0) writableObj(s, o.id).damage = 0; // NOVA 407.5
      s.turn.op += 1;
      return 'continue';
    case 'expire-end-of-turn':
      endControlEffects(s); // NOVA 407.6: control taken until end of turn goes back
      // NOVA 407.6; an attack-phase effect whose attack phase never reached its end step goes too (ruling R76).
      s.effects = s.effects.filter((e) => e.until !== 'end-of-turn' && e.until !== 'end-of-attack-phase');
      rulesProcessing(s); // NOVA 501.1: e.g. 505 when a returned character meets its namesake
      s.turn.op += 1;
      return 'continue';
    case 'expire-attack-phase':
      // NOVA 405.7.3: "during the attack phase" effects end after the end step's priority processing.
      if (s.effects.some((e) => e.until === 'end-of-attack-phase')) {
        s.effects = s.effects.filter((e) => e.until !== 'end-of-attack-phase');
        rulesProcessing(s); // NOVA 501.1: a servant whose HP falls to its damage is destroyed
      }
      s.turn.op += 1;
      return 'continue';
    case 'end-phase-loop':
      // NOVA 407.7: if the end-phase actions caused abilities to trigger, priority processing, then again from 407.4.
      if (s.pendingTriggers.length > 0) {
        s.turn.op = SCRIPTS.end.indexOf('pp');
        return 'continue';
      }
      endPhase(s, 'end'); // the next turn; after an added end phase, the turn goes on (R125)
      return 'continue';
  }
}

/** NOVA 401.2: is the current phase one an effect added (the turn goes on where it would have afterwards)? */
function inAddedPhase(s: NovaState): boolean {
  return s.turn.resume !== undefined;
}

/**
 * NOVA 701–704 with 801.4.3: before each priority grant, rules processing, destroyed cards leave (907.1),
 * and pending automatic abilities are placed (turn player first). Then the holder decides.
 */
export function priorityProcessing(s: NovaState): PriorityOutcome {
  if (!s.priority) s.priority = startPriority(s.turn.active); // NOVA 701.1.1: the turn player first
  // A card destroyed while this processing runs (e.g. a servant that loses a buff when a destroyed card leaves)
  // also leaves in it, before anyone gets priority (NOVA 907.1, docs/rulings/nova.md R24).
  // After a pass that only handed priority on, the first round is known to change nothing (engine.ts).
  for (let settled = takeRulesSettled(s); ; settled = false) {
    if (!settled) rulesProcessing(s);
    if (s.result || destructionWaits(s)) return 'continue'; // a destruction's choice first (destruction.ts, R109)
    if (!moveDestroyedCards(s)) break;
  }
  if (s.pendingTriggers.length > 0) {
    const chooser = placeTriggers(s);
    if (chooser) return 'ask-order';
    if (nextTriggerTarget(s)) return 'ask-trigger-target'; // NOVA 804.2.2: targets are chosen as it is placed
    if (nextTriggerGroup(s).length > 0 || s.pendingTriggers.length > 0) return 'continue';
  }
  if (nextTriggerTarget(s)) return 'ask-trigger-target';
  if (s.waiting.length === 0) s.activationLocks = []; // NOVA 801.3.5.1.1: released once the area is empty
  return 'ask-priority';
}

/** Both players passed in a row with an empty waiting area: the procedure moves on. */
export function priorityProcessingDone(s: NovaState): void {
  s.priority = null;
  s.turn.op += 1;
}

/** NOVA 602.9: the energy stock empties at the end of every phase and step. */
function emptyStocks(s: NovaState): void {
  for (const seat of ['p1', 'p2'] as const) s.players[seat].stock = emptyStock();
}

export function goToPhase(s: NovaState, phase: Phase): void {
  emptyStocks(s);
  if (phase === 'attackEnd' || phase === 'main2') s.combat = null;
  s.turn.phase = phase;
  s.turn.op = 0;
  s.priority = null;
}

function endStep(s: NovaState): void {
  const phase = s.turn.phase;
  switch (phase) {
    case 'attackStart':
      toAttackDeclarationStep(s);
      return;
    case 'attackDeclare':
      // NOVA 925.1: a skipped block declaration step does not exist: the attack goes to battle unblocked (R104).
      if (s.combat && s.skips && takeStepSkip(s, 'block')) toBattleStep(s);
      else if (s.combat) goToPhase(s, 'block');
      else toAttackEndStep(s);
      return;
    case 'block':
      toBattleStep(s);
      return;
    case 'battle':
      s.combat = null;
      toAttackDeclarationStep(s); // NOVA 405.6.4: back to the attack declaration step
      return;
    case 'attackEnd':
      endPhase(s, 'attack');
      return;
    default:
      endPhase(s, phase);
  }
}

/** The phase that normally follows (NOVA 402.4–407.7); null after the end phase: the turn is over. */
function normalNext(s: NovaState, ended: PhaseGroup): PhaseGroup | null {
  switch (ended) {
    case 'standby':
      return s.turn.number === 1 ? 'main1' : 'draw'; // NOVA 402.4.1
    case 'draw':
      return 'main1';
    case 'main1':
      return 'attack';
    case 'attack':
      return 'main2';
    case 'main2':
      return 'end';
    case 'end':
      return null;
  }
}

/**
 * The phase after `ended`: phases added after it come first, the last added first (NOVA 401.2, 401.2.1); once
 * they are over the turn goes on where it would have.
 */
function followingPhase(s: NovaState, ended: PhaseGroup): PhaseGroup | null {
  const [added, ...rest] = s.turn.added ?? [];
  if (added) {
    if (rest.length > 0) s.turn.added = rest;
    else delete s.turn.added;
    if (s.turn.resume === undefined) {
      const next = normalNext(s, ended);
      if (next) s.turn.resume = next;
    }
    return added;
  }
  const resume = s.turn.resume;
  if (resume) {
    delete s.turn.resume;
    return resume;
  }
  return normalNext(s, ended);
}

/** NOVA 401.3, 925.1: is `phase` skipped now? A skip is used up by the phase it skips. */
function takeSkip(s: NovaState, phase: PhaseGroup): boolean {
  // "The next main phase" is main phase 1 or 2, whichever comes first (R94).
  const kind = phase === 'main1' || phase === 'main2' ? 'main' : phase;
  const i = (s.skips ?? []).findIndex(
    (k) => k.phase === kind && k.seat === s.turn.active && (k.turn === undefined || k.turn === s.turn.number),
  );
  if (i < 0 || !s.skips) return false;
  s.skips = s.skips.filter((_k, j) => j !== i);
  if (s.skips.length === 0) delete s.skips;
  logPublic(s, { k: 'phase-skipped', phase });
  return true;
}

/** NOVA 401.3, 925.1: is the turn player's next `step` skipped? A skip is used up by the step it skips (R104, R111). */
function takeStepSkip(s: NovaState, step: SkippableStep): boolean {
  const i = (s.skips ?? []).findIndex((k) => k.phase === step && k.seat === s.turn.active);
  if (i < 0 || !s.skips) return false;
  s.skips = s.skips.filter((_k, j) => j !== i);
  if (s.skips.length === 0) delete s.skips;
  logPublic(s, { k: 'step-skipped', step });
  return true;
}

/**
 * A phase is over: the turn moves to the next one. A skipped phase is passed over as if it did not exist, so
 * nothing in it happens and nothing triggers at its start (NOVA 401.3, 925.1.1).
 */
function endPhase(s: NovaState, ended: PhaseGroup): void {
  let next = followingPhase(s, ended);
  while (next && takeSkip(s, next)) next = followingPhase(s, next);
  if (!next) {
    startNextTurn(s);
    return;
  }
  // NOVA 925.1: a skipped attack phase start step does not exist: the phase begins at its declaration step (R111).
  if (next === 'attack' && s.skips && takeStepSkip(s, 'attack-start')) toAttackDeclarationStep(s);
  else goToPhase(s, next === 'attack' ? 'attackStart' : next);
}

/**
 * NOVA 405.4: on to an attack declaration step. A skipped one does not exist (925.1), so no attack is declared in it:
 * the turn goes on as 405.4.3.2 says when no attack is declared, to the attack phase end step (R124).
 */
function toAttackDeclarationStep(s: NovaState): void {
  if (s.skips && takeStepSkip(s, 'attack-declare')) toAttackEndStep(s);
  else goToPhase(s, 'attackDeclare');
}

/**
 * NOVA 405.6: on to the battle resolution step. A skipped one does not exist (925.1): no battle damage; the attack
 * ends without a battle and the turn goes on as 405.6.4 says, to the next attack declaration step (R124).
 */
function toBattleStep(s: NovaState): void {
  if (!(s.skips && takeStepSkip(s, 'battle'))) {
    goToPhase(s, 'battle');
    return;
  }
  s.combat = null;
  toAttackDeclarationStep(s);
}

/**
 * NOVA 405.4.3.2, 405.7: on to the attack phase end step; when it is skipped (925.1, R111) the attack phase ends
 * there: its "during the attack phase" effects end with it (405.7.3) and main phase 2 follows (405.7.4).
 */
function toAttackEndStep(s: NovaState): void {
  if (!(s.skips && takeStepSkip(s, 'attack-end'))) {
    goToPhase(s, 'attackEnd');
    return;
  }
  s.combat = null;
  if (s.effects.some((e) => e.until === 'end-of-attack-phase'))
    s.effects = s.effects.filter((e) => e.until !== 'end-of-attack-phase');
  endPhase(s, 'attack');
}

/** NOVA 401.2: the phases that follow the current one in this turn, in order (added ones included). */
export function phasesAhead(s: NovaState): PhaseGroup[] {
  const current: PhaseGroup = ATTACK_STEPS.has(s.turn.phase) ? 'attack' : (s.turn.phase as PhaseGroup);
  const ahead: PhaseGroup[] = [...(s.turn.added ?? [])];
  let next: PhaseGroup | null = s.turn.resume ?? normalNext(s, current);
  while (next) {
    ahead.push(next);
    next = normalNext(s, next);
  }
  return ahead;
}

const ATTACK_STEPS = new Set<Phase>(['attackStart', 'attackDeclare', 'block', 'battle', 'attackEnd']);

/** NOVA 401.3: does `seat` skip this turn? A skip is used up by the turn it skips. */
function takeTurnSkip(s: NovaState, seat: Seat): boolean {
  const i = (s.skips ?? []).findIndex((k) => k.phase === 'turn' && k.seat === seat);
  if (i < 0 || !s.skips) return false;
  s.skips = s.skips.filter((_k, j) => j !== i);
  if (s.skips.length === 0) delete s.skips;
  logPublic(s, { k: 'turn-skipped', seat });
  return true;
}

/** NOVA 401.1: turns alternate. */
export function startNextTurn(s: NovaState): void {
  let next = s.turn.number === 0 ? (s.turn.startingPlayer ?? 'p1') : opponentOf(s.turn.active);
  // NOVA 401.3, 925.1: a skipped turn does not exist: the other player takes the next turn (and its number).
  while (s.turn.number > 0 && takeTurnSkip(s, next)) next = opponentOf(next);
  emptyStocks(s);
  s.turn = {
    number: s.turn.number + 1,
    active: next,
    phase: 'standby',
    op: 0,
    attackDeclaredThisTurn: false,
    startingPlayer: s.turn.startingPlayer,
  };
  s.priority = null;
  s.combat = null;
  // NOVA 401.3: a skip of "this turn's" phase that did not happen ends with its turn.
  if (s.skips?.some((k) => k.turn !== undefined)) {
    s.skips = s.skips.filter((k) => k.turn === undefined);
    if (s.skips.length === 0) delete s.skips;
  }
  // "Until the start of your next turn" ends as that player's turn begins, before its standby phase (R92).
  if (s.effects.some((e) => e.until === 'your-next-turn' && e.nextTurnOf === next))
    s.effects = s.effects.filter((e) => !(e.until === 'your-next-turn' && e.nextTurnOf === next));
  // "Until the end of your next turn": from the start of that turn it lasts until its end (407.6; R98), so a skipped
  // end phase carries it on to the next end phase that happens, as with any "until end of turn" effect (R94).
  if (s.effects.some((e) => e.until === 'end-of-your-next-turn' && e.nextTurnOf === next))
    s.effects = s.effects.map((e) => {
      if (e.until !== 'end-of-your-next-turn' || e.nextTurnOf !== next) return e;
      const { nextTurnOf: _done, ...rest } = e;
      return { ...rest, until: 'end-of-turn' };
    });
  for (const seat of ['p1', 'p2'] as const) {
    s.players[seat].energySetThisTurn = false;
    s.players[seat].charactersPlayedThisTurn = 0;
  }
  // NOVA 203.4 (A47): the turn player's servants are now controlled since the start of their turn.
  for (const o of fieldObjects(s, next)) if (!o.sinceTurnStart) writableObj(s, o.id).sinceTurnStart = true;
  logPublic(s, { k: 'turn', number: s.turn.number, seat: next });
  // NOVA 401.3, 925.1.1: a skipped standby phase does not exist: no untap, no start-of-turn triggers (R94).
  if (s.skips && takeSkip(s, 'standby')) endPhase(s, 'standby');
}

export function describePhase(s: NovaState): { en: string; ja: string } {
  return PHASE_NAMES[s.turn.phase];
}

export function cardNameOf(s: NovaState, id: string): string {
  return novaCard(s.objects[id]?.card ?? '').name.en;
}
