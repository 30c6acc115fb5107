import type { HiddenIdentity } from '../core/hidden.ts';

/**
 * The fuzzer's view check, written for speed: for one view, the hidden object ids it contains (as `stringsIn(view)
 * .has(id)`) and the hidden identities it shows (as `identityLeaks` in core/hidden.ts), with exactly their results
 * in the same order (test/fuzz/view-scan.test.ts compares them on planted leaks and on every engine's views).
 *
 * What makes it fast, for one game's views, three per decision:
 * - one walk of the view collects its strings and finds attached identities (an object showing a hidden object's
 *   id with that object's card), where the plain checks walked it twice and wrote it out as JSON;
 * - the loose check (a hidden card's id or name anywhere in the view's JSON) is answered from the view's distinct
 *   strings: each string, the first time the game shows it, is searched once for every name asked about so far, and
 *   the answer kept, so a view costs one lookup per string instead of a search of its whole text per hidden card.
 *
 * Why the strings are enough: `identityLeaks` searches the view's JSON text. A name whose JSON form is itself (no
 * quote, backslash or control character) cannot run across a string's quotes, and cannot lie between two strings
 * unless it is made only of the characters JSON writes there (digits, brackets, `true`, ...): so it is in the text
 * exactly when it is in one string's JSON form. A card id is searched as `"id"`: for an id of plain characters that
 * does not start with `,:]}` (what follows a closing quote), that is a string equal to the id or ending in a quote
 * followed by the id. Anything else (another name or id, a view that is not plain JSON data) is searched in the
 * view's JSON text, as before.
 */
export class ViewScanner {
  /** Names searched for so far (their JSON forms equal themselves), by number. */
  private readonly names: string[] = [];
  private readonly nameNumbers = new Map<string, number>();
  /** Per string seen in a view of this game: which names it contains, among the first `checked`. */
  private readonly strings = new Map<string, StringFacts>();
  private readonly searchableCards = new Map<string, boolean>();

  /**
   * `hiddenIds` found in the view (the id check), then the identity leaks, worded as `identityLeaks` words them.
   * `knownCards` as in `IdentitySecrets`: cards the viewer knows through some object.
   */
  scan(
    view: unknown,
    hiddenIds: readonly string[],
    hidden: readonly HiddenIdentity[],
    knownCards: ReadonlySet<string>,
  ): { ids: string[]; identities: string[] } {
    const walk = new ViewWalk(hidden);
    walk.visit(view);
    // JSON has no text for these at all: the plain check's search of that text fails, and so does this one's.
    if (view === undefined || typeof view === 'function' || typeof view === 'symbol') walk.irregular = true;
    // Plain loops, no closures: this runs three times per decision of every fuzzed game.
    const ids: string[] = [];
    for (const id of hiddenIds) if (walk.visible.has(id) || walk.dropped.includes(id)) ids.push(id);
    const identities = walk.attached;
    const secret: HiddenIdentity[] = [];
    for (const h of hidden) if (!knownCards.has(h.card)) secret.push(h);
    if (secret.length === 0) return { ids, identities };
    /** The view's JSON text, written the first time a search needs it. */
    let text: string | undefined;
    let present: Set<number> | null = null;
    let quoted: string[] = [];
    if (!walk.irregular) {
      for (const h of secret) for (const name of h.names) this.number(name);
      ({ present, quoted } = this.namesIn(walk.visible));
    }
    // Each card and each name is searched once per view, however many hidden objects share it.
    const cardsShown = new Map<string, boolean>();
    const namesShown = new Map<string, boolean>();
    for (const h of secret) {
      const card = h.card;
      let cardShown = cardsShown.get(card);
      if (cardShown === undefined) {
        if (present && this.searchableCard(card)) cardShown = walk.visible.has(card) || endsWithQuoted(quoted, card);
        else {
          text ??= JSON.stringify(view);
          cardShown = (text as string).includes(JSON.stringify(card));
        }
        cardsShown.set(card, cardShown);
      }
      if (cardShown) identities.push(`card id ${card} of hidden object ${h.objectId}`);
      for (const name of h.names) {
        if (name.length === 0) continue;
        let nameShown = namesShown.get(name);
        if (nameShown === undefined) {
          const n = this.number(name);
          if (present && n >= 0) nameShown = present.has(n);
          else {
            text ??= JSON.stringify(view);
            nameShown = (text as string).includes(JSON.stringify(name).slice(1, -1));
          }
          namesShown.set(name, nameShown);
        }
        if (nameShown) identities.push(`name "${name}" of hidden object ${h.objectId} (${card})`);
      }
    }
    return { ids, identities };
  }

  /** Whether a card id is searched among strings (`isSearchableCard`), worked out once per card. */
  private searchableCard(card: string): boolean {
    let searchable = this.searchableCards.get(card);
    if (searchable === undefined) {
      searchable = isSearchableCard(card);
      this.searchableCards.set(card, searchable);
    }
    return searchable;
  }

  /** The number of a name searched among strings, given the first time it is asked about; -1 for other names. */
  private number(name: string): number {
    let n = this.nameNumbers.get(name);
    if (n === undefined) {
      n = isSearchableName(name) ? this.names.length : -1;
      if (n >= 0) this.names.push(name);
      this.nameNumbers.set(name, n);
    }
    return n;
  }

  /** The names (by number) contained in some of `strings` (in their JSON form), and those strings with a quote. */
  private namesIn(strings: ReadonlySet<string>): { present: Set<number>; quoted: string[] } {
    const present = new Set<number>();
    const quoted: string[] = [];
    for (const s of strings) {
      let facts = this.strings.get(s);
      if (!facts) {
        facts = { json: needsEscape(s) ? JSON.stringify(s) : s, quoted: s.includes('"'), checked: 0, names: [] };
        this.strings.set(s, facts);
      }
      for (; facts.checked < this.names.length; facts.checked++) {
        if (facts.json.includes(this.names[facts.checked] as string)) facts.names.push(facts.checked);
      }
      for (const n of facts.names) present.add(n);
      if (facts.quoted) quoted.push(s);
    }
    return { present, quoted };
  }
}

/** Whether one of `quoted` (strings with a quote) ends in a quote followed by `card`. */
function endsWithQuoted(quoted: readonly string[], card: string): boolean {
  if (quoted.length === 0) return false;
  const tail = `"${card}`;
  for (const s of quoted) if (s.endsWith(tail)) return true;
  return false;
}

interface StringFacts {
  /** The string as JSON writes it inside quotes (itself, unless it has characters JSON escapes). */
  json: string;
  quoted: boolean;
  checked: number;
  names: number[];
}

/** Whether JSON writes `s` otherwise than itself between quotes (quotes, backslashes, control characters, ...). */
function needsEscape(s: string): boolean {
  return JSON.stringify(s).length !== s.length + 2;
}

/** Every character JSON.stringify writes outside strings: structure, numbers, true, false, null. */
const OUTSIDE_STRINGS = new Set('{}[],:0123456789-+.eEtruefalsn');

/** A name searched among strings: it is its own JSON form and has a character JSON writes only inside strings. */
function isSearchableName(name: string): boolean {
  return name.length > 0 && !needsEscape(name) && [...name].some((c) => !OUTSIDE_STRINGS.has(c));
}

/** A card id searched among strings: plain, and not starting with what JSON writes after a closing quote. */
function isSearchableCard(card: string): boolean {
  return card.length > 0 && !needsEscape(card) && !',:]}'.includes(card[0] as string);
}

/**
 * One walk of a view, depth first, an object's own attached check before its members' (the order `identityLeaks`
 * lists them in). `visible` gets every string JSON would write (values and keys); `dropped` the keys JSON leaves out
 * (their value is undefined, a function or a symbol), which `stringsIn` still counts; `irregular` says the view is
 * not plain JSON data (an object with another prototype or a `toJSON`), whose JSON the strings may not describe.
 */
class ViewWalk {
  readonly visible = new Set<string>();
  readonly dropped: string[] = [];
  readonly attached: string[] = [];
  irregular = false;
  private readonly byObject = new Map<string, HiddenIdentity>();

  constructor(hidden: readonly HiddenIdentity[]) {
    for (const h of hidden) this.byObject.set(h.objectId, h);
  }

  visit(value: unknown): void {
    if (typeof value === 'string') {
      this.visible.add(value);
      return;
    }
    if (typeof value === 'bigint') this.irregular = true;
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      if (Object.getPrototypeOf(value) !== Array.prototype) this.irregular = true;
      for (const v of value) this.visit(v);
      return;
    }
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) this.irregular = true;
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    // Strings first, with this object's own attached check; then the members that hold more (after it, in order).
    let nested = false;
    for (const key of keys) {
      const v = record[key];
      if (typeof v === 'string') {
        this.visible.add(key);
        this.visible.add(v);
        const h = this.byObject.get(v);
        if (h && showsIdentity(record, keys, h))
          this.attached.push(`hidden object ${h.objectId} shown with its card ${h.card}`);
      } else if (v === undefined || typeof v === 'function' || typeof v === 'symbol') {
        if (key === 'toJSON') this.irregular = true;
        this.dropped.push(key);
      } else {
        this.visible.add(key);
        if (v !== null && typeof v === 'object') nested = true;
        else if (typeof v === 'bigint') this.irregular = true;
      }
    }
    if (nested) for (const key of keys) this.visitMember(record[key]);
  }

  /** A member already counted by its object's loop: only objects and arrays need visiting. */
  private visitMember(value: unknown): void {
    if (value !== null && typeof value === 'object') this.visit(value);
  }
}

/** Whether one of the object's string members is `h`'s card id or contains one of its names. */
function showsIdentity(record: Record<string, unknown>, keys: readonly string[], h: HiddenIdentity): boolean {
  return keys.some((k) => {
    const t = record[k];
    return typeof t === 'string' && (t === h.card || h.names.some((name) => name.length > 0 && t.includes(name)));
  });
}
