// `npm run terminal [-- --game <id>]`: a terminal match of any game with an engine (NOVA by default).
import { parseArgs } from 'node:util';
import { DEFAULT_GAME_ID } from '../engine/core/game.ts';
import { runTerminalMatch } from './match.ts';

const { values } = parseArgs({ options: { game: { type: 'string', default: DEFAULT_GAME_ID } } });
runTerminalMatch(values.game).catch((err: unknown) => {
  console.error(`Arbiter stopped: ${(err as Error).message}`);
  process.exit(1);
});
