/**
 * The toy's decision kinds, each a `{build, handle}` pair: `build` lists the options from the state and the payload
 * the asking step stored (no words are stored: labels are made here, when the decision is shown); `handle` turns the
 * chosen ids into the answer the asking step reads next. Option ids are short and stable (`play:o7`).
 */
import { defineDecisionKind, defineDeclarationKind } from '../../src/engine/core/decision-kinds.ts';
import type { DecisionOption, OptionRole } from '../../src/engine/core/game.ts';
import { type Label, label } from '../../src/engine/core/label.ts';
import { cardOf } from './cards.ts';
import { objectOf, opponentOf, powerOf, sideOf, type ToyState, unitsOf } from './state.ts';

/** An option id `action:objectId` (as `cardOption` makes them) split back into its parts. */
export function splitOption(id: string): { action: string; object: string } {
  const at = id.indexOf(':');
  return at < 0 ? { action: id, object: '' } : { action: id.slice(0, at), object: id.slice(at + 1) };
}

const nameOf = (s: ToyState, id: string): Label => cardOf(objectOf(s, id).card).name;

function cardOption(s: ToyState, id: string, kind: string, role: OptionRole, en: string, ja: string): DecisionOption {
  const n = nameOf(s, id);
  return {
    id: `${kind}:${id}`,
    kind,
    role,
    label: label(`${en} ${n.en}`, `${n.ja}を${ja}`),
    objectId: id,
    cardName: n.en,
  };
}

/** TOY 2.4: what a player with priority may do. The answer is the chosen option id. */
export const priorityDecision = defineDecisionKind<ToyState, Record<string, never>, string>({
  name: 'priority',
  role: 'priority',
  build(s, _payload, seat) {
    const side = sideOf(s, seat);
    const options: DecisionOption[] = [{ id: 'pass', kind: 'pass', role: 'pass', label: label('Pass', 'パス') }];
    for (const id of side.hand) options.push(cardOption(s, id, 'play', 'play', 'Play', 'プレイ'));
    for (const id of side.hand) options.push(cardOption(s, id, 'set', 'act', 'Set face down:', '裏向きにセット'));
    for (const id of side.board) {
      const o = objectOf(s, id);
      if (o.faceDown && cardOf(o.card).type === 'trap')
        options.push(cardOption(s, id, 'flip', 'act', 'Flip', '表にする'));
    }
    return {
      prompt: label('You have priority.', '優先権があります。'),
      options,
      min: 1,
      max: 1,
      defaultOnTimeout: ['pass'],
    };
  },
  handle: (_s, _payload, chosen) => chosen[0] ?? 'pass',
});

/** TOY 3.2, 4.2: a target for the card being played, or cancel (rewinds the play). */
export const targetDecision = defineDecisionKind<ToyState, { card: string }, string>({
  name: 'target',
  role: 'choice',
  build(s, payload, seat) {
    const options: DecisionOption[] = [
      { id: `player:${opponentOf(seat)}`, kind: 'target', role: 'choice', label: label('Your opponent', '相手') },
      { id: `player:${seat}`, kind: 'target', role: 'choice', label: label('Yourself', '自分') },
    ];
    for (const owner of [seat, opponentOf(seat)] as const) {
      for (const u of unitsOf(s, owner)) options.push(cardOption(s, u.id, 'unit', 'choice', 'Target', '対象に'));
    }
    options.push({
      id: 'cancel',
      kind: 'cancel',
      role: 'passive',
      label: label('Cancel the play', 'プレイを取り消す'),
    });
    const card = cardOf(payload.card).name;
    return {
      prompt: label(`Choose a target for ${card.en}.`, `${card.ja}の対象を選んでください。`),
      options,
      min: 1,
      max: 1,
      defaultOnTimeout: ['cancel'],
    };
  },
  handle: (_s, _payload, chosen) => chosen[0] ?? 'cancel',
});

/** Echo Chant: play another card from hand now, or not. */
export const extraPlayDecision = defineDecisionKind<ToyState, Record<string, never>, string>({
  name: 'extra-play',
  role: 'choice',
  build(s, _payload, seat) {
    const options: DecisionOption[] = [
      { id: 'skip', kind: 'skip', role: 'passive', label: label('Play nothing', 'プレイしない') },
    ];
    for (const id of sideOf(s, seat).hand) options.push(cardOption(s, id, 'play', 'play', 'Play', 'プレイ'));
    return {
      prompt: label('You may play another card.', 'もう1枚プレイできます。'),
      options,
      min: 1,
      max: 1,
      defaultOnTimeout: ['skip'],
    };
  },
  handle: (_s, _payload, chosen) => chosen[0] ?? 'skip',
});

/** TOY 2.3's limit on a declaration as a whole. */
export const ATTACK_POWER_LIMIT = 4;

/** What the turn reads after the declaration: the attackers (object ids), or the player going back (TOY 2.3). */
export type AttackAnswer = { attackers: string[] } | { back: true };

/** The attackers in a declaration: the slots (object ids) whose choice is `attack`. */
export function attackersIn(declare: Record<string, string[]>): string[] {
  return Object.entries(declare)
    .filter(([, chosen]) => chosen.includes('attack'))
    .map(([id]) => id);
}

/**
 * TOY 2.3: the attack declaration, the kernel's `declare` shape. One slot per face-up unit (attack, or nothing to stay back); the
 * kernel checks each slot, `check` judges the whole (total power at most ATTACK_POWER_LIMIT), and a refused whole is
 * asked again by the kernel with the draft kept and the problem named. `back` re-opens the main window.
 */
export const attackDecision = defineDeclarationKind<ToyState, Record<string, never>, AttackAnswer>({
  name: 'attackers',
  role: 'choice',
  build(s, _payload, seat) {
    const units = unitsOf(s, seat);
    return {
      prompt: label(
        `Declare attackers (at most ${ATTACK_POWER_LIMIT} power in total).`,
        `攻撃するユニットを宣言してください（パワー合計${ATTACK_POWER_LIMIT}以下）。`,
      ),
      slots: units.map((u) => {
        const n = nameOf(s, u.id);
        return {
          id: u.id,
          label: label(`${n.en} (${powerOf(u)})`, `${n.ja}（${powerOf(u)}）`),
          objectId: u.id,
          cardName: n.en,
          // Chosen: it attacks; left empty: it stays back.
          options: [{ id: 'attack', kind: 'attack', role: 'choice', label: label('Attack', '攻撃する') }],
          min: 0,
          max: 1,
        };
      }),
      canGoBack: true,
      defaultOnTimeout: Object.fromEntries(units.map((u) => [u.id, []])),
    };
  },
  check(s, _payload, declare) {
    const attackers = attackersIn(declare);
    const total = attackers.reduce((sum, id) => sum + powerOf(objectOf(s, id)), 0);
    // TOY 2.3 (CR 508.1c-d style): legal only as a whole.
    return total > ATTACK_POWER_LIMIT ? { rule: 'TOY 2.3', code: 'attack-power-over-limit', slots: attackers } : null;
  },
  handle: (_s, _payload, answer) => ('back' in answer ? { back: true } : { attackers: attackersIn(answer.declare) }),
});

export const TOY_DECISIONS = [priorityDecision, targetDecision, extraPlayDecision, attackDecision];
