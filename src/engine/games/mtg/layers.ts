// MTG continuous effects (CR 2019-01-25, 613): the layer list, the characteristics the layers build, the ops each
// layer interprets and the filters static abilities use. The fold itself (order, CDAs first, dependency, loops,
// 611.2c locking, 613.5 multi-layer effects) is the kernel's: core/layers.ts.

import { UnsupportedRule } from '../../core/errors.ts';
import type { Seat } from '../../core/game.ts';
import { type ContinuousEffect, foldLayers, type LayerResult, type LayerRules, type World } from '../../core/layers.ts';

/** CR 613.1a–g and 613.3a–e: copy, control, text, type, colour, abilities, then P/T in five sublayers. */
export const MTG_LAYERS = ['1', '2', '3', '4', '5', '6', '7a', '7b', '7c', '7d', '7e'] as const;
export type MtgLayer = (typeof MTG_LAYERS)[number];

/** CR 105.1: colours as their mana letters. */
export type MtgColor = 'W' | 'U' | 'B' | 'R' | 'G';
/** CR 305.6: the basic land types and the mana their intrinsic ability makes. */
const BASIC_LAND_MANA = { Plains: 'W', Island: 'U', Swamp: 'B', Mountain: 'R', Forest: 'G' } as const;
export type BasicLandType = keyof typeof BASIC_LAND_MANA;

/** CR 109.3: the characteristics the layers change, plus where the object is and who controls it (for filters). */
export interface MtgCharacteristics {
  name: string;
  owner: Seat;
  controller: Seat;
  zone: string;
  supertypes: readonly string[];
  types: readonly string[];
  subtypes: readonly string[];
  colors: readonly MtgColor[];
  /** Keyword names ("flying") and ability ids ("mana:G" for an intrinsic land ability, card-specific ids). */
  abilities: readonly string[];
  power: number | null;
  toughness: number | null;
}

/** CR 706.2: the values a copy effect copies. */
export type CopiableValues = Pick<
  MtgCharacteristics,
  'name' | 'supertypes' | 'types' | 'subtypes' | 'colors' | 'abilities' | 'power' | 'toughness'
>;

/** "The same controller (or owner) as that object", read from the object's characteristics of the moment. */
export type SeatRef = Seat | { sameAs: string };

/** Which objects a static ability looks at; every given condition must hold. */
export interface MtgFilter {
  /** Default: the battlefield. */
  zone?: string;
  types?: readonly string[];
  notTypes?: readonly string[];
  subtypes?: readonly string[];
  supertypes?: readonly string[];
  notSupertypes?: readonly string[];
  colors?: readonly MtgColor[];
  controller?: SeatRef;
  /** "Your opponents control": any controller but this one. */
  notController?: SeatRef;
  owner?: SeatRef;
  /** "With flying": every one of these abilities (judged in the layer the filter is read in). */
  abilities?: readonly string[];
  /** "Other": objects left out by id. */
  except?: readonly string[];
}

export type MtgLayerOp =
  /** Layer 1 (CR 706.2): becomes a copy of an object; resolved to `become-copy` with that object's copiable values. */
  | { kind: 'copy'; of: string }
  | { kind: 'become-copy'; values: CopiableValues }
  /** Layer 2. */
  | { kind: 'control'; controller: Seat }
  /** Layer 2 (CR 303.4e): "you control [it]": the controller of this object (an Aura) as layer 2 has it so far. */
  | { kind: 'control-of'; source: string }
  /** Layer 3 (CR 612): not implemented yet. */
  | { kind: 'change-text'; from: string; to: string }
  /** Layer 4: "is also a …" (CR 205.1b). */
  | { kind: 'add-types'; types?: readonly string[]; subtypes?: readonly string[]; supertypes?: readonly string[] }
  /** Layer 4: "becomes a …" replacing card types and subtypes (CR 205.1a). */
  | { kind: 'set-types'; types: readonly string[]; subtypes: readonly string[] }
  /** Layer 4 (CR 305.7): a land becomes a basic land type: it loses its other land types and its rules-text abilities. */
  | { kind: 'set-land-type'; landType: BasicLandType }
  /** Layer 5. */
  | { kind: 'set-colors'; colors: readonly MtgColor[] }
  | { kind: 'add-colors'; colors: readonly MtgColor[] }
  /** Layer 6. */
  | { kind: 'add-abilities'; abilities: readonly string[] }
  | { kind: 'remove-abilities'; abilities: readonly string[] }
  | { kind: 'remove-all-abilities' }
  /** 7a (CDA) or 7b: set P/T. */
  | { kind: 'set-pt'; power: number; toughness: number }
  /** 7a or 7b: P/T each equal to how many objects match (plus a constant); resolved to `set-pt`. */
  | { kind: 'set-pt-count'; count: MtgFilter; plus?: number }
  /** 7c, and 7d for counters (CR 613.3d, 121). */
  | { kind: 'modify-pt'; power: number; toughness: number }
  /** 7d (CR 613.3d): the +1/+1 and -1/-1 counters, net, on each object; resolved to `modify-pt` per object. */
  | { kind: 'counters'; net: Readonly<Record<string, number>> }
  /** 7e. */
  | { kind: 'switch-pt' };

export interface MtgEffect extends ContinuousEffect<MtgLayerOp, MtgFilter> {
  /** The static ability making it (CR 604.1): the effect exists only while its source has that ability. */
  source?: { object: string; ability: string };
}

function seatOf(ref: SeatRef, world: World<MtgCharacteristics>, field: 'controller' | 'owner'): Seat | undefined {
  return typeof ref === 'string' ? ref : world[ref.sameAs]?.[field];
}

export function matchesMtgFilter(filter: MtgFilter, id: string, world: World<MtgCharacteristics>): boolean {
  const c = world[id];
  if (!c) return false;
  if (c.zone !== (filter.zone ?? 'battlefield')) return false;
  if (filter.except?.includes(id)) return false;
  if (filter.types && !filter.types.every((t) => c.types.includes(t))) return false;
  if (filter.notTypes?.some((t) => c.types.includes(t))) return false;
  if (filter.subtypes && !filter.subtypes.every((t) => c.subtypes.includes(t))) return false;
  if (filter.supertypes && !filter.supertypes.every((t) => c.supertypes.includes(t))) return false;
  if (filter.notSupertypes?.some((t) => c.supertypes.includes(t))) return false;
  if (filter.colors && !filter.colors.every((t) => c.colors.includes(t))) return false;
  if (filter.controller !== undefined && c.controller !== seatOf(filter.controller, world, 'controller')) return false;
  if (filter.notController !== undefined && c.controller === seatOf(filter.notController, world, 'controller'))
    return false;
  if (filter.abilities && !filter.abilities.every((a) => c.abilities.includes(a))) return false;
  if (filter.owner !== undefined && c.owner !== seatOf(filter.owner, world, 'owner')) return false;
  return true;
}

function union<T>(a: readonly T[], b: readonly T[]): T[] {
  return [...a, ...b.filter((x) => !a.includes(x))];
}

export function applyMtgOp(op: MtgLayerOp, c: MtgCharacteristics): MtgCharacteristics {
  switch (op.kind) {
    case 'copy':
      throw new Error('a copy op is resolved against the world before it applies');
    case 'become-copy':
      return { ...c, ...op.values };
    case 'control':
      return { ...c, controller: op.controller };
    case 'control-of':
      throw new Error('a control-of op is resolved against the world before it applies');
    case 'change-text':
      throw new UnsupportedRule('612', 'text-changing effects');
    case 'add-types':
      return {
        ...c,
        types: union(c.types, op.types ?? []),
        subtypes: union(c.subtypes, op.subtypes ?? []),
        supertypes: union(c.supertypes, op.supertypes ?? []),
      };
    case 'set-types':
      return { ...c, types: [...op.types], subtypes: [...op.subtypes] };
    case 'set-land-type': {
      // CR 305.7: the old land types and the abilities from its rules text go; the new type's mana ability comes.
      const landTypes = Object.keys(BASIC_LAND_MANA);
      return {
        ...c,
        subtypes: [...c.subtypes.filter((t) => !landTypes.includes(t)), op.landType],
        abilities: [`mana:${BASIC_LAND_MANA[op.landType]}`],
      };
    }
    case 'set-colors':
      return { ...c, colors: [...op.colors] };
    case 'add-colors':
      return { ...c, colors: union(c.colors, op.colors) };
    case 'add-abilities':
      return { ...c, abilities: union(c.abilities, op.abilities) };
    case 'remove-abilities':
      return { ...c, abilities: c.abilities.filter((a) => !op.abilities.includes(a)) };
    case 'remove-all-abilities':
      return { ...c, abilities: [] };
    case 'set-pt':
      return { ...c, power: op.power, toughness: op.toughness };
    case 'set-pt-count':
    case 'counters':
      throw new Error('a counting op is resolved against the world before it applies');
    case 'modify-pt':
      return { ...c, power: (c.power ?? 0) + op.power, toughness: (c.toughness ?? 0) + op.toughness };
    case 'switch-pt':
      return { ...c, power: c.toughness, toughness: c.power };
  }
}

function copiable(c: MtgCharacteristics): CopiableValues {
  const { name, supertypes, types, subtypes, colors, abilities, power, toughness } = c;
  return { name, supertypes, types, subtypes, colors, abilities, power, toughness };
}

export const MTG_LAYER_RULES: LayerRules<MtgCharacteristics, MtgLayerOp, MtgFilter, MtgEffect> = {
  layers: MTG_LAYERS,
  apply: applyMtgOp,
  matches: matchesMtgFilter,
  exists: (effect, world) => !effect.source || !!world[effect.source.object]?.abilities.includes(effect.source.ability),
  // CR 613.7a: an effect can depend on another only through its source's abilities (604.1), a filter read again
  // (611.3a) or an op that reads the world (a count, copied values); a locked, fixed effect depends on nothing.
  mayDepend: (effect, layer) =>
    !!effect.source ||
    'filter' in effect.affects ||
    effect.parts.some((p) => p.layer === layer && (p.op.kind === 'set-pt-count' || p.op.kind === 'copy')),
  resolve: (op, _effect, id, world) => {
    if (op.kind === 'copy') {
      // CR 706.2: what the copied object has after layer-1 effects so far (the world while layer 1 applies).
      const original = world[op.of];
      if (!original) throw new UnsupportedRule('706.2', 'copying an object that is not there');
      return { kind: 'become-copy', values: copiable(original) };
    }
    if (op.kind === 'control-of') {
      const controller = world[op.source]?.controller;
      if (!controller) throw new Error(`control-of: no object ${op.source}`);
      return { kind: 'control', controller };
    }
    if (op.kind === 'set-pt-count') {
      const filter: MtgFilter = op.count;
      const n = Object.keys(world).filter((other) => matchesMtgFilter(filter, other, world)).length + (op.plus ?? 0);
      return { kind: 'set-pt', power: n, toughness: n };
    }
    if (op.kind === 'counters') {
      const n = op.net[id] ?? 0;
      return { kind: 'modify-pt', power: n, toughness: n };
    }
    return op;
  },
};

/** CR 613: every object's characteristics once all continuous effects (and counters, 7d) apply. */
export function mtgCharacteristics(
  base: World<MtgCharacteristics>,
  effects: readonly MtgEffect[],
): LayerResult<MtgCharacteristics> {
  return foldLayers(MTG_LAYER_RULES, base, effects);
}

/** CR 613.3d, 121.3: +1/+1 and -1/-1 counters on an object as its sublayer-7d effect. */
export function counterEffect(objectId: string, plusOne: number, minusOne: number): MtgEffect {
  return {
    id: `counters:${objectId}`,
    timestamp: 0,
    affects: { locked: [objectId] },
    parts: [{ layer: '7d', op: { kind: 'modify-pt', power: plusOne - minusOne, toughness: plusOne - minusOne } }],
  };
}

/** CR 613.3d, 121.3: the counters on every object as one sublayer-7d effect (net +1/+1 minus -1/-1 per object). */
export function countersEffect(net: Readonly<Record<string, number>>): MtgEffect {
  return {
    id: 'counters',
    timestamp: 0,
    affects: { locked: Object.keys(net) },
    parts: [{ layer: '7d', op: { kind: 'counters', net } }],
  };
}

/**
 * CR 611.2c: an effect from a resolving spell or ability that changes characteristics fixes the objects it affects
 * when it is made. Turns a filter into the list of objects that match it now.
 */
export function lockAffected(effect: MtgEffect, world: World<MtgCharacteristics>): MtgEffect {
  const affects = effect.affects;
  if ('locked' in affects) return effect;
  return {
    ...effect,
    affects: { locked: Object.keys(world).filter((id) => matchesMtgFilter(affects.filter, id, world)) },
  };
}
