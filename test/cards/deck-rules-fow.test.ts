import { describe, expect, it } from 'vitest';
import type { DeckList } from '../../src/engine/core/game.ts';
import { FOW_CARDS } from '../../src/engine/games/fow/cards/pool.ts';
import { validateFowDeck } from '../../src/engine/games/fow/deck-rules.ts';
import { MTG_CARDS } from '../../src/engine/games/mtg/cards/pool.ts';
import { cited, copies } from './deck-rules-checks.ts';

// Aurelle (fire/light, no Grimoire): 40 main cards, 10 basic stones, two runes of her attribute.
const AURELLE: DeckList = {
  ruler: ['aurelle-ember-warden'],
  main: copies(
    4,
    'cinderhorn-charger',
    'ashen-bombardier',
    'pyre-colossus',
    'bastion-golem',
    'star-sworn-squire',
    'clockwork-apprentice',
    'scarlet-sigil',
    'wardens-aegis',
    'flare-lance',
    'ember-requiem',
  ),
  stones: [...copies(5, 'fire-magic-stone', 'light-magic-stone')],
  rune: ['rune-of-kindling', 'rune-of-final-dawn'],
};
// Nerissa (water/darkness, Grimoire 1): a Fable chant in the extra deck, a chant/rune in the rune deck, two special
// stones among the basics.
const NERISSA: DeckList = {
  ruler: ['nerissa-tide-oracle'],
  main: copies(
    4,
    'tidecaller-leviathan',
    'gloamfang-stalker',
    'hollow-watcher',
    'crimson-leech',
    'rune-bound-scholar',
    'mistveil-archivist',
    'quicksilver-denial',
    'mirror-snare',
    'shadow-bargain',
    'abyssal-erosion',
  ),
  stones: [...copies(6, 'water-magic-stone', 'darkness-magic-stone'), 'twilight-geode', 'twin-dial-monolith'],
  extra: ['tale-of-the-drowned-bell'],
  rune: ['moonlit-verse'],
};
const with_ = (deck: DeckList, changes: DeckList): DeckList => ({ ...deck, ...changes });

describe('Force of Will deck rules (CR 402)', () => {
  it('accepts a legal deck for each ruler of the pool', () => {
    expect(validateFowDeck(AURELLE)).toEqual([]);
    expect(validateFowDeck(NERISSA)).toEqual([]);
    expect(validateFowDeck(with_(NERISSA, { side: copies(4, 'flare-lance', 'aurelle-ember-warden') }))).toEqual([]);
  });

  it('needs exactly one ruler, and a ruler card (402.2)', () => {
    expect(cited(validateFowDeck(with_(AURELLE, { ruler: [] })))).toEqual([{ section: 'ruler', rule: '402.2' }]);
    const two = with_(AURELLE, { ruler: ['aurelle-ember-warden', 'nerissa-tide-oracle'] });
    expect(cited(validateFowDeck(two))).toEqual([{ section: 'ruler', rule: '402.2' }]);
    expect(cited(validateFowDeck(with_(AURELLE, { ruler: ['cinderhorn-charger'] })))).toEqual([
      { section: 'ruler', rule: '402.2', card: 'cinderhorn-charger' },
    ]);
  });

  it('keeps the main deck to 40–60 cards, four per name (402.3a, 402.3b)', () => {
    const main = AURELLE.main ?? [];
    expect(cited(validateFowDeck(with_(AURELLE, { main: main.slice(1) })))).toEqual([
      { section: 'main', rule: '402.3a' },
    ]);
    const sixtyOne = [...main, ...copies(4, 'skyveil-kite', 'echo-wisp', 'verdant-larva', 'wellspring-dryad')];
    expect(validateFowDeck(with_(AURELLE, { main: sixtyOne.slice(0, 56) }))).toEqual([]);
    expect(
      cited(validateFowDeck(with_(AURELLE, { main: [...sixtyOne.slice(0, 56), ...copies(5, 'hollowheart-hermit')] }))),
    ).toEqual([
      { section: 'main', rule: '402.3a' },
      { section: 'main', rule: '402.3b', card: 'Hollowheart Hermit' },
    ]);
    expect(cited(validateFowDeck(with_(AURELLE, { main: [...main.slice(1), 'flare-lance'] })))).toEqual([
      { section: 'main', rule: '402.3b', card: 'Flare Lance' },
    ]);
  });

  it('keeps rulers, magic stones and runes that are not chants out of the main deck (402.3)', () => {
    const main = AURELLE.main ?? [];
    for (const id of ['fire-magic-stone', 'rune-of-kindling', 'nerissa-tide-oracle'])
      expect(cited(validateFowDeck(with_(AURELLE, { main: [...main.slice(1), id] })))).toEqual([
        { section: 'main', rule: '402.3', card: id },
      ]);
    // A chant/rune is a chant: it may go in the main deck.
    expect(validateFowDeck(with_(AURELLE, { main: [...main.slice(1), 'moonlit-verse'] }))).toEqual([]);
  });

  it('keeps the magic stone deck to 10–20 magic stones, basic ones without a copy limit (402.4)', () => {
    expect(cited(validateFowDeck(with_(AURELLE, { stones: copies(9, 'fire-magic-stone') })))).toEqual([
      { section: 'stones', rule: '402.4a' },
    ]);
    expect(validateFowDeck(with_(AURELLE, { stones: copies(20, 'fire-magic-stone') }))).toEqual([]);
    expect(cited(validateFowDeck(with_(AURELLE, { stones: copies(21, 'fire-magic-stone') })))).toEqual([
      { section: 'stones', rule: '402.4a' },
    ]);
    const specials = [...copies(5, 'twilight-geode'), ...copies(5, 'fire-magic-stone')];
    expect(cited(validateFowDeck(with_(AURELLE, { stones: specials })))).toEqual([
      { section: 'stones', rule: '402.4c', card: 'Twilight Geode' },
    ]);
    const resonator = [...copies(9, 'fire-magic-stone'), 'cinderhorn-charger'];
    expect(cited(validateFowDeck(with_(AURELLE, { stones: resonator })))).toEqual([
      { section: 'stones', rule: '402.4', card: 'cinderhorn-charger' },
    ]);
  });

  it('allows an extra deck only with a Grimoire ruler, and then only that many Fable chants (402.5c, 1132.2)', () => {
    const problems = validateFowDeck(with_(AURELLE, { extra: ['tale-of-the-drowned-bell'] }));
    expect(cited(problems)).toEqual([{ section: 'extra', rule: '402.5c' }]);
    expect(problems[0]?.message.en).toContain('Aurelle, Ember Warden has no Grimoire');
    expect(cited(validateFowDeck(with_(NERISSA, { extra: ['flare-lance'] })))).toEqual([
      { section: 'extra', rule: '1132.2', card: 'flare-lance' },
    ]);
    // Grimoire 1: one card at most (the second is also not a Fable chant).
    expect(cited(validateFowDeck(with_(NERISSA, { extra: ['tale-of-the-drowned-bell', 'wither-curse'] })))).toEqual([
      { section: 'extra', rule: '1132.2' },
      { section: 'extra', rule: '1132.2', card: 'wither-curse' },
    ]);
  });

  it('keeps rulers and magic stones out of the extra deck, five at most, one per name (402.5, 402.5a, 402.5b)', () => {
    const rules = (extra: string[]) => cited(validateFowDeck(with_(NERISSA, { extra }))).map((p) => p.rule);
    expect(rules(['water-magic-stone'])).toEqual(['1132.2', '402.5']);
    expect(rules(copies(2, 'tale-of-the-drowned-bell'))).toEqual(['1132.2', '402.5b']);
    // Six of one card also exceed the four of 402.7 (main and extra deck together), and say so.
    expect(rules(copies(6, 'tale-of-the-drowned-bell'))).toEqual(['402.5a', '1132.2', '402.5b', '402.7']);
  });

  it('keeps the rune deck to five runes, one per name, one master (402.6a–c)', () => {
    expect(cited(validateFowDeck(with_(AURELLE, { rune: ['wither-curse'] })))).toEqual([
      { section: 'rune', rule: '402.6', card: 'wither-curse' },
    ]);
    expect(cited(validateFowDeck(with_(AURELLE, { rune: copies(2, 'rune-of-kindling') })))).toEqual([
      { section: 'rune', rule: '402.6b', card: 'Rune of Kindling' },
    ]);
    // The pool has one master rune: two of it also break one-per-name.
    expect(cited(validateFowDeck(with_(AURELLE, { rune: copies(2, 'rune-of-final-dawn') })))).toEqual([
      { section: 'rune', rule: '402.6b', card: 'Rune of Final Dawn' },
      { section: 'rune', rule: '402.6c' },
    ]);
    const six = [
      'rune-of-kindling',
      'rune-of-final-dawn',
      'moonlit-verse',
      'wither-curse',
      'halving-hex',
      'mirror-snare',
    ];
    expect(cited(validateFowDeck(with_(AURELLE, { rune: six }))).map((p) => p.rule)).toEqual([
      '402.6a',
      '402.6',
      '402.6',
      '402.6',
    ]);
  });

  it("lets a rune that is not a chant in only if it shares the ruler's attribute (402.6d)", () => {
    expect(cited(validateFowDeck(with_(NERISSA, { rune: ['rune-of-kindling'] })))).toEqual([
      { section: 'rune', rule: '402.6d', card: 'rune-of-kindling' },
    ]);
    // Moonlit Verse (water) is a chant too: Aurelle (fire/light) may run it.
    expect(validateFowDeck(with_(AURELLE, { rune: ['moonlit-verse'] }))).toEqual([]);
  });

  it('counts four per name over main + extra and main + rune (402.7)', () => {
    const main = [...(AURELLE.main ?? []).slice(4), ...copies(4, 'moonlit-verse')];
    expect(cited(validateFowDeck(with_(AURELLE, { main, rune: ['moonlit-verse'] })))).toEqual([
      { section: 'rune', rule: '402.7', card: 'Moonlit Verse' },
    ]);
    const nerissaMain = [...(NERISSA.main ?? []).slice(4), ...copies(4, 'tale-of-the-drowned-bell')];
    expect(cited(validateFowDeck(with_(NERISSA, { main: nerissaMain })))).toEqual([
      { section: 'extra', rule: '402.7', card: 'Tale of the Drowned Bell' },
    ]);
  });

  it('names an unknown id and refuses a card of another game, in the section it was listed', () => {
    const problems = validateFowDeck(with_(AURELLE, { side: ['no-such-card'] }));
    expect(cited(problems)).toEqual([{ section: 'side', rule: '317.1b', card: 'no-such-card' }]);
    expect(problems[0]?.message.en).toBe('"no-such-card" is not a Force of Will card.');
    expect(MTG_CARDS.has('kiln-bolt') && !FOW_CARDS.has('kiln-bolt')).toBe(true);
    const main = [...(AURELLE.main ?? []).slice(1), 'kiln-bolt'];
    expect(cited(validateFowDeck(with_(AURELLE, { main })))).toEqual([
      { section: 'main', rule: '402.3', card: 'kiln-bolt' },
    ]);
  });

  it('refuses sections it does not know', () => {
    expect(cited(validateFowDeck(with_(AURELLE, { character: ['flare-lance'] })))).toEqual([
      { section: 'character', rule: '402.1' },
    ]);
  });
});
