// `npx tsx src/sandbox/run.ts`: the sandbox alone, until SIGINT/SIGTERM (npm start runs it without DISCORD_TOKEN).
import { loggingFromEnv, opsConfigFromEnv } from '../ops/config.ts';
import { stopOnSignals } from '../ops/shutdown.ts';
import { startSandbox } from './start.ts';

const logging = loggingFromEnv(opsConfigFromEnv());
const sandbox = await startSandbox({ logging });
stopOnSignals({ logger: logging.logger, stop: () => sandbox.close() });
