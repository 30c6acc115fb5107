// Positions for the search tests: an easy-against-easy game of the first two precons of a game, played until the test
// finds the position it needs. Each test names its seed, so its position stays the same run after run.
import { type AiAnswer, decide } from '../../src/ai/player.ts';
import type { AiGame } from '../../src/ai/world.ts';
import type { BaseState, PendingDecision } from '../../src/engine/core/game.ts';
import type { GameDefinition } from '../../src/engine/definition.ts';
import { preconDeckList } from '../../src/engine/precons.ts';

/**
 * Plays easy against easy from setup seed `seed` until `found` returns something for a position (given easy's own
 * answer there, computed when asked), at most `limit` decisions; throws when the game gives none.
 */
export function easyGameUntil<T>(
  def: GameDefinition,
  g: AiGame,
  seed: string,
  limit: number,
  found: (s: BaseState, p: PendingDecision, easy: () => AiAnswer) => T | undefined,
): T {
  const precons = def.precons();
  const [x, y] = [precons[0], precons[1 % precons.length]];
  if (!x || !y) throw new Error(`${def.id} has no precons`);
  let s = g.module.setup({ game: def.id, decks: { p1: preconDeckList(x), p2: preconDeckList(y) } }, seed);
  for (let n = 0; n < limit && !s.result; n++) {
    const p = g.module.pending(s);
    if (!p) break;
    let answer: AiAnswer | undefined;
    const easy = () => {
      answer ??= decide({ game: g, state: s, seat: p.player, level: 'easy', seed: `${seed}:${n}` });
      return answer;
    };
    const position = found(s, p, easy);
    if (position !== undefined) return position;
    s = g.module.apply(s, p.player, easy().response);
  }
  throw new Error(`no such position in ${limit} decisions of ${def.id} seed ${seed}`);
}
