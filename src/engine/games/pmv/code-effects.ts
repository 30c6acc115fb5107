/**
 * `code` clauses that ask a player something while they resolve (§7.1.9: the clause is applied, with its choices,
 * before the next one). Each is a procedure the resolving entry calls (interference.ts, the `clause` step); it
 * returns the rule that made it fail (§7.1.12.a: the rest of the effect is skipped), or null when it was applied.
 * Clauses that never ask are plain functions in rules.ts (`CODE_HANDLERS`).
 */
import { answerOf, ask } from '../../core/decision-kinds.ts';
import { opponentOf, type Seat } from '../../core/game.ts';
import { learn } from '../../core/hidden.ts';
import type { Json } from '../../core/json.ts';
import { call, defineProcedure, type StepOut } from '../../core/procedure.ts';
import { extractDecision, groupDecision, lookTopDecision, splitDecision } from './decisions.ts';
import type { EffectContext } from './rules.ts';
import { log, moveObject, objectOf, type PmvState } from './state.ts';

/** What a code procedure returns: the rule it failed by, or null. */
export type CodeOutcome = { failed: string | null };

const done = (): { return: CodeOutcome } => ({ return: { failed: null } });
const failed = (rule: string): { return: CodeOutcome } => ({ return: { failed: rule } });

/** Reads a code procedure's outcome from the frame's return value. */
export function codeOutcome(ret: Json | undefined): CodeOutcome {
  if (ret && typeof ret === 'object' && !Array.isArray(ret) && 'failed' in ret) {
    const f = ret.failed;
    return { failed: typeof f === 'string' ? f : null };
  }
  return { failed: null };
}

/** Forgets, for one seat only, the cards it looked at (§11.7.3: they are hidden again once the look ends). */
function unlearn(s: PmvState, seat: Seat, ids: readonly string[]): void {
  const left = (s.known[seat] ?? []).filter((id) => !ids.includes(id));
  s.known = { ...s.known, [seat]: left };
}

// ---------------------------------------------------------------------------------------------------------------
// Ilse's Reading Glass: "look at the top card of your deck; you may discard it"

type LookData = { seat: Seat; top: string };

export const lookTopMayDiscard = defineProcedure<PmvState, LookData, CodeOutcome>({
  kind: 'pmv-code-look-top',
  first: 'look',
  steps: {
    look(s, { data }) {
      const top = s.players[data.seat].deck[0];
      if (top === undefined) return failed('7.1.12.a'); // nothing to look at
      data.top = top;
      // §11.7.1: only this player sees it; it stays in the deck (§11.7.2). They remember it while it stays on top
      // (docs/rulings/pmv.md P24).
      s.known = learn(s.known, data.seat, [top]);
      log(s, { type: 'look-top', seat: data.seat, card: objectOf(s, top).card, privateTo: data.seat, rule: '11.7' });
      return ask(lookTopDecision, data.seat, { id: top }, 'answered');
    },
    answered(s, { data, ret }) {
      if (!answerOf(lookTopDecision, ret)) {
        log(s, { type: 'keep-top', seat: data.seat });
        return done();
      }
      const card = objectOf(s, data.top).card;
      moveObject(s, data.top, 'netherworld'); // §9.3: discarded from the deck (public once in the netherworld)
      log(s, { type: 'discard', seat: data.seat, card, object: data.top, rule: '9.3' });
      return done();
    },
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Fortune Split: look at the whole deck, extract and reveal 4, an opponent splits them in two, you take one group

type SplitData = { seat: Seat; picked: string[]; first: string[] };

export const fortuneSplit = defineProcedure<PmvState, SplitData, CodeOutcome>({
  kind: 'pmv-code-fortune-split',
  first: 'look',
  steps: {
    look(s, { data }) {
      const deck = s.players[data.seat].deck;
      if (deck.length === 0) return failed('7.1.12.a');
      // §11.7.1: the player looks at every card of their deck; §11.4: 4 of them are extracted (fewer if the deck
      // holds fewer, docs/rulings/pmv.md P25).
      s.known = learn(s.known, data.seat, deck);
      return ask(extractDecision, data.seat, { count: Math.min(4, deck.length) }, 'extracted');
    },
    extracted(s, { data, ret }) {
      const picked = answerOf(extractDecision, ret);
      data.picked = picked;
      // §11.7.3: the rest of the deck is hidden again, in its order (§11.4.2: extracting does not reorder it).
      unlearn(
        s,
        data.seat,
        s.players[data.seat].deck.filter((id) => !picked.includes(id)),
      );
      // §11.6.1: the extracted cards are revealed to every player.
      for (const seat of ['p1', 'p2'] as const) s.known = learn(s.known, seat, picked);
      for (const id of picked) log(s, { type: 'reveal', seat: data.seat, card: objectOf(s, id).card, rule: '11.6' });
      return ask(splitDecision, opponentOf(data.seat), { ids: picked }, 'split');
    },
    split(_s, { data, ret }) {
      data.first = answerOf(splitDecision, ret).filter((id) => data.picked.includes(id));
      const second = data.picked.filter((id) => !data.first.includes(id));
      return ask(groupDecision, data.seat, { first: data.first, second }, 'chosen');
    },
    chosen(s, { data, ret }) {
      const second = data.picked.filter((id) => !data.first.includes(id));
      const takeFirst = answerOf(groupDecision, ret);
      const toHand = takeFirst ? data.first : second;
      const toNether = takeFirst ? second : data.first;
      for (const id of toHand) moveObject(s, id, 'hand');
      // Both players saw which revealed cards went to the hand (§11.6): the opponent still knows them there.
      s.known = learn(s.known, opponentOf(data.seat), toHand);
      for (const id of toNether) moveObject(s, id, 'netherworld');
      // §9.3.4.g: cards that reach the netherworld together are ordered by their owner (docs/rulings/pmv.md P8).
      if (toNether.length > 1) s.netherOrder.push({ seat: data.seat, ids: [...toNether] });
      log(s, { type: 'fortune-split', seat: data.seat, amount: toHand.length, def: toNether.length, rule: '11.4' });
      return done();
    },
  },
});

/** The code clauses that are procedures, by handler name, each started for `seat` and returning to `next`. */
export const CODE_PROCEDURES: Record<string, (s: PmvState, ctx: EffectContext, next: string) => StepOut> = {
  'look-top-may-discard': (_s, ctx, next) => call(lookTopMayDiscard, { seat: ctx.seat, top: '' }, next),
  'fortune-split': (_s, ctx, next) => call(fortuneSplit, { seat: ctx.seat, picked: [], first: [] }, next),
};

/** Every code procedure, for the kernel's registry. */
export const CODE_PROCEDURE_LIST = [lookTopMayDiscard, fortuneSplit];
