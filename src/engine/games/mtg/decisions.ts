/**
 * MTG's decision kinds (CR 2019-01-25). Each builds its options from the state and the asking step's payload (no
 * words are stored) and turns the answer into what the next step reads. Option ids are short: `cast:o12`,
 * `tap:o3:1`, `player:p2`, `obj:o7`.
 */
import type { DecisionAnswer } from '../../core/decision.ts';
import { defineDecisionKind } from '../../core/decision-kinds.ts';
import { IllegalAction } from '../../core/errors.ts';
import { type DecisionOption, type DecisionProblem, type OptionRole, SEATS, type Seat } from '../../core/game.ts';
import type { Json, JsonObject } from '../../core/json.ts';
import { type Label, label } from '../../core/label.ts';
import { autoPay, usefulTaps } from '../../core/payment-solver.ts';
import { legalActions } from './actions.ts';
import { preventionOrderDecision, shieldSourcesDecision } from './damage.ts';
import { combatProblemText } from './log-text.ts';
import { manaCost, manaSources, progressOf } from './mana.ts';
import type { PendingTrigger, TargetRef } from './state.ts';
import {
  cardOf,
  cardOfObject,
  controllerOf,
  currentRef,
  hasKeyword,
  isCreature,
  isSummoningSick,
  type MtgState,
  objectOf,
  powerOf,
} from './state.ts';
import { isLegalTarget, targetKey, targetSpecs } from './targets.ts';

const nameOf = (s: MtgState, id: string): Label => cardOfObject(s, id).name;

export function objectOption(
  s: MtgState,
  id: string,
  kind: string,
  role: OptionRole,
  en = '',
  ja = '',
): DecisionOption {
  const n = nameOf(s, id);
  return {
    id: `${kind}:${id}`,
    kind,
    role,
    label: label(`${en}${n.en}`, `${n.ja}${ja}`),
    objectId: id,
    cardName: n.en,
  };
}

const simple = (id: string, role: OptionRole, en: string, ja: string): DecisionOption => ({
  id,
  kind: id,
  role,
  label: label(en, ja),
});

/** CR 103.2: the chosen player decides who plays first. */
export const playFirstDecision = defineDecisionKind<MtgState, JsonObject, 'play' | 'draw'>({
  name: 'play-first',
  role: 'setup',
  build: () => ({
    prompt: label('You won the toss: play first or draw first?', '先攻・後攻を選んでください。'),
    options: [simple('play', 'choice', 'Play first', '先攻'), simple('draw', 'choice', 'Draw first', '後攻')],
    min: 1,
    max: 1,
    defaultOnTimeout: ['play'],
  }),
  handle: (_s, _p, chosen) => (chosen[0] === 'draw' ? 'draw' : 'play'),
});

/** CR 103.4 (2019-01-25): the Vancouver mulligan, with a scry 1 for a smaller hand once every player keeps. */
export const mulliganDecision = defineDecisionKind<MtgState, JsonObject, boolean>({
  name: 'mulligan',
  role: 'setup',
  build(s, _p, seat) {
    const size = s.players[seat].hand.length;
    return {
      prompt: label(
        `Keep these ${size} cards or mulligan to ${size - 1}? (2019 rules, CR 103.4: the Vancouver mulligan; after keeping a smaller hand you scry 1, instead of today's London mulligan.)`,
        `この${size}枚を残しますか、${size - 1}枚にマリガンしますか？（2019年のルール103.4：ヴァンクーバー・マリガン。手札を減らしたら占術1を行います。現在のロンドン・マリガンとは異なります。）`,
      ),
      options: [
        simple('keep', 'passive', 'Keep', 'キープ'),
        ...(size > 0 ? [simple('mulligan', 'choice', 'Mulligan', 'マリガン')] : []),
      ],
      min: 1,
      max: 1,
      defaultOnTimeout: ['keep'],
    };
  },
  handle: (_s, _p, chosen) => chosen[0] === 'mulligan',
});

export const BOTTOM_MARKER = 'rest-to-bottom';

/**
 * CR 701.17a scry N: every looked-at card and a marker, in order: the cards before the marker stay on top (first is
 * the top card), those after it go to the bottom in that order. Answer: the two lists.
 */
export const scryDecision = defineDecisionKind<
  MtgState,
  { cards: string[]; mulligan?: boolean },
  { top: string[]; bottom: string[] }
>({
  name: 'scry',
  role: 'choice',
  build(s, payload) {
    // A player who knows today's rules is told that this scry is the 2019 mulligan's (issue 17).
    const note = payload.mulligan
      ? label(
          " (2019 rules, CR 103.4: after a Vancouver mulligan you scry 1; today's London mulligan has no scry.)",
          '（2019年のルール103.4：ヴァンクーバー・マリガンの後の占術1。現在のロンドン・マリガンにはありません。）',
        )
      : label('', '');
    return {
      prompt: label(
        `Scry ${payload.cards.length}: order the cards; those before "rest to the bottom" stay on top (first on top).${note.en}`,
        `占術${payload.cards.length}：カードを並べてください。「以下をボトムへ」より前は上に（先頭が一番上）。${note.ja}`,
      ),
      options: [
        ...payload.cards.map((id) => objectOption(s, id, 'card', 'choice')),
        simple(BOTTOM_MARKER, 'choice', 'Rest to the bottom', '以下をボトムへ'),
      ],
      min: payload.cards.length + 1,
      max: payload.cards.length + 1,
      ordered: true,
      defaultOnTimeout: [...payload.cards.map((id) => `card:${id}`), BOTTOM_MARKER],
    };
  },
  handle(_s, _p, chosen) {
    const at = chosen.indexOf(BOTTOM_MARKER);
    const ids = (list: string[]) => list.map((c) => c.slice('card:'.length));
    return { top: ids(chosen.slice(0, at)), bottom: ids(chosen.slice(at + 1)) };
  },
});

export const GRAVEYARD_MARKER = 'rest-to-graveyard';

/**
 * CR 701.41a surveil N: every looked-at card and a marker, in order: the cards before the marker go back on top in
 * that order (first on top); those after it go to the graveyard. Answer: the two lists.
 */
export const surveilDecision = defineDecisionKind<
  MtgState,
  { cards: string[] },
  { top: string[]; graveyard: string[] }
>({
  name: 'surveil',
  role: 'choice',
  build(s, payload) {
    return {
      prompt: label(
        `Surveil ${payload.cards.length}: order the cards; those before "rest to the graveyard" go back on top (first on top).`,
        `諜報${payload.cards.length}：カードを並べてください。「以下を墓地へ」より前はライブラリーの上に（先頭が一番上）。`,
      ),
      options: [
        ...payload.cards.map((id) => objectOption(s, id, 'card', 'choice')),
        simple(GRAVEYARD_MARKER, 'choice', 'Rest to the graveyard', '以下を墓地へ'),
      ],
      min: payload.cards.length + 1,
      max: payload.cards.length + 1,
      ordered: true,
      defaultOnTimeout: [...payload.cards.map((id) => `card:${id}`), GRAVEYARD_MARKER],
    };
  },
  handle(_s, _p, chosen) {
    const at = chosen.indexOf(GRAVEYARD_MARKER);
    const ids = (list: string[]) => list.map((c) => c.slice('card:'.length));
    return { top: ids(chosen.slice(0, at)), graveyard: ids(chosen.slice(at + 1)) };
  },
});

/** CR 117: what a player with priority may do (actions.ts lists them). The answer is the option id. */
export const priorityDecision = defineDecisionKind<MtgState, JsonObject, string>({
  name: 'priority',
  role: 'priority',
  build(s, _p, seat) {
    return {
      prompt: label('You have priority.', '優先権があります。'),
      options: legalActions(s, seat),
      min: 1,
      max: 1,
      defaultOnTimeout: ['pass'],
    };
  },
  handle: (_s, _p, chosen) => chosen[0] ?? 'pass',
});

const cancel = simple('cancel', 'passive', 'Cancel (undo this spell or ability)', '取り消す（唱える前に戻す）');

/**
 * CR 601.2b, 700.2: the mode of a modal spell; or of a modal triggered ability as it is put on the stack (700.2b,
 * 603.3c: `legal` lists the modes that can be chosen, and there is no cancel).
 */
export const modeDecision = defineDecisionKind<
  MtgState,
  { card: string; ability?: number | null; legal?: number[] },
  number | null
>({
  name: 'mode',
  role: 'choice',
  build(_s, payload) {
    const card = cardOf(payload.card);
    const a = payload.ability == null ? undefined : card.abilities[payload.ability];
    const effects = a?.kind === 'triggered' ? a.effects : card.effects;
    const modal = effects.find((e) => e.do === 'choose-one');
    const count = modal?.do === 'choose-one' ? modal.modes.length : 0;
    const modes = payload.legal ?? Array.from({ length: count }, (_, i) => i);
    return {
      prompt: payload.legal
        ? label(
            `Choose a mode for the triggered ability of ${card.name.en}.`,
            `${card.name.ja}の誘発型能力のモードを選んでください。`,
          )
        : label(`Choose a mode for ${card.name.en}.`, `${card.name.ja}のモードを選んでください。`),
      options: [
        ...modes.map((i) => simple(`mode:${i}`, 'choice', `Mode ${i + 1}`, `モード${i + 1}`)),
        ...(payload.legal ? [] : [cancel]),
      ],
      min: 1,
      max: 1,
      defaultOnTimeout: [payload.legal ? `mode:${modes[0] ?? 0}` : 'cancel'],
    };
  },
  handle: (_s, p, chosen) => {
    const mode = chosen[0]?.startsWith('mode:') ? Number(chosen[0].slice(5)) : null;
    if (p.legal && (mode === null || !p.legal.includes(mode)))
      throw new IllegalAction(label('Choose one of the modes offered.', '示されたモードから1つを選んでください。'));
    return mode;
  },
});

/**
 * CR 702.32a, 601.2b: whether to pay a spell's kicker cost (an additional cost, paid with the rest in 601.2f-h).
 * "Kick" is offered only when the whole cost could still be paid; `null` cancels the cast (721).
 */
export const kickerDecision = defineDecisionKind<MtgState, { card: string; affordable: boolean }, boolean | null>({
  name: 'kicker',
  role: 'choice',
  build(_s, p) {
    const card = cardOf(p.card);
    const cost = (card.kicker ?? []).map((m) => `{${m}}`).join('');
    return {
      prompt: label(
        `${card.name.en}: pay its kicker cost ${cost} as well (CR 702.32a)?`,
        `${card.name.ja}：キッカー・コスト${cost}も支払いますか（702.32a）？`,
      ),
      options: [
        ...(p.affordable
          ? [simple('kick', 'choice', `Kick (pay ${cost} more)`, `キッカーする（${cost}を追加で支払う）`)]
          : []),
        simple('no-kick', 'choice', 'Cast without kicker', 'キッカーせずに唱える'),
        cancel,
      ],
      min: 1,
      max: 1,
      defaultOnTimeout: ['no-kick'],
    };
  },
  handle(_s, p, chosen) {
    const id = chosen[0];
    if (id === 'kick' && !p.affordable)
      throw new IllegalAction(label('The kicker cost cannot be paid now.', 'キッカー・コストは今は支払えません。'));
    return id === 'kick' ? true : id === 'no-kick' ? false : null;
  },
});

/** CR 107.3, 601.2b: the value of X, as a number. */
export const xDecision = defineDecisionKind<MtgState, { card: string; max: number }, number>({
  name: 'x',
  role: 'choice',
  build(_s, payload) {
    const card = cardOf(payload.card);
    return {
      shape: 'number',
      prompt: label(`Choose X for ${card.name.en}.`, `${card.name.ja}のXの値を選んでください。`),
      min: 0,
      max: payload.max,
      defaultOnTimeout: 0,
    };
  },
  handle: (_s, _p, _c, _seat, answer) => (answer.shape === 'number' ? answer.value : 0),
});

export type TargetPayload = {
  card: string;
  ability: number | null;
  mode: number | null;
  index: number;
  chosen: string[];
  self: string | null;
  /** CR 603.3d: a triggered ability's target must be chosen (no cancel; with no legal choice it is removed). */
  mandatory?: boolean;
};

/** CR 601.2c, 602.2b: one target, for the `index`th target phrase; or cancel (the cast is rewound, 721). */
export const targetDecision = defineDecisionKind<MtgState, TargetPayload, TargetRef | null>({
  name: 'target',
  role: 'choice',
  build(s, p, seat) {
    const card = cardOf(p.card);
    const spec = targetSpecs(card, p.ability, p.mode)[p.index];
    if (!spec) throw new Error(`${p.card}: no target phrase ${p.index}`);
    const options: DecisionOption[] = [];
    for (const t of targetChoices(s, seat, p)) {
      if ('player' in t) {
        const you = t.player === seat;
        options.push(
          simple(`player:${t.player}`, 'choice', you ? 'You' : 'Your opponent', you ? 'あなた' : '対戦相手'),
        );
      } else options.push(objectOption(s, t.object.id, 'obj', 'choice'));
    }
    if (!p.mandatory) options.push(cancel);
    return {
      prompt: p.mandatory
        ? label(
            `Choose a target for the triggered ability of ${card.name.en}.`,
            `${card.name.ja}の誘発型能力の対象を選んでください。`,
          )
        : label(`Choose a target for ${card.name.en}.`, `${card.name.ja}の対象を選んでください。`),
      options,
      min: 1,
      max: 1,
      defaultOnTimeout: [options[0]?.id ?? 'cancel'],
    };
  },
  handle(s, p, chosen, seat) {
    const id = chosen[0] ?? 'cancel';
    const found = targetChoices(s, seat, p).find((t) => targetKey(t) === id) ?? null;
    if (!found && p.mandatory)
      throw new IllegalAction(label('Choose one of the legal targets.', '適正な対象を1つ選んでください。'));
    return found;
  },
});

/** The legal choices for the `index`th phrase; "another target" (114.3) leaves out those already chosen. */
export function targetChoices(s: MtgState, seat: Seat, p: TargetPayload): TargetRef[] {
  const spec = targetSpecs(cardOf(p.card), p.ability, p.mode)[p.index];
  if (!spec) return [];
  const all: TargetRef[] = [];
  for (const player of ['p1', 'p2'] as const) all.push({ player });
  const ids = [...s.battlefield, ...s.stack.filter((i) => i.kind === 'spell').map((i) => i.source.id)];
  for (const id of ids) all.push({ object: currentRef(s, id) });
  return all.filter(
    (t) => isLegalTarget(s, seat, spec, t, p.self, p.card) && !(spec.another && p.chosen.includes(targetKey(t))),
  );
}

export type PayPayload = { card: string; cost: string[] };

/** CR 601.2g-h: pay the mana cost: auto-pay (the default), one source at a time, or cancel (721). */
export const payDecision = defineDecisionKind<MtgState, PayPayload, string>({
  name: 'pay',
  role: 'choice',
  build(s, p, seat) {
    const cost = manaCost(p.cost, 0);
    const { sources } = manaSources(s, seat);
    const life = s.players[seat].life;
    const options: DecisionOption[] = [];
    if (autoPay(cost, progressOf(s, seat), sources, life))
      options.push(simple('auto', 'choice', 'Pay automatically', '自動で支払う'));
    for (const tap of usefulTaps(cost, progressOf(s, seat), sources, life)) {
      const source = sources.find((x) => x.id === tap.source);
      const mana = source?.options[tap.option]?.mana.join('') ?? '';
      const n = nameOf(s, tap.source);
      options.push({
        id: `tap:${tap.source}:${tap.option}`,
        kind: 'tap',
        role: 'choice',
        label: label(`Tap ${n.en} for {${mana}}`, `${n.ja}をタップして{${mana}}`),
        objectId: tap.source,
        cardName: n.en,
      });
    }
    options.push(cancel);
    const card = cardOf(p.card);
    return {
      prompt: label(
        `Pay {${p.cost.join('}{')}} for ${card.name.en}.`,
        `${card.name.ja}のコスト{${p.cost.join('}{')}}を支払ってください。`,
      ),
      options,
      min: 1,
      max: 1,
      defaultOnTimeout: [options[0]?.id ?? 'cancel'],
    };
  },
  handle: (_s, _p, chosen) => chosen[0] ?? 'cancel',
});

/** CR 601.2h, 117.8: the creature sacrificed as an additional cost; or cancel. */
export const sacrificeDecision = defineDecisionKind<MtgState, { card: string }, string | null>({
  name: 'sacrifice',
  role: 'choice',
  build(s, p, seat) {
    const card = cardOf(p.card);
    return {
      prompt: label(
        `Sacrifice a creature to cast ${card.name.en}.`,
        `${card.name.ja}を唱えるために生け贄に捧げるクリーチャーを選んでください。`,
      ),
      options: [
        ...s.battlefield
          .filter((id) => controllerOf(s, id) === seat && isCreature(s, id))
          .map((id) => objectOption(s, id, 'obj', 'choice', 'Sacrifice ', 'を生け贄に')),
        cancel,
      ],
      min: 1,
      max: 1,
      defaultOnTimeout: ['cancel'],
    };
  },
  handle: (_s, _p, chosen) => (chosen[0]?.startsWith('obj:') ? chosen[0].slice(4) : null),
});

/** A refused declaration as JSON (core/decision.ts `DeclarationRetry`): the draft kept and the problem named. */
export type Retry = { draft: Record<string, string[]>; problem: { rule: string; code: string; slots: string[] } };
export type DeclarePayload = { retry: Retry | null };

export function retryOf(draft: Record<string, string[]>, problem: DecisionProblem): Retry {
  return { draft, problem: { rule: problem.rule, code: problem.code, slots: problem.slots ?? [] } };
}
export type DeclareAnswer = { declare: Record<string, string[]> } | { control: 'back' | 'reset' };

function problemPrefix(problem: DecisionProblem | null): Label {
  if (!problem) return label('', '');
  const t = combatProblemText(problem);
  return label(`${t.en} `, `${t.ja}`);
}

const declareAnswer = (answer: DecisionAnswer): DeclareAnswer => {
  if (answer.shape !== 'declare') return { declare: {} };
  return 'control' in answer ? { control: answer.control } : { declare: answer.declare };
};

/** CR 508.1a: the creatures that could be declared as attackers (untapped, not summoning sick). */
export function possibleAttackers(s: MtgState, seat: Seat): string[] {
  return s.battlefield.filter((id) => {
    const o = objectOf(s, id);
    // CR 702.3b: a creature with defender can't attack.
    return (
      controllerOf(s, id) === seat &&
      isCreature(s, id) &&
      !o.tapped &&
      !isSummoningSick(s, id) &&
      !hasKeyword(s, id, 'defender')
    );
  });
}

/** CR 508.1: the attack, declared as a whole (restrictions 508.1c are checked on the whole by combat.ts). */
export const attackersDecision = defineDecisionKind<MtgState, DeclarePayload, DeclareAnswer>({
  name: 'attackers',
  role: 'choice',
  build(s, p, seat) {
    const pre = problemPrefix(p.retry?.problem ?? null);
    return {
      shape: 'declare',
      prompt: label(`${pre.en}Declare attackers.`, `${pre.ja}攻撃クリーチャーを宣言してください。`),
      slots: possibleAttackers(s, seat).map((id) => {
        const n = nameOf(s, id);
        return {
          id,
          label: label(`${n.en} (${powerOf(s, id)})`, `${n.ja}（${powerOf(s, id)}）`),
          objectId: id,
          cardName: n.en,
          options: [simple('attack', 'choice', 'Attack', '攻撃する')],
          min: 0,
          max: 1,
        };
      }),
      draft: p.retry?.draft ?? {},
      problem: p.retry?.problem ?? null,
      canGoBack: false,
      defaultOnTimeout: {},
    };
  },
  handle: (_s, _p, _c, _seat, answer) => declareAnswer(answer),
});

/** CR 509.1a: the untapped creatures the defending player controls. */
export function possibleBlockers(s: MtgState, seat: Seat): string[] {
  return s.battlefield.filter((id) => {
    const o = objectOf(s, id);
    return controllerOf(s, id) === seat && isCreature(s, id) && !o.tapped;
  });
}

/** CR 509.1: the blocks, declared as a whole (509.1b-c checked by combat.ts). */
export const blockersDecision = defineDecisionKind<MtgState, DeclarePayload, DeclareAnswer>({
  name: 'blockers',
  role: 'choice',
  build(s, p, seat) {
    const attackers = Object.keys(s.combat?.attackers ?? {});
    const pre = problemPrefix(p.retry?.problem ?? null);
    return {
      shape: 'declare',
      prompt: label(`${pre.en}Declare blockers.`, `${pre.ja}ブロック・クリーチャーを宣言してください。`),
      slots: possibleBlockers(s, seat).map((id) => {
        const n = nameOf(s, id);
        return {
          id,
          label: n,
          objectId: id,
          cardName: n.en,
          options: attackers.map((a) => objectOption(s, a, 'block', 'choice', 'Block ', 'をブロック')),
          min: 0,
          max: 1,
        };
      }),
      draft: p.retry?.draft ?? {},
      problem: p.retry?.problem ?? null,
      canGoBack: false,
      defaultOnTimeout: {},
    };
  },
  handle: (_s, _p, _c, _seat, answer) => declareAnswer(answer),
});

/** CR 509.2 (2019-01-25): the attacking player orders the creatures blocking each attacker. */
export const damageOrderDecision = defineDecisionKind<MtgState, { attacker: string; blockers: string[] }, string[]>({
  name: 'damage-order',
  role: 'choice',
  build(s, p) {
    const n = nameOf(s, p.attacker);
    return {
      prompt: label(
        `Order the creatures blocking ${n.en} for damage (2019 rules, CR 509.2: damage assignment order, gone from today's rules).`,
        `${n.ja}をブロックしたクリーチャーのダメージ割り振り順を決めてください（2019年のルール509.2：ダメージ割り振り順。現在のルールにはありません）。`,
      ),
      options: p.blockers.map((id) => objectOption(s, id, 'obj', 'choice')),
      min: p.blockers.length,
      max: p.blockers.length,
      ordered: true,
      defaultOnTimeout: p.blockers.map((id) => `obj:${id}`),
    };
  },
  handle: (_s, _p, chosen) => chosen.map((c) => c.slice(4)),
});

/**
 * A player who knows today's rules is told that the 2019 rule applies (issue 17): with two or more blockers, the
 * damage assignment order binds the division (CR 510.1c, 2019); today's rules let the attacker divide freely.
 */
function orderNote(s: MtgState, attacker: string): Label {
  if ((s.combat?.attackers[attacker]?.blockers.length ?? 0) < 2) return label('', '');
  return label(
    " (2019 rules, CR 510.1c: in the damage assignment order, each blocker needs lethal damage before the next gets any; today's rules have no such order.)",
    '（2019年のルール510.1c：ダメージ割り振り順に従い、前のクリーチャーに致死ダメージを割り振るまで次には割り振れません。現在のルールにはありません。）',
  );
}

/** CR 510.1c-d: keep the default assignment (lethal in order, the rest to the last) or customise it. */
export const assignChoiceDecision = defineDecisionKind<MtgState, { attacker: string; refused: boolean }, boolean>({
  name: 'assign-damage',
  role: 'choice',
  build(s, p) {
    const n = nameOf(s, p.attacker);
    const refused = p.refused
      ? label(
          'That assignment was not legal (CR 510.1c: each creature in order needs lethal damage before the next; 702.19b for the player). ',
          'その割り振りはできません（510.1c）。',
        )
      : label('', '');
    const note = orderNote(s, p.attacker);
    return {
      prompt: label(
        `${refused.en}Assign ${n.en}'s combat damage: lethal damage in order, the rest to the last, or customise?${note.en}`,
        `${refused.ja}${n.ja}の戦闘ダメージ：順に致死ダメージ、残りを最後に割り振りますか？${note.ja}`,
      ),
      options: [
        simple('default', 'choice', 'Lethal in order, the rest to the last', '順に致死、残りは最後へ'),
        simple('customise', 'choice', 'Customise', '自分で割り振る'),
      ],
      min: 1,
      max: 1,
      defaultOnTimeout: ['default'],
    };
  },
  handle: (_s, _p, chosen) => chosen[0] === 'customise',
});

/** CR 510.1c-d: the attacker's damage divided among its blockers in order (and the player with trample). */
export const assignSplitDecision = defineDecisionKind<
  MtgState,
  { attacker: string; targets: string[]; total: number },
  Record<string, number>
>({
  name: 'assign-split',
  role: 'choice',
  build(s, p) {
    const n = nameOf(s, p.attacker);
    return {
      shape: 'distribute',
      prompt: label(
        `Divide ${p.total} damage from ${n.en}.${orderNote(s, p.attacker).en}`,
        `${n.ja}の${p.total}点のダメージを割り振ってください。${orderNote(s, p.attacker).ja}`,
      ),
      total: p.total,
      targets: p.targets.map((t) =>
        t.startsWith('player:')
          ? simple(t, 'choice', 'The defending player', '防御プレイヤー')
          : objectOption(s, t.slice(4), 'obj', 'choice'),
      ),
      minEach: 0,
      maxEach: p.total,
      allowLess: false,
      // CR 510.1c: all of it to the first in the damage assignment order is always a legal assignment.
      defaultOnTimeout: p.targets[0] ? { [p.targets[0]]: p.total } : {},
    };
  },
  handle: (_s, _p, _c, _seat, answer) => (answer.shape === 'distribute' ? answer.split : {}),
});

/** CR 701.8a, 514.1: the discarding player chooses `count` cards from their hand. */
export const discardDecision = defineDecisionKind<MtgState, { count: number }, string[]>({
  name: 'discard',
  role: 'choice',
  build(s, p, seat) {
    const hand = s.players[seat].hand;
    const count = Math.min(p.count, hand.length);
    return {
      prompt: label(`Discard ${count} card(s).`, `${count}枚捨ててください。`),
      options: hand.map((id) => objectOption(s, id, 'obj', 'choice', 'Discard ', 'を捨てる')),
      min: count,
      max: count,
      defaultOnTimeout: hand.slice(0, count).map((id) => `obj:${id}`),
    };
  },
  handle: (_s, _p, chosen) => chosen.map((c) => c.slice(4)),
});

/**
 * CR 701.26a-b: proliferate: any number of permanents and players with counters, one option per kind each has (a
 * permanent with two kinds offers both; choosing both gives the first only, ruling B29). Options: `obj:<id>:<kind>`,
 * `player:<seat>:poison`.
 */
export const proliferateDecision = defineDecisionKind<MtgState, JsonObject, string[]>({
  name: 'proliferate',
  role: 'choice',
  build(s) {
    const options: DecisionOption[] = [];
    for (const id of s.battlefield)
      for (const kind of ['+1/+1', '-1/-1'] as const)
        if ((objectOf(s, id).counters?.[kind] ?? 0) > 0) {
          const o = objectOption(s, id, 'obj', 'choice', `${kind}: `, `（${kind}）`);
          options.push({ ...o, id: `obj:${id}:${kind}` });
        }
    for (const seat of SEATS)
      if ((s.players[seat].poison ?? 0) > 0)
        options.push({
          id: `player:${seat}:poison`,
          kind: 'player',
          role: 'choice',
          label: label(`Poison: ${seat}`, `毒カウンター（${seat}）`),
        });
    return {
      prompt: label(
        'Proliferate: choose any number of permanents and players to get one more counter of that kind.',
        '増殖：カウンターを1個追加するパーマネントやプレイヤーを望む数選んでください。',
      ),
      options,
      min: 0,
      max: options.length,
      defaultOnTimeout: [],
    };
  },
  handle: (_s, _p, chosen) => chosen,
});

/** CR 701.18a-b: search the library for a basic land card (failing to find is allowed, 701.18b). */
export const searchDecision = defineDecisionKind<MtgState, JsonObject, string | null>({
  name: 'search',
  role: 'choice',
  build(s, _p, seat) {
    const found = s.players[seat].library.filter((id) => {
      const c = cardOfObject(s, id);
      return c.supertypes.includes('basic') && c.types.includes('land');
    });
    const seen = new Set<string>();
    const options: DecisionOption[] = [];
    // One option per card name: copies in a library cannot be told apart by the searcher.
    for (const id of found) {
      const card = objectOf(s, id).card;
      if (seen.has(card)) continue;
      seen.add(card);
      const n = cardOf(card).name;
      options.push({ id: `card:${card}`, kind: 'card', role: 'choice', label: n, cardName: n.en });
    }
    options.push(simple('none', 'passive', 'Find nothing', '見つけない'));
    return {
      prompt: label('Search your library for a basic land card.', 'ライブラリーから基本土地カードを探してください。'),
      options,
      min: 1,
      max: 1,
      defaultOnTimeout: ['none'],
    };
  },
  handle: (_s, _p, chosen) => (chosen[0]?.startsWith('card:') ? chosen[0].slice(5) : null),
});

/** CR 603.3b: a player puts their simultaneous triggers on the stack in the order they choose (the first listed goes on the stack first and resolves last). */
export const orderTriggersDecision = defineDecisionKind<MtgState, { triggers: PendingTrigger[] }, PendingTrigger[]>({
  name: 'order-triggers',
  role: 'choice',
  build(_s, p) {
    const options = p.triggers.map((t, i) => {
      const card = cardOf(t.card);
      return {
        id: `trigger:${i}`,
        kind: 'trigger',
        role: 'choice' as const,
        label: label(`${card.name.en}'s trigger`, `${card.name.ja}の誘発型能力`),
        cardName: card.name.en,
      };
    });
    return {
      prompt: label(
        'Order your triggered abilities: the first goes on the stack first and resolves last (CR 603.3b).',
        '誘発型能力の順番を決めてください：最初のものが先にスタックに置かれ、最後に解決されます（603.3b）。',
      ),
      options,
      min: options.length,
      max: options.length,
      ordered: true,
      defaultOnTimeout: options.map((o) => o.id),
    };
  },
  handle(_s, p, chosen) {
    const out = chosen.map((id) => p.triggers[Number(id.slice('trigger:'.length))]);
    if (new Set(chosen).size !== p.triggers.length || out.some((t) => t === undefined))
      throw new IllegalAction(label('List every triggered ability once.', '各誘発型能力を一度ずつ並べてください。'));
    return out.flatMap((t) => (t ? [t] : []));
  },
});

/** CR 603.5: "you may" is chosen as the ability resolves. */
export const mayDecision = defineDecisionKind<MtgState, { card: string }, boolean>({
  name: 'may',
  role: 'choice',
  build(_s, p) {
    const card = cardOf(p.card);
    return {
      prompt: label(
        `${card.name.en}'s triggered ability: do you want to do it?`,
        `${card.name.ja}の誘発型能力を実行しますか？`,
      ),
      options: [simple('yes', 'choice', 'Yes', 'はい'), simple('no', 'passive', 'No', 'いいえ')],
      min: 1,
      max: 1,
      defaultOnTimeout: ['yes'],
    };
  },
  handle: (_s, _p, chosen) => chosen[0] === 'yes',
});

/** CR 706.5: the creatures on the battlefield a permanent entering as a copy may copy (not targeted, 706.6). */
export function copyCandidates(s: MtgState): string[] {
  return s.battlefield.filter((id) => isCreature(s, id));
}

/**
 * CR 706.5, 706.6, 614.1c: as the permanent enters, its controller chooses a creature on the battlefield for it to
 * enter as a copy of, or none (it enters as itself). Answer: the chosen object, or null.
 */
export const copyChoiceDecision = defineDecisionKind<MtgState, { card: string }, string | null>({
  name: 'copy-choice',
  role: 'choice',
  build(s, p) {
    const card = cardOf(p.card);
    return {
      prompt: label(
        `${card.name.en} enters the battlefield: choose a creature for it to enter as a copy of, or none (CR 706.5; not a target).`,
        `${card.name.ja}が戦場に出ます：コピーとして戦場に出るクリーチャーを1体選ぶか、選ばないでください（706.5、対象ではありません）。`,
      ),
      options: [
        ...copyCandidates(s).map((id) => objectOption(s, id, 'copy', 'choice', 'Copy ', 'のコピーになる')),
        simple('no-copy', 'passive', 'Enter as itself', 'コピーせずに出る'),
      ],
      min: 1,
      max: 1,
      defaultOnTimeout: ['no-copy'],
    };
  },
  handle(s, _p, chosen) {
    const id = chosen[0] ?? 'no-copy';
    if (id === 'no-copy') return null;
    const object = id.slice('copy:'.length);
    if (!copyCandidates(s).includes(object))
      throw new IllegalAction(
        label('Choose a creature on the battlefield.', '戦場にあるクリーチャーを選んでください。'),
      );
    return object;
  },
});

/** CR 704.5j: a player with two or more legendary permanents of one name keeps one; the rest go to the graveyard. */
export const legendDecision = defineDecisionKind<MtgState, { ids: string[] }, string>({
  name: 'legend-rule',
  role: 'choice',
  build(s, p) {
    return {
      prompt: label(
        'Legend rule (CR 704.5j): choose the one to keep; the others go to the graveyard.',
        'レジェンド・ルール（704.5j）：残すものを1つ選んでください。他は墓地に置かれます。',
      ),
      options: p.ids.map((id) => objectOption(s, id, 'keep', 'choice', 'Keep ', 'を残す')),
      min: 1,
      max: 1,
      defaultOnTimeout: [`keep:${p.ids[0] ?? ''}`],
    };
  },
  handle: (_s, p, chosen) => {
    const id = (chosen[0] ?? '').slice('keep:'.length);
    if (!p.ids.includes(id)) throw new IllegalAction(label('Keep one of them.', 'どれか1つを残してください。'));
    return id;
  },
});

export const MTG_DECISIONS = [
  orderTriggersDecision,
  mayDecision,
  legendDecision,
  playFirstDecision,
  mulliganDecision,
  scryDecision,
  priorityDecision,
  modeDecision,
  xDecision,
  targetDecision,
  payDecision,
  sacrificeDecision,
  attackersDecision,
  blockersDecision,
  damageOrderDecision,
  assignChoiceDecision,
  assignSplitDecision,
  discardDecision,
  searchDecision,
  preventionOrderDecision,
  shieldSourcesDecision,
  kickerDecision,
  copyChoiceDecision,
  surveilDecision,
  proliferateDecision,
];

export type { Json };
