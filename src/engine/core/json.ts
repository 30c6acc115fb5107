/**
 * Plain JSON values: what a game state, a procedure frame and an event are made of. Type aliases (not interfaces) so
 * that object shapes written as `type X = {...}` are assignable to `JsonObject`.
 */
export type Json = null | boolean | number | string | Json[] | JsonObject;
/** A member may be undefined: it is then absent, as JSON.stringify and `jsonCopy` drop it (optional fields). */
export type JsonObject = { [key: string]: Json | undefined };

/**
 * A checked deep copy of a value that must be plain JSON (a game state, or part of one). Throws on anything else
 * (a function, a class instance, `undefined` in an array, a non-finite number), so a state that could not survive
 * `JSON.stringify` is caught where it is copied rather than at replay. Object members that are `undefined` are
 * dropped, as JSON.stringify drops them.
 */
export function jsonCopy(value: unknown, path = '$'): Json {
  // The copy is taken without paths (a transaction copies most of a state per play, and a path string per value was
  // most of that cost); only when it meets something that is not JSON is it taken again, naming where.
  try {
    return copyChecked(value);
  } catch (err) {
    if (err !== NOT_JSON) throw err;
  }
  return jsonCopyNamed(value, path);
}

/** Thrown by `copyChecked` at the first value that is not JSON; `jsonCopyNamed` then says where it is. */
const NOT_JSON = Symbol('not JSON');

function copyChecked(value: unknown): Json {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw NOT_JSON;
    return value;
  }
  if (Array.isArray(value)) {
    const out: Json[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      if (!(i in value)) throw NOT_JSON; // a hole: the named copy keeps it, as `map` does
      out[i] = copyChecked(value[i]);
    }
    return out;
  }
  if (typeof value === 'object') {
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) throw NOT_JSON;
    const out: JsonObject = {};
    const record = value as Record<string, unknown>;
    for (const k of Object.keys(record)) {
      const v = record[k];
      if (v !== undefined) out[k] = copyChecked(v);
    }
    return out;
  }
  throw NOT_JSON;
}

/** `jsonCopy` with the path of every value kept, to name where something is not JSON. */
function jsonCopyNamed(value: unknown, path: string): Json {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`${path}: ${value} is not JSON`);
    return value;
  }
  if (Array.isArray(value)) return value.map((v, i) => jsonCopyNamed(v, `${path}[${i}]`));
  if (typeof value === 'object') {
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) throw new TypeError(`${path}: a class instance is not JSON`);
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = jsonCopyNamed(v, `${path}.${k}`);
    return out;
  }
  throw new TypeError(`${path}: ${value === undefined ? 'undefined' : `a ${typeof value}`} is not JSON`);
}

export function isJsonObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
