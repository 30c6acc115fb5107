import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted, so equal states always serialise to equal bytes. A sorted copy is built first and
 * serialised once: the same bytes as a `JSON.stringify` replacer that sorts (what stored decision logs hold) at a
 * fraction of the cost, since a replacer is called for every value of a large state.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortedCopy(value, ''));
}

function sortedCopy(value: unknown, key: string): unknown {
  if (value === null || typeof value !== 'object') return value;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return sortedCopy(toJSON.call(value, key), key);
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = sortedCopy(value[i], String(i));
    return out;
  }
  // Inserting in sorted order gives the sorted order, except that JavaScript always lists integer-like keys first,
  // in numeric order: earlier hashes were made the same way, so they stay equal.
  const keys = Object.keys(value).sort();
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = sortedCopy((value as Record<string, unknown>)[k], k);
  return out;
}

/** The canonical hash of a state: what the decision log records after every decision. */
export function stateHash(state: unknown): string {
  return createHash('sha256').update(canonicalJson(state)).digest('hex');
}
