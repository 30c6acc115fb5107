// `npm run render -- --scenario <file.yaml> --viewer <p1|p2|public> [--kind board|hand] [--locale en|ja] --out board.png`
// renders the position a scenario reaches (after its script), as that viewer sees it.
// `npm run render -- --model <table-model.json> [--kind board|hand|card|standings] --out board.png` renders a model file.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { Viewer } from '../src/engine/core/game.ts';
import { GAMES } from '../src/engine/registry.ts';
import { loadScenario, runScenario } from '../src/engine/scenario/runner.ts';
import { RENDER_KINDS, type RenderKind, renderAny } from '../src/render/render.ts';
import { oneLineErrors } from './cli.ts';

oneLineErrors('render');

const { values } = parseArgs({
  options: {
    model: { type: 'string' },
    scenario: { type: 'string' },
    viewer: { type: 'string', default: 'public' },
    locale: { type: 'string', default: 'en' },
    kind: { type: 'string', default: 'board' },
    out: { type: 'string', default: 'board.png' },
  },
});
const usage =
  'usage: render (--scenario <file.yaml> --viewer p1|p2|public | --model <file.json>) [--kind board|hand|card|standings] [--locale en|ja] [--out file.png]';
if (!values.model === !values.scenario) {
  console.error(usage);
  process.exit(2);
}
if (!(RENDER_KINDS as readonly string[]).includes(values.kind)) {
  console.error(`--kind must be one of ${RENDER_KINDS.join(', ')}`);
  process.exit(2);
}
const kind = values.kind as RenderKind;

function modelFromScenario(file: string): unknown {
  const viewerName = values.viewer;
  if (viewerName !== 'p1' && viewerName !== 'p2' && viewerName !== 'public')
    throw new Error('--viewer must be p1, p2 or public');
  if (values.locale !== 'en' && values.locale !== 'ja') throw new Error('--locale must be en or ja');
  const locale = values.locale;
  const scenario = loadScenario(readFileSync(file, 'utf8'), file);
  const { play } = GAMES.playable(scenario.game);
  const { state, failures } = runScenario(scenario);
  if (failures.length > 0)
    console.warn(`note: the scenario's expectations do not all hold:\n  ${failures.join('\n  ')}`);
  const viewer: Viewer = viewerName === 'public' ? { kind: 'spectator' } : { kind: 'player', seat: viewerName };
  const view = play.module.view(state, viewer);
  const names = { p1: 'p1', p2: 'p2' };
  if (kind === 'board') return play.presenter.table(view, { locale, names });
  if (kind === 'hand') {
    if (viewer.kind !== 'player') throw new Error('a hand image needs --viewer p1 or p2');
    return play.presenter.hand(view, viewer.seat, { locale, names, playableIds: new Set() });
  }
  throw new Error('--scenario renders a board or a hand');
}

let rendered: Awaited<ReturnType<typeof renderAny>>;
try {
  const model = values.scenario
    ? modelFromScenario(values.scenario)
    : JSON.parse(readFileSync(values.model ?? '', 'utf8'));
  rendered = await renderAny(kind, model);
} catch (error) {
  console.error(
    error instanceof z.ZodError ? `invalid ${kind} model:\n${z.prettifyError(error)}` : (error as Error).message,
  );
  process.exit(1);
}
writeFileSync(values.out, rendered.png);
console.log(`${values.out}: ${rendered.png.length} bytes, ${rendered.drawnText.length} strings drawn`);
