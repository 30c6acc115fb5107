// The scenario runner for every game: a file names its game, the registry finds that game's scenario hooks, and
// the shared loop (plan.ts) plays it. `npm run scenario`, `npm run render -- --scenario` and the tests use this.
import { InvalidData } from '../core/errors.ts';
import type { BaseState, GameId } from '../core/game.ts';
import type { ScenarioPlan } from '../definition.ts';
import { GAMES, type GameRegistry } from '../registry.ts';
import { readScenarioYaml, runPlan, type ScenarioResult } from './plan.ts';

export { NotOffered, type ScenarioResult } from './plan.ts';

export interface LoadedScenario {
  game: GameId;
  plan: ScenarioPlan<BaseState>;
}

/** Reads a scenario file of any game in the registry; refuses an unknown game or one without scenarios. */
export function loadScenario(text: string, file = 'scenario', registry: GameRegistry = GAMES): LoadedScenario {
  const raw = readScenarioYaml(text, file);
  const game = raw !== null && typeof raw === 'object' && 'game' in raw ? raw.game : undefined;
  if (typeof game !== 'string')
    throw new InvalidData(`${file}: a scenario names its game (game: ${registry.ids().join(' | ')})`);
  const definition = registry.find(game);
  if (!definition) throw new InvalidData(`${file}: unknown game "${game}" (known: ${registry.ids().join(', ')})`);
  const hooks = definition.play?.scenarios;
  if (!hooks) throw new InvalidData(`${file}: the game "${game}" has no scenario runner yet`);
  return { game, plan: hooks.plan(raw, file) };
}

export function runScenario(scenario: LoadedScenario): ScenarioResult<BaseState> {
  return runPlan(scenario.plan);
}
