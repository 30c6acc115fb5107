/** Characteristic-defining abilities with "*" power and toughness (CR 604.3, 613.3a layer 7a, 208.2a). */
import { describe, expect, it } from 'vitest';
import { MTG_CARDS } from '../../src/engine/games/mtg/cards/pool.ts';
import { MtgCardSchema } from '../../src/engine/games/mtg/cards/schema.ts';
import { cardText } from '../../src/engine/games/mtg/cards/text.ts';
import { currentRef, gainControl, powerOf, toughnessOf } from '../../src/engine/games/mtg/state.ts';
import { mtgCardFace } from '../../src/render/games/mtg-card.ts';
import { choose, duel, put } from './helpers.ts';

describe('star power and toughness (604.3)', () => {
  it('counts Forests its controller controls on the battlefield, and again when one more enters', () => {
    const s = duel(['thicketborn-colossus']);
    const colossus = put(s, 'p1', 'thicketborn-colossus', 'battlefield');
    expect(powerOf(s, colossus)).toBe(0);
    put(s, 'p1', 'forest', 'battlefield');
    put(s, 'p1', 'forest', 'battlefield');
    put(s, 'p2', 'forest', 'battlefield'); // not "you"
    put(s, 'p1', 'mountain', 'battlefield');
    expect([powerOf(s, colossus), toughnessOf(s, colossus)]).toEqual([2, 2]);
  });

  it('works in every zone (604.3): in the hand it counts for its owner (109.5)', () => {
    const s = duel(['thicketborn-colossus']);
    const colossus = put(s, 'p1', 'thicketborn-colossus', 'hand');
    for (let i = 0; i < 3; i++) put(s, 'p1', 'forest', 'battlefield');
    expect(powerOf(s, colossus)).toBe(3);
  });

  it('dies to 704.5f when its count is 0 (208.2a: "*" is not a toughness of its own)', () => {
    let s = duel(['banner-of-the-many']);
    for (let i = 0; i < 3; i++) put(s, 'p1', 'plains', 'battlefield');
    const banner = put(s, 'p1', 'banner-of-the-many', 'hand');
    s = choose(s, `cast:${banner}`);
    s = choose(s, 'auto');
    s = choose(choose(s, 'pass'), 'pass');
    // It counts itself: 1/1 on the battlefield, not 0/0.
    expect(s.objects[banner]?.zone).toBe('battlefield');
    expect(powerOf(s, banner)).toBe(1);
  });

  it('613.3a before 7c: a pump adds to the defined value; "you" follows a control change (613.1b first)', () => {
    const s = duel(['banner-of-the-many', 'gatewarden-recruit'], ['slagpit-ogre']);
    const banner = put(s, 'p1', 'banner-of-the-many', 'battlefield');
    put(s, 'p1', 'gatewarden-recruit', 'battlefield');
    const ogre = put(s, 'p2', 'slagpit-ogre', 'battlefield');
    expect(powerOf(s, banner)).toBe(2);
    gainControl(s, ogre, 'p1', 'end-of-turn');
    expect(powerOf(s, banner)).toBe(3);
    s.effects.push({ object: currentRef(s, banner), power: 2, toughness: 0, keywords: [], timestamp: s.nextTimestamp });
    s.nextTimestamp += 1;
    expect([powerOf(s, banner), toughnessOf(s, banner)]).toEqual([5, 3]);
  });

  it('the card data refuses "*" without the ability, and the text and face say "*"', () => {
    const card = MTG_CARDS.get('thicketborn-colossus');
    if (!card) throw new Error('no card');
    expect(MtgCardSchema.safeParse({ ...card, starPT: undefined }).success).toBe(false);
    expect(MtgCardSchema.safeParse({ ...card, power: 3 }).success).toBe(false);
    expect(cardText(card).en).toContain('equal to the number of Forests you control');
    expect(mtgCardFace(card, 'en').stats.map((x) => x.value)).toEqual(['*', '*']);
  });
});
