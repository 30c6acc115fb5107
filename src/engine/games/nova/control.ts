import type { Seat } from '../../core/game.ts';
import { logPublic } from './log.ts';
import type { CardObject, NovaState } from './state.ts';
import { writableObj } from './working-copy.ts';
import { fieldObjects } from './zones.ts';

/**
 * NOVA 301.9.1: a card that changes controller moves from field to field, which is not a zone change: it stays the
 * same object, with its damage, counters, effects and entry time (so 505's "longest on the field" still counts from
 * when it first arrived). NOVA 203.4: its new controller has not controlled it since the start of their turn.
 * NOVA 205.4: equipment attached to it changes controller with it.
 */
export function changeControl(s: NovaState, o: CardObject, to: Seat): void {
  if (o.zone !== 'field' || o.controller === to) return;
  const moving = [o, ...fieldObjects(s).filter((e) => e.attachedTo === o.id)];
  for (const m of moving) {
    const from = s.players[m.controller].zones.field;
    from.splice(from.indexOf(m.id), 1);
    s.players[to].zones.field.push(m.id);
    const w = writableObj(s, m.id);
    w.controller = to;
    w.sinceTurnStart = false;
  }
  logPublic(s, { k: 'control', seat: to, card: o.card });
}

/**
 * NOVA 407.6: "until end of turn" control effects end, and each card goes back to its owner (005.3.2): every control
 * effect in the vocabulary lasts until end of turn, so none outlives another. Rules processing runs afterwards (505
 * may now see two same-name cards on one field).
 */
export function endControlEffects(s: NovaState): void {
  for (const e of s.effects) {
    if (e.kind !== 'control') continue;
    for (const id of e.affected) {
      const o = s.objects[id];
      if (o?.zone === 'field') changeControl(s, o, o.owner); // a card that left is a new object (301.9): skip it
    }
  }
}
