/**
 * Paying a cost of coloured and generic units from sources that each make one unit of one of their colours
 * (NOVA 103.3–103.4, MTG mana, Force of Will will). A bipartite matching of cost units to sources:
 * coloured units first, then generic units with whatever is left. Sources are tried in the order given, so
 * callers list the ones they would rather spend first (floating energy before cards, cards before creatures).
 */
export interface EnergySource {
  id: string;
  /** Colours this source can make (one unit). "generic-only" sources use the colour "colorless". */
  colors: readonly string[];
}

export interface EnergyCost {
  colored: Readonly<Record<string, number>>;
  generic: number;
}

/** Returns the source id paying each unit (coloured units first), or null when the cost cannot be paid. */
export function solvePayment(cost: EnergyCost, sources: readonly EnergySource[]): string[] | null {
  const units: (string | null)[] = [];
  for (const [color, n] of Object.entries(cost.colored)) for (let i = 0; i < n; i++) units.push(color);
  for (let i = 0; i < cost.generic; i++) units.push(null);
  if (units.length > sources.length) return null;
  const sourceOfUnit: (number | null)[] = units.map(() => null);
  const unitOfSource: (number | null)[] = sources.map(() => null);

  const accepts = (unit: number, source: number): boolean => {
    const need = units[unit];
    const s = sources[source];
    if (!s || need === undefined) return false;
    return need === null || s.colors.includes(need);
  };
  // Kuhn's augmenting paths: unit sizes are tiny (a cost rarely exceeds 10 units).
  const tryAssign = (unit: number, visited: boolean[]): boolean => {
    for (let s = 0; s < sources.length; s++) {
      if (visited[s] || !accepts(unit, s)) continue;
      visited[s] = true;
      const holder = unitOfSource[s];
      if (holder === null || holder === undefined || tryAssign(holder, visited)) {
        unitOfSource[s] = unit;
        sourceOfUnit[unit] = s;
        return true;
      }
    }
    return false;
  };
  for (let u = 0; u < units.length; u++) {
    if (
      !tryAssign(
        u,
        sources.map(() => false),
      )
    )
      return null;
  }
  return sourceOfUnit.map((s) => (s === null || s === undefined ? '' : (sources[s]?.id ?? '')));
}
