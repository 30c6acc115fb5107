import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted, so equal states always serialise to equal bytes: exactly the bytes of
 * `JSON.stringify` with a replacer that sorts keys (what stored decision logs hold; test/core/rng-hash.test.ts checks
 * it), written directly instead of through a sorted copy, since a replacer or a copy costs a call or an object for
 * every value of a large state.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  return write(value, '', { notFrozen: 0 }) as string;
}

/**
 * The JSON text of deep-frozen objects, which can never change: engines freeze what they hand out (NOVA's card
 * objects, games/nova/working-copy.ts) and consecutive states share most of it, so most of a state is written once.
 * Invisible to callers: the output is the same with or without it.
 */
const frozenJson = new WeakMap<object, string>();

/**
 * The JSON text of objects that are not frozen themselves but whose members all are (or are primitives), with the
 * keys and members it was written from: NOVA's record of card objects is shared by consecutive states until a card
 * object changes (most priority passes change none), but stays unfrozen for the engine's copy-on-write. The text is
 * reused only when the object still has exactly those keys, in that order, holding identical members, so the output
 * is the same as writing it again.
 */
const shallowJson = new WeakMap<object, { keys: string[]; members: unknown[]; text: string }>();

/** Counts values met under the current one that are not deep-frozen (so its text must not be reused). */
interface Walk {
  notFrozen: number;
}

/** The JSON text of `value` found under `key`, or undefined where JSON leaves the member out. */
function write(value: unknown, key: string, walk: Walk): string | undefined {
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      break;
    case 'bigint':
      return JSON.stringify(value); // throws, as JSON.stringify does
    default:
      return undefined; // undefined, functions and symbols are left out (null in arrays)
  }
  const cached = frozenJson.get(value);
  if (cached !== undefined) return cached;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') {
    walk.notFrozen += 1;
    return write(toJSON.call(value, key), key, walk);
  }
  const before = walk.notFrozen;
  const frozen = Object.isFrozen(value);
  if (!frozen) walk.notFrozen += 1;
  // Members are joined rather than appended one by one: join makes one flat string, where += makes a rope that
  // every later use of the cached text (and the hash's UTF-8 encoding) would walk again piece by piece.
  const members: string[] = [];
  let text: string;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) members.push(write(value[i], String(i), walk) ?? 'null');
    text = `[${members.join(',')}]`;
  } else {
    const keys = Object.keys(value);
    const record = value as Record<string, unknown>;
    if (!frozen) {
      const known = shallowJson.get(value);
      if (known && sameMembers(known, keys, record)) return known.text;
    }
    for (const k of jsonKeyOrder(keys.slice())) {
      const member = write(record[k], k, walk);
      if (member !== undefined) members.push(`${quote(k)}:${member}`);
    }
    text = `{${members.join(',')}}`;
    if (!frozen && walk.notFrozen === before + 1) {
      shallowJson.set(value, { keys, members: keys.map((k) => record[k]), text });
    }
  }
  if (walk.notFrozen === before) frozenJson.set(value, text);
  return text;
}

/** Whether the object still has exactly the keys (in order) and identical members its remembered text was written from. */
function sameMembers(
  known: { keys: string[]; members: unknown[] },
  keys: string[],
  record: Record<string, unknown>,
): boolean {
  if (keys.length !== known.keys.length) return false;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    if (k !== known.keys[i] || record[k] !== known.members[i]) return false;
  }
  return true;
}

/**
 * The order JSON.stringify lists the keys of an object built by inserting them sorted: JavaScript lists array-index
 * keys ("0", "12") first in numeric order, then the others in insertion order. "__proto__" is left out: assigning
 * it to a plain object sets the prototype instead of a member, so the sorted copies that stored hashes were made
 * from never had it.
 */
function jsonKeyOrder(keys: string[]): string[] {
  keys.sort();
  let indices: string[] | null = null;
  let hasProto = false;
  for (const k of keys) {
    if (isArrayIndex(k)) (indices ??= []).push(k);
    else if (k === '__proto__') hasProto = true;
  }
  if (!indices && !hasProto) return keys;
  const named = keys.filter((k) => !isArrayIndex(k) && k !== '__proto__');
  return indices ? [...indices.sort((a, b) => Number(a) - Number(b)), ...named] : named;
}

/** What JSON.stringify escapes in a string: quotes, backslashes, control characters and lone surrogates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are exactly what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** JSON.stringify of a string; most need no escaping, and a regex test is ~2x cheaper than the call. */
function quote(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/** A canonical decimal integer below 2^32 - 1, which JavaScript treats as an array index. */
function isArrayIndex(k: string): boolean {
  const c = k.charCodeAt(0);
  if (c < 48 || c > 57) return false; // fast path: most keys start with a letter
  return /^(0|[1-9]\d{0,9})$/.test(k) && Number(k) < 4294967295;
}

/** Member texts at least this long are passed on as pieces of their own; shorter ones are joined with their neighbours. */
const LARGE_MEMBER = 1024;

/**
 * `canonicalJson(value)` in pieces whose concatenation is exactly that text: an object's large members apart, so
 * a hash can be fed them one after the other without first copying a whole state into one string (and a member
 * holding non-Latin-1 text, such as a Japanese log, does not make the whole text two bytes a character).
 */
export function canonicalPieces(value: unknown): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || Object.isFrozen(value)) {
    return [canonicalJson(value)];
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return [canonicalJson(value)];
  const record = value as Record<string, unknown>;
  const walk: Walk = { notFrozen: 1 };
  const pieces: string[] = [];
  let small = '{';
  let first = true;
  for (const k of jsonKeyOrder(Object.keys(record))) {
    const member = write(record[k], k, walk);
    if (member === undefined) continue;
    small += `${first ? '' : ','}${quote(k)}:`;
    first = false;
    if (member.length >= LARGE_MEMBER) {
      pieces.push(small, member);
      small = '';
    } else small += member;
  }
  pieces.push(`${small}}`);
  return pieces;
}

/** SHA-256 (hex) of the concatenated pieces: the same digest as of their joined text, without joining them. */
export function hashPieces(pieces: readonly string[]): string {
  const hash = createHash('sha256');
  for (const piece of pieces) hash.update(piece);
  return hash.digest('hex');
}

/**
 * The rules state: a state without its top-level `log`, the game's structured log, which is presentation and outside
 * the hash (the kernel convention, core/game.ts BaseState). Anything that is not such a state is returned as it is.
 */
export function rulesPart(state: unknown): unknown {
  if (state === null || typeof state !== 'object' || Array.isArray(state) || !Object.hasOwn(state, 'log')) return state;
  const { log: _presentation, ...rules } = state as Record<string, unknown>;
  return rules;
}

/**
 * The canonical hash of a state's rules part, SHA-256 of `canonicalJson(rulesPart(state))`: what the decision log
 * records after every decision, and what restoring a match compares.
 */
export function stateHash(state: unknown): string {
  return hashPieces(canonicalPieces(rulesPart(state)));
}
