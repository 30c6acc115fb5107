import { InvalidData } from './errors.ts';

/**
 * Mana costs as symbols (MTG CR 107.4, 202.1; Force of Will's will costs use the same shapes). A mana type is a
 * string the game chooses: MTG uses W U B R G and C (colourless, 106.1b); NOVA's colour names work as well.
 */
export type ManaType = string;

/** Colourless mana as MTG writes it (CR 106.1b, 107.4c). */
export const COLORLESS = 'C';

export type ManaSymbol =
  /** {1}, {2}, …: any type pays it (CR 107.4b). X is chosen before paying (601.2b) and becomes this. */
  | { kind: 'generic'; amount: number }
  /** {W} … {G}: only that colour (107.4a); {C}: only colourless mana (107.4c). */
  | { kind: 'mana'; type: ManaType }
  /** {W/U}: one mana of either colour (107.4e). */
  | { kind: 'hybrid'; types: readonly ManaType[] }
  /** {2/W}: one mana of that colour, or two of any type (107.4e). */
  | { kind: 'twobrid'; type: ManaType }
  /** {W/P}: one mana of that colour, or 2 life (107.4f). */
  | { kind: 'phyrexian'; type: ManaType }
  /** {S}: one mana from a snow source (107.4h); not supported yet. */
  | { kind: 'snow' };

export type ManaCost = readonly ManaSymbol[];

/** CR 107.4f: the life a Phyrexian symbol costs instead of mana. */
export const PHYREXIAN_LIFE = 2;
/** CR 107.4e: the mana of any type a {2/W} symbol costs instead of its colour. */
export const TWOBRID_GENERIC = 2;

const MTG_TYPES = new Set(['W', 'U', 'B', 'R', 'G', 'C']);
const MTG_COLORS = new Set(['W', 'U', 'B', 'R', 'G']);

/**
 * One MTG symbol as card data writes it, without braces: "3", "X", "W", "C", "W/U", "2/W", "W/P", "S". X takes the
 * value announced for it (CR 107.3, 601.2b); a cost with X and no value is refused.
 */
export function parseManaSymbol(text: string, x?: number): ManaSymbol {
  if (/^(0|[1-9][0-9]?)$/.test(text)) return { kind: 'generic', amount: Number(text) };
  if (text === 'X') {
    if (x === undefined || !Number.isInteger(x) || x < 0) throw new InvalidData('a cost with X needs a value for X');
    return { kind: 'generic', amount: x };
  }
  if (text === 'S') return { kind: 'snow' };
  if (MTG_TYPES.has(text)) return { kind: 'mana', type: text };
  const [a, b, extra] = text.split('/');
  if (a !== undefined && b !== undefined && extra === undefined) {
    if (a === '2' && MTG_COLORS.has(b)) return { kind: 'twobrid', type: b };
    if (b === 'P' && MTG_COLORS.has(a)) return { kind: 'phyrexian', type: a };
    if (MTG_COLORS.has(a) && MTG_COLORS.has(b) && a !== b) return { kind: 'hybrid', types: [a, b] };
  }
  throw new InvalidData(`not a mana symbol: {${text}}`);
}

/** A cost as card data lists it, one symbol a string without braces: ["2", "W", "R/G"]. */
export function manaCostFromSymbols(symbols: readonly string[], x?: number): ManaSymbol[] {
  return symbols.map((s) => parseManaSymbol(s, x));
}

/** A cost written "{2}{W/U}{G/P}" (CR 202.1). */
export function parseManaCost(text: string, x?: number): ManaSymbol[] {
  if (!/^(\{[^{}]+\})*$/.test(text)) throw new InvalidData(`not a mana cost: ${text}`);
  return [...text.matchAll(/\{([^{}]+)\}/g)].map((m) => parseManaSymbol(m[1] ?? '', x));
}

export function formatManaSymbol(symbol: ManaSymbol): string {
  switch (symbol.kind) {
    case 'generic':
      return `{${symbol.amount}}`;
    case 'mana':
      return `{${symbol.type}}`;
    case 'hybrid':
      return `{${symbol.types.join('/')}}`;
    case 'twobrid':
      return `{${TWOBRID_GENERIC}/${symbol.type}}`;
    case 'phyrexian':
      return `{${symbol.type}/P}`;
    case 'snow':
      return '{S}';
  }
}

export function formatManaCost(cost: ManaCost): string {
  return cost.map(formatManaSymbol).join('');
}
