/**
 * Replacement effects (CR 614-616) on a permanent entering the battlefield: "enters tapped" (614.1d) and "enters with
 * counters" (614.1c), read from the entering permanent itself (614.12), applied by the kernel's replacement loop (the
 * affected object's controller would choose the order when it mattered, 616.1; these two commute, so nobody is asked).
 */
import type { Seat } from '../../core/game.ts';
import { type ReplacementRules, runReplacements } from '../../core/replacement.ts';
import type { CounterKind, MtgState } from './state.ts';
import { addCounters, cardOfObject, controllerOf, objectOf } from './state.ts';

/** The entering event as the replacements modify it. */
type Entering = { object: string; controller: Seat; tapped: boolean; counters: { kind: CounterKind; count: number }[] };
type EnterReplacement = { id: string; tapped?: true; counters?: { kind: CounterKind; count: number } };

const RULES: ReplacementRules<Entering, EnterReplacement> = {
  applies: () => true,
  apply: (r, e) => ({
    ...e,
    tapped: e.tapped || r.tapped === true,
    counters: r.counters ? [...e.counters, r.counters] : e.counters,
  }),
  affectedPlayer: (e) => e.controller,
};

/** CR 614.12: the replacement effects of the permanent's own abilities that apply as it enters. */
function enterReplacements(s: MtgState, id: string, kicked: boolean): EnterReplacement[] {
  const card = cardOfObject(s, id);
  const out: EnterReplacement[] = [];
  if (card.entersTapped) out.push({ id: 'enters-tapped', tapped: true }); // CR 614.1d
  if (card.entersWithCounters)
    out.push({
      id: 'enters-with-counters',
      counters: { kind: card.entersWithCounters.counter, count: card.entersWithCounters.count },
    }); // CR 614.1c
  // CR 702.32, 614.1c: "if it was kicked, it enters with counters" (the spell that became this permanent).
  if (kicked && card.kicked?.entersWithCounters)
    out.push({
      id: 'kicked-enters-with-counters',
      counters: { kind: card.kicked.entersWithCounters.counter, count: card.kicked.entersWithCounters.count },
    });
  return out;
}

/** Applies the entering replacements to a permanent that has just been put onto the battlefield. */
export function applyEnterReplacements(s: MtgState, id: string, kicked = false): void {
  const all = enterReplacements(s, id, kicked);
  if (all.length === 0) return;
  const start: Entering = { object: id, controller: controllerOf(s, id), tapped: false, counters: [] };
  const { event } = runReplacements(start, all, RULES, (_seat, options) => {
    // Only reached if two replacements' order changed the outcome (CR 616.1); these never do.
    const first = options[0];
    if (!first) throw new Error('no replacement to choose');
    return first;
  });
  if (event.tapped) objectOf(s, id).tapped = true;
  for (const c of event.counters) addCounters(s, id, c.kind, c.count);
}
