/**
 * Combat (CR 506–511): whole-declaration checks for attacks (508.1c) and blocks (509.1b-c), and combat damage
 * (510) with the damage assignment order of this CR (509.2, 510.1c), first strike (510.4), trample (702.19),
 * deathtouch (702.2c) and lifelink (702.15).
 */
import { answerOf, ask } from '../../core/decision-kinds.ts';
import type { DecisionProblem, Seat } from '../../core/game.ts';
import { defineProcedure } from '../../core/procedure.ts';
import type { Keyword } from './cards/schema.ts';
import { type DamageEvent, type DamageQueue, damageAnswered, damageQueue, dealQueued } from './damage.ts';
import { assignChoiceDecision, assignSplitDecision } from './decisions.ts';
import {
  cardOfObject,
  characteristicsOf,
  controllerOf,
  hasAbility,
  hasKeyword,
  log,
  type MtgState,
  objectOf,
  powerOf,
  protectedFrom,
  toughnessOf,
} from './state.ts';

/** CR 508.1c: restrictions on the attack as a whole; the first one broken, or null. */
export function attackProblem(s: MtgState, seat: Seat, declare: Record<string, string[]>): DecisionProblem | null {
  const defender = seat === 'p1' ? 'p2' : 'p1';
  for (const [id, chosen] of Object.entries(declare)) {
    if (chosen.length === 0) continue;
    if (hasKeyword(s, id, 'defender')) return { rule: '702.3b', code: 'defender', slots: [id] };
    for (const [i, a] of cardOfObject(s, id).abilities.entries()) {
      if (a.kind !== 'cant-attack-unless-defender-controls' || !hasAbility(s, id, `${a.kind}:${i}`)) continue; // 613.1f
      const has = s.battlefield.some(
        (p) => controllerOf(s, p) === defender && cardOfObject(s, p).subtypes.includes(a.subtype),
      );
      if (!has) return { rule: '508.1c', code: `cant-attack-unless:${a.subtype}`, slots: [id] };
    }
  }
  return null;
}

/** CR 702.14a: the landwalk keywords and the land type each names. */
const LANDWALK: readonly (readonly [Keyword, string])[] = [
  ['plainswalk', 'Plains'],
  ['islandwalk', 'Island'],
  ['swampwalk', 'Swamp'],
  ['mountainwalk', 'Mountain'],
  ['forestwalk', 'Forest'],
];

/** CR 509.1b: restrictions on blocks (each blocker checked against the attacker it blocks); the first broken. */
export function blockProblem(s: MtgState, declare: Record<string, string[]>): DecisionProblem | null {
  for (const [blocker, chosen] of Object.entries(declare)) {
    const choice = chosen[0];
    if (!choice) continue;
    const attacker = choice.slice('block:'.length);
    // CR 613.1f: a restriction is a static ability; one the blocker lost no longer applies.
    if (
      cardOfObject(s, blocker).abilities.some(
        (a, i) => a.kind === 'cant-block' && hasAbility(s, blocker, `cant-block:${i}`),
      )
    )
      return { rule: '509.1b', code: 'cant-block', slots: [blocker] };
    // CR 702.16d: protection from a colour: it can't be blocked by creatures of that colour.
    if (protectedFrom(s, attacker, characteristicsOf(s, blocker).colors))
      return { rule: '702.16d', code: 'protection', slots: [blocker] };
    // CR 702.9b: a creature with flying can be blocked only by creatures with flying or reach (702.17b).
    if (hasKeyword(s, attacker, 'flying') && !hasKeyword(s, blocker, 'flying') && !hasKeyword(s, blocker, 'reach'))
      return { rule: '702.9b', code: 'flying', slots: [blocker] };
    const blocking = characteristicsOf(s, blocker);
    const artifact = blocking.types.includes('artifact');
    // CR 702.35b: fear: blocked only by artifact creatures and/or black creatures.
    if (hasKeyword(s, attacker, 'fear') && !artifact && !blocking.colors.includes('B'))
      return { rule: '702.35b', code: 'fear', slots: [blocker] };
    // CR 702.13b: intimidate: blocked only by artifact creatures and/or creatures sharing a colour with it.
    if (hasKeyword(s, attacker, 'intimidate') && !artifact) {
      const colors = characteristicsOf(s, attacker).colors;
      if (!blocking.colors.some((c) => colors.includes(c)))
        return { rule: '702.13b', code: 'intimidate', slots: [blocker] };
    }
    // CR 702.14c: landwalk: unblockable while the defending player (the blocker's controller) controls such a land.
    for (const [keyword, landType] of LANDWALK)
      if (
        hasKeyword(s, attacker, keyword) &&
        s.battlefield.some(
          (p) =>
            controllerOf(s, p) === controllerOf(s, blocker) &&
            characteristicsOf(s, p).types.includes('land') &&
            characteristicsOf(s, p).subtypes.includes(landType),
        )
      )
        return { rule: '702.14c', code: `landwalk:${landType}`, slots: [blocker] };
    for (const [i, a] of cardOfObject(s, attacker).abilities.entries()) {
      if (a.kind !== 'cant-be-blocked-by-power-at-most' || !hasAbility(s, attacker, `${a.kind}:${i}`)) continue;
      if (powerOf(s, blocker) <= a.power) return { rule: '509.1b', code: `power-at-most:${a.power}`, slots: [blocker] };
    }
  }
  // CR 702.110b: a creature with menace can't be blocked except by two or more creatures.
  const count: Record<string, string[]> = {};
  for (const [blocker, chosen] of Object.entries(declare)) {
    const choice = chosen[0];
    if (choice) (count[choice.slice('block:'.length)] ??= []).push(blocker);
  }
  for (const [attacker, blockers] of Object.entries(count))
    if (blockers.length === 1 && hasKeyword(s, attacker, 'menace'))
      return { rule: '702.110b', code: 'menace', slots: blockers };
  return null;
}

/** CR 510.1c, 702.2c: the damage that is lethal to a blocker now (damage already marked counts). */
export function lethalFor(s: MtgState, attacker: string, blocker: string): number {
  const left = Math.max(0, toughnessOf(s, blocker) - objectOf(s, blocker).damage);
  return hasKeyword(s, attacker, 'deathtouch') ? Math.min(1, left) : left;
}

const PLAYER = (seat: Seat) => `player:${seat}`;

/** The default assignment: lethal damage to each blocker in order, the rest to the last (or the player, trample). */
export function defaultAssignment(
  s: MtgState,
  attacker: string,
  blockers: string[],
  defender: Seat,
): Record<string, number> {
  let left = Math.max(0, powerOf(s, attacker));
  const out: Record<string, number> = {};
  const trample = hasKeyword(s, attacker, 'trample');
  blockers.forEach((b, i) => {
    const last = i === blockers.length - 1;
    const give = last && !trample ? left : Math.min(left, lethalFor(s, attacker, b));
    out[`obj:${b}`] = give;
    left -= give;
  });
  if (trample) out[PLAYER(defender)] = left;
  else if (blockers.length === 0) out[PLAYER(defender)] = left;
  return out;
}

/** CR 510.1c-d, 702.19b: is a custom assignment legal? */
export function assignmentLegal(
  s: MtgState,
  attacker: string,
  blockers: string[],
  defender: Seat,
  split: Record<string, number>,
): boolean {
  let allLethal = true;
  for (const b of blockers) {
    const got = split[`obj:${b}`] ?? 0;
    // A later creature in the order may get damage only once each earlier one is assigned lethal damage.
    if (!allLethal && got > 0) return false;
    if (got < lethalFor(s, attacker, b)) allLethal = false;
  }
  const toPlayer = split[PLAYER(defender)] ?? 0;
  return toPlayer === 0 || (hasKeyword(s, attacker, 'trample') && allLethal);
}

type DamageData = {
  first: boolean;
  /** Attackers whose controller must choose an assignment, and the index of the next one. */
  queue: string[];
  index: number;
  assignments: Record<string, Record<string, number>>;
  /** The step's damage events while they are dealt (a prevention order may be asked, CR 616.1). */
  damage?: DamageQueue;
};

/** CR 702.7b, 702.4b: a creature that deals combat damage in the first-strike combat damage step. */
export function strikesFirst(s: MtgState, id: string): boolean {
  return hasKeyword(s, id, 'first-strike') || hasKeyword(s, id, 'double-strike');
}

/**
 * The creatures that deal damage in this step (CR 510.4): with a first-strike step, those with first strike or
 * double strike first; then those that did not deal first-strike damage, and those with double strike now (702.4c:
 * one that lost double strike does not deal damage again).
 */
function dealers(s: MtgState, first: boolean): string[] {
  const combat = s.combat;
  if (!combat) return [];
  const all = [...Object.keys(combat.attackers), ...Object.keys(combat.blockers)];
  if (!combat.firstStrikeStep) return all;
  return all.filter((id) =>
    first ? strikesFirst(s, id) : !combat.dealtFirstStrike.includes(id) || hasKeyword(s, id, 'double-strike'),
  );
}

function blockersOf(s: MtgState, attacker: string): string[] {
  const a = s.combat?.attackers[attacker];
  return (a?.blockers ?? []).filter((b) => objectOf(s, b).zone === 'battlefield');
}

/** CR 510.1-2: one combat damage step: assignments (asked when there is a choice), then all damage at once. */
export const combatDamage = defineProcedure<MtgState, DamageData, null>({
  kind: 'combat-damage',
  first: 'plan',
  steps: {
    plan(s, { data }) {
      const combat = s.combat;
      if (!combat) return { return: null };
      for (const id of dealers(s, data.first)) {
        const a = combat.attackers[id];
        if (!a) continue;
        const power = powerOf(s, id);
        if (power <= 0) continue; // CR 510.1a
        const blockers = blockersOf(s, id);
        const trample = hasKeyword(s, id, 'trample');
        if (!a.blocked)
          data.assignments[id] = { [PLAYER(a.defender)]: power }; // CR 510.1a
        else if (blockers.length === 0) {
          // CR 509.1h, 702.19e: a blocked creature whose blockers are gone deals no damage, unless it tramples.
          if (trample) data.assignments[id] = { [PLAYER(a.defender)]: power };
        } else if (blockers.length === 1 && !trample) data.assignments[id] = { [`obj:${blockers[0]}`]: power };
        else data.queue.push(id);
      }
      return { goto: 'ask' };
    },
    ask(s, { data }) {
      const attacker = data.queue[data.index];
      if (attacker === undefined) return { goto: 'deal' };
      return ask(assignChoiceDecision, controllerOf(s, attacker), { attacker, refused: false }, 'chosen');
    },
    chosen(s, { data, ret }) {
      const attacker = data.queue[data.index] ?? '';
      const a = s.combat?.attackers[attacker];
      if (!a) throw new Error('combat: attacker left the queue');
      const blockers = blockersOf(s, attacker);
      if (!answerOf(assignChoiceDecision, ret)) {
        data.assignments[attacker] = defaultAssignment(s, attacker, blockers, a.defender);
        data.index += 1;
        return { goto: 'ask' };
      }
      const targets = blockers.map((b) => `obj:${b}`);
      if (hasKeyword(s, attacker, 'trample')) targets.push(PLAYER(a.defender));
      return ask(
        assignSplitDecision,
        controllerOf(s, attacker),
        { attacker, targets, total: powerOf(s, attacker) },
        'split',
      );
    },
    split(s, { data, ret }) {
      const attacker = data.queue[data.index] ?? '';
      const a = s.combat?.attackers[attacker];
      if (!a) throw new Error('combat: attacker left the queue');
      const split = answerOf(assignSplitDecision, ret);
      if (!assignmentLegal(s, attacker, blockersOf(s, attacker), a.defender, split))
        return ask(assignChoiceDecision, controllerOf(s, attacker), { attacker, refused: true }, 'chosen');
      data.assignments[attacker] = split;
      data.index += 1;
      return { goto: 'ask' };
    },
    deal(s, { data }) {
      const combat = s.combat;
      if (!combat) return { return: null };
      const plan: { from: string; to: string; amount: number }[] = [];
      for (const [from, split] of Object.entries(data.assignments))
        for (const [to, amount] of Object.entries(split)) if (amount > 0) plan.push({ from, to, amount });
      // CR 510.1d: a blocker assigns its damage to the attacker it blocks.
      for (const id of dealers(s, data.first)) {
        const blocked = combat.blockers[id];
        const target = blocked?.find((a) => a in combat.attackers);
        const power = powerOf(s, id);
        if (target && power > 0) plan.push({ from: id, to: `obj:${target}`, amount: power });
      }
      // CR 510.2: all combat damage is dealt at once (sources as they are now, before any dies).
      const sources = new Map(
        plan.map((p) => [p.from, { card: objectOf(s, p.from).card, controller: controllerOf(s, p.from), id: p.from }]),
      );
      const events: DamageEvent[] = [];
      for (const p of plan) {
        const source = sources.get(p.from);
        if (!source) continue;
        const to = p.to.startsWith('player:')
          ? { player: p.to.slice(7) === 'p2' ? ('p2' as const) : ('p1' as const) }
          : { object: p.to.slice(4) };
        events.push({ source, to, amount: p.amount, combat: true });
      }
      if (data.first) combat.dealtFirstStrike.push(...dealers(s, true));
      data.damage = damageQueue(events);
      return dealQueued(s, data.damage, 'prevention') ?? { goto: 'dealt' };
    },
    prevention(s, { data, ret }) {
      if (!data.damage) throw new Error('combat: no damage waits for a prevention order');
      damageAnswered(s, data.damage, ret);
      return dealQueued(s, data.damage, 'prevention') ?? { goto: 'dealt' };
    },
    dealt(s, { data }) {
      const plan = data.damage?.events ?? [];
      delete data.damage;
      log(s, { type: 'combat-damage', amount: plan.length });
      return { return: null };
    },
  },
});
