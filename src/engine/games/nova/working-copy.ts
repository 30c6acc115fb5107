import { cloneJson } from '../../core/clone.ts';
import { LOG_KEPT } from './log.ts';
import type { CardObject, NovaState } from './state.ts';

/**
 * Copy-on-write for card objects. A decision works on a copy of the state whose small parts (players, zones,
 * waiting area, effects, ...) are copied outright but whose card objects, most of the state, are shared with the
 * input until written: `writableObj` gives this decision's own copy of an object, made on its first write, and the
 * record of objects itself is copied only when an object is added, removed or copied (`putObject`,
 * `removeObject`). Copying every object per decision used to be most of the engine's time (docs/roadmap.md).
 *
 * The engine seals what it hands out: card objects of a returned state are frozen, so code that writes through
 * `obj()` or `fieldObjects()` (which read) fails loudly at once instead of silently changing the caller's state.
 *
 * What a working copy owns lives here, keyed by the working state (weakly, so nothing outlives it); it is never
 * visible to callers and never part of a state.
 */
interface Owned {
  /** Whether `s.objects` is the working copy's own record yet. */
  record: boolean;
  /** Ids of the card objects that are the working copy's own. */
  ids: Set<string>;
  /** Search's simulation mode (core/search.ts `simulate`): no log text, no freezing; the same rules state. */
  simulate: boolean;
  /**
   * Set when a priority pass handed priority to the other player and nothing else changed: the next priority
   * processing may skip rules processing once (engine.ts `applyResponse`, turn.ts `priorityProcessing`).
   */
  rulesSettled: boolean;
  /**
   * The owned-state path (`ownedState`): the caller's state is changed itself, and this record outlives the
   * decision, so the objects it copied once stay its own for the next decisions.
   */
  inPlace: boolean;
}
const owned = new WeakMap<NovaState, Owned>();

/**
 * A copy of the state to apply one decision to. Log entries are never modified after they are written, so the
 * copy shares them; the log is trimmed here, before the decision, to the latest LOG_KEPT entries, so the new state
 * holds every entry its decision writes (replaying a match collects them all, core/replay.ts).
 */
export function workingCopy(state: NovaState, simulate = false): NovaState {
  // A shallow spread, then each value replaced in place: the copy keeps the input's keys in their order and, unlike
  // an object filled key by key, V8's fast property layout, which every read of `s.turn` or `s.players` relies on.
  const copy: NovaState = { ...state, log: state.log.slice(-LOG_KEPT) };
  const values = copy as unknown as Record<string, unknown>;
  for (const key in values) {
    if (key === 'objects' || key === 'log') continue;
    values[key] = cloneJson(values[key]);
  }
  // The copy shares the input's record and card objects: an owned state (ownedState) must copy them again before
  // it next writes one.
  const source = owned.get(state);
  if (source?.inPlace) {
    source.record = false;
    source.ids.clear();
  }
  owned.set(copy, { record: false, ids: new Set(), simulate, rulesSettled: false, inPlace: false });
  return copy;
}

/**
 * The owned-state path (core/procedure.ts AnswerOptions `inPlace`, search's `simulateInPlace`): the state a caller
 * owns and drops, made ready to be changed itself, in simulation mode (no log text, no freezing). Its players, zones
 * and other small parts are its own by that contract and are changed where they are; its card objects and their
 * record may still be shared (the first step of a playout is a working copy, which shares them with its input), so
 * they stay copy-on-write, each copied at most once for all the decisions the state goes through.
 */
export function ownedState(state: NovaState): NovaState {
  if (!owned.get(state)?.inPlace)
    owned.set(state, { record: false, ids: new Set(), simulate: true, rulesSettled: false, inPlace: true });
  return state;
}

/** Whether this working copy is applying a decision for search: presentation (log text) is then skipped. */
export function simulating(s: NovaState): boolean {
  return owned.get(s)?.simulate ?? false;
}

/**
 * Marks this working copy as settled for rules processing (NOVA 501): nothing rules processing reads has changed
 * since it last ran to the end. Only `applyResponse` sets it, for a pass that handed priority on within one window.
 */
export function markRulesSettled(s: NovaState): void {
  const mine = owned.get(s);
  if (mine) mine.rulesSettled = true;
}

/** Whether the working copy was marked settled, clearing the mark: it holds for one priority processing only. */
export function takeRulesSettled(s: NovaState): boolean {
  const mine = owned.get(s);
  if (!mine?.rulesSettled) return false;
  mine.rulesSettled = false;
  return true;
}

/** The working copy's own record of objects, copied from the shared one on first use. */
function ownRecord(s: NovaState, mine: Owned | undefined): Record<string, CardObject> {
  if (mine && !mine.record) {
    // A loop over Object.keys copies the record (dictionary-mode after deletions) ~3x faster than a spread.
    const from = s.objects;
    const record: Record<string, CardObject> = {};
    const ids = Object.keys(from);
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] as string;
      record[id] = from[id] as CardObject;
    }
    s.objects = record;
    mine.record = true;
  }
  return s.objects;
}

/** The card object, ready to be changed: in a working copy, this decision's own copy of it. */
export function writableObj(s: NovaState, id: string): CardObject {
  const o = s.objects[id];
  if (!o) throw new Error(`No object ${id}`);
  const mine = owned.get(s);
  if (!mine || mine.ids.has(id)) return o; // a state being built (setup, scenario position), or already copied
  const copy = cloneJson(o);
  ownRecord(s, mine)[id] = copy;
  mine.ids.add(id);
  return copy;
}

/** Adds a card object created while applying a decision (it belongs to the working copy from the start). */
export function putObject(s: NovaState, o: CardObject): void {
  const mine = owned.get(s);
  ownRecord(s, mine)[o.id] = o;
  mine?.ids.add(o.id);
}

export function removeObject(s: NovaState, id: string): void {
  delete ownRecord(s, owned.get(s))[id];
}

/**
 * Freezes what this working copy owns (everything when the state was built outside a decision) and ends its
 * bookkeeping. Called when the engine hands a state out.
 */
export function seal(s: NovaState): void {
  const mine = owned.get(s);
  if (mine?.inPlace) {
    mine.rulesSettled = false; // as a working copy's, the mark holds within one decision only
    return;
  }
  // Search never writes the states it simulates: freezing them is a safety net it can do without.
  if (mine && (!mine.record || mine.simulate)) {
    owned.delete(s);
    return;
  }
  for (const id of mine ? mine.ids : Object.keys(s.objects)) {
    const o = s.objects[id];
    if (o) deepFreeze(o);
  }
  // The record itself stays unfrozen: copying a frozen record of ~100 entries costs ten times more, and it is
  // only ever changed through putObject and removeObject.
  owned.delete(s);
}

function deepFreeze(value: object): void {
  if (Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) if (v && typeof v === 'object') deepFreeze(v);
}
