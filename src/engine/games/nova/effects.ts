/**
 * NOVA's effects as a handler table keyed by `do` (core/effects.ts), one family per group of rules, instead of one
 * switch over every effect. A handler runs while an item resolves (resolve.ts), with the resolution, its item, its
 * controller and the effect's legal targets or choices (NOVA 804.3.4); an effect without a handler throws
 * UnsupportedRule (802).
 */
import { type EffectHandlers, effectTable } from '../../core/effects.ts';
import { UnsupportedRule } from '../../core/errors.ts';
import { opponentOf, type Seat } from '../../core/game.ts';
import { shuffle } from '../../core/rng.ts';
import { novaCard } from './cards/pool.ts';
import type { Amount, Counted, Effect, Selector } from './cards/schema.ts';
import { characteristics, readAtk } from './characteristics.ts';
import { changeControl } from './control.ts';
import { queueDamage } from './damage.ts';
import { forgetShuffled, noteSeen } from './knowledge.ts';
import { logPublic } from './log.ts';
import { moveOrAsk } from './moves.ts';
import { draw, itemEffects, players, selectorOf, sourceOnField, targetingEffects } from './resolve.ts';
import { destroy } from './rules-processing.ts';
import type {
  CardObject,
  ContinuousEffect,
  DelayedTrigger,
  NovaState,
  Resolution,
  TargetRef,
  Until,
  WaitingItem,
} from './state.ts';
import { stillLegal } from './targets.ts';
import { emit, setFrozen } from './triggers.ts';
import { phasesAhead } from './turn.ts';
import { writableObj } from './working-copy.ts';
import { cardsCounted, fieldObjects, isCharacter, moveCard, obj } from './zones.ts';

/** What a handler knows besides the state and the effect. */
export type EffectContext = {
  r: Resolution;
  item: WaitingItem;
  /** The item's controller. */
  me: Seat;
  /** The effect's targets or choices that are still legal (NOVA 804.3.4, A39). */
  targets: TargetRef[];
};

type Handlers = EffectHandlers<NovaState, Effect, EffectContext>;

/** Damage (NOVA 916, 917, 922): dealt through the damage frame and its replacements (damage.ts). */
const damageEffects: Pick<Handlers, 'damage' | 'distribute-damage' | 'battle' | 'shield'> = {
  damage: (s, e, { r, item, me, targets }) => {
    const n = amountNow(s, r, me, e.amount);
    if (n <= 0) return undefined; // NOVA 004.6
    for (const t of targets) dealDamage(s, item, t, n);
    return undefined;
  },
  'distribute-damage': (s, e, { item, me }) => {
    // NOVA 916.3.2: the distributed amounts are dealt at the same time, one event per recipient.
    const order = targetingEffects(itemEffects(item)).indexOf(e);
    const sel = selectorOf(e) as Selector;
    const units = (item.targets[order] ?? []).filter((t) => stillLegal(s, me, sel, t, true));
    const totals = new Map<string, { t: TargetRef; n: number }>();
    for (const t of units) {
      const key = JSON.stringify(t);
      totals.set(key, { t, n: (totals.get(key)?.n ?? 0) + e.unit });
    }
    for (const { t, n } of totals.values()) dealDamage(s, item, t, n);
    return undefined;
  },
  battle: (s, _e, { r, item }) => {
    const effects = itemEffects(item);
    const chosen = chosenBefore(r, effects, r.effectIndex)[0];
    if (chosen?.kind !== 'object') return undefined; // NOVA 902.13: nothing chosen, no battle
    effectBattle(s, item, chosen.id, effects, r.effectIndex);
    return undefined;
  },
  shield: (s, e, { item, targets }) => {
    const affected = targets.flatMap((t) => (t.kind === 'object' ? [t.id] : []));
    if (affected.length === 0) return undefined;
    addUntilEndOfTurn(s, { kind: 'shield', affected, amount: e.amount, source: item.card }); // NOVA 917.1.1
    return undefined;
  },
};

/** Life lost, decks milled, cards sent to the graveyard, damage to each (NOVA 908, 916, 918). */
const moreEffects: Pick<
  Handlers,
  'lose-life' | 'mill' | 'send-to-graveyard' | 'damage-each' | 'freeze' | 'make-standby'
> = {
  freeze: (s, _e, { targets }) => {
    for (const t of targets) {
      const o = t.kind === 'object' ? s.objects[t.id] : undefined;
      if (o?.zone === 'field') setFrozen(s, o.id, true); // NOVA 904.2
    }
    return undefined;
  },
  'make-standby': (s, _e, { targets }) => {
    for (const t of targets) {
      const o = t.kind === 'object' ? s.objects[t.id] : undefined;
      if (o?.zone === 'field') setFrozen(s, o.id, false); // NOVA 904.1
    }
    return undefined;
  },
  'lose-life': (s, e, { r, me }) => {
    const n = amountNow(s, r, me, e.amount);
    if (n <= 0) return undefined; // NOVA 004.6
    for (const seat of players(s, me, e.who)) {
      s.players[seat].life -= n; // NOVA 918.8: a single effect, not damage (916)
      logPublic(s, { k: 'life-lost', seat, amount: n });
    }
    return undefined;
  },
  mill: (s, e, { r, me }) => {
    const n = amountNow(s, r, me, e.count);
    if (n <= 0) return undefined; // NOVA 004.6
    for (const seat of players(s, me, e.who)) {
      const top = s.players[seat].zones.deck.slice(0, n); // fewer when the deck is shorter: nobody loses (908)
      const cards = top.map((id) => moveCard(s, id, 'graveyard').card);
      logPublic(s, { k: 'milled', seat, cards });
    }
    return undefined;
  },
  'send-to-graveyard': (s, _e, { targets }) => {
    for (const t of targets) {
      const o = t.kind === 'object' ? s.objects[t.id] : undefined;
      if (o?.zone !== 'field') continue;
      moveOrAsk(s, o.id, 'graveyard', o.controller); // NOVA 908.1; an optional replacement may ask first (R123)
    }
    return undefined;
  },
  'damage-each': (s, e, { item, me }) => {
    const fromSpell = item.kind === 'card' && novaCard(item.card).type === 'spell';
    const side = e.side === 'any' ? undefined : e.side === 'yours' ? me : opponentOf(me);
    const to: TargetRef[] = fieldObjects(s, side)
      .filter((o) => novaCard(o.card).type === 'servant' && !o.destroyed)
      .map((o) => ({ kind: 'object', id: o.id }));
    if (e.players) for (const seat of players(s, me, 'each-player')) to.push({ kind: 'player', seat });
    // NOVA 916.3.2: dealt at the same time, one event per recipient.
    queueDamage(
      s,
      to.map((t) => ({ to: t, amount: e.amount, source: item.card, fromSpell, battle: false })),
    );
    return undefined;
  },
};

const playerEffects: Pick<
  Handlers,
  'draw' | 'gain-life' | 'opponent-loses-life' | 'add-energy' | 'win-if-characters' | 'choose-number' | 'discard'
> = {
  draw: (s, e, { r, me, targets }) => {
    const who = e.who === 'you' ? me : targets[0]?.kind === 'player' ? targets[0].seat : me;
    const n = amountNow(s, r, me, e.count);
    if (n <= 0) return undefined; // NOVA 004.6: no draw at all, so an empty deck loses nothing
    draw(s, who, n);
    return undefined;
  },
  'gain-life': (s, e, { r, me }) => {
    const n = amountNow(s, r, me, e.amount);
    if (n <= 0) return undefined; // NOVA 004.6
    s.players[me].life += n; // NOVA 918.7: gaining life is a single effect
    logPublic(s, { k: 'life-gained', seat: me, amount: n });
    return undefined;
  },
  discard: (_s, _e, _c) => {
    return undefined; // NOVA 911: carried out on resolution as each player chose (resolve.ts)
  },
  'choose-number': (_s, _e, _c) => {
    return undefined; // NOVA 004.7: chosen on resolution (resolve.ts) and kept in r.number for the amounts after it
  },
  'opponent-loses-life': (s, e, { me }) => {
    s.players[opponentOf(me)].life -= e.amount;
    logPublic(s, { k: 'life-lost', seat: opponentOf(me), amount: e.amount });
    return undefined;
  },
  'add-energy': (s, e, { me }) => {
    s.players[me].stock[e.color] += e.count; // NOVA 801.6.5.1: a spell adding energy is not an energy ability
    return undefined;
  },
  'win-if-characters': (s, e, { item, me }) => {
    const count = fieldObjects(s, me).filter((o) => isCharacter(o)).length;
    if (count >= e.count) {
      // NOVA 003.1.2: an effect makes its player win at once.
      s.result = {
        kind: 'win',
        winner: me,
        reason: 'effect-win',
        rule: '003.1.2',
        card: item.card,
      };
    }
    return undefined;
  },
};

/** Stats, keywords, counters and limits until end of turn (NOVA 802.1.2, 919, 923). */
const statEffects: Pick<
  Handlers,
  | 'modify'
  | 'grant-keyword'
  | 'become-keyword'
  | 'become-race'
  | 'lose-keyword'
  | 'lose-races'
  | 'add-counter'
  | 'move-counters'
  | 'double'
  | 'raise-limit-level'
> = {
  'become-race': (s, e, { item, me, targets }) => {
    const affected = affectedCards(s, item, e.to, targets);
    if (affected.length === 0) return undefined;
    // NOVA 918.1 (become: the other races are lost) or 918.2 (gain), fixed on these objects (802.1.2.1.5.2).
    addUntilEndOfTurn(s, { kind: 'race', affected, race: e.race, become: !e.gain }, e.until, me);
    return undefined;
  },
  'become-keyword': (s, e, { item, me, targets }) => {
    const affected = affectedCards(s, item, e.to, targets);
    if (affected.length === 0) return undefined;
    // NOVA 918.1: the keywords had so far are lost and this one had, fixed on these objects (802.1.2.1.5.2).
    addUntilEndOfTurn(s, { kind: 'keyword', affected, keyword: e.keyword, become: true }, e.until, me);
    return undefined;
  },
  'lose-keyword': (s, e, { item, me, targets }) => {
    const affected = affectedCards(s, item, e.to, targets);
    if (affected.length === 0) return undefined;
    addUntilEndOfTurn(s, { kind: 'lose-keyword', affected, keyword: e.keyword }, e.until, me); // NOVA 918.3
    return undefined;
  },
  'lose-races': (s, e, { item, me, targets }) => {
    const affected = affectedCards(s, item, e.to, targets);
    if (affected.length === 0) return undefined;
    addUntilEndOfTurn(s, { kind: 'lose-races', affected }, e.until, me); // NOVA 918.1–918.3 (R95)
    return undefined;
  },
  modify: (s, e, { r, item, me, targets }) => {
    // NOVA 004.6: "for each ..." is counted now and fixed in the effect; a count of 0 changes nothing.
    const times = e.per ? amountNow(s, r, me, { each: 1, per: e.per }) : 1;
    if (times <= 0) return undefined;
    const affected =
      e.to === 'self'
        ? [sourceOnField(s, item)?.id].filter((x): x is string => !!x)
        : targets.flatMap((t) => (t.kind === 'object' ? [t.id] : []));
    if (affected.length === 0) return undefined;
    // NOVA 802.1.2.1.5.2: the affected set is locked when the effect is created.
    addUntilEndOfTurn(s, { kind: 'stat', affected, atk: e.atk * times, hp: e.hp * times }, e.until, me);
    return undefined;
  },
  'grant-keyword': (s, e, { me, targets }) => {
    const affected = targets.flatMap((t) => (t.kind === 'object' ? [t.id] : []));
    if (affected.length === 0) return undefined;
    addUntilEndOfTurn(s, { kind: 'keyword', affected, keyword: e.keyword }, e.until, me);
    return undefined;
  },
  'add-counter': (s, e, { item, targets }) => {
    // NOVA 919: on this card, or on each matching servant on the field (R118).
    const onto = e.to
      ? targets.flatMap((t) => (t.kind === 'object' && s.objects[t.id]?.zone === 'field' ? [t.id] : []))
      : [sourceOnField(s, item)?.id].filter((id): id is string => id !== undefined);
    for (const id of onto) {
      const counters = writableObj(s, id).counters;
      counters[e.counter] = (counters[e.counter] ?? 0) + e.count;
    }
    return undefined;
  },
  'move-counters': (s, e, { item, targets }) => {
    const src = sourceOnField(s, item);
    const to = targets[0]?.kind === 'object' ? s.objects[targets[0].id] : undefined;
    if (!src || to?.zone !== 'field' || to.id === src.id) return undefined;
    // NOVA 919.4, 004.6: as many as this card has, up to the count; none moved, nothing happens.
    const n = Math.min(e.count, src.counters[e.counter] ?? 0);
    if (n <= 0) return undefined;
    const from = writableObj(s, src.id).counters;
    from[e.counter] = (from[e.counter] ?? 0) - n;
    if (from[e.counter] === 0) delete from[e.counter];
    const onto = writableObj(s, to.id).counters;
    onto[e.counter] = (onto[e.counter] ?? 0) + n;
    logPublic(s, { k: 'counters-moved', from: src.card, to: to.card, counter: e.counter, count: n });
    return undefined;
  },
  double: (s, e, { r, item }) => {
    const effects = itemEffects(item);
    if (e.ifChosen && chosenBefore(r, effects, r.effectIndex).length === 0) return undefined; // NOVA 902.13
    const src = sourceOnField(s, item);
    if (!src) return undefined;
    // NOVA 923.1–923.1.1: an increase by the value the servant has now, fixed when this resolves (read as 0 if
    // negative, 004.8).
    const c = characteristics(s, src);
    const by = Math.max(0, e.stat === 'atk' ? c.atk : c.hp);
    if (by === 0) return undefined;
    addUntilEndOfTurn(s, {
      kind: 'stat',
      affected: [src.id],
      atk: e.stat === 'atk' ? by : 0,
      hp: e.stat === 'hp' ? by : 0,
    });
    logPublic(s, { k: 'doubled', card: item.card, stat: e.stat, by });
    return undefined;
  },
  'raise-limit-level': (s, e, { me }) => {
    addUntilEndOfTurn(s, { kind: 'limit', seat: me, amount: e.amount });
    return undefined;
  },
};

/** Zones: destroying, negating, excluding, returning, retiring (NOVA 907, 913, 306, 908, 921, 303). */
const zoneEffects: Pick<
  Handlers,
  | 'destroy-all'
  | 'destroy'
  | 'negate'
  | 'negate-destruction'
  | 'exile'
  | 'put-onto-owners-field'
  | 'retire-self'
  | 'retire'
  | 'may-send-self-to-graveyard'
  | 'look-and-reorder-top'
  | 'reveal-top'
  | 'shuffle-deck'
> = {
  'destroy-all': (s, e, _c) => {
    // NOVA 907.1: all enter the destroyed state at once; characters retire instead when they move (504).
    for (const o of fieldObjects(s)) {
      const type = novaCard(o.card).type;
      if ((e.servants && type === 'servant') || (e.characters && type === 'character')) destroy(s, o);
    }
    return undefined;
  },
  destroy: (s, e, { item, targets }) => {
    if (e.to !== 'that-card') {
      // NOVA 907.1: each still-legal target or choice enters the destroyed state.
      for (const t of targets) {
        const o = t.kind === 'object' ? s.objects[t.id] : undefined;
        if (o?.zone === 'field') destroy(s, o);
      }
      return undefined;
    }
    // NOVA 801.4.8: "that servant" only while it is the same object on the field.
    const that = item.refObject ? s.objects[item.refObject] : undefined;
    if (that?.zone === 'field') destroy(s, that);
    return undefined;
  },
  negate: (s, _e, { targets }) => {
    for (const t of targets) {
      if (t.kind !== 'item') continue;
      const i = s.waiting.findIndex((w) => w.id === t.id);
      const negated = s.waiting[i];
      if (!negated) continue;
      s.waiting.splice(i, 1);
      // NOVA 913.1: a negated card goes to its owner's graveyard (a character retires, A42).
      if (negated.kind === 'card') moveCard(s, negated.objectId, 'graveyard');
      logPublic(s, { k: 'negated', card: negated.card });
    }
    return undefined;
  },
  'negate-destruction': (s, _e, { targets }) => {
    for (const t of targets) {
      if (t.kind !== 'object') continue;
      if (!s.objects[t.id]?.destroyed) continue;
      const o = writableObj(s, t.id);
      // NOVA 907.3: the destroyed state ends; damage and minus modifiers are reset.
      o.destroyed = false;
      o.damage = 0;
      s.effects = s.effects.filter((x) => !(x.kind === 'stat' && x.affected.includes(o.id) && (x.atk < 0 || x.hp < 0)));
      logPublic(s, { k: 'destruction-negated', card: o.card });
    }
    return undefined;
  },
  exile: (s, _e, { r, targets }) => {
    for (const t of targets) {
      if (t.kind !== 'object') continue;
      const o = s.objects[t.id];
      if (o?.zone !== 'field') continue;
      const moved = moveOrAsk(s, o.id, 'exclusion', o.controller); // NOVA 306; an optional replacement may ask (R123)
      if (moved) r.moved = [...(r.moved ?? []), moved.id];
    }
    return undefined;
  },
  'put-onto-owners-field': (s, _e, { item }) => {
    // NOVA 801.4.9.3: only the same object; if it has left the exclusion zone since, nothing happens.
    const that = item.refObject ? s.objects[item.refObject] : undefined;
    if (that?.zone !== 'exclusion') return undefined;
    const placed = moveCard(s, that.id, 'field', { controller: that.owner });
    logPublic(s, { k: 'returned', card: placed.card, seat: placed.owner });
    emit(s, { type: 'entered-field', object: placed });
    return undefined;
  },
  retire: (s, _e, { targets }) => {
    for (const t of targets) {
      const o = t.kind === 'object' ? s.objects[t.id] : undefined;
      if (o?.zone !== 'field' || novaCard(o.card).type !== 'character') continue;
      moveCard(s, o.id, 'retired'); // NOVA 921.1: its owner's retired area
      logPublic(s, { k: 'excluded', card: o.card, retired: true });
    }
    return undefined;
  },
  'retire-self': (s, _e, { item }) => {
    const src = sourceOnField(s, item);
    if (src) moveCard(s, obj(s, src.id).id, 'retired'); // NOVA 921.1
    return undefined;
  },
  'may-send-self-to-graveyard': (s, _e, { r, item, me }) => {
    const src = sourceOnField(s, item);
    if (!r.answers?.[r.effectIndex] || !src) {
      r.stopped = true; // NOVA 902.13: not done, so "if you do" does not happen
      return undefined;
    }
    moveOrAsk(s, src.id, 'graveyard', me); // NOVA 908.1, 902.12: a replaced cost is still paid (R123)
    return undefined;
  },
  'reveal-top': (s, e, { me }) => {
    const top = s.players[me].zones.deck[0];
    if (!top) return undefined; // NOVA 004.4: no card, nothing revealed
    const card = obj(s, top).card;
    const taken = novaCard(card).type === e.take;
    // NOVA 910.1: every player sees it; 905.6: taking it into the hand is not a draw.
    logPublic(s, { k: 'revealed', seat: me, card, taken });
    // Both players saw it, so both keep knowing it: in the hand, or still on top until a shuffle (R86).
    const seen = taken ? moveCard(s, top, 'hand').id : top;
    for (const seat of ['p1', 'p2'] as const) noteSeen(s, seat, [seen]);
    return undefined;
  },
  'shuffle-deck': (s, _e, { me }) => {
    const p = s.players[me];
    const [order, rng] = shuffle(p.zones.deck, s.rng); // NOVA 920.1
    p.zones.deck = order;
    s.rng = rng;
    forgetShuffled(s, order); // NOVA 920.2: nothing seen before the shuffle tells these cards apart
    logPublic(s, { k: 'shuffled', seat: me });
    return undefined;
  },
  'look-and-reorder-top': (_s, _e, _c) => {
    return undefined; // done when the order was chosen (putBackOnTop); with one card or none there is nothing to order
  },
};

/** Control (NOVA 301.9.1, 205.4) and choices made on resolution (801.4.7). */
const controlEffects: Pick<Handlers, 'gain-control' | 'may-choose'> = {
  'gain-control': (s, e, { me, targets }) => {
    for (const t of targets) {
      const o = t.kind === 'object' ? s.objects[t.id] : undefined;
      if (!o) continue;
      changeControl(s, o, me); // NOVA 301.9.1, 205.4, 203.4
      addUntilEndOfTurn(s, { kind: 'control', affected: [o.id], seat: me });
      // "If it is a servant, it gains ...": NOVA 1003 Gale lets it attack although it just changed controller.
      for (const keyword of e.servantGains)
        if (novaCard(o.card).type === 'servant') addUntilEndOfTurn(s, { kind: 'keyword', affected: [o.id], keyword });
    }
    return undefined;
  },
  'may-choose': (_s, _e, _c) => {
    return undefined; // NOVA 801.4.7: the choice was made on resolution and is kept in r.chosen for what follows
  },
};

/** The event each "at the start of the next ..." delayed trigger waits for (R116, R119). */
const DELAYED_WHEN = {
  'end-phase': 'next-end-phase-start',
  'attack-phase': 'next-attack-phase-start',
  'opponents-turn': 'opponents-next-turn-start',
  'standby-phase': 'next-standby-phase-start',
  'draw-phase': 'next-draw-phase-start',
  'main-phase': 'next-main-phase-start',
} as const;

/** Phases and delayed triggers (NOVA 401.2, 401.3, 925, 801.4.9). */
const phaseEffects: Pick<
  Handlers,
  | 'skip-phase'
  | 'skip-step'
  | 'add-attack-phase'
  | 'add-phase'
  | 'draw-at-next-attack-phase'
  | 'return-at-next-end-phase'
  | 'at-your-next-turn-start'
  | 'at-next-start'
> = {
  'at-next-start': (s, e, { item, me }) => {
    // NOVA 801.4.9.1, 801.4.9.4: a delayed trigger of this card's controller; 925.1.2: it waits past skipped ones (R116).
    const when = DELAYED_WHEN[e.of];
    addDelayedTrigger(s, { when, controller: me, source: item.objectId, card: item.card, effects: e.effects });
    return undefined;
  },
  'at-your-next-turn-start': (s, e, { item, me }) => {
    // NOVA 801.4.9.1, 801.4.9.4: a delayed trigger of this card's controller, for that player's next turn (R101).
    addDelayedTrigger(s, {
      when: 'your-next-turn-start',
      controller: me,
      source: item.objectId,
      card: item.card,
      effects: e.effects,
    });
    return undefined;
  },
  'skip-phase': (s, e, { item, me }) => {
    if (e.phase === 'turn') {
      // NOVA 401.3: that player's next turn will not exist (docs/rulings/nova.md R50, R103).
      const seat = e.whose === 'opponents-next' ? opponentOf(me) : me;
      s.skips = [...(s.skips ?? []), { seat, phase: 'turn' }];
      logPublic(s, { k: 'will-skip-turn', seat });
      return undefined;
    }
    if (e.whose === 'opponents-next' && e.phase === 'draw') {
      // NOVA 401.3, 925.1: the opponent's next draw phase will not exist.
      s.skips = [...(s.skips ?? []), { seat: opponentOf(me), phase: 'draw' }];
      logPublic(s, { k: 'will-skip-draw', seat: opponentOf(me) });
      return undefined;
    }
    if (e.whose !== 'this-turn') {
      // NOVA 401.3, 925.1: that player's next phase of this kind will not exist, whichever turn it comes in; one
      // still ahead in this turn is the next one (docs/rulings/nova.md R90).
      const seat = e.whose === 'yours-next' ? me : opponentOf(me);
      s.skips = [...(s.skips ?? []), { seat, phase: e.phase }];
      logPublic(s, { k: 'will-skip-phase', seat, phase: e.phase });
      return undefined;
    }
    // NOVA 401.3.1: only an attack phase of this turn still ahead can be skipped; one that is over, or already
    // skipped, cannot, and then "if you do" does not happen (docs/rulings/nova.md R48).
    const ahead = phasesAhead(s).filter((p) => p === 'attack').length;
    const marked = (s.skips ?? []).filter((k) => k.phase === 'attack' && k.turn === s.turn.number).length;
    if (ahead <= marked) {
      logPublic(s, { k: 'no-attack-phase-to-skip', card: item.card });
      return undefined;
    }
    s.skips = [...(s.skips ?? []), { seat: s.turn.active, phase: 'attack', turn: s.turn.number }];
    s.turn.skipped = [...(s.turn.skipped ?? []), 'attack'];
    logPublic(s, { k: 'attack-phase-skipped' });
    if (e.thenDraw) draw(s, me, e.thenDraw);
    return undefined;
  },
  'skip-step': (s, e, { me }) => {
    // NOVA 401.3, 925.1: that player's next such step will not exist (docs/rulings/nova.md R104, R111).
    const seat = e.whose === 'yours-next' ? me : opponentOf(me);
    s.skips = [...(s.skips ?? []), { seat, phase: e.step }];
    logPublic(s, { k: 'will-skip-step', seat, step: e.step });
    return undefined;
  },
  'add-attack-phase': (s, _e, _c) => {
    // NOVA 401.2, 401.2.1: right after this main phase, before any phase added earlier.
    if (s.turn.phase !== 'main1' && s.turn.phase !== 'main2') return undefined;
    s.turn.added = ['attack', ...(s.turn.added ?? [])];
    logPublic(s, { k: 'attack-phase-added' });
    return undefined;
  },
  'add-phase': (s, e, _c) => {
    // NOVA 401.2, 401.2.1: right after this main phase, before any phase added earlier; an added main phase is not
    // the turn's first, so it is a main phase 2 (R122).
    if (s.turn.phase !== 'main1' && s.turn.phase !== 'main2')
      throw new UnsupportedRule('401.2', `a phase added after ${s.turn.phase}`);
    s.turn.added = [e.phase === 'main' ? 'main2' : e.phase, ...(s.turn.added ?? [])];
    logPublic(s, { k: 'phase-added', phase: e.phase });
    return undefined;
  },
  'draw-at-next-attack-phase': (s, e, { item, me }) => {
    // NOVA 801.4.9.1, 801.4.9.4: a delayed trigger of this card's controller; 925.1.2: it waits past skipped ones.
    addDelayedTrigger(s, {
      when: 'next-attack-phase-start',
      controller: me,
      source: item.objectId,
      card: item.card,
      effects: [{ do: 'draw', count: e.count, who: 'you' }],
    });
    return undefined;
  },
  'return-at-next-end-phase': (s, _e, { r, item, me }) => {
    // NOVA 801.4.9.1, 801.4.9.4: created by this resolution; its source is this card, its controller ours.
    for (const id of r.moved ?? []) {
      addDelayedTrigger(s, {
        when: 'next-end-phase-start',
        controller: me,
        source: item.objectId,
        card: item.card,
        refObject: id,
        effects: [{ do: 'put-onto-owners-field' }],
      });
    }
    return undefined;
  },
};

/** Every NOVA effect's handler; NOVA has no code escapes. */
export const novaEffects = effectTable<NovaState, Effect, EffectContext>(
  {
    ...damageEffects,
    ...moreEffects,
    ...playerEffects,
    ...statEffects,
    ...zoneEffects,
    ...controlEffects,
    ...phaseEffects,
  },
  {},
  '802',
);

/**
 * An amount as it is when the instruction is carried out (NOVA 004.6): a fixed number, or `each` for every card
 * counted now, less the `minus` count; it may come out 0 or negative, and then the instruction is not carried out.
 */
export function amountNow(s: NovaState, r: Resolution, me: Seat, a: Amount): number {
  if (typeof a === 'number') return a;
  return a.each * (countNow(s, r, me, a.per) - (a.minus ? countNow(s, r, me, a.minus) : 0));
}

function countNow(s: NovaState, r: Resolution, me: Seat, what: Counted): number {
  if (what === 'chosen-number') return r.number ?? 0; // NOVA 004.7: the number chosen earlier in this resolution
  return cardsCounted(s, me, what);
}

/** The objects an instruction on "this servant" or on its targets or choices affects (on the field only). */
function affectedCards(s: NovaState, item: WaitingItem, to: Selector | 'self', targets: TargetRef[]): string[] {
  if (to === 'self') return [sourceOnField(s, item)?.id].filter((x): x is string => !!x);
  return targets.flatMap((t) => (t.kind === 'object' && s.objects[t.id]?.zone === 'field' ? [t.id] : []));
}

/** NOVA 916: queue one damage event; it is dealt once its replacement effects have applied (917, damage.ts). */
function dealDamage(s: NovaState, item: WaitingItem, t: TargetRef, amount: number): void {
  const fromSpell = item.kind === 'card' && novaCard(item.card).type === 'spell';
  queueDamage(s, [{ to: t, amount, source: item.card, fromSpell, battle: false }]);
}

/**
 * NOVA 922: the source and the chosen servant deal damage equal to their ATK to each other, at once; it is battle
 * damage (922.1) but no attack, so nobody blocks (922.2). No battle if either has left the field, is no longer a
 * servant, or is no longer a legal choice (922.3); a servant in the destroyed state is out too (docs/rulings A26).
 */
function effectBattle(
  s: NovaState,
  item: WaitingItem,
  otherId: string,
  effects: readonly Effect[],
  index: number,
): void {
  const src = sourceOnField(s, item);
  const other = s.objects[otherId];
  let chooser: Selector | null = null;
  for (let i = index - 1; i >= 0 && !chooser; i--) {
    const x = effects[i];
    if (x?.do === 'may-choose') chooser = x.to;
  }
  const fighting = (o: CardObject | null | undefined): o is CardObject =>
    !!o && o.zone === 'field' && !o.destroyed && novaCard(o.card).type === 'servant';
  const legal = chooser ? stillLegal(s, item.controller, chooser, { kind: 'object', id: otherId }, true) : false;
  if (!fighting(src) || !fighting(other) || !legal) {
    logPublic(s, { k: 'no-battle', card: item.card });
    return;
  }
  logPublic(s, { k: 'battle', card: src.card, other: other.card });
  queueDamage(s, [
    {
      to: { kind: 'object', id: other.id },
      amount: readAtk(characteristics(s, src)),
      source: src.card,
      fromSpell: false,
      battle: true,
    },
    {
      to: { kind: 'object', id: src.id },
      amount: readAtk(characteristics(s, other)),
      source: other.card,
      fromSpell: false,
      battle: true,
    },
  ]);
}

/**
 * A continuous effect lasting until end of turn (NOVA 407.6) or during the attack phase (405.7.3), stamped now for
 * timestamp order (802.1.2.1.5).
 */
export function addUntilEndOfTurn(
  s: NovaState,
  effect: DistributiveOmit<ContinuousEffect, 'id' | 'timestamp' | 'until'>,
  until: Until = 'end-of-turn',
  me?: Seat,
): void {
  s.timestamp += 1;
  s.nextId += 1;
  // "Until (the end of) your next turn": the controller of the instruction, whose next turn ends it (R92, R98).
  const lasting =
    (until === 'your-next-turn' || until === 'end-of-your-next-turn') && me ? { until, nextTurnOf: me } : { until };
  s.effects.push({ ...effect, id: `e${s.nextId}`, timestamp: s.timestamp, ...lasting } as ContinuousEffect);
}

/** NOVA 801.4.9.1: a delayed trigger created by a resolution waits, with a fresh id, for its event. */
function addDelayedTrigger(s: NovaState, trigger: Omit<DelayedTrigger, 'id'>): void {
  s.nextId += 1;
  s.delayed = [...(s.delayed ?? []), { id: `d${s.nextId}`, ...trigger }];
}

/** What the last "may choose" before effect `index` chose (NOVA 902.13 "if you do"). */
function chosenBefore(r: Resolution, effects: readonly Effect[], index: number): TargetRef[] {
  for (let i = index - 1; i >= 0; i--) if (effects[i]?.do === 'may-choose') return r.chosen[i] ?? [];
  return [];
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
