/**
 * Damage and what stands in its way (CR 119, 120, 615, 616.1, 701.14): each damage event goes through the prevention
 * effects that apply to it (protection 702.16e, shields of resolved spells 615.7, "prevent all combat damage" 615.1);
 * when several apply and their order changes the outcome, the affected player (or the affected creature's
 * controller) chooses which applies first (616.1d-e). Regeneration replaces destruction (701.14a, 614.8).
 */
import { answerOf, ask, defineDecisionKind } from '../../core/decision-kinds.ts';
import { IllegalAction } from '../../core/errors.ts';
import { isCurrent } from '../../core/events.ts';
import type { Seat } from '../../core/game.ts';
import type { Json } from '../../core/json.ts';
import { type Label, label } from '../../core/label.ts';
import type { StepOut } from '../../core/procedure.ts';
import {
  applyReplacement,
  type ReplacementRules,
  settleReplacements,
  startReplacement,
} from '../../core/replacement.ts';
import {
  addCounters,
  cardOf,
  controllerOf,
  currentRef,
  hasKeyword,
  isCreature,
  log,
  type MtgState,
  moveObject,
  objectOf,
  protectedFrom,
  removeFromCombat,
  type Shield,
  sourceColors,
} from './state.ts';

/** Who or what is dealt damage: a player or a permanent. */
export type DamageTo = { player: Seat } | { object: string };
/** The source of damage as it is now (`id` null: a spell, or a permanent that has left). */
export type DamageSource = { card: string; controller: Seat; id: string | null };
/** One damage event: one source, one recipient (CR 119.1); combat damage for 615.1's "combat damage" shields. */
export type DamageEvent = { source: DamageSource; to: DamageTo; amount: number; combat: boolean };

/** Damage events dealt together (one effect's, or one combat damage step's, 510.2), one after another. */
export type DamageQueue = {
  events: DamageEvent[];
  next: number;
  /** The event at `next` on its way through its prevention effects, while its controller chooses an order. */
  progress: PreventionProgress | null;
  /** CR 615.7: recipients whose simultaneous damages have been ordered by their holder. */
  ordered: string[];
  /** Which decision the queue waits for. */
  waiting?: 'order' | 'sources';
};

/** The kernel's replacement progress, as plain data a procedure frame can hold. */
type PreventionProgress = { event: Preventing; applied: string[] };

export const damageQueue = (events: DamageEvent[]): DamageQueue => ({ events, next: 0, progress: null, ordered: [] });

/** The damage still to be dealt, what was prevented, and how much of each "next N" shield it used. */
type Preventing = { amount: number; prevented: number; used: Record<string, number>; chooser: Seat };

/**
 * One prevention effect as it meets an event: `all` prevents everything left (protection, "prevent all damage"
 * shields, "prevent all combat damage"); `next` prevents up to `left` and uses the shield up by that much (615.7).
 */
type Prevention = { id: string; kind: 'all' | 'next'; left: number; rule: string };

const RULES: ReplacementRules<Preventing, Prevention> = {
  // CR 615.7: a used-up shield no longer applies; nothing applies to damage already reduced to 0 (615.6).
  applies: (r, e) => e.amount > 0 && (r.kind === 'all' || r.left > 0),
  apply(r, e) {
    const n = r.kind === 'all' ? e.amount : Math.min(e.amount, r.left);
    return {
      ...e,
      amount: e.amount - n,
      prevented: e.prevented + n,
      used: r.kind === 'next' ? { ...e.used, [r.id]: n } : e.used,
    };
  },
  // CR 616.1: the affected player, or the controller of the affected object.
  affectedPlayer: (e) => e.chooser,
};

function shieldCovers(s: MtgState, shield: Shield, e: DamageEvent): boolean {
  switch (shield.kind) {
    case 'prevent-combat':
      return e.combat; // CR 615.1
    case 'regenerate':
      return false;
    case 'prevent': {
      const on = shield.on;
      if ('player' in on) return 'player' in e.to && e.to.player === on.player;
      return 'object' in e.to && e.to.object === on.object.id && isCurrent(s.events, on.object); // CR 400.7
    }
  }
}

/**
 * The prevention effects that could apply to this event. Every "prevent all" effect applies the same way (none is
 * used up), so they count as one, named by the first: protection's rule, else the oldest shield's (ruling B14).
 */
function preventionsFor(s: MtgState, e: DamageEvent): Prevention[] {
  const out: Prevention[] = [];
  let all: Prevention | null = null;
  // CR 702.16e: damage from a source of a colour the permanent has protection from is prevented.
  if ('object' in e.to && protectedFrom(s, e.to.object, sourceColors(s, e.source.card, e.source.id)))
    all = { id: 'all', kind: 'all', left: 0, rule: '702.16e' };
  for (const shield of s.shields ?? []) {
    if (!shieldCovers(s, shield, e)) continue;
    if (shield.kind === 'prevent' && shield.amount !== 'all')
      out.push({ id: shield.id, kind: 'next', left: shield.amount, rule: '615.7' });
    else all ??= { id: 'all', kind: 'all', left: 0, rule: shield.kind === 'prevent-combat' ? '615.1' : '615.1a' };
  }
  return all ? [all, ...out] : out;
}

const chooserOf = (s: MtgState, to: DamageTo): Seat => ('player' in to ? to.player : controllerOf(s, to.object));

/**
 * CR 615.7: a "next N" shield met by damage from several sources at once lets its holder choose which damage it
 * prevents. That choice matters only when the sources differ in what their damage does (deathtouch, lifelink) and the
 * shields cannot cover all of it; then the holder orders those damage events, the first prevented first (ruling B15).
 * Returns the indices of the events of the first recipient still needing that choice, or null.
 */
function sourcesToOrder(s: MtgState, q: DamageQueue): { to: DamageTo; events: number[]; cards: string[] } | null {
  const byRecipient = new Map<string, number[]>();
  q.events.forEach((e, i) => {
    const key = recipientKey(e.to);
    if (!q.ordered.includes(key)) byRecipient.set(key, [...(byRecipient.get(key) ?? []), i]);
  });
  for (const indices of byRecipient.values()) {
    const events = indices.flatMap((i) => q.events[i] ?? []);
    const first = events[0];
    if (!first || events.length < 2) continue;
    const preventions = preventionsFor(s, first);
    const next = preventions.filter((p) => p.kind === 'next');
    if (next.length === 0 || preventions.some((p) => p.kind === 'all')) continue;
    const total = events.reduce((n, e) => n + e.amount, 0);
    const shields = next.reduce((n, p) => n + p.left, 0);
    const profile = (e: DamageEvent) =>
      (['deathtouch', 'lifelink', 'wither', 'infect'] as const).map((k) => sourceHas(s, e.source, k)).join(':');
    if (total > shields && new Set(events.map(profile)).size > 1)
      return { to: first.to, events: indices, cards: events.map((e) => e.source.card) };
  }
  return null;
}

const recipientKey = (to: DamageTo): string => ('player' in to ? `p:${to.player}` : `o:${to.object}`);

/** A damage source's keyword: a permanent's now, otherwise its card's (stage A never changes it elsewhere). */
function sourceHas(s: MtgState, source: DamageSource, k: 'deathtouch' | 'lifelink' | 'wither' | 'infect'): boolean {
  return source.id !== null && s.objects[source.id]?.zone === 'battlefield'
    ? hasKeyword(s, source.id, k)
    : cardOf(source.card).keywords.includes(k);
}

/**
 * Deals the queued damage events in order; returns a decision when the affected player must order prevention
 * effects (CR 616.1), `null` when every event has been dealt. `then` is the step the answer returns to; that step
 * hands the answer to `preventionChosen` and calls this again.
 */
export function dealQueued(s: MtgState, q: DamageQueue, then: string): StepOut | null {
  if (q.next === 0 && q.progress === null) {
    const order = sourcesToOrder(s, q);
    if (order) {
      q.waiting = 'sources';
      return ask(shieldSourcesDecision, chooserOf(s, order.to), order, then);
    }
  }
  for (;;) {
    const e = q.events[q.next];
    if (!e) return null;
    const all = preventionsFor(s, e);
    const start =
      q.progress ?? startReplacement({ amount: e.amount, prevented: 0, used: {}, chooser: chooserOf(s, e.to) });
    const { progress, step } = settleReplacements(start, all, RULES);
    if (step.kind === 'choose') {
      q.progress = progress;
      q.waiting = 'order';
      return ask(
        preventionOrderDecision,
        step.chooser,
        { source: e.source.card, to: e.to, amount: progress.event.amount, options: step.options.map((r) => r.id) },
        then,
      );
    }
    finishEvent(s, e, progress, all);
    q.progress = null;
    q.next += 1;
  }
}

/**
 * Takes the answer of the decision `dealQueued` asked: the prevention effect the affected player chose (CR 616.1d), or
 * the order of several sources' damage to a shielded recipient (615.7). The caller then calls `dealQueued` again.
 */
export function damageAnswered(s: MtgState, q: DamageQueue, ret: Json | undefined): void {
  const waiting = q.waiting;
  delete q.waiting;
  if (waiting === 'sources') {
    const order = answerOf(shieldSourcesDecision, ret);
    const slots = [...order].sort((a, b) => a - b);
    const events = order.map((i) => q.events[i]);
    slots.forEach((slot, k) => {
      const e = events[k];
      if (e) q.events[slot] = e;
    });
    const first = events[0];
    if (first) q.ordered.push(recipientKey(first.to));
    return;
  }
  const id = answerOf(preventionOrderDecision, ret);
  const e = q.events[q.next];
  if (!e || !q.progress) throw new Error('no damage event waits for a prevention order');
  const all = preventionsFor(s, e);
  const r = all.find((p) => p.id === id);
  if (!r) throw new Error(`prevention ${id} does not apply`);
  q.progress = applyReplacement(q.progress, r, all, RULES);
}

/** Uses up the shields, logs what was prevented, and deals the rest (CR 615.6, 615.7). */
function finishEvent(s: MtgState, e: DamageEvent, p: PreventionProgress, all: Prevention[]): void {
  for (const [id, n] of Object.entries(p.event.used)) {
    s.shields = (s.shields ?? []).flatMap((shield) => {
      if (shield.id !== id || shield.kind !== 'prevent' || shield.amount === 'all') return [shield];
      const left = shield.amount - n;
      return left > 0 ? [{ ...shield, amount: left }] : []; // CR 615.7: a shield used up is gone
    });
  }
  if (p.event.prevented > 0) {
    const rule = all.find((r) => r.id === p.applied[0])?.rule ?? '615';
    const to = 'player' in e.to ? { seat: e.to.player } : { object: e.to.object };
    log(s, { type: 'prevented', ...to, card: e.source.card, amount: p.event.prevented, rule });
  }
  dealDamage(s, e.source, e.to, p.event.amount);
}

/**
 * CR 120.3: damage to a player is life loss, to a creature it is marked; a deathtouch source marks it for 704.5h
 * (702.2b); a lifelink source's controller gains that much life (702.15b). Prevention has already been applied.
 */
function dealDamage(s: MtgState, source: DamageSource, to: DamageTo, amount: number): void {
  if (amount <= 0) return;
  const infect = sourceHas(s, source, 'infect');
  if ('player' in to) {
    const p = s.players[to.player];
    if (infect) {
      p.poison = (p.poison ?? 0) + amount; // CR 119.3b, 702.89b: poison counters instead of life loss
      log(s, { type: 'damage-poison', seat: to.player, card: source.card, amount, rule: '702.89b' });
    } else {
      p.life -= amount; // CR 119.3a
      log(s, { type: 'damage-player', seat: to.player, card: source.card, amount });
    }
  } else {
    const o = objectOf(s, to.object);
    if (o.zone !== 'battlefield' || !isCreature(s, o.id)) return;
    if (infect || sourceHas(s, source, 'wither')) {
      // CR 119.3d, 702.79a, 702.89c: -1/-1 counters instead of marked damage.
      addCounters(s, o.id, '-1/-1', amount);
      log(s, {
        type: 'damage-counters',
        object: o.id,
        card: source.card,
        amount,
        rule: infect ? '702.89c' : '702.79a',
      });
    } else {
      o.damage += amount; // CR 119.3e
      log(s, { type: 'damage-creature', object: o.id, card: source.card, amount });
    }
    if (sourceHas(s, source, 'deathtouch')) o.deathtouched = true; // CR 702.2b: any damage it deals, however dealt
  }
  if (sourceHas(s, source, 'lifelink')) {
    s.players[source.controller].life += amount; // CR 702.15b
    log(s, { type: 'gain-life', seat: source.controller, amount });
  }
}

/** CR 615.7, 615.1, 701.14a: a shield made by a resolving spell or ability, until the cleanup step (514.2). */
export function addShield(s: MtgState, shield: NewShield): void {
  const id = `shield:${s.nextTimestamp}`;
  s.nextTimestamp += 1;
  s.shields = [...(s.shields ?? []), { ...shield, id }];
}

/** A shield before it has an id (each kind of the union without `id`). */
type NewShield = Shield extends infer T ? (T extends Shield ? Omit<T, 'id'> : never) : never;

/**
 * CR 701.7a, 702.12b, 701.14a: destroys a permanent unless it is indestructible; a regeneration shield on it
 * (oldest first; they are interchangeable) replaces the destruction: all damage is removed, it is tapped and removed
 * from combat. `canRegenerate` is false for "it can't be regenerated" (701.14c: the shield does not apply).
 */
export function destroyPermanent(s: MtgState, id: string, rule: string, canRegenerate = true): void {
  if (hasKeyword(s, id, 'indestructible')) return;
  const o = objectOf(s, id);
  const ref = currentRef(s, id);
  const shield = canRegenerate
    ? (s.shields ?? []).find((x) => x.kind === 'regenerate' && x.on.id === id && x.on.inc === ref.inc)
    : undefined;
  if (shield) {
    s.shields = (s.shields ?? []).filter((x) => x !== shield);
    o.damage = 0;
    o.deathtouched = false;
    o.tapped = true;
    removeFromCombat(s, id);
    log(s, { type: 'regenerated', object: id, card: o.card, rule: '701.14a' });
    return;
  }
  log(s, { type: rule === '701.7a' ? 'destroyed' : 'dies', object: id, card: o.card, rule });
  moveObject(s, id, 'graveyard');
}

function preventionLabel(s: MtgState, id: string): Label {
  if (id === 'all') return label('Prevent all of it', 'すべて軽減する');
  const shield = (s.shields ?? []).find((x) => x.id === id);
  if (shield?.kind !== 'prevent' || shield.amount === 'all') throw new Error(`no shield ${id}`);
  const name = cardOf(shield.card).name;
  return label(`${name.en}: prevent the next ${shield.amount}`, `${name.ja}：次の${shield.amount}点を軽減する`);
}

/** CR 616.1d: the affected player chooses which prevention effect applies first to this damage. */
export const preventionOrderDecision = defineDecisionKind<
  MtgState,
  { source: string; to: DamageTo; amount: number; options: string[] },
  string
>({
  name: 'prevention-order',
  role: 'choice',
  build(s, p) {
    const source = cardOf(p.source).name;
    const to = 'player' in p.to ? label('you', 'あなた') : cardOf(objectOf(s, p.to.object).card).name;
    return {
      prompt: label(
        `${p.amount} damage from ${source.en} to ${to.en}: choose the prevention effect to apply first (CR 616.1).`,
        `${source.ja}から${to.ja}への${p.amount}点のダメージ：先に適用する軽減効果を選んでください（616.1）。`,
      ),
      options: p.options.map((id) => ({
        id,
        kind: 'prevention',
        role: 'choice' as const,
        label: preventionLabel(s, id),
        ...(id === 'all' ? {} : { cardName: cardOf(shieldCard(s, id)).name.en }),
      })),
      min: 1,
      max: 1,
      defaultOnTimeout: p.options.slice(0, 1),
    };
  },
  handle(_s, p, chosen) {
    const id = chosen[0] ?? '';
    if (!p.options.includes(id))
      throw new IllegalAction(label('Choose one of the prevention effects.', '軽減効果を1つ選んでください。'));
    return id;
  },
});

function shieldCard(s: MtgState, id: string): string {
  const shield = (s.shields ?? []).find((x) => x.id === id);
  if (!shield) throw new Error(`no shield ${id}`);
  return shield.card;
}

/** CR 615.7: the shielded player or controller orders simultaneous damage from several sources; the first listed is prevented first. */
export const shieldSourcesDecision = defineDecisionKind<
  MtgState,
  { to: DamageTo; events: number[]; cards: string[] },
  number[]
>({
  name: 'shield-sources',
  role: 'choice',
  build(_s, p) {
    const options = p.events.map((i, k) => {
      const n = cardOf(p.cards[k] ?? '').name;
      return {
        id: `event:${i}`,
        kind: 'damage',
        role: 'choice' as const,
        label: label(`Damage from ${n.en}`, `${n.ja}からのダメージ`),
        cardName: n.en,
      };
    });
    return {
      prompt: label(
        'Several sources deal damage at once to a shielded object or player: order them, the first is prevented first (CR 615.7).',
        '軽減の盾があるものに複数の発生源から同時にダメージが与えられます：先に軽減するものから並べてください（615.7）。',
      ),
      options,
      min: options.length,
      max: options.length,
      ordered: true,
      defaultOnTimeout: options.map((o) => o.id),
    };
  },
  handle(_s, p, chosen) {
    const order = chosen.map((id) => Number(id.slice('event:'.length)));
    if (new Set(order).size !== p.events.length || order.some((i) => !p.events.includes(i)))
      throw new IllegalAction(label('List each damage once.', '各ダメージを一度ずつ並べてください。'));
    return order;
  },
});
