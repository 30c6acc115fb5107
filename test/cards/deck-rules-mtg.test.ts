import { describe, expect, it } from 'vitest';
import { MTG_CARDS } from '../../src/engine/games/mtg/cards/pool.ts';
import { validateMtgDeck } from '../../src/engine/games/mtg/deck-rules.ts';
import { mtg } from '../../src/engine/games/mtg/index.ts';
import { NOVA_CARDS } from '../../src/engine/games/nova/cards/pool.ts';
import { gamePrecons, preconDeckList } from '../../src/engine/precons.ts';
import { cited, copies } from './deck-rules-checks.ts';

// A red-blue deck of 60: nine spells and creatures four times each, and 24 basic lands.
const SPELLS = [
  'tidewhisper-adept',
  'cloudhook-drake',
  'annul-the-spark',
  'quelling-word',
  'emberkin-raider',
  'scorchblade-duelist',
  'kiln-bolt',
  'forked-cinders',
  'riptide-sparks',
];
const MAIN = [...copies(4, ...SPELLS), ...copies(12, 'island', 'mountain')];
// Fifteen other cards, one each.
const SIDE = [
  'brinebreaker-serpent',
  'ebbing-return',
  'glimpse-the-shoals',
  'mind-silt',
  'frostbind-touch',
  'sparkcaller-adept',
  'slagpit-ogre',
  'bellows-surge',
  'searing-cascade',
  'ashen-downpour',
  'slag-the-works',
  'stormveil-harrier',
  'pyreguard-vanguard',
  'cogwing-sentry',
  'tallystone',
];

describe('MTG deck rules (CR 100.2a, 100.4a)', () => {
  it('accepts a 60-card deck with a 15-card sideboard built from the pool', () => {
    expect(MAIN).toHaveLength(60);
    expect(SIDE).toHaveLength(15);
    expect(validateMtgDeck({ main: MAIN, side: SIDE })).toEqual([]);
    expect(validateMtgDeck({ main: MAIN })).toEqual([]);
  });

  it('needs at least 60 cards in the deck and has no upper limit (100.2a, 100.5)', () => {
    const short = validateMtgDeck({ main: MAIN.slice(1) });
    expect(cited(short)).toEqual([{ section: 'main', rule: '100.2a' }]);
    expect(short[0]?.message.en).toContain('59 cards');
    expect(validateMtgDeck({ main: [...MAIN, ...copies(140, 'island')] })).toEqual([]);
  });

  it('refuses a fifth card of a name in the deck, naming it in English for the deck reader (100.2a)', () => {
    const main = [...MAIN, 'kiln-bolt'];
    const problems = validateMtgDeck({ main });
    expect(cited(problems)).toEqual([{ section: 'main', rule: '100.2a', card: 'Kiln Bolt' }]);
    expect(problems[0]?.message.en).toBe('5 copies of Kiln Bolt; at most 4.');
  });

  it('lets a deck hold any number of each basic land, and only basic lands (205.4c)', () => {
    const lands = [...copies(4, ...SPELLS), ...copies(20, 'forest'), ...copies(4, 'plains')];
    expect(validateMtgDeck({ main: lands })).toEqual([]);
    const crossings = [...MAIN.slice(0, 59), ...copies(5, 'cragmoor-crossing')];
    expect(cited(validateMtgDeck({ main: crossings }))).toEqual([
      { section: 'main', rule: '100.2a', card: 'Cragmoor Crossing' },
    ]);
  });

  it('lets a deck hold any number of a card whose text says so, deck and sideboard alike (101.1, ruling D3)', () => {
    const swarm = [...MAIN.slice(0, 50), ...copies(12, 'endless-shambler')];
    expect(validateMtgDeck({ main: swarm, side: copies(6, 'endless-shambler') })).toEqual([]);
    // The exemption is the card's own: a fifth of any other name is still refused beside it.
    expect(cited(validateMtgDeck({ main: [...swarm, 'kiln-bolt'] }))).toEqual([
      { section: 'main', rule: '100.2a', card: 'Kiln Bolt' },
    ]);
  });

  it('allows at most 15 sideboard cards (100.4a)', () => {
    const side = [...SIDE, 'island'];
    expect(cited(validateMtgDeck({ main: MAIN, side }))).toEqual([{ section: 'side', rule: '100.4a' }]);
  });

  it('counts the four copies over deck and sideboard together (100.4a)', () => {
    const problems = validateMtgDeck({ main: MAIN, side: ['kiln-bolt'] });
    expect(cited(problems)).toEqual([{ section: 'side', rule: '100.4a', card: 'Kiln Bolt' }]);
    expect(problems[0]?.message.en).toContain('5 copies of Kiln Bolt in the deck and sideboard together');
    // Basic lands stay free in the sideboard too.
    expect(validateMtgDeck({ main: MAIN, side: copies(10, 'island') })).toEqual([]);
  });

  it('names an unknown id and refuses a card of another game', () => {
    const unknown = validateMtgDeck({ main: [...MAIN, 'no-such-card', 'no-such-card'] });
    expect(cited(unknown)).toEqual([{ section: 'main', rule: '100.2a', card: 'no-such-card' }]);
    expect(unknown[0]?.message.en).toBe('"no-such-card" is not a Magic card.');

    const novaId = 'fusebug';
    expect(NOVA_CARDS.has(novaId) && !MTG_CARDS.has(novaId)).toBe(true);
    const foreign = validateMtgDeck({ main: MAIN, side: [novaId] });
    expect(cited(foreign)).toEqual([{ section: 'side', rule: '100.4a', card: novaId }]);
  });

  it('refuses sections other than main and side', () => {
    const problems = validateMtgDeck({ main: MAIN, commander: ['kiln-bolt'] });
    expect(cited(problems)).toEqual([{ section: 'commander', rule: '100.2a' }]);
    expect(problems[0]?.message.en).toContain('main, side');
  });
});

describe('MTG Limited decks (CR 100.2b, ruling D4)', () => {
  const limitedPrecons = gamePrecons('mtg')
    .map(preconDeckList)
    .filter((d) => d.limited !== undefined);

  it('five mono-colour Limited precons of 40 cards, each legal (any number of copies of its own pool)', () => {
    expect(limitedPrecons).toHaveLength(5);
    for (const deck of limitedPrecons) {
      expect(deck.limited).toHaveLength(40);
      expect(validateMtgDeck(deck)).toEqual([]);
      const colours = new Set(
        (deck.limited ?? []).flatMap((id) =>
          (MTG_CARDS.get(id)?.manaCost ?? []).flatMap((m) => m.match(/[WUBRG]/g) ?? []),
        ),
      );
      expect(colours.size).toBe(1);
    }
  });

  it('refuses a Limited deck under 40 cards, or not drawn from a pool the game supplies', () => {
    const pool = limitedPrecons[0]?.limited ?? [];
    expect(validateMtgDeck({ limited: pool.slice(1) }).map((p) => p.rule)).toContain('100.2b');
    const forged = [...pool.slice(0, 36), ...copies(4, 'kiln-bolt')];
    expect(validateMtgDeck({ limited: forged }).map((p) => p.rule)).toEqual(['100.2b']);
    // Constructed keeps its 60 and four copies (100.2a): the same 40 as a `main` section is refused.
    expect(validateMtgDeck({ main: pool }).map((p) => p.rule)).toContain('100.2a');
  });

  it('a game has one format: a Limited deck cannot meet a Constructed one (CR 100.2)', () => {
    const constructed = gamePrecons('mtg')
      .map(preconDeckList)
      .find((d) => d.main !== undefined);
    const limited = limitedPrecons[0];
    if (!constructed || !limited) throw new Error('precons missing');
    expect(() => mtg.setup({ game: 'mtg', decks: { p1: constructed, p2: limited } }, 'x')).toThrow(/100\.2/);
    expect(() =>
      mtg.setup({ game: 'mtg', decks: { p1: limited, p2: limitedPrecons[1] ?? limited } }, 'x'),
    ).not.toThrow();
  });
});
