import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderAny } from '../../src/render/render.ts';
import { mtgBoardJa } from './fixtures/mtg-board.ts';

const dir = mkdtempSync(join(tmpdir(), 'render-cli-'));
const run = (...args: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/render.ts', ...args], {
    encoding: 'utf8',
    stdio: 'pipe',
  });

describe('scripts/render.ts', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('renders a model file to the same PNG as the library', async () => {
    const model = join(dir, 'board.json');
    const out = join(dir, 'board.png');
    writeFileSync(model, JSON.stringify(mtgBoardJa()));
    run('--model', model, '--out', out);
    const expected = await renderAny('board', mtgBoardJa());
    expect(Buffer.compare(readFileSync(out), expected.png)).toBe(0);
  });

  it('names the problem in an invalid model and exits non-zero', () => {
    const model = join(dir, 'bad.json');
    writeFileSync(model, JSON.stringify({ game: 'nova' }));
    expect(() => run('--model', model, '--out', join(dir, 'bad.png'))).toThrow(/invalid board model[\s\S]*locale/);
  });
});
