// `npx tsx src/sandbox/run.ts`: the sandbox alone, until SIGINT/SIGTERM (npm start runs it without DISCORD_TOKEN).
import { startSandbox } from './start.ts';

const sandbox = await startSandbox();
const stop = async (signal: string) => {
  console.log(`${signal}: stopping the sandbox.`);
  await sandbox.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop('SIGINT'));
process.once('SIGTERM', () => void stop('SIGTERM'));
