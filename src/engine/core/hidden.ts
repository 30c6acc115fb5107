import { SEATS, type Seat, type Viewer } from './game.ts';
import type { Label } from './label.ts';

/**
 * Hidden identity (issue 15 item 6). Some objects are visible while their card is secret: Force of Will standby
 * and runes, Phantom Magic Vision nodes and face-down cards, MTG face-down exile. Their id is public (a viewer can
 * point at them, count them, see them turned), their card is not.
 *
 * The view convention: a visible object whose identity a viewer may not know is shown to that viewer as a
 * `FaceDownObjectView`: its id, `faceDown: true` and only what the rules make public about it (whose it is, turned,
 * counters). It carries no card id, name or text. The renderer draws it as a card back (`FaceDownCard` in
 * src/render/table-model.ts).
 *
 * The proof: every game lists, per viewer, the identities that viewer may not know (`GameModule.hiddenIdentities`),
 * and the fuzzer checks after every decision that none of them appears in that viewer's view (`identityLeaks`).
 */
export interface FaceDownObjectView {
  id: string;
  faceDown: true;
  owner?: Seat;
  controller?: Seat;
  /** Public physical state only (turned, rested, asleep), never anything printed on the card. */
  turned?: boolean;
  counters?: Record<string, number>;
}

/** An object whose card a viewer may not know: its id, its card id and every name of that card (each language). */
export interface HiddenIdentity {
  objectId: string;
  card: string;
  names: string[];
}

/** What one viewer may not know, and the cards they do know through some object (so their names may appear). */
export interface IdentitySecrets {
  hidden: HiddenIdentity[];
  /**
   * Card ids this viewer legitimately knows through another object: visible to them, or seen and remembered
   * (`Knowledge`). A hidden object with one of these cards is not a leak when the card's name appears: the viewer
   * may be reading the other copy.
   */
  knownCards: string[];
}

/**
 * Who has seen what: per seat, the ids of objects whose identity that seat has seen while the object is otherwise
 * hidden from them (looked at, revealed and then hidden again). Games keep it in their rules state: the leak check
 * reads it (a card a player legitimately saw may appear in their view) and determinisation keeps those identities.
 * A game forgets an entry when the seat can no longer tell which object is which (a shuffle) or the object is gone.
 */
export type Knowledge = Partial<Record<Seat, string[]>>;

/** `seat` has seen these objects' identities. Returns new knowledge; the input is not changed. */
export function learn(knowledge: Knowledge | undefined, seat: Seat, ids: readonly string[]): Knowledge {
  const before = knowledge?.[seat] ?? [];
  const added = ids.filter((id) => !before.includes(id));
  return { ...knowledge, [seat]: [...before, ...added] };
}

/**
 * Nobody knows these objects any more (shuffled, or gone), and entries for which `keep` is false are dropped.
 * Returns undefined when nothing is left, so a state without knowledge carries no field.
 */
export function forget(
  knowledge: Knowledge | undefined,
  ids: readonly string[],
  keep: (id: string) => boolean = () => true,
): Knowledge | undefined {
  if (!knowledge) return undefined;
  const out: Knowledge = {};
  for (const seat of Object.keys(knowledge) as Seat[]) {
    const left = (knowledge[seat] ?? []).filter((id) => !ids.includes(id) && keep(id));
    if (left.length > 0) out[seat] = left;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export function knows(knowledge: Knowledge | undefined, seat: Seat, id: string): boolean {
  return knowledge?.[seat]?.includes(id) ?? false;
}

/**
 * Every place a hidden identity shows in a view, one line per leak (empty when the view is clean):
 * - attached: an object of the view that carries a hidden object's id together with that object's card id or name
 *   (a face-down card drawn face up). Caught whatever else the viewer knows.
 * - loose: the card id as a JSON string anywhere, or one of its names inside any string (log lines and prompts
 *   embed names), unless the viewer knows that card through another object (`knownCards`): cards have several
 *   copies, and the viewer may be reading about another one.
 */
export function identityLeaks(view: unknown, secrets: IdentitySecrets): string[] {
  const leaks: string[] = [];
  const byObject = new Map(secrets.hidden.map((h) => [h.objectId, h]));
  if (byObject.size > 0) attachedLeaks(view, byObject, leaks);
  const text = JSON.stringify(view);
  const known = new Set(secrets.knownCards);
  for (const h of secrets.hidden) {
    if (known.has(h.card)) continue;
    if (text.includes(JSON.stringify(h.card))) leaks.push(`card id ${h.card} of hidden object ${h.objectId}`);
    for (const name of h.names) {
      // Names inside longer strings are escaped as JSON escapes them.
      if (name.length > 0 && text.includes(JSON.stringify(name).slice(1, -1)))
        leaks.push(`name "${name}" of hidden object ${h.objectId} (${h.card})`);
    }
  }
  return leaks;
}

function attachedLeaks(value: unknown, byObject: ReadonlyMap<string, HiddenIdentity>, leaks: string[]): void {
  if (Array.isArray(value)) {
    for (const v of value) attachedLeaks(v, byObject, leaks);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const strings = Object.values(value).filter((v): v is string => typeof v === 'string');
  for (const s of strings) {
    const h = byObject.get(s);
    if (!h) continue;
    if (strings.some((t) => t === h.card || h.names.some((name) => name.length > 0 && t.includes(name))))
      leaks.push(`hidden object ${h.objectId} shown with its card ${h.card}`);
  }
  for (const v of Object.values(value)) attachedLeaks(v, byObject, leaks);
}

/**
 * One viewer's secrets from every object's card: the objects in `hidden` are secret (with their card's names), every
 * other object's card is known through it. A game adds cards known some other way (named on the stack, say).
 */
export function identitySecrets(
  objects: Iterable<{ id: string; card: string }>,
  hidden: ReadonlySet<string>,
  nameOf: (card: string) => Label,
): IdentitySecrets {
  const secrets: IdentitySecrets = { hidden: [], knownCards: [] };
  const known = new Set<string>();
  for (const o of objects) {
    if (!hidden.has(o.id)) known.add(o.card);
    else {
      const name = nameOf(o.card);
      secrets.hidden.push({ objectId: o.id, card: o.card, names: [name.en, name.ja] });
    }
  }
  secrets.knownCards = [...known];
  return secrets;
}

/** Whether a viewer may look at what only `owner` sees (a hand, a private log line). */
export function mayLookAt(viewer: Viewer, owner: Seat): boolean {
  return viewer.kind === 'omniscient' || (viewer.kind === 'player' && viewer.seat === owner);
}

/**
 * The object ids in a player's zones that this viewer may not see, seat by seat: `secret` zones (decks) are hidden
 * from every viewer but the omniscient one, `own` zones (a hand) from everyone but their owner.
 */
export function hiddenZoneIds(
  viewer: Viewer,
  zones: (seat: Seat) => { secret: readonly string[]; own: readonly string[] },
): string[] {
  const out: string[] = [];
  for (const seat of SEATS) {
    const { secret, own } = zones(seat);
    if (viewer.kind !== 'omniscient') out.push(...secret);
    if (!mayLookAt(viewer, seat)) out.push(...own);
  }
  return out;
}
