// Stop signals (src/ops/shutdown.ts): the first SIGTERM or SIGINT stops once and exits 0; a second one while
// stopping exits 1 at once; a stop that fails exits 1.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { stopOnSignals } from '../../src/ops/shutdown.ts';
import { captureLogging } from './log-capture.ts';

function setup(stop: () => Promise<void>) {
  const signals = new EventEmitter();
  const exits: number[] = [];
  const logging = captureLogging('info');
  stopOnSignals({ stop, logger: logging.logger, exit: (code) => exits.push(code), signals });
  return { signals, exits, logging };
}

describe('stop signals', () => {
  it('stop once on SIGTERM, then exit 0; a second signal while stopping exits 1 at once', async () => {
    let stops = 0;
    let finish = () => {};
    const { signals, exits, logging } = setup(() => {
      stops++;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    signals.emit('SIGTERM');
    expect(stops).toBe(1);
    expect(exits).toEqual([]);
    signals.emit('SIGINT');
    expect(exits).toEqual([1]);
    finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(stops).toBe(1);
    expect(exits).toEqual([1, 0]);
    expect(logging.records().map((r) => r.signal)).toEqual(['SIGTERM', 'SIGINT']);
  });

  it('exits 1 when the stop fails, and logs why', async () => {
    const { signals, exits, logging } = setup(() => Promise.reject(new Error('disk gone')));
    signals.emit('SIGINT');
    await new Promise((resolve) => setImmediate(resolve));
    expect(exits).toEqual([1]);
    expect(logging.lines.join('')).toMatch(/disk gone/);
  });
});
