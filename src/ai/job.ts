// One AI decision as plain data, so it can cross to a worker thread: the game, the real state (the player reads
// it only through `determinize` for its seat: player.ts), the seat, the level and the seed.
import type { BaseState, Seat } from '../engine/core/game.ts';
import type { GameRegistry } from '../engine/registry.ts';
import type { SearchBudget } from './ismcts.ts';
import type { AiLevel } from './levels.ts';
import { type AiAnswer, decide } from './player.ts';
import { aiGame } from './world.ts';

export interface AiJob {
  game: string;
  state: BaseState;
  seat: Seat;
  level: AiLevel;
  seed: string;
  budget?: SearchBudget;
}

export function runJob(registry: GameRegistry, job: AiJob): AiAnswer {
  const g = aiGame(registry.playable(job.game));
  return decide({
    game: g,
    state: job.state,
    seat: job.seat,
    level: job.level,
    seed: job.seed,
    ...(job.budget ? { budget: job.budget } : {}),
  });
}
