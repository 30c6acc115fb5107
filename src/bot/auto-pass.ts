// When the bot passes priority for a player. Pure: the decision, where the match stands, the player's settings and
// pass mode in, whether to pass (and the updated mode) out. The bot only ever answers a priority decision with its
// pass option, never any other decision (a block, a target, a mulligan: the rules make those the player's), and
// only in these cases (docs/bot.md, "Stops and pass modes"):
//
//   pass to end of turn           the player chose it; every priority of this turn; ends when a new turn begins
//   pass until my next decision   the player chose it; ends at their next decision that is not priority, when
//                                 something waits to resolve, at one of the game's "until decision" stops (own main
//                                 phases, being attacked), or when a new turn begins
//   after an action               auto-pass is on, the player just acted, what they did waits to resolve, and
//                                 they do not hold priority: they pass so the opponent may answer
//   only pass                     auto-pass is on and pass is the only legal option (nothing they could do), not
//                                 counting options that only make mana or energy (game-steps.ts `resourceKinds`:
//                                 MTG's mana abilities, NOVA's built-in energy-zone ability), as MTG Arena does
//   not a stop                    auto-pass is on, nothing waits to resolve, and the step is not one of their stops
//                                 (the game's defaults unless they or the server chose others)
//
// With auto-pass off (full control) the player is asked at every priority. None of this depends on hidden
// information except "only pass" (which depends on the player's own hand): that is why /settings warns that its
// timing can show an opponent the hand holds nothing playable.
import { isPick } from '../engine/core/decision.ts';
import type { PendingDecision } from '../engine/core/game.ts';
import type { SeatMode } from '../store/match-clocks.ts';
import { type Position, stopsAt } from './game-steps.ts';

export type PassReason = 'until-decision' | 'end-of-turn' | 'after-action' | 'only-pass' | 'not-a-stop';

export interface PassInput {
  /** The pending decision, which is this seat's. */
  pending: PendingDecision;
  position: Position;
  autoPass: boolean;
  /** Where the player is asked when they could act (their own, the server's, or the game's defaults). */
  stops: readonly string[];
  /** Where "Pass until my next decision" ends (the game's, game-steps.ts). */
  untilDecision: readonly string[];
  /** Option kinds that only make mana or energy: they do not count as something the player could do. */
  resourceKinds?: readonly string[];
  mode: SeatMode;
}

export interface PassChoice {
  /** The pass option to answer with, or null to ask the player. */
  passId: string | null;
  reason: PassReason | null;
  mode: SeatMode;
}

export function passChoice(input: PassInput): PassChoice {
  const { pending, position } = input;
  const mode: SeatMode = { ...input.mode };
  const ask = (): PassChoice => ({ passId: null, reason: null, mode });
  // Pass modes end by themselves when a new turn begins.
  if (mode.passUntil !== 'none' && position.turn !== mode.turn) mode.passUntil = 'none';
  if (pending.role !== 'priority' || !isPick(pending)) {
    if (mode.passUntil === 'decision') mode.passUntil = 'none';
    return ask();
  }
  const pass = pending.options.find((o) => o.role === 'pass');
  // The flag is about the first priority after the action (targets and payments come in between).
  const acted = mode.acted;
  mode.acted = false;
  if (!pass) return ask();
  const passing = (reason: PassReason): PassChoice => ({ passId: pass.id, reason, mode });
  const seat = pending.player;
  if (mode.passUntil === 'end-of-turn') return passing('end-of-turn');
  if (mode.passUntil === 'decision') {
    if (position.waiting === 0 && !stopsAt(input.untilDecision, position, seat)) return passing('until-decision');
    mode.passUntil = 'none';
  }
  if (!input.autoPass) return ask();
  if (acted && mode.hold) return ask();
  if (acted && position.waiting > 0) return passing('after-action');
  const resources = input.resourceKinds ?? [];
  if (pending.options.every((o) => o === pass || resources.includes(o.kind))) return passing('only-pass');
  // Something waits to resolve (the opponent's spell or ability): the player may answer it.
  if (position.waiting > 0) return ask();
  return stopsAt(input.stops, position, seat) ? ask() : passing('not-a-stop');
}
