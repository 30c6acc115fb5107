import { novaCard } from './cards/pool.ts';
import type { ActivatedAbility } from './cards/schema.ts';
import type { CardObject, NovaState } from './state.ts';
import { fieldObjects } from './zones.ts';

/** An activated ability a card has because an equipment attached to it grants it (NOVA 1005, 004.3). */
export interface GrantedAbility {
  /** The equipment object granting it: each equipment grants its own copy (801.3.8.2). */
  from: string;
  /** The equipment's card id, where the ability is written. */
  card: string;
  index: number;
  ability: ActivatedAbility;
}

/**
 * NOVA 004.3: abilities gained from effects. The equipped card "has" the ability while the equipment is attached;
 * nothing in the pool takes abilities away, so there is no later loss to weigh against the grant.
 */
export function grantedAbilities(s: NovaState, o: CardObject): GrantedAbility[] {
  if (o.zone !== 'field') return [];
  const out: GrantedAbility[] = [];
  for (const e of fieldObjects(s)) {
    if (e.attachedTo !== o.id) continue;
    novaCard(e.card).equip?.grants.forEach((ability, index) => {
      out.push({ from: e.id, card: e.card, index, ability });
    });
  }
  return out;
}

/**
 * The activated ability a play or waiting item refers to: one of the card's own, or (with `grantedBy`, the granting
 * card's id) one written on the equipment. The ability keeps working from the waiting area after the equipment has
 * gone (801.3.5.3).
 */
export function activatedAbility(card: string, index: number, grantedBy?: string): ActivatedAbility | undefined {
  if (grantedBy) return novaCard(grantedBy).equip?.grants[index];
  const a = novaCard(card).abilities[index];
  return a?.kind === 'activated' ? a : undefined;
}

/** The activation lock's key (NOVA 801.3.5.1.1), per ability instance: a granted copy is its own instance (801.3.8.2). */
export function lockKey(objectId: string, index: number, grantedFrom?: string): string {
  return grantedFrom ? `${objectId}:${index}:${grantedFrom}` : `${objectId}:${index}`;
}
