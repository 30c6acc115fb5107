import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted, so equal states always serialise to equal bytes. A sorted copy is built first and
 * serialised once: the same bytes as a `JSON.stringify` replacer that sorts (what stored decision logs hold) at a
 * fraction of the cost, since a replacer is called for every value of a large state.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortedCopy(value, ''));
}

/**
 * Sorted copies of deep-frozen objects, which can never change: engines freeze what they hand out (NOVA's card
 * objects, games/nova/working-copy.ts) and consecutive states share most of it, so most of a state is sorted once.
 * Invisible to callers: the output is the same with or without it.
 */
const frozenCopies = new WeakMap<object, unknown>();

function sortedCopy(value: unknown, key: string): unknown {
  return copyOf(value, key).copy;
}

/** The sorted copy, and whether everything under `value` is frozen (so the copy may be reused). */
function copyOf(value: unknown, key: string): { copy: unknown; frozen: boolean } {
  if (value === null || typeof value !== 'object') return { copy: value, frozen: true };
  const cached = frozenCopies.get(value);
  if (cached !== undefined) return { copy: cached, frozen: true };
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return { copy: sortedCopy(toJSON.call(value, key), key), frozen: false };
  let frozen = Object.isFrozen(value);
  let out: unknown;
  if (Array.isArray(value)) {
    const list = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const c = copyOf(value[i], String(i));
      list[i] = c.copy;
      frozen &&= c.frozen;
    }
    out = list;
  } else {
    // Inserting in sorted order gives the sorted order, except that JavaScript always lists integer-like keys
    // first, in numeric order: earlier hashes were made the same way, so they stay equal.
    const keys = Object.keys(value).sort();
    const record: Record<string, unknown> = {};
    for (const k of keys) {
      const c = copyOf((value as Record<string, unknown>)[k], k);
      record[k] = c.copy;
      frozen &&= c.frozen;
    }
    out = record;
  }
  if (frozen) frozenCopies.set(value, out);
  return { copy: out, frozen };
}

/** The canonical hash of a state: what the decision log records after every decision. */
export function stateHash(state: unknown): string {
  return createHash('sha256').update(canonicalJson(state)).digest('hex');
}
