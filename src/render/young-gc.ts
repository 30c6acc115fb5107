// A young-generation collection on demand, for the render worker (issue 26 item 8). Each image's pixels come from
// the canvas library as a fresh external buffer of 4–6 MB that V8 frees only when it collects the buffer's small JS
// object. Left to V8, those buffers pile up to its external-memory limit and force a full mark-compact every few
// images, most of it on V8's helper threads (~4 ms of CPU per image on top of the worker's own ~11 ms). A minor
// collection just before the next readout frees the previous image's buffer while the allocator still holds its
// pages, so the readout reuses them: 23–26 % less process CPU per image (docs/bot.md, item 8, stop 25).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options: { type: 'minor' | 'major' }) => void;

let collect: Collect | undefined;

/**
 * Runs a minor (scavenge) collection of the calling thread's heap. V8's `gc` is exposed through a fresh context
 * (Node's documented `--expose-gc` route, set at run time): the flag only adds `gc` to contexts created after it.
 */
export function collectYoung(): void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as Collect;
  }
  collect({ type: 'minor' });
}
