/**
 * Deep copy of plain JSON data (objects, arrays, primitives). Engines copy the state once per decision so the input
 * state is never modified; for plain data this is several times faster than structuredClone.
 */
export function cloneJson<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  // Primitives are copied in the loops without a call: most of a state's values are strings and numbers (zone
  // lists of ids), and a call per value was most of the copy's cost.
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      out[i] = v === null || typeof v !== 'object' ? v : cloneJson(v);
    }
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const key in value) {
    const v: unknown = (value as Record<string, unknown>)[key];
    out[key] = v === null || typeof v !== 'object' ? v : cloneJson(v);
  }
  return out as T;
}
