import { describe, expect, it } from 'vitest';
import cardFile from '../../data/cards/mtg/cards.json' with { type: 'json' };
import { MTG_CARDS } from '../../src/engine/games/mtg/cards/pool.ts';
import { MtgCardFileSchema } from '../../src/engine/games/mtg/cards/schema.ts';
import { cardText } from '../../src/engine/games/mtg/cards/text.ts';
import { mtgCardFace } from '../../src/render/games/mtg-card.ts';
import { facesDrawTheCard, rejects, textIsAsIntended } from './pool-checks.ts';

describe('MTG card pool', () => {
  it('holds the digest sample pool (58 invented cards, 5 basic lands), 116 stage-B cards and 4 tokens', () => {
    expect(MTG_CARDS.size).toBe(183);
    expect([...MTG_CARDS.values()].filter((c) => c.token).map((c) => c.id)).toEqual([
      'dawn-soldier',
      'grove-sapling',
      'afterlife-spirit',
      'clue',
    ]);
    expect([...MTG_CARDS.values()].filter((c) => c.supertypes.includes('basic'))).toHaveLength(5);
  });

  it('refuses malformed cards with a message naming the card and the problem', () => {
    const expectRejected = rejects(cardFile, MtgCardFileSchema);
    expectRejected(
      (cards) => {
        delete (cards[0] as { toughness?: number }).toughness;
      },
      /gatewarden-recruit/,
      /power and toughness \(CR 208\)/,
    );
    expectRejected(
      (cards) => {
        (cards[1] as { keywords: string[] }).keywords = ['flyng'];
      },
      /skylance-courier/,
      /keywords\.0/,
    );
    expectRejected(
      (cards) => {
        (cards[2] as { manaCost: string[] }).manaCost = ['1', 'P'];
      },
      /bastion-mender/,
      /manaCost\.1/,
      /mana symbol/,
    );
    expectRejected((cards) => {
      cards.push(structuredClone(cards[0] as Record<string, unknown>));
    }, /duplicate card id "gatewarden-recruit"/);
    expectRejected(
      (cards) => {
        (cards[5] as { effects: unknown[] }).effects = [{ do: 'destroy', to: { target: 'planet' } }];
      },
      /radiant-rebuke/,
      /effects\.0/,
    );
    expectRejected(
      (cards) => {
        (cards[0] as { abilities: unknown[] }).abilities = [{ kind: 'static', affects: 'creatures-you-control' }];
      },
      /gatewarden-recruit/,
      /static ability changes/,
    );
    expectRejected(
      (cards) => {
        (cards[0] as { subtypes: string[] }).subtypes = ['Aura'];
      },
      /gatewarden-recruit/,
      /enchant ability \(CR 303\.4a\)/,
    );
  });

  it('derives colours from the mana cost, hybrid symbols included (CR 105.2, 202.2)', () => {
    const scout = MTG_CARDS.get('brindleborn-scout');
    const land = MTG_CARDS.get('cragmoor-crossing');
    if (!scout || !land) throw new Error('missing sample cards');
    expect(mtgCardFace(scout, 'en').colours).toEqual(['red', 'green']);
    expect(mtgCardFace(scout, 'en').cost).toEqual([
      { colour: 'gold', text: 'R/G' },
      { colour: 'gold', text: 'R/G' },
    ]);
    expect(mtgCardFace(land, 'ja').colours).toEqual(['colorless']);
    expect(mtgCardFace(land, 'ja').typeLine).toBe('土地');
  });

  describe('generated text', () => textIsAsIntended(MTG_CARDS, cardText));
  facesDrawTheCard('mtg');
});
