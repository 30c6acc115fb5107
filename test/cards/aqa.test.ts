import { describe, expect, it } from 'vitest';
import cardFile from '../../data/cards/aqa/cards.json' with { type: 'json' };
import { cardPool } from '../../src/engine/cards-registry.ts';
import { AQA_CARDS } from '../../src/engine/games/aqa/cards/pool.ts';
import { AqaCardFileSchema } from '../../src/engine/games/aqa/cards/schema.ts';
import { cardText } from '../../src/engine/games/aqa/cards/text.ts';
import { aqaCardFace } from '../../src/render/games/aqa-card.ts';
import { facesDrawTheCard, rejects, textIsAsIntended } from './pool-checks.ts';

describe('Aquarian Age card pool', () => {
  it("holds the digest's 35 sample cards and our own additions (issue 20)", () => {
    expect(AQA_CARDS.size).toBe(47);
    expect(AQA_CARDS.get('thornshot')?.type).toBe('fast');
    const types = new Set([...AQA_CARDS.values()].map((c) => c.type));
    expect([...types].sort()).toEqual(['break', 'character', 'fast', 'permanent', 'project']);
  });

  it('refuses malformed cards with a message naming the card and the section', () => {
    const expectRejected = rejects(cardFile, AqaCardFileSchema);
    const byId = (cards: Record<string, unknown>[], id: string) =>
      cards.find((c) => c.id === id) as Record<string, unknown>;
    expectRejected(
      (cards) => {
        byId(cards, 'ember-courier').cost = 1;
      },
      /ember-courier/,
      /characters cost nothing to set \(§20, G8\)/,
    );
    expectRejected(
      (cards) => {
        delete byId(cards, 'crimson-awakening').breakCondition;
      },
      /crimson-awakening/,
      /break condition \(§10-2\)/,
    );
    expectRejected(
      (cards) => {
        byId(cards, 'lantern-scout').skills = [{ skill: 'search' }];
      },
      /lantern-scout/,
      /a Name is required for \(and only for\) Search \(§6-6\)/,
    );
    expectRejected(
      (cards) => {
        byId(cards, 'harvest-of-embers').xClass = undefined;
      },
      /harvest-of-embers/,
      /X cost names its class \(§20-5\)/,
    );
    expectRejected(
      (cards) => {
        byId(cards, 'veil-walker').factions = ['ego'];
      },
      /veil-walker/,
      /factions\.0/,
    );
  });

  it('gives each skill its rule once, and maps factions onto the style colours of their slots', () => {
    const rook = AQA_CARDS.get('rook-of-the-bastion');
    const adept = AQA_CARDS.get('twin-banner-adept');
    if (!rook || !adept) throw new Error('missing sample cards');
    expect(cardPool('aqa')?.keywords(rook)).toEqual([{ name: { en: 'Intercept', ja: 'インターセプト' }, rule: '6-5' }]);
    expect(aqaCardFace(adept, 'en').colours).toEqual(['ego', 'wizdom']);
    expect(aqaCardFace(adept, 'ja').typeLine).toBe('キャラクター — サイキ＋グリモワール');
  });

  describe('generated text', () => textIsAsIntended(AQA_CARDS, cardText));
  facesDrawTheCard('aqa');
});
