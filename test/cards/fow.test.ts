import { describe, expect, it } from 'vitest';
import cardFile from '../../data/cards/fow/cards.json' with { type: 'json' };
import { FOW_CARDS } from '../../src/engine/games/fow/cards/pool.ts';
import { FowCardFileSchema } from '../../src/engine/games/fow/cards/schema.ts';
import { cardKeywords, cardText } from '../../src/engine/games/fow/cards/text.ts';
import { fowCardFace } from '../../src/render/games/fow-card.ts';
import { facesDrawTheCard, rejects, textIsAsIntended } from './pool-checks.ts';

describe('Force of Will card pool', () => {
  it("holds the digest's 40 sample rows (the five basic magic stones as five cards)", () => {
    expect(FOW_CARDS.size).toBe(104); // 103 cards (Mending Dawn, Pathfinder's Call, Tidewash Augury, Gravecall Rite, Mistward Veil for 1024, 1014.2, 1021, 1006, 1018; Hush of the Hollow Moon, Tideglass Mirage, Cinderfall Verdict, Dawnmend Ward, Mirrortide Refrain, Galebound Recall, Kindled Banner, Stolen Tidehour, Emberline Inscription, Sapling Courier, Shackles of the Long Night, Sealbreak Chime, Emberglass Harvest, Gathering Rain, Rainward Heron, Mantlewoven Squire and Emberwell Rite, Mirrorwake Canticle, Shoalglass Mimic, Thronebreaker Edict, Morvath (a colossal ruler), Emberheart Penitent, Echofold Chorus, Ashen Reprise, Dawn Unwritten, Stolen Morning, Gift of Hours, Thornbriar Yoke, Withering Brand, Prism Tithe, Hourless Slumber, Lingering Dusk, Bloodsworn Aegis, Deferred Hour, Gilded Stillness, Borrowed Rain, Tidemirror Masquerade, Kindlemark Ordination, Turn of the Dial, Severing Despair, Key of the Still Hour, Threadbound Wisp, Breath Held at Dusk, Hearthguard Screen, Ashward Exile, Tale of the Ember Lantern, Graftwind Relay, Lent Hour, Stranger's Mantle, Vow of the Broken Seal, Loosened Clasp, Deepglass Covenant for 909.1d, 1020.2, 1008.2, 910.1, 1017.1, 910.2, 909.1c, 1025, 1020.1, 1022.4, 1031, 1026, 1027, 1028, 1032, 907.1, 1017.1b, 1017.2, 1010.2, 1304, 1030, 1017.1a, 1017.3, 1033, 1031 (draw), 1025 (target), 1406 (classified additions, two), 1027.1a, 1031 (main, end), 910.2a, 1025 (after a later turn), 1020.1 (a type), 1028 (target player), 1017.2 (a target, until end of turn), 1020.1 (a race gained), 1030 (a target, and remove), 1026 (a named card), 1032 (this card), 1031 (this turn), 1018.1a (a number), 910.1 (to a graveyard), 1005.1 (a Fable chosen), 1022.4 (between two targets), 1025.1 (a target player, after its opponent's turn), 1032.1 (another player's deck), 1026 (for the game), 1026 (a named card until end of turn), 1017.2 (a target, lasting)) and the Drowned Knight token (1303)
    const rulers = [...FOW_CARDS.values()].filter((c) => c.types.includes('ruler'));
    expect(rulers.map((r) => r.back?.types)).toEqual([['j-ruler'], ['j-ruler'], ['j-ruler']]);
  });

  it('refuses malformed cards with a message naming the card, the keyword and the rule', () => {
    const expectRejected = rejects(cardFile, FowCardFileSchema);
    const byId = (cards: Record<string, unknown>[], id: string) =>
      cards.find((c) => c.id === id) as Record<string, unknown>;
    expectRejected(
      (cards) => {
        delete byId(cards, 'cinderhorn-charger').atk;
      },
      /cinderhorn-charger/,
      /ATK and DEF \(206, 207\)/,
    );
    expectRejected(
      (cards) => {
        byId(cards, 'wellspring-dryad').keywords = [{ keyword: 'mana' }];
      },
      /wellspring-dryad/,
      /\[mana\] needs "amount"/,
    );
    expectRejected(
      (cards) => {
        byId(cards, 'skyveil-kite').keywords = [{ keyword: 'flying', amount: 2 }];
      },
      /skyveil-kite/,
      /\[flying\] takes no "amount"/,
    );
    expectRejected(
      (cards) => {
        delete byId(cards, 'aurelle-ember-warden').back;
      },
      /aurelle-ember-warden/,
      /J-ruler face/,
    );
    expectRejected(
      (cards) => {
        byId(cards, 'flare-lance').attributes = ['moon'];
      },
      /flare-lance/,
      /attributes\.0/,
    );
  });

  it('lists keywords from both faces once, and draws both faces of a ruler in the text', () => {
    const aurelle = FOW_CARDS.get('aurelle-ember-warden');
    if (!aurelle) throw new Error('missing Aurelle');
    expect(cardKeywords(aurelle)).toEqual([
      'energize',
      'mana',
      'divinity',
      'judgment',
      'pierce',
      'imperishable',
      'gods-art',
    ]);
    const face = fowCardFace(aurelle, 'ja');
    expect(face.colours).toEqual(['fire', 'light']);
    expect(face.text).toContain('// 陽鍛えの裁定者オーレル（Jルーラー — 人間 800/800）');
    const verse = FOW_CARDS.get('moonlit-verse');
    if (!verse) throw new Error('missing Moonlit Verse');
    expect(fowCardFace(verse, 'en').cost).toEqual([
      { colour: 'water', text: '' },
      { colour: 'void', text: 'M' },
    ]);
  });

  describe('generated text', () => textIsAsIntended(FOW_CARDS, cardText));
  facesDrawTheCard('fow');
});
