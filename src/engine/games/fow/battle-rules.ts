/** Who may attack what and who may block (803.3, 804.3–804.4), read by the priority actions and the battle. */
import type { Seat } from '../../core/game.ts';
import { type FowState, hasAtkDef, hasKeyword, isJResonator, objectOf, opponentSeat, type TargetRef } from './state.ts';

/** 803.3a: recovered, controlled since the start of the turn ([Swiftness] 1107.2 exempts), with ATK and DEF. */
export function possibleAttackers(s: FowState, seat: Seat): string[] {
  return s.field.filter((id) => {
    const o = objectOf(s, id);
    if (o.controller !== seat || o.rested || !isJResonator(s, id) || !hasAtkDef(s, id)) return false;
    return o.controlSince < s.turn.number || hasKeyword(s, id, 'swiftness');
  });
}

/** 803.3b: the opponent, or a rested J/resonator with ATK and DEF they control ([Precision] 1103.2: recovered too). */
export function attackTargets(s: FowState, attacker: string): TargetRef[] {
  const seat = objectOf(s, attacker).controller;
  const foe = opponentSeat(seat);
  const out: TargetRef[] = [{ player: foe }];
  const precision = hasKeyword(s, attacker, 'precision');
  for (const id of s.field) {
    const o = objectOf(s, id);
    if (o.controller !== foe || !isJResonator(s, id) || !hasAtkDef(s, id)) continue;
    if (o.rested || precision) out.push({ object: { id, inc: o.inc } });
  }
  return out;
}

/**
 * 712.2: "can legally attack" for a forced attacker: it may attack, and attacking needs no optional action or cost
 * ([Mobilize] 1129 is such a cost).
 */
export function canAttack(s: FowState, id: string): boolean {
  const mobilize = objectOf(s, id) && hasKeyword(s, id, 'mobilize');
  return !mobilize && attackTargets(s, id).length > 0;
}

/** 804.4: a recovered J/resonator with ATK and DEF, not the attack target; [Flying] 1106.2 needs [Flying]. */
export function possibleBlockers(s: FowState, seat: Seat): string[] {
  const b = s.battle;
  if (!b?.attacker) return [];
  const attacker = b.attacker;
  const flying = hasKeyword(s, attacker, 'flying');
  return s.field.filter((id) => {
    const o = objectOf(s, id);
    if (o.controller !== seat || o.rested || !isJResonator(s, id) || !hasAtkDef(s, id)) return false;
    if (b.target && 'object' in b.target && b.target.object.id === id) return false;
    return !flying || hasKeyword(s, id, 'flying');
  });
}
