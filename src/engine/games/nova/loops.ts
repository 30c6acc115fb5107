import { createHash } from 'node:crypto';
import { UnsupportedRule } from '../../core/errors.ts';
import { opponentOf, type PickDecision, type Seat } from '../../core/game.ts';
import { canonicalJson } from '../../core/hash.ts';
import { isForced } from '../../core/search.ts';
import { logPublic } from './log.ts';
import { resolvingNow } from './resolve.ts';
import type { LoopWatch, NovaState } from './state.ts';

/**
 * Forced decisions in a row before positions are compared. Random games never go past about 30 (a turn without a
 * single real choice for either player), so ordinary play pays nothing for the watch.
 */
export const LOOP_WATCH_AFTER = 50;
/**
 * Positions compared at most: a forced run this long that never repeats a position is a loop that grows each time,
 * which no player can stop either (924.1.3, ruling R108).
 */
const LOOP_WATCH_SPAN = 200;

/** Lifted into the kernel (core/search.ts); re-exported for the callers that import it from here. */
export { isForced };

/**
 * NOVA 924.1.3: a loop that no player can stop. The engine proves it when, with nothing but forced decisions in
 * between, the same position comes back: from there the game is determined and repeats for ever. The player whose
 * cards or abilities drive it caused it and loses; when both players' do, both caused it and the game is a draw
 * (docs/rulings/nova.md R47, as A44 for simultaneous losses). A forced run that goes on without repeating a position
 * (a loop that grows) ends the same way once LOOP_WATCH_SPAN positions have been compared (R108). Optional loops (924.1.1, 924.1.2) need no engine
 * support: each repetition is a real choice, played out one at a time (R47).
 *
 * Called on a new state, with its decision, before it is handed out; cheap unless a long forced run is already under way.
 */
export function watchForLoop(s: NovaState, p: PickDecision | null): void {
  if (s.result || !p || !isForced(p)) {
    if (s.loopWatch) delete s.loopWatch;
    return;
  }
  const w: LoopWatch = s.loopWatch ?? { forced: 0, seen: [], causes: [] };
  w.forced += 1;
  s.loopWatch = w;
  if (w.forced <= LOOP_WATCH_AFTER) return;
  const signature = positionSignature(s);
  const cause = causeMask(s);
  const at = w.seen.indexOf(signature);
  if (at >= 0) {
    endByLoop(s, [...w.causes.slice(at), cause]);
    return;
  }
  if (w.seen.length >= LOOP_WATCH_SPAN) {
    // NOVA 924.1.3: nobody has had a choice for this whole run, so nobody can stop it, repeated position or not; its
    // causer is whoever drove it while it was watched (R108).
    endByLoop(s, [...w.causes, cause]);
    return;
  }
  w.seen.push(signature);
  w.causes.push(cause);
}

/**
 * The position without what only counts or names: the version, the id, frame id and timestamp counters (new
 * timestamps always come after every existing one), the log, the decision
 * built from it, and the watch itself. Ids made from the id counter (objects o12, waiting items w13, effects e14,
 * delayed triggers d15; never seats) are renamed in order of appearance, so a loop that makes a new waiting item each time still comes back to the same signature.
 */
function positionSignature(s: NovaState): string {
  const { version, nextId, timestamp, log, loopWatch, procedures, ...rest } = s;
  // Frames without their ids (a counter, like nextId): a loop that runs a new damage frame each time repeats.
  const position = { ...rest, frames: procedures.frames.map(({ id, ...frame }) => frame) };
  const names = new Map<string, string>();
  const text = canonicalJson(position).replace(/"([dewo])(\d+)(?=[":])/g, (_m, letter: string, digits: string) => {
    const id = letter + digits;
    let name = names.get(id);
    if (name === undefined) {
      name = `${letter}#${names.size}`;
      names.set(id, name);
    }
    return `"${name}`;
  });
  return createHash('sha256').update(text).digest('hex').slice(0, 24);
}

/** Whose cards or abilities are waiting, triggered or resolving in this position. */
function causeMask(s: NovaState): number {
  let mask = 0;
  const add = (seat: Seat) => {
    mask |= seat === 'p1' ? 1 : 2;
  };
  for (const w of s.waiting) add(w.controller);
  for (const t of s.pendingTriggers) add(t.controller);
  const resolving = resolvingNow(s);
  if (resolving) add(resolving.item.controller);
  return mask;
}

/**
 * NOVA 924.1.3 for a loop that never reaches a decision (the kernel's step limit, `endLoop` in kernel.ts): no player
 * is ever asked anything, so no player can stop it; the player whose cards or abilities are waiting, triggered or
 * resolving when the limit is reached caused it and loses, both players' → a draw (ruling R112, as R47 and R108).
 * With no card or ability of either player in it the result stays unset and the kernel throws
 * `UnsupportedRule('924.1.3')`.
 */
export function endLoopWithoutDecision(s: NovaState): void {
  const mask = causeMask(s);
  if (mask !== 0) endByLoop(s, [mask]);
}

function endByLoop(s: NovaState, causes: number[]): void {
  const mask = causes.reduce((a, b) => a | b, 0);
  if (mask === 0) throw new UnsupportedRule('924.1.3', 'an endless loop with no card or ability driving it');
  if (mask === 3) {
    s.result = { kind: 'draw', reason: 'loop-both', rule: '924.1.3 (R47)' };
  } else {
    const loser: Seat = mask === 1 ? 'p1' : 'p2';
    s.result = { kind: 'win', winner: opponentOf(loser), reason: 'loop-caused', rule: '924.1.3' };
  }
  delete s.loopWatch;
  logPublic(s, { k: 'game-over', result: { ...s.result } });
}
