// The images kept as golden PNGs in test/golden (regenerate on purpose: npx tsx scripts/regenerate-golden.ts).
import type { RenderKind } from '../../src/render/render.ts';
import { aqaFaceJa, fowFaceEn, novaFaceEn, novaFaceJa, pmvFaceEn } from './fixtures/faces.ts';
import { novaHand, novaHandJa } from './fixtures/hand.ts';
import { mtgBoardJa } from './fixtures/mtg-board.ts';
import { novaBoard } from './fixtures/nova-board.ts';
import { leagueStandings } from './fixtures/standings.ts';

export interface GoldenCase {
  name: string;
  kind: RenderKind;
  model: () => unknown;
}

export const GOLDEN_CASES: readonly GoldenCase[] = [
  { name: 'board-nova-public', kind: 'board', model: novaBoard },
  { name: 'board-mtg-ja-p2', kind: 'board', model: mtgBoardJa },
  { name: 'hand-nova', kind: 'hand', model: novaHand },
  { name: 'hand-nova-ja', kind: 'hand', model: novaHandJa },
  { name: 'card-nova-en', kind: 'card', model: novaFaceEn },
  { name: 'card-nova-ja', kind: 'card', model: novaFaceJa },
  { name: 'card-fow-en', kind: 'card', model: fowFaceEn },
  { name: 'card-aqa-ja', kind: 'card', model: aqaFaceJa },
  { name: 'card-pmv-en', kind: 'card', model: pmvFaceEn },
  { name: 'standings', kind: 'standings', model: leagueStandings },
];
