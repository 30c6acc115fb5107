/** Everything that can change a league, as validated JSON: what the bot sends and what the log stores. */
import { z } from 'zod';
import { InvalidData } from '../engine/core/errors.ts';
import { GameScoreSchema } from './league.ts';

/** A player's own view of a match: their games won, lost and drawn. */
const PlayerScoreSchema = z.object({
  won: z.int().min(0).max(3),
  lost: z.int().min(0).max(3),
  drawn: z.int().min(0).max(3),
});

const player = z.string().min(1);

export const LeagueCommandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('open-registration') }),
  z.object({ type: z.literal('close-registration') }),
  z.object({ type: z.literal('join'), player }),
  z.object({ type: z.literal('drop'), player }),
  z.object({ type: z.literal('set-deck'), player, deck: z.string().max(4000) }),
  z.object({ type: z.literal('check-in'), player }),
  z.object({ type: z.literal('start-round') }),
  /** Pair the current round again (e.g. after a late drop); only before any result is in. */
  z.object({ type: z.literal('repair-round') }),
  /** A player's report of a match played elsewhere; both players report. */
  z.object({ type: z.literal('report'), player, score: PlayerScoreSchema }),
  /** A match the bot hosted between a and b: authoritative when they are paired now (or in a ladder). */
  z.object({ type: z.literal('bot-result'), a: player, b: player, score: GameScoreSchema }),
  /** Organiser decides a dispute, forces a result, or corrects one from an earlier round. */
  z.object({
    type: z.literal('set-result'),
    round: z.int().min(1),
    table: z.int().min(1),
    score: GameScoreSchema,
    bothLose: z.boolean().default(false),
  }),
  /** Absent player(s) at a table of the current round lose the match. */
  z.object({ type: z.literal('no-show'), table: z.int().min(1), absent: z.array(player).min(1).max(2) }),
  z.object({ type: z.literal('award-bye'), player }),
  /** Organiser: bring back a player who dropped by mistake; paired again from the next round. */
  z.object({ type: z.literal('reinstate'), player }),
  /** Organiser: the player leaves the event and the standings (their results still count for opponents). */
  z.object({ type: z.literal('disqualify'), player, reason: z.string().trim().min(1).max(200) }),
  /** Organiser: a warning, game loss or match loss, with a reason (a match loss decides the open match). */
  z.object({
    type: z.literal('penalty'),
    player,
    kind: z.enum(['warning', 'game-loss', 'match-loss']),
    reason: z.string().trim().min(1).max(200),
  }),
  /** Judges and co-organisers may give organiser commands and are called to disputes. */
  z.object({ type: z.literal('add-judge'), player }),
  z.object({ type: z.literal('remove-judge'), player }),
  /** Decklists required before round 1, and/or published to everyone. */
  z.object({
    type: z.literal('decklist-policy'),
    required: z.boolean().optional(),
    published: z.boolean().optional(),
  }),
  /** Late entry open until round `untilRound` has started (0: closed at round 1); missed rounds as match losses. */
  z.object({ type: z.literal('late-entry'), untilRound: z.int().min(0).max(30), missedRoundsLose: z.boolean() }),
  /** Pairings by hand in the running Swiss round, and players kept apart from the next pairing on. */
  z.object({ type: z.literal('swap-players'), a: player, b: player }),
  z.object({ type: z.literal('pair-players'), a: player, b: player }),
  z.object({ type: z.literal('keep-apart'), a: player, b: player }),
  /** The round clock: pause, resume, or extra minutes for one table. */
  z.object({ type: z.literal('pause-clock') }),
  z.object({ type: z.literal('resume-clock') }),
  z.object({
    type: z.literal('extend-time'),
    table: z.int().min(1),
    minutes: z
      .int()
      .min(1)
      .max(24 * 60),
  }),
  /** Minutes after which a report the opponent has not answered stands; null: never. */
  z.object({
    type: z.literal('report-deadline'),
    minutes: z
      .int()
      .min(1)
      .max(24 * 60)
      .nullable(),
  }),
  /** The round timer: a single report whose deadline passed becomes the result. */
  z.object({ type: z.literal('accept-report'), table: z.int().min(1) }),
  z.object({ type: z.literal('finish') }),
  /**
   * Reverts the latest organiser change that is not yet undone. `target` is the entry the organiser was shown and
   * confirmed: if another change came in meanwhile, the undo is refused instead of reverting something else.
   */
  z.object({ type: z.literal('undo'), target: z.int().min(1).optional() }),
]);

export type LeagueCommand = z.infer<typeof LeagueCommandSchema>;
export type LeagueCommandInput = z.input<typeof LeagueCommandSchema>;
export type PlayerScore = z.infer<typeof PlayerScoreSchema>;

/** Commands only an organiser may give; the audit log lists these. */
export const ADMIN_COMMANDS: ReadonlySet<LeagueCommand['type']> = new Set([
  'open-registration',
  'close-registration',
  'start-round',
  'repair-round',
  'set-result',
  'no-show',
  'award-bye',
  'reinstate',
  'disqualify',
  'penalty',
  'add-judge',
  'remove-judge',
  'decklist-policy',
  'late-entry',
  'swap-players',
  'pair-players',
  'keep-apart',
  'pause-clock',
  'resume-clock',
  'extend-time',
  'report-deadline',
  'accept-report',
  'finish',
  'undo',
]);

/** Organiser commands only the league's creator or a server manager may give, not its judges. */
export const OWNER_COMMANDS: ReadonlySet<LeagueCommand['type']> = new Set(['add-judge', 'remove-judge']);

export function parseCommand(input: unknown): LeagueCommand {
  const parsed = LeagueCommandSchema.safeParse(input);
  if (!parsed.success) throw new InvalidData(`league command is invalid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
