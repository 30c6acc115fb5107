import { describe, expect, it } from 'vitest';
import { AQA_CARDS } from '../../src/engine/games/aqa/cards/pool.ts';
import { validateAqaDeck } from '../../src/engine/games/aqa/deck-rules.ts';
import { FOW_CARDS } from '../../src/engine/games/fow/cards/pool.ts';
import { cited, copies } from './deck-rules-checks.ts';

// Ten cards four times each: 40.
const MAIN = copies(
  4,
  'ember-courier',
  'glass-lancer',
  'lantern-scout',
  'aoi-of-the-ninth-gate',
  'mindripper',
  'herald-of-cinders',
  'lantern-summoner',
  'crimson-awakening',
  'open-gates',
  'sudden-bastion',
);
const SIDE = ['thornback-raider', 'veil-walker', 'nameless-drifter', 'ruin-hound', 'ash-recall'];

describe('Aquarian Age deck rules (docs/rulings/aqa.md D1–D4)', () => {
  it('accepts a 40-card deck, with or without an out-of-game pool', () => {
    expect(validateAqaDeck({ main: MAIN })).toEqual([]);
    expect(validateAqaDeck({ main: MAIN, side: SIDE })).toEqual([]);
  });

  it('needs exactly 40 cards (D1)', () => {
    const short = validateAqaDeck({ main: MAIN.slice(1) });
    expect(cited(short)).toEqual([{ section: 'main', rule: 'ruling D1' }]);
    expect(short[0]?.message.en).toBe('The deck has 39 cards; it needs exactly 40.');
    expect(cited(validateAqaDeck({ main: [...MAIN, 'ash-recall'] }))).toEqual([{ section: 'main', rule: 'ruling D1' }]);
  });

  it('allows four of a printed name (D2)', () => {
    const main = [...MAIN.slice(1), 'open-gates'];
    expect(cited(validateAqaDeck({ main }))).toEqual([{ section: 'main', rule: 'ruling D2', card: 'Open Gates' }]);
  });

  it('does not join different cards through a shared Name or an "also named" ability (D2)', () => {
    // "Aoi" of the Ninth Gate, "Aoi" Ascendant (both Name: Aoi) and Masked Understudy (also named Aoi): 12 "Aoi".
    const others = MAIN.filter((id) => id !== 'aoi-of-the-ninth-gate').slice(0, 28);
    const aoi = [...others, ...copies(4, 'aoi-of-the-ninth-gate', 'aoi-ascendant', 'masked-understudy')];
    expect(aoi.filter((id) => id === 'aoi-of-the-ninth-gate')).toHaveLength(4);
    expect(validateAqaDeck({ main: aoi })).toEqual([]);
  });

  it('sets no quota of card types or factions (D3)', () => {
    const noCharacters = copies(
      4,
      'crimson-awakening',
      'aoi-ascendant',
      'wardens-sigil',
      'spare-harness',
      'cartographers-decree',
      'open-gates',
      'harvest-of-embers',
      'sudden-bastion',
      'veil-of-stillness',
      'crossroads-charm',
    );
    expect(noCharacters.some((id) => AQA_CARDS.get(id)?.type === 'character')).toBe(false);
    expect(validateAqaDeck({ main: noCharacters })).toEqual([]);
  });

  it('keeps the out-of-game pool to 10 cards, counted with the deck for copies (D4)', () => {
    const eleven = [...SIDE, ...SIDE, 'desperate-gambit'];
    expect(cited(validateAqaDeck({ main: MAIN, side: eleven }))).toEqual([{ section: 'side', rule: 'ruling D4' }]);
    const problems = validateAqaDeck({ main: MAIN, side: ['open-gates'] });
    expect(cited(problems)).toEqual([{ section: 'side', rule: 'ruling D4', card: 'Open Gates' }]);
    expect(problems[0]?.message.en).toBe(
      '5 copies of Open Gates in the deck and out-of-game pool together; at most 4.',
    );
  });

  it('names an unknown id and refuses a card of another game', () => {
    const unknown = validateAqaDeck({ main: [...MAIN.slice(1), 'no-such-card'] });
    expect(cited(unknown)).toEqual([{ section: 'main', rule: 'ruling D1', card: 'no-such-card' }]);
    expect(unknown[0]?.message.en).toBe('"no-such-card" is not an Aquarian Age card.');
    expect(FOW_CARDS.has('flare-lance') && !AQA_CARDS.has('flare-lance')).toBe(true);
    expect(cited(validateAqaDeck({ main: MAIN, side: ['flare-lance'] }))).toEqual([
      { section: 'side', rule: 'ruling D4', card: 'flare-lance' },
    ]);
  });

  it('refuses sections other than main and side', () => {
    expect(cited(validateAqaDeck({ main: MAIN, power: ['ember-courier'] }))).toEqual([
      { section: 'power', rule: 'ruling D1' },
    ]);
  });
});
