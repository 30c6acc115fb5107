/**
 * NOVA's decision kinds, each a `{name, role, build, handle}` pair (core/decision-kinds.ts): `build` lists what the
 * player is offered from the state and the awaited payload (`state.await`), `handle` applies the chosen ids. One
 * object per kind replaces the two parallel switches `buildDecision` and `handle` (issue 15). The options listed by
 * `build` are exactly the ones `handle` accepts.
 */
import { type DefinedDecisionKind, defineDecisionKind } from '../../core/decision-kinds.ts';
import { type DecisionOption, type OptionRole, opponentOf, type Seat } from '../../core/game.ts';
import type { Label } from '../../core/label.ts';
import { actedWithPriority, passPriority } from '../../core/priority.ts';
import { shuffle } from '../../core/rng.ts';
import {
  activateEnergyAbility,
  activateEnergyCard,
  declarePlay,
  discardCandidates,
  isEnergyAbility,
  playAbility,
  playEnergyCost,
  playingNow,
  priorityOptions,
  recordPlayTarget,
  recordPlayTargets,
  setEnergy,
  standbyEnergy,
} from './actions.ts';
import { novaCard } from './cards/pool.ts';
import type { Cost } from './cards/schema.ts';
import { attackTargets, declareAttack, declareBlock, possibleAttackers, possibleBlockers } from './combat.ts';
import { drawReplacementDecision } from './draws.ts';
import { autoPayment, costUnits, type EnergyUnit, nextSources, paymentPlans, sources, sourceText } from './energy.ts';
import { forgetShuffled } from './knowledge.ts';
import { logPublic } from './log.ts';
import {
  choiceForDamage,
  discardCards,
  draw,
  itemEffects,
  putBackOnTop,
  resolvingNow,
  selectorOf,
  startResolution,
} from './resolve.ts';
import type { Await, NovaState, PlayInProgress, TargetRef } from './state.ts';
import { candidates, describeTarget, parseTargetId, targetId } from './targets.ts';
import { nextTriggerGroup, placeOne, recordTriggerTarget } from './triggers.ts';
import { priorityProcessingDone, startNextTurn } from './turn.ts';
import { moveCard, obj } from './zones.ts';

/** The awaited payload of one kind. */
type AwaitOf<K extends Await['k']> = Extract<Await, { k: K }>;

function opt(id: string, kind: string, role: OptionRole, en: string, ja: string): DecisionOption {
  return { id, kind, role, label: { en, ja } };
}

function cardOption(s: NovaState, id: string, kind: string): DecisionOption {
  const def = novaCard(obj(s, id).card);
  return { id, kind, role: 'choice', objectId: id, cardName: def.name.en, label: { en: def.name.en, ja: def.name.ja } };
}

function targetOption(s: NovaState, t: TargetRef): DecisionOption {
  const d = describeTarget(s, t);
  const o = t.kind === 'object' ? s.objects[t.id] : undefined;
  return {
    id: targetId(t),
    kind: 'target',
    role: 'choice',
    label: d,
    ...(t.kind === 'object' ? { objectId: t.id } : {}),
    ...(o ? { cardName: novaCard(o.card).name.en } : {}),
  };
}

function targetPrompt(s: NovaState, kind: 'equip' | 'distribute' | 'target'): { en: string; ja: string } {
  const play = playingNow(s);
  if (!play) throw new Error('no play in progress');
  const name = novaCard(play.card).name;
  if (kind === 'equip' && novaCard(play.card).equip?.type === 'character')
    return {
      en: `${name.en}: choose a character to equip (either field).`,
      ja: `${name.ja}：装備するキャラクターを選んでください。`,
    };
  if (kind === 'equip')
    return {
      en: `${name.en}: choose a servant to equip (either field).`,
      ja: `${name.ja}：装備するサーバントを選んでください。`,
    };
  if (kind === 'distribute') {
    const n = play.distribution.length + 1;
    return {
      en: `${name.en}: choose who takes the next 100 damage (part ${n} of the distribution).`,
      ja: `${name.ja}：次の100ダメージの割り振り先を選んでください（${n}回目）。`,
    };
  }
  return { en: `${name.en}: choose a target.`, ja: `${name.ja}：対象を選んでください。` };
}

/** NOVA 007.6.1.1: shuffle the hand into the main deck and draw 7. */
function mulligan(s: NovaState, seat: Seat): void {
  const p = s.players[seat];
  for (const id of [...p.zones.hand]) moveCard(s, id, 'deck');
  const [order, rng] = shuffle(p.zones.deck, s.rng);
  p.zones.deck = order;
  forgetShuffled(s, order);
  s.rng = rng;
  draw(s, seat, 7);
}

/** NOVA 007.5: the player chosen at random goes first or second. */
export const firstPlayerDecision = defineDecisionKind<NovaState, AwaitOf<'first-player'>, AwaitOf<'mulligan'>>({
  name: 'first-player',
  role: 'setup',
  build(_s, _a) {
    return {
      prompt: { en: 'Go first or second? (NOVA 007.5)', ja: '先攻か後攻かを選んでください。' },
      options: [
        opt('first', 'first', 'choice', 'Go first', '先攻'),
        opt('second', 'second', 'passive', 'Go second', '後攻'),
      ],
      min: 1,
      max: 1,
      defaultOnTimeout: ['first'],
    };
  },
  handle(s, a, chosen) {
    const pick = chosen[0] ?? '';
    // NOVA 007.5.1
    const first = pick === 'first' ? a.seat : opponentOf(a.seat);
    s.setup.firstPlayer = first;
    logPublic(s, { k: 'order-chosen', seat: a.seat, goesFirst: pick === 'first', firstPlayer: first });
    draw(s, 'p1', 7); // NOVA 007.6
    draw(s, 'p2', 7);
    s.setup.stage = 'mulligan';
    return { k: 'mulligan', seat: first }; // asked next by the game's frame (turn-procedure.ts)
  },
});

/** NOVA 007.6: keep the opening hand or draw a new one; the first player decides first. */
export const mulliganDecision = defineDecisionKind<NovaState, AwaitOf<'mulligan'>, AwaitOf<'mulligan'> | null>({
  name: 'mulligan',
  role: 'setup',
  build(_s, _a) {
    return {
      prompt: { en: 'Keep this hand or mulligan? (NOVA 007.6)', ja: '手札を引き直しますか？' },
      options: [
        opt('keep', 'keep', 'passive', 'Keep', 'キープ'),
        opt('mulligan', 'mulligan', 'choice', 'Mulligan', '引き直す'),
      ],
      min: 1,
      max: 1,
      defaultOnTimeout: ['keep'],
    };
  },
  handle(s, a, chosen) {
    const pick = chosen[0] ?? '';
    const first = s.setup.firstPlayer ?? 'p1';
    s.setup.mulligans[a.seat] = pick === 'mulligan';
    if (pick === 'mulligan') mulligan(s, a.seat);
    logPublic(s, { k: 'mulligan', seat: a.seat, mulligan: pick === 'mulligan' });
    if (a.seat === first) return { k: 'mulligan', seat: opponentOf(first) }; // NOVA 007.6.1.2: first player decides first
    // NOVA 007.6.1.2 / 007.7: if only the first player mulliganed, the second player takes the first turn.
    const swap = s.setup.mulligans[first] === true && s.setup.mulligans[opponentOf(first)] === false;
    s.turn.startingPlayer = swap ? opponentOf(first) : first;
    if (swap) logPublic(s, { k: 'first-turn-moved', seat: opponentOf(first), rule: '007.6.1.2' });
    s.setup.stage = 'done';
    startNextTurn(s);
    return null;
  },
});

/** NOVA 704: what a player with priority may do (pass, play, activate, set energy). */
export const priorityDecision = defineDecisionKind<NovaState, AwaitOf<'priority'>, null>({
  name: 'priority',
  role: 'priority',
  build(s, a) {
    return {
      prompt: { en: 'You have priority.', ja: '優先権があります。' },
      options: priorityOptions(s, a.seat),
      min: 1,
      max: 1,
      defaultOnTimeout: ['pass'],
    };
  },
  handle(s, a, chosen) {
    const pick = chosen[0] ?? '';
    if (!s.priority) throw new Error('priority decision without a priority round');
    if (pick === 'pass') {
      const after = passPriority(s.priority);
      if (after.kind === 'next') {
        s.priority = after.round;
        return null;
      }
      if (s.waiting.length === 0) {
        priorityProcessingDone(s); // NOVA 704.1.3
        return null;
      }
      startResolution(s); // NOVA 311.5 / 704.1.3: resolve the last placed item
      return null;
    }
    const [verb, id, index, grantedFrom] = pick.split(':');
    if (verb === 'set' && id) {
      setEnergy(s, a.seat, id);
      s.priority = actedWithPriority(s.priority);
      return null;
    }
    if (verb === 'energy' && id) {
      activateEnergyCard(s, a.seat, id); // NOVA 310.4, 801.6.3.1
      s.priority = actedWithPriority(s.priority); // NOVA 704.1.1
      return null;
    }
    if (verb === 'act' && id && isEnergyAbility(s, id, Number(index), grantedFrom)) {
      activateEnergyAbility(s, a.seat, id, Number(index), grantedFrom); // NOVA 801.6.3.1–801.6.3.2
      s.priority = actedWithPriority(s.priority); // NOVA 704.1.1
      return null;
    }
    if ((verb === 'play' || verb === 'act') && id) {
      declarePlay(s, a.seat, id, verb === 'act' ? Number(index) : null, grantedFrom);
      return null;
    }
    throw new Error(`unhandled priority option ${pick}`);
  },
});

/** NOVA 801.4.3: the order in which a player places their simultaneous triggered abilities. */
export const orderTriggersDecision = defineDecisionKind<NovaState, AwaitOf<'order-triggers'>, null>({
  name: 'order-triggers',
  role: 'choice',
  build(s, _a) {
    const group = nextTriggerGroup(s);
    const options = group.map((t, i) =>
      opt(`t${i}`, 'trigger', 'choice', `${novaCard(t.card).name.en}: ability`, `${novaCard(t.card).name.ja}の能力`),
    );
    return {
      ordered: true,
      prompt: {
        en: 'Order your abilities: the first you list goes on the waiting area first (and resolves last).',
        ja: '能力を置く順番を選んでください（先に置いたものが後に解決されます）。',
      },
      options,
      min: options.length,
      max: options.length,
      defaultOnTimeout: options.map((o) => o.id),
    };
  },
  handle(s, _a, chosen) {
    const group = nextTriggerGroup(s);
    for (const id of chosen) {
      const t = group[Number(id.slice(1))];
      if (t) placeOne(s, t);
    }
    return null;
  },
});

/** NOVA 902.9: pay the energy cost or the alternative life cost. */
export const costModeDecision = defineDecisionKind<NovaState, AwaitOf<'cost-mode'>, null>({
  name: 'cost-mode',
  role: 'choice',
  build(s, _a) {
    const def = novaCard(playingNow(s)?.card ?? '');
    return {
      prompt: {
        en: `How do you pay for ${def.name.en}? (NOVA 902.9)`,
        ja: `${def.name.ja}のコストの支払い方を選んでください。`,
      },
      options: [
        opt('energy', 'energy', 'choice', 'Pay the energy cost', 'エナジーコストを支払う'),
        opt(
          'life',
          'life',
          'choice',
          `Pay ${def.alternativeLifeCost} LP instead`,
          `代わりに${def.alternativeLifeCost}LPを支払う`,
        ),
      ],
      min: 1,
      max: 1,
      defaultOnTimeout: ['energy'],
    };
  },
  handle(s, _a, chosen) {
    const pick = chosen[0] ?? '';
    const play = playingNow(s);
    if (play) play.payLifeInstead = pick === 'life';
    return null;
  },
});

/** NOVA 112, 904.4: the standby energy-zone cards frozen for an appearance cost. */
export const appearanceCostDecision = defineDecisionKind<NovaState, AwaitOf<'appearance-cost'>, null>({
  name: 'appearance-cost',
  role: 'choice',
  build(s, a) {
    const play = playingNow(s);
    if (!play) throw new Error('appearance cost without a play');
    const def = novaCard(play.card);
    const options = standbyEnergy(s, a.seat).map((id) => cardOption(s, id, 'energy-card'));
    return {
      prompt: {
        en: `${def.name.en}: choose ${a.count} standby cards in your energy zone to freeze. (NOVA 112)`,
        ja: `${def.name.ja}：フリーズするエナジーゾーンのスタンバイ状態のカードを${a.count}枚選んでください。`,
      },
      options,
      min: a.count,
      max: a.count,
      defaultOnTimeout: options.slice(0, a.count).map((o) => o.id),
    };
  },
  handle(s, _a, chosen) {
    const play = playingNow(s);
    if (play) play.freezeEnergy = chosen; // NOVA 112, 904.4
    return null;
  },
});

/** Whether an ability's "hand cards into the exclusion zone" cost is still to be chosen (before the graveyard's). */
function exileFromHandPending(play: PlayInProgress): boolean {
  return (
    play.abilityIndex !== null &&
    !!playAbility(play).cost.exileFromHand &&
    (play.exileFromHand === undefined || play.exileFromHand === null)
  );
}

/** Whether an ability's discard cost is still to be chosen (it is asked before the graveyard cost, actions.ts). */
function discardPending(play: PlayInProgress): boolean {
  return (
    play.abilityIndex !== null &&
    !!playAbility(play).cost.discard &&
    (play.discard === undefined || play.discard === null)
  );
}

export const additionalCostDecision = defineDecisionKind<NovaState, AwaitOf<'additional-cost'>, null>({
  name: 'additional-cost',
  role: 'choice',
  build(s, _a) {
    const play = playingNow(s);
    if (!play) throw new Error('additional cost without a play');
    const def = novaCard(play.card);
    const exileHand = play.abilityIndex !== null ? playAbility(play).cost.exileFromHand : undefined;
    if (exileHand && exileFromHandPending(play)) {
      // NOVA 902.1, 306: which hand cards pay "put N cards from your hand into the exclusion zone" (R115).
      const hand = s.players[play.seat].zones.hand;
      return {
        prompt: {
          en: `${def.name.en}: put ${exileHand} card${exileHand > 1 ? 's' : ''} from your hand into the exclusion zone to pay the ability's cost. (NOVA 902.1)`,
          ja: `${def.name.ja}：能力のコストとして手札を${exileHand}枚除外領域に置いてください。`,
        },
        options: hand.map((id) => cardOption(s, id, 'exile-card')),
        min: exileHand,
        max: exileHand,
        defaultOnTimeout: hand.slice(0, exileHand),
      };
    }
    const exile = play.abilityIndex !== null ? playAbility(play).cost.exileFromGraveyard : undefined;
    if (exile && !discardPending(play)) {
      // NOVA 902.1, 306: which graveyard cards pay "put N cards from your graveyard into the exclusion zone" (R110).
      const graveyard = s.players[play.seat].zones.graveyard;
      return {
        prompt: {
          en: `${def.name.en}: put ${exile} card${exile > 1 ? 's' : ''} from your graveyard into the exclusion zone to pay the ability's cost. (NOVA 902.1)`,
          ja: `${def.name.ja}：能力のコストとして墓地のカードを${exile}枚除外領域に置いてください。`,
        },
        options: graveyard.map((id) => cardOption(s, id, 'exile-card')),
        min: exile,
        max: exile,
        defaultOnTimeout: graveyard.slice(0, exile),
      };
    }
    if (play.abilityIndex !== null) {
      // NOVA 902.3: an ability's discard cost is not optional; any cards in hand pay it (R97, R102).
      const hand = discardCandidates(s, play);
      const n = playAbility(play).cost.discard ?? 1;
      return {
        prompt: {
          en: `${def.name.en}: discard ${n} card${n > 1 ? 's' : ''} to pay the ability's cost. (NOVA 902.3)`,
          ja: `${def.name.ja}：能力のコストとして手札を${n}枚捨ててください。`,
        },
        options: hand.map((id) => cardOption(s, id, 'discard')),
        min: n,
        max: n,
        defaultOnTimeout: hand.slice(0, n),
      };
    }
    return {
      prompt: {
        en: `${def.name.en}: you may discard 1 card as an additional cost. (NOVA 902.8.2)`,
        ja: `${def.name.ja}：追加コストとして手札を1枚捨ててもよい。`,
      },
      options: [
        opt('no-discard', 'no-discard', 'choice', 'Do not discard', '捨てない'),
        ...discardCandidates(s, play).map((id) => cardOption(s, id, 'discard')),
      ],
      min: 1,
      max: 1,
      defaultOnTimeout: ['no-discard'],
    };
  },
  handle(s, _a, chosen) {
    const pick = chosen[0] ?? '';
    const play = playingNow(s);
    if (play && play.abilityIndex !== null && exileFromHandPending(play))
      play.exileFromHand = [...chosen]; // NOVA 902.1: the hand cards for the cost (R115)
    else if (play && play.abilityIndex !== null && !discardPending(play))
      play.exileFromGraveyard = [...chosen]; // NOVA 902.1: the graveyard cards for the cost (R110)
    else if (play && play.abilityIndex !== null)
      play.discard = [...chosen]; // NOVA 902.3: the ability's N cards (R102)
    else if (play) play.discard = pick === 'no-discard' ? [] : [pick]; // NOVA 902.8.2
    return null;
  },
});

/** What the payment decision answers: auto-pay the rest, one more source, take the last one back, or cancel. */
export type PaymentAnswer = 'auto' | 'back' | 'cancel' | `unit:${string}`;

/** The play being paid for, its energy cost and the sources picked so far (NOVA 804.2.4). */
function paymentInProgress(s: NovaState): { play: PlayInProgress; cost: Cost; except?: string; chosen: string[] } {
  const play = playingNow(s);
  const ec = play ? playEnergyCost(s, play) : null;
  if (!play || !ec) throw new Error('payment without an energy cost');
  return { play, cost: ec.cost, ...(ec.except ? { except: ec.except } : {}), chosen: play.paying ?? [] };
}

/**
 * NOVA 804.2.4 (rules version 3): pay the energy cost one source at a time. "Pay automatically" is listed first and is
 * the default: the sources already picked and the solver's choice for the rest. Then each kind of source that keeps
 * the cost payable, "take back" the last pick, and "cancel", which rewinds the play to before its declaration
 * (804.2.4: a cost that is not paid means the play never happened; docs/rulings/nova.md R68).
 */
export const paymentDecision = defineDecisionKind<NovaState, AwaitOf<'payment'>, PaymentAnswer>({
  name: 'payment',
  role: 'choice',
  build(s, a) {
    const { play, cost, except, chosen } = paymentInProgress(s);
    const def = novaCard(play.card);
    const all = sources(s, a.seat);
    const text = (ids: readonly string[]) => {
      const units = ids.map((id) => all.find((u) => u.id === id)).filter((u): u is EnergyUnit => u !== undefined);
      return { en: units.map((u) => sourceText(u).en).join(', '), ja: units.map((u) => sourceText(u).ja).join('、') };
    };
    const options: DecisionOption[] = [];
    const auto = autoPayment(s, a.seat, cost, except, chosen);
    if (auto) {
      const rest = text(auto.slice(chosen.length));
      options.push(opt('auto', 'auto-pay', 'choice', `Pay automatically (${rest.en})`, `自動で支払う（${rest.ja}）`));
    }
    for (const u of nextSources(s, a.seat, cost, except, chosen)) {
      const words = sourceText(u);
      const o = s.objects[u.id.replace(/:ability$/, '')];
      options.push({
        id: `unit:${u.id}`,
        kind: 'payment',
        role: 'choice',
        label: words,
        ...(o && !u.kind.startsWith('energy:') ? { objectId: o.id, cardName: novaCard(o.card).name.en } : {}),
      });
    }
    if (chosen.length > 0) options.push(opt('back', 'back', 'passive', 'Take back the last source', '一つ戻す'));
    options.push(opt('cancel', 'cancel', 'passive', 'Cancel (undo this play)', '取り消す（プレイ前に戻す）'));
    const paid = text(chosen);
    const total = costUnits(cost);
    return {
      prompt: {
        en: `${def.name.en}: pay ${total} energy${chosen.length > 0 ? ` (picked ${chosen.length}: ${paid.en})` : ''}. (NOVA 804.2.4)`,
        ja: `${def.name.ja}：エナジーを${total}支払ってください${chosen.length > 0 ? `（選択済み${chosen.length}：${paid.ja}）` : ''}。`,
      },
      options,
      min: 1,
      max: 1,
      defaultOnTimeout: [options[0]?.id ?? 'cancel'],
    };
  },
  handle(_s, _a, chosen) {
    const pick = chosen[0] ?? 'cancel';
    if (pick === 'auto' || pick === 'back' || pick === 'cancel') return pick;
    if (pick.startsWith('unit:')) return `unit:${pick.slice('unit:'.length)}`;
    throw new Error(`unhandled payment option ${pick}`);
  },
});

/** The sources a payment answer spends: the picks so far plus this one, or plus the solver's rest (auto). */
export function paidWith(s: NovaState, answer: 'auto' | `unit:${string}`): string[] | null {
  const { play, cost, except, chosen } = paymentInProgress(s);
  if (answer === 'auto') return autoPayment(s, play.seat, cost, except, chosen);
  return [...chosen, answer.slice('unit:'.length)];
}

/** How many units the play's energy cost takes. */
export function paymentUnits(s: NovaState): number {
  return costUnits(paymentInProgress(s).cost);
}

/**
 * NOVA 804.2.4 as rules version 2 asked it: which energy units pay the cost, as one whole way to pay, when that is a
 * choice (matches recorded before version 3, `paymentRules: 'plans'`).
 */
export const paymentPlanDecision = defineDecisionKind<NovaState, AwaitOf<'payment-plan'>, null>({
  name: 'payment-plan',
  role: 'choice',
  build(s, a) {
    const play = playingNow(s);
    const ec = play ? playEnergyCost(s, play) : null;
    if (!play || !ec) throw new Error('payment without an energy cost');
    const plans = paymentPlans(s, a.seat, ec.cost, ec.except);
    const def = novaCard(play.card);
    return {
      prompt: {
        en: `${def.name.en}: choose the energy to pay with. (NOVA 804.2.4)`,
        ja: `${def.name.ja}：支払うエナジーを選んでください。`,
      },
      // Option ids stay short (decision answers cap them at 40 characters): the plan's index in a fixed order.
      options: plans.map((p, i) =>
        opt(`pay:${i}`, 'payment', 'choice', p.units.map((u) => u.en).join(', '), p.units.map((u) => u.ja).join('、')),
      ),
      min: 1,
      max: 1,
      defaultOnTimeout: ['pay:0'],
    };
  },
  handle(s, a, chosen) {
    const pick = chosen[0] ?? '';
    const play = playingNow(s);
    const ec = play ? playEnergyCost(s, play) : null;
    const plan = play && ec ? paymentPlans(s, a.seat, ec.cost, ec.except)[Number(pick.slice('pay:'.length))] : null;
    if (play && plan) play.payment = plan.ids; // NOVA 804.2.4: exactly the units the player chose pay
    return null;
  },
});

/**
 * A target: for the card or ability being played (`target`, NOVA 804.2.2), or for a triggered ability being placed
 * (`trigger-target`, NOVA 801.4.3.2). Both are offered as the decision kind "target".
 */
export const targetDecision = defineDecisionKind<NovaState, AwaitOf<'target'> | AwaitOf<'trigger-target'>, null>({
  name: 'target',
  role: 'choice',
  build(s, a) {
    // NOVA 804.4.1.2: "up to N" targets are 0 to N of them; otherwise exactly one.
    const max = a.upTo ? Math.min(a.upTo, a.options.length) : 1;
    return {
      prompt: a.k === 'target' ? targetPrompt(s, a.prompt) : triggerTargetPrompt(s, a.item),
      options: a.options.map((t) => targetOption(s, t)),
      min: a.upTo ? 0 : 1,
      max,
      defaultOnTimeout: a.upTo ? [] : [targetId(a.options[0] as TargetRef)],
    };
  },
  handle(s, a, chosen) {
    const targets = chosen.map(parseTargetId).filter((t): t is TargetRef => t !== null);
    if (a.k === 'target') {
      if (a.upTo) recordPlayTargets(s, targets);
      else if (targets[0]) recordPlayTarget(s, targets[0]);
    } else recordTriggerTarget(s, a.item, a.upTo ? targets : targets.slice(0, 1)); // NOVA 804.2.2
    return null;
  },
});

function triggerTargetPrompt(s: NovaState, item: string): Label {
  const name = novaCard(s.waiting.find((w) => w.id === item)?.card ?? '').name;
  return { en: `${name.en}'s ability: choose a target.`, ja: `${name.ja}の能力：対象を選んでください。` };
}

/** NOVA 405.4.3: the attacker, or no attack. */
export const attackerDecision = defineDecisionKind<NovaState, AwaitOf<'attacker'>, AwaitOf<'attack-target'> | null>({
  name: 'attacker',
  role: 'choice',
  build(s, _a) {
    const options = [
      opt('no-attack', 'no-attack', 'passive', 'Do not attack', '攻撃しない'),
      ...possibleAttackers(s).map((o) => cardOption(s, o.id, 'attacker')),
    ];
    return {
      prompt: { en: 'Declare an attacker, or none. (NOVA 405.4.3)', ja: '攻撃するサーバントを宣言してください。' },
      options,
      min: 1,
      max: 1,
      defaultOnTimeout: ['no-attack'],
    };
  },
  handle(s, a, chosen) {
    const pick = chosen[0] ?? '';
    if (pick === 'no-attack') {
      logPublic(s, { k: 'no-attack', seat: a.seat });
      s.turn.op = Number.MAX_SAFE_INTEGER; // the step ends (NOVA 405.4.3.2); endStep goes to the attack end step
      s.priority = null;
      return null;
    }
    return { k: 'attack-target', seat: a.seat, attacker: pick };
  },
});

/** NOVA 405.4.3: what the attacker attacks (the player or a frozen servant). */
export const attackTargetDecision = defineDecisionKind<NovaState, AwaitOf<'attack-target'>, null>({
  name: 'attack-target',
  role: 'choice',
  build(s, _a) {
    const options = attackTargets(s).map((t) => targetOption(s, t));
    return {
      prompt: { en: 'Attack whom? The player, or a frozen servant.', ja: '攻撃対象を選んでください。' },
      options,
      min: 1,
      max: 1,
      defaultOnTimeout: [options[0]?.id ?? ''],
    };
  },
  handle(s, a, chosen) {
    const pick = chosen[0] ?? '';
    const t = parseTargetId(pick);
    if (t) declareAttack(s, obj(s, a.attacker), t);
    return null;
  },
});

/** NOVA 405.5.3: a blocker, or no block. */
export const blockDecision = defineDecisionKind<NovaState, AwaitOf<'block'>, null>({
  name: 'block',
  role: 'choice',
  build(s, _a) {
    const options = [
      opt('no-block', 'no-block', 'passive', 'Do not block', 'ブロックしない'),
      ...possibleBlockers(s).map((o) => cardOption(s, o.id, 'blocker')),
    ];
    return {
      prompt: {
        en: 'Block with a standby servant, or not. (NOVA 405.5.3)',
        ja: 'ブロックするサーバントを選んでください。',
      },
      options,
      min: 1,
      max: 1,
      defaultOnTimeout: ['no-block'],
    };
  },
  handle(s, _a, chosen) {
    const pick = chosen[0] ?? '';
    if (pick === 'no-block') logPublic(s, { k: 'no-block' });
    else declareBlock(s, obj(s, pick));
    return null;
  },
});

/** NOVA 407.4: the cards discarded down to the hand limit. */
export const discardDecision = defineDecisionKind<NovaState, AwaitOf<'discard'>, null>({
  name: 'discard',
  role: 'choice',
  build(s, a) {
    const hand = s.players[a.seat].zones.hand;
    const options = hand.map((id) => cardOption(s, id, 'discard'));
    return {
      prompt: {
        en: `Discard ${a.count} card(s) down to 7. (NOVA 407.4)`,
        ja: `手札が7枚になるように${a.count}枚捨ててください。`,
      },
      options,
      min: a.count,
      max: a.count,
      defaultOnTimeout: hand.slice(-a.count),
    };
  },
  handle(s, a, chosen) {
    for (const id of chosen) {
      const moved = moveCard(s, id, 'graveyard'); // NOVA 911
      logPublic(s, { k: 'discarded', seat: a.seat, card: moved.card, asCost: false });
    }
    return null;
  },
});

/** NOVA 902.13: pay a cost on resolution ("you may ... If you do"), or not. */
export const optionalCostDecision = defineDecisionKind<NovaState, AwaitOf<'optional-cost'>, null>({
  name: 'optional-cost',
  role: 'choice',
  build(s, _a) {
    const r = resolvingNow(s);
    if (!r) throw new Error('optional cost without a resolution');
    const name = novaCard(r.item.card).name;
    const that = r.item.refObject ? s.objects[r.item.refObject] : undefined;
    const thatName = that ? novaCard(that.card).name : null;
    return {
      prompt: {
        en: `${name.en}: send it to the graveyard${thatName ? ` to destroy ${thatName.en}` : ''}? (NOVA 902.13)`,
        ja: `${name.ja}：墓地に送りますか？${thatName ? `（${thatName.ja}を破壊する）` : ''}`,
      },
      options: [
        opt('yes', 'yes', 'choice', `Send ${name.en} to the graveyard`, `${name.ja}を墓地に送る`),
        opt('no', 'no', 'choice', 'Do not', '送らない'),
      ],
      min: 1,
      max: 1,
      defaultOnTimeout: ['no'],
    };
  },
  handle(s, _a, chosen) {
    const pick = chosen[0] ?? '';
    const r = resolvingNow(s);
    if (r) r.answers = { ...r.answers, [r.effectIndex]: pick === 'yes' }; // NOVA 902.13
    return null;
  },
});

/** NOVA 303.6: the order looked-at cards go back on top of the main deck. */
export const orderDeckDecision = defineDecisionKind<NovaState, AwaitOf<'order-deck'>, null>({
  name: 'order-deck',
  role: 'choice',
  build(s, _a) {
    const r = resolvingNow(s);
    if (!r?.looking) throw new Error('order-deck without looked-at cards');
    const name = novaCard(r.item.card).name;
    const options = r.looking.map((id) => cardOption(s, id, 'deck-card'));
    return {
      ordered: true,
      prompt: {
        en: `${name.en}: put these back on top of your main deck; the first you pick goes on top. (NOVA 303.6)`,
        ja: `${name.ja}：メインデッキの上に戻す順番を選んでください（最初に選んだものが一番上）。`,
      },
      options,
      min: options.length,
      max: options.length,
      defaultOnTimeout: options.map((o) => o.id),
    };
  },
  handle(s, _a, chosen) {
    putBackOnTop(s, chosen); // NOVA 303.6
    return null;
  },
});

/** NOVA 804.4.1: choices made on resolution. */
export const chooseDecision = defineDecisionKind<NovaState, AwaitOf<'choose'>, null>({
  name: 'choose',
  role: 'choice',
  build(s, _a) {
    const r = resolvingNow(s);
    if (!r) throw new Error('choose without a resolution');
    const e = itemEffects(r.item)[r.effectIndex];
    const sel = e ? selectorOf(e) : null;
    if (!e || !sel) throw new Error('choose without a selector');
    const list = candidates(s, r.item.controller, sel, choiceForDamage(itemEffects(r.item), r.effectIndex));
    const n = Math.min(sel.upTo ?? 1, list.length);
    // NOVA 804.4.1: choose as many as possible; "up to N" allows 0 to N (804.4.1.2).
    return {
      prompt: {
        en: `${novaCard(r.item.card).name.en}: choose.`,
        ja: `${novaCard(r.item.card).name.ja}：選んでください。`,
      },
      options: list.map((t) => targetOption(s, t)),
      min: sel.upTo ? 0 : n,
      max: n,
      defaultOnTimeout: sel.upTo ? [] : list.slice(0, n).map(targetId),
    };
  },
  handle(s, _a, chosen) {
    const r = resolvingNow(s);
    if (!r) return null;
    r.chosen[r.effectIndex] = chosen.map(parseTargetId).filter((t): t is TargetRef => t !== null);
    return null;
  },
});

/** NOVA 911: the cards a player discards for an instruction (004.5: each player chooses their own). */
export const discardEffectDecision = defineDecisionKind<NovaState, AwaitOf<'discard-effect'>, null>({
  name: 'discard-effect',
  role: 'choice',
  build(s, a) {
    const r = resolvingNow(s);
    const name = r ? novaCard(r.item.card).name : { en: 'Effect', ja: '効果' };
    const hand = s.players[a.seat].zones.hand;
    return {
      prompt: {
        en: `${name.en}: discard ${a.count} card${a.count > 1 ? 's' : ''}. (NOVA 911)`,
        ja: `${name.ja}：手札を${a.count}枚捨ててください。`,
      },
      options: hand.map((id) => cardOption(s, id, 'discard')),
      min: a.count,
      max: a.count,
      defaultOnTimeout: hand.slice(-a.count),
    };
  },
  handle(s, a, chosen) {
    discardCards(s, a.seat, chosen); // NOVA 911.1, 911.3: at once
    const r = resolvingNow(s);
    if (r) r.discarded = [...(r.discarded ?? []), a.seat];
    return null;
  },
});

/** NOVA 004.7: a number chosen on resolution, from 0 (a whole number, never negative) to the card's maximum. */
export const numberDecision = defineDecisionKind<NovaState, AwaitOf<'number'>, null>({
  name: 'number',
  role: 'choice',
  build(s, _a) {
    const r = resolvingNow(s);
    const e = r ? itemEffects(r.item)[r.effectIndex] : undefined;
    if (!r || e?.do !== 'choose-number') throw new Error('a number without a choose-number instruction');
    const name = novaCard(r.item.card).name;
    const options = Array.from({ length: e.max + 1 }, (_, n) => opt(`number:${n}`, 'number', 'choice', `${n}`, `${n}`));
    return {
      prompt: {
        en: `${name.en}: choose a number from 0 to ${e.max}. (NOVA 004.7)`,
        ja: `${name.ja}：0から${e.max}までの数値を選んでください。`,
      },
      options,
      min: 1,
      max: 1,
      defaultOnTimeout: ['number:0'],
    };
  },
  handle(s, a, chosen) {
    const r = resolvingNow(s);
    const n = Number((chosen[0] ?? '').slice('number:'.length));
    if (!r || !Number.isInteger(n) || n < 0) return null;
    r.number = n;
    logPublic(s, { k: 'number-chosen', seat: a.seat, card: r.item.card, n });
    return null;
  },
});

/**
 * Each awaited kind's decision kind (`trigger-target` is offered as a "target"). The destruction and damage frames'
 * own kinds are registered by kernel.ts: destruction.ts and damage.ts reach this module through rules processing, so
 * they cannot be listed here.
 */
export const NOVA_DECISIONS: {
  readonly [K in Exclude<
    Await['k'],
    'destruction-replacement' | 'optional-damage-replacement' | 'move-replacement'
  >]: DefinedDecisionKind<NovaState, AwaitOf<K>, null | PaymentAnswer | Await>;
} = {
  'first-player': firstPlayerDecision,
  mulligan: mulliganDecision,
  priority: priorityDecision,
  'order-triggers': orderTriggersDecision,
  'cost-mode': costModeDecision,
  'additional-cost': additionalCostDecision,
  'appearance-cost': appearanceCostDecision,
  payment: paymentDecision,
  'payment-plan': paymentPlanDecision,
  target: targetDecision,
  'trigger-target': targetDecision,
  attacker: attackerDecision,
  'attack-target': attackTargetDecision,
  block: blockDecision,
  discard: discardDecision,
  choose: chooseDecision,
  'optional-cost': optionalCostDecision,
  'order-deck': orderDeckDecision,
  number: numberDecision,
  'discard-effect': discardEffectDecision,
  'draw-replacement': drawReplacementDecision,
};
