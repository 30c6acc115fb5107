/**
 * Casting a spell (CR 601.2a-i) and activating an ability (602.2), in the rules' order, inside the kernel's
 * transaction: a choice the player cancels, or a cost that cannot be paid, rewinds everything to before the
 * announcement (721: the game goes back to the moment before the illegal action began).
 */
import { answerOf, ask } from '../../core/decision-kinds.ts';
import type { Seat } from '../../core/game.ts';
import { defineProcedure, rewind, transactionProcedure } from '../../core/procedure.ts';
import { canPayMana } from './actions.ts';
import {
  kickerDecision,
  modeDecision,
  payDecision,
  sacrificeDecision,
  type TargetPayload,
  targetChoices,
  targetDecision,
  xDecision,
} from './decisions.ts';
import { autoPayCost, manaCost, manaSources, payFromPool, useMana } from './mana.ts';
import {
  cardOf,
  convertedManaCost,
  currentRef,
  log,
  type MtgState,
  moveObject,
  objectOf,
  type TargetRef,
} from './state.ts';
import { targetKey, targetSpecs } from './targets.ts';

export const transaction = transactionProcedure<MtgState>('mtg-transaction');

export type CastData = {
  seat: Seat;
  object: string;
  /** null: casting the card; a number: activating that ability of the permanent. */
  ability: number | null;
  item: string;
  mode: number | null;
  x: number | null;
  targets: TargetRef[];
  cost: string[];
  /** CR 702.32a: the kicker cost was declared (absent: not, or no kicker). */
  kicked?: boolean;
  /** CR 702.33a: cast from the graveyard with flashback (its flashback cost replaces the mana cost). */
  flashback?: boolean;
};

function itemOf(s: MtgState, id: string) {
  const item = s.stack.find((i) => i.id === id);
  if (!item) throw new Error(`cast: no stack item ${id}`);
  return item;
}

/** The printed mana cost (spell) or activation cost (ability). */
function printedMana(s: MtgState, d: CastData): string[] {
  const card = cardOf(objectOf(s, d.object).card);
  if (d.ability === null) return d.flashback ? (card.flashback ?? []) : (card.manaCost ?? []); // CR 601.2f, 702.33a
  const a = card.abilities[d.ability];
  return a?.kind === 'activated' ? a.cost.mana : [];
}

export const cast = defineProcedure<MtgState, CastData, null>({
  kind: 'cast',
  first: 'announce',
  steps: {
    // CR 601.2a: the card moves to the stack (602.2a: an ability is put there); it becomes the top item.
    announce(s, { data }) {
      const o = objectOf(s, data.object);
      const id = `s${s.nextItem}`;
      s.nextItem += 1;
      data.item = id;
      if (data.ability === null) {
        if (o.zone === 'graveyard') data.flashback = true; // CR 702.33a: only flashback casts from there
        moveObject(s, o.id, 'stack');
        o.baseController = data.seat;
        if (data.flashback) o.flashback = true;
      }
      s.stack.push({
        id,
        kind: data.ability === null ? 'spell' : 'ability',
        source: currentRef(s, o.id),
        card: o.card,
        controller: data.seat,
        ability: data.ability,
        mode: null,
        x: null,
        targets: [],
      });
      const card = cardOf(o.card);
      const ability = data.ability === null ? undefined : card.abilities[data.ability];
      if (ability?.kind === 'activated' && ability.cycling) {
        // CR 602.2a: activated from a hidden zone, the card is revealed; its cost discards it (702.28a), done here
        // so the revealed card is public from now on (ruling B26; a cancelled activation rewinds it, 721).
        log(s, { type: 'discard', seat: data.seat, card: o.card, object: o.id, rule: '702.28a' });
        moveObject(s, o.id, 'graveyard');
      }
      // CR 601.2b: modes, then additional costs (kicker), then X.
      if (data.ability === null && card.effects.some((e) => e.do === 'choose-one'))
        return ask(modeDecision, data.seat, { card: o.card }, 'moded');
      return { goto: 'kicker' };
    },
    moded(s, { data, ret }) {
      const mode = answerOf(modeDecision, ret);
      if (mode === null) return rewind('721.1');
      data.mode = mode;
      itemOf(s, data.item).mode = mode;
      return { goto: 'kicker' };
    },
    // CR 702.32a, 601.2b: the player declares whether they will pay the kicker cost.
    kicker(s, { data }) {
      const card = cardOf(objectOf(s, data.object).card);
      if (data.ability !== null || !card.kicker) return { goto: 'x' };
      // Offered only when mana cost and kicker could both be paid now (X counted as 0; ruling E4).
      const affordable = canPayMana(s, data.seat, [...printedMana(s, data), ...card.kicker]);
      return ask(kickerDecision, data.seat, { card: card.id, affordable }, 'kicked');
    },
    kicked(s, { data, ret }) {
      const kicked = answerOf(kickerDecision, ret);
      if (kicked === null) return rewind('721.1');
      if (kicked) {
        data.kicked = true;
        itemOf(s, data.item).kicked = true;
      }
      return { goto: 'x' };
    },
    x(s, { data }) {
      const mana = printedMana(s, data);
      if (!mana.includes('X')) return { goto: 'target' };
      // The host offers X up to the mana the player could make now (docs/rulings/mtg.md M4).
      const available = s.players[data.seat].pool.length + manaSources(s, data.seat).sources.length;
      const max = Math.max(0, available - convertedManaCost(cardOf(objectOf(s, data.object).card)));
      return ask(xDecision, data.seat, { card: objectOf(s, data.object).card, max }, 'xed');
    },
    xed(s, { data, ret }) {
      data.x = answerOf(xDecision, ret);
      itemOf(s, data.item).x = data.x;
      return { goto: 'target' };
    },
    // CR 601.2c: each target phrase in order.
    target(s, { data }) {
      const card = cardOf(objectOf(s, data.object).card);
      const specs = targetSpecs(card, data.ability, data.mode);
      if (data.targets.length >= specs.length) return { goto: 'cost' };
      const payload = targetPayload(s, data);
      if (targetChoices(s, data.seat, payload).length === 0) return rewind('601.2c');
      return ask(targetDecision, data.seat, payload, 'targeted');
    },
    targeted(s, { data, ret }) {
      const chosen = answerOf(targetDecision, ret);
      if (chosen === null) return rewind('721.1');
      data.targets.push(chosen);
      itemOf(s, data.item).targets = [...data.targets];
      return { goto: 'target' };
    },
    // CR 601.2f: the total cost is locked in (X included); 601.2h: additional costs are paid with it.
    cost(s, { data }) {
      const card = cardOf(objectOf(s, data.object).card);
      const kicker = data.kicked ? (card.kicker ?? []) : []; // CR 601.2f: the kicker cost adds to the total cost
      data.cost = [...printedMana(s, data), ...kicker].map((sym) => (sym === 'X' ? String(data.x ?? 0) : sym));
      if (data.ability === null && card.additionalCost)
        return ask(sacrificeDecision, data.seat, { card: card.id }, 'sacrificed');
      return { goto: 'pay' };
    },
    sacrificed(s, { data, ret }) {
      const victim = answerOf(sacrificeDecision, ret);
      if (victim === null) return rewind('721.1');
      moveObject(s, victim, 'graveyard'); // CR 701.16a
      log(s, { type: 'sacrifice', seat: data.seat, card: objectOf(s, victim).card, object: victim });
      return { goto: 'pay' };
    },
    // CR 601.2g-h: mana abilities, then the cost is paid from the pool, in full or not at all.
    pay(s, { data }) {
      if (data.cost.length === 0 || payFromPool(s, data.seat, manaCostOf(data))) return { goto: 'other-costs' };
      return ask(payDecision, data.seat, { card: objectOf(s, data.object).card, cost: data.cost }, 'paid');
    },
    paid(s, { data, ret }) {
      const choice = answerOf(payDecision, ret);
      if (choice === 'cancel') return rewind('721.1');
      if (choice === 'auto') {
        if (!autoPayCost(s, data.seat, manaCostOf(data))) return rewind('601.2h');
        return { goto: 'other-costs' };
      }
      const [, source, option] = choice.split(':');
      const { uses } = manaSources(s, data.seat);
      const use = uses.get(source ?? '')?.[Number(option)];
      if (!source || !use) throw new Error(`cast: unknown mana source ${choice}`);
      useMana(s, data.seat, source, use); // CR 605.3b: resolves at once
      return { goto: 'pay' };
    },
    // CR 602.2b, 601.2h: an ability's other costs: {T} (107.5), life (119.4), sacrificing its source (701.16a).
    'other-costs'(s, { data }) {
      if (data.ability !== null) {
        const o = objectOf(s, data.object);
        const a = cardOf(o.card).abilities[data.ability];
        if (a?.kind !== 'activated') throw new Error('cast: not an activated ability');
        if (a.cost.tap) o.tapped = true;
        if (a.cost.life !== undefined) {
          s.players[data.seat].life -= a.cost.life;
          log(s, { type: 'life-paid', seat: data.seat, amount: a.cost.life });
        }
        if (a.cost.sacrificeSelf) moveObject(s, o.id, 'graveyard');
      }
      return { goto: 'done' };
    },
    // CR 601.2i: the spell becomes cast.
    done(s, { data }) {
      const item = itemOf(s, data.item);
      if (data.ability === null) s.happened.push({ type: 'cast', seat: data.seat, card: item.card }); // CR 601.2i
      log(s, {
        type: data.ability === null ? 'cast' : 'activate',
        seat: data.seat,
        card: item.card,
        object: data.object,
        ...(data.x !== null ? { amount: data.x } : {}),
        ...(data.kicked ? { rule: '702.32a' } : data.flashback ? { rule: '702.33a' } : {}),
      });
      return { return: null };
    },
  },
});

function manaCostOf(d: CastData) {
  return manaCost(d.cost, 0);
}

function targetPayload(s: MtgState, d: CastData): TargetPayload {
  return {
    card: objectOf(s, d.object).card,
    ability: d.ability,
    mode: d.mode,
    index: d.targets.length,
    chosen: d.targets.map(targetKey),
    self: d.ability === null ? d.object : null,
  };
}
