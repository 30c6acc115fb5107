// Deck rules come with a game's definition, so `/league deck` checks a pool-only game's deck before its engine
// exists; a game with neither deck rules nor an engine accepts any list.
import { describe, expect, it } from 'vitest';
import { deckProblems } from '../../src/bot/league/league-decks.ts';
import type { DeckList, DeckProblem } from '../../src/engine/core/game.ts';
import { label } from '../../src/engine/core/label.ts';
import { fowDefinition } from '../../src/engine/games/fow/definition.ts';
import { createRegistry, deckProblemsOf, GAMES } from '../../src/engine/registry.ts';

/** A stand-in deck rule for a pool-only game (Force of Will): at least 60 main-deck cards. */
function sixtyCards(deck: DeckList): DeckProblem[] {
  const main = deck.main ?? [];
  return main.length >= 60 ? [] : [{ section: 'main', rule: 'TEST 1', message: label('at least 60', '60枚以上') }];
}

describe('deck rules of a pool-only game', () => {
  const card = fowDefinition.pool.cards[0]?.id ?? '';
  // Force of Will as it was before its engine: its pool with a stand-in deck rule, no `play`.
  const { play: _engine, ...poolOnly } = fowDefinition;
  const withRules = createRegistry(
    GAMES.games.map((g) => (g.id === 'fow' ? { ...poolOnly, deckRules: sixtyCards } : g)),
  );

  it('/league deck checks the deck with the definition’s rules, naming the line', () => {
    expect(withRules.find('fow')?.play).toBeUndefined();
    const problems = deckProblems({ games: withRules }, 'fow', `4 ${card}`);
    expect(problems?.map((p) => p.en).join('\n')).toMatch(/TEST 1/);
    expect(deckProblems({ games: withRules }, 'fow', `60 ${card}`)).toBeNull();
  });

  it('the default registry checks every game with its own rules, playable or not', () => {
    for (const game of ['mtg', 'fow', 'pmv', 'aqa']) {
      const definition = GAMES.get(game);
      expect(definition.deckRules, game).toBeDefined();
      const some = definition.pool.cards[0]?.id ?? '';
      expect(deckProblems({ games: GAMES }, game, `1 ${some}`), game).not.toBeNull();
    }
    const mtgCard = GAMES.get('mtg').pool.cards[0]?.id ?? '';
    expect(
      deckProblems({ games: GAMES }, 'mtg', `4 ${mtgCard}`)
        ?.map((p) => p.en)
        .join('\n'),
    ).toMatch(/100\.2a/);
  });

  it('accepts any list while the game has no deck rules, and uses the engine’s when it has one', () => {
    const { deckRules: _dropped, play: _noEngine, ...bare } = fowDefinition;
    const withoutRules = createRegistry(GAMES.games.map((g) => (g.id === 'fow' ? bare : g)));
    expect(deckProblems({ games: withoutRules }, 'fow', `4 ${card}`)).toBeNull();
    const nova = GAMES.get('nova');
    expect(deckProblemsOf(nova, { main: ['no-such-card'] }).length).toBeGreaterThan(0);
    expect(deckProblems({ games: GAMES }, 'nova', '1 no-such-card')).not.toBeNull();
  });
});
