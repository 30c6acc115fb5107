// `npm run terminal`: the NOVA terminal match.
import { runTerminalMatch } from './match.ts';

runTerminalMatch().catch((err: unknown) => {
  console.error(`Arbiter stopped: ${(err as Error).message}`);
  process.exit(1);
});
