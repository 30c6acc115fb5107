import { readFileSync } from 'node:fs';
import { platform } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { label } from '../../src/engine/core/label.ts';
import { renderAny } from '../../src/render/render.ts';
import { styleOf } from '../../src/render/styles/index.ts';
import { type RenderDue, RenderPool, RenderWithdrawn } from '../../src/render/worker-pool.ts';
import { novaFaceJa } from './fixtures/faces.ts';
import { novaHand } from './fixtures/hand.ts';
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

  it("renders a model sent as its JSON text (the image cache's) to the same bytes; a broken text fails the job", async () => {
    const direct = await renderAny('board', novaBoard());
    const fromJson = await pool.render('board', novaBoard(), JSON.stringify(novaBoard()));
    expect(Buffer.compare(fromJson.png, direct.png)).toBe(0);
    // The text is what is drawn: a model whose JSON says another turn draws that turn.
    const other = await pool.render('board', novaBoard(), JSON.stringify({ ...novaBoard(), turn: 99 }));
    expect(Buffer.compare(other.png, direct.png)).not.toBe(0);
    await expect(pool.render('board', novaBoard(), '{"game":')).rejects.toThrow(/JSON/);
  });

  it('draws the queued job due first, in order among equals; a due time lowered while queued moves the job up', async () => {
    const one = new RenderPool(1);
    try {
      const done: string[] = [];
      const base = performance.now();
      const job = (kind: 'board' | 'hand' | 'card', name: string, due: RenderDue) =>
        one
          .render(kind, kind === 'board' ? novaBoard() : kind === 'hand' ? novaHand() : novaFaceJa(), undefined, due)
          .then(() => done.push(name));
      // The first job occupies the worker; the rest wait in the queue.
      const joined = { at: base + 20_000 };
      const jobs = [
        job('card', 'card 1', { at: base - 10 }),
        job('hand', 'hand drawn ahead', { at: base + 10_000 }),
        job('board', 'board 1', { at: base - 3 }),
        job('hand', 'hand someone joined', joined),
        job('board', 'board 2', { at: base - 1 }),
        job('board', 'board 3', { at: base - 1 }),
        // No due time: due when queued, i.e. now, after every job above but those due later.
        one.render('card', novaFaceJa()).then(() => done.push('card 2')),
      ];
      joined.at = base - 2; // a click that waits for it, after it was queued
      await Promise.all(jobs);
      expect(done).toEqual([
        'card 1',
        'board 1',
        'hand someone joined',
        'board 2',
        'board 3',
        'card 2',
        'hand drawn ahead',
      ]);
    } finally {
      await one.close();
    }
  });

  it.runIf(platform() === 'linux')(
    "tells the worker thread's CPU time for each image (the latency bench's figure)",
    async () => {
      const told: (number | null)[] = [];
      const one = new RenderPool(1, undefined, (_kind, _ms, _waited, cpuMs) => told.push(cpuMs));
      try {
        await one.render('board', novaBoard());
        await expect(one.render('card', { game: 'nova', name: 42 })).rejects.toThrow();
        expect(told).toHaveLength(2);
        expect(told[0]).toBeGreaterThan(0);
        expect(told[1]).toBeNull();
      } finally {
        await one.close();
      }
    },
  );

  it('drops a job withdrawn while it was queued without drawing it', async () => {
    const drawn: string[] = [];
    const one = new RenderPool(1, undefined, (kind) => drawn.push(kind));
    try {
      const first = one.render('board', novaBoard());
      const withdrawn: RenderDue = { at: performance.now() };
      const dropped = one.render('hand', novaHand(), undefined, withdrawn);
      const kept = one.render('card', novaFaceJa());
      withdrawn.withdrawn = true;
      await expect(dropped).rejects.toBeInstanceOf(RenderWithdrawn);
      await Promise.all([first, kept]);
      expect(drawn).toEqual(['board', 'card']);
    } finally {
      await one.close();
    }
  });

  it("draws with the style sent with the job, even for a game the worker's registry does not know", async () => {
    const custom = { ...styleOf('nova'), title: label('Sent With The Job', 'ジョブと共に') };
    const sent = new RenderPool(1, (game) => {
      expect(game).toBe('toy-unknown');
      return custom;
    });
    try {
      const { drawnText } = await sent.render('board', { ...novaBoard(), game: 'toy-unknown' });
      expect(drawnText).toContain('Sent With The Job');
      await expect(sent.render('board', { ...novaBoard(), game: 'toy-unknown', players: 1 })).rejects.toThrow();
    } finally {
      await sent.close();
    }
  });

  it('a worker thread never loads the game registry or an engine (its start was 0.9–1.4 s of that)', () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      // Value imports only: a type import is erased and loads nothing.
      for (const m of source.matchAll(/^import (?!type )[^;]*? from '(\.[^']+)';/gms))
        visit(resolve(dirname(file), m[1] as string));
    };
    visit(fileURLToPath(new URL('../../src/render/render-worker.ts', import.meta.url)));
    const loaded = [...seen].map((f) => f.replace(/.*\/src\//, 'src/'));
    expect(loaded).toContain('src/render/board/render-board.ts');
    expect(loaded.filter((f) => f.includes('registry') || f.includes('engine/games/'))).toEqual([]);
  });

  it('rejects an invalid model and keeps serving', async () => {
    await expect(pool.render('card', { game: 'nova', name: 42 })).rejects.toThrow();
    const card = await pool.render('card', novaFaceJa());
    expect(card.drawnText).toContain('攻撃力');
  });
});
