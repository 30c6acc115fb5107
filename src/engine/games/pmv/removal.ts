/**
 * Removal (§9) as a procedure, for the windows that ask a player: the "would become doomed" γ (§9.2.3.b) may save a
 * doomed character (Ninth-Peak Hermit). Each batch of doomed characters is resolved together (§9.1.5, §9.1.6); before
 * it is discarded, each player whose such γ triggered, the turn player first (§7.1.6.a), picks which to resolve first
 * or declines. Steps of other procedures reach it through `removalsThen`; with nothing to ask it is the plain
 * `settleRemovals` of rules.ts.
 */
import { answerOf, ask } from '../../core/decision-kinds.ts';
import { opponentOf, type Seat } from '../../core/game.ts';
import { call, defineProcedure, type StepOut } from '../../core/procedure.ts';
import { saveDecision } from './decisions.ts';
import { discardDoomed, doomedNow, saveOptions } from './rules.ts';
import { log, moveObject, objectOf, type PmvState, rawDef } from './state.ts';

type RemovalData = {
  /** Characters an effect made doomed (§9.2.2.c: instant death), on top of those the state dooms. */
  also: string[];
  /** Players who declined their γ for the current batch. */
  declined: Seat[];
  /** The player asked now. */
  asking: Seat | null;
};

export const removals = defineProcedure<PmvState, RemovalData, null>({
  kind: 'pmv-removals',
  first: 'check',
  steps: {
    check(s, { data }) {
      const doomed = doomedNow(s, data.also);
      if (doomed.length === 0) return { return: null };
      for (const seat of [s.turn.active, opponentOf(s.turn.active)]) {
        if (data.declined.includes(seat)) continue;
        const pairs = saveOptions(s, seat, doomed);
        if (pairs.length > 0) {
          data.asking = seat;
          return ask(saveDecision, seat, { pairs }, 'answered');
        }
      }
      discardDoomed(s, doomed);
      data.also = [];
      data.declined = [];
      return { goto: 'check' };
    },
    answered(s, { data, ret }) {
      const choice = answerOf(saveDecision, ret);
      if (!choice) {
        if (data.asking) data.declined.push(data.asking);
        return { goto: 'check' };
      }
      const { saver, saved } = choice;
      const owner = objectOf(s, saver).owner;
      // The γ's cost-like clause: this character is discarded (§9.3; its attachments go with it, §9.3.4.e).
      log(s, { type: 'sacrifice', seat: owner, card: objectOf(s, saver).card, object: saver, rule: '9.2.3.b' });
      moveObject(s, saver, 'netherworld');
      // §9.2.5: a character with DEF 0 or less cannot have its doomed state nullified.
      if (rawDef(s, saved) <= 0) {
        log(s, { type: 'not-saved', card: objectOf(s, saved).card, object: saved, rule: '9.2.5' });
        return { goto: 'check' };
      }
      // §9.2.4.a–b: the doomed state ends and the damage is reset.
      const o = objectOf(s, saved);
      o.battleDamage = 0;
      o.effectDamage = 0;
      data.also = data.also.filter((id) => id !== saved);
      log(s, { type: 'saved', card: o.card, object: saved, rule: '9.2.4' });
      return { goto: 'check' };
    },
  },
});

/** Settles removals (§9) before going on to `next`, through the procedure when a player may have to be asked. */
export function removalsThen(s: PmvState, next: string, also: readonly string[] = []): StepOut {
  if (doomedNow(s, also).length === 0) return { goto: next };
  return call(removals, { also: [...also], declined: [], asking: null }, next);
}
