import { opponentOf, type Seat } from '../../core/game.ts';
import type { Label } from '../../core/label.ts';
import { novaCard } from './cards/pool.ts';
import type { Selector } from './cards/schema.ts';
import type { NovaState, TargetRef } from './state.ts';
import { fieldObjects } from './zones.ts';

/** Every legal choice for a selector, seen from the player making it (NOVA 804.2.2.1, 804.4, 916.5). */
export function candidates(s: NovaState, chooser: Seat, sel: Selector, forDamage: boolean): TargetRef[] {
  const out: TargetRef[] = [];
  const sideOk = (controller: Seat) =>
    sel.side === 'any' || (sel.side === 'yours' ? controller === chooser : controller === opponentOf(chooser));
  const wantsServant =
    sel.what === 'servant' || sel.what === 'servant-or-player' || sel.what === 'servant-or-character';
  for (const o of fieldObjects(s)) {
    if (!sideOk(o.controller)) continue;
    if (sel.state && o.frozen !== (sel.state === 'frozen')) continue; // NOVA 302: a frozen or standby filter
    const type = novaCard(o.card).type;
    if (sel.what === 'destroyed-servant') {
      if (type === 'servant' && o.destroyed) out.push({ kind: 'object', id: o.id });
      continue;
    }
    // NOVA 916.5: a destroyed-state servant cannot be targeted by damage.
    if (forDamage && o.destroyed) continue;
    const wantsCharacter = sel.what === 'servant-or-character' || sel.what === 'character';
    if ((wantsServant && type === 'servant') || (wantsCharacter && type === 'character')) {
      out.push({ kind: 'object', id: o.id });
    }
  }
  if (sel.what === 'servant-or-player' || sel.what === 'player') {
    for (const seat of ['p1', 'p2'] as const) if (sideOk(seat)) out.push({ kind: 'player', seat });
  }
  // NOVA 804.2.2: an automatic ability chooses its targets before it is in the waiting area (804.2 is the same
  // procedure for every play), so the one being placed is not among them (docs/rulings/nova.md R85).
  if (sel.what === 'waiting-item')
    for (const item of s.waiting) if (!item.choosingTargets) out.push({ kind: 'item', id: item.id });
  return out;
}

export function sameTarget(a: TargetRef, b: TargetRef): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'player' && b.kind === 'player') return a.seat === b.seat;
  if (a.kind !== 'player' && b.kind !== 'player') return a.id === b.id;
  return false;
}

/** A target is still legal on resolution if it is still a candidate: a moved card is a new object (301.9). */
export function stillLegal(s: NovaState, chooser: Seat, sel: Selector, t: TargetRef, forDamage: boolean): boolean {
  return candidates(s, chooser, sel, forDamage).some((c) => sameTarget(c, t));
}

export function targetId(t: TargetRef): string {
  return t.kind === 'player' ? `player:${t.seat}` : `${t.kind}:${t.id}`;
}

export function parseTargetId(id: string): TargetRef | null {
  const [kind, rest] = id.split(':');
  if (kind === 'player' && (rest === 'p1' || rest === 'p2')) return { kind: 'player', seat: rest };
  if ((kind === 'object' || kind === 'item') && rest) return { kind, id: rest };
  return null;
}

export function describeTarget(s: NovaState, t: TargetRef): Label {
  if (t.kind === 'player') return { en: `player ${t.seat}`, ja: `プレイヤー${t.seat}` };
  if (t.kind === 'object') {
    const o = s.objects[t.id];
    const name = o ? novaCard(o.card).name : { en: 'a card', ja: 'カード' };
    return { en: `${name.en} (${o?.controller ?? '?'})`, ja: `${name.ja}（${o?.controller ?? '?'}）` };
  }
  const item = s.waiting.find((w) => w.id === t.id);
  const name = item ? novaCard(item.card).name : { en: 'an item', ja: '項目' };
  const what = item?.kind === 'card' ? { en: '', ja: '' } : { en: ' ability', ja: 'の能力' };
  return { en: `${name.en}${what.en} in the waiting area`, ja: `待機領域の${name.ja}${what.ja}` };
}
