/**
 * A kernel game as a `GameModule`: the wiring every game on the procedure stack repeats (`pending` and `apply` are
 * the kernel's, `concede` ends the game under the game's rule, `view` is told who is waiting, `log` puts the
 * viewer's entries into words). A game gives its own parts (setup, views, words, deck rules, invariants, search) and
 * this module joins them the same way for every game.
 */
import { cloneJson } from './clone.ts';
import { IllegalAction } from './errors.ts';
import {
  type DeckList,
  type DeckProblem,
  type GameId,
  type GameModule,
  type GameResult,
  type MatchSetup,
  opponentOf,
  type RulesMigration,
  type Seat,
  type Viewer,
} from './game.ts';
import type { IdentitySecrets } from './hidden.ts';
import type { Label } from './label.ts';
import type { Kernel, ProcedureState } from './procedure.ts';
import type { SearchHooks } from './search.ts';
import type { NumberedEntry } from './visible-log.ts';

/** A kernel game's state: the procedure stack and a structured log of the decision that made it. */
export interface KernelState<E> extends ProcedureState {
  log: E[];
}

export interface KernelGameParts<S extends KernelState<E>, V, E> {
  id: GameId;
  name: Label;
  rulesVersion: number;
  migrations?: Readonly<Record<number, RulesMigration>>;
  kernel: Kernel<S>;
  setup(match: MatchSetup, seed: string): S;
  /**
   * A player concedes at any time (CR 104.3a, FoW 103.4, PMV §12.7, AQA ruling G2): `rule` is the game's number for
   * it, `entry` the log entry the concession writes.
   */
  concession: { rule: string; entry: (seat: Seat) => NoInfer<E> };
  /** The viewer's projection; `waitingFor` is the seat the pending decision is for (null when none). */
  view(state: S, viewer: Viewer, waitingFor: Seat | null): V;
  /** The log entries of the state this viewer may read, numbered (core/visible-log.ts). */
  visibleLog(state: S, viewer: Viewer, after?: number): NumberedEntry<E>[];
  /** One log entry in words. */
  logLine(entry: E): Label;
  describeResult(result: GameResult): Label;
  validateDeck(deck: DeckList): DeckProblem[];
  invariants(state: S): string[];
  hiddenObjectIds(state: S, viewer: Viewer): string[];
  hiddenIdentities(state: S, viewer: Viewer): IdentitySecrets;
  /**
   * Search hooks but `simulate`, which is `apply` (the same answer on a state whose old log is dropped), and
   * `simulateInPlace`, which is `apply` on the state itself (procedure.ts AnswerOptions).
   */
  search?: Omit<SearchHooks<S>, 'simulate' | 'simulateInPlace'>;
}

/** The `GameModule` of a kernel game from its parts. */
export function kernelModule<S extends KernelState<E>, V, E>(parts: KernelGameParts<S, V, E>): GameModule<S, V> {
  const { kernel } = parts;
  // A state keeps only the log of the decision that made it (docs/architecture.md).
  const apply = (s: S, seat: Seat, response: Parameters<Kernel<S>['answer']>[2]): S =>
    kernel.answer({ ...s, log: [] }, seat, response);
  // The same answer applied to a state the caller owns and drops, without the copy (procedure.ts AnswerOptions).
  const applyInPlace = (s: S, seat: Seat, response: Parameters<Kernel<S>['answer']>[2]): S => {
    const log = s.log;
    s.log = [];
    try {
      return kernel.answer(s, seat, response, { inPlace: true });
    } catch (err) {
      if (err instanceof IllegalAction) s.log = log; // refused before any change: the state is as it was
      throw err;
    }
  };
  const module: GameModule<S, V> = {
    id: parts.id,
    name: parts.name,
    rulesVersion: parts.rulesVersion,
    setup: parts.setup,
    pending: (s) => kernel.pending(s),
    apply,
    concede(s, seat) {
      const out = cloneJson(s);
      out.version += 1;
      out.log = [parts.concession.entry(seat)];
      out.result = { kind: 'win', winner: opponentOf(seat), reason: 'conceded', rule: parts.concession.rule };
      return out;
    },
    view: (s, viewer) => parts.view(s, viewer, kernel.awaitingSeat(s)),
    log: (s, viewer, after) =>
      parts.visibleLog(s, viewer, after).map(({ seq, entry }) => ({ seq, text: parts.logLine(entry) })),
    describeResult: parts.describeResult,
    validateDeck: parts.validateDeck,
    invariants: parts.invariants,
    hiddenObjectIds: parts.hiddenObjectIds,
    hiddenIdentities: parts.hiddenIdentities,
  };
  if (parts.migrations) module.migrations = parts.migrations;
  if (parts.search) module.search = { ...parts.search, simulate: apply, simulateInPlace: applyInPlace };
  return module;
}
