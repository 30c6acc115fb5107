// `npm start`: Arbiter. With DISCORD_TOKEN, the Discord bot (docs/bot.md). Without it, the local sandbox: the same
// bot against an in-process fake Discord, with a Discord-like web page to play in (docs/sandbox.md).
async function main(): Promise<void> {
  if (process.env.DISCORD_TOKEN) {
    const { runBot } = await import('./bot/run.ts');
    await runBot();
    return;
  }
  const { startSandbox } = await import('./sandbox/start.ts');
  const sandbox = await startSandbox();
  const stop = async (signal: string) => {
    console.log(`${signal}: stopping the sandbox.`);
    await sandbox.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(`Arbiter stopped: ${(err as Error).message}`);
  process.exit(1);
});
