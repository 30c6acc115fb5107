/**
 * Playing a card, an ability or the Judgment process as the whole procedure of 903.2 (a–k), inside the kernel's
 * transaction: a cancelled choice, a target that does not exist (903.2.g) or a cost that cannot be paid (903.2.j)
 * rewinds everything to before the play began. Will is paid through will.ts (auto-pay, or one source at a time).
 */
import { answerOf, ask } from '../../core/decision-kinds.ts';
import type { Seat } from '../../core/game.ts';
import type { JsonObject } from '../../core/json.ts';
import { defineProcedure, rewind, type StepOut, transactionProcedure } from '../../core/procedure.ts';
import {
  activatedOf,
  assertSupported,
  canFillBrackets,
  incarnationOf,
  inheritanceOf,
  targetChoices,
  triggerCost,
} from './abilities.ts';
import { awakeningCost, isMainTiming, printedCost } from './actions.ts';
import type { Cost } from './cards/schema.ts';
import {
  awakenDecision,
  banishDecision,
  faceDecision,
  incarnateDecision,
  payDecision,
  targetDecision,
} from './decisions.ts';
import {
  anotherThanPrevious,
  cardOf,
  type FowState,
  faceOf,
  type ItemEffect,
  isFirstJRuler,
  log,
  moveObject,
  newId,
  objectOf,
  playedEffects,
  refOf,
  type TargetRef,
  targetsOf,
} from './state.ts';
import { addCosts, autoPay, canAfford, isFree, NO_COST, payFromPool, useWill, willUses } from './will.ts';

export const transaction = transactionProcedure<FowState>('fow-transaction');

/** Why a play was rewound (903.2.j and the steps before it), logged with the rule when the play is put back. */
export const REWIND_REASONS = [
  'cancelled',
  'no-target',
  'unpaid',
  'quickcast-lost',
  'already-rested',
  'no-mana-counter',
  'left-hand',
] as const;
export type RewindReason = (typeof REWIND_REASONS)[number];

/** Rewinds the play; the transaction's result carries "rule reason" so the priority process can log why. */
function undo(rule: string, reason: RewindReason): StepOut {
  return rewind(`${rule} ${reason}`);
}

/** The rule and the reason of a rewound play, from the transaction's result (`undo`). */
export function rewindCause(result: string): { rule: string; reason: RewindReason | null } {
  const [rule = result, reason] = result.split(' ');
  const known = REWIND_REASONS.find((r) => r === reason);
  return { rule, reason: known ?? null };
}

export type PlayData = {
  seat: Seat;
  what: 'card' | 'rune' | 'copy' | 'ability' | 'inherit' | 'judgment';
  object: string;
  key: string;
  item: string;
  main: boolean;
  awakened: boolean;
  targets: TargetRef[];
  effects: ItemEffect[];
  cost: Cost;
  rest: boolean;
  removeMana: boolean;
  godsArt: string | null;
  /** 1110.2, 1113.2a: resonators to banish as a cost, one per bracket of attributes (empty: any). */
  brackets: string[][];
  /** 903.2.b: the face it is played with. */
  face: 'front' | 'back';
} & JsonObject;

export function playData(seat: Seat, what: PlayData['what'], object: string, key = ''): PlayData {
  return {
    seat,
    what,
    object,
    key,
    item: '',
    main: false,
    awakened: false,
    targets: [],
    effects: [],
    cost: { will: [], free: 0 },
    rest: false,
    removeMana: false,
    godsArt: null,
    brackets: [],
    face: 'front',
  };
}

function itemOf(s: FowState, id: string) {
  const item = s.chase.find((i) => i.id === id);
  if (!item) throw new Error(`play: no chase item ${id}`);
  return item;
}

export const play = defineProcedure<FowState, PlayData, null>({
  kind: 'fow-play',
  first: 'begin',
  steps: {
    begin(s, { data }) {
      data.main = isMainTiming(s, data.seat);
      const o = objectOf(s, data.object);
      switch (data.what) {
        case 'card': {
          assertSupported(o.card);
          const card = cardOf(o.card);
          data.effects = playedEffects(card); // 1406.2a: a classified addition targets a card of its class
          data.cost = printedCost(card);
          // 708.4: a [Trigger] card pays its "cost." part too; from the standby area, only that part.
          if (triggerCost(card)) data.brackets = [[]];
          if (o.zone === 'standby') data.cost = NO_COST;
          // 903.2.b, 1117: a [Shift] card is played with its past or its future face up.
          if (o.zone === 'hand' && card.back && card.keywords.some((k) => k.keyword === 'shift')) {
            const future = card.back.cost ?? NO_COST;
            if (canAfford(s, data.seat, future))
              return ask(faceDecision, data.seat, { card: o.card, past: canAfford(s, data.seat, data.cost) }, 'faced');
          }
          // 1110.2: [Incarnation] is an alternative to paying the card's cost.
          const brackets = incarnationOf(card);
          if (o.zone === 'hand' && brackets && canFillBrackets(s, data.seat, brackets))
            return ask(
              incarnateDecision,
              data.seat,
              { card: o.card, canPay: canAfford(s, data.seat, data.cost) },
              'incarnated',
            );
          return { goto: 'awaken' };
        }
        case 'rune': {
          // 711.2: reveal a face-down rune (for good) and play a copy of it (1017.3), paying the copy's cost.
          assertSupported(o.card);
          const card = cardOf(o.card);
          s.players[data.seat].revealedRunes.push(o.id);
          log(s, { type: 'rune', seat: data.seat, card: o.card, object: o.id });
          const copy = newId(s, 'k');
          s.objects[copy] = { ...o, id: copy, zone: 'chase', counters: {}, copy: true };
          data.object = copy;
          data.effects = [...card.effects];
          data.cost = printedCost(card);
          return { goto: 'to-chase' };
        }
        case 'copy': {
          // 1017.3: a virtual card with the card's information, made in its zone and played from there at once
          // (ruling F-PLAY-COPY): it is on the chase as soon as it exists, so a rewound play leaves no copy (1017.3b).
          assertSupported(o.card);
          const card = cardOf(o.card);
          const copy = newId(s, 'k');
          s.objects[copy] = {
            ...o,
            id: copy,
            owner: data.seat,
            controller: data.seat,
            zone: 'chase',
            counters: {},
            copy: true,
          };
          data.object = copy;
          data.effects = [...card.effects];
          data.cost = NO_COST; // 903.2.i-2: "without paying its cost" removes the will of its cost (203)
          if (triggerCost(card)) data.brackets = [[]]; // 708.4: the "cost." part of [Trigger] is still paid
          return { goto: 'to-chase' };
        }
        case 'ability': {
          const a = activatedOf(s, data.object).find((x) => x.key === data.key);
          if (!a) throw new Error(`play: no ability ${data.key} on ${data.object}`);
          data.effects = a.effects;
          data.cost = a.cost;
          data.rest = a.rest;
          data.removeMana = a.removeManaCounter;
          data.godsArt = a.godsArt ?? null;
          return { goto: 'to-chase' };
        }
        case 'inherit': {
          const a = inheritanceOf(cardOf(o.card));
          if (!a) throw new Error(`play: ${o.card} has no Inheritance`);
          data.effects = a.effects;
          data.cost = a.cost;
          return { goto: 'to-chase' };
        }
        case 'judgment': {
          // 705.2a: the will the [Judgment] shows is paid.
          const j = faceOf(s, data.object).keywords.find((k) => k.keyword === 'judgment');
          if (!j?.cost) throw new Error('play: no Judgment');
          data.cost = j.cost;
          return { goto: 'to-chase' };
        }
      }
    },
    faced(s, { data, ret }) {
      const face = answerOf(faceDecision, ret);
      if (face === null) return undo('903.2.b', 'cancelled');
      if (face === 'back') {
        const back = cardOf(objectOf(s, data.object).card).back;
        data.cost = back?.cost ?? NO_COST;
        data.effects = [...(back?.effects ?? [])];
        data.face = 'back';
      }
      return { goto: 'awaken' };
    },
    incarnated(s, { data, ret }) {
      const choice = answerOf(incarnateDecision, ret);
      if (choice === 'cancel') return undo('903.2.j', 'cancelled');
      if (choice === 'incarnate') {
        data.cost = NO_COST;
        data.brackets = incarnationOf(cardOf(objectOf(s, data.object).card)) ?? [];
      }
      return { goto: 'awaken' };
    },
    // 903.2.c, 1109.2: choose whether to awaken.
    awaken(s, { data }) {
      const o = objectOf(s, data.object);
      if (o.zone === 'hand' && awakeningCost(s, data.seat, o.card))
        return ask(awakenDecision, data.seat, { card: o.card }, 'awakened');
      return { goto: 'to-chase' };
    },
    awakened(s, { data, ret }) {
      const choice = answerOf(awakenDecision, ret);
      if (choice === 'cancel') return undo('903.2.c', 'cancelled');
      if (choice === 'yes') {
        const extra = awakeningCost(s, data.seat, objectOf(s, data.object).card);
        if (!extra) return undo('1109.2', 'unpaid');
        data.awakened = true;
        data.cost = addCosts(data.cost, extra); // 1109.2: an additional cost
      }
      return { goto: 'to-chase' };
    },
    // 903.2.d: the card (or the ability, as a pseudo-card) moves to the chase.
    'to-chase'(s, { data }) {
      const o = objectOf(s, data.object);
      const fromGraveyard = data.what === 'card' && o.zone === 'graveyard';
      const id = newId(s, 'c');
      data.item = id;
      const isCard = data.what === 'card' || data.what === 'rune' || data.what === 'copy';
      let second = false;
      const kind = isCard ? 'card' : data.what === 'judgment' ? 'judgment' : 'ability';
      if (data.what === 'card') {
        moveObject(s, o.id, 'chase');
        o.controller = data.seat;
        o.face = data.face;
        // 1111.2a: a card played outside main timing must still have [Quickcast] on the chase.
        const card = cardOf(o.card);
        if (!data.main && !card.keywords.some((k) => k.keyword === 'quickcast') && !triggerCost(card))
          return undo('1111.2a', 'quickcast-lost');
      }
      // 1304.5: the Judgment of a 1st J-ruler (1304.5b: it does nothing if that is no longer so as it resolves).
      if (data.what === 'judgment' && isFirstJRuler(s, o.id)) second = true;
      s.chase.push({
        id,
        kind,
        controller: data.seat,
        source: refOf(s, o.id),
        card: o.card,
        effects: data.effects,
        targets: [],
        awakened: data.awakened,
        // 1124.2: the 2nd or later card this player played this turn (a rune's copy counts, ruling A24).
        torrent: isCard && s.players[data.seat].playedThisTurn >= 1,
        remnant: fromGraveyard, // 1115.2
        ...(second ? { second: true as const } : {}),
      });
      if (isCard && s.players[data.seat].playedThisTurn >= 1) {
        const t = cardOf(o.card).keywords.find((k) => k.keyword === 'torrent');
        if (t?.effects) itemOf(s, id).effects = [...data.effects, ...t.effects];
      }
      return { goto: 'target' };
    },
    // 903.2.g: each target in turn; none legal: the play is illegal.
    target(s, { data }) {
      const effects = itemOf(s, data.item).effects;
      const specs = targetsOf(effects);
      const next = specs[data.targets.length];
      if (next === undefined) return { goto: 'pay' };
      const self = data.what === 'judgment' || data.what === 'inherit' ? null : data.object;
      const before = data.targets[data.targets.length - 1];
      const other =
        anotherThanPrevious(effects, data.targets.length) && before && 'object' in before ? before.object.id : null;
      if (targetChoices(s, data.seat, next, self, other).length === 0) return undo('903.2.g', 'no-target');
      return ask(
        targetDecision,
        data.seat,
        {
          card: objectOf(s, data.object).card,
          target: next,
          self,
          index: data.targets.length,
          ...(other ? { other } : {}),
        },
        'targeted',
      );
    },
    targeted(s, { data, ret }) {
      const chosen = answerOf(targetDecision, ret);
      if (chosen === null) return undo('903.2.g', 'cancelled');
      data.targets.push(chosen);
      itemOf(s, data.item).targets = [...data.targets];
      return { goto: 'target' };
    },
    // 903.2.i–j: the cost is locked, then paid in the order printed (will first); any part unpaid rewinds the play.
    pay(s, { data }) {
      if (isFree(data.cost) || payFromPool(s, data.seat, data.cost)) return { goto: 'other-costs' };
      return ask(payDecision, data.seat, { card: objectOf(s, data.object).card, cost: data.cost }, 'paid');
    },
    paid(s, { data, ret }) {
      const choice = answerOf(payDecision, ret);
      if (choice === 'cancel') return undo('903.2.j', 'cancelled');
      if (choice === 'auto')
        return autoPay(s, data.seat, data.cost) ? { goto: 'other-costs' } : undo('903.2.j', 'unpaid');
      const use = willUses(s, data.seat).find((u) => u.id === choice);
      if (!use) throw new Error(`play: unknown will source ${choice}`);
      useWill(s, data.seat, use); // 907.2, ruling F-WILL-DURING-PAYMENT
      return { goto: 'pay' };
    },
    'other-costs'(s, { data }) {
      const o = objectOf(s, data.object);
      if (data.rest) {
        if (o.rested) return undo('903.2.j', 'already-rested'); // 1013.2: only a recovered card can be rested for a cost
        o.rested = true;
      }
      if (data.removeMana) {
        if ((o.counters.mana ?? 0) < 1) return undo('903.2.j', 'no-mana-counter');
        o.counters.mana = (o.counters.mana ?? 0) - 1;
      }
      // 1126.2: Inheritance: discard this card from your hand.
      if (data.what === 'inherit') {
        if (o.zone !== 'hand') return undo('903.2.j', 'left-hand');
        moveObject(s, o.id, 'graveyard');
        log(s, { type: 'discard', seat: data.seat, card: o.card, object: o.id });
      }
      if (data.brackets.length > 0) {
        // 903.2.j: a banish that cannot be made is a cost not paid (a copy played by an effect, ruling F-PLAY-COPY).
        if (!canFillBrackets(s, data.seat, data.brackets)) return undo('903.2.j', 'unpaid');
        return ask(banishDecision, data.seat, { card: o.card, brackets: data.brackets }, 'banished');
      }
      return { goto: 'done' };
    },
    // 1011.1: banished cards go to the graveyard.
    banished(s, { data, ret }) {
      const ids = answerOf(banishDecision, ret);
      if (ids === null) return undo('903.2.j', 'cancelled');
      for (const id of ids) {
        const b = objectOf(s, id);
        log(s, { type: 'banish', seat: data.seat, card: b.card, object: id });
        moveObject(s, id, 'graveyard');
      }
      return { goto: 'done' };
    },
    // 903.2.k: it is played.
    done(s, { data }) {
      const p = s.players[data.seat];
      const item = itemOf(s, data.item);
      if (data.what === 'card' || data.what === 'rune' || data.what === 'copy') p.playedThisTurn += 1;
      if (data.godsArt) p.godsArtsUsed.push(data.godsArt); // 1112.2b: used even if cancelled later
      if (data.what === 'judgment') p.judgedThisTurn = true; // 705.1
      // 803.6: the non-turn player played a spell or ability during this battle.
      if (s.battle && data.seat !== s.turn.active) s.battle.opponentActed = true;
      log(s, {
        type:
          data.what === 'card' || data.what === 'rune' || data.what === 'copy'
            ? 'play'
            : data.what === 'judgment'
              ? 'judgment'
              : 'activate',
        seat: data.seat,
        card: item.card,
        object: data.object,
        ...(data.awakened ? { rule: '1109' } : {}),
      });
      return { return: null };
    },
  },
});

/**
 * The pay-a-cost procedure battle costs use ([Mobilize] 1129.2 at 803.5 and 804.4), run inside a transaction: a
 * cost not paid rewinds to the attack or block choice (803.5, 804.4), will made for it included.
 */
export type PayData = { seat: Seat; cost: Cost; card: string; rule: string } & JsonObject;

export const payCost = defineProcedure<FowState, PayData, boolean>({
  kind: 'fow-pay',
  first: 'pay',
  steps: {
    pay(s, { data }) {
      if (isFree(data.cost) || payFromPool(s, data.seat, data.cost)) return { return: true };
      return ask(payDecision, data.seat, { card: data.card, cost: data.cost }, 'paid');
    },
    paid(s, { data, ret }) {
      const choice = answerOf(payDecision, ret);
      if (choice === 'cancel') return rewind(data.rule);
      if (choice === 'auto') return autoPay(s, data.seat, data.cost) ? { return: true } : rewind(data.rule);
      const use = willUses(s, data.seat).find((u) => u.id === choice);
      if (!use) throw new Error(`pay: unknown will source ${choice}`);
      useWill(s, data.seat, use);
      return { goto: 'pay' };
    },
  },
});
