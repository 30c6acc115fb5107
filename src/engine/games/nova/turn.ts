import { opponentOf } from '../../core/game.ts';
import { startPriority } from '../../core/priority.ts';
import { novaCard } from './cards/pool.ts';
import { battleDamage, possibleAttackers, possibleBlockers } from './combat.ts';
import { endControlEffects } from './control.ts';
import { processDamage } from './damage.ts';
import { emptyStock } from './energy.ts';
import { logPublic } from './log.ts';
import { draw } from './resolve.ts';
import { moveDestroyedCards, rulesProcessing } from './rules-processing.ts';
import type { NovaState, Phase } from './state.ts';
import { emit, nextTriggerGroup, placeTriggers } from './triggers.ts';
import { writableObj } from './working-copy.ts';
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
  | 'end-phase-loop';

export const SCRIPTS: Record<Phase, readonly Op[]> = {
  standby: ['start-triggers', 'pp', 'untap', 'pp'], // NOVA 402.1–402.4
  draw: ['start-triggers', 'pp', 'draw', 'pp'], // NOVA 403.1–403.4
  main1: ['start-triggers', 'pp'], // NOVA 404
  attackStart: ['start-triggers', 'pp'], // NOVA 405.3
  attackDeclare: ['start-triggers', 'pp', 'declare-attack', 'pp'], // NOVA 405.4
  block: ['start-triggers', 'pp', 'declare-block', 'pp'], // NOVA 405.5
  battle: ['start-triggers', 'pp', 'battle-damage', 'pp'], // NOVA 405.6
  attackEnd: ['start-triggers', 'pp'], // NOVA 405.7
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

/** Turn-level ops that ask a player something report it; the rest just change the state. */
export type OpOutcome = 'continue' | 'ask-priority' | 'ask-order' | 'ask-attacker' | 'ask-block' | 'ask-discard';

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
      if (s.turn.phase === 'end') emit(s, { type: 'end-phase-start' }); // NOVA 407.1–407.2
      if (s.turn.phase === 'draw') emit(s, { type: 'draw-phase-start' }); // NOVA 403.1
      if (s.turn.phase === 'attackDeclare' && !s.turn.attackDeclarationStarted) {
        s.turn.attackDeclarationStarted = true; // NOVA 405.4.1: only the turn's first attack declaration step
        emit(s, { type: 'attack-declaration-start' });
      }
      s.turn.op += 1;
      return 'continue';
    case 'pp':
      return priorityProcessing(s);
    case 'untap':
      // NOVA 402.3 / 602.1: the turn player stands every frozen card on their field and in their energy zone.
      for (const id of [...s.players[s.turn.active].zones.field, ...s.players[s.turn.active].zones.energy]) {
        if (s.objects[id]?.frozen) writableObj(s, id).frozen = false;
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
        goToPhase(s, 'attackEnd'); // NOVA 405.4.3.2
        return 'continue';
      }
      return 'ask-attacker';
    case 'declare-block':
      s.turn.op += 1;
      if (possibleBlockers(s).length === 0) {
        logPublic(s, { en: 'No block.', ja: 'ブロックなし。' }); // NOVA 405.5.3: chosen automatically
        return 'continue';
      }
      return 'ask-block';
    case 'battle-damage':
      battleDamage(s); // NOVA 405.6.3: queued; dealt through its replacements, then rules processing (405.6.3.2)
      s.turn.op += 1;
      processDamage(s);
      return 'continue';
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
      s.effects = s.effects.filter((e) => e.until !== 'end-of-turn'); // NOVA 407.6
      rulesProcessing(s); // NOVA 501.1: e.g. 505 when a returned character meets its namesake
      s.turn.op += 1;
      return 'continue';
    case 'end-phase-loop':
      // NOVA 407.7: if the end-phase actions caused abilities to trigger, priority processing, then again from 407.4.
      if (s.pendingTriggers.length > 0) {
        s.turn.op = SCRIPTS.end.indexOf('pp');
        return 'continue';
      }
      startNextTurn(s);
      return 'continue';
  }
}

/**
 * NOVA 701–704 with 801.4.3: before each priority grant, rules processing, destroyed cards leave (907.1),
 * and pending automatic abilities are placed (turn player first). Then the holder decides.
 */
function priorityProcessing(s: NovaState): OpOutcome {
  if (!s.priority) s.priority = startPriority(s.turn.active); // NOVA 701.1.1: the turn player first
  // A card destroyed while this processing runs (e.g. a servant that loses a buff when a destroyed card leaves)
  // also leaves in it, before anyone gets priority (NOVA 907.1, docs/rulings/nova.md R24).
  for (;;) {
    rulesProcessing(s);
    if (s.result) return 'continue';
    if (!moveDestroyedCards(s)) break;
  }
  if (s.pendingTriggers.length > 0) {
    const chooser = placeTriggers(s);
    if (chooser) return 'ask-order';
    if (nextTriggerGroup(s).length > 0 || s.pendingTriggers.length > 0) return 'continue';
  }
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
    case 'standby':
      goToPhase(s, s.turn.number === 1 ? 'main1' : 'draw'); // NOVA 402.4.1
      return;
    case 'draw':
      goToPhase(s, 'main1');
      return;
    case 'main1':
      goToPhase(s, 'attackStart');
      return;
    case 'attackStart':
      goToPhase(s, 'attackDeclare');
      return;
    case 'attackDeclare':
      goToPhase(s, s.combat ? 'block' : 'attackEnd');
      return;
    case 'block':
      goToPhase(s, 'battle');
      return;
    case 'battle':
      s.combat = null;
      goToPhase(s, 'attackDeclare'); // NOVA 405.6.4: back to the attack declaration step
      return;
    case 'attackEnd':
      goToPhase(s, 'main2');
      return;
    case 'main2':
      goToPhase(s, 'end');
      return;
    case 'end':
      startNextTurn(s);
      return;
  }
}

/** NOVA 401.1: turns alternate. */
export function startNextTurn(s: NovaState): void {
  const next = s.turn.number === 0 ? (s.turn.startingPlayer ?? 'p1') : opponentOf(s.turn.active);
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
  for (const seat of ['p1', 'p2'] as const) {
    s.players[seat].energySetThisTurn = false;
    s.players[seat].charactersPlayedThisTurn = 0;
  }
  // NOVA 203.4 (A47): the turn player's servants are now controlled since the start of their turn.
  for (const o of fieldObjects(s, next)) if (!o.sinceTurnStart) writableObj(s, o.id).sinceTurnStart = true;
  logPublic(s, { en: `Turn ${s.turn.number}: ${next}.`, ja: `ターン${s.turn.number}：${next}` });
}

export function describePhase(s: NovaState): { en: string; ja: string } {
  return PHASE_NAMES[s.turn.phase];
}

export function cardNameOf(s: NovaState, id: string): string {
  return novaCard(s.objects[id]?.card ?? '').name.en;
}
