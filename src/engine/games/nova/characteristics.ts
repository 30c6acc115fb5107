import type { Seat } from '../../core/game.ts';
import { novaCard } from './cards/pool.ts';
import type { Filter, Keyword, NovaCard } from './cards/schema.ts';
import type { CardObject, NovaState } from './state.ts';
import { fieldObjects, isCharacter, obj } from './zones.ts';

const SEATS: readonly Seat[] = ['p1', 'p2'];

/** A servant's current characteristics after continuous effects (NOVA 802.1.2.1). */
export interface Characteristics {
  races: string[];
  keywords: Keyword[];
  atk: number;
  hp: number;
  cantAttack: boolean;
  indestructible: boolean;
}

/**
 * What characteristics read from the fields, gathered in one walk: rules processing asks for every servant on the
 * field, and walking both fields for each of them was a large part of a decision. Valid until the fields, their
 * objects or their attachments change: take a new one after any such change.
 */
export interface FieldScan {
  /** Per controller, in field order: race grants (NOVA 918.2), +X/+Y statics with their source, whether a
   *  character is among them (803.1.4). */
  bySeat: Record<
    Seat,
    { raceGrants: { race: string; at: number }[]; buffs: { src: CardObject; a: StaticBuff }[]; character: boolean }
  >;
  /** Equip lines by the id of the object they are attached to, field order (p1's field, then p2's); `at` is when
   *  the equip card was placed on the field (its timestamp, NOVA 802.1.2.1.5.1). */
  equipment: Map<string, (Equip & { at: number })[]>;
}
type StaticBuff = Extract<NovaCard['abilities'][number], { kind: 'static-buff' }>;
type Equip = NonNullable<NovaCard['equip']>;

export function scanField(s: NovaState): FieldScan {
  const bySeat = {} as FieldScan['bySeat'];
  const equipment = new Map<string, (Equip & { at: number })[]>();
  for (const seat of SEATS) {
    const mine: FieldScan['bySeat'][Seat] = { raceGrants: [], buffs: [], character: false };
    for (const id of s.players[seat].zones.field) {
      const src = obj(s, id);
      const def = novaCard(src.card);
      if (def.type === 'character') mine.character = true;
      for (const a of def.abilities) {
        if (a.kind === 'static-race') mine.raceGrants.push({ race: a.race, at: src.enteredAt });
        else if (a.kind === 'static-buff') mine.buffs.push({ src, a });
      }
      if (src.attachedTo !== null && def.equip) {
        const line = { ...def.equip, at: src.enteredAt };
        const list = equipment.get(src.attachedTo);
        if (list) list.push(line);
        else equipment.set(src.attachedTo, [line]);
      }
    }
    bySeat[seat] = mine;
  }
  return { bySeat, equipment };
}

/**
 * NOVA 802.1.2.1: printed values, then every non-numeric effect (races, keywords), then numeric effects
 * (static +X/+Y, equipment, effects until end of turn, counters) in timestamp order. Numbers are kept true
 * (may go negative) and read as 0 where used (004.8). `scan` (scanField) may be shared between calls on one state.
 */
export function characteristics(s: NovaState, o: CardObject, scan?: FieldScan): Characteristics {
  const def = novaCard(o.card);
  const onField = o.zone === 'field';
  const servantOnField = onField && def.type === 'servant';
  const field = onField ? (scan ?? scanField(s)) : null;
  // The objects on a seat's field list are the ones that seat controls (zones.ts, control.ts).
  const mine = field?.bySeat[o.controller];
  const equipment = field?.equipment.get(o.id) ?? [];
  let races = [...def.races];
  // Layer 1 (non-numeric): race grants, NOVA 918.2 (Oathsworn Squire style).
  if (servantOnField && mine) for (const g of mine.raceGrants) if (!races.includes(g.race)) races.push(g.race);
  // Keywords: printed, from equipment, from conditional statics, from effects until end of turn.
  const keywords = new Set<Keyword>(def.keywords);
  let cantAttack = false;
  for (const eq of equipment) {
    for (const k of eq.keywords) keywords.add(k);
    if (eq.cantAttack) cantAttack = true;
  }
  if (onField) {
    for (const a of def.abilities)
      if (a.kind === 'static-keyword-while-character' && mine?.character) keywords.add(a.keyword); // NOVA 803.1.4
    for (const eff of s.effects) if (eff.kind === 'keyword' && eff.affected.includes(o.id)) keywords.add(eff.keyword);
    // Becoming a race or a keyword or losing a keyword does not commute with the grants, so then they all apply again in
    // timestamp order (802.1.2.1.5); without such an effect the order cannot matter.
    if (
      s.effects.some(
        (e) =>
          (e.kind === 'race' ||
            e.kind === 'lose-keyword' ||
            e.kind === 'lose-races' ||
            (e.kind === 'keyword' && e.become)) &&
          e.affected.includes(o.id),
      )
    )
      races = nonNumericInOrder(s, o, def, mine, servantOnField, equipment, keywords);
  }
  const indestructible = def.abilities.some((a) => a.kind === 'indestructible');
  // Layer 2 (numeric), timestamp order: statics by their source's entry time, then equipment, effects, counters.
  // Every numeric effect NOVA has adds a fixed amount (923's doubling is fixed on resolution as an increase), so
  // the sums are the same in any order: they are added as found. An effect that sets a value would need the order.
  let atk = def.atk ?? 0;
  let hp = def.hp ?? 0;
  if (servantOnField && mine) {
    for (const { src, a } of mine.buffs) {
      if (matchesFilter(a.filter, o, src, races, keywords)) {
        atk += a.atk;
        hp += a.hp;
      }
    }
    for (const eq of equipment) {
      atk += eq.atk;
      hp += eq.hp;
    }
    for (const eff of s.effects)
      if (eff.kind === 'stat' && eff.affected.includes(o.id)) {
        atk += eff.atk;
        hp += eff.hp;
      }
    for (const name in o.counters) {
      const m = /^([+-−]\d+)\/([+-−]\d+)$/.exec(name); // NOVA 919: stat counters act as numeric effects
      if (m?.[1] && m[2]) {
        const n = o.counters[name] ?? 0;
        atk += Number(m[1].replace('−', '-')) * n;
        hp += Number(m[2].replace('−', '-')) * n;
      }
    }
  }
  return { races, keywords: [...keywords], atk, hp, cantAttack, indestructible };
}

/**
 * NOVA 802.1.2.1.2, 802.1.2.1.5: the printed races and keywords, then every non-numeric change in the order it came
 * to be: statics and equipment from when their card was placed on the field (802.1.2.1.5.1), effects from when they
 * were made. Becoming a race or a keyword replaces the races or keywords (918.1), gaining adds (918.2), losing a
 * keyword removes it (918.3).
 * Fills `keywords` and returns the races.
 */
function nonNumericInOrder(
  s: NovaState,
  o: CardObject,
  def: NovaCard,
  mine: FieldScan['bySeat'][Seat] | undefined,
  servantOnField: boolean,
  equipment: readonly (Equip & { at: number })[],
  keywords: Set<Keyword>,
): string[] {
  type Change = {
    at: number;
    race?: string;
    become?: boolean;
    gain?: Keyword;
    becomeKeyword?: true;
    lose?: Keyword;
    loseRaces?: true;
  };
  const changes: Change[] = [];
  if (servantOnField) for (const g of mine?.raceGrants ?? []) changes.push({ at: g.at, race: g.race });
  for (const eq of equipment) for (const k of eq.keywords) changes.push({ at: eq.at, gain: k });
  for (const a of def.abilities)
    if (a.kind === 'static-keyword-while-character' && mine?.character)
      changes.push({ at: o.enteredAt, gain: a.keyword });
  for (const e of s.effects) {
    if (!('affected' in e) || !e.affected.includes(o.id)) continue;
    if (e.kind === 'keyword')
      changes.push({ at: e.timestamp, gain: e.keyword, ...(e.become ? { becomeKeyword: true as const } : {}) });
    else if (e.kind === 'race') changes.push({ at: e.timestamp, race: e.race, become: e.become });
    else if (e.kind === 'lose-keyword') changes.push({ at: e.timestamp, lose: e.keyword });
    else if (e.kind === 'lose-races') changes.push({ at: e.timestamp, loseRaces: true });
  }
  changes.sort((a, b) => a.at - b.at); // stable: printed order within one timestamp
  let races = [...def.races];
  keywords.clear();
  for (const k of def.keywords) keywords.add(k);
  for (const c of changes) {
    if (c.race !== undefined) races = c.become ? [c.race] : races.includes(c.race) ? races : [...races, c.race];
    if (c.loseRaces) races = []; // NOVA 918.1–918.3: a race gained later in the order is had again (R95)
    if (c.becomeKeyword) keywords.clear(); // NOVA 918.1: the keywords had so far are lost
    if (c.gain) keywords.add(c.gain);
    if (c.lose) keywords.delete(c.lose);
  }
  return races;
}

function matchesFilter(
  f: Filter,
  target: CardObject,
  source: CardObject,
  races: string[],
  keywords: Set<Keyword>,
): boolean {
  if (f.others && target.id === source.id) return false;
  if (f.race && !races.includes(f.race)) return false;
  if (f.keyword && !keywords.has(f.keyword)) return false;
  return true;
}

/** NOVA 004.8: negative values are read as 0. */
export function readAtk(c: Characteristics): number {
  return Math.max(0, c.atk);
}

export function remainingHp(s: NovaState, o: CardObject): number {
  return Math.max(0, characteristics(s, o).hp) - o.damage;
}

export function hasKeyword(s: NovaState, o: CardObject, k: Keyword): boolean {
  return characteristics(s, o).keywords.includes(k);
}

/** NOVA 203.4: a servant not continuously controlled since its controller's turn began, unless it has Gale (1003.2). */
export function actionRestricted(s: NovaState, o: CardObject): boolean {
  if (novaCard(o.card).type !== 'servant') return false;
  return !o.sinceTurnStart && !hasKeyword(s, o, 'gale');
}

/** NOVA 005.5.3: limit level including temporary raises. */
export function limitLevel(s: NovaState, seat: Seat): number {
  let level = s.players[seat].limitLevel;
  for (const e of s.effects) if (e.kind === 'limit' && e.seat === seat) level += e.amount;
  return level;
}

/** NOVA 109.3 (docs/rulings A9): levels of characters you own on either field plus your retired area. */
export function usedCharacterLevels(s: NovaState, seat: Seat): number {
  let total = 0;
  for (const o of fieldObjects(s)) if (o.owner === seat && isCharacter(o)) total += novaCard(o.card).level ?? 0;
  for (const id of s.players[seat].zones.retired) total += novaCard(s.objects[id]?.card ?? '').level ?? 0;
  return total;
}
