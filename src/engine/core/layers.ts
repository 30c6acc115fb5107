/**
 * Ordering of continuous effects: by layer first, then dependency, then timestamp (NOVA 802.1.2.1,
 * CR 613). Games give each effect a layer number; an effect that depends on another is applied after it.
 */
export interface LayeredEffect {
  id: string;
  layer: number;
  timestamp: number;
  /** Ids of effects this one depends on (same layer only). */
  dependsOn?: readonly string[];
}

export function orderEffects<E extends LayeredEffect>(effects: readonly E[]): E[] {
  const byLayer = new Map<number, E[]>();
  for (const e of effects) byLayer.set(e.layer, [...(byLayer.get(e.layer) ?? []), e]);
  const out: E[] = [];
  for (const layer of [...byLayer.keys()].sort((a, b) => a - b)) {
    const pendingInLayer = [...(byLayer.get(layer) ?? [])].sort((a, b) => a.timestamp - b.timestamp || cmp(a.id, b.id));
    const done = new Set<string>();
    // Repeatedly take the earliest effect whose dependencies (within the layer) are applied; a dependency
    // loop falls back to timestamp order (CR 613.8k).
    while (pendingInLayer.length > 0) {
      const ids = new Set(pendingInLayer.map((e) => e.id));
      let index = pendingInLayer.findIndex((e) => (e.dependsOn ?? []).every((d) => done.has(d) || !ids.has(d)));
      if (index < 0) index = 0;
      const [next] = pendingInLayer.splice(index, 1);
      if (next) {
        out.push(next);
        done.add(next.id);
      }
    }
  }
  return out;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
