// Every component's custom_id carries the match, the decision version and the action, so buttons keep working
// after a restart: routing is stateless, the store holds the truth (an answer in progress is a draft in the store,
// per match, version and seat: src/store/decision-drafts.ts; never in the custom_id).
//
//   h:<matchId>                                 public "My hand / act" button
//   a:<matchId>:<version>:<optionId>           one option of a single-choice decision (owner's ephemeral only)
//   n:<matchId>:<version>                       answer "none" to a choose-up-to decision
//   m:<matchId>:<version>:<page>                select menu of a multi-choice decision (values are option ids)
//   q:<matchId>:<version>:<index>               add one pick to the draft (ordered, or choose-N among >25 options)
//   f:<matchId>:<version>                       submit the draft (picks, distribution or declaration)
//   r:<matchId>:<version>                       reset: clear the draft (and a refused declaration's draft)
//   b:<matchId>:<version>                       back: re-open the step before a declaration
//   s:<matchId>:<version>:<index>:<+|->         one more / one less for a target of a distribution
//   l:<matchId>:<version>:<index>               select menu of one slot of a declaration (values are option ids)
//   u:<matchId>:<version>:<value>               answer a number decision with this value
//   U:<matchId>:<version>                       open the modal for a number; the modal's own id is N:<m>:<v>
//   p:<matchId>:<version>:<page>                show another page of options
//   x:<matchId>:<version>:<u|e|h|f>             priority controls: pass until my next decision, pass to end of
//                                               turn, hold priority on/off, full control on/off (owner's ephemeral)
//   g:<matchId>:<page>                          the public log, `page` pages back from the newest (anyone)
//   i:<matchId>:<chunk>                         "Card details": the board's button (chunk 0), and the select of
//                                               the chunk-th 25 face-up cards on its ephemeral (values: object ids)
//   c:<accept|choose|decline>:<key>            challenge: the key of its row in the store (who, whom, game, deck,
//                                               expiry and message stay on the server; src/store/challenges.ts)
//   k:<challengeMessageId>                      the opponent's deck select (values are deck references)
//   v:<matchId>:<userId>:<y|n>                  /concede's confirmation: concede, or keep playing (the asker's
//                                               ephemeral; only the user named in it may answer)
//
// Ids made before drafts moved to the store (o: and d: with the picks so far, p: with picks) decode to `outdated`:
// the bot answers "out of date" and shows the current controls, never an action built from old picks. Challenge ids
// made before challenges moved to the store (c: with the challenger, opponent and deck) decode with the key '',
// which names no challenge: they are answered as expired, never trusted.
// Discord caps a custom_id at 100 characters; `encode` refuses anything longer rather than let Discord fail.

export const CUSTOM_ID_MAX = 100;

/**
 * The priority controls: u = pass until my next decision, e = pass to end of turn, h = hold priority on/off,
 * f = full control on/off (the player's auto-pass setting, reachable from the match).
 */
export type PassModeControl = 'u' | 'e' | 'h' | 'f';

export type ControlId =
  | { kind: 'hand'; matchId: string }
  | { kind: 'log'; matchId: string; page: number }
  | { kind: 'card-details'; matchId: string; chunk: number }
  | { kind: 'option'; matchId: string; version: number; optionId: string }
  | { kind: 'none'; matchId: string; version: number }
  | { kind: 'multi'; matchId: string; version: number; page: number }
  | { kind: 'pick'; matchId: string; version: number; index: number }
  | { kind: 'done'; matchId: string; version: number }
  | { kind: 'reset'; matchId: string; version: number }
  | { kind: 'back'; matchId: string; version: number }
  | { kind: 'adjust'; matchId: string; version: number; index: number; delta: 1 | -1 }
  | { kind: 'slot'; matchId: string; version: number; index: number }
  | { kind: 'number'; matchId: string; version: number; value: number }
  | { kind: 'number-modal'; matchId: string; version: number }
  | { kind: 'page'; matchId: string; version: number; page: number }
  | { kind: 'outdated'; matchId: string }
  | { kind: 'pass-mode'; matchId: string; version: number; mode: PassModeControl }
  | { kind: 'challenge-deck'; messageId: string }
  | { kind: 'challenge'; answer: 'accept' | 'choose' | 'decline'; key: string }
  | { kind: 'concede'; matchId: string; userId: string; confirm: boolean };

export function encodeControl(c: ControlId): string {
  const id = (() => {
    switch (c.kind) {
      case 'hand':
        return `h:${c.matchId}`;
      case 'log':
        return `g:${c.matchId}:${c.page}`;
      case 'card-details':
        return `i:${c.matchId}:${c.chunk}`;
      case 'option':
        return `a:${c.matchId}:${c.version}:${c.optionId}`;
      case 'none':
        return `n:${c.matchId}:${c.version}`;
      case 'multi':
        return `m:${c.matchId}:${c.version}:${c.page}`;
      case 'pick':
        return `q:${c.matchId}:${c.version}:${c.index}`;
      case 'done':
        return `f:${c.matchId}:${c.version}`;
      case 'reset':
        return `r:${c.matchId}:${c.version}`;
      case 'back':
        return `b:${c.matchId}:${c.version}`;
      case 'adjust':
        return `s:${c.matchId}:${c.version}:${c.index}:${c.delta > 0 ? '+' : '-'}`;
      case 'slot':
        return `l:${c.matchId}:${c.version}:${c.index}`;
      case 'number':
        return `u:${c.matchId}:${c.version}:${c.value}`;
      case 'number-modal':
        return `U:${c.matchId}:${c.version}`;
      case 'page':
        return `p:${c.matchId}:${c.version}:${c.page}`;
      case 'outdated':
        throw new RangeError('an outdated control is decoded, never made');
      case 'pass-mode':
        return `x:${c.matchId}:${c.version}:${c.mode}`;
      case 'challenge-deck':
        return `k:${c.messageId}`;
      case 'challenge':
        return `c:${c.answer}:${c.key}`;
      case 'concede':
        return `v:${c.matchId}:${c.userId}:${c.confirm ? 'y' : 'n'}`;
    }
  })();
  if (id.length > CUSTOM_ID_MAX) throw new RangeError(`custom_id longer than ${CUSTOM_ID_MAX}: ${id}`);
  return id;
}

const int = (s: string | undefined): number | null => (s !== undefined && /^\d+$/.test(s) ? Number(s) : null);

const signedInt = (s: string | undefined): number | null =>
  s !== undefined && /^-?\d{1,7}$/.test(s) ? Number(s) : null;

/** The number modal's custom_id (a modal submit is routed by it). */
export function numberModalId(matchId: string, version: number): string {
  return `N:${matchId}:${version}`;
}

/** The match and version of a number modal's custom_id, or null. */
export function decodeNumberModal(customId: string): { matchId: string; version: number } | null {
  const [tag, matchId, v, ...rest] = customId.split(':');
  const version = int(v);
  return tag === 'N' && matchId && version !== null && rest.length === 0 ? { matchId, version } : null;
}

/** `<tag>:<matchId>:<version>`: the match and version, or null. */
function versioned(a: string | undefined, b: string | undefined): { matchId: string; version: number } | null {
  const version = int(b);
  return a && version !== null ? { matchId: a, version } : null;
}

/** Decodes a custom_id; null for anything the bot did not make (or made by an older, unknown scheme). */
export function decodeControl(customId: string): ControlId | null {
  const [tag, ...parts] = customId.split(':');
  const [a, b, c] = parts;
  switch (tag) {
    case 'h':
      return a ? { kind: 'hand', matchId: a } : null;
    case 'g': {
      const page = int(b);
      return a && page !== null && parts.length === 2 ? { kind: 'log', matchId: a, page } : null;
    }
    case 'i': {
      const chunk = int(b);
      return a && chunk !== null && parts.length === 2 ? { kind: 'card-details', matchId: a, chunk } : null;
    }
    case 'a': {
      const version = int(b);
      // Option ids may themselves contain ':' (act:o12:0): everything after the version is the option id.
      const optionId = parts.slice(2).join(':');
      return a && version !== null && optionId ? { kind: 'option', matchId: a, version, optionId } : null;
    }
    case 'n': {
      const version = int(b);
      return a && version !== null ? { kind: 'none', matchId: a, version } : null;
    }
    case 'm': {
      const version = int(b);
      const page = int(c);
      if (!a || version === null || page === null) return null;
      return { kind: 'multi', matchId: a, version, page };
    }
    case 'p': {
      const page = int(c);
      if (a && parts.length > 3) return { kind: 'outdated', matchId: a }; // picks in the id: before drafts
      const at = versioned(a, b);
      return at && page !== null && parts.length === 3 ? { kind: 'page', ...at, page } : null;
    }
    case 'o':
    case 'd':
      // Before drafts moved to the store, these carried the picks so far: never act on them.
      return a ? { kind: 'outdated', matchId: a } : null;
    case 'q':
    case 'l': {
      const at = versioned(a, b);
      const index = int(c);
      if (!at || index === null || parts.length !== 3) return null;
      return { kind: tag === 'q' ? 'pick' : 'slot', ...at, index };
    }
    case 'f':
    case 'r':
    case 'b':
    case 'U': {
      const at = versioned(a, b);
      if (!at || parts.length !== 2) return null;
      const kind = ({ f: 'done', r: 'reset', b: 'back', U: 'number-modal' } as const)[tag];
      return { kind, ...at };
    }
    case 's': {
      const at = versioned(a, b);
      const index = int(c);
      const sign = parts[3];
      if (!at || index === null || (sign !== '+' && sign !== '-') || parts.length !== 4) return null;
      return { kind: 'adjust', ...at, index, delta: sign === '+' ? 1 : -1 };
    }
    case 'u': {
      const at = versioned(a, b);
      const value = signedInt(c);
      return at && value !== null && parts.length === 3 ? { kind: 'number', ...at, value } : null;
    }
    case 'x': {
      const version = int(b);
      if (!a || version === null || (c !== 'u' && c !== 'e' && c !== 'h' && c !== 'f')) return null;
      return { kind: 'pass-mode', matchId: a, version, mode: c };
    }
    case 'k':
      return a ? { kind: 'challenge-deck', messageId: a } : null;
    case 'v':
      return a && b && (c === 'y' || c === 'n') && parts.length === 3
        ? { kind: 'concede', matchId: a, userId: b, confirm: c === 'y' }
        : null;
    case 'c': {
      if (a !== 'accept' && a !== 'choose' && a !== 'decline') return null;
      // `c:<answer>:<key>`; the older form carried the challenge itself and names no key.
      return { kind: 'challenge', answer: a, key: parts.length === 2 && b ? b : '' };
    }
    default:
      return null;
  }
}
