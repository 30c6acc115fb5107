import { createHash } from 'node:crypto';

/** JSON with object keys sorted, so equal states always serialise to equal bytes. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const sorted: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k];
      return sorted;
    }
    return v;
  });
}

/** The canonical hash of a state: what the decision log records after every decision. */
export function stateHash(state: unknown): string {
  return createHash('sha256').update(canonicalJson(state)).digest('hex');
}
