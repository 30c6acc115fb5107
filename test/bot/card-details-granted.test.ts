// "Card details" (issue 26): keywords granted or taken away by effects, in every game. Each case plays a real
// scenario file to its end, then reads the details of one field card from the spectator's table in both languages:
// a granted keyword is listed as coming from an effect, a nullified one as lost. Before, details listed the printed
// keywords only (the table model carried no current keywords, and PMV's view none at all).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardDetailLines, fieldCards } from '../../src/bot/card-details.ts';
import { GAMES } from '../../src/engine/registry.ts';
import { loadScenario, runScenario } from '../../src/engine/scenario/runner.ts';

const NAMES = { p1: 'Ann', p2: 'Bo' };
const GRANTED = { en: 'from an effect', ja: '効果による' } as const;
const LOST = { en: 'Printed, lost now:', ja: '印刷されているが今は失っている：' } as const;

interface Case {
  file: string;
  card: { en: string };
  keyword: { en: string; ja: string };
  how: 'granted' | 'lost' | 'has';
}

const CASES: Case[] = [
  {
    file: 'nova/1004-sylra-grants-pierce.yaml',
    card: { en: 'Ember Whelp' },
    keyword: { en: 'Pierce', ja: '貫通' },
    how: 'granted',
  },
  {
    file: 'mtg/303.4a-aura-enters-attached-to-target.yaml',
    card: { en: 'Fernstep Elk' },
    keyword: { en: 'Vigilance', ja: '警戒' },
    how: 'granted',
  },
  {
    file: 'aqa/11-5-sigil-gives-intercept.yaml',
    card: { en: 'Sentinel Statue' },
    keyword: { en: 'Intercept', ja: 'インターセプト' },
    how: 'granted',
  },
  {
    file: 'pmv/12.4-silence-charm-removes-pierce.yaml',
    card: { en: 'Gorou' },
    keyword: { en: 'Pierce', ja: '貫通' },
    how: 'lost',
  },
  {
    file: 'fow/1109-awakening-grants-text.yaml',
    card: { en: 'Tidecaller Leviathan' },
    keyword: { en: 'Pierce', ja: '貫通' },
    how: 'has',
  },
];

describe('card details show keywords as they are now', () => {
  for (const c of CASES) {
    it(`${c.file}: ${c.card.en} ${c.how} ${c.keyword.en}`, () => {
      const scenario = loadScenario(readFileSync(join('test/scenarios', c.file), 'utf8'), c.file);
      const result = runScenario(scenario);
      expect(result.failures).toEqual([]);
      const game = GAMES.get(scenario.game);
      const play = game.play ?? expect.unreachable();
      const view = play.module.view(result.state, { kind: 'spectator' });
      for (const locale of ['en', 'ja'] as const) {
        const tableEn = play.presenter.table(view, { locale: 'en', names: NAMES });
        const table = play.presenter.table(view, { locale, names: NAMES });
        const index = fieldCards(tableEn).findIndex((f) => f.card.name.startsWith(c.card.en));
        expect(index, `${c.card.en} on the field`).toBeGreaterThanOrEqual(0);
        const entry = fieldCards(table)[index] ?? expect.unreachable();
        expect(entry.card.keywords, 'the table model carries current keywords').toBeDefined();
        const { lines } = cardDetailLines(entry, game.pool, GAMES.styleOf(game.id), NAMES, locale);
        const name = c.keyword[locale];
        const keywordLine = lines.find((l) => l.includes(name) && !l.includes(LOST[locale])) ?? '';
        const lostLine = lines.find((l) => l.startsWith(`**${LOST[locale]}**`)) ?? '';
        if (c.how === 'granted') {
          expect(keywordLine, lines.join('\n')).toContain(GRANTED[locale]);
          expect(keywordLine).toMatch(/\(\d/);
        }
        if (c.how === 'has') expect(keywordLine, lines.join('\n')).toContain(name);
        if (c.how === 'lost') {
          expect(lostLine, lines.join('\n')).toContain(name);
          expect(entry.card.keywords?.map((k) => k.name)).not.toContain(name);
        }
      }
    });
  }
});
