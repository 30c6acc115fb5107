import { describe, expect, it } from 'vitest';
import { AQA_CARDS } from '../../src/engine/games/aqa/cards/pool.ts';
import { PMV_CARDS } from '../../src/engine/games/pmv/cards/pool.ts';
import { validatePmvDeck } from '../../src/engine/games/pmv/deck-rules.ts';
import { cited, copies } from './deck-rules-checks.ts';

// 16 cards three times each, and one of each One-per-deck card: 50.
const MAIN = [
  ...copies(
    3,
    'ilse-marrow-lantern-scholar',
    'hasty-courier-imp',
    'thornback-sentinel',
    'mistveil-assassin',
    'gorou-the-gate-breaker',
    'reapers-apprentice',
    'paper-doll-sentry',
    'cloud-step-tengu-scout',
    'first-card-kasumi-vale',
    'ilses-lantern-bolt',
    'ilses-reading-glass',
    'chains-of-the-pale-moon',
    'emergency-barrier',
    'sudden-gust',
    'withering-whisper',
    'unweave-the-casting',
  ),
  'celestial-arbiter-yuzuriha',
  'curtain-of-the-last-act',
];
// Ten other cards, the Second Card among them (it comes from the sideboard, §10.18).
const SIDE = [
  'second-card-kasumi-vale-crimson-bloom',
  'shrine-warden-aoi',
  'corvin-ashdown-storm-tengu',
  'tsubaki-hollow-shrine-leader',
  'sentinel-imp-chimera',
  'countess-noire-of-the-red-mist',
  'ninth-peak-hermit',
  'moonlit-familiar',
  'eternal-night-garden',
  'fortune-split',
];

describe('Phantom Magic Vision deck rules (§1.2.2, §1.2.5, §10.24)', () => {
  it('accepts a 50-card deck, with or without a 10-card sideboard', () => {
    expect(MAIN).toHaveLength(50);
    expect(validatePmvDeck({ main: MAIN })).toEqual([]);
    expect(validatePmvDeck({ main: MAIN, side: SIDE })).toEqual([]);
    // An empty sideboard section is no sideboard (§1.2.4: it is optional).
    expect(validatePmvDeck({ main: MAIN, side: [] })).toEqual([]);
  });

  it('needs exactly 50 cards (§1.2.2.a)', () => {
    const short = validatePmvDeck({ main: MAIN.slice(1) });
    expect(cited(short)).toEqual([{ section: 'main', rule: '1.2.2.a' }]);
    expect(short[0]?.message.en).toBe('The deck has 49 cards; it needs exactly 50.');
    expect(cited(validatePmvDeck({ main: [...MAIN, 'fortune-split'] }))).toEqual([
      { section: 'main', rule: '1.2.2.a' },
    ]);
  });

  it('allows three of a name (§1.2.2.b)', () => {
    const main = [...MAIN.slice(1), 'sudden-gust'];
    expect(cited(validatePmvDeck({ main }))).toEqual([{ section: 'main', rule: '1.2.2.b', card: 'Sudden Gust' }]);
  });

  it('needs a sideboard of exactly 10 cards (§1.2.5.a)', () => {
    expect(cited(validatePmvDeck({ main: MAIN, side: SIDE.slice(1) }))).toEqual([{ section: 'side', rule: '1.2.5.a' }]);
    expect(cited(validatePmvDeck({ main: MAIN, side: [...SIDE, 'mirror-recital'] }))).toEqual([
      { section: 'side', rule: '1.2.5.a' },
    ]);
  });

  it('counts the three of a name over deck and sideboard together (§1.2.5.b)', () => {
    const side = [...SIDE.slice(1), 'sudden-gust'];
    expect(cited(validatePmvDeck({ main: MAIN, side }))).toEqual([
      { section: 'side', rule: '1.2.5.b', card: 'Sudden Gust' },
    ]);
  });

  it('allows one card of a One-per-deck card No., deck and sideboard together (§10.24.2.a, §1.2.5.c)', () => {
    const twice = [...MAIN.slice(1), 'celestial-arbiter-yuzuriha'];
    const problems = validatePmvDeck({ main: twice });
    expect(cited(problems)).toEqual([{ section: 'main', rule: '10.24.2.a', card: 'Celestial Arbiter Yuzuriha' }]);
    expect(problems[0]?.message.en).toBe('2 copies of Celestial Arbiter Yuzuriha; at most 1.');
    const side = [...SIDE.slice(1), 'curtain-of-the-last-act'];
    expect(cited(validatePmvDeck({ main: MAIN, side }))).toEqual([
      { section: 'side', rule: '1.2.5.c', card: 'Curtain of the Last Act' },
    ]);
  });

  it('names an unknown id and refuses a card of another game', () => {
    const unknown = validatePmvDeck({ main: [...MAIN.slice(1), 'no-such-card'] });
    expect(cited(unknown)).toEqual([{ section: 'main', rule: '1.2.2', card: 'no-such-card' }]);
    expect(unknown[0]?.message.en).toBe('"no-such-card" is not a Phantom Magic Vision card.');
    expect(AQA_CARDS.has('glass-lancer') && !PMV_CARDS.has('glass-lancer')).toBe(true);
    expect(cited(validatePmvDeck({ main: MAIN, side: [...SIDE.slice(1), 'glass-lancer'] }))).toEqual([
      { section: 'side', rule: '1.2.5', card: 'glass-lancer' },
    ]);
  });

  it('refuses sections other than main and side', () => {
    expect(cited(validatePmvDeck({ main: MAIN, character: ['ninth-peak-hermit'] }))).toEqual([
      { section: 'character', rule: '1.2.2' },
    ]);
  });
});
