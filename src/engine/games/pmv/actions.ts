/**
 * What a player holding priority may do (§1.12.2), each checked against its conditions so an illegal action is never
 * offered (§12.8): node set (§1.8.2), playing a card (§5.2.2, §5.4.1, §5.5.1, §5.6.1), using an activated effect
 * (§7.3.3), attacking (§6.3.2) and defending (§6.4.2).
 */
import type { DecisionOption, Seat } from '../../core/game.ts';
import { label } from '../../core/label.ts';
import type { PmvCard } from './cards/schema.ts';
import { cardAims, modesOf, POPULARITY_ABILITY, targetChoices } from './rules.ts';
import {
  alternativeRaceMet,
  cannotAttack,
  cannotDefend,
  cardOf,
  cardOfObject,
  casterPresent,
  charactersOf,
  currentInterference,
  hasKeyword,
  isCharacter,
  lendingAttachments,
  liveAttack,
  objectOf,
  originalTextNullified,
  type PmvState,
  popularityTiers,
} from './state.ts';

/** §2.4: NODE and COST; "nullity" is both 0 (§2.4.4). */
export function nodeAndCost(card: PmvCard): { node: number; cost: number } {
  if (card.nodeCost === 'nullity') return { node: 0, cost: 0 };
  return { node: card.nodeCost.node, cost: card.nodeCost.cost === 'X' ? 0 : card.nodeCost.cost };
}

/** §5.5.6, §5.6.6: the spell's caster or the command's alternative race lets the player skip NODE and COST. */
export function freePlayAvailable(s: PmvState, seat: Seat, card: PmvCard): boolean {
  if (card.type === 'spell') return casterPresent(s, seat, card);
  if (card.type === 'command') return alternativeRaceMet(s, seat, card);
  return false;
}

/** §1.8.7.a–d: every node pays 1 in one payment (sleep an active one or discard a sleeping one). */
export function canPayNodes(s: PmvState, seat: Seat, cost: number): boolean {
  return s.players[seat].nodes.length >= cost;
}

/** §5.2.2.c–d (or the waivers of §5.5.6 and §5.6.6). */
function affordable(s: PmvState, seat: Seat, card: PmvCard): boolean {
  if (freePlayAvailable(s, seat, card)) return true;
  const { node, cost } = nodeAndCost(card);
  return s.players[seat].nodes.length >= node && canPayNodes(s, seat, cost);
}

/** §5.2.2.e: every target phrase has a legal target (for a "Choose one" card, in at least one mode, §5.2.3.c). */
function targetsExist(s: PmvState, seat: Seat, card: PmvCard, ability: number | null): boolean {
  const modes = ability === null ? modesOf(card) : null;
  const ok = (mode: number | null) =>
    cardAims(card, ability, mode).every((aim) => targetChoices(s, seat, aim, null, card.id).length > 0);
  return modes ? modes.some((_, m) => ok(m)) : ok(null);
}

const inMainWithNoInterference = (s: PmvState, seat: Seat) =>
  s.turn.active === seat && s.turn.phase === 'main' && s.interferences.length === 0;

/** §5.6.5: command timing is any time the player holds priority (§5.6.1.a). */
const commandTiming = (_s: PmvState, _seat: Seat) => true;

/** Why a card in hand may be played now (§5.2.2.b, f): timing by type and the per-turn limits. */
export function typeAllows(s: PmvState, seat: Seat, card: PmvCard): boolean {
  const has = (k: string) => card.keywords.some((x) => x.keyword === k);
  // §10.22.2.a, §10.23.2.a
  if (has('your-turn-only') && s.turn.active !== seat) return false;
  if (has('opponents-turn-only') && s.turn.active === seat) return false;
  // §10.21.2.a: a One per Turn card played this turn forbids its name to that player until end of turn.
  if (has('one-per-turn') && s.turn.limited.includes(`${seat}:${card.id}`)) return false;
  switch (card.type) {
    case 'character':
      // §10.3.2.a: Ambush plays at command timing, outside the quota (docs/rulings/pmv.md P4).
      if (has('ambush')) return commandTiming(s, seat);
      if (!inMainWithNoInterference(s, seat)) return false; // §5.4.1.a–c
      return has('doll') ? !s.turn.doll : !s.turn.character; // §5.4.1.d–e
    case 'spell':
      // §10.32.2.a: a Last Word spell needs its caster on your field.
      if (has('last-word') && !casterPresent(s, seat, card)) return false;
      // §10.17.2.a: one World Talisman spell played per player and turn.
      if (has('world-talisman') && s.turn.worldTalisman?.includes(seat)) return false;
      // §10.30.2.a: Last Spell with its caster on the field plays at command timing.
      if (has('last-spell') && casterPresent(s, seat, card)) return commandTiming(s, seat);
      return inMainWithNoInterference(s, seat); // §5.5.1.a–c
    case 'command':
      return commandTiming(s, seat); // §5.6.1
  }
}

export function canPlay(s: PmvState, seat: Seat, id: string): boolean {
  const card = cardOfObject(s, id);
  return typeAllows(s, seat, card) && affordable(s, seat, card) && targetsExist(s, seat, card, null);
}

/** The defense window (§6.4.2.a, docs/rulings/pmv.md P5): the first priority the attacked player gets from the attack. */
export type PriorityContext = { defense: boolean };

/** §6.4.3: characters that can defend. */
export function possibleDefenders(s: PmvState, seat: Seat): string[] {
  const attack = liveAttack(s);
  if (!attack || attack.defender || attack.player !== seat) return [];
  return charactersOf(s, seat).filter(
    (id) => objectOf(s, id).active && id !== attack.attacker.id && !cannotDefend(s, id),
  );
}

/** §6.3.3: characters that can attack (the turn player's, active, without "can't attack": §10.9.2.a Doll). */
export function possibleAttackers(s: PmvState, seat: Seat): string[] {
  if (!inMainWithNoInterference(s, seat)) return []; // §6.3.2.a–c
  return charactersOf(s, seat).filter((id) => objectOf(s, id).active && !cannotAttack(s, id));
}

/** The activated effects of `seat`'s field cards usable now (§7.3.3), as `[object, ability index]` (-1: §10.12). */
export function usableAbilities(s: PmvState, seat: Seat): [string, number, string | null][] {
  const out: [string, number, string | null][] = [];
  const used = currentInterference(s)?.used ?? [];
  const yourTurn = s.turn.active === seat;
  // §7.3.1.a: cards on your field (characters and Equip/Field cards).
  for (const id of s.field.filter((x) => objectOf(s, x).owner === seat)) {
    const o = objectOf(s, id);
    const card = cardOfObject(s, id); // §5.7.4: a face-down card has no text; §10.28.8: a transformed one its description's
    // §10.12.2.a: (Your turn) S: Mana Charge.
    if (hasKeyword(s, id, 'mana-charge') && yourTurn && o.active && !used.includes(`${id}:-1`))
      out.push([id, -1, null]);
    // §10.28.2.b: (Always) 0: transform, if this character is active when it resolves (§10.28.4: not again).
    if (canTransform(s, id) && !used.includes(`${id}:-2`)) out.push([id, -2, null]);
    // §10.34.2.d: (Opponent's turn) 0: a Leader's own effect, once per interference like any (§7.3.6).
    if (hasKeyword(s, id, 'leader') && !yourTurn && !used.includes(`${id}:-3`)) out.push([id, -3, null]);
    const usable = (lender: string | null, text: PmvCard, abilities = text.abilities, base = 0) =>
      abilities.forEach((a, k) => {
        const n = base + k;
        if (a.kind !== 'activated') return;
        if (used.includes(usedKey(id, n, lender))) return; // §7.3.6
        if (a.timing === 'your-turn' && !yourTurn) return; // §7.3.2
        if (a.timing === 'opponents-turn' && yourTurn) return;
        if (a.cost.sleep && !o.active) return; // §1.8.8.a, c: the character that uses the effect sleeps
        if (!canPayNodes(s, seat, a.cost.nodes)) return; // §1.8.9.f: all of the cost or none
        // An LP cost is always payable (§1.9.4.a: a fixed amount may exceed the LP), so it bars nothing.
        if (!targetsExist(s, seat, text, n)) return;
        out.push([id, n, lender]);
      });
    // An activated effect is original text (the host's nullified text does not include what is lent).
    if (!originalTextNullified(s, id)) usable(null, card);
    // §10.34.2.a, §2.13.5: the activated effects of the popularity texts the Leader has now.
    for (const { tier, abilities } of popularityTiers(s, id))
      usable(null, card, abilities, POPULARITY_ABILITY + tier * 100);
    // §6.1.13: an equip's or talisman's text is its host character's; the character uses it.
    if (isCharacter(s, id))
      for (const a of lendingAttachments(s, id)) {
        const lent = cardOfObject(s, a);
        if (lent.keywords.some((k) => k.keyword === 'equip' || k.keyword === 'talisman')) usable(a, lent);
      }
  }
  return out;
}

/** §10.28.2, §10.28.4: a character with Transform, a transformation description, and not transformed already. */
export function canTransform(s: PmvState, id: string): boolean {
  const o = objectOf(s, id);
  return (
    isCharacter(s, id) &&
    !o.transformed &&
    hasKeyword(s, id, 'transform') &&
    cardOf(o.card).transformation !== undefined
  );
}

/** §7.3.6: the key of an activated effect used in an interference (interference.ts records it). */
export const usedKey = (object: string, ability: number, lender: string | null) =>
  lender ? `${object}:${ability}:${lender}` : `${object}:${ability}`;

const nameOf = (s: PmvState, id: string) => cardOfObject(s, id).name;

function option(s: PmvState, id: string, kind: string, role: DecisionOption['role'], en: string, ja: string) {
  const n = nameOf(s, id);
  return {
    id: `${kind}:${id}`,
    kind,
    role,
    label: label(`${en}${n.en}`, `${n.ja}${ja}`),
    objectId: id,
    cardName: n.en,
  } satisfies DecisionOption;
}

/** Every legal priority action, pass first. */
export function legalActions(s: PmvState, seat: Seat, ctx: PriorityContext): DecisionOption[] {
  const out: DecisionOption[] = [{ id: 'pass', kind: 'pass', role: 'pass', label: label('Pass', '放棄する') }];
  const hand = s.players[seat].hand;
  for (const id of hand) if (canPlay(s, seat, id)) out.push(option(s, id, 'play', 'play', 'Play ', 'をプレイ'));
  // §10.3.2.b, §10.3.4: an Ambush + Haste character played as the direct response to the attack, defending.
  if (ctx.defense && possibleDefendersByPlay(s, seat)) {
    for (const id of hand) {
      const card = cardOfObject(s, id);
      const both =
        card.keywords.some((k) => k.keyword === 'ambush') && card.keywords.some((k) => k.keyword === 'haste');
      if (both && card.type === 'character' && canPlay(s, seat, id))
        out.push(option(s, id, 'ambush-defend', 'play', 'Play to defend: ', 'をプレイして防御'));
    }
  }
  if (ctx.defense)
    for (const id of possibleDefenders(s, seat)) out.push(option(s, id, 'defend', 'act', 'Defend with ', 'で防御'));
  for (const id of possibleAttackers(s, seat)) out.push(option(s, id, 'attack', 'act', 'Attack with ', 'で攻撃'));
  for (const [id, n, lender] of usableAbilities(s, seat)) {
    const o = option(s, id, 'act', 'act', 'Use ', 'の効果を使用');
    const lent = lender ? nameOf(s, lender) : null;
    out.push({
      ...o,
      id: lender ? `act:${id}:${n}:${lender}` : `act:${id}:${n}`,
      label:
        n === -1
          ? label(`Mana Charge: ${nameOf(s, id).en}`, `${nameOf(s, id).ja}のマナチャージ`)
          : n === -2
            ? label(`Transform: ${nameOf(s, id).en}`, `${nameOf(s, id).ja}の変身`)
            : n === -3
              ? label(
                  `${nameOf(s, id).en}: discard 1 popularity to nullify the next damage to you`,
                  `${nameOf(s, id).ja}：人気1枚を破棄し、次に受けるダメージを無効にする`,
                )
              : lent
                ? label(`Use ${nameOf(s, id).en}'s ${lent.en} effect`, `${nameOf(s, id).ja}の${lent.ja}の効果を使用`)
                : o.label,
    });
  }
  // §1.8.2: node set, once per turn, the turn player in the main phase with no interference.
  if (inMainWithNoInterference(s, seat) && !s.turn.nodeSet)
    for (const id of hand) out.push(option(s, id, 'node', 'act', 'Set as a node: ', 'をノードにセット'));
  return out;
}

/** §6.2.5.b: a defender can be added only while the attack has none. */
function possibleDefendersByPlay(s: PmvState, seat: Seat): boolean {
  const attack = liveAttack(s);
  return attack !== null && attack.defender === null && attack.player === seat;
}
