import type { Locale } from '../engine/core/label.ts';
import type { NovaCardView, NovaView } from '../engine/games/nova/view.ts';

function card(c: NovaCardView, locale: Locale): string {
  const state = [c.frozen ? 'frozen' : '', c.destroyed ? 'destroyed' : '', c.damage > 0 ? `dmg ${c.damage}` : '']
    .filter(Boolean)
    .join(', ');
  const stats = c.atk !== undefined ? ` ${c.atk}/${c.hp}` : '';
  return `${c.name[locale]}${stats}${state ? ` (${state})` : ''}`;
}

/** A NOVA view as plain text, for the terminal match. Built from a per-viewer view only. */
export function describeNovaView(v: NovaView, locale: Locale = 'en'): string {
  const lines: string[] = [];
  lines.push(`Turn ${v.turn.number} · ${v.turn.active} · ${v.turn.phaseName[locale]}`);
  for (const seat of ['p1', 'p2'] as const) {
    const p = v.players[seat];
    lines.push(
      `  ${seat}: life ${p.life}, limit ${p.limitLevel}, hand ${p.counts.hand}, deck ${p.counts.deck}, graveyard ${p.counts.graveyard}, energy ${p.energy.length} (${p.energy.filter((e) => !e.frozen).length} standby)`,
    );
    if (p.field.length > 0) lines.push(`      field: ${p.field.map((c) => card(c, locale)).join(' | ')}`);
    if (p.hand) lines.push(`      hand: ${p.hand.map((c) => c.name[locale]).join(', ') || '(empty)'}`);
  }
  if (v.waiting.length > 0) lines.push(`  waiting area: ${v.waiting.map((w) => w.name[locale]).join(' ← ')}`);
  return lines.join('\n');
}
