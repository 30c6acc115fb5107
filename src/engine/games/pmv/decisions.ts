/**
 * Phantom Magic Vision's decision kinds. Each builds its options from the state and the asking step's payload (no
 * words are stored) and turns the answer into what the next step reads. Option ids are short: `play:o12`,
 * `sleep:o3`, `obj:o7`.
 */
import { defineDecisionKind, type PickAsk } from '../../core/decision-kinds.ts';
import type { DecisionOption, OptionRole, Seat } from '../../core/game.ts';
import { type Label, label } from '../../core/label.ts';
import { solvePayment } from '../../core/payment-solver.ts';
import { legalActions } from './actions.ts';
import type { Aim } from './cards/schema.ts';
import { RACES } from './cards/schema.ts';
import { abilityText, modeText, RACE_NAMES } from './cards/text.ts';
import { phaseWords } from './log-text.ts';
import { retargetChoices, targetChoices, targetKey } from './rules.ts';
import {
  cardOf,
  cardOfObject,
  DECLARABLE_NAMES,
  type DeclaredRace,
  objectOf,
  type PmvState,
  type TargetRef,
} from './state.ts';

const simple = (id: string, role: OptionRole, en: string, ja: string): DecisionOption => ({
  id,
  kind: id,
  role,
  label: label(en, ja),
});

/**
 * One answer among `options` (most end with the passive "no" the text allows: decline, or cancel the play), the shape
 * of every PMV decision but the multi-card picks; `fallback` is the rules-legal answer when the clock runs out.
 */
function pickOne(prompt: Label, options: DecisionOption[], fallback: string): PickAsk {
  return { prompt, options, min: 1, max: 1, defaultOnTimeout: [fallback] };
}

/** §5.7: a face-down card has no name (§6.1.7), so an option naming it says what it is. */
const FACE_DOWN = label('a face-down character', '裏向きのキャラクター');

function objectOption(s: PmvState, id: string, kind: string, en = '', ja = ''): DecisionOption {
  const n = objectOf(s, id).faceDown ? FACE_DOWN : cardOfObject(s, id).name;
  return {
    id: `${kind}:${id}`,
    kind,
    role: 'choice',
    label: label(`${en}${n.en}`, `${n.ja}${ja}`),
    objectId: id,
    cardName: n.en,
  };
}

/** §1.12: what a player holding priority may do (actions.ts). `defense`: the defense window (§6.4.2.a). */
export const priorityDecision = defineDecisionKind<PmvState, { defense: boolean }, string>({
  name: 'priority',
  role: 'priority',
  build(s, p, seat) {
    const phase = phaseWords(s.turn.phase);
    const prompt =
      s.interferences.length > 0
        ? label('You have priority in an interference.', '干渉中に優先権があります。')
        : label(`You have priority (${phase.en}).`, `優先権があります（${phase.ja}）。`);
    return pickOne(prompt, legalActions(s, seat, { defense: p.defense }), 'pass');
  },
  handle: (_s, _p, chosen) => chosen[0] ?? 'pass',
});

const cancel = simple('cancel', 'passive', 'Cancel (take back this play)', '取り消す（プレイ前に戻す）');

/** `required`: chosen while an effect resolves (§5.3.2.c), where nothing can be taken back: no cancel. */
export type TargetPayload = { card: string; aim: Aim; self: string | null; required?: boolean };

/** §5.2.3.d, §7.3.4: one target for a target phrase; or cancel (the play is rewound, §12.8). */
export const targetDecision = defineDecisionKind<PmvState, TargetPayload, TargetRef | null>({
  name: 'target',
  role: 'choice',
  build(s, p, seat) {
    const card = cardOf(p.card);
    const options: DecisionOption[] = targetChoices(s, seat, p.aim, p.self, p.card).map((t) =>
      'player' in t
        ? simple(
            `player:${t.player}`,
            'choice',
            t.player === seat ? 'You' : 'Your opponent',
            t.player === seat ? 'あなた' : '相手',
          )
        : objectOption(s, t.object.id, 'obj'),
    );
    if (!p.required) options.push(cancel);
    return pickOne(
      label(`Choose a target for ${card.name.en}.`, `${card.name.ja}の目標を選んでください。`),
      options,
      p.required ? (options[0]?.id ?? 'cancel') : 'cancel',
    );
  },
  handle(s, p, chosen, seat) {
    const id = chosen[0] ?? 'cancel';
    return targetChoices(s, seat, p.aim, p.self, p.card).find((t) => targetKey(t) === id) ?? null;
  },
});

export type PayPayload = { card: string; cost: number; paid: number; used: string[]; free: boolean };

/**
 * §1.8.7: pay the node cost, one point per node: sleep an active node (a) or discard a sleeping one (b), never two
 * from one node in one payment (d). Auto-pay (the solver) prefers active nodes and says how many it discards.
 * §5.5.6 / §5.6.6: `free` skips NODE and COST together.
 */
export const payDecision = defineDecisionKind<PmvState, PayPayload, string>({
  name: 'pay',
  role: 'choice',
  build(s, p, seat) {
    const card = cardOf(p.card);
    const left = p.cost - p.paid;
    const options: DecisionOption[] = [];
    if (p.free)
      options.push(simple('free', 'choice', 'Play without NODE and COST', '必要ノードとコストを無視してプレイ'));
    const plan = autoPlan(s, seat, left, p.used);
    if (plan && left > 0) {
      const discards = plan.filter((id) => !objectOf(s, id).active).length;
      options.push(
        simple(
          'auto',
          'choice',
          discards > 0
            ? `Pay automatically (discards ${discards} sleeping node${discards === 1 ? '' : 's'})`
            : 'Pay automatically',
          discards > 0 ? `自動で支払う（スリープ状態のノード${discards}枚を破棄）` : '自動で支払う',
        ),
      );
    }
    if (left > 0) {
      for (const id of s.players[seat].nodes) {
        if (p.used.includes(id)) continue; // §1.8.7.d
        const active = objectOf(s, id).active;
        options.push({
          id: `${active ? 'sleep' : 'discard'}:${id}`,
          kind: active ? 'sleep' : 'discard',
          role: 'choice',
          label: active
            ? label('Sleep an active node', 'アクティブのノードをスリープ')
            : label('Discard a sleeping node', 'スリープのノードを破棄'),
          objectId: id,
        });
      }
    }
    options.push(cancel);
    return pickOne(
      label(
        `Pay ${left} for ${card.name.en} (${p.paid} of ${p.cost} paid).`,
        `${card.name.ja}のコストを支払ってください（${p.cost}のうち${p.paid}支払い済み）。`,
      ),
      options,
      'cancel',
    );
  },
  handle: (_s, _p, chosen) => chosen[0] ?? 'cancel',
});

/**
 * The nodes an automatic payment of `amount` uses: active nodes first (sleeping them), then sleeping ones
 * (discarding them), each once (§1.8.7.d), through the kernel's single-unit solver; null when it cannot be paid.
 */
export function autoPlan(s: PmvState, seat: Seat, amount: number, used: readonly string[]): string[] | null {
  const nodes = s.players[seat].nodes.filter((id) => !used.includes(id));
  const ordered = [...nodes.filter((id) => objectOf(s, id).active), ...nodes.filter((id) => !objectOf(s, id).active)];
  return solvePayment(
    { colored: {}, generic: amount },
    ordered.map((id) => ({ id, colors: ['node'] })),
  );
}

/**
 * §10.26.2.a (Resist) or §10.29.2.a (Blessing): pay X for targeting that card, or let this effect be nullified and
 * discarded.
 */
export const resistDecision = defineDecisionKind<
  PmvState,
  { card: string; x: number; canPay: boolean; keyword?: 'resist' | 'blessing' },
  boolean
>({
  name: 'resist',
  role: 'choice',
  build(_s, p) {
    const card = cardOf(p.card);
    const word = p.keyword === 'blessing' ? label('Blessing', '加護') : label('Resist', '抵抗');
    const options: DecisionOption[] = [];
    if (p.canPay) options.push(simple('pay-resist', 'choice', `Pay ${p.x} (automatically)`, `${p.x}を支払う（自動）`));
    options.push(
      simple('no-resist', 'passive', `Don't pay: ${card.name.en} is nullified`, `支払わない（${card.name.ja}は無効）`),
    );
    return pickOne(
      label(
        `${word.en}: pay ${p.x} or ${card.name.en} is nullified and discarded.`,
        `${word.ja}：${p.x}を支払わなければ${card.name.ja}は無効になり破棄されます。`,
      ),
      options,
      'no-resist',
    );
  },
  handle: (_s, p, chosen) => p.canPay && chosen[0] === 'pay-resist',
});

/**
 * §10.27.2.a, §4.5.1.a: Upkeep Cost (X) at the maintenance phase: pay X, or the card is discarded; with the card's
 * caster (or its alternative race) on the field the player may ignore the effect instead.
 */
export const upkeepDecision = defineDecisionKind<
  PmvState,
  { card: string; x: number; canPay: boolean; canIgnore: boolean },
  'ignore' | 'pay' | 'discard'
>({
  name: 'upkeep',
  role: 'choice',
  build(_s, p) {
    const card = cardOf(p.card);
    const options: DecisionOption[] = [];
    if (p.canIgnore) options.push(simple('ignore-upkeep', 'choice', 'Ignore the upkeep cost', '維持コストを無視する'));
    if (p.canPay) options.push(simple('pay-upkeep', 'choice', `Pay ${p.x} (automatically)`, `${p.x}を支払う（自動）`));
    options.push(
      simple('no-upkeep', 'passive', `Don't pay: ${card.name.en} is discarded`, `支払わない（${card.name.ja}を破棄）`),
    );
    return pickOne(
      label(
        `Upkeep Cost: pay ${p.x} or ${card.name.en} is discarded.`,
        `維持コスト：${p.x}を支払わなければ${card.name.ja}は破棄されます。`,
      ),
      options,
      p.canIgnore ? 'ignore-upkeep' : 'no-upkeep',
    );
  },
  handle(_s, p, chosen) {
    if (chosen[0] === 'ignore-upkeep' && p.canIgnore) return 'ignore';
    if (chosen[0] === 'pay-upkeep' && p.canPay) return 'pay';
    return 'discard';
  },
});

/**
 * §5.2.3.c, §7.1.15: which mode of a "Choose one" card resolves; or cancel (the play is rewound, §12.8). `required`:
 * chosen while an effect resolves (§5.3.2.b), with no cancel.
 */
export const modeDecision = defineDecisionKind<
  PmvState,
  { card: string; modes: number[]; required?: boolean },
  number | null
>({
  name: 'mode',
  role: 'choice',
  build(_s, p) {
    const card = cardOf(p.card);
    const options: DecisionOption[] = p.modes.map((m) => {
      const text = modeText(card, m);
      return { id: `mode:${m}`, kind: 'mode', role: 'choice', label: label(text.en, text.ja) };
    });
    if (!p.required) options.push(cancel);
    return pickOne(
      label(`Choose one for ${card.name.en}.`, `${card.name.ja}の効果を1つ選んでください。`),
      options,
      p.required ? (options[0]?.id ?? 'cancel') : 'cancel',
    );
  },
  handle(_s, p, chosen) {
    const m = Number((chosen[0] ?? '').slice('mode:'.length));
    return p.modes.includes(m) ? m : null;
  },
});

/**
 * §1.8.7.h: a COST of X not yet defined: the player chooses how much to pay, from 0 to what their nodes can pay
 * (§1.8.7.d: one point per node); X is then what is paid. Or cancel (the play is rewound, §12.8).
 */
/** X from 0 to `max`: a COST of X (§1.8.7.h), or with `lp` the LP chosen for an LP cost of X (§1.9.4.b). */
export const xDecision = defineDecisionKind<PmvState, { card: string; max: number; lp?: true }, number | null>({
  name: 'x-cost',
  role: 'choice',
  build(_s, p) {
    const card = cardOf(p.card);
    const options: DecisionOption[] = [];
    for (let x = 0; x <= p.max; x++)
      options.push({ id: `x:${x}`, kind: 'x', role: 'choice', label: label(`X = ${x}`, `X = ${x}`) });
    options.push(cancel);
    return pickOne(
      p.lp
        ? label(
            `Choose X for ${card.name.en}: the LP you will pay (0 to ${p.max}).`,
            `${card.name.ja}のX（支払うLP、0〜${p.max}）を選んでください。`,
          )
        : label(
            `Choose X for ${card.name.en}: the cost you will pay.`,
            `${card.name.ja}のX（支払うコスト）を選んでください。`,
          ),
      options,
      'cancel',
    );
  },
  handle(_s, p, chosen) {
    const id = chosen[0] ?? 'cancel';
    if (!id.startsWith('x:')) return null;
    const x = Number(id.slice(2));
    return Number.isInteger(x) && x >= 0 && x <= p.max ? x : null;
  },
});

export type SaveChoice = { saver: string; saved: string };

/**
 * §7.1.6.a with a "may": several optional γ of one player fired at once, each a pair (the card whose text it is, the
 * card it acts on). The player picks the pair to resolve first, or declines them all (`decline`).
 */
function pairOrDeclineKind<T extends SaveChoice | BreakChoice>(spec: {
  name: string;
  /** The option kind, also the prefix of its id (`kind:a:b`). */
  kind: string;
  ids: (pair: T) => readonly [string, string];
  words: (a: Label, b: Label) => Label;
  decline: DecisionOption;
  prompt: Label;
}) {
  const optionId = (pair: T) => `${spec.kind}:${spec.ids(pair).join(':')}`;
  return defineDecisionKind<PmvState, { pairs: T[] }, T | null>({
    name: spec.name,
    role: 'choice',
    build(s, p) {
      const options: DecisionOption[] = p.pairs.map((pair) => {
        const [a, b] = spec.ids(pair);
        const name = cardOfObject(s, a).name;
        return {
          id: optionId(pair),
          kind: spec.kind,
          role: 'choice',
          label: spec.words(name, cardOfObject(s, b).name),
          objectId: a,
          cardName: name.en,
        };
      });
      options.push(spec.decline);
      return pickOne(spec.prompt, options, spec.decline.id);
    },
    handle(_s, p, chosen) {
      const id = chosen[0] ?? spec.decline.id;
      return p.pairs.find((x) => optionId(x) === id) ?? null;
    },
  });
}

/**
 * §9.2.3.b, §7.1.6.a: the γ "when another character of yours would become doomed, you may discard this character;
 * if you do, nullify that doomed state" (Ninth-Peak Hermit). Every such γ of one player triggers at once, one per
 * doomed character; the player orders them by picking the one to resolve first, or declines them all (each is a
 * "may"). Once a saver has left, its other triggers do not resolve (§7.4.7.d).
 */
export const saveDecision = pairOrDeclineKind<SaveChoice>({
  name: 'save-from-doom',
  kind: 'save',
  ids: ({ saver, saved }) => [saver, saved],
  words: (a, b) => label(`Discard ${a.en} to save ${b.en}`, `${a.ja}を捨て札にして${b.ja}の決死を無効にする`),
  decline: simple('no-save', 'passive', 'Let them be doomed', '何もしない'),
  prompt: label(
    'A character of yours would become doomed: use an auto effect to save it?',
    'あなたのキャラクターが決死状態になります。自動効果を使いますか？',
  ),
});

/**
 * §7.1.6.a: auto γ effects of one player that trigger at the same time resolve in the order that player chooses: the
 * player picks the one to resolve next (each option is the card whose text it is), until one is left.
 */
export const gammaOrderDecision = defineDecisionKind<PmvState, { owners: string[] }, number>({
  name: 'gamma-order',
  role: 'choice',
  build(s, p) {
    const options: DecisionOption[] = p.owners.map((owner, i) => {
      const n = cardOfObject(s, owner).name;
      return {
        id: `first:${i}`,
        kind: 'first',
        role: 'choice',
        label: label(`Resolve ${n.en}'s effect first`, `${n.ja}の効果を先に解決する`),
        objectId: owner,
        cardName: n.en,
      };
    });
    return pickOne(
      label(
        'Several of your auto effects trigger at once: which resolves first?',
        'あなたの自動効果が同時に複数発生しました。どれを先に解決しますか？',
      ),
      options,
      'first:0',
    );
  },
  handle: (_s, _p, chosen) => Number((chosen[0] ?? 'first:0').slice('first:'.length)),
});

export type BreakChoice = { first: string; second: string };

/**
 * §10.18.2.a, §9.2.3.d: Spell Break: a doomed Spell Card One character of yours may put a matching Spell Card Two
 * card from your sideboard onto your field; with several, the player picks which first (§7.1.6.a), or declines all.
 */
export const spellBreakDecision = pairOrDeclineKind<BreakChoice>({
  name: 'spell-break',
  kind: 'break',
  ids: ({ first, second }) => [first, second],
  words: (a, b) => label(`Spell Break: ${a.en} becomes ${b.en}`, `スペルブレイク：${a.ja}を${b.ja}に`),
  decline: simple('no-break', 'passive', "Don't Spell Break", 'スペルブレイクしない'),
  prompt: label(
    'A Spell Card One character of yours became doomed: put a Spell Card Two card from your sideboard onto your field?',
    'あなたの壱符のキャラクターが決死状態になりました。サイドボードの弐符を場に出しますか？',
  ),
});

/** §10.18.2.a: after Spell Break, whether to move the doomed character's attachments to the new one. */
export const moveAttachmentsDecision = defineDecisionKind<PmvState, { from: string; to: string }, boolean>({
  name: 'move-attachments',
  role: 'choice',
  build(s, p) {
    const to = cardOfObject(s, p.to).name;
    return pickOne(
      label(
        `Move every card attached to the doomed character to ${to.en}?`,
        `決死状態のキャラクターにセットされているカードすべてを${to.ja}に移しますか？`,
      ),
      [simple('move', 'choice', 'Move them', '移す'), simple('no-move', 'passive', "Don't move them", '移さない')],
      'move',
    );
  },
  handle: (_s, _p, chosen) => chosen[0] === 'move',
});

/** §6.5.3.a: whether to graze. */
export const grazeDecision = defineDecisionKind<PmvState, { amount: number }, boolean>({
  name: 'graze',
  role: 'choice',
  build(_s, p) {
    return pickOne(
      label(
        `Graze: put the top ${p.amount} card${p.amount === 1 ? '' : 's'} of your deck into your node area, asleep?`,
        `グレイズしますか？（デッキの上から${p.amount}枚をスリープ状態でノードに加える）`,
      ),
      [
        simple('graze', 'choice', 'Graze', 'グレイズする'),
        simple('no-graze', 'passive', "Don't graze", 'グレイズしない'),
      ],
      'graze',
    );
  },
  handle: (_s, _p, chosen) => chosen[0] === 'graze',
});

/** §4.8.1.a: the turn player chooses the cards discarded down to the hand limit. */
export const discardDecision = defineDecisionKind<PmvState, { count: number }, string[]>({
  name: 'discard',
  role: 'choice',
  build(s, p, seat) {
    const hand = s.players[seat].hand;
    return {
      prompt: label(
        `Discard ${p.count} card${p.count === 1 ? '' : 's'} down to the hand limit of 7.`,
        `手札の上限7枚まで${p.count}枚を破棄してください。`,
      ),
      options: hand.map((id) => objectOption(s, id, 'card')),
      min: p.count,
      max: p.count,
      defaultOnTimeout: hand.slice(hand.length - p.count).map((id) => `card:${id}`),
    };
  },
  handle: (_s, _p, chosen) => chosen.map((c) => c.slice('card:'.length)),
});

/**
 * §9.3.4.g: the owner orders their cards that entered the netherworld together: the first chosen goes in first
 * (lowest), the last ends on top.
 */
export const netherOrderDecision = defineDecisionKind<PmvState, { ids: string[] }, string[]>({
  name: 'netherworld-order',
  role: 'choice',
  build(s, p) {
    return {
      prompt: label(
        'Order the cards going to your netherworld together: the last one you pick ends on top.',
        '同時に冥界に置かれるカードの順番を選んでください（最後に選んだカードが一番上）。',
      ),
      options: p.ids.map((id) => objectOption(s, id, 'card')),
      min: p.ids.length,
      max: p.ids.length,
      ordered: true,
      defaultOnTimeout: p.ids.map((id) => `card:${id}`),
    };
  },
  handle: (_s, _p, chosen) => chosen.map((c) => c.slice('card:'.length)),
});

/** Ilse's Reading Glass (§11.7): the player looked at the top card of their deck; discard it or leave it there. */
export const lookTopDecision = defineDecisionKind<PmvState, { id: string }, boolean>({
  name: 'look-top',
  role: 'choice',
  build(s, p) {
    const n = cardOfObject(s, p.id).name;
    return pickOne(
      label(
        `The top card of your deck is ${n.en}. Discard it?`,
        `あなたのデッキの一番上のカードは${n.ja}です。捨て札にしますか？`,
      ),
      [
        {
          ...simple('discard-top', 'choice', `Discard ${n.en}`, `${n.ja}を捨て札にする`),
          objectId: p.id,
          cardName: n.en,
        },
        simple('keep-top', 'passive', 'Leave it on top', '一番上に残す'),
      ],
      'keep-top',
    );
  },
  handle: (_s, _p, chosen) => chosen[0] === 'discard-top',
});

/** Fortune Split (§11.4, §11.7): the player looks at their whole deck and extracts `count` cards of it. */
export const extractDecision = defineDecisionKind<PmvState, { count: number }, string[]>({
  name: 'extract',
  role: 'choice',
  build(s, p, seat) {
    const deck = s.players[seat].deck;
    return {
      prompt: label(
        `Fortune Split: extract ${p.count} card${p.count === 1 ? '' : 's'} of your deck; they will be revealed.`,
        `運命の二分：デッキから${p.count}枚を抜き出してください（公開されます）。`,
      ),
      options: deck.map((id) => objectOption(s, id, 'card')),
      min: p.count,
      max: p.count,
      defaultOnTimeout: deck.slice(0, p.count).map((id) => `card:${id}`),
    };
  },
  handle(s, p, chosen, seat) {
    const deck = s.players[seat].deck;
    const ids = [...new Set(chosen.map((c) => c.slice('card:'.length)))].filter((id) => deck.includes(id));
    return ids.length === p.count ? ids : deck.slice(0, p.count);
  },
});

/** Fortune Split: the opponent divides the revealed cards into two groups by choosing the first (docs/rulings/pmv.md P25). */
export const splitDecision = defineDecisionKind<PmvState, { ids: string[] }, string[]>({
  name: 'split',
  role: 'choice',
  build(s, p) {
    return {
      prompt: label(
        'Fortune Split: choose the cards of the first group; the others form the second (either may be empty).',
        '運命の二分：1つ目の束のカードを選んでください（残りが2つ目の束、どちらも空でも可）。',
      ),
      options: p.ids.map((id) => objectOption(s, id, 'card')),
      min: 0,
      max: p.ids.length,
      defaultOnTimeout: p.ids.slice(0, Math.ceil(p.ids.length / 2)).map((id) => `card:${id}`),
    };
  },
  handle: (_s, p, chosen) => chosen.map((c) => c.slice('card:'.length)).filter((id) => p.ids.includes(id)),
});

const groupWords = (s: PmvState, ids: readonly string[]) => {
  const names = ids.map((id) => cardOfObject(s, id).name);
  return label(names.map((n) => n.en).join(', ') || 'nothing', names.map((n) => n.ja).join('、') || 'なし');
};

/** Fortune Split: the player takes one group into their hand; the other goes to their netherworld. */
export const groupDecision = defineDecisionKind<PmvState, { first: string[]; second: string[] }, boolean>({
  name: 'group',
  role: 'choice',
  build(s, p) {
    const a = groupWords(s, p.first);
    const b = groupWords(s, p.second);
    return pickOne(
      label(
        'Fortune Split: which group goes to your hand? The other goes to your netherworld.',
        '運命の二分：手札に加える束を選んでください（もう一方は冥界へ）。',
      ),
      [
        simple('group:first', 'choice', `Take ${a.en}`, `${a.ja}を手札に加える`),
        simple('group:second', 'choice', `Take ${b.en}`, `${b.ja}を手札に加える`),
      ],
      'group:first',
    );
  },
  handle: (_s, _p, chosen) => chosen[0] !== 'group:second',
});

/** §10.28.2.a: the character attacks or defends; transform it at the same time (until your next turn starts)? */
export const transformDecision = defineDecisionKind<PmvState, { id: string }, string | null>({
  name: 'transform',
  role: 'choice',
  build(s, p) {
    const n = cardOfObject(s, p.id).name;
    const t = cardOf(objectOf(s, p.id).card).transformation?.name ?? n;
    return pickOne(
      label(
        `Transform ${n.en} into ${t.en} until your next turn starts?`,
        `${n.ja}を次のあなたのターン開始時まで${t.ja}に変身させますか？`,
      ),
      [
        {
          ...simple('transform', 'choice', `Transform into ${t.en}`, `${t.ja}に変身する`),
          objectId: p.id,
          cardName: n.en,
        },
        simple('no-transform', 'passive', "Don't transform", '変身しない'),
      ],
      'no-transform',
    );
  },
  handle: (_s, p, chosen) => (chosen[0] === 'transform' ? p.id : null),
});

/**
 * §10.20.2.b: Link: exclude a card whose name contains the `name`-th linked name (from your field, hand or
 * netherworld), or exclude none and the Link card is excluded instead (its play fails, §10.20.3).
 */
export const linkDecision = defineDecisionKind<PmvState, { card: string; name: number; ids: string[] }, string | null>({
  name: 'link',
  role: 'choice',
  build(s, p) {
    const card = cardOf(p.card);
    const wanted = card.keywords.find((k) => k.keyword === 'link')?.names?.[p.name] ?? card.name;
    const zone = (id: string) => {
      const z = objectOf(s, id).zone;
      return z === 'field' ? label('field', '場') : z === 'hand' ? label('hand', '手札') : label('netherworld', '冥界');
    };
    const options: DecisionOption[] = p.ids.map((id) => {
      const o = objectOption(s, id, 'card');
      const z = zone(id);
      return { ...o, label: label(`${o.label.en} (${z.en})`, `${o.label.ja}（${z.ja}）`) };
    });
    options.push(
      simple(
        'no-link',
        'passive',
        `Exclude nothing: ${card.name.en} is excluded`,
        `除外しない（${card.name.ja}を除外）`,
      ),
    );
    return pickOne(
      label(
        `Link: exclude a card named "${wanted.en}" for ${card.name.en}.`,
        `連結：${card.name.ja}のために「${wanted.ja}」を名称に含むカードを1枚除外してください。`,
      ),
      options,
      p.ids[0] ? `card:${p.ids[0]}` : 'no-link',
    );
  },
  handle(_s, p, chosen) {
    const id = (chosen[0] ?? '').slice('card:'.length);
    return p.ids.includes(id) ? id : null;
  },
});

/**
 * §10.33.2.a: Overdrive: exclude one more matching card from your netherworld (one at a time, any number of at least
 * one), or stop. Stopping with none chosen excludes the Overdrive card instead (its play fails, §10.33.3).
 */
export const overdriveDecision = defineDecisionKind<
  PmvState,
  { card: string; chosen: number; ids: string[] },
  string | null
>({
  name: 'overdrive',
  role: 'choice',
  build(s, p) {
    const card = cardOf(p.card);
    const options: DecisionOption[] = p.ids.map((id) => objectOption(s, id, 'card'));
    options.push(
      p.chosen === 0
        ? simple(
            'stop',
            'passive',
            `Exclude nothing: ${card.name.en} is excluded`,
            `除外しない（${card.name.ja}を除外）`,
          )
        : simple('stop', 'passive', `Exclude no more (${p.chosen} chosen)`, `これ以上除外しない（${p.chosen}枚）`),
    );
    return pickOne(
      label(
        `Overdrive: exclude a card from your netherworld for ${card.name.en}.`,
        `オーバードライブ：${card.name.ja}のために冥界のカードを1枚除外してください。`,
      ),
      options,
      'stop',
    );
  },
  handle(_s, p, chosen) {
    const id = (chosen[0] ?? '').slice('card:'.length);
    return p.ids.includes(id) ? id : null;
  },
});

/**
 * §8.2.8: which target of the card being played (`entry`) changes, and to which character (Wayward Omen). Each option
 * is one pair `retarget:<target index>:<object>`; the change is the effect's, so nothing declines it.
 */
export const changeTargetDecision = defineDecisionKind<
  PmvState,
  { card: string; entry: string },
  { index: number; id: string } | null
>({
  name: 'change-target',
  role: 'choice',
  build(s, p) {
    const card = cardOf(p.card);
    const entry = s.interferences.flatMap((i) => i.entries).find((e) => e.id === p.entry);
    const played = entry ? cardOf(entry.card).name : label('the card', 'そのカード');
    const options: DecisionOption[] = (entry ? retargetChoices(s, entry) : []).map(([index, id]) => {
      const o = objectOption(s, id, 'retarget');
      return { ...o, id: `retarget:${index}:${id}` };
    });
    return pickOne(
      label(
        `${card.name.en}: choose the new target of ${played.en}.`,
        `${card.name.ja}：${played.ja}の新しい目標を選んでください。`,
      ),
      options,
      options[0]?.id ?? '',
    );
  },
  handle(s, p, chosen) {
    const [, index, id] = (chosen[0] ?? '').split(':');
    const entry = s.interferences.flatMap((i) => i.entries).find((e) => e.id === p.entry);
    const pick = (entry ? retargetChoices(s, entry) : []).find(([i, o]) => String(i) === index && o === id);
    return pick ? { index: pick[0], id: pick[1] } : null;
  },
});

/**
 * §7.5.2.a: which activated effect of `object` resolves as if used (Shrine Bell Echo), one option `effect:<index>`
 * each, shown by its text; the choice is the effect's, so nothing declines it.
 */
export const asUsedDecision = defineDecisionKind<
  PmvState,
  { card: string; object: string; abilities: number[] },
  number | null
>({
  name: 'as-used-effect',
  role: 'choice',
  build(s, p) {
    const card = cardOf(p.card);
    const text = cardOfObject(s, p.object);
    const options: DecisionOption[] = p.abilities.map((k) => {
      const a = text.abilities[k];
      const words = a ? abilityText(a) : label('?', '?');
      return { id: `effect:${k}`, kind: 'effect', role: 'choice', label: words, objectId: p.object };
    });
    return pickOne(
      label(
        `${card.name.en}: choose the effect of ${text.name.en} that resolves as if used.`,
        `${card.name.ja}：使用したものとして解決する${text.name.ja}の効果を選んでください。`,
      ),
      options,
      options[0]?.id ?? '',
    );
  },
  handle(_s, p, chosen) {
    const k = Number((chosen[0] ?? '').slice('effect:'.length));
    return p.abilities.includes(k) ? k : null;
  },
});

/** §12.1.4: the races a player may declare: every race icon, and "none". */
export const DECLARABLE_RACES: readonly DeclaredRace[] = [...RACES, 'none'];

/**
 * §12.1.1, §12.1.4: declare a race for the effect of `card` (Naming Rite): one option `race:<code>` per race and
 * `race:none`. The answer is public (the log records it as a code).
 */
export const declareRaceDecision = defineDecisionKind<PmvState, { card: string }, DeclaredRace>({
  name: 'declare-race',
  role: 'choice',
  build(_s, p) {
    const card = cardOf(p.card);
    const options: DecisionOption[] = DECLARABLE_RACES.map((r) => {
      const words = r === 'none' ? label('None (no race)', 'なし') : RACE_NAMES[r];
      return { id: `race:${r}`, kind: 'race', role: 'choice', label: label(words.en, words.ja) };
    });
    return pickOne(
      label(`${card.name.en}: declare a race.`, `${card.name.ja}：種族を1つ宣言してください。`),
      options,
      'race:none',
    );
  },
  handle(_s, _p, chosen) {
    const r = (chosen[0] ?? '').slice('race:'.length);
    return DECLARABLE_RACES.find((x) => x === r) ?? 'none';
  },
});

/**
 * §12.1.1, §12.1.3: declare a name for the effect of `card` (True Name Severance): one option `name:<key>` per name
 * that can arise in the game (DECLARABLE_NAMES, ruling P55), labelled with the name itself; the bot pages them. The
 * answer is public (the log records its key).
 */
export const declareNameDecision = defineDecisionKind<PmvState, { card: string }, string>({
  name: 'declare-name',
  role: 'choice',
  build(_s, p) {
    const card = cardOf(p.card);
    const options: DecisionOption[] = [...DECLARABLE_NAMES].map(([key, name]) => ({
      id: `name:${key}`,
      kind: 'name',
      role: 'choice',
      label: label(name.en, name.ja),
    }));
    const first = options[0]?.id ?? '';
    return pickOne(
      label(`${card.name.en}: declare a name.`, `${card.name.ja}：名称を1つ宣言してください。`),
      options,
      first,
    );
  },
  handle(_s, _p, chosen) {
    const key = (chosen[0] ?? '').slice('name:'.length);
    if (DECLARABLE_NAMES.has(key)) return key;
    return DECLARABLE_NAMES.keys().next().value ?? '';
  },
});

export const PMV_DECISIONS = [
  priorityDecision,
  targetDecision,
  payDecision,
  xDecision,
  modeDecision,
  resistDecision,
  upkeepDecision,
  saveDecision,
  gammaOrderDecision,
  spellBreakDecision,
  moveAttachmentsDecision,
  grazeDecision,
  discardDecision,
  netherOrderDecision,
  lookTopDecision,
  extractDecision,
  splitDecision,
  groupDecision,
  transformDecision,
  linkDecision,
  overdriveDecision,
  changeTargetDecision,
  asUsedDecision,
  declareRaceDecision,
  declareNameDecision,
];
