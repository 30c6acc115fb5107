/**
 * Targets (CR 114, 601.2c, 608.2b): what each "target …" phrase of a spell or ability may choose, and whether a
 * chosen target is (still) legal.
 */
import { isCurrent } from '../../core/events.ts';
import { opponentOf, SEATS, type Seat } from '../../core/game.ts';
import type { BaseEffect, Effect, MtgCard, Target } from './cards/schema.ts';
import {
  cardOf,
  characteristicsOf,
  controllerOf,
  convertedManaCost,
  currentRef,
  hasKeyword,
  isCreature,
  isType,
  type MtgState,
  objectOf,
  printedColors,
  protectedFrom,
  type TargetRef,
} from './state.ts';

/** CR 700.2: a list of effects with its "choose one —" replaced by the chosen mode's effects. */
export function withMode(effects: readonly Effect[], mode: number | null, card: string): BaseEffect[] {
  return effects.flatMap((e): BaseEffect[] => {
    if (e.do !== 'choose-one') return [e];
    const chosen = e.modes[mode ?? -1];
    if (!chosen) throw new Error(`${card}: no mode ${mode}`);
    return chosen;
  });
}

/** The effects that happen: a modal spell's or triggered ability's chosen mode (CR 700.2), an ability's, or the spell's own. */
export function effectsOf(card: MtgCard, ability: number | null, mode: number | null): BaseEffect[] {
  if (ability !== null) {
    const a = card.abilities[ability];
    if (a?.kind !== 'activated' && a?.kind !== 'triggered') throw new Error(`${card.id} has no ability ${ability}`);
    return withMode(a.effects, mode, card.id);
  }
  // CR 303.4a: an Aura spell targets what its enchant ability allows; resolving, it becomes attached to it (608.3).
  if (card.enchant) return [{ do: 'attach', to: card.enchant }];
  return withMode(card.effects, mode, card.id);
}

const isTarget = (x: unknown): x is Target => typeof x === 'object' && x !== null && 'target' in x;

/** The target phrases of one effect, in the order they are written. */
export function targetsOfEffect(e: BaseEffect): Target[] {
  switch (e.do) {
    case 'fight':
      return [e.yours, e.theirs];
    case 'create-token-copy':
      return [e.of];
    case 'damage':
    case 'destroy':
    case 'exile':
    case 'pump':
    case 'switch-pt':
    case 'gain-control':
    case 'attach':
    case 'counter':
    case 'bounce':
    case 'tap':
    case 'mill':
    case 'discard':
    case 'add-counters':
    case 'exile-until-next-end-step':
    case 'prevent-damage':
    case 'regenerate':
      return isTarget(e.to) ? [e.to] : [];
    default:
      return [];
  }
}

export function targetSpecs(card: MtgCard, ability: number | null, mode: number | null): Target[] {
  return effectsOf(card, ability, mode).flatMap(targetsOfEffect);
}

/**
 * Is this object or player a legal choice for this phrase now (CR 114.1, 115)? `self` is the spell's own object;
 * `source` is the card of the spell or ability (its colours meet protection, 702.16b).
 */
export function isLegalTarget(
  s: MtgState,
  controller: Seat,
  spec: Target,
  ref: TargetRef,
  self: string | null,
  source: string,
): boolean {
  if ('player' in ref) {
    if (spec.target === 'player' || spec.target === 'any') return true;
    return spec.target === 'opponent' && ref.player === opponentOf(controller);
  }
  if (!isCurrent(s.events, ref.object)) return false; // CR 400.7: a new object is not the one targeted
  const o = objectOf(s, ref.object.id);
  const card = cardOf(o.card);
  if (spec.target === 'spell') {
    // CR 115.5: a spell cannot target itself.
    if (o.zone !== 'stack' || ref.object.id === self) return false;
    const item = s.stack.find((i) => i.kind === 'spell' && i.source.id === o.id);
    if (!item) return false;
    if (spec.restriction === 'noncreature' && isType(card, 'creature')) return false;
    if (spec.cmcAtMost !== undefined && convertedManaCost(card, item.x ?? 0) > spec.cmcAtMost) return false; // 202.3c
    return true;
  }
  if (o.zone !== 'battlefield') return false;
  // CR 702.11b: hexproof: not a legal target for the spells and abilities of its controller's opponents.
  if (controllerOf(s, o.id) !== controller && hasKeyword(s, o.id, 'hexproof')) return false;
  // CR 702.18a: shroud: not a legal target for any spell or ability, its controller's included.
  if (hasKeyword(s, o.id, 'shroud')) return false;
  // CR 702.16b: protection from a colour: not a legal target for spells or abilities of that colour.
  if (protectedFrom(s, o.id, printedColors(cardOf(source)))) return false;
  // CR 613: a permanent's types and colours as the layers leave them (an Aura can make a creature black, 613.1e).
  const now = characteristicsOf(s, o.id);
  if (spec.target === 'artifact') return now.types.includes('artifact');
  if (spec.target === 'enchantment') return now.types.includes('enchantment');
  if (spec.target !== 'creature' && spec.target !== 'any') return false;
  if (!isCreature(s, o.id)) return false;
  switch (spec.restriction) {
    case 'attacking-or-blocking': {
      const combat = s.combat;
      return !!combat && (o.id in combat.attackers || o.id in combat.blockers);
    }
    case 'nonblack':
      return !now.colors.includes('B'); // CR 105.2, 613.1e
    case 'you-control':
      return controllerOf(s, o.id) === controller;
    case 'you-dont-control':
      return controllerOf(s, o.id) !== controller;
    default:
      return true;
  }
}

/** Every legal choice for a phrase now, players first, then permanents, then spells (bottom first). */
export function legalTargets(
  s: MtgState,
  controller: Seat,
  spec: Target,
  self: string | null,
  source: string,
): TargetRef[] {
  const out: TargetRef[] = [];
  for (const seat of SEATS)
    if (isLegalTarget(s, controller, spec, { player: seat }, self, source)) out.push({ player: seat });
  const ids = [...s.battlefield, ...s.stack.filter((i) => i.kind === 'spell').map((i) => i.source.id)];
  for (const id of ids) {
    const ref = { object: currentRef(s, id) };
    if (isLegalTarget(s, controller, spec, ref, self, source)) out.push(ref);
  }
  return out;
}

/** Are there at least `need` legal choices for a phrase now? `legalTargets(…).length >= need`, stopping once there are. */
export function hasLegalTargets(
  s: MtgState,
  controller: Seat,
  spec: Target,
  self: string | null,
  source: string,
  need: number,
): boolean {
  let found = 0;
  for (const seat of SEATS)
    if (isLegalTarget(s, controller, spec, { player: seat }, self, source) && ++found >= need) return true;
  for (const id of s.battlefield)
    if (isLegalTarget(s, controller, spec, { object: currentRef(s, id) }, self, source) && ++found >= need) return true;
  for (const item of s.stack)
    if (
      item.kind === 'spell' &&
      isLegalTarget(s, controller, spec, { object: currentRef(s, item.source.id) }, self, source) &&
      ++found >= need
    )
      return true;
  return false;
}

export const sameTarget = (a: TargetRef, b: TargetRef): boolean =>
  'player' in a ? 'player' in b && a.player === b.player : 'object' in b && a.object.id === b.object.id;

export function targetKey(t: TargetRef): string {
  return 'player' in t ? `player:${t.player}` : `obj:${t.object.id}`;
}
