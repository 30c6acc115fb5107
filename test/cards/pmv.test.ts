import { describe, expect, it } from 'vitest';
import cardFile from '../../data/cards/pmv/cards.json' with { type: 'json' };
import { PMV_CARDS } from '../../src/engine/games/pmv/cards/pool.ts';
import { PmvCardFileSchema } from '../../src/engine/games/pmv/cards/schema.ts';
import { cardText, keywordInfo } from '../../src/engine/games/pmv/cards/text.ts';
import { pmvCardFace } from '../../src/render/games/pmv-card.ts';
import { facesDrawTheCard, rejects, textIsAsIntended } from './pool-checks.ts';

describe('Phantom Magic Vision card pool', () => {
  it("holds the digest's 40 sample cards and 4 of the engine's precons: 35 characters, 11 spells, 35 commands (3 more for X costs and §4.10, War Drum Charm for §7.1.6.a, Crimson Tithe Keeper for an LP cost, Emberfall Herald and Bulwark Bell Charm for P38, six characters for P39–P41, five for P44, Frostbound Dirge and Dawnlight Unmasking for P45, Riffled Omen for P46, seven commands for the defined actions of P47–P50, Riverbank Ferryman Sai for the doomed windows a and c, Wayward Omen for §8.2.8, Shrine Bell Echo for §7.5, Naming Rite for §12.1.4, Hollowed Measure and Unbowed Stone Warden for §1.6.4–1.6.5, Pyrebound Oathkeeper for §11.2.2.a, Sifting Ashes for §12.6, True Name Severance for §12.1.3)", () => {
    const count = (type: string) => [...PMV_CARDS.values()].filter((c) => c.type === type).length;
    expect([count('character'), count('spell'), count('command')]).toEqual([35, 11, 35]);
  });

  it('refuses malformed cards with a message naming the card and the rule', () => {
    const expectRejected = rejects(cardFile, PmvCardFileSchema);
    const byId = (cards: Record<string, unknown>[], id: string) =>
      cards.find((c) => c.id === id) as Record<string, unknown>;
    expectRejected(
      (cards) => {
        delete byId(cards, 'gorou-the-gate-breaker').def;
      },
      /gorou-the-gate-breaker/,
      /ATK and DEF \(§2\.10–2\.11\)/,
    );
    expectRejected(
      (cards) => {
        byId(cards, 'ilse-marrow-lantern-scholar').keywords = [{ keyword: 'mana-charge' }];
      },
      /ilse-marrow-lantern-scholar/,
      /mana-charge: X is required/,
    );
    expectRejected(
      (cards) => {
        byId(cards, 'sudden-gust').caster = { en: 'Corvin', ja: 'コーヴィン' };
      },
      /sudden-gust/,
      /commands have no caster \(§2\.5\)/,
    );
    expectRejected(
      (cards) => {
        byId(cards, 'hasty-courier-imp').races = ['goblin'];
      },
      /hasty-courier-imp/,
      /races\.0/,
    );
  });

  it("names Link's cards by their pool names, and maps keywords to §10 rules", () => {
    const chimera = PMV_CARDS.get('sentinel-imp-chimera');
    const names = chimera?.keywords[0]?.names ?? [];
    expect(names).toHaveLength(2);
    const pool = [...PMV_CARDS.values()].map((c) => JSON.stringify(c.name));
    for (const n of names) expect(pool).toContain(JSON.stringify(n));
    expect(keywordInfo('haste').rule).toBe('10.2');
    expect(keywordInfo('leader').rule).toBe('10.34');
    expect(keywordInfo('pierce')).toMatchObject({ en: 'Pierce', ja: '貫通', rule: '10.5' });
  });

  it('shows NODE/COST as pips and marks modifiers (Nullity is 0/0, §2.4.4)', () => {
    const feint = PMV_CARDS.get('fox-fire-feint');
    const blade = PMV_CARDS.get('borrowed-blade');
    if (!feint || !blade) throw new Error('missing sample cards');
    expect(pmvCardFace(feint, 'en').cost.map((p) => p.text)).toEqual(['0', '0']);
    expect(pmvCardFace(blade, 'en').stats).toEqual([
      { label: 'ATK±', value: 2 },
      { label: 'DEF±', value: 0 },
    ]);
  });

  describe('generated text', () => textIsAsIntended(PMV_CARDS, cardText));
  facesDrawTheCard('pmv');
});
