import type { GameStyle } from '../render/styles/game-style.ts';
import type { TableCard, TableModel } from '../render/table-model.ts';

function card(c: TableCard, style: GameStyle, locale: 'en' | 'ja'): string {
  if (c.face === 'down') return 'face-down card';
  const stats = c.stats.map((s) => s.value).join('/');
  const notes = [...c.states.map((s) => style.states[s][locale]), c.damage > 0 ? `dmg ${c.damage}` : '']
    .filter(Boolean)
    .join(', ');
  return `${c.name}${stats ? ` ${stats}` : ''}${notes ? ` (${notes})` : ''}`;
}

/**
 * A board as plain text, for the terminal match: built from the game's table model (its presenter over a
 * per-viewer view), so it works for every game and shows only what that viewer may see.
 */
export function describeTable(t: TableModel, hand: readonly string[] | null, style: GameStyle): string {
  const lines: string[] = [`Turn ${t.turn} · ${t.activeSeat}${t.phase ? ` · ${t.phase}` : ''}`];
  for (const seat of ['p1', 'p2'] as const) {
    const p = t.players[seat];
    const numbers = [
      ...(p.life !== null ? [`life ${p.life}`] : []),
      ...p.resources.map((r) => `${r.label} ${r.value}`),
      ...p.zones.map((z) => `${z.label} ${z.count}`),
    ];
    lines.push(`  ${seat}: ${numbers.join(', ')}`);
    for (const area of p.areas)
      if (area.cards.length > 0)
        lines.push(`      ${area.name}: ${area.cards.map((c) => card(c, style, t.locale)).join(' | ')}`);
    if (hand && seat === 'p1') lines.push(`      hand: ${hand.join(', ') || '(empty)'}`);
  }
  if (t.stack.items.length > 0) lines.push(`  ${t.stack.name}: ${t.stack.items.map((i) => i.source).join(' ← ')}`);
  return lines.join('\n');
}
