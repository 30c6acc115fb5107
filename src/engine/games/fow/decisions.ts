/**
 * Force of Will's decision kinds (CR 8.01). Each builds its options from the state and the asking step's payload (no
 * words are stored) and turns the answer into what the next step reads.
 */
import { defineDecisionKind, defineDeclarationKind } from '../../core/decision-kinds.ts';
import type { DecisionOption, OptionRole, Seat } from '../../core/game.ts';
import type { JsonObject } from '../../core/json.ts';
import { type Label, label } from '../../core/label.ts';
import {
  banishable,
  bracketFilling,
  fillsBrackets,
  fitsBracket,
  type RevealCondition,
  revealable,
  targetChoices,
  targetKey,
} from './abilities.ts';
import { legalActions } from './actions.ts';
import { type DamageReplacement, type DestroyReplacement, preventNextTotal } from './actions-game.ts';
import { attackTargets, possibleAttackers, possibleBlockers } from './battle-rules.ts';
import { type Attribute, AttributeSchema, type Cost, type Target, type WillSymbol } from './cards/schema.ts';
import { ATTRIBUTES } from './cards/text.ts';
import { cardOf, type FowState, hasKeyword, objectOf, type TargetRef } from './state.ts';
import { canAutoPay, willUses } from './will.ts';

const simple = (id: string, role: OptionRole, en: string, ja: string): DecisionOption => ({
  id,
  kind: id,
  role,
  label: label(en, ja),
});

function objectOption(s: FowState, id: string, kind: string, role: OptionRole, prefix?: Label): DecisionOption {
  const n = cardOf(objectOf(s, id).card).name;
  return {
    id: `${kind}:${id}`,
    kind,
    role,
    label: label(`${prefix?.en ?? ''}${n.en}`, `${n.ja}${prefix?.ja ?? ''}`),
    objectId: id,
    cardName: n.en,
  };
}

function targetLabel(s: FowState, t: TargetRef, viewer: Seat): Label {
  if ('player' in t) return t.player === viewer ? label('yourself', 'あなた') : label('your opponent', '対戦相手');
  if ('item' in t) {
    const item = s.chase.find((i) => i.id === t.item);
    const n = item ? cardOf(item.card).name : label('?', '?');
    return label(`${n.en} on the chase`, `チェイスの${n.ja}`);
  }
  return cardOf(objectOf(s, t.object.id).card).name;
}

/** 403.5: whether to exchange part of the opening hand (first player, then second). */
export const exchangeDecision = defineDecisionKind<FowState, JsonObject, boolean>({
  name: 'exchange',
  role: 'setup',
  build: () => ({
    prompt: label(
      'Exchange part of your opening hand? (Once only: the chosen cards go to the bottom of your deck and you draw as many.)',
      '手札の一部を交換しますか？（1回のみ：選んだカードをデッキの一番下に置き、同じ枚数を引きます。）',
    ),
    options: [simple('keep', 'passive', 'Keep', '交換しない'), simple('exchange', 'choice', 'Exchange', '交換する')],
    min: 1,
    max: 1,
    defaultOnTimeout: ['keep'],
  }),
  handle: (_s, _p, chosen) => chosen[0] === 'exchange',
});

/** 403.5, 302.4: the cards to put on the bottom, in the order chosen (first goes on the bottom first). */
export const exchangeCardsDecision = defineDecisionKind<FowState, JsonObject, string[]>({
  name: 'exchange-cards',
  role: 'setup',
  build(s, _p, seat) {
    return {
      prompt: label(
        'Choose the cards to put on the bottom of your deck (in that order); you draw as many.',
        'デッキの一番下に置くカードを選んでください（選んだ順に置きます）。同じ枚数を引きます。',
      ),
      options: s.players[seat].hand.map((id) => objectOption(s, id, 'card', 'choice')),
      min: 0,
      max: s.players[seat].hand.length,
      ordered: true,
      defaultOnTimeout: [],
    };
  },
  handle: (_s, _p, chosen) => chosen.map((c) => c.slice('card:'.length)),
});

/** 604: what the priority holder does (actions.ts lists it). The answer is the option id. */
export const priorityDecision = defineDecisionKind<FowState, JsonObject, string>({
  name: 'priority',
  role: 'priority',
  build(s, _p, seat) {
    const options = legalActions(s, seat);
    return {
      prompt: options.some((o) => o.id === 'pass')
        ? label('You have priority.', '優先権があります。')
        : label(
            'You have priority. A J/resonator of yours must attack (Bloodlust): you cannot pass at main timing (712.2).',
            '優先権があります。攻撃が強制されたJ/リゾネイター（猛進）がいるため、パスできません（712.2）。',
          ),
      options,
      min: 1,
      max: 1,
      defaultOnTimeout: [options.some((o) => o.id === 'pass') ? 'pass' : (options[0]?.id ?? 'pass')],
    };
  },
  handle: (_s, _p, chosen) => chosen[0] ?? 'pass',
});

/** 603.2: the turn player (else the other) chooses which of their triggered items is played next. */
export const triggerDecision = defineDecisionKind<FowState, { ids: string[] }, string>({
  name: 'trigger-order',
  role: 'choice',
  build(s, p) {
    return {
      prompt: label('Choose the triggered ability to play next.', '次にプレイする誘発能力を選んでください。'),
      options: p.ids.map((id) => {
        const t = s.triggered.find((x) => x.id === id);
        const n = t ? cardOf(t.card).name : label('?', '?');
        return {
          id: `trig:${id}`,
          kind: 'trigger',
          role: 'choice' as const,
          label: label(`${n.en}'s ability`, `${n.ja}の能力`),
        };
      }),
      min: 1,
      max: 1,
      defaultOnTimeout: [`trig:${p.ids[0] ?? ''}`],
    };
  },
  handle: (_s, _p, chosen) => (chosen[0] ?? '').slice('trig:'.length),
});

const cancel = simple('cancel', 'passive', 'Cancel (take the play back)', '取り消す（プレイ前に戻す）');

export type TargetPayload = {
  card: string;
  target: Target;
  self: string | null;
  index: number;
  /** 1017.2: "another target": the object chosen as the target before this one, which is not offered. */
  other?: string;
};

/** 903.2.g: one target; cancelling rewinds the play (903.2.j). */
export const targetDecision = defineDecisionKind<FowState, TargetPayload, TargetRef | null>({
  name: 'target',
  role: 'choice',
  build(s, p, seat) {
    const n = cardOf(p.card).name;
    const options: DecisionOption[] = targetChoices(s, seat, p.target, p.self, p.other ?? null).map((t) => {
      const text = targetLabel(s, t, seat);
      return {
        id: targetKey(t),
        kind: 'target',
        role: 'choice' as const,
        label: text,
        ...('object' in t ? { objectId: t.object.id, cardName: cardOf(objectOf(s, t.object.id).card).name.en } : {}),
      };
    });
    return {
      prompt: label(`Choose a target for ${n.en}.`, `${n.ja}の対象を選んでください。`),
      options: [...options, cancel],
      min: 1,
      max: 1,
      defaultOnTimeout: ['cancel'],
    };
  },
  handle(s, p, chosen, seat) {
    const id = chosen[0];
    if (!id || id === 'cancel') return null;
    return targetChoices(s, seat, p.target, p.self, p.other ?? null).find((t) => targetKey(t) === id) ?? null;
  },
});

/** 903.2.c, 1109.2: whether to pay the awakening cost. */
export const awakenDecision = defineDecisionKind<FowState, { card: string }, 'yes' | 'no' | 'cancel'>({
  name: 'awaken',
  role: 'choice',
  build(_s, p) {
    const n = cardOf(p.card).name;
    return {
      prompt: label(
        `Awaken ${n.en} (pay its Awakening cost too)?`,
        `${n.ja}を覚醒させますか（覚醒コストも支払います）？`,
      ),
      options: [
        simple('yes', 'choice', 'Awaken', '覚醒する'),
        simple('no', 'passive', 'Do not awaken', '覚醒しない'),
        cancel,
      ],
      min: 1,
      max: 1,
      defaultOnTimeout: ['no'],
    };
  },
  handle: (_s, _p, chosen) => (chosen[0] === 'yes' ? 'yes' : chosen[0] === 'cancel' ? 'cancel' : 'no'),
});

export type PayPayload = { card: string | null; cost: Cost };

/** 903.2.j, 1003: pay will: auto-pay, one source at a time (907.2), or cancel (the play is rewound). */
export const payDecision = defineDecisionKind<FowState, PayPayload, string>({
  name: 'pay',
  role: 'choice',
  build(s, p, seat) {
    const what = p.card ? cardOf(p.card).name : label('this', 'これ');
    const cost = [...p.cost.will.map((w) => `{${w}}`), ...(p.cost.free > 0 ? [`{${p.cost.free}}`] : [])].join('');
    const pool = s.players[seat].pool.map((w) => `{${w.attr ?? w.trait ?? '0'}}`).join('');
    const options: DecisionOption[] = [];
    if (canAutoPay(s, seat, p.cost)) options.push(simple('auto', 'choice', 'Pay automatically', '自動で支払う'));
    for (const use of willUses(s, seat)) {
      const n = use.coin ? label('a will coin', 'ウィルコイン') : cardOf(objectOf(s, use.source).card).name;
      options.push({
        id: use.id,
        kind: 'will',
        role: 'choice',
        label: label(`{${use.symbol}} from ${n.en}`, `${n.ja}から{${use.symbol}}`),
        ...(use.coin ? {} : { objectId: use.source, cardName: n.en }),
      });
    }
    options.push(cancel);
    return {
      prompt: label(
        `Pay ${cost} for ${what.en} (will in your pool: ${pool || 'none'}).`,
        `${what.ja}のコスト${cost}を支払ってください（ウィル：${pool || 'なし'}）。`,
      ),
      options,
      min: 1,
      max: 1,
      defaultOnTimeout: ['cancel'],
    };
  },
  handle: (_s, _p, chosen) => chosen[0] ?? 'cancel',
});

/** 803.3: the attacker and its target, or abandon the attack (not when an attack is forced, 1123). */
export const attackDecision = defineDecisionKind<FowState, JsonObject, { attacker: string; target: TargetRef } | null>({
  name: 'attack',
  role: 'choice',
  build(s, _p, seat) {
    const attackers = possibleAttackers(s, seat);
    const forced = attackers.filter((id) => hasKeyword(s, id, 'bloodlust') && !hasKeyword(s, id, 'mobilize'));
    const options: DecisionOption[] = [];
    for (const id of forced.length > 0 ? forced : attackers) {
      const a = cardOf(objectOf(s, id).card).name;
      for (const t of attackTargets(s, id)) {
        const tl = targetLabel(s, t, seat);
        options.push({
          id: `atk:${id}:${targetKey(t)}`,
          kind: 'attack',
          role: 'choice',
          label: label(`${a.en} attacks ${tl.en}`, `${a.ja}で${tl.ja}に攻撃`),
          objectId: id,
          cardName: a.en,
        });
      }
    }
    if (forced.length === 0 || options.length === 0)
      options.push(simple('abandon', 'passive', 'Abandon the attack', '攻撃を放棄する'));
    return {
      prompt: label('Declare an attack.', '攻撃を宣言してください。'),
      options,
      min: 1,
      max: 1,
      defaultOnTimeout: [options.some((o) => o.id === 'abandon') ? 'abandon' : (options[0]?.id ?? 'abandon')],
    };
  },
  handle(s, _p, chosen) {
    const id = chosen[0];
    if (!id || id === 'abandon') return null;
    const [, attacker = '', ...rest] = id.split(':');
    const key = rest.join(':');
    const target = attackTargets(s, attacker).find((t) => targetKey(t) === key);
    return target ? { attacker, target } : null;
  },
});

/** 804.3: block with one J/resonator, or not. */
export const blockDecision = defineDecisionKind<FowState, JsonObject, string | null>({
  name: 'block',
  role: 'choice',
  build(s, _p, seat) {
    return {
      prompt: label('Block the attack?', '攻撃をブロックしますか？'),
      options: [
        ...possibleBlockers(s, seat).map((id) =>
          objectOption(s, id, 'block', 'choice', label('Block with ', 'でブロック')),
        ),
        simple('no-block', 'passive', 'Do not block', 'ブロックしない'),
      ],
      min: 1,
      max: 1,
      defaultOnTimeout: ['no-block'],
    };
  },
  handle: (_s, _p, chosen) => (chosen[0]?.startsWith('block:') ? chosen[0].slice('block:'.length) : null),
});

export type PiercePayload = { total: number; lethal: number; blocker: string; target: string };

/** 1102.2: the attacker's controller divides the damage beyond the blocker's lethal amount, in 100s. */
export const pierceDecision = defineDecisionKind<FowState, PiercePayload, { blocker: number; target: number }>({
  name: 'pierce',
  role: 'choice',
  build(s, p) {
    return {
      shape: 'distribute',
      prompt: label(
        `Pierce: divide ${p.total - p.lethal} excess damage (in 100s) between the blocker and the attack target; the blocker also takes ${p.lethal}.`,
        `貫通：超過ダメージ${p.total - p.lethal}を100単位でブロックしたJ/リゾネイターと攻撃目標に割り振ってください（ブロック側には別に${p.lethal}）。`,
      ),
      total: (p.total - p.lethal) / 100,
      targets: [
        {
          id: 'blocker',
          kind: 'target',
          role: 'choice',
          label: cardOf(objectOf(s, p.blocker).card).name,
          objectId: p.blocker,
        },
        { id: 'target', kind: 'target', role: 'choice', label: label('the attack target', '攻撃目標') },
      ],
      minEach: 0,
      maxEach: (p.total - p.lethal) / 100,
      allowLess: false,
      defaultOnTimeout: { target: (p.total - p.lethal) / 100 },
    };
  },
  handle(_s, p, _c, _seat, answer) {
    const split = answer.shape === 'distribute' ? answer.split : { target: (p.total - p.lethal) / 100 };
    return { blocker: p.lethal + 100 * (split.blocker ?? 0), target: 100 * (split.target ?? 0) };
  },
});

/** 505.5d, 1019: discard exactly `count` cards from the hand. */
export const discardDecision = defineDecisionKind<FowState, { count: number }, string[]>({
  name: 'discard',
  role: 'choice',
  build(s, p, seat) {
    const hand = s.players[seat].hand;
    return {
      prompt: label(`Discard ${p.count} card(s).`, `手札を${p.count}枚捨ててください。`),
      options: hand.map((id) => objectOption(s, id, 'card', 'choice')),
      min: Math.min(p.count, hand.length),
      max: Math.min(p.count, hand.length),
      defaultOnTimeout: hand.slice(-Math.min(p.count, hand.length)).map((id) => `card:${id}`),
    };
  },
  handle: (_s, _p, chosen) => chosen.map((c) => c.slice('card:'.length)),
});

/** 706.1: the card to set face down in the standby area. */
export const standbyDecision = defineDecisionKind<FowState, JsonObject, string | null>({
  name: 'standby',
  role: 'choice',
  build(s, _p, seat) {
    return {
      prompt: label(
        'Choose a card to set face down in your standby area.',
        '待機エリアに裏向きで置くカードを選んでください。',
      ),
      options: [...s.players[seat].hand.map((id) => objectOption(s, id, 'card', 'choice')), cancel],
      min: 1,
      max: 1,
      defaultOnTimeout: ['cancel'],
    };
  },
  handle: (_s, _p, chosen) => (chosen[0]?.startsWith('card:') ? chosen[0].slice('card:'.length) : null),
});

/** 1110.2: pay the card's cost, or banish resonators instead ([Incarnation]). */
export const incarnateDecision = defineDecisionKind<
  FowState,
  { card: string; canPay: boolean },
  'pay' | 'incarnate' | 'cancel'
>({
  name: 'incarnate',
  role: 'choice',
  build(_s, p) {
    const n = cardOf(p.card).name;
    return {
      prompt: label(
        `Play ${n.en} by paying its cost, or by Incarnation (banish resonators instead)?`,
        `${n.ja}をコストを支払ってプレイしますか、顕現（リゾネイターを破棄）でプレイしますか？`,
      ),
      options: [
        ...(p.canPay ? [simple('pay', 'choice', 'Pay its cost', 'コストを支払う')] : []),
        simple('incarnate', 'choice', 'Incarnation', '顕現'),
        cancel,
      ],
      min: 1,
      max: 1,
      defaultOnTimeout: ['cancel'],
    };
  },
  handle: (_s, _p, chosen) => (chosen[0] === 'pay' ? 'pay' : chosen[0] === 'incarnate' ? 'incarnate' : 'cancel'),
});

/** 903.2.b, 1117: which face of a [Shift] card to play. */
export const faceDecision = defineDecisionKind<FowState, { card: string; past: boolean }, 'front' | 'back' | null>({
  name: 'face',
  role: 'choice',
  build(_s, p) {
    const card = cardOf(p.card);
    const future = card.back?.name ?? card.name;
    return {
      prompt: label(`Play ${card.name.en} with which face up?`, `${card.name.ja}をどちらの面でプレイしますか？`),
      options: [
        ...(p.past ? [simple('front', 'choice', `Past: ${card.name.en}`, `過去：${card.name.ja}`)] : []),
        simple('back', 'choice', `Future: ${future.en}`, `未来：${future.ja}`),
        cancel,
      ],
      min: 1,
      max: 1,
      defaultOnTimeout: ['cancel'],
    };
  },
  handle: (_s, _p, chosen) => (chosen[0] === 'front' ? 'front' : chosen[0] === 'back' ? 'back' : null),
});

/** 1002.2a: the card an addition is attached to, "of your choice" (not a target): any card on the field. */
export const attachDecision = defineDecisionKind<FowState, { addition: string }, string>({
  name: 'attach-to',
  role: 'choice',
  build(s, p) {
    const n = cardOf(objectOf(s, p.addition).card).name;
    return {
      prompt: label(`Choose the card to attach ${n.en} to.`, `${n.ja}を設置するカードを選んでください。`),
      options: s.field.map((id) => objectOption(s, id, 'card', 'choice')),
      min: 1,
      max: 1,
      defaultOnTimeout: [`card:${s.field[0] ?? ''}`],
    };
  },
  handle: (_s, _p, chosen) => (chosen[0] ?? '').slice('card:'.length),
});

export type BanishPayload = { card: string; brackets: string[][] };

const bracketSlot = (i: number) => `bracket-${i}`;

function bracketWords(bracket: readonly string[]): Label {
  if (bracket.length === 0) return label('any resonator', '任意のリゾネイター');
  const words = bracket.map((a) => (isAttribute(a) ? ATTRIBUTES[a] : label(a, a)));
  const en = words.map((w) => w.en.toLowerCase()).join(' or ');
  const ja = words.map((w) => w.ja).join('または');
  return label(`a ${en} resonator`, `${ja}のリゾネイター`);
}

/** The problem code of a banish declaration naming one resonator for two brackets (1110.2: one card per bracket). */
export const BANISH_SAME_RESONATOR = 'banish-same-resonator';
/** The problem code of a banish declaration whose resonators do not fill the brackets (1110.2a–b). */
export const BANISH_UNFITTING = 'banish-unfitting';

const isAttribute = (a: string): a is Attribute => AttributeSchema.safeParse(a).success;

/**
 * 1011, 1110.2, 1113.2a: the resonators to banish as a cost, declared as a whole: one slot per bracket, each taking
 * exactly one resonator that fits it, so a short answer or an unfitting resonator is refused by the shape itself
 * before anything happens; naming one resonator twice is refused as a whole and asked again with the draft kept.
 * `back` gives the play up (903.2.j rewinds it; the log says so).
 */
export const banishDecision = defineDeclarationKind<FowState, BanishPayload, string[] | null>({
  name: 'banish',
  role: 'choice',
  build(s, p, seat) {
    const n = cardOf(p.card).name;
    const pool = banishable(s, seat);
    const filling = bracketFilling(s, seat, p.brackets);
    return {
      prompt: label(
        `Banish ${p.brackets.length} resonator(s) you control for ${n.en}, one for each line.`,
        `${n.ja}のために、あなたがコントロールするリゾネイターを項目ごとに1体ずつ、計${p.brackets.length}体破棄してください。`,
      ),
      slots: p.brackets.map((bracket, i) => {
        const w = bracketWords(bracket);
        return {
          id: bracketSlot(i),
          label: label(`Banish ${w.en}`, `${w.ja}を破棄`),
          options: pool.filter((id) => fitsBracket(s, id, bracket)).map((id) => objectOption(s, id, 'card', 'choice')),
          min: 1,
          max: 1,
        };
      }),
      canGoBack: true,
      defaultOnTimeout: Object.fromEntries(
        p.brackets.map((_b, i) => [bracketSlot(i), filling?.[i] ? [`card:${filling[i]}`] : []]),
      ),
    };
  },
  check(s, p, declare) {
    const ids = p.brackets.map((_b, i) => (declare[bracketSlot(i)]?.[0] ?? '').slice('card:'.length));
    const twice = ids.findIndex((id, i) => ids.indexOf(id) !== i);
    if (twice >= 0)
      return {
        rule: '1110.2',
        code: BANISH_SAME_RESONATOR,
        slots: p.brackets.map((_b, i) => bracketSlot(i)).filter((_x, i) => ids[i] === ids[twice]),
      };
    return fillsBrackets(s, ids, p.brackets) ? null : { rule: '1110.2', code: BANISH_UNFITTING };
  },
  handle(_s, p, answer) {
    if ('back' in answer) return null;
    return p.brackets.map((_b, i) => (answer.declare[bracketSlot(i)]?.[0] ?? '').slice('card:'.length));
  },
});

/** What the reveal window says happened (ruling F-REVEAL). */
const REVEAL_PROMPTS: Record<RevealCondition, Label> = {
  'opponent-j-resonator-attacks': label(
    'An opposing J/resonator attacks. Reveal a Trigger or Stealth card to play it?',
    '相手のJ/リゾネイターが攻撃しました。発動条件または潜伏を持つカードを公開してプレイしますか？',
  ),
  'opponent-plays-a-chant': label(
    'Your opponent played a chant. Reveal a Trigger or Stealth card to play it?',
    '相手が詠唱をプレイしました。発動条件または潜伏を持つカードを公開してプレイしますか？',
  ),
};

/**
 * 708.2, 1113.2b, 1114.2: a trigger condition of the pool is met (an opponent's J/resonator attacks, an opponent plays
 * a chant): reveal [Trigger] or [Stealth] cards with that condition (ruling F-REVEAL: revealing is a choice). Asked
 * whenever the player holds any card in the hand or the standby area, revealable or not, so that being asked tells
 * the opponent nothing; the options go only to their owner. A payload without a condition is an attack's (rules
 * version 1 asked only that one).
 */
export const revealDecision = defineDecisionKind<FowState, { condition?: RevealCondition }, string[]>({
  name: 'reveal',
  role: 'choice',
  build(s, p, seat) {
    const condition = p.condition ?? 'opponent-j-resonator-attacks';
    const cards = revealable(s, seat, condition);
    return {
      prompt: REVEAL_PROMPTS[condition],
      options: [
        ...cards.map((id) => objectOption(s, id, 'reveal', 'choice', label('Reveal ', 'を公開'))),
        simple('no-reveal', 'passive', 'Reveal nothing', '公開しない'),
      ],
      min: 1,
      max: cards.length + 1,
      defaultOnTimeout: ['no-reveal'],
    };
  },
  handle: (_s, _p, chosen) => chosen.filter((c) => c.startsWith('reveal:')).map((c) => c.slice('reveal:'.length)),
});

export const BOTTOM_MARKER = 'rest-to-bottom';

/** 1034.1 Foresee N: order the looked-at cards; those before the marker stay on top (first on top). */
export const foreseeDecision = defineDecisionKind<FowState, { cards: string[] }, { top: string[]; bottom: string[] }>({
  name: 'foresee',
  role: 'choice',
  build(s, p) {
    return {
      prompt: label(
        `Foresee ${p.cards.length}: order the cards; those before "rest to the bottom" stay on top (first on top).`,
        `選別${p.cards.length}：カードを並べてください。「以下を一番下へ」より前は上に（先頭が一番上）。`,
      ),
      options: [
        ...p.cards.map((id) => objectOption(s, id, 'card', 'choice')),
        simple(BOTTOM_MARKER, 'choice', 'Rest to the bottom', '以下を一番下へ'),
      ],
      min: p.cards.length + 1,
      max: p.cards.length + 1,
      ordered: true,
      defaultOnTimeout: [...p.cards.map((id) => `card:${id}`), BOTTOM_MARKER],
    };
  },
  handle(_s, _p, chosen) {
    const at = chosen.indexOf(BOTTOM_MARKER);
    const ids = (list: string[]) => list.map((c) => c.slice('card:'.length));
    return { top: ids(chosen.slice(0, at)), bottom: ids(chosen.slice(at + 1)) };
  },
});

/**
 * 1014.2: searching the main deck. The searcher sees the fitting cards (only they are offered: the decision goes to
 * the searcher alone); the opponent cannot see the deck, so the searcher may find nothing even if one is there.
 */
export const searchDecision = defineDecisionKind<FowState, { cards: string[] }, string | null>({
  name: 'search',
  role: 'choice',
  build(s, p) {
    return {
      prompt: label(
        'Search your main deck: choose a resonator card to reveal and put into your hand, or find nothing.',
        'メインデッキを探してください：公開して手札に加えるリゾネイター・カードを選ぶか、何も選ばないでください。',
      ),
      options: [
        ...p.cards.map((id) => objectOption(s, id, 'card', 'choice')),
        simple('find-nothing', 'passive', 'Find nothing', '何も選ばない'),
      ],
      min: 1,
      max: 1,
      defaultOnTimeout: [p.cards[0] === undefined ? 'find-nothing' : `card:${p.cards[0]}`],
    };
  },
  handle: (_s, _p, chosen) => (chosen[0]?.startsWith('card:') ? chosen[0].slice('card:'.length) : null),
});

/** A decision that picks exactly one of `cards` (each a public or the asker's own card), the first on timeout. */
function oneCardDecision(name: string, prompt: Label) {
  return defineDecisionKind<FowState, { cards: string[] }, string>({
    name,
    role: 'choice',
    build: (s, p) => ({
      prompt,
      options: p.cards.map((id) => objectOption(s, id, 'card', 'choice')),
      min: 1,
      max: 1,
      defaultOnTimeout: p.cards.slice(0, 1).map((id) => `card:${id}`),
    }),
    handle: (_s, _p, chosen) => (chosen[0] ?? '').slice('card:'.length),
  });
}

/** 1006.1, 1014.1: the resonator card to summon from the graveyard (a public zone: one must be chosen). */
export const summonDecision = oneCardDecision(
  'summon',
  label(
    'Choose a resonator card in your graveyard to summon.',
    '召喚するリゾネイター・カードを墓地から選んでください。',
  ),
);

/**
 * 1005.1: the Fable card of the extra deck that an effect revealing "a Fable card" reveals, when there are several
 * (ruling F-FABLE-CHOICE): the effect's controller, who may look at their extra deck (314), chooses one.
 */
export const fableDecision = oneCardDecision(
  'reveal-fable',
  label(
    'Choose the Fable card of your extra deck to reveal (1005.1).',
    'エキストラデッキから公開する物語カードを1枚選んでください（1005.1）。',
  ),
);

/** 1017.3, 1014.1: the chant card in the graveyard whose copy is played (a public zone: one must be chosen). */
export const copyPlayDecision = oneCardDecision(
  'play-copy',
  label(
    'Choose a chant card in your graveyard: its copy is played without paying its cost.',
    '墓地のチャント・カードを1枚選んでください：そのコピーをコストを支払わずにプレイします。',
  ),
);

const REPLACEMENT_WORDS: Record<DestroyReplacement | DamageReplacement, Label> = {
  shield: label('Instead remove all its damage and rest it', '代わりにダメージをすべて取り除き、レストする'),
  'to-hand': label("Instead return it to its owner's hand", '代わりにオーナーの手札に戻す'),
  remove: label('Instead remove it from the game', '代わりにゲームから除外する'),
  prevent: label('Prevent that damage', 'そのダメージを軽減する'),
  'prevent-next': label('Prevent part of that damage', 'そのダメージの一部を軽減する'), // worded with its number below
  redirect: label('Instead deal that damage to its controller', '代わりにそのダメージをそのコントローラーに与える'),
};

/** 1018.1a: a prevention by a number, with the damage it prevents. */
function preventNextWords(amount: number): Label {
  return label(`Prevent ${amount} of that damage (1018.1a)`, `そのダメージを${amount}軽減する（1018.1a）`);
}

/** `event: 'damage'` for a damage event (910.2a); absent for a destroy event (910.2). */
export type ReplacementPayload = {
  object: string;
  kinds: (DestroyReplacement | DamageReplacement)[];
  event?: 'damage';
};

/**
 * 910.2: the controller of a card that would be destroyed, with different kinds of replacement effect on it, chooses
 * the one that applies (only one does: the event it leaves is no longer a destruction, 910.3). 910.2a: for damage to
 * a J/resonator, the chooser is the one `damageReplacementChoices` names (the damage's controller, or the card's).
 */
export const replacementDecision = defineDecisionKind<
  FowState,
  ReplacementPayload,
  DestroyReplacement | DamageReplacement
>({
  name: 'replacement',
  role: 'choice',
  build(s, p) {
    const n = cardOf(objectOf(s, p.object).card).name;
    return {
      prompt:
        p.event === 'damage' && p.kinds.every((k) => k === 'prevent' || k === 'prevent-next')
          ? label(
              `${n.en} would be dealt damage. Every replacement effect on it is a prevention, so its controller chooses the one that applies first (910.2a).`,
              `${n.ja}にダメージが与えられます。置換効果がすべて軽減なので、そのコントローラーが先に適用するものを選んでください（910.2a）。`,
            )
          : p.event === 'damage'
            ? label(
                `${n.en} would be dealt damage. Choose the replacement effect that applies (910.2a).`,
                `${n.ja}にダメージが与えられます。適用する置換効果を選んでください（910.2a）。`,
              )
            : label(
                `${n.en} would be destroyed. Choose the replacement effect that applies (910.2).`,
                `${n.ja}が破壊されます。適用する置換効果を選んでください（910.2）。`,
              ),
      options: p.kinds.map((k) => ({
        id: `replace:${k}`,
        kind: 'replacement',
        role: 'choice' as const,
        label: k === 'prevent-next' ? preventNextWords(preventNextTotal(s, p.object)) : REPLACEMENT_WORDS[k],
        objectId: p.object,
        cardName: n.en,
      })),
      min: 1,
      max: 1,
      defaultOnTimeout: [`replace:${p.kinds[0] ?? 'shield'}`],
    };
  },
  handle: (_s, p, chosen) => p.kinds.find((k) => `replace:${k}` === chosen[0]) ?? p.kinds[0] ?? 'shield',
});

/** 907.1, 907.4: which will a spell or a triggered ability makes, when its text offers several. */
export const produceDecision = defineDecisionKind<FowState, { symbols: WillSymbol[] }, WillSymbol>({
  name: 'produce',
  role: 'choice',
  build(_s, p) {
    return {
      prompt: label('Choose the will to produce.', '生み出すウィルを選んでください。'),
      options: p.symbols.map((w) => simple(`will:${w}`, 'choice', `{${w}}`, `{${w}}`)),
      min: 1,
      max: 1,
      defaultOnTimeout: [`will:${p.symbols[0] ?? 'R'}`],
    };
  },
  handle: (_s, p, chosen) => p.symbols.find((w) => `will:${w}` === chosen[0]) ?? (p.symbols[0] as WillSymbol),
});

const GEM_ATTRIBUTES = AttributeSchema.options;

/** 1027.1a: the attribute of a gem "of any attribute": one of the five, never several or none. */
export const gemDecision = defineDecisionKind<FowState, JsonObject, Attribute>({
  name: 'gem',
  role: 'choice',
  build() {
    return {
      prompt: label('Choose the attribute of the gem you gain.', '得る宝石の属性を選んでください。'),
      options: GEM_ATTRIBUTES.map((a) => simple(`gem:${a}`, 'choice', ATTRIBUTES[a].en, ATTRIBUTES[a].ja)),
      min: 1,
      max: 1,
      defaultOnTimeout: ['gem:fire'],
    };
  },
  handle: (_s, _p, chosen) => GEM_ATTRIBUTES.find((a) => `gem:${a}` === chosen[0]) ?? 'fire',
});

export const FOW_DECISIONS = [
  exchangeDecision,
  exchangeCardsDecision,
  priorityDecision,
  triggerDecision,
  targetDecision,
  awakenDecision,
  payDecision,
  attackDecision,
  blockDecision,
  pierceDecision,
  discardDecision,
  standbyDecision,
  foreseeDecision,
  incarnateDecision,
  banishDecision,
  faceDecision,
  attachDecision,
  revealDecision,
  searchDecision,
  summonDecision,
  copyPlayDecision,
  replacementDecision,
  fableDecision,
  produceDecision,
  gemDecision,
];
