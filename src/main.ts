// `npm start`: Arbiter. With DISCORD_TOKEN, the Discord bot (docs/bot.md). Without it, the local sandbox: the same
// bot against an in-process fake Discord, with a Discord-like web page to play in (docs/sandbox.md).
async function main(): Promise<void> {
  if (process.env.DISCORD_TOKEN) {
    const { runBot } = await import('./bot/run.ts');
    await runBot();
    return;
  }
  const { loggingFromEnv, opsConfigFromEnv } = await import('./ops/config.ts');
  const { stopOnSignals } = await import('./ops/shutdown.ts');
  const { startSandbox } = await import('./sandbox/start.ts');
  const logging = loggingFromEnv(opsConfigFromEnv());
  const sandbox = await startSandbox({ logging });
  stopOnSignals({ logger: logging.logger, stop: () => sandbox.close() });
}

main().catch(async (err: unknown) => {
  // The one line a failed start prints, on stderr, whatever the log format (the logger may not exist yet).
  const { scrub } = await import('./ops/logger.ts');
  process.stderr.write(`${scrub(`Arbiter stopped: ${(err as Error).message}`, [process.env.DISCORD_TOKEN ?? ''])}\n`);
  process.exit(1);
});
