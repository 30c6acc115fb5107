// SIGTERM (systemd, docker stop, Kubernetes) and SIGINT (Ctrl-C) stop the process gracefully: `stop` runs once and
// the process exits 0 when it is done. A second signal while stopping exits at once (1): the operator insists, and
// the store's commits are atomic, so the worst case is the replay of a few decisions at the next start.
import type { Logger } from './logger.ts';

export const STOP_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

export function stopOnSignals(options: {
  stop: () => Promise<void>;
  logger: Logger;
  exit?: (code: number) => void;
  signals?: NodeJS.EventEmitter;
}): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const signals = options.signals ?? process;
  let stopping = false;
  for (const signal of STOP_SIGNALS) {
    signals.on(signal, () => {
      if (stopping) {
        options.logger.warn({ signal }, 'second stop signal: exiting now');
        exit(1);
        return;
      }
      stopping = true;
      options.logger.info({ signal }, 'stop signal: stopping gracefully');
      options.stop().then(
        () => exit(0),
        (error: unknown) => {
          options.logger.error({ err: error }, 'graceful stop failed');
          exit(1);
        },
      );
    });
  }
}
