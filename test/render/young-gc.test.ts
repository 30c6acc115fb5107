import { constants, type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAny } from '../../src/render/render.ts';
import { setBeforeReadout } from '../../src/render/surface.ts';
import { collectYoung } from '../../src/render/young-gc.ts';
import { novaHand } from './fixtures/hand.ts';
import { novaBoard } from './fixtures/nova-board.ts';

/** The kinds of the collections this thread ran while `run` ran. */
async function collectionsDuring(run: () => void): Promise<number[]> {
  const kinds: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[])
      if (entry.detail?.kind !== undefined) kinds.push(entry.detail.kind);
  });
  observer.observe({ entryTypes: ['gc'] });
  run();
  // GC entries are delivered asynchronously.
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  return kinds;
}

describe('young collections before a readout (issue 26 item 8)', () => {
  afterEach(() => setBeforeReadout(null));

  it('collectYoung runs a minor collection, not a full one', async () => {
    const kinds = await collectionsDuring(() => collectYoung());
    expect(kinds).toContain(constants.NODE_PERFORMANCE_GC_MINOR);
    expect(kinds).not.toContain(constants.NODE_PERFORMANCE_GC_MAJOR);
  });

  it('the readout hook runs once per image, and the image is the same with it', async () => {
    const plain = await renderAny('board', novaBoard());
    let calls = 0;
    setBeforeReadout(() => {
      calls += 1;
      collectYoung();
    });
    const board = await renderAny('board', novaBoard());
    await renderAny('hand', novaHand());
    expect(calls).toBe(2);
    expect(Buffer.compare(board.png, plain.png)).toBe(0);
  });
});
