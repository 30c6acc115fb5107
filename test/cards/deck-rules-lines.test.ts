// The deck checkers name cards the way the deck reader looks them up (an id for a misplaced or unknown card, the
// English name for a copy limit), so `/deck import` and `/league deck` can point at the line of every card problem.
import { describe, expect, it } from 'vitest';
import { readDeckText } from '../../src/bot/decks.ts';
import type { DeckList, DeckProblem } from '../../src/engine/core/game.ts';
import { AQA_CARDS } from '../../src/engine/games/aqa/cards/pool.ts';
import { validateAqaDeck } from '../../src/engine/games/aqa/deck-rules.ts';
import { FOW_CARDS } from '../../src/engine/games/fow/cards/pool.ts';
import { validateFowDeck } from '../../src/engine/games/fow/deck-rules.ts';
import { MTG_CARDS } from '../../src/engine/games/mtg/cards/pool.ts';
import { validateMtgDeck } from '../../src/engine/games/mtg/deck-rules.ts';
import { PMV_CARDS } from '../../src/engine/games/pmv/cards/pool.ts';
import { validatePmvDeck } from '../../src/engine/games/pmv/deck-rules.ts';

const GAMES: {
  game: string;
  pool: ReadonlyMap<string, { name: { en: string } }>;
  validate: (deck: DeckList) => DeckProblem[];
  text: string;
  /** The line each card problem must point at, in problem order. */
  lines: number[];
}[] = [
  {
    game: 'mtg',
    pool: MTG_CARDS,
    validate: validateMtgDeck,
    text: '[main]\n4 kiln-bolt\n56 island\nside:\n1 kiln-bolt\n1 fusebug',
    lines: [6, 5],
  },
  {
    game: 'fow',
    pool: FOW_CARDS,
    validate: validateFowDeck,
    text: '[ruler]\n1 aurelle-ember-warden\n[main]\n40 flare-lance\n[stones]\n9 fire-magic-stone\n1 skyveil-kite',
    lines: [4, 7],
  },
  {
    game: 'pmv',
    pool: PMV_CARDS,
    validate: validatePmvDeck,
    text: '48 sudden-gust\n2 celestial-arbiter-yuzuriha',
    lines: [1, 2],
  },
  {
    game: 'aqa',
    pool: AQA_CARDS,
    validate: validateAqaDeck,
    text: '36 open-gates\n3 ash-recall\n1 no-such-card',
    lines: [3, 1],
  },
];

describe('deck problems point at the lines of their cards', () => {
  for (const { game, pool, validate, text, lines } of GAMES) {
    it(game, () => {
      const read = readDeckText(text, (id) => pool.get(id)?.name.en);
      expect(read.problems).toEqual([]);
      const problems = validate(read.list ?? {}).filter((p) => p.card !== undefined);
      expect(problems.map((p) => read.linesOf(p.section, p.card).map((at) => at.line))).toEqual(
        lines.map((line) => [line]),
      );
    });
  }
});
