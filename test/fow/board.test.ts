// The Force of Will board: what each viewer's table model shows of the hidden extra deck (FoW 314.2).
import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../src/engine/core/game.ts';
import { fow } from '../../src/engine/games/fow/index.ts';
import { cardOf, type FowState, moveObject, objectOf, refOf } from '../../src/engine/games/fow/state.ts';
import { fowTableModel } from '../../src/render/games/fow-table.ts';
import { AURELLE, deck, NERISSA, start } from './helpers.ts';

const TALE = 'tale-of-the-drowned-bell';

describe('314.2: the extra deck on the board', () => {
  const withExtra = { ...deck(NERISSA, [], ['water-magic-stone']), extra: [TALE] };
  const s = start('board-extra', withExtra);
  const viewers: Viewer[] = [{ kind: 'player', seat: 'p1' }, { kind: 'player', seat: 'p2' }, { kind: 'spectator' }];

  for (const viewer of viewers) {
    const who = viewer.kind === 'player' ? viewer.seat : 'a spectator';
    it(`${who} sees the extra deck's count, and only its owner's view holds its cards`, () => {
      const view = fow.view(s, viewer);
      const model = fowTableModel(view, { locale: 'en' });
      const json = JSON.stringify(model);
      const zonesOf = (seat: 'p1' | 'p2') => model.players[seat].zones;
      expect(zonesOf('p1').find((z) => z.label === 'Extra deck')?.count).toBe(1);
      expect(zonesOf('p2').find((z) => z.label === 'Extra deck')?.count).toBe(0);
      // The board itself never names the card: the extra deck is a count even to its owner.
      expect(json).not.toContain(cardOf(TALE).name.en);
      const owners = viewer.kind === 'player' && viewer.seat === 'p1';
      expect(view.players.p1.extra?.map((o) => o.card)).toEqual(owners ? [TALE] : undefined);
      expect(JSON.stringify(view)).toContain(owners ? TALE : '"extraCount":1');
      if (!owners) expect(JSON.stringify(view)).not.toContain(TALE);
    });
  }

  it('the count is in both languages', () => {
    const model = fowTableModel(fow.view(s, { kind: 'spectator' }), { locale: 'ja' });
    const p1 = model.players.p1;
    expect(p1?.zones.find((z) => z.label === 'エクストラデッキ')?.count).toBe(1);
  });
});

describe('1027.1: gems in the item area on the board', () => {
  it('every viewer sees the gems of each player by attribute, in both languages; none shows no row', () => {
    const s = start('board-gems', deck(NERISSA, []));
    s.players.p1.gems = ['fire', 'water'];
    const viewers: Viewer[] = [{ kind: 'player', seat: 'p2' }, { kind: 'spectator' }];
    for (const viewer of viewers) {
      const view = fow.view(s, viewer);
      expect(view.players.p1.gems).toEqual(['fire', 'water']);
      const en = fowTableModel(view, { locale: 'en' }).players.p1?.resources;
      expect(en?.find((r) => r.label === 'Gems')?.value).toBe('Fire Water');
      const ja = fowTableModel(view, { locale: 'ja' }).players.p1?.resources;
      expect(ja?.find((r) => r.label === '宝石')?.value).toBe('炎 水');
      const p2 = fowTableModel(view, { locale: 'en' }).players.p2?.resources;
      expect(p2?.some((r) => r.label === 'Gems')).toBe(false);
    }
  });
});

describe('1304.5a, 1017.2, 1010.2: faces, copies and a missing ruler on the board', () => {
  const MORVATH = 'morvath-ashen-regent';
  const MIMIC = 'shoalglass-mimic';
  const LEVIATHAN = 'tidecaller-leviathan';
  const viewers: Viewer[] = [{ kind: 'player', seat: 'p1' }, { kind: 'player', seat: 'p2' }, { kind: 'spectator' }];
  const areaNames = (s: FowState, viewer: Viewer, locale: 'en' | 'ja', area: number) =>
    fowTableModel(fow.view(s, viewer), { locale }).players.p1?.areas[area]?.cards.map((c) =>
      c.face === 'up' ? c.name : '?',
    );

  it("a colossal ruler's 2nd J-ruler face is drawn in the ruler area with that face's name, in both languages", () => {
    const s = start('board-colossal', deck(MORVATH, []));
    const ruler = s.players.p1.ruler;
    moveObject(s, ruler, 'field');
    objectOf(s, ruler).face = 'second';
    const second = cardOf(MORVATH).second;
    expect(second).toBeDefined();
    for (const viewer of viewers)
      for (const locale of ['en', 'ja'] as const) {
        expect(areaNames(s, viewer, locale, 0)).toEqual([second?.name[locale]]); // the ruler area
        expect(areaNames(s, viewer, locale, 1)).toEqual([]); // the field
      }
  });

  it('a copy is drawn as the copied card, its type line naming the card it is, in both languages', () => {
    const s = start('board-copy', deck(NERISSA, [MIMIC]));
    const mimic = [...s.players.p1.main, ...s.players.p1.hand].find((id) => objectOf(s, id).card === MIMIC) ?? '';
    moveObject(s, mimic, 'field');
    objectOf(s, mimic).copyOf = { card: LEVIATHAN, face: 'front', at: 1 };
    for (const viewer of viewers)
      for (const locale of ['en', 'ja'] as const) {
        const card = fowTableModel(fow.view(s, viewer), { locale }).players.p1?.areas[1]?.cards[0];
        expect(card?.face === 'up' && card.name).toBe(cardOf(LEVIATHAN).name[locale]);
        expect(card?.face === 'up' && card.typeLine).toContain(cardOf(MIMIC).name[locale]);
      }
  });

  it('a resonator made a regalia (1020.1) shows its new type before its printed type line, in both languages', () => {
    const s = start('board-type', deck(NERISSA, [MIMIC]));
    const mimic = [...s.players.p1.main, ...s.players.p1.hand].find((id) => objectOf(s, id).card === MIMIC) ?? '';
    moveObject(s, mimic, 'field');
    const line = (locale: 'en' | 'ja') => {
      const card = fowTableModel(fow.view(s, { kind: 'player', seat: 'p2' }), { locale }).players.p1?.areas[1]
        ?.cards[0];
      return card?.face === 'up' ? card.typeLine : '';
    };
    expect(line('en')).not.toContain('Regalia');
    s.effects.push({ object: refOf(s, mimic), atk: 0, def: 0, keywords: [], timestamp: 1, types: ['regalia'] });
    expect(line('en')).toMatch(/^Regalia \(Resonator/);
    expect(line('ja')).toMatch(/^レガリア \(リゾネイター/);
  });

  it('a player whose ruler was destroyed shows no ruler, in both languages; one with a ruler shows no such row', () => {
    const s = start('board-no-ruler', deck(AURELLE, []));
    const ruler = s.players.p1.ruler;
    moveObject(s, ruler, 'graveyard');
    for (const viewer of viewers) {
      const en = fowTableModel(fow.view(s, viewer), { locale: 'en' });
      expect(en.players.p1?.resources.find((r) => r.label === 'Ruler / J-ruler')?.value).toBe('none (destroyed)');
      expect(en.players.p2?.resources.some((r) => r.label === 'Ruler / J-ruler')).toBe(false);
      const ja = fowTableModel(fow.view(s, viewer), { locale: 'ja' });
      expect(ja.players.p1?.resources.find((r) => r.label === 'ルーラー／Jルーラー')?.value).toBe('なし（破壊）');
    }
  });
});
