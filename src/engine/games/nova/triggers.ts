import { opponentOf, type Seat } from '../../core/game.ts';
import { apnapGroups } from '../../core/triggers.ts';
import { novaCard } from './cards/pool.ts';
import type { Effect, Selector, TriggerEvent } from './cards/schema.ts';
import { logPublic } from './log.ts';
import { resolvingNow } from './resolve.ts';
import type { CardObject, DelayedTrigger, NovaState, PendingTrigger, TargetRef, WaitingItem } from './state.ts';
import { candidates } from './targets.ts';
import { writableObj } from './working-copy.ts';
import { cardsCounted, fieldObjects, moveCard, obj } from './zones.ts';

/** A game event that automatic abilities watch for (NOVA 801.4). */
export type GameEvent =
  | { type: 'entered-field'; object: CardObject }
  | { type: 'attacked'; object: CardObject }
  | { type: 'blocked'; object: CardObject }
  | { type: 'destroyed'; object: CardObject; inBattle: boolean }
  | { type: 'became-frozen'; object: CardObject }
  | { type: 'became-standby'; object: CardObject }
  /** NOVA 801.4.6.3: damage actually dealt to a card on the field (after every reduction, more than 0). */
  | { type: 'dealt-damage'; object: CardObject }
  | { type: 'player-dealt-damage'; seat: Seat }
  /** NOVA 908.1: `object` is the card in the graveyard; `controller` its controller on the field (801.4.4.2). */
  | { type: 'sent-to-graveyard'; object: CardObject; controller: Seat }
  | { type: 'end-phase-start' }
  | { type: 'turn-start' }
  /** NOVA 402.1: an added standby phase starts (R125): no turn starts with it. */
  | { type: 'standby-phase-start' }
  | { type: 'draw-phase-start' }
  | { type: 'main-phase-start' }
  | { type: 'attack-phase-start' }
  | { type: 'attack-phase-end' }
  | { type: 'attack-declaration-start' };

function queue(s: NovaState, source: CardObject, index: number, causeObject: string | null, refObject?: string): void {
  s.pendingTriggers.push({
    controller: source.controller,
    source: source.id,
    card: source.card,
    abilityIndex: index,
    causeObject,
    ...(refObject ? { refObject } : {}),
  });
}

/** NOVA 801.4.3.1: each ability triggers once each time its condition is met; it waits for the next priority. */
export function emit(s: NovaState, event: GameEvent): void {
  const watchers = (when: TriggerEvent, src: CardObject, fn: (index: number) => void) => {
    novaCard(src.card).abilities.forEach((a, i) => {
      if (a.kind === 'triggered' && a.when === when) fn(i);
    });
  };
  switch (event.type) {
    case 'entered-field':
      novaCard(event.object.card).abilities.forEach((a, i) => {
        if (a.kind !== 'triggered' || a.when !== 'enters-field') return;
        // NOVA 902.8.2 (docs/rulings/nova.md R38): "if that additional cost was paid" is fixed when the card is
        // played, so an object played without it does not trigger.
        if (a.ifOptionalCostPaid && !event.object.optionalCostPaid) return;
        queue(s, event.object, i, null);
      });
      if (novaCard(event.object.card).type === 'servant') {
        // "When the opponent places a servant on the field": a servant entering the field of the source's opponent.
        for (const src of fieldObjects(s))
          if (src.controller !== event.object.controller)
            watchers('opponent-places-servant', src, (i) => queue(s, src, i, null, event.object.id));
      }
      return;
    case 'attacked':
      watchers('attacks', event.object, (i) => queue(s, event.object, i, null)); // NOVA 405.4.5
      return;
    case 'blocked':
      watchers('blocks', event.object, (i) => queue(s, event.object, i, null)); // NOVA 405.5.5
      // "Whenever a servant blocks": every card on the field, the blocker included (R99).
      for (const src of fieldObjects(s)) watchers('any-servant-blocks', src, (i) => queue(s, src, i, event.object.id));
      return;
    case 'destroyed': {
      const victim = event.object;
      watchers('destroyed', victim, (i) => queue(s, victim, i, victim.id)); // NOVA 907.1
      if (event.inBattle) watchers('destroyed-in-battle', victim, (i) => queue(s, victim, i, victim.id)); // 405.6.3.2
      if (novaCard(victim.card).type !== 'servant') return;
      // NOVA 405.6.3.2: every card on the field watching any battle; servants destroyed in the same battle are still
      // there, in the destroyed state, so they see it too (R89).
      if (event.inBattle)
        for (const src of fieldObjects(s))
          watchers('any-servant-destroyed-in-battle', src, (i) => queue(s, src, i, victim.id));
      for (const src of fieldObjects(s)) {
        if (src.controller === victim.controller)
          watchers('ally-servant-destroyed', src, (i) => queue(s, src, i, victim.id));
        else watchers('enemy-servant-destroyed', src, (i) => queue(s, src, i, victim.id));
      }
      return;
    }
    case 'became-frozen':
      watchers('becomes-frozen', event.object, (i) => queue(s, event.object, i, null)); // NOVA 801.4.6.1
      if (novaCard(event.object.card).type === 'servant')
        for (const src of fieldObjects(s))
          watchers('any-servant-becomes-frozen', src, (i) => queue(s, src, i, event.object.id));
      return;
    case 'became-standby':
      watchers('becomes-standby', event.object, (i) => queue(s, event.object, i, null)); // NOVA 801.4.6.1
      if (novaCard(event.object.card).type === 'servant')
        for (const src of fieldObjects(s))
          watchers('any-servant-becomes-standby', src, (i) => queue(s, src, i, event.object.id));
      return;
    case 'dealt-damage':
      watchers('dealt-damage', event.object, (i) => queue(s, event.object, i, null)); // NOVA 801.4.6.3
      if (novaCard(event.object.card).type === 'servant')
        for (const src of fieldObjects(s))
          watchers('any-servant-dealt-damage', src, (i) => queue(s, src, i, event.object.id));
      return;
    case 'player-dealt-damage':
      // NOVA 801.4.6.3: "when you are dealt damage", on the cards of the player dealt it; "when your opponent is dealt
      // damage", on the other player's (R99).
      for (const src of fieldObjects(s)) {
        if (src.controller === event.seat) watchers('you-dealt-damage', src, (i) => queue(s, src, i, null));
        else watchers('opponent-dealt-damage', src, (i) => queue(s, src, i, null));
      }
      return;
    case 'sent-to-graveyard': {
      // NOVA 908.1, 801.4.4.2: the card in the graveyard triggers, for the player who controlled it on the field.
      const sent = event.object;
      watchers('sent-to-graveyard', sent, (i) => queue(s, { ...sent, controller: event.controller }, i, null));
      // "Whenever a card is sent ...": the cards still on the field see it (the sent one has left, R89).
      for (const src of fieldObjects(s)) watchers('any-card-sent-to-graveyard', src, (i) => queue(s, src, i, null));
      return;
    }
    case 'attack-declaration-start':
      // NOVA 405.4.1: "start of attack declaration step" abilities of the turn player's cards, first step only.
      for (const src of fieldObjects(s, s.turn.active))
        watchers('your-attack-declaration-start', src, (i) => queue(s, src, i, null));
      return;
    case 'attack-phase-start':
      // NOVA 405.3.1, 925.1.2: a skipped attack phase never starts, so its delayed triggers wait for the next one.
      fireDelayed(s, 'next-attack-phase-start');
      return;
    case 'attack-phase-end':
      // NOVA 405.7.1: "at the end of your attack phase" abilities of the turn player's cards.
      for (const src of fieldObjects(s, s.turn.active))
        watchers('your-attack-phase-end', src, (i) => queue(s, src, i, null));
      return;
    case 'turn-start':
      // NOVA 402.1 (docs/rulings A20): "start of turn" abilities of the turn player's cards trigger every turn, not only
      // on the game's first turn; a skipped turn has no standby phase, so nothing triggers (925.1.1).
      // "At the start of your next turn" delayed triggers wait the same way past a skipped standby phase (R101).
      fireDelayed(s, 'your-next-turn-start', s.turn.active);
      fireDelayed(s, 'opponents-next-turn-start', opponentOf(s.turn.active)); // its controller's opponent's turn (R116)
      fireDelayed(s, 'next-standby-phase-start'); // NOVA 402.1: either player's (R119)
      for (const src of fieldObjects(s, s.turn.active)) watchers('your-turn-start', src, (i) => queue(s, src, i, null));
      return;
    case 'standby-phase-start':
      fireDelayed(s, 'next-standby-phase-start'); // NOVA 402.1: either player's (R119)
      return;
    case 'main-phase-start':
      fireDelayed(s, 'next-main-phase-start'); // NOVA 404, 406: main phase 1 or 2 of either player (R119)
      return;
    case 'draw-phase-start':
      fireDelayed(s, 'next-draw-phase-start'); // NOVA 403.1: either player's (R119)
      // NOVA 403.1: "start of draw phase" abilities of the turn player's cards ("your draw phase").
      for (const src of fieldObjects(s, s.turn.active)) watchers('your-draw-phase', src, (i) => queue(s, src, i, null));
      return;
    case 'end-phase-start': {
      fireDelayed(s, 'next-end-phase-start');
      // NOVA 407.1–407.2: "start of end phase" and "end of turn" abilities of the turn player's cards.
      for (const src of fieldObjects(s, s.turn.active)) {
        watchers('your-end-phase', src, (i) => queue(s, src, i, null));
        // "At the end of your turn, if you control no servants, ...": the condition is part of the effect and is
        // checked when the ability resolves (NOVA 801.4.7, docs/rulings/nova.md R17), so it always triggers here.
        watchers('you-control-no-servants-at-end', src, (i) => queue(s, src, i, null));
      }
      // "At the start of each end phase": every player's cards, every turn.
      for (const src of fieldObjects(s)) watchers('each-end-phase', src, (i) => queue(s, src, i, null));
      return;
    }
  }
}

/**
 * Freezes a card or makes it standby (NOVA 904). A card on the field that changes state triggers its "becomes
 * frozen" / "becomes standby" abilities (801.4.6.1); one already in that state, or in the energy zone, does not.
 */
export function setFrozen(s: NovaState, id: string, frozen: boolean): void {
  const before = s.objects[id];
  if (!before || before.frozen === frozen) return;
  const o = writableObj(s, id);
  o.frozen = frozen;
  if (o.zone === 'field') emit(s, { type: frozen ? 'became-frozen' : 'became-standby', object: o });
}

/**
 * NOVA 908.1: sends a card from the field to its owner's graveyard and triggers its "when sent to the graveyard"
 * abilities; a character goes to the retired area instead and triggers nothing (504.1.1). Returns the new object.
 */
export function sendToGraveyard(s: NovaState, id: string): CardObject {
  const controller = obj(s, id).controller;
  const moved = moveCard(s, id, 'graveyard');
  if (moved.zone === 'graveyard') emit(s, { type: 'sent-to-graveyard', object: moved, controller });
  return moved;
}

/**
 * NOVA 801.4.9.2: delayed triggers waiting for this event trigger once, then are gone; with `seat`, only those of
 * that controller ("your next turn"; "your opponent's next turn" passes the opponent of the turn player).
 */
function fireDelayed(s: NovaState, when: DelayedTrigger['when'], seat?: Seat): void {
  const fires = (d: DelayedTrigger) => d.when === when && (seat === undefined || d.controller === seat);
  if (!s.delayed?.some(fires)) return;
  for (const d of s.delayed)
    if (fires(d))
      s.pendingTriggers.push({
        controller: d.controller,
        source: d.source,
        card: d.card,
        abilityIndex: -1,
        causeObject: null,
        ...(d.refObject ? { refObject: d.refObject } : {}),
        effects: d.effects,
      });
  s.delayed = s.delayed.filter((d) => !fires(d));
}

/**
 * NOVA 801.4.3.3: pending automatic abilities go on the waiting area turn player first, then the non-turn
 * player, each ordering their own. Returns the seat that must choose an order, or null once all are placed.
 */
export function placeTriggers(s: NovaState): 'p1' | 'p2' | null {
  const [active, other] = apnapGroups(s.pendingTriggers, s.turn.active);
  const group = active.length > 0 ? active : other;
  if (group.length === 0) return null;
  if (group.length > 1) return group[0]?.controller ?? null; // the controller orders them (decision)
  const only = group[0];
  if (only) placeOne(s, only);
  return null;
}

export function placeOne(s: NovaState, t: PendingTrigger): void {
  s.pendingTriggers.splice(s.pendingTriggers.indexOf(t), 1);
  // NOVA 801.4.3.5: an ability that cannot be played (a target it needs does not exist, 804.2.2.1) is removed
  // instead of being placed.
  // A delayed trigger's targets are chosen as it is placed, as any automatic ability's (R119).
  const targeting = targetSelectors(t.effects ?? abilityEffects(t.card, t.abilityIndex));
  // "Up to N" targets can be none (804.4.1.2, docs/rulings/nova.md R84), so they never stop it.
  if (targeting.some((x) => !x.sel.upTo && candidates(s, t.controller, x.sel, x.damage).length === 0)) {
    logPublic(s, { k: 'trigger-removed', card: t.card });
    return;
  }
  s.nextId += 1;
  const item: WaitingItem = {
    id: `w${s.nextId}`,
    kind: 'triggered',
    objectId: t.source,
    card: t.card,
    controller: t.controller,
    abilityIndex: t.effects ? null : t.abilityIndex,
    targets: [],
    causeObject: t.causeObject,
    ...(t.refObject ? { refObject: t.refObject } : {}),
    ...(t.effects ? { effects: t.effects } : {}),
    ...(targeting.length > 0 ? { choosingTargets: true as const } : {}),
  };
  s.waiting.push(item);
}

/** The targets an automatic ability's instructions need, in order (NOVA 804.2.2); `damage` for 916.5. */
function targetSelectors(effects: readonly Effect[]): { sel: Selector; damage: boolean }[] {
  const out: { sel: Selector; damage: boolean }[] = [];
  for (const e of effects)
    if ('to' in e && typeof e.to === 'object' && e.to.mode === 'target')
      out.push({ sel: e.to, damage: e.do === 'damage' || e.do === 'distribute-damage' });
  return out;
}

function abilityEffects(card: string, index: number | null): readonly Effect[] {
  const a = index === null ? undefined : novaCard(card).abilities[index];
  return a?.kind === 'triggered' ? a.effects : [];
}

/**
 * NOVA 804.2.2: the next target to choose for a triggered ability just placed, if any: the item and the legal
 * choices for its next targeting instruction.
 */
export function nextTriggerTarget(s: NovaState): { item: WaitingItem; options: TargetRef[]; upTo?: number } | null {
  for (const item of s.waiting) {
    if (!item.choosingTargets) continue;
    const next = targetSelectors(item.effects ?? abilityEffects(item.card, item.abilityIndex))[item.targets.length];
    if (!next) continue;
    const options = candidates(s, item.controller, next.sel, next.damage);
    return next.sel.upTo ? { item, options, upTo: next.sel.upTo } : { item, options };
  }
  return null;
}

/** Records the chosen targets (one, or up to N) of the triggered ability being placed (NOVA 804.2.2). */
export function recordTriggerTarget(s: NovaState, itemId: string, chosen: TargetRef[]): void {
  const i = s.waiting.findIndex((w) => w.id === itemId);
  const item = s.waiting[i];
  if (!item) return;
  const targets = [...item.targets, chosen];
  const copy: WaitingItem = { ...item, targets };
  if (targets.length >= targetSelectors(item.effects ?? abilityEffects(item.card, item.abilityIndex)).length)
    delete copy.choosingTargets;
  s.waiting = s.waiting.map((w, j) => (j === i ? copy : w));
}

/** The group of pending triggers that is placed next: the turn player's, then the other player's. */
export function nextTriggerGroup(s: NovaState): PendingTrigger[] {
  const [active, other] = apnapGroups(s.pendingTriggers, s.turn.active);
  return active.length > 0 ? active : other;
}

/** Is this ability of this object still pending, waiting or resolving (NOVA 801.4.6: no new trigger until then)? */
function stillUnresolved(s: NovaState, source: string, index: number): boolean {
  const same = (x: { objectId?: string; source?: string; abilityIndex: number | null }) =>
    (x.source ?? x.objectId) === source && x.abilityIndex === index;
  const resolving = resolvingNow(s);
  return (
    s.pendingTriggers.some(same) ||
    s.waiting.some((w) => w.kind === 'triggered' && same(w)) ||
    (resolving?.item.kind === 'triggered' && same(resolving.item))
  );
}

/**
 * NOVA 801.4.6 state triggers, checked whenever rules processing runs (at once after every event; they are not
 * rules processing, 501.2). "When your energy zone has N or more cards" triggers when the count changes to N or
 * more (801.4.6.1.1 and its example; docs/rulings/nova.md R46), "when your hand becomes empty" when the hand count
 * changes to 0 (801.4.6's example; R49), "when your graveyard has N or more cards" as the energy zone's, "when your LP
 * becomes N or less" as LP crosses to N or less (R100), "when (a count of cards) becomes N or more / or fewer" as the
 * energy zone's (R113): not for a count the card found on arriving, and not again
 * while it is still unresolved.
 */
export function checkStateTriggers(s: NovaState): void {
  const seen = s.stateWatch ?? {};
  const now: Record<string, number> = {};
  for (const src of fieldObjects(s)) {
    novaCard(src.card).abilities.forEach((a, i) => {
      if (a.kind !== 'triggered') return;
      let count: number;
      let met: boolean;
      if (a.when === 'your-energy-zone-at-least') {
        count = s.players[src.controller].zones.energy.length;
        met = count >= (a.count ?? 1);
      } else if (a.when === 'your-hand-empty') {
        count = s.players[src.controller].zones.hand.length;
        met = count === 0;
      } else if (a.when === 'your-graveyard-at-least') {
        count = s.players[src.controller].zones.graveyard.length; // 801.4.6.1.1: a count of cards, as the energy zone
        met = count >= (a.count ?? 1);
      } else if ((a.when === 'count-at-least' || a.when === 'count-at-most') && a.of && a.of !== 'chosen-number') {
        // NOVA 801.4.6.1.1: a count of cards triggers as it changes to N or more (or fewer), and again at each later
        // change that still meets it (R113).
        count = cardsCounted(s, src.controller, a.of);
        met = a.when === 'count-at-least' ? count >= (a.count ?? 1) : count <= (a.count ?? 1);
      } else if (a.when === 'your-life-at-most') {
        count = s.players[src.controller].life;
        // NOVA 801.4.6.1: "becomes N or less" only as LP crosses from above N; LP is no count of cards, so a further
        // change below N does not trigger it again (R100).
        const previous = seen[`${src.id}:${i}:${src.controller}`];
        met = count <= (a.count ?? 0) && previous !== undefined && previous > (a.count ?? 0);
      } else return;
      const key = `${src.id}:${i}:${src.controller}`;
      now[key] = count;
      const before = seen[key];
      if (before === undefined || before === count || !met) return;
      if (!stillUnresolved(s, src.id, i)) queue(s, src, i, null);
    });
  }
  if (Object.keys(now).length > 0 || Object.keys(seen).length > 0) s.stateWatch = now;
}
