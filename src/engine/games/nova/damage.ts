import type { Seat } from '../../core/game.ts';
import {
  applyReplacement,
  openReplacements,
  type ReplacementRules,
  settleReplacements,
  startReplacement,
} from '../../core/replacement.ts';
import { novaCard } from './cards/pool.ts';
import { loggedTarget, logPublic } from './log.ts';
import { rulesProcessing } from './rules-processing.ts';
import type { DamageEvent, NovaState } from './state.ts';
import { writableObj } from './working-copy.ts';
import { fieldObjects } from './zones.ts';

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
 * dealt, so nothing is left for another replacement to apply to (docs/rulings/nova.md R38).
 */
const RULES: ReplacementRules<DamageEvent, DamageReplacement> = {
  applies: (r, e) => e.amount > 0 && (r.kind !== 'spell-ward' || e.fromSpell),
  apply: (r, e) => ({ ...e, amount: Math.max(0, e.amount - r.amount) }),
  // NOVA 802.1.3.3.1: damage to a servant affects that card, so its controller chooses; damage to a player, the player.
  affectedPlayer: (e) => e.affected,
};

/** Damage events waiting to be dealt, in order; several from one source are dealt together (NOVA 916.3, 602.5). */
export function queueDamage(s: NovaState, events: Omit<DamageEvent, 'affected'>[]): void {
  for (const e of events) {
    if (e.amount <= 0) continue;
    const affected: Seat =
      e.to.kind === 'player' ? e.to.seat : (s.objects[e.to.kind === 'object' ? e.to.id : '']?.controller ?? 'p1');
    s.damage ??= { queue: [], current: null };
    s.damage.queue.push({ ...e, affected });
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

/** The replacements the affected player may choose among right now, when damage waits for that choice. */
export function openDamageReplacements(s: NovaState): DamageReplacement[] {
  const current = s.damage?.current;
  if (!current) return [];
  return openReplacements(current, damageReplacements(s, current.event), RULES);
}

/** The affected player chose which replacement applies next (NOVA 802.1.3.3). */
export function chooseDamageReplacement(s: NovaState, id: string): void {
  const current = s.damage?.current;
  if (!s.damage || !current) throw new Error('no damage waits for a replacement choice');
  const all = damageReplacements(s, current.event);
  const r = all.find((x) => x.id === id);
  if (!r) throw new Error(`no replacement ${id}`);
  s.damage.current = applyReplacement(current, r, all, RULES);
}

/**
 * Deals the queued damage, applying replacements to each event. Returns the player who must choose the order of
 * several replacements (a decision), or null once all damage is dealt; then rules processing runs (NOVA 501.1).
 */
export function processDamage(s: NovaState): Seat | null {
  while (s.damage) {
    const d = s.damage;
    if (!d.current) {
      const next = d.queue.shift();
      if (!next) {
        s.damage = null;
        break;
      }
      if (!canBeDealt(s, next)) continue;
      d.current = startReplacement(next);
    }
    const all = damageReplacements(s, d.current.event);
    const { progress, step } = settleReplacements(d.current, all, RULES);
    d.current = progress;
    if (step.kind === 'choose') return step.chooser;
    for (const id of progress.applied) {
      const r = all.find((x) => x.id === id);
      if (r) logReduction(s, r, progress.event);
    }
    // A shield is used up once it has applied ("the next time", NOVA 917.1).
    s.effects = s.effects.filter((x) => !(x.kind === 'shield' && progress.applied.includes(x.id)));
    deal(s, progress.event);
    d.current = null;
  }
  rulesProcessing(s);
  return null;
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
}
