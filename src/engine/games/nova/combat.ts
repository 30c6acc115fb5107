import { opponentOf } from '../../core/game.ts';
import { novaCard } from './cards/pool.ts';
import { actionRestricted, characteristics, hasKeyword, readAtk, remainingHp } from './characteristics.ts';
import { queueDamage } from './damage.ts';
import { loggedTarget, logPublic } from './log.ts';
import type { CardObject, NovaState, TargetRef } from './state.ts';
import { emit, setFrozen } from './triggers.ts';
import { writableObj } from './working-copy.ts';
import { fieldObjects } from './zones.ts';

/** NOVA 405.4.3: standby servants without action restriction (Gale ignores it, 1003.2) that are allowed to attack. */
export function possibleAttackers(s: NovaState): CardObject[] {
  return fieldObjects(s, s.turn.active).filter(
    (o) =>
      novaCard(o.card).type === 'servant' &&
      !o.frozen &&
      !o.destroyed && // docs/rulings A26
      !actionRestricted(s, o) &&
      !characteristics(s, o).cantAttack,
  );
}

/** NOVA 405.4.3: the defending player, or one of their frozen servants. */
export function attackTargets(s: NovaState): TargetRef[] {
  const defender = opponentOf(s.turn.active);
  const servants = fieldObjects(s, defender).filter(
    (o) => novaCard(o.card).type === 'servant' && o.frozen && !o.destroyed,
  );
  return [{ kind: 'player', seat: defender }, ...servants.map((o): TargetRef => ({ kind: 'object', id: o.id }))];
}

/** NOVA 405.5.3: standby servants of the non-turn player may block; action restriction does not matter (203.4.1). */
export function possibleBlockers(s: NovaState): CardObject[] {
  return fieldObjects(s, opponentOf(s.turn.active)).filter(
    (o) => novaCard(o.card).type === 'servant' && !o.frozen && !o.destroyed,
  );
}

/** NOVA 405.4.4–405.4.6: the attacker freezes and its "when attacks" abilities trigger. */
export function declareAttack(s: NovaState, declared: CardObject, target: TargetRef): void {
  setFrozen(s, declared.id, true); // NOVA 405.4.4
  const attacker = writableObj(s, declared.id);
  s.combat = { attacker: attacker.id, target, blocker: null, blocked: false };
  s.turn.attackDeclaredThisTurn = true;
  logPublic(s, { k: 'attack', card: attacker.card, target: loggedTarget(s, target) });
  emit(s, { type: 'attacked', object: attacker });
}

/** NOVA 405.5.4: the blocker freezes; the attacker is blocked from now on. */
export function declareBlock(s: NovaState, declared: CardObject): void {
  if (!s.combat) return;
  setFrozen(s, declared.id, true); // NOVA 405.5.4
  const blocker = writableObj(s, declared.id);
  s.combat.blocker = blocker.id;
  s.combat.blocked = true;
  logPublic(s, { k: 'block', card: blocker.card });
  emit(s, { type: 'blocked', object: blocker }); // NOVA 405.5.5
}

/** NOVA 405.2: a servant that left the field, changed controller, or is destroyed is out of the battle (A26). */
function inBattle(s: NovaState, id: string | null, controller: 'p1' | 'p2'): CardObject | null {
  if (!id) return null;
  const o = s.objects[id];
  if (o?.zone !== 'field' || o.controller !== controller || o.destroyed) return null;
  return o;
}

/**
 * NOVA 405.6.3: battle damage, all at once (602.5). With a blocker the two exchange damage; an unblocked attack on a
 * servant exchanges with it; an unblocked attack on the player hits their life. Pierce sends the excess over the
 * blocker's remaining HP to the original target (1004.4), all of it if the blocker is gone (1004.5). A blocked
 * attacker without Pierce whose blocker is gone deals no damage (docs/rulings A24).
 */
export function battleDamage(s: NovaState): void {
  const c = s.combat;
  if (!c) return;
  const active = s.turn.active;
  const defender = opponentOf(active);
  const attacker = inBattle(s, c.attacker, active);
  if (!attacker) return;
  const atk = readAtk(characteristics(s, attacker));
  const pierce = hasKeyword(s, attacker, 'pierce');
  const hits: Hit[] = [];
  const from = attacker.card;
  const targetServant = c.target.kind === 'object' ? inBattle(s, c.target.id, defender) : null;
  if (c.blocked) {
    const blocker = inBattle(s, c.blocker, defender);
    if (blocker) {
      const toBlocker = pierce ? Math.min(atk, Math.max(0, remainingHp(s, blocker))) : atk;
      hits.push({ to: { kind: 'object', id: blocker.id }, amount: toBlocker, from });
      hits.push({
        to: { kind: 'object', id: attacker.id },
        amount: readAtk(characteristics(s, blocker)),
        from: blocker.card,
      });
      if (pierce && atk > toBlocker) pierceExcess(c.target, targetServant, atk - toBlocker, from, hits);
    } else if (pierce) {
      pierceExcess(c.target, targetServant, atk, from, hits);
    }
  } else if (c.target.kind === 'player') {
    hits.push({ to: c.target, amount: atk, from });
  } else if (targetServant) {
    hits.push({ to: { kind: 'object', id: targetServant.id }, amount: atk, from });
    hits.push({
      to: { kind: 'object', id: attacker.id },
      amount: readAtk(characteristics(s, targetServant)),
      from: targetServant.card,
    });
  }
  // NOVA 917 / A43: the split above is computed before replacements; each portion is then reduced on its own.
  queueDamage(
    s,
    hits.map((h) => ({ to: h.to, amount: h.amount, source: h.from, fromSpell: false, battle: true })),
  );
}

/** NOVA 1004.3 with A23: the excess goes to the original target; a servant target that is gone takes nothing. */
function pierceExcess(
  target: TargetRef,
  targetServant: CardObject | null,
  amount: number,
  from: string,
  hits: Hit[],
): void {
  if (target.kind === 'player') hits.push({ to: target, amount, from });
  else if (targetServant) hits.push({ to: { kind: 'object', id: targetServant.id }, amount, from });
}

/** One portion of battle damage and the card that deals it. */
interface Hit {
  to: TargetRef;
  amount: number;
  from: string;
}
