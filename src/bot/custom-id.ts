// Every component's custom_id carries all the bot needs to act on a click (match, decision version, option), so
// buttons keep working after a restart: routing is stateless, the store holds the truth.
//
//   h:<matchId>                                 public "My hand / act" button
//   a:<matchId>:<version>:<optionId>           one option of a single-choice decision (owner's ephemeral only)
//   n:<matchId>:<version>                       answer "none" to a choose-up-to decision
//   m:<matchId>:<version>:<page>                select menu of a multi-choice decision (values are option ids)
//   o:<matchId>:<version>:<picked>:<index>      next pick of an ordered (or >25-option) decision; <picked> is "0.2"
//   d:<matchId>:<version>:<picked>              submit the picks so far (a >25-option choose-N decision)
//   p:<matchId>:<version>:<page>[:<picked>]     show another page of options (keeping the picks so far)
//   x:<matchId>:<version>:<u|e|h>               priority controls: pass until my next decision, pass to end of
//                                               turn, hold priority on/off (owner's ephemeral only)
//   c:<accept|choose|decline>:<challenger>:<opponent>:<game>:<expiresAt base36>:<deck>   challenge
//   k:<challengeMessageId>                      the opponent's deck select (values are deck references)
//
// Discord caps a custom_id at 100 characters; `encode` refuses anything longer rather than let Discord fail.

export const CUSTOM_ID_MAX = 100;

/** The priority controls: u = pass until my next decision, e = pass to end of turn, h = hold priority on/off. */
export type PassModeControl = 'u' | 'e' | 'h';

export type ControlId =
  | { kind: 'hand'; matchId: string }
  | { kind: 'option'; matchId: string; version: number; optionId: string }
  | { kind: 'none'; matchId: string; version: number }
  | { kind: 'multi'; matchId: string; version: number; page: number }
  | { kind: 'order'; matchId: string; version: number; picked: number[]; index: number }
  | { kind: 'page'; matchId: string; version: number; page: number; picked?: number[] }
  | { kind: 'done'; matchId: string; version: number; picked: number[] }
  | { kind: 'pass-mode'; matchId: string; version: number; mode: PassModeControl }
  | { kind: 'challenge-deck'; messageId: string }
  | {
      kind: 'challenge';
      answer: 'accept' | 'choose' | 'decline';
      challenger: string;
      opponent: string;
      game: string;
      expiresAt: number;
      deck: string;
    };

export function encodeControl(c: ControlId): string {
  const id = (() => {
    switch (c.kind) {
      case 'hand':
        return `h:${c.matchId}`;
      case 'option':
        return `a:${c.matchId}:${c.version}:${c.optionId}`;
      case 'none':
        return `n:${c.matchId}:${c.version}`;
      case 'multi':
        return `m:${c.matchId}:${c.version}:${c.page}`;
      case 'order':
        return `o:${c.matchId}:${c.version}:${c.picked.join('.')}:${c.index}`;
      case 'page':
        return `p:${c.matchId}:${c.version}:${c.page}${c.picked && c.picked.length > 0 ? `:${c.picked.join('.')}` : ''}`;
      case 'done':
        return `d:${c.matchId}:${c.version}:${c.picked.join('.')}`;
      case 'pass-mode':
        return `x:${c.matchId}:${c.version}:${c.mode}`;
      case 'challenge-deck':
        return `k:${c.messageId}`;
      case 'challenge':
        return `c:${c.answer}:${c.challenger}:${c.opponent}:${c.game}:${c.expiresAt.toString(36)}:${c.deck}`;
    }
  })();
  if (id.length > CUSTOM_ID_MAX) throw new RangeError(`custom_id longer than ${CUSTOM_ID_MAX}: ${id}`);
  return id;
}

const int = (s: string | undefined): number | null => (s !== undefined && /^\d+$/.test(s) ? Number(s) : null);

/** "0.2.5" → [0, 2, 5]; absent or empty → []; anything else → null. */
function indices(s: string | undefined): number[] | null {
  if (s === undefined || s === '') return [];
  const list = s.split('.').map(int);
  return list.some((n) => n === null) ? null : (list as number[]);
}

/** Decodes a custom_id; null for anything the bot did not make (or made by an older, unknown scheme). */
export function decodeControl(customId: string): ControlId | null {
  const [tag, ...parts] = customId.split(':');
  const [a, b, c] = parts;
  switch (tag) {
    case 'h':
      return a ? { kind: 'hand', matchId: a } : null;
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
      const version = int(b);
      const page = int(c);
      const picked = indices(parts[3]);
      if (!a || version === null || page === null || !picked) return null;
      return { kind: 'page', matchId: a, version, page, ...(picked.length > 0 ? { picked } : {}) };
    }
    case 'd': {
      const version = int(b);
      const picked = indices(c);
      if (!a || version === null || !picked) return null;
      return { kind: 'done', matchId: a, version, picked };
    }
    case 'o': {
      const version = int(b);
      const index = int(parts[3]);
      const picked = indices(c);
      if (!a || version === null || index === null || !picked) return null;
      return { kind: 'order', matchId: a, version, picked, index };
    }
    case 'x': {
      const version = int(b);
      if (!a || version === null || (c !== 'u' && c !== 'e' && c !== 'h')) return null;
      return { kind: 'pass-mode', matchId: a, version, mode: c };
    }
    case 'k':
      return a ? { kind: 'challenge-deck', messageId: a } : null;
    case 'c': {
      const [answer, challenger, opponent, game, expires, ...deck] = parts;
      if (
        (answer !== 'accept' && answer !== 'choose' && answer !== 'decline') ||
        !challenger ||
        !opponent ||
        !game ||
        !expires
      )
        return null;
      const expiresAt = Number.parseInt(expires, 36);
      if (!Number.isFinite(expiresAt)) return null;
      return { kind: 'challenge', answer, challenger, opponent, game, expiresAt, deck: deck.join(':') };
    }
    default:
      return null;
  }
}
