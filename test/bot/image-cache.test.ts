// The image cache: an equal model is drawn once; anything that differs (the viewer, the locale, one card) is drawn
// again; a failed render is not remembered; the byte cap evicts the least recently used images.
import { describe, expect, it } from 'vitest';
import { ImageCache, imageKey } from '../../src/bot/image-cache.ts';
import type { RenderKind } from '../../src/render/render.ts';

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
