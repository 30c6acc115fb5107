/**
 * Destructions that need a player's decision (NOVA 907.1, 802.1.3): an optional replacement ("you may instead ...",
 * 802.1.3.1.3) or several replacements of one destruction that lead to different outcomes (the affected card's
 * controller chooses which applies, 802.1.3.3.1). Without one, a destruction happens at once, as it always did
 * (rules-processing.ts `destroy`); with one, the destruction waits in this frame, which asks and then carries it out.
 *
 * Rules processing (501) runs inside other procedures' steps and inside `applyResponse`; when it meets such a
 * destruction it queues it here and stops (`destructionWaits`), and the caller lets the driver run this frame before
 * anything else. When the queue is empty the frame runs rules processing again from where it stopped (501.1:
 * repeated until nothing changes) and returns. A frame pushed between an answer and the step that reads it (engine.ts
 * runs rules processing there) gives that answer back when it returns (`saved`), so the step still finds it.
 */
import { ask, defineDecisionKind } from '../../core/decision-kinds.ts';
import type { DecisionOption } from '../../core/game.ts';
import type { Json } from '../../core/json.ts';
import type { Label } from '../../core/label.ts';
import { defineProcedure, pushFrame } from '../../core/procedure.ts';
import { novaCard } from './cards/pool.ts';
import type { Ability } from './cards/schema.ts';
import { characteristics } from './characteristics.ts';
import { addUntilEndOfTurn } from './effects.ts';
import { logPublic } from './log.ts';
import { rulesProcessing } from './rules-processing.ts';
import type { Await, CardObject, NovaState } from './state.ts';
import { emit, sendToGraveyard } from './triggers.ts';
import { writableObj } from './working-copy.ts';
import { fieldObjects, moveCard } from './zones.ts';

/**
 * A replacement of one servant's destruction that exists now (NOVA 802.1.3.1.1, 802.1.3.1.3). `outcome`: what happens
 * instead: the servant goes to the exclusion zone or to its owner's graveyard, or (a guard) the card with the ability
 * goes to its owner's graveyard and the servant stays.
 */
export interface DestructionReplacement {
  /** `<object>:<ability index>`: the same card on the field with the same ability. */
  id: string;
  objectId: string;
  card: string;
  outcome: 'exile' | 'send-to-graveyard' | 'send-guard-to-graveyard';
  optional: boolean;
  /** 802.1.3.1.3's "if you do": LP gained, or +0/+N for the servant that stays, until end of turn. */
  ifYouDo?: { gainLife: number } | { toughen: number };
}

type Queued = { object: string; inBattle: boolean };

/**
 * `battle`: servants dealt battle damage just before, for the rules processing this frame finishes (405.6.3.2);
 * `saved`: the answer the frame below had not read yet when this one was pushed; `pick`: the controller's answer for
 * the first queued destruction. While one is queued rules processing does not run (`destructionWaits`), so the
 * answer is carried out on the state it was given for, with the battle damage it followed (405.6.3.2).
 */
type DestructionData = { queue: Queued[]; battle: string[]; saved?: Json; pick?: string };

const DESTRUCTION = 'destruction';

/**
 * The replacement ability `a` (index `i`) of `holder` offers for a destruction: its own (`own`: the holder is the
 * servant about to be destroyed) or another servant's of the same controller (R96, R107, R109); null when it offers none.
 */
function replacementOf(holder: CardObject, a: Ability, i: number, own: boolean): DestructionReplacement | null {
  const base = { id: `${holder.id}:${i}`, objectId: holder.id, card: holder.card };
  const mandatory = own ? 'destruction-replacement' : 'ally-destruction-replacement';
  if (a.kind === mandatory) return { ...base, outcome: a.instead, optional: false };
  if (a.kind !== 'optional-destruction-replacement' || a.protects !== (own ? 'this' : 'another-ally')) return null;
  // For another servant, "send this card" sends the guard; for its own, the servant itself (802.1.3.1.3).
  const self = own ? 'send-to-graveyard' : 'send-guard-to-graveyard';
  return {
    ...base,
    outcome: a.instead === 'exile-it' ? 'exile' : self,
    optional: true,
    ifYouDo: a.ifYouDo.do === 'gain-life' ? { gainLife: a.ifYouDo.amount } : { toughen: a.ifYouDo.hp },
  };
}

/** The replacements of `target`'s destruction, its own and its controller's other servants' (R96, R107, R109). */
export function destructionReplacements(s: NovaState, target: CardObject): DestructionReplacement[] {
  const holders = [target];
  if (novaCard(target.card).type === 'servant')
    holders.push(...fieldObjects(s, target.controller).filter((g) => g.id !== target.id));
  const out: DestructionReplacement[] = [];
  for (const h of holders)
    novaCard(h.card).abilities.forEach((a, i) => {
      const r = replacementOf(h, a, i, h.id === target.id);
      if (r) out.push(r);
    });
  return out;
}

/**
 * Whether the controller has something to decide: an optional replacement (802.1.3.1.3), or mandatory ones that lead
 * to different places (802.1.3.3.1). Mandatory ones that all lead to the same place leave nothing to choose (R107).
 */
function needsChoice(open: readonly DestructionReplacement[]): boolean {
  if (open.some((r) => r.optional)) return true;
  const first = open[0];
  return open.some((r) => r.outcome !== first?.outcome);
}

/**
 * NOVA 907.1: `target` would be destroyed now. Without a replacement it enters the destroyed state; with replacements
 * that leave nothing to choose the first applies; otherwise the destruction waits for its controller's choice in the
 * destruction frame (pushed, or joined when it is the top frame) and `destructionWaits` is true until it is made.
 */
export function destroyOrAsk(s: NovaState, target: CardObject, inBattle: boolean, battle: readonly string[]): void {
  const open = destructionReplacements(s, target);
  if (open.length === 0 || !needsChoice(open)) {
    carryOut(s, target, inBattle, open[0] ?? null);
    return;
  }
  const top = s.procedures.frames[s.procedures.frames.length - 1];
  if (top?.kind === DESTRUCTION) {
    // Written by this module's own pushFrame below, so it is a DestructionData.
    const data = top.data as DestructionData;
    if (!data.queue.some((q) => q.object === target.id)) data.queue.push({ object: target.id, inBattle });
    for (const id of battle) if (!data.battle.includes(id)) data.battle.push(id);
    return;
  }
  const saved = top?.ret;
  pushFrame(s, destructionProcedure, {
    queue: [{ object: target.id, inBattle }],
    battle: [...battle],
    ...(saved === undefined ? {} : { saved }),
  });
}

/** Whether a destruction waits for its controller's choice: rules processing stops until the frame has asked. */
export function destructionWaits(s: NovaState): boolean {
  const top = s.procedures.frames[s.procedures.frames.length - 1];
  // Written by this module, so it is a DestructionData.
  return top?.kind === DESTRUCTION && (top.data as DestructionData).queue.length > 0;
}

/** NOVA 907.1, 802.1.3.2: the destruction, or the replacement `r` instead of it (802.1.3.2.1: never destroyed). */
function carryOut(s: NovaState, target: CardObject, inBattle: boolean, r: DestructionReplacement | null): void {
  if (!r) {
    const o = writableObj(s, target.id);
    o.destroyed = true;
    logPublic(s, { k: 'destroyed', card: o.card });
    emit(s, { type: 'destroyed', object: o, inBattle });
    return;
  }
  if (r.objectId !== target.id || r.optional)
    logPublic(s, { k: 'destruction-replaced', card: r.card, target: target.card });
  const controller = target.controller;
  if (r.outcome === 'exile') {
    const moved = moveCard(s, target.id, 'exclusion');
    logPublic(s, { k: 'excluded', card: moved.card, retired: moved.zone === 'retired' });
  } else if (r.outcome === 'send-to-graveyard') {
    sendToGraveyard(s, target.id); // NOVA 908.1
    logPublic(s, { k: 'sent-to-graveyard', seat: controller, card: target.card });
  } else {
    const guard = s.objects[r.objectId];
    if (guard) {
      const seat = guard.controller;
      sendToGraveyard(s, guard.id); // NOVA 908.1: the guard's choice, carried out (802.1.3.1.3)
      logPublic(s, { k: 'sent-to-graveyard', seat, card: guard.card });
    }
  }
  // NOVA 802.1.3.1.3: "if you do, ..." once the choice is carried out.
  if (r.ifYouDo && 'gainLife' in r.ifYouDo) {
    s.players[controller].life += r.ifYouDo.gainLife; // NOVA 918.7
    logPublic(s, { k: 'life-gained', seat: controller, amount: r.ifYouDo.gainLife });
  } else if (r.ifYouDo && s.objects[target.id]?.zone === 'field') {
    addUntilEndOfTurn(
      s,
      { kind: 'stat', affected: [target.id], atk: 0, hp: r.ifYouDo.toughen },
      'end-of-turn',
      controller,
    );
  }
}

/** The first queued destruction still to carry out, with its open replacements; gone or protected ones are dropped. */
function nextQueued(
  s: NovaState,
  data: DestructionData,
): { q: Queued; o: CardObject; open: DestructionReplacement[] } | null {
  for (let q = data.queue[0]; q; q = data.queue[0]) {
    const o = s.objects[q.object];
    // NOVA 907.2 and 907.1: only a servant still on the field, not destroyed and not protected, is destroyed.
    if (o?.zone === 'field' && !o.destroyed && !characteristics(s, o).indestructible)
      return { q, o, open: destructionReplacements(s, o) };
    data.queue.shift();
  }
  return null;
}

export const destructionProcedure = defineProcedure<NovaState, DestructionData>({
  kind: DESTRUCTION,
  first: 'next',
  steps: {
    next(s, { id, data }) {
      for (let next = nextQueued(s, data); next; next = nextQueued(s, data)) {
        const { o, open, q } = next;
        if (open.length > 0 && needsChoice(open))
          // NOVA 802.1.3.3.1: the controller of the card about to be destroyed decides.
          return ask(
            destructionReplacementDecision,
            o.controller,
            { k: 'destruction-replacement', seat: o.controller },
            'answered',
          );
        data.queue.shift();
        carryOut(s, o, q.inBattle, open[0] ?? null);
      }
      rulesProcessing(s, data.battle); // NOVA 501.1: on from where it stopped
      if (s.result || data.queue.length > 0 || s.procedures.frames[s.procedures.frames.length - 1]?.id !== id)
        return { goto: 'next' };
      return { return: data.saved ?? null };
    },
    answered(s, { data }) {
      const next = nextQueued(s, data);
      const pick = data.pick ?? 'destroy';
      delete data.pick;
      if (!next) return { goto: 'next' };
      data.queue.shift();
      // NOVA 802.1.3.1.1: with a mandatory replacement open the destruction cannot stay as it is.
      const r = next.open.find((x) => `replace:${x.id}` === pick) ?? next.open.find((x) => !x.optional) ?? null;
      carryOut(s, next.o, next.q.inBattle, r);
      return { goto: 'next' };
    },
  },
});

type AwaitOf<K extends Await['k']> = Extract<Await, { k: K }>;

function optionLabel(r: DestructionReplacement, target: CardObject): Label {
  const name = novaCard(r.card).name;
  const it = novaCard(target.card).name;
  const instead =
    r.outcome === 'exile'
      ? { en: `put ${it.en} into the exclusion zone`, ja: `${it.ja}を除外ゾーンに置く` }
      : r.outcome === 'send-to-graveyard'
        ? { en: `send ${it.en} to the graveyard`, ja: `${it.ja}を墓地に送る` }
        : { en: `send ${name.en} to the graveyard`, ja: `${name.ja}を墓地に送る` };
  const then = !r.ifYouDo
    ? { en: '', ja: '' }
    : 'gainLife' in r.ifYouDo
      ? { en: `, then gain ${r.ifYouDo.gainLife} LP`, ja: `、${r.ifYouDo.gainLife}LPを得る` }
      : { en: `, then +0/+${r.ifYouDo.toughen}`, ja: `、+0/+${r.ifYouDo.toughen}` };
  return { en: `${name.en}: ${instead.en}${then.en}`, ja: `${name.ja}：${instead.ja}${then.ja}` };
}

/**
 * NOVA 802.1.3.1.3, 802.1.3.3.1: which replacement applies to the destruction about to happen, or (with none
 * mandatory) none, so it is destroyed. The frame carries the answer out in its next step; the rules processing that
 * follows every answer (engine.ts) waits for it, as the destruction is still queued.
 */
export const destructionReplacementDecision = defineDecisionKind<NovaState, AwaitOf<'destruction-replacement'>, null>({
  name: 'destruction-replacement',
  role: 'choice',
  build(s) {
    const next = waiting(s);
    const options: DecisionOption[] = [];
    if (next)
      for (const r of next.open)
        options.push({
          id: `replace:${r.id}`,
          kind: 'yes',
          role: 'choice',
          objectId: r.objectId,
          cardName: novaCard(r.card).name.en,
          label: optionLabel(r, next.o),
        });
    const mandatory = next?.open.find((r) => !r.optional);
    if (!mandatory)
      options.push({
        id: 'destroy',
        kind: 'no',
        role: 'choice',
        label: { en: 'Let it be destroyed', ja: '破壊される' },
      });
    const it = next ? novaCard(next.o.card).name : { en: 'a servant', ja: 'サーバント' };
    return {
      prompt: mandatory
        ? {
            en: `${it.en} would be destroyed: choose which replacement applies. (NOVA 802.1.3.3.1)`,
            ja: `${it.ja}が破壊される：適用する置換効果を選んでください。`,
          }
        : {
            en: `${it.en} would be destroyed: replace the destruction? (NOVA 802.1.3.1.3)`,
            ja: `${it.ja}が破壊される：破壊を置換しますか？`,
          },
      options,
      min: 1,
      max: 1,
      defaultOnTimeout: [mandatory ? `replace:${mandatory.id}` : 'destroy'],
    };
  },
  handle(s, _a, chosen) {
    const top = s.procedures.frames[s.procedures.frames.length - 1];
    // Written by this module, so it is a DestructionData; carried out by the frame's next step.
    if (top?.kind === DESTRUCTION) (top.data as DestructionData).pick = chosen[0] ?? 'destroy';
    return null;
  },
});

/** The destruction the top frame asks about: its servant and open replacements. */
function waiting(s: NovaState): { o: CardObject; open: DestructionReplacement[] } | null {
  const top = s.procedures.frames[s.procedures.frames.length - 1];
  if (top?.kind !== DESTRUCTION) return null;
  const data = top.data as DestructionData; // written by this module
  const q = data.queue[0];
  const o = q ? s.objects[q.object] : undefined;
  return o ? { o, open: destructionReplacements(s, o) } : null;
}
