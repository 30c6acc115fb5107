import { afterAll, describe, expect, it } from 'vitest';
import { renderAny } from '../../src/render/render.ts';
import { RenderPool } from '../../src/render/worker-pool.ts';
import { novaFaceJa } from './fixtures/faces.ts';
import { novaBoard } from './fixtures/nova-board.ts';

describe('render worker pool', () => {
  const pool = new RenderPool(2);
  afterAll(() => pool.close());

  it('renders the same bytes and strings as the main thread, for jobs queued beyond the pool size', async () => {
    const direct = await renderAny('board', novaBoard());
    const pooled = await Promise.all([1, 2, 3].map(() => pool.render('board', novaBoard())));
    for (const r of pooled) {
      expect(Buffer.compare(r.png, direct.png)).toBe(0);
      expect(r.drawnText).toEqual(direct.drawnText);
    }
  });

  it('a board queued behind other images is drawn before them; boards and the rest keep their order', async () => {
    const one = new RenderPool(1);
    try {
      const done: string[] = [];
      const job = (kind: 'board' | 'card', name: string, model: unknown) =>
        one.render(kind, model).then(() => done.push(name));
      // The first card occupies the worker; the rest wait in the queue.
      await Promise.all([
        job('card', 'card 1', novaFaceJa()),
        job('card', 'card 2', novaFaceJa()),
        job('board', 'board 1', novaBoard()),
        job('card', 'card 3', novaFaceJa()),
        job('board', 'board 2', novaBoard()),
      ]);
      expect(done).toEqual(['card 1', 'board 1', 'board 2', 'card 2', 'card 3']);
    } finally {
      await one.close();
    }
  });

  it('rejects an invalid model and keeps serving', async () => {
    await expect(pool.render('card', { game: 'nova', name: 42 })).rejects.toThrow();
    const card = await pool.render('card', novaFaceJa());
    expect(card.drawnText).toContain('攻撃力');
  });
});
