/**
 * The views' shared log plumbing: which structured log entries of a state a viewer reads, numbered by decision, with
 * references to objects the viewer may not see taken out. Each game decides what is hidden (its `hiddenObjectIds`)
 * and which fields of its entries name objects; the numbering and the filtering are the same for every game.
 */
import type { Seat, Viewer } from './game.ts';
import { mayLookAt } from './hidden.ts';

/** A log entry with its number: version × 1000 + its index in the state's log (one decision's entries). */
export type NumberedEntry<E> = { seq: number; entry: E };

/** How a game's entries are filtered for one viewer. */
export interface LogVisibility<E> {
  /** Object ids the viewer may not see: a field naming one is dropped (the card went to a hidden zone). */
  hidden?: ReadonlySet<string>;
  /** The fields of an entry that name objects. */
  objectFields?: readonly ObjectField<E>[];
  /** An entry only its seat may read (`privateTo`), or null when it is public. */
  privateTo?: (entry: E) => Seat | null | undefined;
}

/** The optional string fields of an entry: those an entry may lose. */
export type ObjectField<E> = {
  [K in keyof E]-?: undefined extends E[K] ? (string extends NonNullable<E[K]> ? K : never) : never;
}[keyof E];

/** The state's entries numbered after `after` (all when undefined) that this viewer may read. */
export function visibleEntries<E extends object>(
  s: { version: number; log: readonly E[] },
  viewer: Viewer,
  after: number | undefined,
  visibility: LogVisibility<E> = {},
): NumberedEntry<E>[] {
  const { hidden, objectFields = [], privateTo } = visibility;
  return s.log.flatMap((entry, i) => {
    const seq = s.version * 1000 + i;
    if (after !== undefined && seq <= after) return [];
    const onlyFor = privateTo?.(entry);
    if (onlyFor && !mayLookAt(viewer, onlyFor)) return [];
    // A card that went to a hidden zone is named, but its object id is not followed there.
    let out = entry;
    if (hidden)
      for (const field of objectFields) {
        const ref = out[field];
        if (typeof ref === 'string' && hidden.has(ref)) {
          const copy = { ...out };
          delete copy[field];
          out = copy;
        }
      }
    return [{ seq, entry: out }];
  });
}
