/**
 * Draws that a replacement may change (NOVA 905, 802.1.3.1.1, 802.1.3.1.3, 905.7). Without such a replacement on the
 * field a draw happens at once (resolve.ts `draw`); with one, the draws go through this frame one at a time (905.2),
 * so the drawer can be asked, for each draw, whether and by which replacement to replace it.
 */
import { ask, defineDecisionKind } from '../../core/decision-kinds.ts';
import type { DecisionOption, Seat } from '../../core/game.ts';
import { defineProcedure, pushFrame } from '../../core/procedure.ts';
import { novaCard } from './cards/pool.ts';
import { destructionWaits } from './destruction.ts';
import { logPrivate, logPublic } from './log.ts';
import { millOption, replacementQuestion } from './optional-replacements.ts';
import { rulesProcessing } from './rules-processing.ts';
import type { Await, NovaState } from './state.ts';
import { fieldObjects, moveCard } from './zones.ts';

/**
 * A draw replacement that exists now: a card's "if you would draw a card, you may instead ..." (802.1.3.1.3) or,
 * `mandatory`, "... instead ..." (802.1.3.1.1).
 */
export interface DrawReplacement {
  /** `<object>:<ability index>`: the same card on the field with the same ability. */
  id: string;
  objectId: string;
  card: string;
  mill: number;
  thenDraw: number;
  mandatory: boolean;
}

/**
 * The draws still to make, first first; each lists the replacements already applied to the effect it belongs to
 * (NOVA 802.1.3.3.3: a replacement applies once to the same effect, so not to the draws it made itself). `pick` is
 * the drawer's answer for the first draw.
 */
type DrawData = { seat: Seat; queue: string[][]; pick?: string };

const DRAW = 'draw';

/** The draw replacements of `seat`'s cards on the field (NOVA 802.1.3.1.1, 802.1.3.1.3: "if you would draw a card"). */
export function drawReplacements(s: NovaState, seat: Seat): DrawReplacement[] {
  const out: DrawReplacement[] = [];
  for (const o of fieldObjects(s, seat))
    novaCard(o.card).abilities.forEach((a, i) => {
      if (a.kind === 'optional-draw-replacement' || a.kind === 'draw-replacement')
        out.push({
          id: `${o.id}:${i}`,
          objectId: o.id,
          card: o.card,
          mill: a.mill,
          thenDraw: a.thenDraw,
          mandatory: a.kind === 'draw-replacement',
        });
    });
  return out;
}

/**
 * The replacements the drawer may apply to this draw: not one already applied to the same effect (802.1.3.3.3), and
 * an optional one only while its choice can be carried out, all `mill` cards of it (802.1.3.4; rulings R82, R105).
 */
function openFor(s: NovaState, seat: Seat, applied: readonly string[]): DrawReplacement[] {
  const deck = s.players[seat].zones.deck.length;
  return drawReplacements(s, seat).filter((r) => !applied.includes(r.id) && (r.mandatory || deck >= r.mill));
}

/** NOVA 905.2: `count` draws, one at a time, through this frame (only called when a replacement exists). */
export function startDraws(s: NovaState, seat: Seat, count: number): void {
  pushFrame(s, drawProcedure, { seat, queue: Array.from({ length: count }, () => []) });
}

/** NOVA 905.1: one card from the top of the main deck into the hand; an empty deck is a failed draw (502.2). */
export function drawOne(s: NovaState, seat: Seat): boolean {
  const top = s.players[seat].zones.deck[0];
  if (!top) {
    s.players[seat].failedDraw = true;
    return false;
  }
  const card = moveCard(s, top, 'hand');
  logPrivate(s, [seat], { k: 'drew-card', card: card.card });
  logPublic(s, { k: 'drew', seat, count: 1 });
  return true;
}

export const drawProcedure = defineProcedure<NovaState, DrawData>({
  kind: DRAW,
  first: 'next',
  steps: {
    next(s, { data }) {
      const applied = data.queue[0];
      if (!applied || s.result) {
        rulesProcessing(s); // NOVA 501.1
        // A destruction waiting for its controller's choice runs first, in its frame above this one (R109).
        return destructionWaits(s) ? { goto: 'finish' } : { return: null };
      }
      // NOVA 802.1.3.3.2: the player who draws decides whether, and by which, the draw is replaced; a lone
      // mandatory replacement leaves nothing to decide (802.1.3.1.1, R105).
      const open = openFor(s, data.seat, applied);
      const only = open[0];
      if (open.length === 1 && only?.mandatory) {
        data.pick = only.id;
        return { goto: 'answered' };
      }
      if (open.length > 0)
        return ask(drawReplacementDecision, data.seat, { k: 'draw-replacement', seat: data.seat }, 'answered');
      data.queue.shift();
      // NOVA 502.2: a draw from an empty deck fails; the draws after it are not made (as resolve.ts `draw`).
      if (!drawOne(s, data.seat)) data.queue = [];
      return { goto: 'next' };
    },
    finish() {
      return { return: null };
    },
    answered(s, { data }) {
      const applied = data.queue.shift() ?? [];
      const open = openFor(s, data.seat, applied);
      // NOVA 802.1.3.1.1: with a mandatory replacement open the draw cannot stay as it is (R105).
      const r = open.find((x) => x.id === data.pick) ?? open.find((x) => x.mandatory);
      delete data.pick;
      if (!r) {
        if (!drawOne(s, data.seat)) data.queue = [];
        return { goto: 'next' };
      }
      // NOVA 802.1.3.2, 802.1.3.2.1: the draw does not happen; the choice is carried out, then "if you do" (a
      // mandatory one puts what the deck has, R105).
      const milled = s.players[data.seat].zones.deck.slice(0, r.mill).map((id) => moveCard(s, id, 'graveyard').card);
      logPublic(s, { k: 'draw-replaced', seat: data.seat, card: r.card });
      logPublic(s, { k: 'milled', seat: data.seat, cards: milled });
      // NOVA 905.7: the draws the replacement makes come after what is left of the original effect (its other
      // draws), one at a time; they belong to the replaced effect, so this replacement does not apply to them again.
      for (let i = 0; i < r.thenDraw; i++) data.queue.push([...applied, r.id]);
      return { goto: 'next' };
    },
  },
});

type AwaitOf<K extends Await['k']> = Extract<Await, { k: K }>;

/**
 * NOVA 802.1.3.1.3, 802.1.3.3.2: replace this draw by one of the open replacements, or draw; with a mandatory one open
 * the drawer only chooses which replacement applies first (802.1.3.1.1, R105).
 */
export const drawReplacementDecision = defineDecisionKind<NovaState, AwaitOf<'draw-replacement'>, null>({
  name: 'draw-replacement',
  role: 'choice',
  build(s, a) {
    const data = drawFrame(s);
    const open = openFor(s, a.seat, data?.queue[0] ?? []);
    const options: DecisionOption[] = open.map((r) =>
      millOption(r, { en: `draw ${r.thenDraw}`, ja: `${r.thenDraw}枚引く` }),
    );
    const mandatory = open.find((r) => r.mandatory);
    if (!mandatory)
      options.push({ id: 'draw', kind: 'no', role: 'choice', label: { en: 'Draw the card', ja: 'カードを引く' } });
    return replacementQuestion(
      mandatory
        ? {
            en: 'You are about to draw a card: choose which replacement applies first. (NOVA 802.1.3.3.2)',
            ja: 'カードを1枚引きます：先に適用する置換効果を選んでください。',
          }
        : {
            en: 'You are about to draw a card: replace the draw? (NOVA 802.1.3.1.3)',
            ja: 'カードを1枚引きます：置換しますか？',
          },
      options,
      mandatory ? `replace:${mandatory.id}` : 'draw',
    );
  },
  handle(s, _a, chosen) {
    const data = drawFrame(s);
    const pick = chosen[0] ?? 'draw';
    if (data && pick.startsWith('replace:')) data.pick = pick.slice('replace:'.length);
    return null;
  },
});

/** The draw frame waiting for the drawer's answer: the top frame. */
function drawFrame(s: NovaState): DrawData | null {
  const top = s.procedures.frames[s.procedures.frames.length - 1];
  // Written by startDraws and this frame's own steps, so it is a DrawData.
  return top?.kind === DRAW ? (top.data as DrawData) : null;
}
