/**
 * Aquarian Age decision kinds. Option ids are short and stable: `set:o7`, `attack:c3`, `guard:c4`, `pass`. Labels
 * are made here, when the decision is shown, from the state and the asking step's payload (never stored).
 */
import { defineDecisionKind } from '../../core/decision-kinds.ts';
import type { DecisionOption, OptionRole, Seat } from '../../core/game.ts';
import { type Label, label } from '../../core/label.ts';
import { mainOptions, responseOptions } from './legal.ts';
import { type AqaState, cardOf, faceOf, parseEffectKey } from './state.ts';

/** An option id `action:object[:more]` split into its parts. */
export function splitOption(id: string): { action: string; object: string; rest: string } {
  const [action = '', object = '', rest = ''] = id.split(':');
  return { action, object, rest };
}

const PLAYER_WORDS = (_s: AqaState, viewer: Seat, seat: Seat): Label =>
  seat === viewer ? label('yourself', '自分') : label('your opponent', '相手');

/** The name of an object as this seat may know it: a character's face, a card's name, a player. */
export function nameFor(s: AqaState, seat: Seat, id: string): Label {
  if (id === 'p1' || id === 'p2') return PLAYER_WORDS(s, seat, id);
  const c = s.characters[id];
  if (c) {
    const n = faceOf(s, c).name;
    const whose = c.owner === seat ? label('your', '自分の') : label("opponent's", '相手の');
    return label(`${whose.en} ${n.en}`, `${whose.ja}${n.ja}`);
  }
  const o = s.objects[id];
  if (o) return cardOf(o.card).name;
  // A declaration on the chain (Crossroads Charm's target, §14-3).
  if (s.chain.some((d) => d.id === id)) return declarationWords(s, seat, id);
  // An effect (Null Warden's target, §13-1): the card printing it, on its character.
  const key = parseEffectKey(id);
  if (key && s.characters[key.character]) {
    const holder = nameFor(s, seat, key.character);
    const card = cardOf(key.card).name;
    return label(`the effect "${card.en}" of ${holder.en}`, `${holder.ja}の「${card.ja}」のエフェクト`);
  }
  return label(id, id);
}

const ACTION_WORDS: Record<string, { role: OptionRole; words: Label }> = {
  set: { role: 'play', words: label('Set', 'セット：') },
  break: { role: 'play', words: label('Break with', 'ブレイク：') },
  permanent: { role: 'play', words: label('Set permanent', 'パーマネント：') },
  use: { role: 'play', words: label('Use', '使用：') },
  effect: { role: 'act', words: label('Effect of', 'エフェクト：') },
  attack: { role: 'act', words: label('Attack with', 'アタック：') },
  guard: { role: 'act', words: label('Guard with', 'ガード：') },
};

function actionOption(s: AqaState, seat: Seat, id: string): DecisionOption {
  const { action, object } = splitOption(id);
  const info = ACTION_WORDS[action] ?? { role: 'act' as const, words: label(action, action) };
  const n = nameFor(s, seat, object);
  const fromDamage = action === 'set' && s.objects[object]?.zone === 'damage';
  const where = fromDamage ? label(' (from damage zone)', '（ダメージ置き場から）') : label('', '');
  const o = s.objects[object];
  const c = s.characters[object];
  const cardName = o ? cardOf(o.card).name.en : c ? faceOf(s, c).name.en : undefined;
  return {
    id,
    kind: action,
    role: info.role,
    label: label(`${info.words.en} ${n.en}${where.en}`, `${info.words.ja}${n.ja}${where.ja}`),
    objectId: object,
    ...(cardName === undefined ? {} : { cardName }),
  };
}

/** Ruling G20: the turn player's main phase, empty chain: declare something, or end the main phase. */
export const mainDecision = defineDecisionKind<AqaState, Record<string, never>, string>({
  name: 'main',
  role: 'priority',
  build(s, _payload, seat) {
    const options: DecisionOption[] = [
      { id: 'end', kind: 'pass', role: 'pass', label: label('End the main phase', 'メインフェイズを終了する') },
      ...mainOptions(s, seat).map((id) => actionOption(s, seat, id)),
    ];
    return {
      prompt: label(
        'Your main phase: declare, or end the phase.',
        'メインフェイズです。宣言するか、フェイズを終了してください。',
      ),
      options,
      min: 1,
      max: 1,
      defaultOnTimeout: ['end'],
    };
  },
  handle: (_s, _payload, chosen) => chosen[0] ?? 'end',
});

/** G19: a response window: respond to the declaration on top of the chain, or pass (§21-3b: not a declaration). */
export const respondDecision = defineDecisionKind<AqaState, Record<string, never>, string>({
  name: 'respond',
  role: 'priority',
  build(s, _payload, seat) {
    const top = s.chain[s.chain.length - 1];
    const what = top ? declarationWords(s, seat, top.id) : label('nothing', 'なし');
    return {
      prompt: label(`Respond to ${what.en}?`, `${what.ja}にレスポンスしますか？`),
      options: [
        { id: 'pass', kind: 'pass', role: 'pass', label: label('Pass', 'パス') },
        ...responseOptions(s, seat).map((id) => actionOption(s, seat, id)),
      ],
      min: 1,
      max: 1,
      defaultOnTimeout: ['pass'],
    };
  },
  handle: (_s, _payload, chosen) => chosen[0] ?? 'pass',
});

/** Words for a declaration on the chain, for prompts. */
export function declarationWords(s: AqaState, seat: Seat, itemId: string): Label {
  const d = s.chain.find((x) => x.id === itemId);
  if (!d) return label('a declaration', '宣言');
  const n = (id: string) => nameFor(s, seat, id);
  switch (d.kind) {
    case 'phase':
      return label(`the ${d.phase} phase ${d.edge}`, `${d.phase}フェイズの${d.edge === 'start' ? '開始' : '終了'}宣言`);
    case 'faction-check':
      return label(`the faction check (${d.party})`, `勢力チェック（${d.party}）`);
    case 'set':
    case 'break':
    case 'permanent':
    case 'use':
      return label(`${n(d.card).en}`, `${n(d.card).ja}`);
    case 'effect':
      return label(`the effect of ${n(d.source).en}`, `${n(d.source).ja}のエフェクト`);
    case 'attack': {
      const t = 'player' in d.target ? d.target.player : d.target.character;
      return label(`the attack of ${n(d.attacker).en} on ${n(t).en}`, `${n(d.attacker).ja}の${n(t).ja}へのアタック`);
    }
    case 'guard':
      return label(`the guard of ${n(d.guard).en}`, `${n(d.guard).ja}のガード`);
  }
}

/** What a generic choice is for: each purpose has its prompt (rules in the procedure that asks it). */
export const PURPOSES = {
  target: label('Choose a target.', '目標を選んでください。'),
  targets: label('Choose targets.', '目標を選んでください。'),
  'attack-target': label(
    'Choose what to attack: the other player or one of your own parties (§3-1; costs 1 power, ruling G13).',
    'アタック目標を選んでください：相手か自分の勢力パーティー（3-1。パワー1枚、裁定G13）。',
  ),
  'pay-from': label(
    'Pay 1 power card from which character? (ruling G14)',
    'どのキャラクターのパワーカードで支払いますか？（裁定G14）',
  ),
  mode: label('Choose one mode.', 'モードを1つ選んでください。'),
  'power-phase': label(
    'Give power cards to which characters? (ruling G11: 1 each, more with Charge)',
    'どのキャラクターにパワーカードをセットしますか？（裁定G11：各1枚、チャージで追加）',
  ),
  'discard-hand': label('Discard cards from your hand.', '手札を捨て札してください。'),
  'hand-limit': label('Discard down to 7 cards (ruling G24).', '手札が7枚になるよう捨て札してください（裁定G24）。'),
  bind: label(
    'Use Bind to keep this character? (its power cards go to the damage zone, §6-4)',
    'バインドを使用してこのキャラクターを場に残しますか？（パワーカードはダメージ置き場へ、6-4）',
  ),
  draw: label('Draw 1 card?', 'カードを1枚ドローしますか？'),
  search: label('Search: take a card with the Name into your hand?', 'サーチ：ネームを持つカードを手札に加えますか？'),
  redraw: label('Redraw your opening hand once? (ruling G4)', '初期手札を1度だけ引き直しますか？（裁定G4）'),
  recall: label('Return character cards from your discard pile.', '捨て札からキャラクターカードを戻してください。'),
  remove: label('Remove 1 card of your discard pile from the game.', '捨て札のカード1枚をゲームから除外してください。'),
  outside: label(
    'Put 1 character card you own from outside the game into your hand (§24-3, ruling R24).',
    'ゲーム外にあるあなたがオーナーのキャラクターカード1枚を手札に加えてください（24-3、裁定R24）。',
  ),
  retarget: label(
    'Choose the new target (§14-3: one it could legally have taken).',
    '新しい目標を選んでください（14-3：本来使用できる適正な目標）。',
  ),
  'move-to': label(
    'Move the permanents onto which other character you control? (§11-2, ruling R25)',
    'パーマネントをどの別の支配キャラクターに移動しますか？（11-2、裁定R25）',
  ),
  'permanent-excess': label(
    'Discard a permanent down to the limit.',
    '適正な数になるようパーマネントを捨て札してください。',
  ),
} as const;
export type Purpose = keyof typeof PURPOSES;

export type ChoicePayload = {
  purpose: Purpose;
  /** The ids offered (objects, characters, seats, or words such as `yes`/`no`, `auto`, `mode:0`). */
  ids: string[];
  min: number;
  max: number;
  /** Offers `cancel`, which rewinds the declaration being made (ruling: a play may be taken back). */
  cancel: boolean;
  /** The card the choice is about, when it is about one. */
  about: string | null;
};

const WORD_OPTIONS: Record<string, Label> = {
  yes: label('Yes', 'はい'),
  no: label('No', 'いいえ'),
  auto: label('Pay automatically', '自動で支払う'),
  cancel: label('Cancel the declaration', '宣言を取り消す'),
};

function choiceOption(s: AqaState, seat: Seat, id: string, about: string | null): DecisionOption {
  const word = WORD_OPTIONS[id];
  if (word) return { id, kind: id, role: id === 'no' || id === 'cancel' ? 'passive' : 'choice', label: word };
  if (id.startsWith('mode:') && about) {
    const n = Number(id.slice(5));
    const card = cardOf(s.objects[about]?.card ?? '');
    const modal = card.effects.find((e) => e.do === 'choose-one');
    const first = modal?.do === 'choose-one' ? modal.modes[n]?.[0] : undefined;
    const text = first?.do === 'code' ? first.text : label(`Mode ${n + 1}`, `モード${n + 1}`);
    return { id, kind: 'mode', role: 'choice', label: text };
  }
  const n = nameFor(s, seat, id);
  const o = s.objects[id];
  return {
    id,
    kind: 'target',
    role: 'choice',
    label: n,
    objectId: id,
    ...(o ? { cardName: cardOf(o.card).name.en } : {}),
  };
}

/** A generic pick among listed ids, worded by its purpose. */
export const choiceDecision = defineDecisionKind<AqaState, ChoicePayload, string[]>({
  name: 'choice',
  role: 'choice',
  build(s, p, seat) {
    const options = p.ids.map((id) => choiceOption(s, seat, id, p.about));
    if (p.cancel) options.push(choiceOption(s, seat, 'cancel', null));
    const about = p.about ? nameFor(s, seat, p.about) : null;
    const prompt = PURPOSES[p.purpose];
    return {
      prompt: about ? label(`${about.en}: ${prompt.en}`, `${about.ja}：${prompt.ja}`) : prompt,
      options,
      min: p.cancel ? 1 : p.min,
      max: p.cancel ? Math.max(1, p.max) : p.max,
      // A payment left to the clock pays automatically (ruling G14); any other abandoned declaration is taken back.
      defaultOnTimeout: p.ids.includes('auto') ? ['auto'] : p.cancel ? ['cancel'] : p.ids.slice(0, p.min),
    };
  },
  handle(_s, p, chosen) {
    if (chosen.includes('cancel')) return ['cancel'];
    // With a cancel option the kernel allows 1..max; the real minimum is checked here.
    if (p.cancel && chosen.length < p.min) return ['cancel'];
    return chosen;
  },
});

/** §20-5: choose X. */
export const numberDecision = defineDecisionKind<AqaState, { about: string; min: number; max: number }, number>({
  name: 'x',
  role: 'choice',
  build(s, p, seat) {
    const n = nameFor(s, seat, p.about);
    return {
      shape: 'number',
      prompt: label(`${n.en}: choose X.`, `${n.ja}：Xを選んでください。`),
      min: p.min,
      max: p.max,
      defaultOnTimeout: p.min,
    };
  },
  handle: (_s, p, _chosen, _seat, answer) => (answer.shape === 'number' ? answer.value : p.min),
});

/** §21-5: distribute an amount among the chosen targets, at least 1 each. */
export const distributeDecision = defineDecisionKind<
  AqaState,
  { about: string; total: number; targets: string[] },
  Record<string, number>
>({
  name: 'distribute',
  role: 'choice',
  build(s, p, seat) {
    const n = nameFor(s, seat, p.about);
    const even: Record<string, number> = {};
    p.targets.forEach((t, i) => {
      even[t] = Math.floor(p.total / p.targets.length) + (i < p.total % p.targets.length ? 1 : 0);
    });
    return {
      shape: 'distribute',
      prompt: label(`${n.en}: distribute ${p.total} damage.`, `${n.ja}：${p.total}点のダメージを割り振ってください。`),
      total: p.total,
      targets: p.targets.map((t) => choiceOption(s, seat, t, null)),
      minEach: 1,
      maxEach: p.total,
      allowLess: false,
      defaultOnTimeout: even,
    };
  },
  handle: (_s, _p, _chosen, _seat, answer) => (answer.shape === 'distribute' ? answer.split : {}),
});

export const AQA_DECISIONS = [mainDecision, respondDecision, choiceDecision, numberDecision, distributeDecision];
