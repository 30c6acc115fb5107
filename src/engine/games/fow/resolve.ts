/**
 * Resolving the top of the chase (605.1b, 903.3): targets are checked again and only the parts aimed at illegal
 * targets are skipped (903.3a: no fizzling as a whole); resonators, additions and regalia come onto the field
 * (702.3), chants do what they say and go to the graveyard (703.3) or the removed area after [Remnant] (1115.2),
 * abilities do what they say (707.3), and a Judgment process turns the ruler into a J-ruler (705.3).
 */
import { answerOf } from '../../core/decision-kinds.ts';
import { UnsupportedRule } from '../../core/errors.ts';
import { opponentOf, type Seat } from '../../core/game.ts';
import { forget, learn } from '../../core/hidden.ts';
import type { JsonObject } from '../../core/json.ts';
import { defineProcedure, inTransaction, resultOf } from '../../core/procedure.ts';
import { nextInt, shuffle } from '../../core/rng.ts';
import { stillLegal, triggeredFormOf } from './abilities.ts';
import {
  addReplacementAnswer,
  createToken,
  type DamageEvent,
  DROWNED_KNIGHT,
  damageReplacementChoices,
  dealDamage,
  destroy,
  destroyRuler,
  enteredTriggers,
  enterField,
  replacementChoices,
  stillThere,
  trigger,
} from './actions-game.ts';
import { chantRevealer, revealTriggered } from './battle.ts';
import type { Attribute, KeywordName, Target } from './cards/schema.ts';
import {
  attachDecision,
  copyPlayDecision,
  discardDecision,
  fableDecision,
  foreseeDecision,
  gemDecision,
  produceDecision,
  replacementDecision,
  revealDecision,
  searchDecision,
  summonDecision,
} from './decisions.ts';
import { play, playData, transaction } from './play.ts';
import {
  attach,
  type ChaseItem,
  cardOf,
  draw,
  type FowState,
  hasType,
  type ItemEffect,
  isFirstJRuler,
  isInvertCard,
  isJResonator,
  jRulerOf,
  log,
  moveObject,
  newId,
  objectOf,
  ownAbilities,
  PHASES,
  refOf,
  removeFromBattle,
  rulerOf,
  stamp,
  type TargetRef,
  type TurnEffect,
  targetsOf,
} from './state.ts';
import { produceWill, symbolsOf } from './will.ts';

export type ResolveData = {
  item: ChaseItem | null;
  /** Per target: still legal when the item began to resolve (903.3a). */
  legal: boolean[];
  index: number;
  /** 910.2: the replacement chosen for each destroy event of the current effect that meets more than one kind. */
  replaced?: Record<string, string>;
  /** 1017.3: the graveyard card whose copy is being played (for the log if the copy is not played). */
  copying?: string;
} & JsonObject;

/**
 * 1030.1, 1302.3c: an invert card on the field turns its Despair face up where it is, the same card: effects, counters
 * and damage stay. Ruling F-INVERT-TARGET: a card that is not an invert card, or whose Despair face is already up, is
 * not changed (1030.1 acts only "if it is an invert card").
 */
function invertOnField(s: FowState, me: Seat, id: string): void {
  const o = objectOf(s, id);
  if (o.zone !== 'field' || o.face !== 'front' || !isInvertCard(cardOf(o.card))) return;
  o.face = 'back';
  o.since = stamp(s); // 909.3.b-1: the Despair face's abilities become active now
  log(s, { type: 'inverted', seat: me, card: o.card, object: o.id, rule: '1030.1' });
}

/**
 * 1030.3: to the removed area Despair face up (1302.3e: it may stay so there); a card that is not an invert card is
 * removed as it is (rulings F-INVERT, F-INVERT-TARGET).
 */
function invertAndRemove(s: FowState, me: Seat, id: string): void {
  const o = objectOf(s, id);
  if (o.zone !== 'field') return;
  moveObject(s, o.id, 'removed');
  if (isInvertCard(cardOf(o.card))) o.face = 'back';
  log(s, { type: 'inverted-removed', seat: me, card: o.card, object: o.id, rule: '1030.3' });
}

/** The target each effect uses (effects with targets take them in order, 903.2.g). */
function targetIndexOf(effects: readonly ItemEffect[], index: number): number | null {
  const e = effects[index];
  if (!e || targetsOf([e]).length === 0) return null;
  return targetsOf(effects.slice(0, index)).length;
}

export const resolve = defineProcedure<FowState, ResolveData, null>({
  kind: 'fow-resolve',
  first: 'begin',
  steps: {
    begin(s, { data }) {
      const item = s.chase.pop();
      if (!item) throw new Error('resolve: the chase is empty');
      data.item = item;
      const specs = targetsOf(item.effects);
      const self = item.kind === 'judgment' ? null : item.source.id;
      data.legal = item.targets.map((t, i) => {
        const spec = specs[i] as Target | undefined;
        return spec !== undefined && stillLegal(s, item.controller, spec, t, self);
      });
      log(s, { type: 'resolve', seat: item.controller, card: item.card, object: item.source.id });
      if (item.kind === 'judgment' && item.second) {
        // 1304.5a: the 1st J-ruler becomes the 2nd J-ruler, the same card with its state kept (1304.6); 1304.5b: if it
        // is no longer the 1st J-ruler, nothing happens.
        const ruler = objectOf(s, item.source.id);
        if (stillThere(s, item.source) && isFirstJRuler(s, ruler.id)) {
          ruler.face = 'second';
          ruler.since = stamp(s); // 909.3.b-1: its new face's abilities become active now
          log(s, {
            type: 'second-j-ruler',
            seat: item.controller,
            card: ruler.card,
            object: ruler.id,
            rule: '1304.5a',
          });
          // 1304.5.a-1: it meets "judgmented"; it stays on the field, so nothing enters.
          for (const a of ownAbilities(s, ruler.id))
            if (a.kind === 'triggered' && a.when === 'judgment') trigger(s, ruler.id, item.controller, a.effects);
        }
        return { return: null };
      }
      if (item.kind === 'judgment') {
        // 705.3a: if the ruler is still in the ruler area, it comes onto the field J-ruler face up.
        const ruler = objectOf(s, item.source.id);
        if (ruler.zone === 'ruler' && stillThere(s, item.source) && !s.players[ruler.owner].lostJudgment) {
          moveObject(s, ruler.id, 'field');
          ruler.face = 'back';
          ruler.controller = item.controller;
          log(s, { type: 'j-ruler', seat: item.controller, card: ruler.card, object: ruler.id });
          // 705.3.a-1: "judgmented" triggers now; ruling F-J-ENTERS: a J-ruler does come onto the field.
          for (const a of ownAbilities(s, ruler.id))
            if (a.kind === 'triggered' && a.when === 'judgment') trigger(s, ruler.id, item.controller, a.effects);
          enteredTriggers(s, ruler.id);
        }
        return { return: null };
      }
      if (item.kind === 'card') {
        const card = cardOf(item.card);
        const o = objectOf(s, item.source.id);
        if (card.types.some((t) => t === 'resonator' || t === 'addition' || t === 'regalia')) {
          if (o.zone === 'chase' && o.copy) {
            // 1017.1a, 1017.3a: a copy that leaves the chase ceases to exist, so it never comes onto the field
            // (ruling F-COPY-SPELL).
            delete s.objects[o.id];
            log(s, { type: 'copy-gone', seat: item.controller, card: o.card, object: o.id, rule: '1017.1a' });
          } else if (o.zone === 'chase') {
            if (item.remnant)
              moveObject(s, o.id, 'removed'); // 1115.2
            else if (card.classified) addClassified(s, item, data.legal[0] === true);
            else enterField(s, o.id, item.controller, item.awakened); // 702.3
          }
          return { return: null };
        }
      }
      return { goto: 'effect' };
    },
    effect(s, { data }) {
      const item = data.item;
      if (!item) throw new Error('resolve: no item');
      const e = item.effects[data.index];
      if (!e) return { goto: 'finish' };
      const ti = targetIndexOf(item.effects, data.index);
      const target = ti === null ? null : item.targets[ti];
      // 903.3a: a part aimed at a target no longer legal is not done (a part with two targets needs both: "becomes a
      // copy of another target", ruling F-COPY-UNTIL-END).
      const span = ti === null ? 0 : targetsOf([e]).length;
      let illegal = false;
      for (let k = 0; ti !== null && k < span; k += 1) if (!item.targets[ti + k] || !data.legal[ti + k]) illegal = true;
      if (illegal) {
        data.index += 1;
        return { goto: 'effect' };
      }
      if (s.restarting) return { return: null }; // 1033.1: the game has ended; nothing more of it happens
      const asked = perform(s, item, e, target ?? null, data.replaced ?? {});
      if (asked) return { ...asked, next: 'answered' };
      data.index += 1;
      delete data.replaced;
      return { goto: 'effect' };
    },
    answered(s, { data, ret }) {
      const item = data.item;
      if (!item) throw new Error('resolve: no item');
      const e = item.effects[data.index];
      if (e?.do === 'foresee') {
        const { top, bottom } = answerOf(foreseeDecision, ret);
        const deck = s.players[item.controller].main;
        const looked = new Set([...top, ...bottom]);
        const rest = deck.filter((id) => !looked.has(id));
        s.players[item.controller].main = [...top, ...rest, ...bottom];
        log(s, { type: 'foresee', seat: item.controller, amount: top.length });
      } else if (e?.do === 'code' && e.handler === 'move-addition') {
        // 1002: the addition (the target, if still legal: the effect got here) is attached to the chosen card.
        const ti = targetIndexOf(item.effects, data.index);
        const t = ti === null ? undefined : item.targets[ti];
        const to = answerOf(attachDecision, ret);
        if (t && 'object' in t && stillThere(s, t.object) && s.field.includes(to)) {
          attach(s, t.object.id, to);
          log(s, {
            type: 'attach',
            seat: item.controller,
            card: objectOf(s, t.object.id).card,
            object: t.object.id,
            target: to,
          });
        }
      } else if (e?.do === 'code' && e.handler === 'search-deck-for-resonator') {
        const found = answerOf(searchDecision, ret);
        const me = item.controller;
        if (found !== null && s.players[me].main.includes(found)) {
          // 1014.2, 1005.1: the found card is revealed and put into the hand; the opponent keeps knowing which it is.
          moveObject(s, found, 'hand');
          s.known = learn(s.known, opponentOf(me), [found]);
          log(s, { type: 'search', seat: me, card: objectOf(s, found).card, object: found, rule: '1014.2' });
        } else log(s, { type: 'search', seat: me, rule: '1014.2' });
        shuffleMainDeck(s, me); // "then shuffle" (1021.1a)
      } else if (e?.do === 'code' && e.handler === 'reveal-fable-from-extra-deck') {
        const chosen = answerOf(fableDecision, ret);
        if (s.players[item.controller].extra.includes(chosen)) revealFable(s, item.controller, chosen);
      } else if (e?.do === 'code' && e.handler === 'summon-resonator-from-graveyard') {
        const chosen = answerOf(summonDecision, ret);
        if (s.players[item.controller].graveyard.includes(chosen)) summon(s, item.controller, chosen);
      } else if (e?.do === 'play-copy-from-graveyard') {
        // 1017.3: the copy is made and played now, the whole of 903.2 (ruling F-PLAY-COPY).
        const chosen = answerOf(copyPlayDecision, ret);
        if (s.players[item.controller].graveyard.includes(chosen)) {
          data.copying = objectOf(s, chosen).card;
          return inTransaction(transaction, play, playData(item.controller, 'copy', chosen), 'copy-played');
        }
      } else if (e?.do === 'gain-gem') {
        gainGem(s, item.controller, answerOf(gemDecision, ret), '1027.1a');
      } else if (e?.do === 'produce') {
        produceWill(s, item.controller, answerOf(produceDecision, ret), item.source.id);
      } else if (e?.do === 'discard') {
        for (const id of answerOf(discardDecision, ret)) discard(s, item.controller, id);
      } else if (e && dealsDamageToTarget(e)) {
        // 910.2a: the damage event's replacement chosen; the effect is performed again with it.
        const ti = targetIndexOf(item.effects, data.index);
        const t = ti === null ? undefined : item.targets[ti];
        if (t && 'object' in t) {
          const answer = answerOf(replacementDecision, ret);
          const chain = addReplacementAnswer(data.replaced?.[t.object.id], answer);
          data.replaced = { ...data.replaced, [t.object.id]: chain };
        }
        return { goto: 'effect' };
      } else if (e?.do === 'destroy-all' || e?.do === 'destroy-refs') {
        // 910.2: one event's replacement chosen; the effect is performed again, asking the next or destroying.
        const [asked] = replacementChoices(s, destroyedBy(s, e), data.replaced ?? {});
        if (asked) data.replaced = { ...data.replaced, [asked.object]: answerOf(replacementDecision, ret) };
        return { goto: 'effect' };
      }
      data.index += 1;
      return { goto: 'effect' };
    },
    'copy-played'(s, { data, ret }) {
      const item = data.item;
      if (!item) throw new Error('resolve: no item');
      const card = data.copying;
      delete data.copying;
      data.index += 1;
      if (resultOf(transaction, ret).rewound) {
        // 1017.3b: not played (no legal target, or the player took the play back), the copy ceases to exist.
        log(s, { type: 'copy-not-played', seat: item.controller, ...(card ? { card } : {}), rule: '1017.3b' });
        return { goto: 'effect' };
      }
      // Ruling F-REVEAL: a chant played, so the other player may reveal now, before the resolution goes on.
      const other = chantRevealer(s, item.controller, null);
      if (other === null) return { goto: 'effect' };
      return {
        await: { decision: revealDecision.name, seat: other, payload: { condition: 'opponent-plays-a-chant' } },
        next: 'copy-revealed',
      };
    },
    'copy-revealed'(s, { ret }) {
      const chant = s.chase.at(-1);
      if (!chant) throw new Error('resolve: the copy left the chase');
      const revealer = opponentOf(chant.controller);
      for (const id of answerOf(revealDecision, ret)) revealTriggered(s, revealer, id, chant.source.id);
      return { goto: 'effect' };
    },
    finish(s, { data }) {
      const item = data.item;
      if (item?.kind !== 'card') return { return: null };
      const o = objectOf(s, item.source.id);
      if (o.zone !== 'chase') return { return: null };
      // 711.3, 1017.3a: a rune's copy is removed from the chase and ceases to exist.
      if (o.copy) {
        delete s.objects[o.id];
        return { return: null };
      }
      // 703.3: a chant goes to its owner's graveyard; 1115.2: after [Remnant], to the removed area.
      moveObject(s, o.id, item.remnant ? 'removed' : 'graveyard');
      return { return: null };
    },
  },
});

/** The effects that deal damage to their target J/resonator (the ones that may ask 910.2a's question). */
function dealsDamageToTarget(e: ItemEffect): boolean {
  return e.do === 'damage' || e.do === 'damage-per-gem' || (e.do === 'code' && e.handler === 'roll-two-dice-damage');
}

/** The objects a destroy effect destroys now (1010). */
function destroyedBy(s: FowState, e: ItemEffect): string[] {
  if (e.do === 'destroy-all') return s.field.filter((id) => hasType(s, id, 'resonator'));
  if (e.do === 'destroy-refs') return e.refs.filter((r) => stillThere(s, r)).map((r) => r.id);
  return [];
}

/** 910.2a: the question for a damage event meeting several kinds of replacement effect, if not answered yet. */
function askDamageReplacement(s: FowState, event: DamageEvent, replaced: Readonly<Record<string, string>>): Ask | null {
  const [choice] = damageReplacementChoices(s, [event], replaced);
  if (!choice) return null;
  const payload = { object: choice.object, kinds: choice.kinds, event: 'damage' };
  return { await: { decision: replacementDecision.name, seat: choice.seat, payload } };
}

/** 1005.1: a Fable card of the extra deck is shown to every player while the effect revealing it resolves. */
function revealFable(s: FowState, me: Seat, id: string): void {
  s.known = learn(s.known, opponentOf(me), [id]);
  log(s, { type: 'reveal-extra', seat: me, card: objectOf(s, id).card, object: id, rule: '1005.1' });
}

function discard(s: FowState, seat: Seat, id: string): void {
  moveObject(s, id, 'graveyard');
  log(s, { type: 'discard', seat, card: objectOf(s, id).card, object: id });
}

type Ask = { await: { decision: string; seat: Seat; payload: JsonObject } };

/** Does one effect; returns the question when it needs the player's choice (then `answered` finishes it). */
function perform(
  s: FowState,
  item: ChaseItem,
  e: ItemEffect,
  target: TargetRef | null,
  replaced: Readonly<Record<string, string>>,
): Ask | null {
  const me = item.controller;
  const obj = target && 'object' in target ? target.object.id : null;
  switch (e.do) {
    case 'damage': {
      if (target && 'player' in target) dealDamage(s, item.source.id, { player: target.player }, e.amount, false);
      if (!obj) return null;
      const asked = askDamageReplacement(
        s,
        { source: item.source.id, to: { object: obj }, amount: e.amount },
        replaced,
      );
      if (asked) return asked;
      dealDamage(s, item.source.id, { object: obj }, e.amount, false, replaced[obj]);
      return null;
    }
    case 'draw':
      draw(s, me, e.count);
      return null;
    case 'discard': {
      const hand = s.players[me].hand;
      if (hand.length <= e.count) {
        for (const id of [...hand]) discard(s, me, id); // 104.2: as many as possible
        return null;
      }
      return { await: { decision: discardDecision.name, seat: me, payload: { count: e.count } } };
    }
    case 'foresee': {
      const cards = s.players[me].main.slice(0, e.count);
      if (cards.length === 0) return null;
      s.known = learn(s.known, me, cards); // 1034.1: the player looks at them
      return { await: { decision: foreseeDecision.name, seat: me, payload: { cards } } };
    }
    case 'cancel': {
      // 1012.1: the spell leaves the chase for its owner's graveyard (the removed area after [Remnant], 1115.2).
      if (!target || !('item' in target)) return null;
      cancelItem(
        s,
        s.chase.findIndex((i) => i.id === target.item),
      );
      return null;
    }
    case 'destroy-all':
    case 'destroy-refs': {
      // 1010: every resonator at once (destroy-all), or the objects a trigger named that are still there.
      const ids = destroyedBy(s, e);
      const [choice] = replacementChoices(s, ids, replaced);
      if (choice)
        return {
          await: {
            decision: replacementDecision.name,
            seat: choice.seat,
            payload: { object: choice.object, kinds: choice.kinds },
          },
        };
      destroy(s, ids, '1010', replaced);
      return null;
    }
    case 'counters': {
      const on = e.on === 'self' ? (stillThere(s, item.source) ? item.source.id : null) : obj;
      if (!on || objectOf(s, on).zone !== 'field') return null;
      const o = objectOf(s, on);
      o.counters[e.counter] = (o.counters[e.counter] ?? 0) + e.count; // 1022
      log(s, { type: 'counters', seat: me, card: o.card, object: on, amount: e.count, target: e.counter });
      return null;
    }
    case 'move-counters': {
      // 1022.4: removed from this card (or the first target), the same name put on the target. Ruling
      // F-MOVE-COUNTERS: only what is removed is put, so a source that left the field (its counters gone, 1022.3) or
      // has fewer moves fewer. Between two targets both are legal here (903.3a, ruling F-MOVE-BETWEEN-TARGETS).
      const second = e.from ? item.targets[(targetIndexOf(item.effects, item.effects.indexOf(e)) ?? 0) + 1] : null;
      const fromId = e.from ? obj : stillThere(s, item.source) ? item.source.id : null;
      const toId = e.from ? (second && 'object' in second ? second.object.id : null) : obj;
      if (!fromId || !toId) return null;
      const from = objectOf(s, fromId);
      const to = objectOf(s, toId);
      const have = from.counters[e.counter] ?? 0;
      const moved = Math.min(e.count, have);
      if (moved === 0 || (from.zone !== 'field' && from.zone !== 'ruler')) return null;
      if (have === moved) delete from.counters[e.counter];
      else from.counters[e.counter] = have - moved;
      to.counters[e.counter] = (to.counters[e.counter] ?? 0) + moved;
      log(s, { type: 'counters-moved', seat: me, card: to.card, object: toId, amount: moved, target: e.counter });
      return null;
    }
    case 'recover':
      if (obj) objectOf(s, obj).rested = false; // 1013.1
      return null;
    case 'grant-until-end-of-turn':
      if (obj) addTurnEffect(s, obj, e.keywords);
      return null;
    case 'lose-abilities-until-end-of-turn':
      // 909.1d, 505.5b: every ability it has now goes until end of turn; one given later stays.
      if (obj) addTurnEffect(s, obj, [], { loseAbilities: true });
      return null;
    case 'becomes-until-end-of-turn':
      // 1020.2: ATK and DEF set, a 909.1g effect ordered by its timestamp with the +N/+N ones (909.3b).
      if (obj) addTurnEffect(s, obj, [], { becomes: { atk: e.atk, def: e.def } });
      return null;
    case 'shield-next-destruction-this-turn':
      // 910.1, 505.5b: a replacement for the next destroy event on the object this turn (actions-game.ts destroy).
      if (obj) addTurnEffect(s, obj, [], { replaceDestroy: true });
      return null;
    case 'extra-turn-after-this-one':
      // 1025.1: taken after this turn's end phase, before the turn that would begin (turn.ts `next-turn`).
      s.extraTurns = [...(s.extraTurns ?? []), me];
      log(s, { type: 'extra-turn', seat: me, rule: '1025.1' });
      return null;
    case 'extra-turn-for-target-player':
      // 1025.1, 1025.2: as "after this one" for the controller, for the target player (ruling F-EXTRA-TURN).
      if (!target || !('player' in target)) return null;
      s.extraTurns = [...(s.extraTurns ?? []), target.player];
      log(s, { type: 'extra-turn', seat: target.player, rule: '1025.1' });
      return null;
    case 'extra-turn-after-next-turn-of':
      // 1025.1, ruling F-EXTRA-TURN-LATER: kept until the target player's next turn begins (turn.ts `next-turn`).
      // Ruling F-EXTRA-TURN-NAMED: the taker and the player whose next turn it follows may be the target or its opponent.
      if (!target || !('player' in target)) return null;
      {
        const taker = e.taker === 'target' ? target.player : me;
        const after = e.after === 'opponent' ? opponentOf(target.player) : target.player;
        s.laterExtraTurns = [...(s.laterExtraTurns ?? []), { seat: taker, after, made: s.turn.number }];
        log(s, { type: 'extra-turn-later', seat: taker, target: after, rule: '1025.1' });
      }
      return null;
    case 'skip-next-phase':
      // 1031.1, 1031.1b: the target player's next such phase is skipped (turn.ts `recovery`); made during one, that
      // one goes on and the next is skipped.
      if (!target || !('player' in target)) return null;
      s.skips = [...(s.skips ?? []), { seat: target.player, phase: e.phase }];
      log(s, { type: 'skip-next', seat: target.player, phase: e.phase, rule: '1031.1' });
      return null;
    case 'skip-phase-this-turn': {
      // 1031.1, ruling F-SKIP-THIS-TURN: only a phase of this turn still to come; one begun or past is not skipped
      // (1031.1b: the next such phase would be in another turn, which the instruction does not name).
      const now = PHASES.indexOf(s.turn.phase as (typeof PHASES)[number]);
      if (PHASES.indexOf(e.phase) <= now) return null;
      const seat = s.turn.active;
      s.skips = [...(s.skips ?? []), { seat, phase: e.phase, turn: s.turn.number }];
      log(s, { type: 'skip-this-turn', seat, phase: e.phase, rule: '1031.1' });
      return null;
    }
    case 'unseal-yours-until-end-of-turn':
      // 1026.1, 1128.4, 505.5b: every [Seal] of a card `me` controls counts as met until end of turn (ruling
      // F-UNSEAL: whatever they control at each moment of the turn).
      if (!s.unsealed?.includes(me)) s.unsealed = [...(s.unsealed ?? []), me];
      log(s, { type: 'unsealed', seat: me, rule: '1026.1' });
      return null;
    case 'unseal-yours-for-the-game':
      // 1026.1, 1128.4, ruling F-UNSEAL-FOR-THE-GAME: as the Chime's, with no end but the game's (a restart, 1033).
      if (!s.unsealedForGame?.includes(me)) s.unsealedForGame = [...(s.unsealedForGame ?? []), me];
      log(s, { type: 'unsealed-for-the-game', seat: me, rule: '1026.1' });
      return null;
    case 'unseal': {
      // 1026.1, 1128.4: the card named, whoever controls it; a card with no [Seal] is marked to no effect.
      if (!obj) return null;
      const o = objectOf(s, obj);
      // Ruling F-UNSEAL-NAMED-UNTIL-END: a lasting unsealing is not shortened by one until end of turn.
      o.unsealed = e.until === 'end-of-turn' && o.unsealed !== true ? 'end-of-turn' : true;
      log(s, { type: 'unsealed-card', seat: me, card: o.card, object: obj, rule: '1026.1' });
      return null;
    }
    case 'become-weather':
      // 1028.1, 1028.1.a-1, 1028.1b: the player gets this weather, replacing any other.
      s.players[me].weather = e.weather;
      log(s, { type: 'weather', seat: me, target: e.weather, rule: '1028.1' });
      return null;
    case 'target-becomes-weather':
      // 1028.1: the same for the target player; their cards read it as their own weather (1028.2).
      if (!target || !('player' in target)) return null;
      s.players[target.player].weather = e.weather;
      log(s, { type: 'weather', seat: target.player, target: e.weather, rule: '1028.1' });
      return null;
    case 'wear-top-of-deck': {
      // 1032.1, 201.2b: the controller's J/ruler (in the ruler area or on the field) wears the top card of their
      // main deck: it goes to their item area, public (313.2). Ruling F-WEAR: with an empty deck nothing happens.
      // Ruling F-WEAR-ANOTHERS-CARD: the target player's deck, the card to its owner's item area (302.5).
      if (e.of && (!target || !('player' in target))) return null;
      const deckOf = e.of && target && 'player' in target ? target.player : me;
      const top = s.players[deckOf].main[0];
      if (top === undefined) return null;
      const wearer = jRulerOf(s, me);
      if (wearer === null) return null; // ruling F-DESTROY-RULER: no J/ruler to wear it
      moveObject(s, top, 'item');
      const o = objectOf(s, top);
      o.wornBy = refOf(s, wearer);
      log(s, { type: 'worn', seat: me, card: o.card, object: top, target: wearer, rule: '1032.1' });
      return null;
    }
    case 'wear-self': {
      // 1032.1, ruling F-WEAR-THIS-CARD: the source, still the same object on the field, goes to its owner's item area
      // (302.5) worn by the controller's J/ruler; with no J/ruler, or gone from the field, nothing happens.
      if (!stillThere(s, item.source)) return null;
      const o = objectOf(s, item.source.id);
      const wearer = jRulerOf(s, me);
      if (o.zone !== 'field' || wearer === null) return null;
      moveObject(s, o.id, 'item');
      o.wornBy = refOf(s, wearer);
      log(s, { type: 'worn', seat: me, card: o.card, object: o.id, target: wearer, rule: '1032.1' });
      return null;
    }
    case 'gain-gem':
      // 1027.1a: "a gem of any attribute": its controller chooses the attribute as it resolves.
      if (e.attribute === 'any') return { await: { decision: gemDecision.name, seat: me, payload: {} } };
      gainGem(s, me, e.attribute, '1027.1');
      return null;
    case 'damage-per-gem': {
      // 1007: as many hundreds as the effect's controller has gems now (the one just gained counts, ruling F-GEM).
      const gems = s.players[me].gems?.length ?? 0;
      if (gems === 0 || !obj) return null;
      const event = { source: item.source.id, to: { object: obj }, amount: e.per * gems };
      const asked = askDamageReplacement(s, event, replaced);
      if (asked) return asked;
      dealDamage(s, item.source.id, { object: obj }, e.per * gems, false, replaced[obj]);
      return null;
    }
    case 'becomes-attribute-until-end-of-turn':
      // 909.1c, 909.6, 505.5b: its attribute becomes this one until end of turn (latest timestamp wins).
      if (obj) addTurnEffect(s, obj, [], { attribute: e.attribute });
      return null;
    case 'becomes-type-until-end-of-turn':
      // 1020.1, 909.1c, 505.5b: it becomes a regalia until end of turn. Ruling F-BECOMES-TYPE: no longer a
      // J/resonator, it stops battling (as 1029.1 says of a card removed from battle).
      if (!obj) return null;
      addTurnEffect(s, obj, [], { types: [e.type] });
      if (s.battle && !isJResonator(s, obj)) removeFromBattle(s, obj);
      log(s, {
        type: 'became-type',
        seat: me,
        card: objectOf(s, obj).card,
        object: obj,
        target: e.type,
        rule: '1020.1',
      });
      return null;
    case 'becomes-race-until-end-of-turn':
      // 1020.1, 909.1c, 505.5b: it becomes this race and loses the others until end of turn (latest timestamp wins).
      if (obj) addTurnEffect(s, obj, [], { race: e.race });
      return null;
    case 'gains-race-until-end-of-turn':
      // 1020.1, 909.1c, 505.5b: it gains this race and keeps the others until end of turn (F-BECOMES-RACE-GAINED).
      if (obj) addTurnEffect(s, obj, [], { gainRace: e.race });
      return null;
    case 'return-instead-of-destruction-this-turn':
      // 910.1, 505.5b: a replacement for a destroy event on the object this turn (actions-game.ts destroy).
      if (obj) addTurnEffect(s, obj, [], { returnInsteadOfDestroy: true });
      return null;
    case 'remove-instead-of-graveyard-this-turn':
      // 910.1, 505.5b: a replacement of the object's next move to a graveyard from the field this turn (moveObject).
      if (obj) addTurnEffect(s, obj, [], { removeInsteadOfGraveyard: true });
      return null;
    case 'prevent-next-damage-this-turn':
      // 1018.1a, 505.5b: a prevention by a number for the next damage event on the object this turn (dealDamage).
      if (obj) addTurnEffect(s, obj, [], { preventNext: e.amount });
      return null;
    case 'copy-chant':
    case 'copy-spell': {
      // 1017.1d: nothing if the chant is no longer on the chase (then the target is illegal and this is not reached).
      const original = target && 'item' in target ? s.chase.find((i) => i.id === target.item) : undefined;
      if (original) copyOnChase(s, me, original);
      return null;
    }
    case 'invert-self':
      if (stillThere(s, item.source)) invertOnField(s, me, item.source.id);
      return null;
    case 'invert-and-remove-self':
      if (stillThere(s, item.source)) invertAndRemove(s, me, item.source.id);
      return null;
    case 'invert':
      // 1030.1, 1030.3 on the target (ruling F-INVERT-TARGET); an illegal target is not reached (903.3a).
      if (!obj) return null;
      if (e.remove) invertAndRemove(s, me, obj);
      else invertOnField(s, me, obj);
      return null;
    case 'destroy-opponents-ruler':
      destroyRuler(s, opponentOf(me));
      return null;
    case 'become-copy': {
      // 1017.2: the copier, still the same object on the field, takes the other card's printed face (the face up),
      // before continuous effects: a copy's copy is of the printed card (ruling F-BECOME-COPY). "Target resonator
      // becomes a copy of another target resonator": the first target copies the second (ruling F-COPY-UNTIL-END).
      const second =
        e.copier === 'target' ? item.targets[(targetIndexOf(item.effects, item.effects.indexOf(e)) ?? 0) + 1] : null;
      const copierId = e.copier === 'target' ? obj : stillThere(s, item.source) ? item.source.id : null;
      const fromId = e.copier === 'target' ? (second && 'object' in second ? second.object.id : null) : obj;
      if (!copierId || !fromId || objectOf(s, copierId).zone !== 'field') return null;
      const copier = objectOf(s, copierId);
      const from = objectOf(s, fromId);
      const at = stamp(s); // 909.3.b-2
      const copy = { card: from.card, face: from.face, at };
      // 505.5b: a copy until end of turn is a turn effect, under which a lasting copy stays (909.3b: the latest wins).
      if (e.until === 'end-of-turn')
        s.effects.push({ object: refOf(s, copierId), atk: 0, def: 0, keywords: [], timestamp: at, copyOf: copy });
      else copier.copyOf = copy;
      copier.since = at; // 909.3.b-1: the copied card's own abilities become active now
      log(s, {
        type: 'became-copy',
        seat: me,
        card: copier.card,
        object: copier.id,
        target: from.card,
        rule: '1017.2',
      });
      return null;
    }
    case 'play-copy-from-graveyard': {
      // 1014.1: the graveyard is public, so a chant card must be chosen if there is one; a triggered-form [Trigger]
      // card is played only once triggered (906.2a), so it is not one that can be played.
      const cards = s.players[me].graveyard.filter((id) => {
        const card = cardOf(objectOf(s, id).card);
        return card.types.includes('chant') && triggeredFormOf(card) === null;
      });
      if (cards.length === 0) return null;
      return { await: { decision: copyPlayDecision.name, seat: me, payload: { cards } } };
    }
    case 'restart-game':
      // 1033.1: the game ends at once: the priority process returns to the turn (turn.ts), which sets up the new one.
      // A restart card is a chant without [Quickcast], so it resolves at main timing, never in a battle.
      if (s.battle) throw new UnsupportedRule('1033.1', 'restarting the game during a battle');
      s.restarting = { seat: me, card: item.source.id };
      return null;
    case 'copy-ability': {
      // 1017.1b, 1017.1d: the same, for an ability still on the chase (ruling F-COPY-ABILITY).
      const original = target && 'item' in target ? s.chase.find((i) => i.id === target.item) : undefined;
      if (original) copyOnChase(s, me, original);
      return null;
    }
    case 'mill': {
      if (!target || !('player' in target)) return null;
      const deck = s.players[target.player].main;
      const cards = deck.slice(0, e.count);
      for (const id of cards) moveObject(s, id, 'graveyard');
      log(s, { type: 'mill', seat: target.player, amount: cards.length });
      return null;
    }
    case 'produce': {
      // 907.1: a spell, or a triggered ability that is not a will ability, makes its will as it resolves.
      const symbols = symbolsOf(e.one);
      if (symbols.length > 1) return { await: { decision: produceDecision.name, seat: me, payload: { symbols } } };
      if (symbols[0]) produceWill(s, me, symbols[0], item.source.id);
      return null;
    }
    case 'code':
      return code(s, item, e.handler, target, replaced);
    case 'gain-life':
      s.players[me].life += e.amount; // 1135.2
      log(s, { type: 'gain-life', seat: me, amount: e.amount });
      return null;
    case 'remove-limit-counter': {
      if (!stillThere(s, item.source)) return null;
      const o = objectOf(s, item.source.id);
      if ((o.counters.limit ?? 0) > 0) o.counters.limit = (o.counters.limit ?? 0) - 1; // 1118.2
      return null;
    }
    case 'shift': {
      if (!stillThere(s, item.source)) return null;
      const o = objectOf(s, item.source.id);
      if (o.zone === 'field' && o.face === 'front' && cardOf(o.card).back) {
        o.face = 'back'; // 1117.2, 1302.2: the same object, its future face up
        o.since = stamp(s); // 909.3.b-1: its new face's abilities become active now
        log(s, { type: 'shifted', seat: me, card: o.card, object: o.id });
      }
      return null;
    }
    case 'evolve': {
      if (!stillThere(s, item.source)) return null;
      const o = objectOf(s, item.source.id);
      if ((o.counters.evolution ?? 0) === 0) o.counters.evolution = 1; // 1116.2
      return null;
    }
    case 'add-to':
      return null; // 1406.2b: done as the card resolves (addClassified)
    case 'equip': {
      // 1121.2, 1002: attach this addition (if it is still the same, unattached card) to the target.
      if (!obj || !stillThere(s, item.source)) return null;
      const a = objectOf(s, item.source.id);
      if (a.zone !== 'field' || a.attachedTo !== null) return null;
      attach(s, a.id, obj);
      log(s, { type: 'attach', seat: me, card: a.card, object: a.id, target: obj });
      return null;
    }
  }
}

/** 1027.1: a typeless gem token with that attribute in the item area (it is not on the field: ruling F-GEM). */
function gainGem(s: FowState, seat: Seat, attribute: Attribute, rule: string): void {
  const p = s.players[seat];
  p.gems = [...(p.gems ?? []), attribute];
  log(s, { type: 'gem', seat, target: attribute, rule });
}

/**
 * 1406.2b: a classified addition whose target is still legal comes onto the field under its controller, attached to
 * that card; otherwise it goes to its owner's graveyard (ruling F-CLASSIFIED).
 */
function addClassified(s: FowState, item: ChaseItem, legal: boolean): void {
  const to = item.targets[0];
  const id = item.source.id;
  if (!legal || !to || !('object' in to)) {
    moveObject(s, id, 'graveyard');
    log(s, { type: 'not-added', seat: item.controller, card: item.card, object: id, rule: '1406.2b' });
    return;
  }
  enterField(s, id, item.controller, item.awakened);
  attach(s, id, to.object.id);
  log(s, { type: 'attach', seat: item.controller, card: item.card, object: id, target: to.object.id, rule: '1406.2b' });
}

/** 1012.1: the item at `at` leaves the chase; a card goes to its owner's graveyard (removed after [Remnant], 1115.2). */
function cancelItem(s: FowState, at: number): void {
  const victim = s.chase[at];
  if (!victim) return;
  s.chase.splice(at, 1);
  log(s, { type: 'cancelled', seat: victim.controller, card: victim.card, object: victim.source.id });
  if (victim.kind === 'card' && objectOf(s, victim.source.id).zone === 'chase') {
    if (objectOf(s, victim.source.id).copy)
      delete s.objects[victim.source.id]; // 1017.3a
    else moveObject(s, victim.source.id, victim.remnant ? 'removed' : 'graveyard');
  }
}

/**
 * 1006.1: the resonator card goes on top of the chase as a resonator spell, on top of this chant (which finishes
 * resolving below it). It is not played (ruling F-SUMMON): no cost, no [Torrent] count, no "when played" trigger.
 */
function summon(s: FowState, seat: Seat, id: string): void {
  const o = objectOf(s, id);
  moveObject(s, id, 'chase');
  o.controller = seat;
  o.face = 'front';
  s.chase.push({
    id: newId(s, 'c'),
    kind: 'card',
    controller: seat,
    source: refOf(s, id),
    card: o.card,
    effects: [...cardOf(o.card).effects],
    targets: [],
    awakened: false,
    torrent: false,
    remnant: false,
  });
  log(s, { type: 'summon', seat, card: o.card, object: id, rule: '1006.1' });
}

/**
 * 1017.1, 1017.1c: a copy of a chant (1017.1a: a virtual card) or of an ability (1017.1b) on top of the chase, under
 * the copying effect's controller (rulings F-COPY, F-COPY-ABILITY), with the original's choices: its face,
 * awakening, [Torrent], the object its trigger met, and its targets. It is not played (no cost, no [Torrent] count,
 * no reveal window). A chant's copy ceases to exist when it leaves the chase (resolve `finish`, `cancelItem`); an
 * ability's copy has the same source as the original, so "this card" in its text is still that card.
 */
function copyOnChase(s: FowState, seat: Seat, original: ChaseItem): void {
  let source = original.source;
  if (original.kind === 'card') {
    const from = objectOf(s, original.source.id);
    const id = newId(s, 'k');
    s.objects[id] = { ...from, id, owner: seat, controller: seat, zone: 'chase', counters: {}, copy: true };
    source = refOf(s, id);
  }
  s.chase.push({
    ...original,
    id: newId(s, 'c'),
    controller: seat,
    source,
    effects: [...original.effects],
    targets: [...original.targets],
    remnant: false,
  });
  // One log type for every copy put on the chase (readers count chase items by it); the rule tells them apart.
  const ability = original.kind !== 'card';
  log(s, {
    type: 'copied',
    seat,
    card: original.card,
    object: source.id,
    rule: ability ? '1017.1b' : '1017.1',
  });
}

/** 1021.1a: the main deck's order is made random; nobody knows which face-down card is which any more. */
function shuffleMainDeck(s: FowState, seat: Seat): void {
  const [order, rng] = shuffle(s.players[seat].main, s.rng);
  s.players[seat].main = order;
  s.rng = rng;
  s.known = forget(s.known, order) ?? {};
  log(s, { type: 'shuffle', seat, rule: '1021.1a' });
}

function code(
  s: FowState,
  item: ChaseItem,
  handler: string,
  target: TargetRef | null,
  replaced: Readonly<Record<string, string>>,
): Ask | null {
  switch (handler) {
    case 'heal-your-ruler': {
      // 1024.1: an astral ruler loses its astral counters and the rule that took [Judgment] away stops applying;
      // 1024.2: nothing else about it changes. A ruler that is not astral is not changed at all.
      const ruler = rulerOf(s, item.controller);
      if (ruler.zone !== 'ruler') return null; // 308.4: "your ruler" is in the ruler area (F-DESTROY-RULER)
      if ((ruler.counters.astral ?? 0) === 0 && !s.players[item.controller].lostJudgment) return null;
      delete ruler.counters.astral;
      s.players[item.controller].lostJudgment = false;
      log(s, { type: 'healed', seat: item.controller, card: ruler.card, object: ruler.id, rule: '1024.1' });
      return null;
    }
    case 'search-deck-for-resonator': {
      // 1014.2: the searcher sees the deck's resonator cards, privately.
      const me = item.controller;
      const cards = s.players[me].main.filter((id) => cardOf(objectOf(s, id).card).types.includes('resonator'));
      s.known = learn(s.known, me, cards);
      return { await: { decision: searchDecision.name, seat: me, payload: { cards } } };
    }
    case 'prevent-all-damage-to-target-this-turn': {
      // 1018, 505.5b: a prevention effect on the target until end of turn (a replacement effect, 910.2a).
      if (!target || !('object' in target)) return null;
      addTurnEffect(s, target.object.id, [], { preventDamage: true });
      return null;
    }
    case 'redirect-damage-to-controller-this-turn': {
      // 910.1, 505.5b: a replacement effect on the target until end of turn: its damage goes to its controller.
      if (!target || !('object' in target)) return null;
      addTurnEffect(s, target.object.id, [], { redirectDamage: true });
      return null;
    }
    case 'summon-resonator-from-graveyard': {
      const me = item.controller;
      const cards = s.players[me].graveyard.filter((id) => cardOf(objectOf(s, id).card).types.includes('resonator'));
      if (cards.length === 0) return null;
      return { await: { decision: summonDecision.name, seat: me, payload: { cards } } };
    }
    case 'shuffle-your-main-deck':
      shuffleMainDeck(s, item.controller);
      return null;
    case 'cancel-that-chant': {
      // 1113.2b, 1012.1: "that chant" is the one whose play triggered the card (not a target: [Barrier] does not
      // matter); nothing happens if it has left the chase (906.10's object is gone) or become another object.
      const that = item.about;
      if (!that) return null;
      cancelItem(
        s,
        s.chase.findIndex((i) => i.kind === 'card' && i.source.id === that.id && i.source.inc === that.inc),
      );
      return null;
    }
    case 'rest-attacker-remove-from-battle': {
      // 1113.2b: "that J/resonator" is the attacker whose attack triggered the card; 1029: removed from battle.
      const that = item.about;
      if (!that || !stillThere(s, that) || objectOf(s, that.id).zone !== 'field') return null;
      objectOf(s, that.id).rested = true;
      removeFromBattle(s, that.id);
      log(s, {
        type: 'removed-from-battle',
        seat: item.controller,
        card: objectOf(s, that.id).card,
        object: that.id,
        rule: '1029',
      });
      return null;
    }
    case 'halve-life': {
      // 104.6: the life becomes half its value; 1205 rounds it up at the next rule processing.
      if (!target || !('player' in target)) return null;
      const p = s.players[target.player];
      p.life = p.life / 2;
      log(s, { type: 'life-set', seat: target.player, amount: p.life });
      return null;
    }
    case 'roll-two-dice-damage': {
      // 910.2a: the replacement is chosen before the dice are rolled, so answering the question does not roll again;
      // it is asked for the most two dice can deal (1200), so a prevention by a number chosen first is followed by
      // the question for the rest whenever a rest could be left (ruling F-PREVENT-NUMBER).
      const at = target && 'object' in target && isJResonator(s, target.object.id) ? target.object.id : null;
      const asked = at
        ? askDamageReplacement(s, { source: item.source.id, to: { object: at }, amount: 1200 }, replaced)
        : null;
      if (asked) return asked;
      // 1023: [Force] 2: two six-sided dice, from the seeded RNG.
      const [a, r1] = nextInt(s.rng, 6);
      const [b, r2] = nextInt(r1, 6);
      s.rng = r2;
      const total = a + 1 + b + 1;
      log(s, { type: 'force', seat: item.controller, amount: total });
      if (at) dealDamage(s, item.source.id, { object: at }, 100 * total, false, replaced[at]);
      return null;
    }
    case 'move-addition':
      if (!target || !('object' in target) || s.field.length === 0) return null;
      return {
        await: { decision: attachDecision.name, seat: item.controller, payload: { addition: target.object.id } },
      };
    case 'create-drowned-knights': {
      // 1303.1b–d: two resonator tokens named Drowned Knight, on the field under this effect's controller.
      for (let i = 0; i < 2; i++) createToken(s, DROWNED_KNIGHT, item.controller);
      return null;
    }
    case 'play-from-extra-deck-while-revealed':
      return null; // a permission at priority, not an effect (ruling F-EXTRA)
    case 'reveal-fable-from-extra-deck': {
      // 1005.1: shown to every player until this effect has finished resolving (ruling F-EXTRA); the opponent keeps
      // knowing which card it is while it stays in the extra deck.
      const me = item.controller;
      const fables = s.players[me].extra.filter((id) => cardOf(objectOf(s, id).card).races.includes('Fable'));
      const [only, ...more] = fables;
      if (only === undefined) return null;
      // Several (a Grimoire above 1, 1132.2): the controller chooses the one revealed (ruling F-FABLE-CHOICE).
      if (more.length > 0) return { await: { decision: fableDecision.name, seat: me, payload: { cards: fables } } };
      revealFable(s, me, only);
      return null;
    }
    default:
      throw new UnsupportedRule('903.3', `effect handler ${handler}`);
  }
}

/**
 * 505.5b: an until-end-of-turn effect on the object, stamped as it is made (909.3.b-2). The record's members keep
 * the order they always had, so stored matches hash as before.
 */
function addTurnEffect(
  s: FowState,
  id: string,
  keywords: KeywordName[],
  kind: Pick<
    TurnEffect,
    | 'preventDamage'
    | 'loseAbilities'
    | 'replaceDestroy'
    | 'becomes'
    | 'returnInsteadOfDestroy'
    | 'attribute'
    | 'race'
    | 'gainRace'
    | 'redirectDamage'
    | 'types'
    | 'preventNext'
    | 'removeInsteadOfGraveyard'
  > = {},
): void {
  s.effects.push({ object: refOf(s, id), atk: 0, def: 0, keywords, timestamp: stamp(s), ...kind });
}
