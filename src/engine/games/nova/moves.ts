/**
 * Moves of a card from the field that an instruction makes (NOVA 908 "send to the graveyard", 306 "put into the
 * exclusion zone") and that an optional replacement may change (802.1.3.1.3: "if this card would be ..., you may
 * instead ..."). Without such a replacement the move happens at once, as it always did; with one, the move waits in
 * this frame, which asks the replacement's controller and then carries out the move or the choice, in order with the
 * other moves of the same instruction, and the resolution goes on where it stopped (resolve.ts). A cost that moves
 * the card is asked about by the play frame itself (actions.ts), since the payment is carried out there (902.12).
 */
import { answerOf, ask, defineDecisionKind } from '../../core/decision-kinds.ts';
import type { DecisionOption, Seat } from '../../core/game.ts';
import { defineProcedure, pushFrame } from '../../core/procedure.ts';
import { novaCard } from './cards/pool.ts';
import { destructionWaits } from './destruction.ts';
import { logPublic } from './log.ts';
import {
  ifYouDoLabel,
  ifYouDoOf,
  type MillReplacement,
  millInstead,
  millOption,
  replacementQuestion,
} from './optional-replacements.ts';
import { resolvingNow } from './resolve.ts';
import { rulesProcessing } from './rules-processing.ts';
import type { Await, CardObject, NovaState } from './state.ts';
import { sendToGraveyard } from './triggers.ts';
import { moveCard } from './zones.ts';

/** Where a card goes from the field: its owner's graveyard (908.1) or exclusion zone (306). */
export type MoveTo = 'graveyard' | 'exclusion';

/** One move waiting: `seat` is the player the log names for a send (the instruction's, as before). */
type Queued = { object: string; to: MoveTo; seat: Seat };

/** `asking`: the move whose card's controller decides now; `exile` moves record "that card" (301.9) in `r.moved`. */
type MoveData = { queue: Queued[]; asking?: Queued };

const MOVE = 'move';

/**
 * The optional replacements open for `id`'s move from the field to `to`: its own "if this card would be sent to the
 * graveyard / put into the exclusion zone" (802.1.3.1.3), only while its choice can be carried out, all `mill`
 * cards of it (802.1.3.4; ruling R123).
 */
export function optionalMoveReplacements(s: NovaState, id: string, to: MoveTo): MillReplacement[] {
  const o = s.objects[id];
  if (o?.zone !== 'field') return [];
  const move = to === 'graveyard' ? 'send-to-graveyard' : 'exile';
  const out: MillReplacement[] = [];
  novaCard(o.card).abilities.forEach((a, i) => {
    if (a.kind !== 'optional-move-replacement' || a.move !== move) return;
    if (s.players[o.controller].zones.deck.length < a.mill) return; // NOVA 802.1.3.4
    out.push({ id: `${o.id}:${i}`, objectId: o.id, card: o.card, mill: a.mill, ifYouDo: ifYouDoOf(a.ifYouDo) });
  });
  return out;
}

/** NOVA 908.1 / 306: the move itself, logged; returns the card's new object. */
export function moveFromField(s: NovaState, id: string, to: MoveTo, seat: Seat): CardObject {
  if (to === 'graveyard') {
    const card = s.objects[id]?.card ?? '';
    const moved = sendToGraveyard(s, id); // NOVA 908.1, 301.11: its owner's graveyard; not destroyed (907)
    logPublic(s, { k: 'sent-to-graveyard', seat, card });
    return moved;
  }
  const moved = moveCard(s, id, 'exclusion'); // NOVA 306, 301.11: its owner's exclusion zone
  // NOVA 504.1 (docs/rulings A31): a character goes to the retired area instead, and the log says so.
  logPublic(s, { k: 'excluded', card: moved.card, retired: moved.zone === 'retired' });
  return moved;
}

/** NOVA 802.1.3.2, 802.1.3.2.1: the card does not move; its controller's choice and "if you do" happen instead. */
export function replaceMove(s: NovaState, r: MillReplacement, to: MoveTo): void {
  logPublic(s, { k: 'move-replaced', card: r.card, to });
  millInstead(s, r);
}

/**
 * An instruction moves `id` from the field to `to`: now, returning the new object, or, when an optional replacement of
 * that move is open or an earlier move of the instruction already waits, queued in the move frame (null).
 */
export function moveOrAsk(s: NovaState, id: string, to: MoveTo, seat: Seat): CardObject | null {
  const top = s.procedures.frames[s.procedures.frames.length - 1];
  if (top?.kind === MOVE) {
    (top.data as MoveData).queue.push({ object: id, to, seat }); // written by this module's pushFrame below
    return null;
  }
  if (optionalMoveReplacements(s, id, to).length === 0) return moveFromField(s, id, to, seat);
  pushFrame(s, moveProcedure, { queue: [{ object: id, to, seat }] });
  return null;
}

/** The moves in order, each asked about when a replacement is open; then rules processing (501.1), as damage does. */
export const moveProcedure = defineProcedure<NovaState, MoveData>({
  kind: MOVE,
  first: 'next',
  steps: {
    next(s, { data }) {
      for (let q = data.queue.shift(); q; q = data.queue.shift()) {
        const o = s.objects[q.object];
        if (o?.zone !== 'field') continue; // gone meanwhile: nothing to move
        if (optionalMoveReplacements(s, q.object, q.to).length > 0) {
          // NOVA 802.1.3.3.1: the card is affected, so its controller decides.
          data.asking = q;
          return ask(
            moveReplacementDecision,
            o.controller,
            { k: 'move-replacement', seat: o.controller, object: q.object, to: q.to },
            'asked',
          );
        }
        carryOut(s, q);
      }
      rulesProcessing(s); // NOVA 501.1
      // A destruction waiting for its controller's choice runs first, in its frame above this one (R109).
      return destructionWaits(s) ? { goto: 'finish' } : { return: null };
    },
    asked(s, { data, ret }) {
      const q = data.asking;
      delete data.asking;
      const pick = answerOf(moveReplacementDecision, ret);
      if (!q) return { goto: 'next' };
      const r = optionalMoveReplacements(s, q.object, q.to).find((x) => `replace:${x.id}` === pick);
      if (r) replaceMove(s, r, q.to);
      else carryOut(s, q);
      return { goto: 'next' };
    },
    finish() {
      return { return: null };
    },
  },
});

function carryOut(s: NovaState, q: Queued): void {
  const moved = moveFromField(s, q.object, q.to, q.seat);
  const r = resolvingNow(s);
  if (r && q.to === 'exclusion') r.moved = [...(r.moved ?? []), moved.id]; // "that card" afterwards (301.9)
}

type AwaitOf<K extends Await['k']> = Extract<Await, { k: K }>;

/**
 * NOVA 802.1.3.1.3: the controller of the card about to move replaces the move by one of its open optional
 * replacements, or lets it happen. Asked by the move frame and by a play paying a move cost (actions.ts); the answer
 * is the chosen option's id.
 */
export const moveReplacementDecision = defineDecisionKind<NovaState, AwaitOf<'move-replacement'>, string>({
  name: 'move-replacement',
  role: 'choice',
  build(s, a) {
    const options: DecisionOption[] = optionalMoveReplacements(s, a.object, a.to).map((r) =>
      millOption(r, ifYouDoLabel(r)),
    );
    const card = s.objects[a.object]?.card;
    const it = card ? novaCard(card).name : { en: 'A card', ja: 'カード' };
    const move =
      a.to === 'graveyard'
        ? { en: 'be sent to the graveyard', ja: '墓地に送られる' }
        : { en: 'be put into the exclusion zone', ja: '除外ゾーンに置かれる' };
    options.push({
      id: 'move',
      kind: 'no',
      role: 'choice',
      label: a.to === 'graveyard' ? { en: 'Send it', ja: '墓地に送る' } : { en: 'Exclude it', ja: '除外する' },
    });
    return replacementQuestion(
      {
        en: `${it.en} would ${move.en}: replace it? (NOVA 802.1.3.1.3)`,
        ja: `${it.ja}が${move.ja}：置換しますか？`,
      },
      options,
      'move',
    );
  },
  handle(_s, _a, chosen) {
    return chosen[0] ?? 'move';
  },
});
