import { decisionIdFor, validateResponse } from '../../core/decision.ts';
import { UnsupportedRule } from '../../core/errors.ts';
import {
  type DecisionOption,
  type DecisionResponse,
  type OptionRole,
  opponentOf,
  type PickDecision,
  type Seat,
} from '../../core/game.ts';
import { actedWithPriority, passPriority } from '../../core/priority.ts';
import { shuffle } from '../../core/rng.ts';
import {
  continuePlay,
  declarePlay,
  discardCandidates,
  playEnergyCost,
  priorityOptions,
  recordPlayTarget,
  setEnergy,
  standbyEnergy,
} from './actions.ts';
import { novaCard } from './cards/pool.ts';
import { attackTargets, declareAttack, declareBlock, possibleAttackers, possibleBlockers } from './combat.ts';
import { chooseDamageReplacement, openDamageReplacements, processDamage } from './damage.ts';
import { paymentPlans } from './energy.ts';
import { forgetShuffled } from './knowledge.ts';
import { logPublic } from './log.ts';
import { watchForLoop } from './loops.ts';
import {
  choiceForDamage,
  continueResolution,
  draw,
  itemEffects,
  putBackOnTop,
  selectorOf,
  startResolution,
} from './resolve.ts';
import { rulesProcessing } from './rules-processing.ts';
import type { Await, NovaState, TargetRef } from './state.ts';
import { candidates, describeTarget, parseTargetId, targetId } from './targets.ts';
import { nextTriggerGroup, nextTriggerTarget, placeOne, recordTriggerTarget } from './triggers.ts';
import { priorityProcessingDone, runOp, startNextTurn } from './turn.ts';
import { seal, workingCopy } from './working-copy.ts';
import { moveCard, obj } from './zones.ts';

const MAX_STEPS = 100_000;

/**
 * Runs the game forward until a player must decide (state.await set, its decision built, novaPending) or the game
 * ends, then seals the state (working-copy.ts): it is about to be handed out.
 * NOVA 924.1.3: a loop that never reaches a decision is never spun silently: past the step limit we stop with
 * UnsupportedRule. Loops through forced decisions are caught after each decision (loops.ts, docs/rulings R47).
 */
export function advance(s: NovaState): void {
  for (let i = 0; i < MAX_STEPS; i++) {
    if (s.result) {
      s.await = null;
      seal(s);
      return;
    }
    if (s.await) {
      const decision = novaPending(s);
      if (decision?.options.length === 0) throw new Error(`decision ${s.await.k} has no options`);
      seal(s);
      return;
    }
    step(s);
  }
  throw new UnsupportedRule('924.1.3', 'the game did not reach a decision (mandatory loop?)');
}

function step(s: NovaState): void {
  if (s.setup.stage !== 'done') throw new Error('setup decisions are awaited, not stepped');
  if (s.damage) {
    // NOVA 802.1.3.3: damage waits while the affected player orders its replacement effects.
    const chooser = processDamage(s);
    if (chooser) s.await = { k: 'replacement', seat: chooser };
    return;
  }
  if (s.resolving) {
    const ask = continueResolution(s);
    if (ask) s.await = { k: ask.kind, seat: ask.seat };
    else if (!s.resolving) s.priority = null; // NOVA 704.1.3: after a resolution, priority processing starts over
    return;
  }
  if (s.play) {
    const next = continuePlay(s);
    if (next.need === 'cost-mode') s.await = { k: 'cost-mode', seat: s.play.seat };
    else if (next.need === 'additional-cost') s.await = { k: 'additional-cost', seat: s.play.seat };
    else if (next.need === 'appearance-cost') s.await = { k: 'appearance-cost', seat: s.play.seat, count: next.count };
    else if (next.need === 'payment') s.await = { k: 'payment', seat: s.play.seat };
    else if (next.need === 'target')
      s.await = { k: 'target', seat: s.play.seat, options: next.options, prompt: next.prompt };
    else if (s.priority) s.priority = actedWithPriority(s.priority); // NOVA 704.1.1: the player keeps priority
    return;
  }
  const outcome = runOp(s);
  const active = s.turn.active;
  switch (outcome) {
    case 'continue':
      return;
    case 'ask-priority':
      s.await = { k: 'priority', seat: s.priority?.holder ?? active };
      return;
    case 'ask-order':
      s.await = { k: 'order-triggers', seat: nextTriggerGroup(s)[0]?.controller ?? active };
      return;
    case 'ask-trigger-target': {
      const next = nextTriggerTarget(s);
      if (next)
        s.await = { k: 'trigger-target', seat: next.item.controller, item: next.item.id, options: next.options };
      return;
    }
    case 'ask-attacker':
      s.await = { k: 'attacker', seat: active };
      return;
    case 'ask-block':
      s.await = { k: 'block', seat: opponentOf(active) };
      return;
    case 'ask-discard':
      s.await = { k: 'discard', seat: active, count: s.players[active].zones.hand.length - 7 };
      return;
  }
}

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

/**
 * A state's decision is derived from its rules state (`await` and what it refers to), never stored in it, so its
 * words can change without changing the state. It is built once per state (the bot asks several times per click)
 * and kept on the state object under this symbol, as a non-enumerable member that JSON, spreads, structuredClone and
 * the hash all leave out; it is rebuilt if the state was changed in place since (a scenario position being built).
 * A WeakMap keyed by state did the same but cost about 7% of a decision (the garbage collector's work on its entries).
 */
const BUILT_DECISION = Symbol('NOVA pending decision');

interface BuiltDecision {
  await: Await;
  version: number;
  decision: PickDecision;
}

/** The decision the state waits for, or null when the game is over: GameModule.pending for NOVA. */
export function novaPending(s: NovaState): PickDecision | null {
  if (s.result || !s.await) return null;
  const memo: NovaState & { [BUILT_DECISION]?: BuiltDecision } = s;
  const built = memo[BUILT_DECISION];
  if (built && built.await === s.await && built.version === s.version) return built.decision;
  const decision = buildDecision(s, s.await);
  const value: BuiltDecision = { await: s.await, version: s.version, decision };
  // A state frozen whole by its holder (engines never do) cannot keep it: it is built again on each call.
  if (Object.isExtensible(memo))
    Object.defineProperty(memo, BUILT_DECISION, { value, writable: true, configurable: true, enumerable: false });
  return decision;
}

/** The pending decision for what the engine awaits: the options listed here are exactly the ones apply accepts. */
export function buildDecision(s: NovaState, a: Await): PickDecision {
  const base = { id: decisionIdFor(s.version), player: a.seat, ordered: false };
  switch (a.k) {
    case 'first-player':
      return {
        ...base,
        kind: 'first-player',
        role: 'setup',
        prompt: { en: 'Go first or second? (NOVA 007.5)', ja: '先攻か後攻かを選んでください。' },
        options: [
          opt('first', 'first', 'choice', 'Go first', '先攻'),
          opt('second', 'second', 'passive', 'Go second', '後攻'),
        ],
        min: 1,
        max: 1,
        defaultOnTimeout: ['first'],
      };
    case 'mulligan':
      return {
        ...base,
        kind: 'mulligan',
        role: 'setup',
        prompt: { en: 'Keep this hand or mulligan? (NOVA 007.6)', ja: '手札を引き直しますか？' },
        options: [
          opt('keep', 'keep', 'passive', 'Keep', 'キープ'),
          opt('mulligan', 'mulligan', 'choice', 'Mulligan', '引き直す'),
        ],
        min: 1,
        max: 1,
        defaultOnTimeout: ['keep'],
      };
    case 'priority':
      // Nine decisions in ten are priority decisions: a plain literal (same keys, same order) instead of a spread.
      return {
        id: base.id,
        player: base.player,
        ordered: base.ordered,
        kind: 'priority',
        role: 'priority',
        prompt: { en: 'You have priority.', ja: '優先権があります。' },
        options: priorityOptions(s, a.seat),
        min: 1,
        max: 1,
        defaultOnTimeout: ['pass'],
      };
    case 'order-triggers': {
      const group = nextTriggerGroup(s);
      const options = group.map((t, i) =>
        opt(`t${i}`, 'trigger', 'choice', `${novaCard(t.card).name.en}: ability`, `${novaCard(t.card).name.ja}の能力`),
      );
      return {
        ...base,
        kind: 'order-triggers',
        role: 'choice',
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
    }
    case 'cost-mode': {
      const def = novaCard(s.play?.card ?? '');
      return {
        ...base,
        kind: 'cost-mode',
        role: 'choice',
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
    }
    case 'appearance-cost': {
      const play = s.play;
      if (!play) throw new Error('appearance cost without a play');
      const def = novaCard(play.card);
      const options = standbyEnergy(s, a.seat).map((id) => cardOption(s, id, 'energy-card'));
      return {
        ...base,
        kind: 'appearance-cost',
        role: 'choice',
        prompt: {
          en: `${def.name.en}: choose ${a.count} standby cards in your energy zone to freeze. (NOVA 112)`,
          ja: `${def.name.ja}：フリーズするエナジーゾーンのスタンバイ状態のカードを${a.count}枚選んでください。`,
        },
        options,
        min: a.count,
        max: a.count,
        defaultOnTimeout: options.slice(0, a.count).map((o) => o.id),
      };
    }
    case 'additional-cost': {
      const play = s.play;
      if (!play) throw new Error('additional cost without a play');
      const def = novaCard(play.card);
      return {
        ...base,
        kind: 'additional-cost',
        role: 'choice',
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
    }
    case 'payment': {
      const play = s.play;
      const ec = play ? playEnergyCost(s, play) : null;
      if (!play || !ec) throw new Error('payment without an energy cost');
      const plans = paymentPlans(s, a.seat, ec.cost, ec.except);
      const def = novaCard(play.card);
      return {
        ...base,
        kind: 'payment',
        role: 'choice',
        prompt: {
          en: `${def.name.en}: choose the energy to pay with. (NOVA 804.2.4)`,
          ja: `${def.name.ja}：支払うエナジーを選んでください。`,
        },
        // Option ids stay short (decision answers cap them at 40 characters): the plan's index in a fixed order.
        options: plans.map((p, i) =>
          opt(
            `pay:${i}`,
            'payment',
            'choice',
            p.units.map((u) => u.en).join(', '),
            p.units.map((u) => u.ja).join('、'),
          ),
        ),
        min: 1,
        max: 1,
        defaultOnTimeout: ['pay:0'],
      };
    }
    case 'trigger-target': {
      const name = novaCard(s.waiting.find((w) => w.id === a.item)?.card ?? '').name;
      return {
        ...base,
        kind: 'target',
        role: 'choice',
        prompt: { en: `${name.en}'s ability: choose a target.`, ja: `${name.ja}の能力：対象を選んでください。` },
        options: a.options.map((t) => targetOption(s, t)),
        min: 1,
        max: 1,
        defaultOnTimeout: [targetId(a.options[0] as TargetRef)],
      };
    }
    case 'target': {
      return {
        ...base,
        kind: 'target',
        role: 'choice',
        prompt: targetPrompt(s, a.prompt),
        options: a.options.map((t) => targetOption(s, t)),
        min: 1,
        max: 1,
        defaultOnTimeout: [targetId(a.options[0] as TargetRef)],
      };
    }
    case 'attacker': {
      const options = [
        opt('no-attack', 'no-attack', 'passive', 'Do not attack', '攻撃しない'),
        ...possibleAttackers(s).map((o) => cardOption(s, o.id, 'attacker')),
      ];
      return {
        ...base,
        kind: 'attacker',
        role: 'choice',
        prompt: { en: 'Declare an attacker, or none. (NOVA 405.4.3)', ja: '攻撃するサーバントを宣言してください。' },
        options,
        min: 1,
        max: 1,
        defaultOnTimeout: ['no-attack'],
      };
    }
    case 'attack-target': {
      const options = attackTargets(s).map((t) => targetOption(s, t));
      return {
        ...base,
        kind: 'attack-target',
        role: 'choice',
        prompt: { en: 'Attack whom? The player, or a frozen servant.', ja: '攻撃対象を選んでください。' },
        options,
        min: 1,
        max: 1,
        defaultOnTimeout: [options[0]?.id ?? ''],
      };
    }
    case 'block': {
      const options = [
        opt('no-block', 'no-block', 'passive', 'Do not block', 'ブロックしない'),
        ...possibleBlockers(s).map((o) => cardOption(s, o.id, 'blocker')),
      ];
      return {
        ...base,
        kind: 'block',
        role: 'choice',
        prompt: {
          en: 'Block with a standby servant, or not. (NOVA 405.5.3)',
          ja: 'ブロックするサーバントを選んでください。',
        },
        options,
        min: 1,
        max: 1,
        defaultOnTimeout: ['no-block'],
      };
    }
    case 'discard': {
      const hand = s.players[a.seat].zones.hand;
      const options = hand.map((id) => cardOption(s, id, 'discard'));
      return {
        ...base,
        kind: 'discard',
        role: 'choice',
        prompt: {
          en: `Discard ${a.count} card(s) down to 7. (NOVA 407.4)`,
          ja: `手札が7枚になるように${a.count}枚捨ててください。`,
        },
        options,
        min: a.count,
        max: a.count,
        defaultOnTimeout: hand.slice(-a.count),
      };
    }
    case 'optional-cost': {
      const r = s.resolving;
      if (!r) throw new Error('optional cost without a resolution');
      const name = novaCard(r.item.card).name;
      const that = r.item.refObject ? s.objects[r.item.refObject] : undefined;
      const thatName = that ? novaCard(that.card).name : null;
      return {
        ...base,
        kind: 'optional-cost',
        role: 'choice',
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
    }
    case 'replacement':
      return replacementDecision(s, base);
    case 'order-deck': {
      const r = s.resolving;
      if (!r?.looking) throw new Error('order-deck without looked-at cards');
      const name = novaCard(r.item.card).name;
      const options = r.looking.map((id) => cardOption(s, id, 'deck-card'));
      return {
        ...base,
        kind: 'order-deck',
        role: 'choice',
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
    }
    case 'choose': {
      const r = s.resolving;
      if (!r) throw new Error('choose without a resolution');
      const e = itemEffects(r.item)[r.effectIndex];
      const sel = e ? selectorOf(e) : null;
      if (!e || !sel) throw new Error('choose without a selector');
      const list = candidates(s, r.item.controller, sel, choiceForDamage(itemEffects(r.item), r.effectIndex));
      const n = Math.min(sel.upTo ?? 1, list.length);
      // NOVA 804.4.1: choose as many as possible; "up to N" allows 0 to N (804.4.1.2).
      return {
        ...base,
        kind: 'choose',
        role: 'choice',
        prompt: {
          en: `${novaCard(r.item.card).name.en}: choose.`,
          ja: `${novaCard(r.item.card).name.ja}：選んでください。`,
        },
        options: list.map((t) => targetOption(s, t)),
        min: sel.upTo ? 0 : n,
        max: n,
        defaultOnTimeout: sel.upTo ? [] : list.slice(0, n).map(targetId),
      };
    }
  }
}

function replacementDecision(
  s: NovaState,
  base: Omit<PickDecision, 'kind' | 'role' | 'prompt' | 'options' | 'min' | 'max' | 'defaultOnTimeout'>,
): PickDecision {
  const open = openDamageReplacements(s);
  const event = s.damage?.current?.event;
  const to = event ? describeTarget(s, event.to) : { en: '?', ja: '?' };
  return {
    ...base,
    kind: 'replacement',
    role: 'choice',
    prompt: {
      en: `${event?.amount ?? 0} damage would be dealt to ${to.en}: choose which reduction applies first. (NOVA 802.1.3.3)`,
      ja: `${to.ja}に${event?.amount ?? 0}ダメージが与えられる：先に適用する軽減を選んでください。`,
    },
    options: open.map((r) => {
      const name = novaCard(r.card).name;
      const what = r.kind === 'shield' ? { en: ' (next damage)', ja: '（次のダメージ）' } : { en: '', ja: '' };
      return opt(
        r.id,
        'replacement',
        'choice',
        `${name.en}${what.en}: reduce by ${r.amount}`,
        `${name.ja}${what.ja}：${r.amount}軽減`,
      );
    }),
    min: 1,
    max: 1,
    defaultOnTimeout: open[0] ? [open[0].id] : [],
  };
}

function targetPrompt(s: NovaState, kind: 'equip' | 'distribute' | 'target'): { en: string; ja: string } {
  const play = s.play;
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

/** Applies a validated choice to what the engine awaits. */
function handle(s: NovaState, a: Await, chosen: string[]): void {
  const pick = chosen[0] ?? '';
  s.await = null;
  switch (a.k) {
    case 'first-player': {
      // NOVA 007.5.1
      const first = pick === 'first' ? a.seat : opponentOf(a.seat);
      s.setup.firstPlayer = first;
      logPublic(s, { k: 'order-chosen', seat: a.seat, goesFirst: pick === 'first', firstPlayer: first });
      draw(s, 'p1', 7); // NOVA 007.6
      draw(s, 'p2', 7);
      s.setup.stage = 'mulligan';
      s.await = { k: 'mulligan', seat: first };
      return;
    }
    case 'mulligan': {
      const first = s.setup.firstPlayer ?? 'p1';
      s.setup.mulligans[a.seat] = pick === 'mulligan';
      if (pick === 'mulligan') mulligan(s, a.seat);
      logPublic(s, { k: 'mulligan', seat: a.seat, mulligan: pick === 'mulligan' });
      if (a.seat === first) {
        s.await = { k: 'mulligan', seat: opponentOf(first) }; // NOVA 007.6.1.2: first player decides first
        return;
      }
      // NOVA 007.6.1.2 / 007.7: if only the first player mulliganed, the second player takes the first turn.
      const swap = s.setup.mulligans[first] === true && s.setup.mulligans[opponentOf(first)] === false;
      s.turn.startingPlayer = swap ? opponentOf(first) : first;
      if (swap) logPublic(s, { k: 'first-turn-moved', seat: opponentOf(first), rule: '007.6.1.2' });
      s.setup.stage = 'done';
      startNextTurn(s);
      return;
    }
    case 'priority': {
      if (!s.priority) throw new Error('priority decision without a priority round');
      if (pick === 'pass') {
        const after = passPriority(s.priority);
        if (after.kind === 'next') {
          s.priority = after.round;
          return;
        }
        if (s.waiting.length === 0) {
          priorityProcessingDone(s); // NOVA 704.1.3
          return;
        }
        startResolution(s); // NOVA 311.5 / 704.1.3: resolve the last placed item
        return;
      }
      const [verb, id, index, grantedFrom] = pick.split(':');
      if (verb === 'set' && id) {
        setEnergy(s, a.seat, id);
        s.priority = actedWithPriority(s.priority);
        return;
      }
      if ((verb === 'play' || verb === 'act') && id) {
        declarePlay(s, a.seat, id, verb === 'act' ? Number(index) : null, grantedFrom);
        return;
      }
      throw new Error(`unhandled priority option ${pick}`);
    }
    case 'order-triggers': {
      const group = nextTriggerGroup(s);
      for (const id of chosen) {
        const t = group[Number(id.slice(1))];
        if (t) placeOne(s, t);
      }
      return;
    }
    case 'cost-mode':
      if (s.play) s.play.payLifeInstead = pick === 'life';
      return;
    case 'appearance-cost':
      if (s.play) s.play.freezeEnergy = chosen; // NOVA 112, 904.4
      return;
    case 'additional-cost':
      if (s.play) s.play.discard = pick === 'no-discard' ? [] : [pick]; // NOVA 902.8.2
      return;
    case 'payment': {
      const play = s.play;
      const ec = play ? playEnergyCost(s, play) : null;
      const plan = play && ec ? paymentPlans(s, a.seat, ec.cost, ec.except)[Number(pick.slice('pay:'.length))] : null;
      if (play && plan) play.payment = plan.ids; // NOVA 804.2.4: exactly the units the player chose pay
      return;
    }
    case 'target': {
      const t = parseTargetId(pick);
      if (t) recordPlayTarget(s, t);
      return;
    }
    case 'trigger-target': {
      const t = parseTargetId(pick);
      if (t) recordTriggerTarget(s, a.item, t); // NOVA 804.2.2
      return;
    }
    case 'attacker':
      if (pick === 'no-attack') {
        logPublic(s, { k: 'no-attack', seat: a.seat });
        s.turn.op = Number.MAX_SAFE_INTEGER; // the step ends (NOVA 405.4.3.2); endStep goes to the attack end step
        s.priority = null;
        return;
      }
      s.await = { k: 'attack-target', seat: a.seat, attacker: pick };
      return;
    case 'attack-target': {
      const t = parseTargetId(pick);
      if (t) declareAttack(s, obj(s, a.attacker), t);
      return;
    }
    case 'block':
      if (pick === 'no-block') logPublic(s, { k: 'no-block' });
      else declareBlock(s, obj(s, pick));
      return;
    case 'discard':
      for (const id of chosen) {
        const moved = moveCard(s, id, 'graveyard'); // NOVA 911
        logPublic(s, { k: 'discarded', seat: a.seat, card: moved.card, asCost: false });
      }
      return;
    case 'order-deck':
      putBackOnTop(s, chosen); // NOVA 303.6
      return;
    case 'optional-cost': {
      const r = s.resolving;
      if (r) r.answers = { ...r.answers, [r.effectIndex]: pick === 'yes' }; // NOVA 902.13
      return;
    }
    case 'replacement':
      chooseDamageReplacement(s, pick);
      return;
    case 'choose': {
      const r = s.resolving;
      if (!r) return;
      r.chosen[r.effectIndex] = chosen.map(parseTargetId).filter((t): t is TargetRef => t !== null);
      return;
    }
  }
}

/**
 * Validates and applies one response on a copy of the state; the input is never modified. `simulate` (search,
 * core/search.ts) skips log entries and freezing and reaches the same rules state.
 */
export function applyResponse(state: NovaState, seat: Seat, response: DecisionResponse, simulate = false): NovaState {
  const chosen = validateResponse(novaPending(state), seat, response);
  const s = workingCopy(state, simulate); // copy-on-write for card objects (working-copy.ts)
  const awaited = s.await;
  if (!awaited) throw new Error('a decision is pending but nothing is awaited');
  handle(s, awaited, chosen);
  s.version += 1;
  rulesProcessing(s);
  advance(s);
  watchForLoop(s, novaPending(s)); // NOVA 924.1.3
  return s;
}

/** NOVA 003.2.3: a player may concede at any time; it uses no waiting area and nothing can stop it. */
export function concede(state: NovaState, seat: Seat): NovaState {
  if (state.result) return state;
  const s = structuredClone(state);
  s.result = { kind: 'win', winner: opponentOf(seat), reason: 'conceded', rule: '003.2.3' };
  s.version += 1;
  s.await = null;
  logPublic(s, { k: 'game-over', result: { ...s.result } });
  return s;
}
