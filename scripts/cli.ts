// Command-line tools answer bad input in one line (what is wrong, what to do), never with a stack trace: imported
// first by each script, this turns any error that reaches the top into `<tool>: <message>` and exit code 2.
// ARBITER_DEBUG=1 prints the stack as well, for a bug in the tool itself.
import { UnsupportedRule } from '../src/engine/core/errors.ts';

/** Installs the one-line error report for `tool` (its npm script name). */
export function oneLineErrors(tool: string): void {
  const report = (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    const first = message.split('\n')[0] ?? message;
    const hint =
      error instanceof UnsupportedRule
        ? ' (this game does not implement that rule yet; try another --game or seed)'
        : '';
    console.error(`${tool}: ${first}${hint}`);
    if (process.env.ARBITER_DEBUG && error instanceof Error) console.error(error.stack);
    process.exit(2);
  };
  process.on('uncaughtException', report);
  process.on('unhandledRejection', report);
}
