/**
 * Events with last-known information, as plain JSON in the game state.
 *
 * - An object keeps its id across zones, but each zone change makes it a new object (CR 400.7, NOVA's equivalent):
 *   its **incarnation** counter rises. An `ObjRef` names one incarnation; a ref to an older one no longer reaches
 *   the object, only what was last known about it.
 * - **Last-known information**: before an object leaves its zone the game records what it was (its computed
 *   characteristics, controller, ...) under `id:incarnation`. "When it dies" triggers and other look-back abilities
 *   read it (CR 603.10, 608.2h). An entry is collected once nothing in the state refers to that incarnation.
 * - **Events** are records in batches: events that happen simultaneously share a batch id (one state-based pass
 *   destroying three units is one batch), so triggers see them together. `applied` lists the replacement effects
 *   already applied to the event (CR 614.5).
 */
import type { Json, JsonObject } from './json.ts';

export type ObjRef = { id: string; inc: number };

export type GameEvent = {
  seq: number;
  batch: number;
  type: string;
  subject?: ObjRef;
  cause?: ObjRef;
  data: JsonObject;
  applied: string[];
};

export type NewEvent = Omit<GameEvent, 'seq' | 'batch' | 'applied'> & { applied?: string[] };

export type EventState = {
  nextSeq: number;
  nextBatch: number;
  /** Current incarnation per object id; absent means 0. */
  incarnation: Record<string, number>;
  /** What each past incarnation was when it left its zone, by `id:inc`. */
  lki: Record<string, JsonObject>;
  /** Events not yet looked at by the trigger check, oldest first. */
  unseen: GameEvent[];
};

export function newEventState(): EventState {
  return { nextSeq: 1, nextBatch: 1, incarnation: {}, lki: {}, unseen: [] };
}

export function lkiKey(ref: ObjRef): string {
  return `${ref.id}:${ref.inc}`;
}

/** A ref to the object as it is now. */
export function refTo(events: EventState, id: string): ObjRef {
  return { id, inc: events.incarnation[id] ?? 0 };
}

/** Does the ref still reach the object (no zone change since it was taken)? */
export function isCurrent(events: EventState, ref: ObjRef): boolean {
  return (events.incarnation[ref.id] ?? 0) === ref.inc;
}

/**
 * The object leaves its zone: records what it was (`lastKnown`) for its current incarnation and starts a new one
 * (CR 400.7). Returns the ref to the old incarnation, which now reads the recorded information.
 */
export function changeZone(events: EventState, id: string, lastKnown: JsonObject): ObjRef {
  const old = refTo(events, id);
  events.lki[lkiKey(old)] = lastKnown;
  events.incarnation[id] = old.inc + 1;
  return old;
}

/** What was last known about a past incarnation (CR 603.10); undefined for a current ref or a collected entry. */
export function lastKnown(events: EventState, ref: ObjRef): JsonObject | undefined {
  return isCurrent(events, ref) ? undefined : events.lki[lkiKey(ref)];
}

/** Records events that happen at the same time as one batch (they share its id) and returns them. */
export function emitBatch(events: EventState, batch: readonly NewEvent[]): GameEvent[] {
  if (batch.length === 0) return [];
  const id = events.nextBatch;
  events.nextBatch += 1;
  const out = batch.map((e) => {
    const event: GameEvent = { ...e, seq: events.nextSeq, batch: id, applied: e.applied ?? [] };
    events.nextSeq += 1;
    return event;
  });
  events.unseen.push(...out);
  return out;
}

/** Hands the unseen events to the trigger check, batch by batch, and forgets them. */
export function takeUnseen(events: EventState): GameEvent[][] {
  const batches: GameEvent[][] = [];
  for (const e of events.unseen) {
    const last = batches[batches.length - 1];
    if (last && last[0]?.batch === e.batch) last.push(e);
    else batches.push([e]);
  }
  events.unseen = [];
  return batches;
}

/** Every `{id, inc}` ref anywhere in the values (stack items, pending triggers, frames, effects), as `id:inc`. */
export function refsIn(values: readonly Json[], into = new Set<string>()): Set<string> {
  const walk = (v: Json): void => {
    if (Array.isArray(v)) for (const x of v) walk(x);
    else if (v !== null && typeof v === 'object') {
      if (typeof v.id === 'string' && typeof v.inc === 'number') into.add(`${v.id}:${v.inc}`);
      for (const k in v) {
        const x = v[k];
        if (x !== undefined) walk(x);
      }
    }
  };
  for (const v of values) walk(v);
  return into;
}

/**
 * Drops last-known entries nothing refers to any more. `roots` are every part of the state that can hold a ref
 * (the stack, pending triggers, the procedure frames, continuous effects, unseen events). Returns the dropped keys.
 */
export function collectLki(events: EventState, roots: readonly Json[]): string[] {
  const live = refsIn([...roots, events.unseen]);
  const dropped: string[] = [];
  for (const key of Object.keys(events.lki)) {
    if (!live.has(key)) {
      delete events.lki[key];
      dropped.push(key);
    }
  }
  return dropped;
}
