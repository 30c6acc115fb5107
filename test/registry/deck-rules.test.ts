// Deck rules come with a game's definition, so `/league deck` checks a pool-only game's deck before its engine
// exists; a game with neither deck rules nor an engine accepts any list.
import { describe, expect, it } from 'vitest';
import { deckProblems } from '../../src/bot/league/league-decks.ts';
import type { DeckList, DeckProblem } from '../../src/engine/core/game.ts';
import { label } from '../../src/engine/core/label.ts';
import { mtgDefinition } from '../../src/engine/games/mtg/definition.ts';
import { createRegistry, deckProblemsOf, GAMES } from '../../src/engine/registry.ts';

/** A stand-in for MTG's construction rules: at least 60 main-deck cards (CR 100.2a). */
function sixtyCards(deck: DeckList): DeckProblem[] {
  const main = deck.main ?? [];
  return main.length >= 60 ? [] : [{ section: 'main', rule: 'CR 100.2a', message: label('at least 60', '60枚以上') }];
}

describe('deck rules of a pool-only game', () => {
  const card = mtgDefinition.pool.cards[0]?.id ?? '';
  const withRules = createRegistry(GAMES.games.map((g) => (g.id === 'mtg' ? { ...g, deckRules: sixtyCards } : g)));

  it('/league deck checks the deck with the definition’s rules, naming the line', () => {
    expect(withRules.find('mtg')?.play).toBeUndefined();
    const problems = deckProblems({ games: withRules }, 'mtg', `4 ${card}`);
    expect(problems?.map((p) => p.en).join('\n')).toMatch(/CR 100\.2a/);
    expect(deckProblems({ games: withRules }, 'mtg', `60 ${card}`)).toBeNull();
  });

  it('the default registry checks every pool-only game with its own rules', () => {
    for (const game of ['mtg', 'fow', 'pmv', 'aqa']) {
      const definition = GAMES.get(game);
      expect(definition.play).toBeUndefined();
      const some = definition.pool.cards[0]?.id ?? '';
      expect(deckProblems({ games: GAMES }, game, `1 ${some}`), game).not.toBeNull();
    }
    expect(
      deckProblems({ games: GAMES }, 'mtg', `4 ${card}`)
        ?.map((p) => p.en)
        .join('\n'),
    ).toMatch(/100\.2a/);
  });

  it('accepts any list while the game has no deck rules, and uses the engine’s when it has one', () => {
    const { deckRules: _dropped, ...bare } = mtgDefinition;
    const withoutRules = createRegistry(GAMES.games.map((g) => (g.id === 'mtg' ? bare : g)));
    expect(deckProblems({ games: withoutRules }, 'mtg', `4 ${card}`)).toBeNull();
    const nova = GAMES.get('nova');
    expect(deckProblemsOf(nova, { main: ['no-such-card'] }).length).toBeGreaterThan(0);
    expect(deckProblems({ games: GAMES }, 'nova', '1 no-such-card')).not.toBeNull();
  });
});
