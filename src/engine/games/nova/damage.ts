import { answerOf, ask, defineDecisionKind } from '../../core/decision-kinds.ts';
import type { DecisionOption, Seat } from '../../core/game.ts';
import type { Label } from '../../core/label.ts';
import { call, defineProcedure, pushFrame, resultOf } from '../../core/procedure.ts';
import { type ReplacementProcedureRules, replacementProcedure } from '../../core/replacement.ts';
import { novaCard } from './cards/pool.ts';
import { destructionWaits } from './destruction.ts';
import { loggedTarget, logPublic } from './log.ts';
import {
  ifYouDoLabel,
  ifYouDoOf,
  type MillReplacement,
  millInstead,
  millOption,
  replacementQuestion,
} from './optional-replacements.ts';
import { rulesProcessing } from './rules-processing.ts';
import type { Await, DamageEvent, NovaState } from './state.ts';
import { describeTarget } from './targets.ts';
import { emit } from './triggers.ts';
import { writableObj } from './working-copy.ts';
import { fieldObjects, obj } from './zones.ts';

/** A damage replacement that exists right now (NOVA 917.1): a one-time shield on a servant, or a standing ward. */
export interface DamageReplacement {
  id: string;
  kind: 'shield' | 'spell-ward';
  amount: number;
  /** The card that made it, for labels and the log. */
  card: string;
}

/**
 * NOVA 917.1.1: a reduction deals the damage minus the amount instead. 917.1.2: damage reduced to nothing is not
 * dealt, so nothing is left for another replacement to apply to (docs/rulings/nova.md R38). The loop itself (each
 * replacement at most once, the affected player choosing the order when it matters, 802.1.3.3) is the kernel's.
 */
const RULES: ReplacementProcedureRules<NovaState, DamageEvent, DamageReplacement> = {
  kind: 'damage-replacement',
  // The decision kept the name it had before damage became a frame (saved answers and the bot refer to it).
  decision: 'replacement',
  applies: (r, e) => e.amount > 0 && (r.kind !== 'spell-ward' || e.fromSpell),
  apply: (r, e) => ({ ...e, amount: Math.max(0, e.amount - r.amount) }),
  // NOVA 802.1.3.3.1: damage to a servant affects that card, so its controller chooses; damage to a player, the player.
  affectedPlayer: (e) => e.affected,
  replacements: (s, e) => damageReplacements(s, e),
  describe: (_s, r) => replacementLabel(r),
  prompt: (s, e) => {
    const to = describeTarget(s, e.to);
    return {
      en: `${e.amount} damage would be dealt to ${to.en}: choose which reduction applies first. (NOVA 802.1.3.3)`,
      ja: `${to.ja}に${e.amount}ダメージが与えられる：先に適用する軽減を選んでください。`,
    };
  },
};

function replacementLabel(r: DamageReplacement): Label {
  const name = novaCard(r.card).name;
  const what = r.kind === 'shield' ? { en: ' (next damage)', ja: '（次のダメージ）' } : { en: '', ja: '' };
  return { en: `${name.en}${what.en}: reduce by ${r.amount}`, ja: `${name.ja}${what.ja}：${r.amount}軽減` };
}

export const damageReplacement = replacementProcedure(RULES);

/**
 * `battle`: servants dealt battle damage by this frame, for the rules processing after it (405.6.3.2); `asking`: the
 * event whose affected player is deciding on an optional replacement of it (802.1.3.1.3).
 */
type DamageData = { queue: DamageEvent[]; battle?: string[]; asking?: DamageEvent };

/**
 * The optional replacements open for this damage: the damaged servant's own, or those of the damaged player's cards
 * on the field; only while their choice can be carried out, all `mill` cards of it (802.1.3.4; ruling R117).
 */
export function optionalDamageReplacements(s: NovaState, e: DamageEvent): MillReplacement[] {
  if (e.amount <= 0 || !canBeDealt(s, e)) return [];
  const holders = e.to.kind === 'player' ? fieldObjects(s, e.to.seat) : e.to.kind === 'object' ? [obj(s, e.to.id)] : [];
  const protects = e.to.kind === 'player' ? 'you' : 'this';
  const out: MillReplacement[] = [];
  for (const o of holders)
    novaCard(o.card).abilities.forEach((a, i) => {
      if (a.kind !== 'optional-damage-replacement' || a.protects !== protects) return;
      if (s.players[o.controller].zones.deck.length < a.mill) return; // NOVA 802.1.3.4
      out.push({ id: `${o.id}:${i}`, objectId: o.id, card: o.card, mill: a.mill, ifYouDo: ifYouDoOf(a.ifYouDo) });
    });
  return out;
}

/**
 * NOVA 802.1.3.2, 802.1.3.2.1: the damage is not dealt (nothing triggers on it, no reduction is used up); the choice
 * is carried out, then "if you do".
 */
function replaceDamage(s: NovaState, r: MillReplacement, e: DamageEvent): void {
  if (!s.objects[r.objectId]) return;
  const target = e.to.kind === 'object' ? (s.objects[e.to.id]?.card ?? r.card) : null;
  logPublic(s, { k: 'damage-replaced', card: r.card, seat: e.affected, target, amount: e.amount });
  millInstead(s, r);
}

/**
 * Deals queued damage one event after another (NOVA 916.3: several from one source together), each through its
 * replacements (802.1.3, 917); then rules processing runs (501.1). A frame, so the affected player's order choice
 * can pause it.
 */
export const damageProcedure = defineProcedure<NovaState, DamageData>({
  kind: 'damage',
  first: 'next',
  steps: {
    next(s, { data }) {
      for (let e = data.queue.shift(); e; e = data.queue.shift()) {
        if (!canBeDealt(s, e)) continue;
        // NOVA 802.1.3.1.3: the affected player first decides on an optional replacement of the whole event (R117).
        if (optionalDamageReplacements(s, e).length > 0) {
          data.asking = e;
          return ask(
            optionalDamageDecision,
            e.affected,
            { k: 'optional-damage-replacement', seat: e.affected },
            'asked',
          );
        }
        return call(damageReplacement.procedure, { event: e, applied: [] }, 'deal');
      }
      return { goto: 'done' };
    },
    asked(s, { data, ret }) {
      const e = data.asking;
      delete data.asking;
      const pick = answerOf(optionalDamageDecision, ret);
      if (!e) return { goto: 'next' };
      const r = optionalDamageReplacements(s, e).find((x) => `replace:${x.id}` === pick);
      if (r) {
        replaceDamage(s, r, e);
        return { goto: 'next' };
      }
      return call(damageReplacement.procedure, { event: e, applied: [] }, 'deal');
    },
    done(s, { data }) {
      const battle = data.battle ?? [];
      delete data.battle;
      rulesProcessing(s, battle); // NOVA 405.6.3.2: destroyed by this battle damage is "destroyed in battle"
      if (data.queue.length > 0) return { goto: 'next' };
      // A destruction waiting for its controller's choice runs first, in its frame above this one (R109).
      return destructionWaits(s) ? { goto: 'finish' } : { return: null };
    },
    finish() {
      return { return: null };
    },
    deal(s, { data, ret }) {
      const { event, applied } = resultOf(damageReplacement.procedure, ret);
      const all = damageReplacements(s, event);
      for (const id of applied) {
        const r = all.find((x) => x.id === id);
        if (r) logReduction(s, r, event);
      }
      // A shield is used up once it has applied ("the next time", NOVA 917.1).
      s.effects = s.effects.filter((x) => !(x.kind === 'shield' && applied.includes(x.id)));
      deal(s, event);
      if (event.battle && event.amount > 0 && event.to.kind === 'object')
        data.battle = [...(data.battle ?? []), event.to.id];
      return { goto: 'next' };
    },
  },
});

/** Damage events waiting to be dealt, in order; several from one source are dealt together (NOVA 916.3, 602.5). */
export function queueDamage(s: NovaState, events: Omit<DamageEvent, 'affected'>[]): void {
  for (const e of events) {
    if (e.amount <= 0) continue;
    const affected: Seat =
      e.to.kind === 'player' ? e.to.seat : (s.objects[e.to.kind === 'object' ? e.to.id : '']?.controller ?? 'p1');
    const event: DamageEvent = { ...e, affected };
    // Damage queued before the damage frame has dealt it (several events of one effect) joins the same queue.
    const top = s.procedures.frames[s.procedures.frames.length - 1];
    const queue = top?.kind === damageProcedure.kind ? top.data.queue : undefined;
    if (Array.isArray(queue)) queue.push(event);
    else pushFrame(s, damageProcedure, { queue: [event] });
  }
}

/** NOVA 916.4: a servant in the destroyed state (or one that left the field) cannot be dealt damage. */
function canBeDealt(s: NovaState, e: DamageEvent): boolean {
  if (e.to.kind === 'player') return true;
  if (e.to.kind !== 'object') return false;
  const o = s.objects[e.to.id];
  return o?.zone === 'field' && !o.destroyed;
}

/** The replacements that could apply to this damage now (NOVA 917, 802.1.3). */
export function damageReplacements(s: NovaState, e: DamageEvent): DamageReplacement[] {
  const out: DamageReplacement[] = [];
  if (e.to.kind !== 'object') return out;
  const targetId = e.to.id;
  const target = s.objects[targetId];
  if (!target || novaCard(target.card).type !== 'servant') return out;
  for (const eff of s.effects)
    if (eff.kind === 'shield' && eff.affected.includes(targetId))
      out.push({ id: eff.id, kind: 'shield', amount: eff.amount, card: eff.source });
  for (const o of fieldObjects(s, target.controller)) {
    for (const a of novaCard(o.card).abilities)
      if (a.kind === 'reduce-spell-damage')
        out.push({ id: `ward:${o.id}`, kind: 'spell-ward', amount: a.amount, card: o.card });
  }
  return out;
}

function logReduction(s: NovaState, r: DamageReplacement, e: DamageEvent): void {
  logPublic(s, { k: 'reduced', card: r.card, amount: r.amount, nothingLeft: e.amount <= 0 });
}

/** NOVA 916.1–916.2: damage to a servant accumulates; to a player it lowers life. 917.1.2: nothing left, nothing dealt. */
function deal(s: NovaState, e: DamageEvent): void {
  if (e.amount <= 0 || !canBeDealt(s, e)) return;
  if (e.to.kind === 'player') {
    s.players[e.to.seat].life -= e.amount;
    logPublic(s, { k: 'damage', source: e.source, to: loggedTarget(s, e.to), amount: e.amount, battle: e.battle });
    emit(s, { type: 'player-dealt-damage', seat: e.to.seat }); // NOVA 801.4.6.3
    return;
  }
  if (e.to.kind !== 'object') return;
  const o = s.objects[e.to.id];
  if (!o) return;
  writableObj(s, o.id).damage += e.amount;
  logPublic(s, {
    k: 'damage',
    source: e.source,
    to: { kind: 'card', card: o.card, controller: o.controller },
    amount: e.amount,
    battle: e.battle,
  });
  emit(s, { type: 'dealt-damage', object: s.objects[o.id] ?? o }); // NOVA 801.4.6.3: only damage actually dealt
}

type AwaitOf<K extends Await['k']> = Extract<Await, { k: K }>;

/** The event the top damage frame asks about (written by this module's own frame). */
function askingEvent(s: NovaState): DamageEvent | null {
  const top = s.procedures.frames[s.procedures.frames.length - 1];
  return top?.kind === damageProcedure.kind ? ((top.data as DamageData).asking ?? null) : null;
}

/**
 * NOVA 802.1.3.1.3, 802.1.3.3: the affected player replaces the whole damage by one of the open optional replacements,
 * or takes it (then the reductions apply as usual). The answer is the chosen option's id.
 */
export const optionalDamageDecision = defineDecisionKind<NovaState, AwaitOf<'optional-damage-replacement'>, string>({
  name: 'optional-damage-replacement',
  role: 'choice',
  build(s) {
    const e = askingEvent(s);
    const options: DecisionOption[] = (e ? optionalDamageReplacements(s, e) : []).map((r) =>
      millOption(r, ifYouDoLabel(r)),
    );
    options.push({ id: 'take', kind: 'no', role: 'choice', label: { en: 'Take the damage', ja: 'ダメージを受ける' } });
    const to = e ? describeTarget(s, e.to) : { en: 'a card', ja: 'カード' };
    const amount = e?.amount ?? 0;
    return replacementQuestion(
      {
        en: `${amount} damage would be dealt to ${to.en}: replace it? (NOVA 802.1.3.1.3)`,
        ja: `${to.ja}に${amount}ダメージが与えられる：置換しますか？`,
      },
      options,
      'take',
    );
  },
  handle(_s, _a, chosen) {
    return chosen[0] ?? 'take';
  },
});
