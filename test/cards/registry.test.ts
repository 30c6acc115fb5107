// The card-pool registry: every game has a pool, pools are not engines, and autocomplete stays fast and bounded.
import { describe, expect, it } from 'vitest';
import { cardPool, findCard, foldName, gamesWithCardPools, searchCards } from '../../src/engine/cards-registry.ts';
import { UnsupportedRule } from '../../src/engine/core/errors.ts';
import { availableGames, GAMES, gameModule } from '../../src/engine/registry.ts';

describe('card-pool registry', () => {
  it('has a pool for every game, while only engines make a game playable', () => {
    expect(gamesWithCardPools().sort()).toEqual([...GAMES.ids()].sort());
    expect(availableGames()).toEqual(GAMES.games.filter((g) => g.play).map((g) => g.id));
    expect(availableGames()).toEqual(expect.arrayContaining(['nova', 'mtg', 'fow']));
    for (const game of GAMES.games.filter((g) => !g.play).map((g) => g.id))
      expect(() => gameModule(game)).toThrow(UnsupportedRule);
  });

  it('finds cards by id, English name or Japanese name, folding width, case and kana', () => {
    expect(findCard('mtg', 'kiln-bolt')?.name.en).toBe('Kiln Bolt');
    expect(findCard('mtg', 'KILN BOLT')?.id).toBe('kiln-bolt');
    expect(findCard('mtg', '窯の稲妻')?.id).toBe('kiln-bolt');
    expect(findCard('nova', 'たすくぶれいかー・ぼあ')?.id).toBe('tuskbreaker-boar');
    expect(findCard('nova', 'ﾀｽｸﾌﾞﾚｲｶｰ・ﾎﾞｱ')?.id).toBe('tuskbreaker-boar');
    expect(findCard('fow', 'Kiln Bolt')).toBeUndefined();
    expect(foldName('Ｋｉｌｎ　Bolt')).toBe(foldName('kiln bolt'));
  });

  it('ids and English names are unique within each pool (a typed name means one card)', () => {
    for (const game of gamesWithCardPools()) {
      const cards = cardPool(game)?.cards ?? [];
      expect(new Set(cards.map((c) => foldName(c.name.en))).size, game).toBe(cards.length);
      expect(new Set(cards.map((c) => foldName(c.name.ja))).size, game).toBe(cards.length);
    }
  });

  it('ranks names that start with the input first and never returns more than 25', () => {
    const hits = searchCards(['mtg'], 'ki');
    expect(hits[0]?.card.name.en).toBe('Kiln Bolt');
    expect(searchCards(gamesWithCardPools(), '').length).toBe(25);
    expect(searchCards(['fow'], 'zzz')).toEqual([]);
  });

  it('answers every typed prefix of every name (all pools) with p99 under 5 ms of CPU', () => {
    const prefixes: string[] = [];
    for (const game of gamesWithCardPools())
      for (const card of cardPool(game)?.cards ?? [])
        for (const name of [card.name.en, card.name.ja])
          for (let n = 1; n <= Math.min(name.length, 6); n++) prefixes.push(name.slice(0, n));
    const times: number[] = [];
    for (const p of prefixes) {
      const start = process.cpuUsage();
      const hits = searchCards(gamesWithCardPools(), p);
      const used = process.cpuUsage(start);
      times.push((used.user + used.system) / 1000);
      expect(hits.length).toBeGreaterThan(0);
    }
    times.sort((a, b) => a - b);
    const p99 = times[Math.floor(times.length * 0.99)] ?? 0;
    expect(p99).toBeLessThan(5);
  });
});
