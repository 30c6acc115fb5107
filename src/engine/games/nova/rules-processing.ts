import { runUntilStable } from '../../core/fixpoint.ts';
import { opponentOf, type Seat } from '../../core/game.ts';
import { novaCard } from './cards/pool.ts';
import { characteristics, type FieldScan, scanField } from './characteristics.ts';
import { destroyOrAsk, destructionWaits } from './destruction.ts';
import { resolvingNow } from './resolve.ts';
import type { CardObject, NovaState } from './state.ts';
import { checkStateTriggers } from './triggers.ts';
import { fieldObjects, moveCard, obj } from './zones.ts';

/**
 * NOVA 907.1: a card enters the destroyed state and its "when destroyed" abilities trigger; `inBattle`: by 503 right
 * after battle damage (405.6.3.2, 922.1), which also triggers "when destroyed in battle". A replacement may happen
 * instead (802.1.3.1.1, R96, R107), and when its controller has a choice to make the destruction waits for it
 * (destruction.ts, R109). `battle`: the servants dealt battle damage just before, for the rules processing after it.
 */
export function destroy(s: NovaState, target: CardObject, inBattle = false, battle: readonly string[] = []): void {
  if (target.destroyed || target.zone !== 'field') return;
  if (characteristics(s, target).indestructible) return; // NOVA 907.2
  destroyOrAsk(s, target, inBattle, battle);
}

/** NOVA 502: life at 0 or below, or a failed draw, loses; both players at once is a draw (docs/rulings A44). */
function defeatCheck(s: NovaState): boolean {
  if (s.result) return false;
  const { p1, p2 } = s.players;
  if (p1.life > 0 && !p1.failedDraw && p2.life > 0 && !p2.failedDraw) return false; // the usual case, without a list
  const losers = (['p1', 'p2'] as Seat[]).filter((p) => s.players[p].life <= 0 || s.players[p].failedDraw);
  if (losers.length === 0) return false;
  if (losers.length === 2) {
    // NOVA 003.2.4: both at 0 life at once — the player who caused it loses. The cause we can name is the
    // controller of the card or ability being resolved; the same applies to mixed losses (docs/rulings A44).
    const causer = resolvingNow(s)?.item.controller;
    if (causer) {
      const bothByLife = s.players.p1.life <= 0 && s.players.p2.life <= 0;
      s.result = {
        kind: 'win',
        winner: opponentOf(causer),
        reason: 'both-lost-caused',
        rule: bothByLife ? '003.2.4' : '003.2.4 (A44)',
      };
      return true;
    }
    s.result = {
      kind: 'draw',
      reason: 'both-lost',
      rule: '502 (A44)',
    };
    return true;
  }
  const loser = losers[0] as Seat;
  const byLife = s.players[loser].life <= 0;
  s.result = {
    kind: 'win',
    winner: opponentOf(loser),
    reason: byLife ? 'life-zero' : 'failed-draw',
    rule: byLife ? '502.1' : '502.2',
  };
  return true;
}

/**
 * NOVA 503.1–503.2: a servant whose damage reaches its HP is destroyed; one dealt battle damage just before
 * (`battleDamaged`) is destroyed in battle (405.6.3.2, ruling R77).
 */
function hpShortfall(s: NovaState, battleDamaged: readonly string[]): boolean {
  let changed = false;
  let scan: FieldScan | null = null; // one walk of the fields for every servant, taken again after a destruction
  for (const o of fieldObjects(s)) {
    if (o.destroyed || novaCard(o.card).type !== 'servant') continue;
    scan ??= scanField(s);
    const c = characteristics(s, o, scan);
    if (c.indestructible) continue; // NOVA 907.2: ignores 503 entirely
    if (o.damage >= Math.max(0, c.hp)) {
      destroy(s, o, battleDamaged.includes(o.id), battleDamaged);
      scan = null;
      changed = true;
      if (destructionWaits(s)) return true; // its controller decides first (R109); rules processing stops
    }
  }
  return changed;
}

/** NOVA 505.1: one copy of a unique name per field; the longest-present stays, the rest leave. */
function oneCopyRule(s: NovaState): boolean {
  let changed = false;
  for (const seat of ['p1', 'p2'] as Seat[]) {
    let byName: Map<string, CardObject[]> | null = null; // made only when the field has a unique card
    for (const o of fieldObjects(s, seat)) {
      const def = novaCard(o.card);
      if (!def.uniqueOnField && def.type !== 'character') continue;
      byName ??= new Map();
      const group = byName.get(def.name.en);
      if (group) group.push(o);
      else byName.set(def.name.en, [o]);
    }
    if (!byName) continue;
    for (const group of byName.values()) {
      if (group.length < 2) continue;
      // Entry timestamps are unique, so "longest on the field" is never tied here.
      const sorted = [...group].sort((a, b) => a.enteredAt - b.enteredAt);
      for (const extra of sorted.slice(1)) {
        moveCard(s, extra.id, 'graveyard'); // characters go to the retired area instead (504, A32)
        changed = true;
      }
    }
  }
  return changed;
}

/** NOVA 506.1 (and A16): equipment whose equipped card left the field goes to its owner's graveyard. */
function equipCheck(s: NovaState): boolean {
  let changed = false;
  for (const o of fieldObjects(s)) {
    if (!o.attachedTo) continue;
    const host = s.objects[o.attachedTo];
    if (host?.zone !== 'field' || novaCard(host.card).type !== (novaCard(o.card).equip?.type ?? 'servant')) {
      moveCard(s, o.id, 'graveyard');
      changed = true;
    }
  }
  return changed;
}

/** NOVA 507.1: limit release at ≤1500 and ≤1000 life, once each, both at once if one hit crosses both (A33). */
function limitRelease(s: NovaState): boolean {
  let changed = false;
  for (const seat of ['p1', 'p2'] as Seat[]) {
    const p = s.players[seat];
    if (!p.released1500 && p.life <= 1500) {
      p.released1500 = true;
      p.limitLevel += 1;
      changed = true;
    }
    if (!p.released1000 && p.life <= 1000) {
      p.released1000 = true;
      p.limitLevel += 1;
      changed = true;
    }
  }
  return changed;
}

/**
 * NOVA 501: rules processing, repeated until nothing changes; it stops at once when the game is decided.
 * `battleDamaged`: servants dealt battle damage just before (the damage frame's), for 405.6.3.2.
 */
export function rulesProcessing(s: NovaState, battleDamaged: readonly string[] = []): void {
  if (s.result || destructionWaits(s)) return;
  runUntilStable(
    s,
    [
      (x) => !destructionWaits(x) && defeatCheck(x),
      (x) => !x.result && !destructionWaits(x) && hpShortfall(x, battleDamaged),
      (x) => !x.result && !destructionWaits(x) && oneCopyRule(x),
      (x) => !x.result && !destructionWaits(x) && equipCheck(x),
      (x) => !x.result && !destructionWaits(x) && limitRelease(x),
    ],
    '501.1',
  );
  // A destruction waiting for a choice: the destruction frame runs rules processing again once it is made (R109).
  if (!s.result && !destructionWaits(s)) checkStateTriggers(s); // NOVA 801.4.6: at the same moments, though not rules processing (501.2)
}

/**
 * NOVA 907.1 (docs/rulings A40): a destroyed card goes to its owner's graveyard (a character to the retired
 * area) at the first priority processing where none of the abilities its destruction triggered are pending
 * or waiting, unless its destruction was negated. Returns whether any card left.
 */
export function moveDestroyedCards(s: NovaState): boolean {
  let moved = false;
  for (const o of fieldObjects(s)) {
    if (!o.destroyed) continue;
    const waiting =
      s.pendingTriggers.some((t) => t.causeObject === o.id) || s.waiting.some((w) => w.causeObject === o.id);
    if (!waiting) {
      moveCard(s, obj(s, o.id).id, 'graveyard');
      moved = true;
    }
  }
  return moved;
}
