/**
 * Deep copy of plain JSON data (objects, arrays, primitives). Engines copy the state once per decision so the input
 * state is never modified; for plain data this is several times faster than structuredClone.
 */
export function cloneJson<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  // Primitives are copied in the loops without a call: most of a state's values are strings and numbers (zone
  // lists of ids), and a call per value was most of the copy's cost.
  if (Array.isArray(value)) {
    // Lists of primitives (a state's zone lists of ids) are copied whole with slice, a block copy.
    let primitives = true;
    for (let i = 0; i < value.length && primitives; i++) {
      const v: unknown = value[i];
      primitives = v === null || typeof v !== 'object';
    }
    if (primitives) return value.slice() as T;
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      out[i] = v === null || typeof v !== 'object' ? v : cloneJson(v);
    }
    return out as T;
  }
  // A spread copies the object's shape and values at once (V8 clones its layout); nested objects are then
  // replaced by their copies. Same keys in the same order as copying key by key.
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const key in out) {
    const v = out[key];
    if (v !== null && typeof v === 'object') out[key] = cloneJson(v);
  }
  return out as T;
}
