// The image cache: an equal model is drawn once; anything that differs (the viewer, the locale, one card) is drawn
// again; a failed render is not remembered; the byte cap evicts the least recently used images.
import { describe, expect, it } from 'vitest';
import {
  BOARDS_FIRST_MS,
  DRAWN_AHEAD_MARGIN_MS,
  ImageCache,
  imageKey,
  WAITED_HAND_MARGIN_MS,
} from '../../src/bot/image-cache.ts';
import type { RenderKind } from '../../src/render/render.ts';
import type { RenderDue } from '../../src/render/worker-pool.ts';

function counting(fail = () => false) {
  const calls: string[] = [];
  const renderer = async (kind: RenderKind, model: unknown) => {
    calls.push(JSON.stringify(model));
    if (fail()) throw new Error('boom');
    return Buffer.from(`${kind}:${JSON.stringify(model)}`.padEnd(100, '.'));
  };
  return { calls, renderer };
}

describe('image cache', () => {
  it('draws an equal model once, and every other model (another viewer, locale or card) anew', async () => {
    const { calls, renderer } = counting();
    const cache = new ImageCache(renderer);
    const p1 = { seat: 'p1', locale: 'en', hand: ['Ember Hound'] };
    const first = await cache.image('hand', p1);
    const again = await cache.image('hand', { seat: 'p1', locale: 'en', hand: ['Ember Hound'] });
    expect(again.png).toBe(first.png);
    expect(again.key).toBe(first.key);
    expect(calls).toHaveLength(1);
    const p2 = await cache.image('hand', { seat: 'p2', locale: 'en', hand: ['Ember Hound'] });
    const ja = await cache.image('hand', { seat: 'p1', locale: 'ja', hand: ['Ember Hound'] });
    const other = await cache.image('hand', { seat: 'p1', locale: 'en', hand: ['Stone Warden'] });
    const asBoard = await cache.image('board', p1);
    expect(new Set([first.key, p2.key, ja.key, other.key, asBoard.key]).size).toBe(5);
    expect(calls).toHaveLength(5);
    expect(p2.png.toString()).toContain('"p2"');
    expect(cache.hits).toBe(1);
    expect(cache.renders).toBe(5);
  });

  it('shares one render between concurrent requests for the same model', async () => {
    const { calls, renderer } = counting();
    const cache = new ImageCache(renderer);
    const [a, b] = await Promise.all([cache.image('board', { turn: 1 }), cache.image('board', { turn: 1 })]);
    expect(a.png).toBe(b.png);
    expect(calls).toHaveLength(1);
  });

  it('a board is due before any hand, a waited-for hand at once, one drawn ahead a second later; a click that joins it makes it due', async () => {
    const dues: { kind: RenderKind; due: RenderDue }[] = [];
    const releases: (() => void)[] = [];
    const cache = new ImageCache(async (kind, _model, _json, due) => {
      if (due) dues.push({ kind, due });
      await new Promise<void>((resolve) => releases.push(resolve));
      return Buffer.from(kind);
    });
    const before = performance.now();
    const board = cache.image('board', { turn: 1 });
    const ahead = cache.image('hand', { seat: 'p1' });
    const clickedFirst = cache.image('hand', { seat: 'p2' }, { waiting: true });
    const after = performance.now();
    expect(dues.map((d) => d.kind)).toEqual(['board', 'hand', 'hand']);
    const [boardDue, aheadDue, clickedDue] = dues.map((d) => d.due.at) as [number, number, number];
    expect(boardDue).toBeLessThanOrEqual(before - BOARDS_FIRST_MS + (after - before));
    expect(boardDue).toBeLessThan(0); // before any hand asked for in the process's life
    expect(clickedDue).toBeGreaterThanOrEqual(before + WAITED_HAND_MARGIN_MS);
    expect(clickedDue).toBeLessThanOrEqual(after + WAITED_HAND_MARGIN_MS);
    expect(aheadDue).toBeGreaterThanOrEqual(before + DRAWN_AHEAD_MARGIN_MS);
    // A request that does not wait changes nothing; a click for the same picture draws nothing more and makes the
    // queued job due as if it had been waited for from the start.
    void cache.image('hand', { seat: 'p1' });
    expect(dues[1]?.due.at).toBe(aheadDue);
    const clicked = cache.image('hand', { seat: 'p1' }, { waiting: true });
    expect(dues).toHaveLength(3);
    expect(dues[1]?.due.at).toBeLessThanOrEqual(after + WAITED_HAND_MARGIN_MS);
    for (const release of releases) release();
    await Promise.all([board, ahead, clicked, clickedFirst]);
    expect(cache.lookups.hand).toEqual({ drawn: 2, ready: 0, joined: 2 });
  });

  it("withdraws a player's queued picture nobody waits for when a newer one of theirs is asked for, never one someone waits for", async () => {
    const dues: RenderDue[] = [];
    const cache = new ImageCache(async (_kind, model, _json, due) => {
      if (due) dues.push(due);
      return Buffer.from(JSON.stringify(model));
    });
    const lane = 'match-1:p1';
    void cache.image('hand', { v: 1 }, { lane });
    void cache.image('hand', { v: 1 }, { lane }); // the same picture: nothing withdrawn
    expect(dues[0]?.withdrawn).toBeUndefined();
    void cache.image('hand', { v: 2 }, { lane });
    expect(dues[0]?.withdrawn).toBe(true);
    // Another player's lane is left alone.
    void cache.image('hand', { v: 3 }, { lane: 'match-1:p2' });
    expect(dues[1]?.withdrawn).toBeUndefined();
    // Someone waits for v2 now: a newer picture does not withdraw it.
    void cache.image('hand', { v: 2 }, { lane, waiting: true });
    void cache.image('hand', { v: 4 }, { lane });
    expect(dues[1]?.withdrawn).not.toBe(true);
    // A withdrawn picture not yet dropped that someone then waits for is wanted again.
    void cache.image('hand', { v: 5 }, { lane });
    expect(dues[3]?.withdrawn).toBe(true);
    void cache.image('hand', { v: 4 }, { lane, waiting: true });
    expect(dues[3]?.withdrawn).toBe(false);
  });

  it('does not keep a failed render', async () => {
    let failing = true;
    const { calls, renderer } = counting(() => failing);
    const cache = new ImageCache(renderer);
    await expect(cache.image('board', { turn: 1 })).rejects.toThrow('boom');
    failing = false;
    await expect(cache.image('board', { turn: 1 })).resolves.toMatchObject({ key: imageKey('board', { turn: 1 }) });
    expect(calls).toHaveLength(2);
  });

  it('evicts the least recently used images beyond its byte cap', async () => {
    const { calls, renderer } = counting();
    const cache = new ImageCache(renderer, 250); // room for two 100-byte images
    await cache.image('board', { turn: 1 });
    await cache.image('board', { turn: 2 });
    await cache.image('board', { turn: 1 }); // turn 1 is now the most recent
    await cache.image('board', { turn: 3 }); // evicts turn 2
    expect(calls).toHaveLength(3);
    await cache.image('board', { turn: 1 });
    expect(calls).toHaveLength(3);
    await cache.image('board', { turn: 2 });
    expect(calls).toHaveLength(4);
  });
});
